"""Hot seat privacy (issue 20 item 4, deliverable 5): on a Seafarers map, two
people and two computers at the default computer speed with animations on,
every frame of the real window is checked. Whatever private text is drawn (a
drawn card, a stolen card's kind, a hand, a decision's dialog: the gold
choice, the discard) belongs to the person whose hand-over was last
confirmed, and nothing private is drawn while a hand-over screen is up.
Item 5: the robber and the victim are each told which card was taken, the
others read only that a card was taken."""

import pytest
from test_ui_sea import SeaRobot, tab_to
from ui_robot import Robot

from retrocatan.engine import GameConfig, phases
from retrocatan.engine.events import KINDS
from retrocatan.saves import OPTIONS_NAME, dump_options, load_options
from retrocatan.scenarios import options as scenario_options
from retrocatan.storage import MemoryStorage
from retrocatan.ui import boxes, font
from retrocatan.ui.app import App
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import set_language, t
from retrocatan.words import events as event_words


class BuyingRobot(SeaRobot):
    """The keyboard robot at sea (tests/test_ui_sea.py) that buys a
    development card whenever it can (a drawn card is private)."""

    def pick(self, scene: GameScene, prompt) -> None:
        g = scene.session.game
        robbing = [a.a for a in g.seat_view(g.decider).legal if a.b >= 0] if g.phase == phases.ROBBER else []
        if robbing and robbing[0] in prompt.ids:            # the robber goes where there is someone to rob
            tab_to(self, prompt, robbing[0])
            self.press("ok")
            if scene.prompt is prompt and prompt.marked is not None:
                self.press("ok")
            return
        super().pick(scene, prompt)

    def menu_turn(self, scene: GameScene) -> None:
        g = scene.session.game
        st = g.state
        if g.phase == phases.MAIN and sum(st.hands[g.decider]) < 3 and (g.decider, st.turn) not in self.traded:
            self.traded.add((g.decider, st.turn))           # a lucky harvest: sheep, wheat and coal to buy a card
            for r in (2, 3, 4):
                if st.bank[r]:
                    st.bank[r] -= 1
                    st.hands[g.decider][r] += 1
            g._legal = None
            g.forget_views()
            scene.seen = -1
            self.frame()
            return
        enabled = {it.value for it in scene.menu.items if it.enabled}
        if g.phase == phases.MAIN and "buy" in enabled:
            self.choose(scene.menu, "buy")
            return
        super().menu_turn(scene)


def private_texts(ev: dict, names) -> dict[str, set]:
    """The strings that show ``ev``'s secret, each with the players who may
    read it: the log line as a knower sees it, and the banners."""
    kind = KINDS[ev["type"]]
    if not kind.secret:
        return {}
    table = event_words.describe(ev, names)
    knowers = {ev[f] for f in kind.knows if ev.get(f, -1) >= 0}
    out: dict[str, set] = {}
    for p in knowers:
        for line in event_words.describe(ev, names, p):
            if line not in table:
                out.setdefault(line, set()).add(p)
    if ev["type"] == "buy":
        out.setdefault(t("draw.text", card=t(f"dev.{ev['card']}")), set()).add(ev["player"])
    if ev["type"] == "steal":
        res = t(f"res.{ev['resource']}")
        out.setdefault(t("steal.you", victim=names(ev["victim"]), res=res), set()).add(ev["player"])
        out.setdefault(t("steal.victim", name=names(ev["player"]), res=res), set()).add(ev["victim"])
    return out


@pytest.mark.parametrize("lang,scenario,seed", [("en", "four-islands", 7), ("de", "new-shores", 3)])
def test_every_frame_of_a_hot_seat_game_shows_private_things_only_to_their_owner(pyxel_headless, lang, scenario,
                                                                               seed):
    storage = MemoryStorage()
    storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language=lang)))
    config = GameConfig(players=4, seed=seed, **scenario_options(scenario, 4))
    seats = [SeatSpec("human", "Anna"), SeatSpec("human", "Ben"), SeatSpec("hard", "Cleo"), SeatSpec("hard", "Dan")]
    session = GameSession(config, seats)            # the default computer speed: animations on
    assert session.speed == 1
    app = App(can_quit=False, storage=storage)
    assert app.settings["speed"] == 1
    scene = GameScene(app, session)
    app.switch(scene)
    bot = BuyingRobot(app, "keyboard")

    private: dict[str, set] = {}          # text -> the players who may read it
    seen_events: list[dict] = []
    real_absorb = session._absorb

    def absorb(events):
        real_absorb(events)
        seen_events.extend(events)
        for ev in events:
            for text, owners in private_texts(ev, session.name).items():
                private.setdefault(text, set()).update(owners)
    session._absorb = absorb

    drawn: list[str] = []
    hands: list[int] = []
    real_text, real_hand = font.text, boxes.hand_box

    def hand_box(view, y, bottom):
        if view.hand is not None:
            hands.append(view.shown)
        real_hand(view, y, bottom)

    font.text = lambda x, y, s, col, name="normal": (drawn.append(s), real_text(x, y, s, col, name))
    boxes.hand_box = hand_box
    wrong: list = []
    state = {"confirmed": scene.viewer, "was_handover": False, "handovers": 0}      # whose eyes are on the screen
    shown_private: set = set()             # (text, owner) drawn at least once
    real_frame = bot.frame

    def frame():
        """One frame, then what it drew is checked."""
        drawn.clear()
        hands.clear()
        real_frame()
        if app.scene is not scene:
            return
        if scene.handover and not state["was_handover"]:
            state["handovers"] += 1
        if state["was_handover"] and not scene.handover:
            state["confirmed"] = scene.viewer
        state["was_handover"] = scene.handover
        confirmed = state["confirmed"]
        owners = [(f"hand of {p}", {p}) for p in hands]
        owners += [(s, private[s]) for s in drawn if s in private]
        if scene.mode in ("dialog", "pick") and session.waiting_for_human():
            owners.append((f"dialog of {session.game.decider}", {session.game.decider}))
        for what, who in owners:
            if scene.handover or confirmed not in who:
                wrong.append((session.game.state.turn, what, sorted(who), confirmed, scene.handover))
            else:
                shown_private.add((what, confirmed))
    bot.frame = frame
    try:
        while bot.frames < 16_000 and not session.game.over:
            bot.step(scene)
            steals = [e for e in seen_events if e["type"] == "steal"]
            if (any(e["type"] == "buy" and session.is_human(e["player"]) for e in seen_events)
                    and any(session.is_human(e["player"]) for e in steals)
                    and any(session.is_human(e["victim"]) for e in steals) and state["handovers"] >= 12):
                break
        drew = t("draw.text", card="")
        stolen = {text for e in seen_events if e["type"] == "steal" for text in private_texts(e, session.name)}
    finally:
        font.text, boxes.hand_box = real_text, real_hand
        set_language("en")
    assert not wrong, wrong[:8]
    # The game came far enough to matter: people bought cards, robbed and were robbed,
    # and saw what they drew and what was taken behind their own hand-over.
    assert state["handovers"] >= 12, bot.frames
    steals = [e for e in seen_events if e["type"] == "steal"]
    assert any(e["type"] == "buy" and session.is_human(e["player"]) for e in seen_events)
    assert any(session.is_human(e["player"]) for e in steals) and any(session.is_human(e["victim"]) for e in steals)
    texts = {text for text, _ in shown_private}
    assert any(text.startswith(drew) for text in texts)
    assert any(text in texts for text in stolen)


def test_the_robber_and_the_victim_read_the_stolen_card_and_the_others_do_not():
    """The log carries a stolen card's kind only for the robber and the victim
    (engine: the steal event's secret ``resource``, known to ``player`` and
    ``victim``); the table reads that a card was taken."""
    ev = {"type": "steal", "player": 0, "victim": 2, "resource": 3}
    names = ["Anna", "Ben", "Cleo"]
    [line] = event_words.log_of([ev], names)
    wheat = t("res.3")
    assert wheat not in line and line == t("log.steal", name="Anna", victim="Cleo")
    assert wheat in event_words.shown_to(line, 0) and wheat in event_words.shown_to(line, 2)
    assert event_words.shown_to(line, 1) == line and event_words.shown_to(line, None) == line


def test_a_person_robbed_by_a_computer_is_told_the_card_in_a_banner(pyxel_headless):
    """One person against computers: the computer's steal is told to the
    person at once (their cards are the ones on screen)."""
    config = GameConfig(players=3, seed=4)
    session = GameSession(config, [SeatSpec("human", "Anna"), SeatSpec("hard", "Ben"), SeatSpec("hard", "Cleo")])
    app = App(can_quit=False, storage=MemoryStorage())
    scene = GameScene(app, session)
    app.switch(scene)
    session.events.append({"type": "steal", "player": 1, "victim": 0, "resource": 2})
    Robot(app, "keyboard").frame()
    assert scene.banner is not None and scene.banner.owner == 0
    assert scene.banner.text == t("steal.victim", name="Ben", res=t("res.2"))


def test_help_over_a_hand_over_screen_does_not_tell_what_the_next_person_may_do(pyxel_headless):
    """F1 over the hand-over screen: the page names the decision, not the
    actions open to the person (which tell what they hold)."""
    import pyxel
    session = GameSession(GameConfig(players=3, seed=5),
                          [SeatSpec("human", "Anna"), SeatSpec("human", "Ben"), SeatSpec("hard", "Cleo")], speed=3)
    app = App(can_quit=False, storage=MemoryStorage())
    scene = GameScene(app, session)
    app.switch(scene)
    bot = Robot(app, "keyboard")
    possible = t("help.possible", actions="")
    for _ in range(6000):
        if scene.handover and session.game.phase == phases.ROLL:
            break
        bot.step(scene)
    assert scene.handover
    pyxel.set_btn(pyxel.KEY_F1, True)
    bot.frame()
    pyxel.set_btn(pyxel.KEY_F1, False)
    bot.frame()
    assert app.help is not None and app.help.page == "game.handover"
    assert not any(line.startswith(possible) for line, _, _ in app.help.lines())
    bot.press("back")
    bot.press("ok")                         # the next person confirms: now the page tells them
    pyxel.set_btn(pyxel.KEY_F1, True)
    bot.frame()
    pyxel.set_btn(pyxel.KEY_F1, False)
    bot.frame()
    assert any(line.startswith(possible) for line, _, _ in app.help.lines())

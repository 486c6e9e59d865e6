"""The advisor's reason names what the Expert's search weighed (issue 22:
"the advisor (key I) uses the strongest level and its reason names what it
weighed"): the figures that changed from ending the turn to the position
after the advised action, and the next best kinds of action with how much
less each was worth. The figures are the position's, so the reason changes
with the position; both languages fit the advisor's box."""

from __future__ import annotations

import functools

from retrocatan.ai import make_player
from retrocatan.ai.expert import decided, figures
from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.scenarios import options as scenario_options
from retrocatan.ui import font
from retrocatan.ui.prompts.advice import WHY_W, next_text, why_text
from retrocatan.ui.text import set_language


@functools.cache
def _advised(seed: int, turns: int = 60, scenario: str = "") -> tuple:
    """(game copy before, advice) at each main-phase decision of seat 0 with
    a choice, in a game of Hard players (the advisor asks a fresh Expert).
    The tests share each game's advice; a test that plays on copies the game."""
    g = Game(GameConfig(players=4, seed=seed, **(scenario_options(scenario, 4) if scenario else {})))
    bots = [make_player("hard", seed, s) for s in range(4)]
    out = []
    while not g.over and g.state.turn < turns:
        if g.decider == 0 and g.phase in (phases.MAIN, phases.SETUP_SETTLEMENT) and len(g.seat_view(0).legal) > 1:
            out.append((g.copy(), make_player("expert", seed, 0).advise(g)))
        g.apply(bots[g.decider].choose(g))
    return tuple(out)


def test_a_build_s_reason_is_the_change_of_the_figures_it_makes():
    """For a road, settlement or city (nothing hidden decides what they
    change) the figures named are exactly the change from now to the
    position after building, in the real game; the next best actions are
    other kinds of action, worth less (when games played on to the next
    turn chose among close actions, worth less on average then)."""
    builds = played = 0
    for seed in (3, 4):
        for g, (action, _code, params) in _advised(seed):
            if "next" not in params:
                continue
            played += bool(params.get("played"))
            for kind, less in params["next"]:
                assert kind != action.kind and less >= 0
            if action.kind not in (A.ROAD, A.SETTLE, A.CITY) or g.phase != phases.MAIN:
                continue
            g = g.copy()
            now = figures(g.seat_view(0), 0)
            g.apply(action)
            assert params["figures"] == decided(figures(g.seat_view(0), 0), now)
            if action.kind in (A.SETTLE, A.CITY):
                assert ("points", 1) in params["figures"]
                assert dict(params["figures"])["income"] > 0
            builds += 1
    assert builds >= 4 and played >= 1


def test_the_reason_changes_with_the_position_and_fits_its_box():
    seen: dict[str, set] = {}
    for seed in (3, 4):
        for _g, (action, code, params) in _advised(seed):
            for lang in ("en", "de"):
                set_language(lang)
                try:
                    why, nxt = why_text(code, params), next_text(params)
                finally:
                    set_language("en")
                assert font.width(why, "normal") <= WHY_W and font.width(nxt, "small") <= WHY_W, (why, nxt)
                assert "{" not in why + nxt and "advice." not in why + nxt
                if params.get("played") and params.get("next"):
                    assert nxt.startswith(("Played on to your next turn: ", "Weitergespielt: ")), nxt
                if lang == "en" and "next" in params:
                    seen.setdefault(action.kind, set()).add((why, nxt))
    # the same kind of advice, different reasons: the position's own figures
    assert len(seen.get(A.SETTLE, ())) >= 2 and len(seen.get(A.ROAD, ())) >= 2, seen
    founding = [w for w, _ in seen[A.SETTLE] if "corner of" in w]
    assert len(set(founding)) >= 2


def test_a_reason_without_a_search_is_the_kind_of_decision():
    """Where the Expert decides without its search (one legal action, a
    robber, a discard, an offer), the reason is the line for that kind."""
    assert why_text("robber", {}).startswith("Why: it blocks")
    assert next_text({}) == ""
    assert why_text("end", {"goal": "city"}) == "Why: save the cards for the city"
    assert why_text("end", {"goal": "city", "next": [(A.ROAD, 0.2)], "figures": []}).startswith("Why: no build")


def test_on_a_scenario_map_the_reason_says_the_turn_was_played_to_its_end():
    """On an islands' map (New Shores) the Expert's rollouts play its
    candidates to the end of the turn only (further only where the island
    bonus lies over land, as on Through the Desert): when they chose, the
    advice says so, gives the other kinds of action by how much less they
    were worth then, and fits the box in both languages."""
    played = named = 0
    for seed in (5, 6):
        for _g, (action, code, params) in _advised(seed, 50, "new-shores"):
            if not params.get("played"):
                continue
            played += 1
            assert params["until"] == "end"
            assert all(kind != action.kind and less >= 0 for kind, less in params["next"])
            if not params["next"]:
                continue        # the other candidates were of the same kind (another city)
            named += 1
            for lang, start in (("en", "Played to the end of your turn: "), ("de", "Zug zu Ende gespielt: ")):
                set_language(lang)
                try:
                    why, nxt = why_text(code, params), next_text(params)
                finally:
                    set_language("en")
                assert nxt.startswith(start) and "advice." not in nxt, nxt
                assert font.width(why, "normal") <= WHY_W and font.width(nxt, "small") <= WHY_W, (why, nxt)
    assert played >= 2 and named >= 1


def test_every_kind_of_action_the_expert_weighs_has_its_word_in_both_languages():
    """The advice names the other candidates by their kind: every kind the
    Expert's search and rollouts may weigh (a ship on a scenario map too),
    and another founding corner, has its own word."""
    from retrocatan.ai import expert
    from retrocatan.engine.seafarers import actions as SA
    from retrocatan.ui.text import t
    kinds = set(expert.SEARCHED) | {SA.SHIP, "found"}
    for lang in ("en", "de"):
        set_language(lang)
        try:
            words = {kind: t(f"advice.alt.{kind}") for kind in kinds}
        finally:
            set_language("en")
        assert all(not w.startswith("advice.") for w in words.values()), (lang, words)
        assert len(set(words.values())) == len(kinds), (lang, words)


def test_an_offer_everyone_declined_is_not_advised_again_that_turn():
    """The advisor as a person uses it (the ``Advice`` prompt, I): when it
    advises an offer, Enter sends it and every other player declines, the
    next advice that turn is something else (another offer, a build, the
    end of the turn), never an offer declined already."""
    from retrocatan.ui.prompts.advice import Advice
    from retrocatan.ui.session import GameSession, SeatSpec
    checked = 0
    for seed in (11, 12, 13):
        session = GameSession(GameConfig(players=4, seed=seed),
                              [SeatSpec("human", "You")] + [SeatSpec("hard", f"C{s}") for s in (1, 2, 3)])
        g = session.game
        declined: set = set()
        turn, sent = None, None
        while not g.over and g.state.turn < 40:
            if not session.waiting_for_human():
                session.tick(fast=True)
                continue
            if (g.state.turn, g.state.current) != turn:
                turn, declined, sent = (g.state.turn, g.state.current), set(), None
            if g.phase == phases.MAIN and sent is not None:
                offer, hand = sent
                if g.seat_view(0).hand == hand:         # nobody took it
                    declined.add(offer)
                sent = None
            advice = Advice(session)
            action = advice.action
            if g.phase == phases.MAIN:
                if declined:
                    checked += 1
                assert action not in declined, (seed, g.state.turn, action)
                if action.kind == A.OFFER:
                    sent = (action, g.seat_view(0).hand)
            session.submit(action)
    assert checked >= 2, checked

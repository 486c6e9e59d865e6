"""Every event the engine emits matches its declaration in engine/events.py,
and every declared kind has log lines in both languages (ui/words/events.py)."""

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Action, Game, GameConfig, events, phases
from retrocatan.engine import actions as A
from retrocatan.engine.position import Position
from retrocatan.engine.rng import Rng
from retrocatan.words.events import describe, described
from retrocatan.words.text import set_language


class ChattyPlayer(RandomPlayer):
    """A random player that also makes domestic offers and counter-offers,
    so trade events are emitted too."""

    def __init__(self, seed, seat):
        super().__init__(seed, seat)
        self.talk = Rng(seed * 7 + seat)

    def choose(self, game):
        st = game.state
        p = game.decider
        hand = st.hands[p]
        if game.phase == phases.MAIN and self.talk.below(4) == 0 and any(hand):
            give = [0] * 5
            r = max(range(5), key=lambda i: hand[i])
            give[r] = 1
            get = [0] * 5
            get[(r + 1 + self.talk.below(4)) % 5] = 1
            act = Action(A.OFFER, tuple(give), tuple(get), -1 if self.talk.below(2) else (p + 1) % st.players)
            if game.is_legal(act):
                return act
        if game.phase == phases.OFFER_RESPONSE and self.talk.below(3) == 0:
            off = st.offer
            mine = [r for r in range(5) if hand[r] and not off["give"][r]]
            if mine:
                get = [0] * 5
                get[mine[0]] = 1
                act = Action(A.COUNTER, tuple(off["give"]), tuple(get))
                if game.is_legal(act):
                    return act
        return super().choose(game)


def _play(cfg, emitted):
    game = Game(cfg)
    emitted.extend(game.initial_events)
    players = [ChattyPlayer(cfg.seed, s) for s in range(cfg.players)]
    while not game.over:
        emitted.extend(game.apply(players[game.decider].choose(game)))
    return game


def _cut_off_roads(emitted):
    """A settlement that cuts a road under cut_roads=lost."""
    g = (Position(cut_roads="lost").settlement(0, 8).road_path(0, [8, 12, 17, 22, 28])
         .settlement(1, 29).road_path(1, [29, 23, 17]).hand(1, wood=1, brick=1, sheep=1, wheat=1)
         .turn(1).build())
    emitted.extend(g.apply("S17"))


CONFIGS = [GameConfig(players=n, seed=s, **opts) for n, s, opts in [
    (3, 1, {}), (4, 2, {}), (5, 3, {}), (6, 4, {"special_build": "always"}),
    (4, 5, {"dice_deck": True, "free_phase_order": True}), (4, 6, {"turn_limit": 12}),
    (4, 7, {"progress_to_deck_bottom": True, "dev_cards_per_turn": 2}), (4, 8, {"cut_roads": "lost"}),
    (3, 9, {"vp_target": 5}), (4, 10, {})]]


def _seafarers(emitted):
    """Scenario games and exact positions for the Seafarers events."""
    from retrocatan.scenarios import options as scenario_options
    from tests import test_seafarers as T
    for sid, n, seed in (("new-shores", 4, 1), ("fog-island", 3, 2)):
        _play(GameConfig(players=n, seed=seed, **scenario_options(sid, n)), emitted)
    g = T._gold_setup([1, 0, 0, 0, 1])
    for act in ("roll", "gold W", "gold C"):
        emitted.extend(g.apply(act))
    g, last = T._fog_setup(0)
    emitted.extend(g.apply(f"ship {last}"))
    g, x, _ = T._island_setup()
    emitted.extend(g.apply(f"S{x}"))
    c, line = T._open_sea_start(T.sea_position())
    g = T.sea_position(buildings=[(0, c, 1, True)], ships=[(0, line[0]), (0, line[1])])
    emitted.extend(g.apply([a for a in g.legal_actions() if a.kind == "move_ship"][0]))


def _stalemate(emitted):
    """Builders to 22 points on seed 709 reach a position where nobody can
    gain a point: the stalemate rule ends the game (docs/rules.md §11.6)."""
    from long_game_players import Builder
    cfg = GameConfig(players=4, seed=709, vp_target=22)
    game = Game(cfg)
    players = [Builder(709, s) for s in range(cfg.players)]
    while not game.over:
        emitted.extend(game.apply(players[game.decider].choose(game)))


@pytest.fixture(scope="module")
def emitted():
    out = []
    for cfg in CONFIGS:
        _play(cfg, out)
    _cut_off_roads(out)
    _seafarers(out)
    _stalemate(out)
    return out


def test_every_event_matches_its_declaration(emitted):
    assert len(emitted) > 5000
    bad = [(ev, events.check(ev)) for ev in emitted if events.check(ev)]
    assert not bad, bad[:5]


def test_every_declared_kind_is_emitted(emitted):
    seen = {ev["type"] for ev in emitted}
    assert set(events.KINDS) - seen == set()


def test_check_refuses_undeclared_and_misshapen_events():
    assert events.check({"type": "dice", "player": 0, "dice": [1, 2], "total": 3}) is None
    assert "undeclared event kind" in events.check({"type": "quake"})
    assert "missing" in events.check({"type": "dice", "player": 0})
    assert "undeclared" in events.check({"type": "turn", "player": 0, "turn": 1, "mood": "good"})


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_kind_has_log_lines(emitted, lang):
    assert described() == set(events.KINDS), "a declared event kind has no log reader, or a reader no kind"
    sample = {}
    for ev in emitted:
        sample.setdefault(ev["type"], ev)
    names = ["Anna", "Bert", "Cora", "Dirk", "Emil", "Fritz"]
    set_language(lang)
    try:
        for kind, ev in sample.items():
            lines = describe(ev, names)
            assert lines and all(line and "{" not in line for line in lines), (kind, lines)
    finally:
        set_language("en")


def test_secrets_shown_only_to_those_who_know():
    steal = events.steal(0, 1, 3)
    names = ["Anna", "Bert", "Cora"]
    assert "Wheat" in describe(steal, names, viewer=0)[0]
    assert "Wheat" in describe(steal, names, viewer=1)[0]
    assert "Wheat" not in describe(steal, names, viewer=2)[0]
    assert "Wheat" not in describe(steal, names)[0]
    assert "Wheat" in describe(steal, names, table=False)[0]
    buy = events.buy(2, "victory_point")
    assert "Victory Point" in describe(buy, names, viewer=2)[0]
    assert "Victory Point" not in describe(buy, names, viewer=0)[0]


def test_roads_lost_reaches_the_log(emitted):
    lost = [ev for ev in emitted if ev["type"] == "roads_lost"]
    assert lost and all(ev["edges"] for ev in lost)
    assert "loses 2" in " ".join(describe(lost[-1], ["A", "B", "C", "D"]))

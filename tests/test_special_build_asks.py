"""Issue 14, item 1: in the special build phase (5-6 players) a person is
asked only when they can do something besides passing; otherwise the
session passes for them at once. Counted over a whole 6-player game."""

from retrocatan.ai import make_player
from retrocatan.engine import GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.ui.session import GameSession, SeatSpec


def play(seed: int) -> tuple[int, int, list[int]]:
    """(asks, automatic passes, turns of asks with nothing but pass) of a game of
    one person (played by a computer's choices) and five computers."""
    seats = [SeatSpec("human", "P1")] + [SeatSpec("normal", f"C{i}") for i in range(5)]
    s = GameSession(GameConfig(players=6, seed=seed), seats, speed=3)
    me = make_player("normal", seed, 0)
    g = s.game
    asks = 0
    empty = []
    opened = []         # the special build phases opened for the person
    real = s._absorb

    def absorb(events):
        opened.extend(ev for ev in events if ev["type"] == "special_build" and ev["player"] == 0)
        real(events)
    s._absorb = absorb
    while not g.over and g.state.turn < 400:
        assert not s.nothing_to_decide(), "passing is all the person may do, and the session waits"
        if s.waiting_for_human():
            pv = g.seat_view(g.decider)
            if pv.phase == phases.SPECIAL_BUILD:
                asks += 1
                if not [a for a in pv.legal if a.kind != A.PASS]:
                    empty.append(g.state.turn)
            s.submit(me.choose(pv))
        else:
            s.tick(fast=True)
    passed = len(opened) - asks     # passed at once for them
    assert g.over
    return asks, passed, empty


def test_a_person_is_asked_in_the_special_build_phase_only_when_they_can_build():
    asks, passed, empty = play(42)
    assert asks > 0 and passed > 0      # both happen in a whole game
    assert empty == []

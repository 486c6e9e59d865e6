"""A deal given up ends at the dealers' next try: the New World generator
and the pool dealer ask the cancel of the thread they run in, and only
that thread's (engine/giving_up.py)."""

import threading
from dataclasses import replace

import pytest

from retrocatan import scenarios
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.giving_up import DealGivenUp, given_up_when
from retrocatan.engine.new_world import new_world
from retrocatan.engine.rng import Rng
from retrocatan.engine.scenario_deal import lay_out


def _counting_cancel(after: int):
    """A cancel that says "given up" from its ``after``-th question on, and counts the questions."""
    asked = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > after
    return cancel, asked


def test_the_new_world_generator_stops_at_its_next_try():
    red = replace(scenarios.load("new-world-3-4"), tokens=(6, 8) * 15)     # no map: 400 tries left alone
    cancel, asked = _counting_cancel(after=3)
    with given_up_when(cancel), pytest.raises(DealGivenUp):
        new_world(red, 1)
    assert len(asked) == 4


def test_the_pool_dealer_stops_at_its_next_try_and_a_game_built_inside_is_given_up():
    s = scenarios.load("four-islands")
    red = replace(s, tokens=tuple(6 if i % 2 else 8 for i in range(len(s.tokens))))
    cancel, asked = _counting_cancel(after=10)
    with given_up_when(cancel), pytest.raises(DealGivenUp):
        lay_out(red, Rng(1), no_red_neighbours=True)
    assert len(asked) == 11
    with given_up_when(lambda: True), pytest.raises(DealGivenUp):
        Game(GameConfig(players=3, seed=1, scenario=red, no_red_neighbours=True))


def test_a_cancel_holds_only_in_its_own_thread_and_only_inside():
    s = scenarios.load("new-world-3-4")
    elsewhere = []
    entered = threading.Event()

    def deal() -> None:
        entered.wait(60)
        elsewhere.append(new_world(s, 2))
    worker = threading.Thread(target=deal)
    worker.start()
    with given_up_when(lambda: True):
        entered.set()                   # the other thread deals while this one is given up
        worker.join(60)
    assert elsewhere and elsewhere[0].generator is None         # another thread dealt on
    assert new_world(s, 3).generator is None                    # and so does this one, outside

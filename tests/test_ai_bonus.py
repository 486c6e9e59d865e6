"""The computer players reckon the island bonus as the rules pay it
(docs/rules.md §14.12): "A settlement stands in every region of its
corner's land hexes other than deserts, and claims each of them (a corner
of two new regions claims both, so no region pays a player twice); a
corner whose only land is desert earns nothing: it stands on the desert,
not beyond it." and no bonus in a home region ("the regions of their
founding settlements").

The players do not reckon the bonus themselves: they ask the engine (the
view's ``island_bonus_at``). So on Through the Desert a player who founded
on the desert's edge sees the bonus beyond it, though the far corners touch
the desert too, and a corner whose only land is desert is no new island."""

from __future__ import annotations

import pytest

from retrocatan.ai import make_player
from retrocatan.ai.knowledge import Seat, view_of
from retrocatan.ai.seafarers.voyage import bonus_points
from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine.seafarers import actions as A
from retrocatan.scenarios import options as scenario_options


def _founded(scenario: str, seed: int, players: int = 4, **options) -> Game:
    """A game of four Hard players on ``scenario`` played to the end of the founding."""
    g = Game(GameConfig(players=players, seed=seed, **scenario_options(scenario, players), **options))
    ps = [make_player("hard", seed, s) for s in range(players)]
    while g.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD):
        d = g.decider
        g.apply(ps[d].choose(g.seat_view(d)))
    return g


def _land(view, c: int) -> list[tuple[int, str]]:
    """(region, terrain) of corner ``c``'s land hexes."""
    return [(view.regions[h], view.board.terrain[h]) for h in view.geo.corner_hexes[c] if view.regions[h] >= 0]


def _beyond(view, c: int) -> set:
    """The regions of corner ``c``'s land hexes other than deserts."""
    return {r for r, t in _land(view, c) if t != "desert"}


def _desert_home():
    """Through the Desert: a seed and a seat that founded on the desert's edge."""
    for seed in range(60):
        g = _founded("through-the-desert", seed)
        view = g.seat_view(0)
        deserts = {view.regions[h] for h in range(len(view.regions)) if view.board.terrain[h] == "desert"}
        for p in range(4):
            if view.home_regions(p) & deserts:
                return g, p, deserts
    pytest.fail("no seat of 60 founded on the desert's edge")


def test_beyond_the_desert_pays_a_player_whose_home_touches_it():
    """A player whose founding touches the desert still earns the bonus on
    a corner whose land is the desert and the far side (the desert is not
    counted; the far side is not home)."""
    g, p, deserts = _desert_home()
    view = view_of(g.seat_view(p))
    home = view.home_regions(p)
    far = [c for c in range(len(view.geo.corner_hexes))
           if _beyond(view, c) and not _beyond(view, c) & home and any(t == "desert" for _, t in _land(view, c))]
    assert far, "the desert has corners on its far side"
    seat = Seat(view)
    points = view.island_bonus_points
    for c in far:
        assert bonus_points(seat, c) == points * len(_beyond(view, c))


def test_a_corner_of_desert_only_earns_nothing():
    """Every seat, whether it founded on the desert's edge or not."""
    g, _, _ = _desert_home()
    for p in range(4):
        _desert_only_pays_nothing(view_of(g.seat_view(p)))


def _desert_only_pays_nothing(view):
    only = [c for c in range(len(view.geo.corner_hexes))
            if _land(view, c) and all(t == "desert" for _, t in _land(view, c))]
    assert only, "the desert strip has corners whose only land is desert"
    seat = Seat(view)
    assert [c for c in only if bonus_points(seat, c)] == []


BONUS_MAPS = [("through-the-desert", 4, ""), ("new-shores", 4, ""), ("four-islands", 4, ""), ("fog-island", 4, ""),
              ("new-world-3-4", 4, ""), ("new-world-5-6", 5, ""),
              ("new-shores", 4, "every_settlement"), ("through-the-desert", 4, "every_settlement"),
              ("four-islands", 4, "none")]


@pytest.mark.parametrize("scenario, players, form", BONUS_MAPS)
def test_the_bonus_a_player_counts_on_is_the_bonus_it_gets(scenario, players, form):
    """Whole games of Hard players: before every settlement after the
    founding, the bonus the player reckons (``bonus_points``, from its own
    view) is exactly the bonus the engine then pays (its bonus corners'
    points, public)."""
    options = {"island_bonus": form} if form else {}
    settled = paid = 0
    for seed in (11, 12):
        g = _founded(scenario, seed, players, **options)
        ps = [make_player("hard", seed, s) for s in range(players)]
        steps = 0
        while not g.over and steps < 8000:
            d = g.decider
            seen = g.seat_view(d)
            a = ps[d].choose(seen)
            if a.kind == A.SETTLE:
                expected = bonus_points(Seat(view_of(seen)), a.a)
                before = len(seen.island_bonus_corners[d])
                g.apply(a)
                after = g.seat_view(d)
                got = (len(after.island_bonus_corners[d]) - before) * after.island_bonus_points
                assert expected == got, (scenario, form, seed, a)
                settled += 1
                paid += got > 0
            else:
                g.apply(a)
            steps += 1
    assert settled >= 6
    if form != "none":
        assert paid, "some settlement earned a bonus"

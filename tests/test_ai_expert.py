"""The Expert level (issue 22): whole games on the base game, a scenario
and with five players (special build phase, domestic trades), the same
game for the same seed, and the engine's ``determinize``, from which it
searches: a game that agrees with one seat's view and depends on nothing
the view hides."""

from __future__ import annotations

import functools

import pytest
from test_ai_nopeek import hide_otherwise

from retrocatan.ai import LEVEL_NAMES, expert_plan, make_player
from retrocatan.ai.expert import ExpertPlayer
from retrocatan.ai.knowledge import Seat, Tables
from retrocatan.ai.layers import part_for
from retrocatan.ai.memory import PlayerMemory
from retrocatan.ai.planner import Planner
from retrocatan.ai.seafarers import expert as sea_expert
from retrocatan.ai.seafarers import plan as sea_plan
from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.engine.determinize import determinize
from retrocatan.engine.rng import Rng
from retrocatan.engine.seafarers import actions as SA
from retrocatan.match import play
from retrocatan.scenarios import options as scenario_options


def _game(cfg: GameConfig, levels: list[str], on_events=None):
    players = [make_player(lv, cfg.seed, s) for s, lv in enumerate(levels)]
    return play(cfg, players, on_events=on_events).game


def test_expert_is_a_level():
    assert "expert" in LEVEL_NAMES
    bot = make_player("expert", 3, 1)
    assert isinstance(bot, ExpertPlayer) and bot.level == "expert"


BASE_LINEUP = ["expert", "hard", "hard", "expert"]


@functools.cache
def _two_experts(seed: int) -> Game:
    """A base game of two Experts and two Hards (shared by the tests that only read it)."""
    return _game(GameConfig(players=4, seed=seed), BASE_LINEUP)


def test_expert_plays_base_games_to_the_end():
    for seed in (5, 6):
        game = _two_experts(seed)
        assert game.over and game.winner != -1
        assert game.state.turn < 300


class _Noting:
    """A player that notes (phase, action kind) of its decisions."""

    def __init__(self, inner, seen: set) -> None:
        self.inner, self.seen = inner, seen

    def choose(self, game):
        act = self.inner.choose(game)
        self.seen.add((game.phase, act.kind))
        return act


def test_expert_plays_five_players_with_trades_and_special_builds():
    seen: set = set()
    cfg = GameConfig(players=5, seed=44)
    levels = ["expert", "expert", "hard", "normal", "expert"]
    players = [_Noting(make_player(lv, cfg.seed, s), seen) if lv == "expert" else make_player(lv, cfg.seed, s)
               for s, lv in enumerate(levels)]
    game = play(cfg, players).game
    assert game.over and game.winner != -1
    kinds = {k for _, k in seen}
    assert A.OFFER in kinds, "the expert players offer trades"
    assert kinds & {A.ACCEPT, A.DECLINE}, "and answer offers"
    assert any(ph == phases.SPECIAL_BUILD for ph, _ in seen), "and take part in the special build phase"


def test_expert_plays_a_scenario_to_the_end():
    cfg = GameConfig(players=4, seed=17, **scenario_options("new-shores", 4))
    game = _game(cfg, ["expert", "hard", "expert", "normal"])
    assert game.over and game.winner != -1
    assert game.state.turn < 300
    ships = [o for _, o in game.seat_view(None).ships]
    assert any(o in (0, 2) for o in ships), "the expert players build ships"


def test_same_seed_same_game():
    """The same config and seed, new players: the same game, move for move."""
    a, b = _two_experts(5), _game(GameConfig(players=4, seed=5), BASE_LINEUP)
    assert [str(x) for x in a.history] == [str(x) for x in b.history]
    assert a.state_hash() == b.state_hash()


def _midgame(seed: int, steps: int) -> Game:
    game = Game(GameConfig(players=4, seed=seed))
    players = [make_player("hard", seed, s) for s in range(4)]
    for _ in range(steps):
        game.apply(players[game.decider].choose(game))
    return game


def test_determinize_agrees_with_the_view():
    game = _midgame(8, 300)
    me = game.decider
    view = game.seat_view(me)
    det = determinize(view, Rng(1))
    seen = det.seat_view(me)
    for name in ("hand", "card_counts", "dev_counts", "public_vp", "bank", "deck_size", "corner_owner",
                 "edge_owner", "robber", "phase", "legal", "dev_played", "knights"):
        assert getattr(seen, name) == getattr(view, name), name
    assert det.seat_view(me).dev_hands[me] == view.dev_hands[me]
    # Something hidden was dealt anew (other seeds give other hands or decks).
    hidden = {(tuple(map(tuple, determinize(view, Rng(s)).state.hands)), tuple(determinize(view, Rng(s)).state.deck))
              for s in range(6)}
    assert len(hidden) > 1


def test_determinize_depends_only_on_the_view():
    changed = 0
    for step in (120, 260, 400):
        game = _midgame(9, step)
        me = game.decider
        other, differs = hide_otherwise(game, me, step)
        changed += differs
        a = determinize(game.seat_view(me), Rng(7)).state_hash()
        b = determinize(other.seat_view(me), Rng(7)).state_hash()
        assert a == b
    assert changed


def test_on_a_scenario_map_the_expert_searches_its_founding_and_asks_two_for_one():
    """On a scenario map the Expert plays Hard's best few founding corners
    out (so its choice is one of them; for its first settlement, each with
    its own best few seconds) and asks the table for two cards for one, as
    on the base game."""
    cfg = GameConfig(players=4, seed=17, **scenario_options("new-shores", 4))
    game = Game(cfg)
    players = [make_player(lv, cfg.seed, s) for s, lv in enumerate(["expert", "hard", "expert", "normal"])]
    searched, asked = 0, 0
    while not game.over:
        bot = players[game.decider]
        view = game.seat_view(game.decider)
        act = bot.choose(game)
        if bot.level == "expert" and game.phase == phases.SETUP_SETTLEMENT and len(view.legal) > 1:
            n = min(sea_expert.SEA_FOUND_CANDIDATES, len(view.legal))
            first = game.decider not in view.corner_owner
            assert bot.evaluations == n * (sea_expert.SEA_FOUND_NEST if first else 1)
            hard = make_player("hard", cfg.seed, game.decider)
            seat = Seat(view)
            ranked = sorted(view.legal, key=lambda a: (-hard.planner.corners.value(seat, a.a, founding=True), a.a))
            assert act in ranked[:n]
            searched += 1
        if bot.level == "expert" and act.kind == A.OFFER and sum(act.a) == 1 and sum(act.b) == 2:
            asked += 1
        game.apply(act)
    assert searched == 4 and asked >= 1


def _second_corners(monkeypatch, nest: int | None, game: Game) -> dict:
    """The Expert's first founding decision in ``game`` with
    ``SEA_FOUND_NEST`` ``nest`` (None: as shipped): for each corner it
    played out, its second settlement's corner at the end of the founding."""
    if nest is not None:
        monkeypatch.setattr(sea_expert, "SEA_FOUND_NEST", nest)
    me = game.decider
    bot = make_player("expert", game.config.seed, me)
    view = game.seat_view(me)
    bot.choose(game)
    n = min(sea_expert.SEA_FOUND_CANDIDATES if view.regions else expert_plan.FOUND_CANDIDATES, len(view.legal))
    width = sea_expert.SEA_FOUND_NEST if view.regions else 0
    assert bot.evaluations == n * max(width, 1)
    kind, scored = bot.look_ahead.weighed[:2]
    assert kind == "found" and len(scored) == n
    out = {}
    for _, act, seen in scored:
        mine = [c for c, o in enumerate(seen.corner_owner) if o == me]
        assert act.a in mine and len(mine) == 2
        out[act.a] = [c for c in mine if c != act.a][0]
    return out


@pytest.mark.parametrize("scenario", ["new-world-3-4", "four-islands"])
def test_the_expert_searches_its_own_second_founding_settlement_in_each_playout_of_its_first(monkeypatch, scenario):
    """``SEA_FOUND_NEST``: on a scenario map, where the Expert's first
    founding settlement is played out, its own second one is its own
    search's best, not Hard's choice; with 0, Hard's choice. The same
    corners are played out either way, and some of them end with another
    second settlement."""
    nest = sea_expert.SEA_FOUND_NEST
    assert nest > 1
    game = Game(GameConfig(players=4, seed=32, **scenario_options(scenario, 4)))
    hard_s = _second_corners(monkeypatch, 0, game)
    own = _second_corners(monkeypatch, nest, game)
    assert own.keys() == hard_s.keys()
    assert any(own[c] != hard_s[c] for c in own)


def test_on_the_base_game_the_expert_s_second_settlement_is_hard_s_choice(monkeypatch):
    """On the base game (``ExpertPlan``) the playouts place the Expert's
    second settlement as Hard would, whatever ``SEA_FOUND_NEST`` says
    (the same corners, the same seconds)."""
    game = Game(GameConfig(players=4, seed=32))
    assert expert_plan.ExpertPlan().found_widths(game.seat_view(game.decider))[0] == 0
    shipped = _second_corners(monkeypatch, None, game)
    assert shipped == _second_corners(monkeypatch, 0, game)


def test_the_expert_founds_without_hard_s_pull_to_the_first_island(monkeypatch):
    """Hard's founding value adds ``SAME_ISLAND`` per bonus point for a
    second settlement on the first one's island (planner);
    ``same_island=False`` drops just that, and the Expert's founding search
    ranks by it: its candidates are Hard's best without the pull, not
    Hard's best with it."""
    game = Game(GameConfig(players=4, seed=31, **scenario_options("four-islands", 4)))
    bots = [make_player("hard", 31, s) for s in range(4)]
    me = game.decider
    game.apply(bots[me].choose(game))          # its first settlement
    while game.decider != me or game.phase != phases.SETUP_SETTLEMENT:
        game.apply(bots[game.decider].choose(game))
    view = game.seat_view(me)
    seat = Seat(view)
    first = next(c for c, o in enumerate(view.corner_owner) if o == me)
    home = {view.regions[h] for h in seat.geo.corner_hexes[first] if view.regions[h] >= 0}
    same = [a.a for a in view.legal if any(view.regions[h] in home for h in seat.geo.corner_hexes[a.a])]
    other = [a.a for a in view.legal if a.a not in same]
    assert same and other
    pull = sea_plan.SAME_ISLAND * view.island_bonus_points
    for c in same[:5] + other[:5]:
        hard = bots[me].planner
        drop = sea_plan.founding_value(hard, seat, c) - sea_plan.founding_value(hard, seat, c, False)
        assert drop == pytest.approx(pull if c in same else 0.0)
    n = min(sea_expert.SEA_FOUND_CANDIDATES, len(view.legal))
    bot = make_player("expert", 31, me)
    bot.choose(game)
    picked = [a for _, a, _ in bot.look_ahead.weighed[1]]
    rank = {pull_on: sorted(view.legal, key=lambda a: (-sea_plan.founding_value(bot.planner, seat, a.a, pull_on),
                                                       a.a))[:n]
            for pull_on in (False, True)}
    assert picked == rank[False] != rank[True]


def test_rollouts_only_in_games_of_up_to_four_players(monkeypatch):
    """The rollouts play on to this player's next turn; with five or six
    players that is too many turns for the decision time, so there the
    Expert decides by its search alone (``ROLLOUT_PLAYERS``)."""
    from retrocatan.ai import expert
    calls = []
    real = expert.ExpertPlayer._rollouts

    def counted(self, view, *args):
        calls.append(view.players)
        return real(self, view, *args)
    monkeypatch.setattr(expert.ExpertPlayer, "_rollouts", counted)
    for n in (4, 5):
        cfg = GameConfig(players=n, seed=21)
        game = Game(cfg)
        players = [make_player("expert" if s % 2 == 0 else "hard", cfg.seed, s) for s in range(n)]
        # four players: until the first rollout; five: 40 turns without one
        while not game.over and game.state.turn < 40 and not (n == 4 and calls):
            game.apply(players[game.decider].choose(game))
    assert calls and set(calls) == {4}


def test_on_a_scenario_map_the_rollouts_play_hard_s_choice_and_the_value_s_best_to_the_end_of_the_turn(monkeypatch):
    """On a scenario map the Expert's own turn (``SEA_ROLLOUTS``): Hard's
    choice and the actions the sea value likes best are each played on to
    the end of this turn, never further, with any number of players (New
    World for five); Hard's choice is always one of the candidates, and
    when another wins, that one is played: the Expert then does something
    Hard would not."""
    from retrocatan.ai.seafarers.voyage import land_reach
    rounds, overrides = [], []
    from retrocatan.ai.look_ahead import LookAhead
    real_round, real_rollouts = LookAhead.play_round, sea_expert.sea_rollouts

    def counted_round(g, sims, me, worth, turn_only=False, budget=None):
        v = real_round(g, sims, me, worth, turn_only, budget)
        rounds.append((len(sims), turn_only, g.over or g.current != me))
        return v

    def watched(ctx, view):
        pick = real_rollouts(ctx, view)
        if pick is not None:
            kind, scored, _end, played, until = ctx.look_ahead.weighed
            games = sea_expert.SEA_ROLLOUTS_LAND if land_reach(view, ctx.seat, sea_expert.LAND_LIMIT) is not None \
                else sea_expert.SEA_ROLLOUTS
            assert until == ("end", games) and len(played) >= 2 and any(a == pick for _, a in played)
            overrides.append(pick)
        return pick
    monkeypatch.setattr(LookAhead, "play_round", staticmethod(counted_round))
    monkeypatch.setattr(sea_expert, "sea_rollouts", watched)
    for sid, n in (("new-shores", 4), ("new-world-5-6", 5)):
        cfg = GameConfig(players=n, seed=29, **scenario_options(sid, n))
        game = Game(cfg)
        players = [make_player("expert" if s == 0 else "hard", cfg.seed, s) for s in range(n)]
        while not game.over and game.state.turn < 50:
            game.apply(players[game.decider].choose(game))
    assert {p for p, _, _ in rounds} == {4, 5}
    assert all(turn_only and ended for _, turn_only, ended in rounds)
    assert overrides, "the rollouts sometimes overrule Hard's choice"


def test_on_a_scenario_map_the_sea_rollouts_weigh_ships_hard_would_not_build(monkeypatch):
    """The sea rollouts weigh every ship the Expert may build, not only
    one Hard chose (Hard's own ship stands without a rollout), so the
    Expert sometimes builds a ship where Hard would build, buy, trade or
    end."""
    picks = []
    real_rollouts = sea_expert.sea_rollouts

    def watched(ctx, view):
        pick = real_rollouts(ctx, view)
        if pick is not None:
            picks.append(pick.kind)
        return pick
    monkeypatch.setattr(sea_expert, "sea_rollouts", watched)
    for seed in range(27, 32):      # up to five games' first 50 turns (a ship is not the pick in every game)
        cfg = GameConfig(players=4, seed=seed, **scenario_options("four-islands", 4))
        game = Game(cfg)
        players = [make_player("expert" if s == 0 else "hard", cfg.seed, s) for s in range(4)]
        while not game.over and game.state.turn < 50 and SA.SHIP not in picks:
            game.apply(players[game.decider].choose(game))
    assert picks, "the rollouts overruled Hard at least once"
    assert SA.SHIP in picks


def test_the_expert_asks_two_for_one_before_it_builds_a_road_or_buys_a_card(monkeypatch):
    """Trading closes with the first build (roll, then trade, then build):
    where the Expert's search would build a road or buy a card while its
    top goal misses one or two cards, it first asks the table for two
    cards for one (``GREEDY_FIRST``). The same player at the
    same position without it builds at once."""
    import pickle

    from retrocatan.ai import expert
    asked = []
    for seed in (3, 4):
        cfg = GameConfig(players=4, seed=seed)
        game = Game(cfg)
        players = [make_player("expert" if s == seed % 4 else "hard", seed, s) for s in range(4)]
        while not game.over and len(asked) < 3:
            bot = players[game.decider]
            view = game.seat_view(game.decider)
            if bot.level == "expert" and game.phase == phases.MAIN:
                twin = pickle.loads(pickle.dumps(bot))     # the same player, memory and all
                act = bot.choose(view)
                if act.kind == A.OFFER and sum(act.a) == 1 and sum(act.b) == 2:
                    monkeypatch.setattr(expert, "GREEDY_FIRST", ())
                    alone = twin.choose(view)
                    monkeypatch.undo()
                    if alone.kind in (A.ROAD, A.BUY):
                        asked.append((seed, alone.kind))
            else:
                act = bot.choose(view)
            game.apply(act)
    assert len(asked) >= 3, asked


def test_asking_first_changes_nothing_without_domestic_trade(monkeypatch):
    """With no domestic trade (``offers_per_turn`` 0, as in the arena
    against Catanatron's bots) the Expert decides exactly as without
    ``GREEDY_FIRST``: the whole game is the same."""
    from retrocatan.ai import expert

    def record():
        cfg = GameConfig(players=4, seed=8, offers_per_turn=0)
        players = [make_player("expert" if s == 1 else "hard", cfg.seed, s) for s in range(4)]
        game = Game(cfg)
        acts = []
        while not game.over:
            act = players[game.decider].choose(game)
            acts.append(act)
            game.apply(act)
        return acts
    first = record()
    monkeypatch.setattr(expert, "GREEDY_FIRST", ())
    assert record() == first


def test_the_expert_and_its_look_ahead_judge_the_coast_by_production_alone():
    """Hard adds a premium (its level's ``coast``) to a corner on the coast
    while it has no building there (its ships could set out from it). The
    Expert's figures are Hard's without it (``COAST``), and the players of
    its look-ahead judge as it does, so it foresees the others' founding by
    what corners yield. On New Shores' empty board every corner beside a sea
    lane is worth the premium more to Hard than to the Expert; every inland
    corner is worth the same to both."""
    from retrocatan.ai import expert, planner
    assert planner.HARD.coast > expert.COAST
    cfg = GameConfig(players=4, seed=5, **scenario_options("new-shores", 4))
    game = Game(cfg)
    view = game.seat_view(game.decider)
    bot = make_player("expert", cfg.seed, game.decider)
    hard = make_player("hard", cfg.seed, game.decider)
    coastal = inland = 0
    for a in view.legal:
        gap = (hard.planner.corners.value(Seat(view), a.a, founding=True)
               - bot.planner.corners.value(Seat(view), a.a, founding=True))
        if sea_plan.sea_edges(Seat(view), a.a):
            coastal += 1
            assert gap == pytest.approx(planner.HARD.coast - expert.COAST)
        else:
            inland += 1
            assert gap == 0
    assert coastal and inland
    sims = bot.look_ahead.sims(0, cfg.players)
    assert len(sims) == cfg.players and all(s.figures == bot.planner.figures and s.tables is bot.planner.tables
                                            for s in sims)
    assert [s.memory.rng.get_state() for s in sims] == [PlayerMemory.of_seat(0, s).rng.get_state()
                                                        for s in range(cfg.players)]


def test_the_coast_changes_nothing_on_the_base_game(monkeypatch):
    """The coast premium is a scenario map's: on the base game the Expert
    plays the same game whatever its ``COAST``."""
    from retrocatan.ai import expert
    assert _base_game(monkeypatch, expert, "COAST", 0.0) == _base_game(monkeypatch, expert, "COAST", 3.0)


def _base_game(monkeypatch, module, name: str, figure) -> str:
    """The hash of a base game's first 40 turns (seed 31), the Expert in
    seat 1 against three Hard, with ``module``'s ``name`` set to ``figure``."""
    monkeypatch.setattr(module, name, figure)
    cfg = GameConfig(players=4, seed=31)
    players = [make_player("expert" if s == 1 else "hard", cfg.seed, s) for s in range(4)]
    game = Game(cfg)
    while not game.over and game.state.turn < 40:
        game.apply(players[game.decider].choose(game))
    return game.state_hash()


def _offers_a_turn(cfg: GameConfig, turns: int) -> int:
    """The most offers the Expert (seat 0, against three Hard) made in one
    of its turns, over the first ``turns`` turns of ``cfg``'s game; it
    never makes the same offer twice in a turn (its memory of the turn's
    offers, put back after a look-ahead, starts anew at a new turn:
    ``PlayerMemory.new_turn``)."""
    players = [make_player("expert" if s == 0 else "hard", cfg.seed, s) for s in range(cfg.players)]
    game = Game(cfg)
    made: dict[int, list] = {}
    while not game.over and game.state.turn < turns:
        seat = game.decider
        act = players[seat].choose(game)
        if seat == 0 and act.kind == A.OFFER:
            offers = made.setdefault(game.state.turn, [])
            assert (act.a, act.b) not in offers, f"offered {act} twice in turn {game.state.turn}"
            offers.append((act.a, act.b))
        game.apply(act)
    return max((len(x) for x in made.values()), default=0)


def test_the_expert_offers_up_to_sea_offers_a_turn_on_a_scenario_map(monkeypatch):
    """On a scenario map the Expert makes up to ``SEA_OFFERS`` (5) offers
    to the other players in a turn, its two-for-one and Hard's one-for-one
    together; Hard makes at most 3 (its level's ``offers_per_turn``), as
    the Expert does on the base game. New Shores, seeds
    41-43, the first 60 turns: some turn of the Expert has more than 3 and
    none more than ``SEA_OFFERS``; with ``SEA_OFFERS`` 3, none more than 3."""
    from retrocatan.ai import planner
    assert sea_expert.SEA_OFFERS > planner.HARD.offers_per_turn == 3
    configs = [GameConfig(players=4, seed=s, **scenario_options("new-shores", 4)) for s in (41, 42, 43)]
    most = max(_offers_a_turn(cfg, 60) for cfg in configs)
    assert planner.HARD.offers_per_turn < most <= sea_expert.SEA_OFFERS
    monkeypatch.setattr(sea_expert, "SEA_OFFERS", 3)
    assert max(_offers_a_turn(cfg, 60) for cfg in configs) <= 3


def test_the_sea_offers_change_nothing_on_the_base_game(monkeypatch):
    """``SEA_OFFERS`` is a scenario map's figure: on the base game the
    Expert plays the same game whatever it is, and makes at most Hard's 3
    offers a turn."""
    assert _base_game(monkeypatch, sea_expert, "SEA_OFFERS", 3) == _base_game(monkeypatch, sea_expert, "SEA_OFFERS", 8)
    assert 0 < max(_offers_a_turn(GameConfig(players=4, seed=s), 80) for s in (41, 42, 43)) <= 3


def _top_goals(cfg: GameConfig, turns: int) -> list[tuple[str, str]]:
    """At every main-phase decision of seat 0 in the first ``turns`` turns
    of ``cfg``'s game (four Hard players), the kind of the top goal (city,
    settlement, road, ship, card) of an Expert and of Hard in that seat,
    each with the figures it plays that map with."""
    players = [make_player("hard", cfg.seed, s) for s in range(cfg.players)]
    expert, hard = ExpertPlayer(cfg.seed, 0), make_player("hard", cfg.seed, 0)
    game = Game(cfg)
    tops = []
    while not game.over and game.state.turn < turns:
        seat = game.decider
        if seat == 0 and game.phase == phases.MAIN:
            view = game.seat_view(0)
            here = part_for(expert_plan.ExpertPlan, view.board).figures(view, expert.figures)   # the map's figures
            goals = [Planner(here, expert.memory, Tables(here)).goals.ranked(Seat(view)),
                     hard.planner.goals.ranked(Seat(view))]
            if goals[0] and goals[1]:
                tops.append((goals[0][0][1], goals[1][0][1]))
        game.apply(players[seat].choose(game))
    return tops


def _shores_tops() -> list[tuple[str, str]]:
    """``_top_goals`` on New Shores, seeds 51-52, the first 80 turns."""
    shores = scenario_options("new-shores", 4)
    return [t for s in (51, 52) for t in _top_goals(GameConfig(players=4, seed=s, **shores), 80)]


def test_the_expert_aims_at_cities_more_than_hard_on_a_scenario_map(monkeypatch):
    """On a scenario map a city is worth ``SEA_CITY`` (2.7) as
    a goal to the Expert before what its corner yields, to Hard 2.2
    (``Level.city_goal``). New Shores, seeds 51-52, the first 80 turns,
    the same positions: the Expert's top goal is a city where Hard's is
    something else, and never the other way round; with ``SEA_CITY`` 2.2
    they agree everywhere."""
    from retrocatan.ai import planner
    assert sea_expert.SEA_CITY > planner.HARD.city_goal == 2.2
    tops = _shores_tops()
    assert any(e == "city" and h != "city" for e, h in tops)
    assert not any(h == "city" and e != "city" for e, h in tops)
    monkeypatch.setattr(sea_expert, "SEA_CITY", 2.2)
    tops = _shores_tops()
    assert tops and all(e == h for e, h in tops)


def test_the_expert_aims_at_cities_as_hard_does_on_the_base_game(monkeypatch):
    """``SEA_CITY`` is a scenario map's figure: on the base game the
    Expert's top goal is Hard's in every position (seeds 51-52, 80
    turns), and it plays the same game whatever ``SEA_CITY`` is."""
    tops = [t for s in (51, 52) for t in _top_goals(GameConfig(players=4, seed=s), 80)]
    assert tops and all(e == h for e, h in tops)
    assert _base_game(monkeypatch, sea_expert, "SEA_CITY", 2.2) == _base_game(monkeypatch, sea_expert, "SEA_CITY", 3.0)


def _expert_game(cfg: GameConfig, budget, turns: int = 400):
    """A game of an Expert in seat 0 (``cpu_budget=budget``; "default": the
    keyword left out) against Hard, to its end or ``turns`` turns; the
    game, the Expert, and [(its decision's evaluations, rollout games played)]."""
    players = [make_player("expert", cfg.seed, 0) if budget == "default"
               else make_player("expert", cfg.seed, 0, cpu_budget=budget)]
    players += [make_player("hard", cfg.seed, s) for s in range(1, cfg.players)]
    game, work = Game(cfg), []
    rounds = []
    from retrocatan.ai.look_ahead import LookAhead
    real_round = LookAhead.play_round

    def counted_round(*args):
        v = real_round(*args)
        rounds.append(v is not None)
        return v
    LookAhead.play_round = staticmethod(counted_round)
    try:
        while not game.over and game.state.turn < turns:
            d = game.decider
            before = len(rounds)
            game.apply(players[d].choose(game))      # an illegal action: ``IllegalAction``
            if d == 0:
                work.append((players[0].evaluations, sum(rounds[before:])))
    finally:
        LookAhead.play_round = staticmethod(real_round)
    return game, players[0], work


def test_an_expert_with_a_spent_cpu_budget_decides_legally_with_hardly_any_search_on_a_seafarers_map():
    """A server's CPU budget (``make_player(..., cpu_budget=)``): with none
    left, the Expert's look-ahead stops at once and it decides with what it
    has, legally, on a Seafarers map (its founding, turns, ships, rollouts):
    one position a founding or turn search weighs, no played-on game
    finished; without the budget the same seat searches widely."""
    cfg = GameConfig(players=4, seed=29, **scenario_options("new-shores", 4))
    game, bot, work = _expert_game(cfg, 0.0, turns=30)
    assert game.state.turn >= 30 or game.over
    assert work and all(ev <= 2 and played == 0 for ev, played in work)
    _, _, free = _expert_game(cfg, None, turns=30)
    assert max(ev for ev, _ in free) > 2 and sum(played for _, played in free) > 0


def test_an_expert_with_a_tiny_cpu_budget_plays_a_seafarers_game_to_the_end():
    """A budget of a few milliseconds stops the look-ahead partway (games
    played on for some candidates and not others are not counted); every
    decision is legal and the game ends."""
    cfg = GameConfig(players=3, seed=31, **scenario_options("fog-island", 3))
    game, bot, work = _expert_game(cfg, 0.003)
    assert game.over and work


@pytest.mark.parametrize("scenario", ["", "four-islands"])
def test_without_a_cpu_budget_or_with_an_unspent_one_the_expert_decides_as_before(scenario):
    """``cpu_budget=None`` (the default) is the counted search alone, and a
    budget it never reaches changes no decision either: the same game, move
    for move (local games and replays depend on it)."""
    extra = scenario_options(scenario, 4) if scenario else {}
    cfg = GameConfig(players=4, seed=17, **extra)
    default, _, _ = _expert_game(cfg, "default", turns=40)
    none, _, _ = _expert_game(cfg, None, turns=40)
    ample, _, _ = _expert_game(cfg, 1e6, turns=40)
    assert default.state_hash() == none.state_hash() == ample.state_hash()
    assert default.history == none.history == ample.history

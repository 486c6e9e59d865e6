"""Every game ends (issue 13, item 4): targets nobody can reach are refused,
a game nobody can win any more ends (the stalemate rule, exact: points
never change after it would fire) and the safety cap ends the rest."""

import pytest
from invariants import check_all
from long_game_players import Builder

from retrocatan.ai import make_player
from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import ConfigError, Game, GameConfig
from retrocatan.engine import turn as turn_rules
from retrocatan.engine.components import BOARD_KINDS, KNIGHT, PIECES, VICTORY_POINT
from retrocatan.engine.config import max_victory_points, vp_targets
from retrocatan.engine.replay import ReplayError, check
from retrocatan.engine.rng import derive_seed
from retrocatan.engine.stalemate import can_gain, nobody_can_win
from retrocatan.match import play


def _play(cfg: GameConfig, players: list):
    """Play to the end; return the game, its decisions and its ending events."""
    endings = []

    def keep(game, act, events):
        endings.extend(e for e in events if e["type"] in ("win", "stalemate"))

    result = play(cfg, players, on_events=keep)
    return result.game, result.decisions, endings


def _assert_ended_by_a_rule(game: Game, endings: list) -> str:
    st = game.state
    assert game.over and st.winner != -1
    assert endings[-1]["type"] == "win" and endings[-1]["player"] == st.winner
    reason = endings[-1]["reason"]
    n = st.players
    if reason == "points":
        assert game.vp(st.winner) >= st.config.vp_target
    else:
        assert game.vp(st.winner) == max(game.vp(q) for q in range(n))
        if reason == "stalemate":
            assert endings[-2]["type"] == "stalemate" and nobody_can_win(st)
        else:
            assert reason == "turn_cap" and st.turn == turn_rules.MAX_ROUNDS * n
    assert st.turn <= turn_rules.MAX_ROUNDS * n
    return reason


# --- targets -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_vp_target_stops_at_the_most_a_player_can_score(players):
    kind = "base" if players <= 4 else "extension"
    most = (2 * PIECES["cities"] + PIECES["settlements"] + 2 + 2 + BOARD_KINDS[kind]["deck"][VICTORY_POINT])
    assert max_victory_points(players) == most
    assert list(vp_targets(players)) == list(range(3, most + 1))
    assert GameConfig(players=players, vp_target=most).vp_target == most
    for bad in (most + 1, 30, 2):
        with pytest.raises(ConfigError, match="vp_target"):
            GameConfig(players=players, vp_target=bad)


def test_a_replay_with_an_unreachable_target_is_refused():
    rec = {"format": "retrocatan-replay", "version": 1, "config": GameConfig(players=4).to_dict(),
           "actions": []}
    rec["config"]["vp_target"] = 25
    with pytest.raises(ReplayError, match="vp_target"):
        check(rec)


def test_setup_screen_offers_exactly_the_engines_targets(pyxel_headless):
    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App
    from retrocatan.ui.scenes.setup import SetupScene
    app = App(can_quit=False, storage=MemoryStorage())
    scene = SetupScene(app)
    for players in (3, 4, 5, 6):
        while scene.players != players:
            scene._adjust("players", 1 if scene.players < players else -1)
        offered = set()
        for d in [1] * 40 + [-1] * 40:
            scene._adjust("vp", d)
            offered.add(scene.vp)
            assert scene.config().vp_target == scene.vp     # the engine takes every offer
        assert offered == set(vp_targets(players))


# --- the end rules ------------------------------------------------------------------

def test_seed_2371_of_computer_players_to_15_points_ends():
    # Ran past 60,000 actions before: all pieces placed, the deck empty, nobody able to reach 15.
    cfg = GameConfig(players=4, seed=2371, vp_target=15)
    game, decisions, endings = _play(cfg, [make_player("normal", 2371, s) for s in range(4)])
    _assert_ended_by_a_rule(game, endings)
    check_all(game)


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("target", [14, 15])
def test_computer_players_to_14_or_15_points_end(level, target):
    for seed in range(2366, 2370):
        cfg = GameConfig(players=4, seed=seed, vp_target=target)
        game, _, endings = _play(cfg, [make_player(level, seed, s) for s in range(4)])
        _assert_ended_by_a_rule(game, endings)


OPTION_SETS = [
    {"players": 3, "vp_target": 14},
    {"players": 4, "vp_target": 15},
    {"players": 4, "vp_target": 22, "vp_cards_instant": False},
    {"players": 4, "vp_target": 18, "cut_roads": "lost", "progress_to_deck_bottom": True},
    {"players": 5, "vp_target": 22, "cut_roads": "abandoned"},
    {"players": 6, "vp_target": 16},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_every_game_ends(options):
    # Builders (always build what they can) and uniformly random players (as
    # ``retrocatan simulate`` uses) on high targets: each game ends by a rule
    # of its own (points, stalemate or the safety cap), never by match.play's
    # decision limit (it raises StalledGame).
    reasons = {}
    for i in range(8):
        seed = 5000 + i
        cfg = GameConfig(seed=seed, **options)
        n = cfg.players
        if i % 2:
            players = [RandomPlayer(derive_seed(seed, 7), s) for s in range(n)]
        else:
            players = [Builder(seed, s) for s in range(n)]
        game, decisions, endings = _play(cfg, players)
        reason = _assert_ended_by_a_rule(game, endings)
        reasons[reason] = reasons.get(reason, 0) + 1
        check_all(game, check_routes=False)
    assert sum(reasons.values()) == 8


class _Idle:
    """Ends every turn at once; does what it must (roll, discard, robber)."""

    def choose(self, game):
        acts = game.legal_actions()
        return next((a for a in acts if a.kind == "end"), acts[0])


def test_nobody_building_ends_at_the_safety_cap():
    # Idle players could still build, so the stalemate rule must not fire;
    # the cap of MAX_ROUNDS rounds ends the game, the leader winning.
    cfg = GameConfig(players=3, seed=8)
    game, _, endings = _play(cfg, [_Idle() for _ in range(3)])
    assert _assert_ended_by_a_rule(game, endings) == "turn_cap"
    assert all(can_gain(game.state, p) for p in range(3))


def test_an_explicit_turn_limit_still_rules():
    cfg = GameConfig(players=3, seed=8, turn_limit=30)
    game, _, endings = _play(cfg, [_Idle() for _ in range(3)])
    assert endings[-1]["reason"] == "turn_limit" and game.state.turn == 30


def _stalemate_positions(monkeypatch, count: int):
    """Games of builders to 22 points with the stalemate rule switched off,
    each stopped at the first turn start where it would have fired."""
    monkeypatch.setattr(turn_rules, "nobody_can_win", lambda st: False)
    found = []
    seed = 700
    while len(found) < count:
        seed += 1
        cfg = GameConfig(players=3 + seed % 4, seed=seed, vp_target=22)
        game = Game(cfg)
        players = [Builder(seed, s) for s in range(cfg.players)]
        while not game.over:
            events = game.apply(players[game.decider].choose(game))
            if any(e["type"] == "turn" for e in events) and nobody_can_win(game.state):
                found.append((game, players))
                break
        assert seed < 760, "too few stalemates found"
    return found


def test_stalemate_is_exact_points_never_change_after_it(monkeypatch):
    # From each position where the rule fires, play on (builders and random
    # players, the rule switched off) for thousands of decisions: no player's
    # points ever change and the rule keeps holding at every turn start.
    for game, builders in _stalemate_positions(monkeypatch, 5):
        n = game.state.players
        points = [game.vp(p) for p in range(n)]
        randoms = [RandomPlayer(game.config.seed, s) for s in range(n)]
        for i in range(3000):
            if game.over:     # the safety cap
                break
            chooser = builders if i % 3 else randoms
            events = game.apply(chooser[game.decider].choose(game))
            assert [game.vp(p) for p in range(n)] == points
            if any(e["type"] == "turn" for e in events):
                assert nobody_can_win(game.state)


def test_stalemate_test_sees_every_way_to_a_point(monkeypatch):
    # In a stalemated position, each single way back to a point makes the
    # rule hold off: a victory point card in the deck, a knight that could
    # take the army, a free corner next to a player's road, a pending VP card.
    game, _ = _stalemate_positions(monkeypatch, 1)[0]
    st = game.state
    n = st.players

    def fresh():
        return Game.from_json(game.to_json()).state

    assert nobody_can_win(fresh())
    s = fresh()
    s.deck.append(VICTORY_POINT)
    assert not nobody_can_win(s)
    s = fresh()
    challenger = next(p for p in range(n) if p != s.army)
    s.dev_hand[challenger][KNIGHT] += 1 + max(s.dev_played[q][KNIGHT] for q in range(n))
    assert can_gain(s, challenger) and not nobody_can_win(s)
    s = fresh()
    s.config = s.config.replace(vp_cards_instant=False)
    s.dev_hand[0][VICTORY_POINT] += 1
    s.dev_new[0][VICTORY_POINT] += 1
    assert can_gain(s, 0)
    # Take away a building (anyone's) touched by a player's road: when the
    # corner is then free by the distance rule, that player can settle there.
    checked = 0
    for pos, _ in _stalemate_positions(monkeypatch, 3):
        st = pos.state
        for c, o in enumerate(st.corner_owner):
            for p in range(st.players):
                if o == -1 or not any(st.edge_owner[e] == p for e in st.geo.corner_edges[c]):
                    continue
                data = pos.to_json()
                data["corner_owner"][c] = -1
                data["corner_level"][c] = 0
                freed = Game.from_json(data).state
                if freed.blocked[c] == 0 and freed.pieces[p]["settlements"] > 0:
                    assert can_gain(freed, p) and not nobody_can_win(freed)
                    checked += 1
    assert checked


def test_stalemate_test_sees_a_route_that_could_still_win_the_card(monkeypatch):
    # Take one road back from a player without the card, so that they could
    # build it again: when their roads could then outnumber every other
    # route, the rule must hold off (that road could win Longest Trade Route).
    from retrocatan.engine.build import road_spots
    checked = 0
    for game, _ in _stalemate_positions(monkeypatch, 3):
        st = game.state
        n = st.players
        for p in range(n):
            if p == st.longest:
                continue
            for e in st.road_edges[p]:
                data = game.to_json()
                data["edge_owner"][e] = -1
                freed = Game.from_json(data).state
                if e not in road_spots(freed, p):
                    continue
                others = max(freed.route_len[q] for q in range(n) if q != p)
                if len(freed.road_edges[p]) + 1 > max(others, 4):
                    assert can_gain(freed, p) and not nobody_can_win(freed)
                    checked += 1
                break
    assert checked

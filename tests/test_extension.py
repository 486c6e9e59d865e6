"""The 5-6 player extension: board, components, the special build phase."""

import pytest
from invariants import check_all
from positions import blank, empty_hands, free_corners, give, path, roads, settle
from test_random_games import SOAK_GAMES, play_checked

from retrocatan.engine import Game, GameConfig, IllegalAction, phases
from retrocatan.engine.components import KNIGHT, VICTORY_POINT


@pytest.mark.parametrize("players", [5, 6])
def test_components_of_the_extension(players):
    g = Game(GameConfig(players=players, seed=4))
    st = g.state
    assert st.bank == [24] * 5 and len(st.deck) == 34
    assert [st.deck.count(i) for i in range(5)] == [20, 5, 3, 3, 3]
    assert len(g.board.terrain) == 30 and g.board.terrain.count("desert") == 2
    assert g.board.terrain[st.robber] == "desert"


def _end_turn_of(g):
    g.apply("end")


def test_special_build_order_then_next_turn():
    g = blank(players=6)
    _end_turn_of(g)
    order = []
    while g.phase == phases.SPECIAL_BUILD:
        order.append(g.decider)
        g.apply("pass")
    assert order == [1, 2, 3, 4, 5]
    assert g.phase == phases.ROLL and g.current == 1


def test_special_build_refuses_trade_cards_and_rolls():
    g = blank(players=5)
    empty_hands(g)
    give(g, 1, wood=4, sheep=1, wheat=1, coal=1)
    g.state.dev_hand[1][KNIGHT] += 1
    g.state.deck.remove(KNIGHT)
    _end_turn_of(g)
    assert g.decider == 1
    allowed = {str(a) for a in g.legal_actions()}
    assert allowed == {"pass", "buy"}
    for text in ("trade 4W G", "offer W:G", "knight", "roll", "end", "mono W"):
        with pytest.raises(IllegalAction):
            g.apply(text)


def test_building_in_the_special_phase_and_card_waits_for_own_turn():
    g = blank(players=5)
    empty_hands(g)
    settle(g, 1, 8)
    give(g, 1, wood=1, brick=1, sheep=1, wheat=1, coal=1)
    st = g.state
    st.deck.remove(KNIGHT)
    st.deck.append(KNIGHT)
    _end_turn_of(g)
    road = next(a for a in g.legal_actions() if a.kind == "road")
    g.apply(road)
    g.apply("buy")
    assert st.dev_hand[1][KNIGHT] == 1 and g.decider == 1    # still player 2's special build
    g.apply("pass")
    while g.phase == phases.SPECIAL_BUILD:
        g.apply("pass")
    assert g.current == 1 and g.phase == phases.ROLL
    assert "knight" in {str(a) for a in g.legal_actions()}   # playable on the own turn


def test_no_victory_inside_the_special_build_phase():
    g = blank(players=5)
    empty_hands(g)
    for c in free_corners(g, 4):
        settle(g, 2, c, city=True)
    home = free_corners(g, 1, start=40)[0]
    settle(g, 2, home)                     # player 3: 9 points
    way = path(g, home, 2)
    roads(g, 2, way)
    target = way[-1]
    assert g.state.blocked[target] == 0
    give(g, 2, wood=1, brick=1, sheep=1, wheat=1)
    _end_turn_of(g)
    g.apply("pass")                        # player 2
    assert g.decider == 2
    g.apply(f"S{target}")                  # player 3 reaches 10 points
    assert g.vp(2) == 10 and not g.over
    g.apply("pass")
    g.apply("pass")
    g.apply("pass")
    assert g.phase == phases.ROLL and g.current == 1 and not g.over
    # Player 2's turn: nobody wins; then player 3's turn starts and they win.
    g.apply("roll")
    while g.phase != phases.MAIN:
        g.apply(g.legal_actions()[0])
    g.apply("end")
    while g.phase == phases.SPECIAL_BUILD:
        g.apply("pass")
    assert g.over and g.winner == 2


def test_victory_point_card_bought_in_special_build_does_not_win_there():
    g = blank(players=5)
    empty_hands(g)
    for c in free_corners(g, 4):
        settle(g, 1, c, city=True)
    settle(g, 1, free_corners(g, 1)[0])
    give(g, 1, sheep=1, wheat=1, coal=1)
    st = g.state
    st.deck.remove(VICTORY_POINT)
    st.deck.append(VICTORY_POINT)
    _end_turn_of(g)
    g.apply("buy")
    assert g.vp(1) == 10 and not g.over
    for _ in range(4):
        g.apply("pass")
    assert g.over and g.winner == 1     # at the start of player 2's own turn


@pytest.mark.parametrize("option,built,expect", [
    ("always", False, True), ("only_if_active_built", False, False),
    ("only_if_active_built", True, True), ("off", True, False)])
def test_special_build_options(option, built, expect):
    g = blank(players=6, special_build=option)
    empty_hands(g)
    if built:
        settle(g, 0, 8)
        give(g, 0, wood=1, brick=1)
        g.apply(next(a for a in g.legal_actions() if a.kind == "road"))
    g.apply("end")
    assert (g.phase == phases.SPECIAL_BUILD) is expect


def test_no_special_build_with_four_players():
    g = blank(players=4)
    g.apply("end")
    assert g.phase == phases.ROLL and g.current == 1


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("chunk", range(5))
def test_extension_games_keep_invariants(players, chunk):
    # 2 player counts x 5 chunks x 2 * SOAK_GAMES games (10 whole games of each size; 100 in a deep run).
    for i in range(min(2 * SOAK_GAMES, 20)):
        game = play_checked(GameConfig(players=players, seed=50_000 + 1000 * players + 20 * chunk + i))
        assert game.winner != -1
        assert sum(game.state.bank) + sum(map(sum, game.state.hands)) == 5 * 24
        check_all(game)

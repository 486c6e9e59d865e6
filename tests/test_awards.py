"""Longest Trade Route and Largest Army, from exact positions on the
beginner board. Corner paths used: the top coast 3-0-4-1-5-2-6-10-14, the
bottom-left coast 43-38-33-27-21-16-11, the right coast 15-20-26-32-37-42-46."""

from positions import blank, give, ring, roads, settle

from retrocatan.engine import phases
from retrocatan.engine.awards import route_length
from retrocatan.engine.position import Position

TOP = [3, 0, 4, 1, 5, 2, 6, 10, 14]
BOTTOM = [43, 38, 33, 27, 21, 16, 11]
RIGHT = [15, 20, 26, 32, 37, 42, 46]


def test_loop_counts_every_road_once():
    g = blank()
    roads(g, 0, ring(g, 4))
    assert g.state.route_len[0] == 6
    roads(g, 0, [8, 4])         # a tail on the loop
    assert g.state.route_len[0] == 7


def test_fork_takes_the_two_longest_arms():
    g = blank()
    roads(g, 0, [13, 8, 4, 0, 3])    # arm of 4
    roads(g, 0, [13, 9, 14, 10])     # arm of 3
    roads(g, 0, [13, 18, 23])        # arm of 2
    assert g.state.route_len[0] == 7


def test_five_segments_take_the_card_four_do_not():
    g = Position().settlement(0, 3).road_path(0, TOP[:5]).hand(0, wood=1, brick=1).turn(0).build()
    assert g.state.route_len[0] == 4 and g.state.longest == -1
    events = g.apply(f"R{_edge(g, 5, 2)}")
    assert g.state.route_len[0] == 5 and g.state.longest == 0
    assert any(e["type"] == "longest_route" and e["player"] == 0 for e in events)
    assert g.vp(0) == 3


def test_only_a_strictly_longer_route_takes_the_card():
    g = blank()
    roads(g, 0, TOP[:6])          # 5
    assert g.state.longest == 0
    roads(g, 1, BOTTOM[:6])       # 5: a tie does not take it
    assert g.state.longest == 0
    roads(g, 1, BOTTOM[5:7])      # 6
    assert g.state.longest == 1


def _edge(g, a, b):
    return g.state.geo.edge_index[(min(a, b), max(a, b))]


def _break_top_at_5(g, breaker):
    """``breaker`` builds a settlement on corner 5 (from corner 13 via 9)."""
    st = g.state
    settle(g, breaker, 13)
    roads(g, breaker, [13, 9, 5])
    st.current = st.decider = breaker
    st.phase = phases.MAIN
    give(g, breaker, wood=1, brick=1, sheep=1, wheat=1)
    return g.apply("S5")


def test_a_break_gives_the_card_to_the_clear_longest():
    g = blank()
    roads(g, 0, TOP[:8])          # 7, holds the card
    roads(g, 1, BOTTOM[:6])       # 5
    assert g.state.longest == 0
    events = _break_top_at_5(g, 2)
    assert g.state.route_len[0] == 4            # 3-0-4-1-5 may end at the settlement
    assert g.state.longest == 1
    assert any(e["type"] == "longest_route" and e["player"] == 1 for e in events)


def test_a_break_with_a_tie_at_the_top_sets_the_card_aside():
    g = blank(players=4)
    roads(g, 0, TOP[:8])          # 7
    roads(g, 1, BOTTOM[:6])       # 5
    roads(g, 3, RIGHT[:6])        # 5
    _break_top_at_5(g, 2)
    assert g.state.longest == -1                 # set aside: 5 and 5
    assert g.vp(0) == 0 and g.vp(1) == 0
    roads(g, 3, RIGHT[5:7])                      # a clear longest again
    assert g.state.longest == 3


def test_holder_keeps_the_card_when_still_clearly_longest_after_a_break():
    g = blank()
    roads(g, 0, TOP)              # 8
    roads(g, 1, BOTTOM[:6])       # 5
    _break_top_at_5(g, 2)         # 3-0-4-1-5 (4) and 5-2-6-10-14 (4)
    assert g.state.route_len[0] == 4 and g.state.longest == 1


def test_route_may_end_but_not_pass_through_an_opponent_building():
    g = blank()
    roads(g, 0, TOP[:7])          # 6
    settle(g, 1, 1)               # on the path at corner 1
    assert route_length(g.state, 0) == 3         # 3-0-4-1 and 1-5-2-6


def test_a_loop_through_an_opponent_building_is_a_route_ending_there_twice():
    g = blank()
    roads(g, 0, ring(g, 4))
    settle(g, 1, 8)
    assert route_length(g.state, 0) == 6
    roads(g, 0, [8, 4])                          # a tail beyond the building does not join
    assert route_length(g.state, 0) == 6


def _knight_ready(g, p):
    st = g.state
    st.dev_hand[p][0] += 1
    st.deck.remove(0)
    st.current = st.decider = p
    st.phase = phases.MAIN
    st.dev_played_turn = 0
    g.refresh()


def _play_knight(g, p):
    _knight_ready(g, p)
    events = g.apply("knight")
    g.apply(next(a for a in g.legal_actions() if a.kind == "robber" and a.b == -1))
    return events


def test_largest_army_three_knights_then_strictly_more():
    g = blank()
    for _ in range(2):
        _play_knight(g, 0)
    assert g.state.army == -1
    events = _play_knight(g, 0)
    assert g.state.army == 0 and any(e["type"] == "largest_army" for e in events)
    for _ in range(3):
        _play_knight(g, 1)
    assert g.state.army == 0          # 3 against 3: the first keeps it
    _play_knight(g, 1)
    assert g.state.army == 1 and g.vp(1) == 2 and g.vp(0) == 0


def _trails_by_hand(st, p: int) -> int:
    """The longest trail through p's roads, every trail tried: from each
    corner, along unused roads, never on through an opponent's building."""
    geo, owner = st.geo, st.corner_owner
    mine = set(st.road_edges[p])

    def walk(c: int, used: frozenset) -> int:
        if used and owner[c] not in (-1, p):
            return len(used)        # a trail may end at an opponent's building, not pass it
        best = len(used)
        for e in geo.corner_edges[c]:
            if e in mine and e not in used:
                a, b = geo.edge_corners[e]
                best = max(best, walk(b if a == c else a, used | {e}))
        return best

    return max((walk(c, frozenset()) for e in mine for c in geo.edge_corners[e]), default=0)


def test_route_length_is_the_longest_trail_of_any_road_network():
    # Networks grown at random on the board, with loops, forks, trees hanging
    # from loops and opponents' buildings on them: the engine's search finds
    # the longest trail a walk over every trail finds.
    from retrocatan.engine import build
    from retrocatan.engine.rng import Rng

    rng = Rng(2026)
    for trial in range(150):
        g = blank()
        st = g.state
        geo = st.geo
        h = rng.below(len(geo.land))
        net = list(geo.hex_edges[h])          # a loop, then roads grown from it
        for _ in range(3 + rng.below(7)):
            c = geo.edge_corners[net[rng.below(len(net))]][rng.below(2)]
            e = geo.corner_edges[c][rng.below(len(geo.corner_edges[c]))]
            if e not in net and len(net) < 15:
                net.append(e)
        for e in net:
            build.place_road(st, 0, e)
        corners = sorted({c for e in net for c in geo.edge_corners[e]})
        for _ in range(rng.below(3)):
            c = corners[rng.below(len(corners))]
            if not st.blocked[c]:
                build.place_settlement(st, 1 + rng.below(3), c)
        assert route_length(st, 0) == _trails_by_hand(st, 0), (trial, net)


def test_the_longest_trail_search_on_any_graph_of_corners_and_roads():
    # The search in the abstract (nodes of any degree, several roads between
    # two nodes, hanging trees with forks): the longest trail of each of 3000
    # random graphs is the one every trail tried finds.
    from retrocatan.engine.awards import _longest
    from retrocatan.engine.rng import Rng

    def by_hand(adj) -> int:
        def walk(x, used, n):
            return max([n] + [walk(y, used | bit, n + 1) for bit, y in adj[x] if not used & bit])
        return max(walk(x, 0, 0) for x in adj)

    # A loop of 3 with a road to a fork of two arms of 5: the longest trail is
    # the fork's two arms (10), not an arm, the road and the loop (9).
    roads_ = [(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8),
              (3, 9), (9, 10), (10, 11), (11, 12), (12, 13)]
    fork: dict = {}
    for e, (a, b) in enumerate(roads_):
        fork.setdefault(a, []).append((1 << e, b))
        fork.setdefault(b, []).append((1 << e, a))
    assert _longest(fork, len(roads_)) == by_hand(fork) == 10
    rng = Rng(21)
    for trial in range(3000):
        nodes = 3 + rng.below(9)
        adj: dict = {}
        for e in range(nodes - 1 + rng.below(4)):
            a, b = rng.below(nodes), rng.below(nodes)
            if a != b:
                adj.setdefault(a, []).append((1 << e, b))
                adj.setdefault(b, []).append((1 << e, a))
        if not adj:
            continue
        total = sum(map(len, adj.values())) // 2
        assert _longest(adj, total) == by_hand(adj), (trial, adj)


def test_route_lengths_kept_from_road_to_road_equal_those_counted_afresh():
    # A road added to roads without a cycle is measured from the route before
    # (awards.road_route_length): in random games, after every decision each
    # player's route equals the one a copy (its caches empty) counts anew.
    from retrocatan.ai.random_player import RandomPlayer
    from retrocatan.engine import Game, GameConfig

    compared = 0
    for seed in range(6):
        game = Game(GameConfig(players=4, seed=seed))
        bots = [RandomPlayer(seed, s) for s in range(4)]
        while not game.over:
            act = bots[game.decider].choose(game)
            game.apply(act)
            if act.kind in ("road", "settle"):
                fresh = game.state.copy()
                assert game.state.route_len == [route_length(fresh, p) for p in range(4)], (seed, len(game.history))
                compared += 1
    assert compared > 200


def test_a_building_set_at_a_road_end_splits_the_route_kept_from_the_road_before():
    # "never passing through an opponent's building": a building put on a corner of the route
    # (here set by hand, so no route was counted then) splits it for the next road
    from positions import path

    from retrocatan.engine import build
    from retrocatan.engine.awards import update_longest_route

    g = blank()
    st = g.state
    corners = path(g, 0, 6)
    roads(g, 0, corners[:6])            # 5 roads: counted and kept
    assert st.route_len[0] == 5
    build.place_settlement(st, 1, corners[3])       # splits them 3 + 2
    e = st.geo.edge_index[(min(corners[5], corners[6]), max(corners[5], corners[6]))]
    build.place_road(st, 0, e)          # the 6th road, at the far end
    update_longest_route(st, [0], [])
    assert st.route_len[0] == 3 == route_length(st.copy(), 0)

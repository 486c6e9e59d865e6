"""The Expert computer player: Hard's plans checked by look-ahead
(docs/ai.md, "The Expert", says it in full).

The Expert is a Hard planner (``PlanningPlayer``) with Hard's figures but
the coast's (``COAST``) and, on a scenario map, more offers (``SEA_OFFERS``)
and cities worth more as a goal (``SEA_CITY``). Its look-ahead plays in
games made from its own view (``engine.determinize``: what the view hides
is dealt anew with its own generator, so nothing it does not see can change
a decision), every seat, its own too, played by a Hard planner judging by
the Expert's figures and sharing its tables of positions (``_sims``,
``TABLES``). Positions are scored by ``value``, in pips of production (a
victory point is ``VP``): points, production weighted by scarcity and
variety, the others' production by how near each is to winning, corners to
settle now and one road further, harbours, the hand (nearness to a city
and a settlement, cards over 7), development cards, Knights and the longest
route.

- Founding (``_found``): Hard's best ``FOUND_CANDIDATES`` corners
  (``SEA_FOUND_CANDIDATES`` on a scenario map) are each played out to the
  end of the founding, and the position then is scored. On a scenario map
  its own second settlement in each playout is the best of the same search
  among Hard's best ``SEA_FOUND_NEST`` corners, Hard's ranking is taken
  without its pull to the first settlement's island (``FOUND_SAME_ISLAND``),
  and Hard's worth of the sea a corner opens (fog, other islands in the
  ships' reach), which ``value`` does not see, is added times
  ``SEA_FOUND_EXTRA``.
- The base game's turn (``_search``): every build, card purchase, bank
  trade (and the best build it allows) and the end of the turn is applied
  to one game made from its view and scored, at most ``BUDGET`` positions;
  Hard's own choice wins a near tie (``HARD_BONUS``). When up to
  ``ROLLOUT_WIDTH`` actions lie within ``ROLLOUT_MARGIN`` of the best, each
  is played on to the start of its next turn in ``ROLLOUT_SAMPLES`` games
  (``_rollouts``; at most ``ROLLOUT_STEPS`` decisions each, only with at
  most ``ROLLOUT_PLAYERS`` players), and the best on average is taken.
- A scenario map's turn (``_sea_rollouts``): where Hard would build, buy,
  trade with the bank or end the turn, Hard's choice, the actions the sea
  value (``_sea_worth``: ``value``, plus ``SEA_ROLLOUT_VALUE`` times the
  best voyage Hard would plan, less ``SEA_FOG`` for each fog hex still
  hidden) likes best and every ship it may build (``SEA_SHIPS``) are played
  on to the end of this turn in ``SEA_ROLLOUTS`` games; where a corner with
  the island bonus lies within ``LAND_LIMIT`` roads over land
  (``voyage.land_reach``), in ``SEA_ROLLOUTS_LAND`` games and, with at most
  ``ROLLOUT_PLAYERS`` players, to the start of its next turn. A ship Hard
  builds or moves stands (``SEA_ROLLOUT_SKIP``).
- Trading (``_greedy_offer``, ``_offer_first``, ``_answer``): before it
  ends the turn, and before it builds a road or buys a card
  (``GREEDY_FIRST``: trading closes with a build), while its top goal
  misses at most ``GREEDY_NEED`` cards, it asks everyone for two cards for
  one spare card (while fewer than ``GREEDY_PER_TURN`` offers are made that
  turn); then Hard's offers. It accepts an offer only for a gain over
  ``ANSWER_GAIN``.
- Hard's, as Hard plays them: the robber and the pirate, discards, card
  plays, counter-offers, gold and the founding roads.

The search is bounded by counts, never by the clock, so games replay.
A switch at 0, False or () is off: the Expert plays without what it names.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import Action, phases
from ..engine.components import DEV_CARDS, pips
from ..engine.determinize import determinize
from ..engine.rng import Rng, derive_seed
from ..engine.seafarers import actions as A
from .judging import missing
from .knowledge import Seat, Tables, view_of
from .layers import plan_for
from .planner import HARD, PlanningPlayer
from .seafarers.voyage import land_reach

BUDGET = 160            # positions evaluated per decision, at most
VP = 100.0              # a victory point, in pips of production
PROD = 1.0              # a pip of production (weighted by scarcity)
VARIETY = 2.5           # ... per resource produced at all
ENEMY = 0.25            # a pip of another player's production, times (0.5 + how close they are to winning)
SPOTS = 0.35            # the corners it may settle now: their value
SPOT_COUNT = 1.5        # ... and per corner (up to three)
REACH = 0.12            # the best corner one road further on
PORT2 = 0.35            # a 2:1 harbour, per pip of its resource produced
PORT3 = 0.05            # a 3:1 harbour, per pip produced
CARD = 0.9              # a resource card in hand
SYNERGY = 4.0           # nearness to a city and to a settlement (0..2)
OVER7 = 1.6             # per card over 7
DEV = 6.0               # a development card held
KNIGHT_PLAYED = 2.0     # a Knight played (the army's points count as points)
ROUTE = 0.4             # per road of its longest route
HARD_BONUS = 0.5        # Hard's own choice wins a near tie
FOUND_CANDIDATES = 16   # founding: Hard's best corners played out to the end of the founding
FOUND_SEARCH = True
GREEDY_OFFERS = True    # ask other players for two cards for one before Hard's one for one
OFFER_BEFORE_BANK = False   # ... also before a bank trade
GREEDY_NEED = 2         # ... when the top goal misses at most this many cards
GREEDY_PER_TURN = 3     # ... at most this many a turn
GREEDY_FIRST = (A.ROAD, A.BUY)  # ... and before building a road or buying a card (trading closes with a build)
ANSWER_GAIN = 1.0       # accept another player's offer only if it brings this much (Hard: 0.2)
COUNTER_GREEDY = False  # answer a one-for-one offer it would not take with "and one card more"
ROBBER_SEARCH = False   # move the robber by look-ahead (Hard's otherwise)
SHIPS_FIRST = True      # Hard's ship (built or moved) stands unless a point can be built instead
SEA_SEARCH = False      # on a scenario map, search the turn too (off: the Expert plays as Hard there)
SEA_FOUND = True        # on a scenario map, search the founding
SEA_FOUND_CANDIDATES = 8    # ... for this many of Hard's best corners (Hard's sea founding is slower)
ROLLOUT_SAMPLES = 4     # close calls of the turn: games played on to this player's next turn, per candidate
ROLLOUT_MARGIN = 30.0   # ... for the candidates within this much of the best
ROLLOUT_WIDTH = 3       # ... at most this many
ROLLOUT_STEPS = 600     # ... a played-on game stops after this many decisions anyway
ROLLOUT_PLAYERS = 4     # ... only in games of at most this many players (more: more turns to play on)
SEA_FOUND_EXTRA = 2.0   # ... plus Hard's worth of the sea a corner opens (fog, other islands' bonus), times this
SEA_TRADE = True        # on a scenario map, trade as on the base game (two-for-one offers, clear gains only)
SEA_MARGIN = 0.0        # on a scenario map, the search overrides Hard's choice only by this much more
SEA_PICKS: tuple = ()   # on a scenario map, when Hard would end the turn: these kinds of build, if the value says so
SEA_ROLLOUTS = 2        # on a scenario map: Hard's choice and the value's best few, each played on
#                         in this many games made from its view (0: Hard's choice stands)
SEA_ROLLOUTS_LAND = 6   # ... in this many where a corner with the island bonus lies within LAND_LIMIT roads
LAND_LIMIT = 6          # ... over land (``voyage.land_reach``: in effect, Through the Desert)
SEA_PLAY_ON = "end"     # ... to the "end" of this turn ("next": to the start of the next, as on the base game)
SEA_PLAY_ON_LAND = "next"   # ... but where the bonus lies over land (as SEA_ROLLOUTS_LAND), to the start of
#                             the next, in games of at most ROLLOUT_PLAYERS players
SEA_ROLLOUT_VALUE = 0.3 # ... the position then also counts the best voyage Hard would plan, times this (as SEA_VALUE)
SEA_FOG = 40.0          # ... and every fog hex still hidden costs this much
SEA_ROLLOUT_SKIP = (A.SHIP, A.MOVE_SHIP)    # ... Hard's choices of these kinds stand (its voyages go on)
SEA_SHIPS = True        # ... and every ship it may build is a candidate too, not only Hard's
SEA_VALUE = 0.0         # on a scenario map, the value also counts the best voyage in reach, times this (0: not)
SEA_DECAY = 0.8         # ... per ship it still needs
EAGER_KNIGHT = False    # play a Knight before the roll whenever one may be played
AHEAD_DECLINE = 99      # decline offers from a player this many points or more ahead of this one
SEA_OFFERS = 5          # on a scenario map, offers to other players a turn, its two-for-one and Hard's one-for-one
#                         together (Hard and the base game: 3)
SEA_CITY = 2.7          # on a scenario map, a city's worth as a goal before its corner's yield (Hard: 2.2;
#                         ``Level.city_goal``), for it and its look-ahead's players
SEA_FOUND_NEST = 4      # founding on a scenario map: in each playout of a first settlement, this player's own
#                         second one is the best of the same search among Hard's best this many corners, not
#                         Hard's choice (0: Hard's)
FOUND_NEST = 0          # ... on the base game (0: Hard's second settlement)
FOUND_SAME_ISLAND = False   # ... Hard's pull to the first settlement's island (``SAME_ISLAND``) in its ranking
#                         (off: on a map with the island bonus, it founds on two islands more often)
COAST = 0.0             # on a scenario map, a corner's worth for the first building on the coast (Hard: 3),
#                         for the Expert and the players of its look-ahead alike
TABLES = 512            # positions whose tables (``knowledge.Tables``, its figures) it and its look-ahead keep
_SEARCHED = frozenset((A.ROAD, A.SETTLE, A.CITY, A.BUY, A.TRADE, A.END, A.PASS))
_BUILDS = frozenset((A.ROAD, A.SETTLE, A.CITY, A.BUY))
_HARDS = frozenset((A.OFFER, A.SHIP, A.MOVE_SHIP, A.KNIGHT, A.MONOPOLY, A.INVENTION, A.ROAD_BUILDING))
_VP_CARD = DEV_CARDS.index("victory_point")

_SCARCITY: dict[int, tuple] = {}


def scarcity(board) -> list[float]:
    """Per resource: how much a pip of it is worth on this board (rare resources more)."""
    key = id(board)
    stamp = board.stamp
    hit = _SCARCITY.get(key)
    if hit is not None and hit[0] is board and hit[1] == stamp:
        return hit[2]
    total = [0] * 5
    for h, r in enumerate(board.resource):
        if r is not None and board.numbers[h]:
            total[r] += pips(board.numbers[h])
    mean = sum(total) / 5.0 or 1.0
    w = [min(1.6, max(0.7, (mean / t) ** 0.5 if t else 1.6)) for t in total]
    if len(_SCARCITY) > 64:
        _SCARCITY.clear()
    _SCARCITY[key] = (board, stamp, w)
    return w


def value(view, me: int) -> float:
    """How good the position ``view`` shows is for seat ``me`` (``view`` is ``me``'s)."""
    if view.over:
        return 1e9 if view.winner == me else -1e9
    seat = Seat(view)
    w = scarcity(view.board)
    prod = seat.production(me)
    held = view.dev_hands[me]
    new = view.dev_new[me]
    vp_cards = held["victory_point"] - new["victory_point"]
    score = VP * (view.public_vp[me] + vp_cards)
    score += PROD * sum(w[r] * prod[r] for r in range(5)) + VARIETY * sum(1 for r in range(5) if prod[r])
    for q in range(view.players):
        if q != me:
            score -= ENEMY * sum(seat.production(q)) * (0.5 + seat.threat(q))
    yields = seat.yields
    spots = view.settlement_spots(me) if view.pieces_left[me]["settlements"] else []
    if spots:
        vals = sorted((sum(w[r] * yields[c][r] for r in range(5)) for c in spots), reverse=True)[:3]
        score += SPOTS * sum(vals) + SPOT_COUNT * len(vals)
    if view.pieces_left[me]["roads"]:
        reach = 0.0
        spot_set = set(spots)
        geo = view.geo
        for e in view.road_spots(me):
            for c in geo.edge_corners[e]:
                if c not in spot_set and view.corner_open(c) and view.corner_owner[c] == -1:
                    v = sum(w[r] * yields[c][r] for r in range(5))
                    if v > reach:
                        reach = v
        score += REACH * reach
    ratio = view.ratios[me]
    for r in range(5):
        if ratio[r] == 2:
            score += PORT2 * prod[r]
        elif ratio[r] == 3:
            score += PORT3 * sum(prod)
            break
    hand = view.hand
    n = sum(hand)
    city = (max(0, 2 - hand[3]) + max(0, 3 - hand[4])) / 5.0
    settle = sum(1 for r in range(4) if hand[r] == 0) / 4.0
    score += CARD * n + SYNERGY * (2.0 - city - settle)
    if n > 7:
        score -= OVER7 * (n - 7)
    score += DEV * (sum(held.values()) - held["victory_point"]) + DEV * 0.5 * (new["victory_point"])
    score += KNIGHT_PLAYED * view.knights[me] + ROUTE * view.route_lengths[me]
    return score


# What the advisor names (``figures``): per figure, about how much one unit
# of it weighs in ``value`` (to order the figures that decided a choice).
FIGURE_WEIGHT = {"points": VP, "income": 1.2 * PROD, "leader": ENEMY, "spots": SPOT_COUNT + 8 * SPOTS,
                 "need": SYNERGY / 4, "cards": CARD, "devs": DEV, "route": ROUTE}


def figures(view, me: int) -> dict[str, int]:
    """The figures of the position ``view`` shows (``me``'s view) that a
    person can check on the board, for the advisor's reason: points
    (with its own victory point cards), income (dots of the numbers
    its buildings stand on, the robber's hex not counted), the leader's
    income (the strongest other player, ``Seat.leader``), corners it may
    settle now, cards still needed for its nearest city or settlement,
    resource cards, development cards held (not points) and its longest
    route. Only what ``me`` sees (its view)."""
    seat = Seat(view)
    hand = view.hand
    held = view.dev_hands[me]
    lead = seat.leader()[0]
    city = max(0, 2 - hand[3]) + max(0, 3 - hand[4])
    settle = sum(1 for r in range(4) if hand[r] == 0)
    spots = view.settlement_spots(me) if view.pieces_left[me]["settlements"] else []
    return {"points": view.vp[me], "income": sum(seat.production(me)),
            "leader": sum(seat.production(lead)) if lead >= 0 else 0, "spots": len(spots),
            "need": min(city, settle), "cards": sum(hand), "devs": sum(held.values()) - held["victory_point"],
            "route": view.route_lengths[me]}


def decided(after: dict, before: dict, most: int = 4) -> list[tuple[str, int]]:
    """The figures that changed from ``before`` to ``after`` (``figures``),
    the weightiest first: (name, change)."""
    moved = [(k, after[k] - before[k]) for k in FIGURE_WEIGHT if after[k] != before[k]]
    moved.sort(key=lambda kv: -abs(kv[1]) * FIGURE_WEIGHT[kv[0]])
    return moved[:most]


class ExpertPlayer(PlanningPlayer):
    """The Expert level (see the module docstring)."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__("hard", seed, seat)
        self.level = "expert"
        self.cfg = replace(HARD, name="expert", coast=COAST)    # Hard's figures but the coast's (``COAST``)
        self._sea_cfg = replace(self.cfg, offers_per_turn=SEA_OFFERS,   # ... and on a scenario map, more offers
                                city_goal=SEA_CITY)             # and cities worth more
        self.search_rng = Rng(derive_seed(seed, seat, 0xE4E7))
        self.evaluations = 0        # positions evaluated in the last decision
        self._before: frozenset = frozenset()     # the searched actions legal before a bank trade
        self.tables = Tables(self.cfg, TABLES)  # its tables of positions, shared with its look-ahead's players
        self._weighed = None        # what the last search weighed, for the advisor:
        #                             (kind, [(value, action, view)], view if the turn ends, rollout averages or None,
        #                              (how far they played on: "next" turn or the "end" of this one, games each))

    def choose(self, view) -> Action:
        view = view_of(view)
        self._weighed = None
        sea = bool(view.regions)
        if sea and self.cfg is not self._sea_cfg:
            self._to_sea()
        self._new_turn(view)     # before its memory is saved and put back (``saved``): a new turn's offers count anew
        ph = view.phase
        if (ph == phases.SETUP_SETTLEMENT and FOUND_SEARCH and (not sea or SEA_FOUND) and view.decider == self.seat
                and len(view.legal) > 1):
            return self._found(view)
        if sea and not SEA_SEARCH:
            if SEA_ROLLOUTS and ph in (phases.MAIN, phases.SPECIAL_BUILD) and view.decider == self.seat \
                    and len(view.legal) > 1:
                pick = self._sea_rollouts(view)
                if pick is not None:
                    return pick
            if SEA_TRADE and ph == phases.MAIN and view.decider == self.seat and GREEDY_OFFERS:
                return self._sea_trade(view)
            return super().choose(view)         # a scenario map: Hard's play (module docstring)
        if ph == phases.ROLL and EAGER_KNIGHT and view.decider == self.seat and any(
                a.kind == A.KNIGHT for a in view.legal):
            return Action(A.KNIGHT)
        if (ph == phases.ROBBER and ROBBER_SEARCH and view.decider == self.seat
                and all(a.kind == A.ROBBER for a in view.legal)):
            return self._robber_search(view)
        if ph not in (phases.MAIN, phases.SPECIAL_BUILD) or view.decider != self.seat or len(view.legal) == 1:
            return super().choose(view)
        saved = (Rng.from_state(*self.rng.get_state()), self._turn_key, self._offers, set(self._tried),
                 set(self._left))
        hard = super().choose(view)
        if hard.kind in _HARDS and hard.kind != A.SHIP and hard.kind != A.MOVE_SHIP and hard.kind != A.OFFER:
            return hard         # card plays: Hard's judgement
        best, best_v, end_v = self._search(view, hard)
        if sea and SEA_MARGIN and best is not None and self._weighed is not None:
            hard_v = next((v for v, a, _ in self._weighed[1] if a == hard), end_v)
            if best_v <= hard_v + SEA_MARGIN:
                best, best_v = (hard, hard_v) if hard.kind in _SEARCHED else (None, end_v)
        if hard.kind in (A.SHIP, A.MOVE_SHIP) and SHIPS_FIRST and (best is None or best_v < end_v + VP / 2):
            return hard         # a voyage goes on unless a point can be built now
        if best is None or best_v <= end_v + HARD_BONUS or (OFFER_BEFORE_BANK and best.kind == A.TRADE):
            if GREEDY_OFFERS and ph == phases.MAIN:
                self.rng, self._turn_key, self._offers, self._tried, self._left = saved
                offer = self._greedy_offer(view)
                if offer is not None:
                    return offer
                hard = super().choose(view)
        if best is None or (hard.kind in _HARDS and best_v <= end_v + HARD_BONUS):
            return hard         # nothing searched beats ending: Hard's offer or ship, if it has one
        if GREEDY_OFFERS and ph == phases.MAIN and best.kind in GREEDY_FIRST and view.may_offer:
            offer = self._offer_first(view, saved)
            if offer is not None:
                return offer    # trading closes with the first build: ask before building
        if best != hard:
            self.rng, self._turn_key, self._offers, self._tried, self._left = saved
        return best

    def _to_sea(self) -> None:
        """The figures of a scenario map (``SEA_OFFERS``) from now on (a
        player plays one game), with tables worked out by them."""
        self.cfg = self._sea_cfg
        self.tables = Tables(self.cfg, TABLES)

    def _offer_first(self, view, saved) -> Action | None:
        """The two-for-one offer (``_greedy_offer``) made before a build of
        the kinds ``GREEDY_FIRST``, from the state before Hard's choice
        (``saved``), as before ending the turn; None, and the state as it
        was, when there is none to make."""
        now = (self.rng, self._turn_key, self._offers, self._tried, self._left)
        self.rng, self._turn_key, self._offers, self._tried, self._left = (
            Rng.from_state(*saved[0].get_state()), saved[1], saved[2], set(saved[3]), set(saved[4]))
        offer = self._greedy_offer(view)
        if offer is None:
            self.rng, self._turn_key, self._offers, self._tried, self._left = now
        return offer

    def _worth(self, view, me: int) -> float:
        """``value``, and on a scenario map (``SEA_VALUE``) the worth of the
        best voyage Hard would plan from this position (``PlanningPlayer._voyages``:
        a settlement, an island bonus or fog within the ships' reach), less
        for every ship it still needs."""
        v = value(view, me)
        if not SEA_VALUE or not view.regions or view.over:
            return v
        return v + SEA_VALUE * self._voyage(view, me)

    def _voyage(self, view, me: int) -> float:
        """The worth of the best voyage Hard would plan from the position
        ``view`` shows (``PlanningPlayer._voyages``: a settlement, an island
        bonus or fog within the ships' reach), in half points, less for
        every ship it still needs (``SEA_DECAY``); 0 if none."""
        seat = Seat(view)
        seat.shared = self.tables       # Hard's tables of this position, as in Hard's own decisions
        voyages = plan_for(seat.board).voyages(self, seat)   # Hard's, by its level's figures
        if not voyages:
            return 0.0
        top = voyages[0][1]
        return (VP / 2) * top.value * SEA_DECAY ** top.ships

    def _sea_worth(self, view, me: int) -> float:
        """The value of a position on a scenario map for the sea rollouts:
        ``value``, plus the best voyage (``_voyage``, times
        ``SEA_ROLLOUT_VALUE``), less ``SEA_FOG`` for every fog hex still
        hidden (whoever turns one, its resources and coast come to light)."""
        v = value(view, me)
        if view.over:
            return v
        return v + SEA_ROLLOUT_VALUE * self._voyage(view, me) - SEA_FOG * len(view.fog_hexes)

    def _sea_rollouts(self, view) -> Action | None:
        """On a scenario map, the Expert's own turn: Hard's choice (a
        build, ship, bank trade or the end of the turn) and the actions the
        sea value (``_sea_worth``) likes best (every ship it may build
        among them, ``SEA_SHIPS``), up to ``ROLLOUT_WIDTH`` within
        ``ROLLOUT_MARGIN`` of the best, Hard's always among them, are each
        played on to the end of this turn (``SEA_PLAY_ON``; every seat
        playing as Hard) in ``SEA_ROLLOUTS`` games made from its view;
        where a corner with the island bonus lies within ``LAND_LIMIT``
        roads over land (``voyage.land_reach``), in ``SEA_ROLLOUTS_LAND``
        games, and with at most ``ROLLOUT_PLAYERS`` players to the start of
        its next turn (``SEA_PLAY_ON_LAND``), as on the base game. The one
        worth most then on average is played, Hard's winning a tie by
        ``HARD_BONUS``. None when Hard's choice stands, or when ending the
        turn wins (then the two-for-one offer comes first, as on the base
        game)."""
        saved = (Rng.from_state(*self.rng.get_state()), self._turn_key, self._offers, set(self._tried),
                 set(self._left))
        hard = super().choose(view)
        self.rng, self._turn_key, self._offers, self._tried, self._left = saved
        if (hard.kind not in _SEARCHED and hard.kind not in (A.SHIP, A.MOVE_SHIP)) or hard.kind in SEA_ROLLOUT_SKIP:
            return None         # a card play or an offer (Hard's, or the two-for-one first), or a voyage going on
        me = self.seat
        game = determinize(view, self.search_rng)
        end_view = game.seat_view(me)
        scored = []
        for a in view.legal:
            if a.kind not in _SEARCHED and a != hard and not (SEA_SHIPS and a.kind == A.SHIP):
                continue
            if a.kind in (A.END, A.PASS):
                seen = end_view
            else:
                g = game.copy()
                g.apply(a)
                seen = g.seat_view(me)
            scored.append((self._sea_worth(seen, me) + (HARD_BONUS if a == hard else 0.0), a, seen))
        ranked = sorted(scored, key=lambda x: -x[0])
        close = [x for x in ranked if x[0] >= ranked[0][0] - ROLLOUT_MARGIN][:ROLLOUT_WIDTH]
        if all(x[1] != hard for x in close):
            close = close[:ROLLOUT_WIDTH - 1] + [next(x for x in scored if x[1] == hard)]
        if len(close) < 2:
            return None
        until, games = SEA_PLAY_ON, SEA_ROLLOUTS
        if land_reach(view, me, LAND_LIMIT) is not None:       # the bonus lies over land: look further
            games = SEA_ROLLOUTS_LAND
            if view.players <= ROLLOUT_PLAYERS:
                until = SEA_PLAY_ON_LAND
        totals = self._play_on(view, close, me, games, self._sea_worth, until == "end")
        avg = [t / games + (HARD_BONUS if x[1] == hard else 0.0) for t, x in zip(totals, close)]
        i = max(range(len(close)), key=lambda i: (avg[i], close[i][1] == hard, close[i][0]))
        pick = close[i][1]
        if pick == hard or pick.kind in (A.END, A.PASS):
            return None
        self._weighed = ("turn", scored, end_view, [(v, x[1]) for v, x in zip(avg, close)], (until, games))
        return pick

    def _sea_trade(self, view) -> Action:
        """Hard's choice, but before ending the turn (or Hard's own offer)
        the two-for-one offer of the base game."""
        saved = (Rng.from_state(*self.rng.get_state()), self._turn_key, self._offers, set(self._tried),
                 set(self._left))
        hard = super().choose(view)
        if hard.kind not in (A.END, A.OFFER):
            return hard
        self.rng, self._turn_key, self._offers, self._tried, self._left = saved
        offer = self._greedy_offer(view)
        if offer is not None:
            return offer
        if SEA_PICKS and hard.kind == A.END:
            pick = self._sea_pick(view)
            if pick is not None:
                return pick
        return super().choose(view)

    def _sea_pick(self, view) -> Action | None:
        """Of the builds of the kinds ``SEA_PICKS``, the one whose position
        is worth most by the value, if that beats ending the turn by more
        than ``HARD_BONUS`` (Hard's own choice, ending, wins a near tie)."""
        me = self.seat
        picks = [a for a in view.legal if a.kind in SEA_PICKS]
        if not picks:
            return None
        game = determinize(view, self.search_rng)
        best, best_v = None, value(game.seat_view(me), me) + HARD_BONUS
        for a in picks:
            g = game.copy()
            g.apply(a)
            v = value(g.seat_view(me), me)
            if v > best_v:
                best, best_v = a, v
        return best

    def _greedy_offer(self, view) -> Action | None:
        """An offer to everyone of one spare card for two the top goal
        misses (or one it misses and the one it would want most next)."""
        if not view.may_offer or not view.offers_left or self._offers >= GREEDY_PER_TURN:
            return None
        seat = Seat(view)
        goals = self._goals(seat)
        if not goals or goals[0][1] == "ship":
            return None
        cost = plan_for(seat.board).costs[goals[0][1]]
        hand = seat.hand
        need = missing(hand, cost)
        if not 1 <= sum(need) <= GREEDY_NEED:
            return None
        spare = [max(0, h - c) for h, c in zip(hand, cost)]
        w = self._weights(seat)
        wants = [r for r in range(5) for _ in range(need[r])][:2]
        if len(wants) == 1:
            wants.append(max((r for r in range(5) if r != wants[0]), key=lambda r: (w[r], -r)))
        get = [0] * 5
        for r in wants:
            get[r] += 1
        for g in sorted((r for r in range(5) if spare[r]), key=lambda r: (w[r], r)):
            if get[g]:
                continue
            give = [0] * 5
            give[g] = 1
            key = (tuple(give), tuple(get))
            if key in self._tried:
                continue
            self._tried.add(key)
            offer = Action(A.OFFER, *key, -1)
            if view.is_legal(offer):
                self._offers += 1
                return offer
        return None

    def _search(self, view, hard: Action):
        me = self.seat
        game = determinize(view, self.search_rng)
        self.evaluations = 0
        legal = [a for a in view.legal if a.kind in _SEARCHED]
        self._before = frozenset(legal)       # after a bank trade, only the builds it made possible
        if not legal:
            return None, 0.0, 0.0
        end_view = game.seat_view(me)
        end_v = self._worth(end_view, me)
        self.evaluations = 1
        best, best_v = None, -1e18
        scored = []
        for a in legal:
            if a.kind in (A.END, A.PASS):
                v, seen = end_v, end_view
            else:
                g = game.copy()
                g.apply(a)
                v, seen = self._after(g, a, me)
            if a == hard:
                v += HARD_BONUS
            scored.append((v, a, seen))
            if v > best_v:
                best, best_v = a, v
        self._weighed = ("turn", scored, end_view, None, None)
        if ROLLOUT_SAMPLES and len(scored) > 1 and view.players <= ROLLOUT_PLAYERS:
            ranked = sorted(scored, key=lambda x: -x[0])
            close = [x for x in ranked if x[0] >= ranked[0][0] - ROLLOUT_MARGIN][:ROLLOUT_WIDTH]
            if len(close) > 1:
                pick, played = self._rollouts(view, close, me)
                self._weighed = ("turn", scored, end_view, played, ("next", ROLLOUT_SAMPLES))
                if pick.kind in (A.END, A.PASS):     # the two-for-one offer, else Hard's own choice stands
                    self._weighed = None                # (the advisor gives Hard's reason)
                    return None, end_v, end_v
                return pick, max(best_v, end_v + HARD_BONUS + 1.0), end_v
        return best, best_v, end_v

    def _rollouts(self, view, close, me: int) -> tuple[Action, list[tuple[float, Action]]]:
        """Of the close candidates ``close`` ((value, action, view)), the one
        whose position at the start of this player's next turn is worth most
        on average over ``ROLLOUT_SAMPLES`` games made from its view, every
        seat (this one too) playing on as Hard would; and each candidate's
        average, as (average, action)."""
        totals = self._play_on(view, close, me, ROLLOUT_SAMPLES, self._worth, False)
        i = max(range(len(close)), key=lambda i: (totals[i], close[i][0]))
        return close[i][1], [(t / ROLLOUT_SAMPLES, a) for t, (_, a, _) in zip(totals, close)]

    def _sims(self, seed: int, players: int) -> list[PlanningPlayer]:
        """The players of a look-ahead, one per seat: Hard's play, judged by
        the Expert's figures (``COAST``; ``SEA_OFFERS`` on a scenario map),
        sharing its tables of positions
        (public facts, whoever works them out)."""
        sims = [PlanningPlayer("hard", seed, s) for s in range(players)]
        for sim in sims:
            sim.cfg = self.cfg
            sim.tables = self.tables
        return sims

    def _play_on(self, view, close, me: int, games: int, worth, turn_only: bool) -> list[float]:
        """For each candidate of ``close`` ((value, action, view)), the sum
        over ``games`` games made from ``view`` (the same game for every
        candidate) of the position's worth (``worth``) after the action and
        ``_round``."""
        totals = [0.0] * len(close)
        for k in range(games):
            base = determinize(view, self.search_rng)
            for i, (_, a, _) in enumerate(close):
                g = base.copy()
                g.apply(a)
                sims = self._sims(k, view.players)
                totals[i] += self._round(g, sims, me, worth, turn_only)
        return totals

    @staticmethod
    def _round(g, sims, me: int, worth, turn_only: bool = False) -> float:
        """Play ``g`` on with ``sims`` (a player per seat) to the start of
        ``me``'s next turn, or with ``turn_only`` to the end of this one (or
        the end of the game, or ``ROLLOUT_STEPS`` decisions); the value of
        the position then for ``me`` (a won or lost game: +-1e4)."""
        left = g.current != me
        steps = 0
        while not g.over and steps < ROLLOUT_STEPS:
            if g.current != me:
                if turn_only:
                    break
                left = True
            elif left and g.phase == phases.ROLL:
                break
            d = g.decider
            g.apply(sims[d].choose(g.seat_view(d)))
            steps += 1
        if g.over:
            return 1e4 if g.winner == me else -1e4
        return worth(g.seat_view(me), me)

    def _after(self, g, a: Action, me: int) -> tuple[float, object]:
        """The value after action ``a`` (applied to ``g``): after a bank
        trade, the best of stopping there and one build it allows; and the
        view of the position valued."""
        self.evaluations += 1
        here = g.seat_view(me)
        v = self._worth(here, me)
        if a.kind != A.TRADE or g.over or g.decider != me:
            return v, here
        follow = [b for b in here.legal if b.kind in _BUILDS and b not in self._before]
        for b in follow:
            if self.evaluations >= BUDGET:
                break
            g2 = g.copy()
            g2.apply(b)
            self.evaluations += 1
            there = g2.seat_view(me)
            v2 = self._worth(there, me)
            if v2 > v:
                v, here = v2, there
        return v, here

    def _answer(self, seat, legal) -> Action:
        act = super()._answer(seat, legal)
        if seat.view.regions and not (SEA_SEARCH or SEA_TRADE):
            return act
        off = seat.view.offer
        if act.kind == A.ACCEPT:
            if seat.visible_vp(off.offerer) - seat.visible_vp(seat.me) >= AHEAD_DECLINE:
                return Action(A.DECLINE)
            if self._trade_gain(seat, off.get, off.give) <= ANSWER_GAIN:
                act = Action(A.DECLINE)
        if act.kind == A.DECLINE and COUNTER_GREEDY and sum(off.give) == 1 and sum(off.get) == 1 \
                and seat.visible_vp(off.offerer) < seat.target - 2:
            w = self._weights(seat)
            for x in sorted(range(5), key=lambda r: (-w[r], r)):
                if off.get[x]:
                    continue
                gets = list(off.give)
                gets[x] += 1
                counter = Action(A.COUNTER, tuple(gets), tuple(off.get))
                if self._trade_gain(seat, off.get, tuple(gets)) > ANSWER_GAIN and seat.view.is_legal(counter):
                    return counter
                break
        return act

    def _robber_search(self, view) -> Action:
        me = self.seat
        game = determinize(view, self.search_rng)
        best, best_v = None, None
        for a in view.legal:
            g = game.copy()
            g.apply(a)
            v = value(g.seat_view(me), me)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def advise(self, seen, made=()):
        """As ``PlanningPlayer.advise``; the search's generator is put back
        too. When the action advised is one the search weighed, ``params``
        also says what it weighed: ``"figures"``, the figures (``figures``)
        that changed from ending the turn to the position after the action
        (or, founding, from the next best corner's position), the weightiest
        first, as (name, change); ``"corner"``, founding, the corner's
        (dots, resources); and ``"next"``, the two best other kinds of
        action weighed, as (kind, how many points' worth less), kind
        ``"found"`` for another founding corner; when the rollouts chose
        among close actions, ``"played"`` (games a candidate), ``"until"``
        (how far they were played on: ``"next"``, to the start of this
        player's next turn, or ``"end"``, to the end of this one, on a
        scenario map) and ``"next"`` the other candidates by how much less
        they were worth on average then."""
        saved = Rng.from_state(*self.search_rng.get_state())
        try:
            action, code, params = super().advise(seen, made)
        finally:
            self.search_rng = saved
        weighed, self._weighed = self._weighed, None
        if weighed is None:
            return action, code, params
        kind, scored, end_view, played, until = weighed
        chosen = [x for x in scored if x[1] == action]
        if not chosen:
            return action, code, params
        v, _, seen_view = chosen[0]
        me = self.seat
        rest = sorted((x for x in scored if x[1] != action), key=lambda x: -x[0])
        params = dict(params)
        if kind == "found":
            params["figures"] = decided(figures(seen_view, me), figures(rest[0][2], me)) if rest else []
            row = Seat(seen_view).yields[action.a]
            params["corner"] = (sum(row), sum(1 for x in row if x))
            params["next"] = [("found", round((v - x[0]) / VP, 2)) for x in rest[:2]]
            return action, code, params
        params["figures"] = decided(figures(seen_view, me), figures(end_view, me))
        nxt, kinds = [], {action.kind}
        mine = [x for x in played or () if x[1] == action]
        if mine:        # the rollouts decided: the others played on, by their average then
            params["until"], params["played"] = until
            v = mine[0][0]
            rest = sorted((x for x in played if x[1] != action), key=lambda x: -x[0])
        for x in rest:
            if x[1].kind not in kinds and len(nxt) < 2:
                kinds.add(x[1].kind)
                nxt.append((x[1].kind, round((v - x[0]) / VP, 2)))
        params["next"] = nxt
        return action, code, params

    def _found(self, view) -> Action:
        """A founding settlement: Hard's best few corners, each played out
        to the end of the founding (every other seat places as Hard would;
        on a scenario map this player's own later settlement,
        ``SEA_FOUND_NEST``, is searched the same way among Hard's best
        few), scored by the value of the position then."""
        self.evaluations = 0
        game = determinize(view, self.search_rng)
        best, scored = self._found_search(view, game, self._sims(0, view.players), nested=False)
        self._weighed = ("found", scored, None, None, None)
        return best

    def _found_search(self, view, game, sims: list, nested: bool):
        """The best founding corner of this player in ``view``, the position
        of ``game``, and [(value, corner's action, view at the end of the
        founding)] of the candidates: Hard's best ``SEA_FOUND_CANDIDATES``
        (scenario map) or ``FOUND_CANDIDATES`` corners, or, ``nested``, its
        best ``SEA_FOUND_NEST`` (base game: ``FOUND_NEST``); Hard's ranking,
        with its pull to the first settlement's island only if
        ``FOUND_SAME_ISLAND``."""
        me = self.seat
        seat = Seat(view)
        sea = bool(view.island_bonus_points and self.cfg.smart_setup)
        hard = {a.a: (plan_for(seat.board).founding_value(self, seat, a.a, same_island=FOUND_SAME_ISLAND) if sea
                      else self._corner_value(seat, a.a, founding=True))
                for a in view.legal}        # Hard's founding value of each corner (with the sea's on a scenario map)
        ranked = sorted(view.legal, key=lambda a: (-hard[a.a], a.a))
        nest = SEA_FOUND_NEST if view.regions else FOUND_NEST
        width = nest if nested else SEA_FOUND_CANDIDATES if view.regions else FOUND_CANDIDATES
        best, best_v = ranked[0], None
        scored = []
        for i, a in enumerate(ranked[:width]):
            g = game.copy()
            g.apply(a)
            v = None
            while g.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD):
                d = g.decider
                if nest and not nested and d == me and g.phase == phases.SETUP_SETTLEMENT:
                    # its own next settlement: the best of its own search
                    _, inner = self._found_search(g.seat_view(me), g, sims, nested=True)
                    v, _, seen = max(inner, key=lambda x: x[0])
                    break
                g.apply(sims[d].choose(g.seat_view(d)))
            if v is None:
                self.evaluations += 1
                seen = g.seat_view(me)
                v = value(seen, me)
            v += HARD_BONUS if i == 0 else 0.0
            if sea:     # what the value does not see: the fog and other islands within the ships' reach
                v += SEA_FOUND_EXTRA * (hard[a.a] - self._corner_value(seat, a.a, founding=True))
            scored.append((v, a, seen))
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best, scored


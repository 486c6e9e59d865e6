"""Every event the engine reports, declared once.

``Game.apply`` returns a list of events: what the decision caused, in the
order it happened. An event is a plain ``dict`` with a ``"type"`` (its kind)
and the fields its kind lists below; the constructors in this module are
the only place events are made, so the declarations are the whole truth.

Conventions: players are seat numbers from 0 (``-1``: nobody); resources
are indices into ``components.RESOURCES``; a bundle is a list of 5 counts in
that order; corners, edges and hexes are the ids of the map's ``geometry.MapGeometry``.
Fields listed in ``secret`` are known only to the players named in
``EventKind.knows`` (the others, and the log, must not show them).
"""

from __future__ import annotations

from dataclasses import dataclass

from .pieces import PLACE


@dataclass(frozen=True)
class EventKind:
    name: str
    fields: tuple[str, ...]              # always present, besides "type"
    doc: str
    optional: tuple[str, ...] = ()      # present in some events of this kind
    secret: tuple[str, ...] = ()        # fields only some players may see
    knows: tuple[str, ...] = ()         # fields naming the players who may see them


KINDS: dict[str, EventKind] = {}


def declare(name: str, fields: str, doc: str, optional: str = "", secret: str = "", knows: str = "") -> str:
    """Declare an event kind (a layer declares its own the same way; docs/engine.md)."""
    if name in KINDS:
        raise ValueError(f"event kind {name!r} is taken")
    KINDS[name] = EventKind(name, tuple(fields.split()), doc, tuple(optional.split()), tuple(secret.split()),
                            tuple(knows.split()))
    return name


_kind = declare


# --- the start of a game ---------------------------------------------------------
_kind("first_roll", "rolls", "the roll-off for the first player: rolls = [[player, sum], ...] (ties re-roll)")
_kind("first_player", "player", "the winner of the roll-off begins the founding phase")
# --- production -------------------------------------------------------------------
_kind("dice", "player dice total", "the current player rolled: dice = [d1, d2], total their sum")
_kind("production", "number gains shortage",
      "hexes with that number paid out: gains[p] = bundle per player; shortage = resources the bank "
      "could not pay to everyone owed them")
_kind("founding_income", "player gains", "the second founding settlement's cards (a bundle)")
_kind("must_discard", "players", "a 7: players = [[player, cards to give up], ...] in discard order")
_kind("discard", "player resource", "one card given up to the bank on a 7")
# --- the robber ---------------------------------------------------------------------
_kind("robber", "player hex victim", "the robber moved to hex; victim the player robbed (-1: nobody)")
_kind("steal", "player victim resource", "player took one random card from victim",
      secret="resource", knows="player victim")
# --- trade --------------------------------------------------------------------------
_kind("trade_bank", "player give count get", "maritime trade: count cards of give for one of get")
_kind("offer", "player give get to", "a domestic offer: player gives bundle give for bundle get, "
      "to one player or -1 for all")
_kind("answer", "player answer", "an addressee answered: accept, decline or counter (with the counter's "
      "terms, seen from the offerer: the offerer gives give, gets get)", optional="give get")
_kind("trade", "player with give get", "a domestic trade closed: player gave give to with and got get")
_kind("offer_closed", "player with", "an offer ended without a trade (withdrawn or declined by all)")
# --- building -----------------------------------------------------------------------
_kind("build", "player piece at place", "a piece placed: piece road|settlement|city (or a layer's piece) at "
      "place at, an edge or a corner (place: edge|corner, from the table pieces.PLACE); free: placed by Road Building",
      optional="free")
_kind("roads_lost", "player edges", "option cut_roads=lost: these roads of player, cut off by another "
      "player's settlement, went back to their supply")
_kind("longest_route", "player from length", "the Longest Trade Route card moved from one player to "
      "another (-1: set aside or not held before)")
_kind("largest_army", "player from knights", "the Largest Army card moved to player (knights played)")
# --- development cards --------------------------------------------------------------
_kind("buy", "player card", "a development card bought", secret="card", knows="player")
_kind("play", "player card", "a development card played")
_kind("monopoly", "player resource taken", "Monopoly: taken[p] = cards of resource taken from each player")
_kind("invention", "player resources", "Invention: the two resources taken from the bank")
# --- the turn -----------------------------------------------------------------------
_kind("end_turn", "player turn", "player ended turn number turn")
_kind("special_build", "player", "5-6 players: player may build now (special build phase)")
_kind("turn", "player turn", "turn number turn begins: player to roll")
_kind("stalemate", "turn", "nobody can gain another point: the game ends with the leader winning "
      "(docs/rules.md, the end of a game that can no longer change)")
_kind("win", "player points reason", "the game is over: points per player; reason points | turn_limit | "
      "turn_cap (the safety cap on rounds) | stalemate")


# --- constructors (one per kind; the fields are the declaration above) -----------
# Plain functions returning plain dicts: events are made on the hot path.

def first_roll(rolls) -> dict:
    return {"type": "first_roll", "rolls": rolls}


def first_player(player: int) -> dict:
    return {"type": "first_player", "player": player}


def dice(player: int, d1: int, d2: int) -> dict:
    return {"type": "dice", "player": player, "dice": [d1, d2], "total": d1 + d2}


def production(number: int, gains, shortage: list) -> dict:
    return {"type": "production", "number": number, "gains": gains, "shortage": shortage}


def founding_income(player: int, gains: list) -> dict:
    return {"type": "founding_income", "player": player, "gains": gains}


def must_discard(players: list) -> dict:
    return {"type": "must_discard", "players": players}


def discard(player: int, resource: int) -> dict:
    return {"type": "discard", "player": player, "resource": resource}


def robber(player: int, hex: int, victim: int) -> dict:   # noqa: A002 - the game's word
    return {"type": "robber", "player": player, "hex": hex, "victim": victim}


def steal(player: int, victim: int, resource: int) -> dict:
    return {"type": "steal", "player": player, "victim": victim, "resource": resource}


def trade_bank(player: int, give: int, count: int, get: int) -> dict:
    return {"type": "trade_bank", "player": player, "give": give, "count": count, "get": get}


def offer(player: int, give, get, to: int) -> dict:
    return {"type": "offer", "player": player, "give": list(give), "get": list(get), "to": to}


def answer(player: int, kind: str, give=None, get=None) -> dict:
    ev = {"type": "answer", "player": player, "answer": kind}
    if kind == "counter":
        ev["give"], ev["get"] = list(give), list(get)
    return ev


def trade(player: int, other: int, give, get) -> dict:
    return {"type": "trade", "player": player, "with": other, "give": list(give), "get": list(get)}


def offer_closed(player: int) -> dict:
    return {"type": "offer_closed", "player": player, "with": -1}


def build(player: int, piece: str, at: int, free: bool = False) -> dict:
    ev = {"type": "build", "player": player, "piece": piece, "at": at, "place": PLACE[piece]}
    if free:
        ev["free"] = True
    return ev


def roads_lost(player: int, edges: list) -> dict:
    return {"type": "roads_lost", "player": player, "edges": edges}


def longest_route(player: int, previous: int, length: int) -> dict:
    return {"type": "longest_route", "player": player, "from": previous, "length": length}


def largest_army(player: int, previous: int, knights: int) -> dict:
    return {"type": "largest_army", "player": player, "from": previous, "knights": knights}


def buy(player: int, card: str) -> dict:
    return {"type": "buy", "player": player, "card": card}


def play(player: int, card: str) -> dict:
    return {"type": "play", "player": player, "card": card}


def monopoly(player: int, resource: int, taken: list) -> dict:
    return {"type": "monopoly", "player": player, "resource": resource, "taken": taken}


def invention(player: int, a: int, b: int) -> dict:
    return {"type": "invention", "player": player, "resources": [a, b]}


def end_turn(player: int, turn: int) -> dict:
    return {"type": "end_turn", "player": player, "turn": turn}


def special_build(player: int) -> dict:
    return {"type": "special_build", "player": player}


def turn(player: int, number: int) -> dict:
    return {"type": "turn", "player": player, "turn": number}


def stalemate(turn: int) -> dict:
    return {"type": "stalemate", "turn": turn}


def win(player: int, points: list, reason: str = "points") -> dict:
    return {"type": "win", "player": player, "points": points, "reason": reason}


def check(event) -> str | None:
    """Why ``event`` does not match its declaration (None: it does)."""
    if not isinstance(event, dict):
        return "an event is a dict"
    kind = KINDS.get(event.get("type"))
    if kind is None:
        return f"undeclared event kind {event.get('type')!r}"
    keys = set(event) - {"type"}
    missing = set(kind.fields) - keys
    if missing:
        return f"{kind.name}: missing {sorted(missing)}"
    extra = keys - set(kind.fields) - set(kind.optional)
    if extra:
        return f"{kind.name}: undeclared {sorted(extra)}"
    return None


def seen_by(event: dict, viewer: int | None) -> dict:
    """``event`` as ``viewer`` may see it (None: everything open): secret
    fields are dropped unless the viewer is named in a ``knows`` field."""
    kind = KINDS[event["type"]]
    if viewer is None or not kind.secret or any(event.get(f) == viewer for f in kind.knows):
        return event
    return {k: v for k, v in event.items() if k not in kind.secret}

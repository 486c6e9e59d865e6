"""The actions of a Seafarers game: the base game's (``..actions``; this
module re-exports them, so a front end imports one module) and the four
kinds the layer declares, with their text notation (kept as saves, replays
and the window know it):

=================  ==================================  ========================
text               kind / fields                       meaning
=================  ==================================  ========================
``ship 34``        ship place=edge                     ship (founding, built or
                                                       free by Road Building)
``move 34 40``     move_ship place=edge target=edge    move the ship on edge 34
                                                       to 40
``pirate 61``      pirate place=hex victim=-1          move the pirate, rob
                                                       nobody
``pirate 61 p2``   pirate place=hex victim=player      move the pirate, rob
                                                       player 2
``gold W``         gold resource=resource              take one resource for
                                                       gold
=================  ==================================  ========================

The fields by name are the base ``Action``'s: ``place``, ``target``,
``victim``, ``resource``.
"""

from __future__ import annotations

from ..actions import *  # noqa: F403  (the base game's kinds, for one import in a front end)
from ..actions import Action, declare, player_text, read_number, read_player, read_resource
from ..components import RESOURCE_LETTERS

SHIP = declare("ship", "ship", (1,), lambda act: f"ship {act.place}",
               lambda w: Action(SHIP, read_number(w[0], "an edge")), "n")
MOVE_SHIP = declare("move_ship", "move", (2,), lambda act: f"move {act.place} {act.target}",
                    lambda w: Action(MOVE_SHIP, read_number(w[0], "an edge"), read_number(w[1], "an edge")), "nn")
PIRATE = declare("pirate", "pirate", (1, 2),
                 lambda act: f"pirate {act.place}" if act.victim == -1
                 else f"pirate {act.place} {player_text(act.victim)}",
                 lambda w: Action(PIRATE, read_number(w[0], "a hex"), read_player(w[1]) if len(w) == 2 else -1),
                 "nn")
GOLD = declare("gold", "gold", (1,), lambda act: f"gold {RESOURCE_LETTERS[act.resource]}",
               lambda w: Action(GOLD, read_resource(w[0])), "r")

_SHIPS: dict[int, list[Action]] = {}
_PIRATES: dict[int, list[list[Action]]] = {}


def ship_actions(edges: int) -> list[Action]:
    """``ship e`` for every edge id below ``edges`` (made once, shared by every listing)."""
    row = _SHIPS.get(edges)
    if row is None:
        row = _SHIPS[edges] = [Action(SHIP, e) for e in range(edges)]
    return row


def pirate_actions(hexes: int) -> list[list[Action]]:
    """``pirate h`` and ``pirate h pN`` (row index victim + 1) for every hex id below ``hexes``."""
    rows = _PIRATES.get(hexes)
    if rows is None:
        rows = _PIRATES[hexes] = [[Action(PIRATE, h, v) for v in range(-1, 6)] for h in range(hexes)]
    return rows

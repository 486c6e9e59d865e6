"""The events of a Seafarers game: the base game's (``..events``,
re-exported here) and those the layer declares (``events.declare``), with
their constructors. Their names and fields are kept as saves, replays, the
log and the window know them."""

from __future__ import annotations

from ..events import *  # noqa: F403  (the base game's events, for one import in a front end)
from ..events import declare

declare("ship_moved", "player from to", "player moved the ship on edge from to edge to")
declare("pirate", "player hex victim", "the pirate moved to sea hex hex; victim the player robbed (-1: nobody)")
declare("gold_due", "players", "gold fields: players = [[player, choices], ...] in choosing order")
declare("gold_choice", "player resource", "player chose one resource of a gold field")
declare("gold_lost", "players", "the bank is empty: these gold choices ([[player, choices], ...]) are lost")
declare("explore", "player hex terrain number reward", "player turned a fog hex: its terrain and number "
        "(0: none); reward the resource the explorer took (-1: none; gold gives a choice)")
declare("island_bonus", "player corner points", "player's settlement on corner earned the island bonus")


def ship_moved(player: int, frm: int, to: int) -> dict:
    return {"type": "ship_moved", "player": player, "from": frm, "to": to}


def pirate(player: int, hex: int, victim: int) -> dict:   # noqa: A002 - the game's word
    return {"type": "pirate", "player": player, "hex": hex, "victim": victim}


def gold_due(players: list) -> dict:
    return {"type": "gold_due", "players": players}


def gold_choice(player: int, resource: int) -> dict:
    return {"type": "gold_choice", "player": player, "resource": resource}


def gold_lost(players: list) -> dict:
    return {"type": "gold_lost", "players": players}


def explore(player: int, hex: int, terrain: str, number: int, reward: int) -> dict:   # noqa: A002
    return {"type": "explore", "player": player, "hex": hex, "terrain": terrain, "number": number,
            "reward": reward}


def island_bonus(player: int, corner: int, points: int) -> dict:
    return {"type": "island_bonus", "player": player, "corner": corner, "points": points}

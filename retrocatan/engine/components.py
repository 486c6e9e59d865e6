"""The game's components: resources, terrains, costs, card decks and counts.

Names follow the 1996 wording (docs/rules.md §1: Coal, not Ore; Invention,
not Year of Plenty); the counts are §2 and the costs §8. Resource bundles are 5-tuples in the order of RESOURCES.
"""

from __future__ import annotations

RESOURCES = ("wood", "brick", "sheep", "wheat", "coal")
WOOD, BRICK, SHEEP, WHEAT, COAL = range(5)
# One letter per resource for the action notation: G is for grain (wheat).
RESOURCE_LETTERS = "WBSGC"
LETTER_TO_RESOURCE = {ch: i for i, ch in enumerate(RESOURCE_LETTERS)}

TERRAIN_RESOURCE = {
    "forest": WOOD,
    "hills": BRICK,
    "pasture": SHEEP,
    "fields": WHEAT,
    "mountains": COAL,
    "desert": None,
}

# Costs as resource bundles (wood, brick, sheep, wheat, coal).
COST_ROAD = (1, 1, 0, 0, 0)
COST_SETTLEMENT = (1, 1, 1, 1, 0)
COST_CITY = (0, 0, 0, 2, 3)
COST_DEV_CARD = (0, 0, 1, 1, 1)

DEV_CARDS = ("knight", "victory_point", "road_building", "monopoly", "invention")
KNIGHT, VICTORY_POINT, ROAD_BUILDING, MONOPOLY, INVENTION = range(5)

PIECES = {"settlements": 5, "cities": 4, "roads": 15}

# Per edition (a scenario's ``components``): bank size per resource and the development deck. The
# island's terrain, tokens and harbours are its map's: scenarios/base-3-4.json and base-5-6.json.
BOARD_KINDS = {
    "base": {"bank": 19, "deck": (14, 5, 2, 2, 2)},
    "extension": {"bank": 24, "deck": (20, 5, 3, 3, 3)},
}


def token_letters(n: int) -> list[str]:
    """Letters printed on the backs of the tokens: A..Z, then Za, Zb, ..."""
    out = [chr(ord("A") + i) for i in range(min(n, 26))]
    for i in range(n - 26):
        out.append("Z" + chr(ord("a") + i))
    return out


def board_kind_for(players: int) -> str:
    return "base" if players <= 4 else "extension"


def bundle_text(bundle) -> str:
    """A resource bundle as letters: (2,1,0,0,0) -> 'WWB'."""
    return "".join(RESOURCE_LETTERS[r] * n for r, n in enumerate(bundle))


def parse_bundle(text: str) -> tuple[int, ...]:
    counts = [0] * 5
    for ch in text:
        r = LETTER_TO_RESOURCE.get(ch.upper())
        if r is None:
            raise ValueError(f"unknown resource letter {ch!r} (use {RESOURCE_LETTERS})")
        counts[r] += 1
    return tuple(counts)


def pips(number: int) -> int:
    """Ways to roll ``number`` with two dice (the dots under a token)."""
    return 6 - abs(7 - number) if 2 <= number <= 12 else 0

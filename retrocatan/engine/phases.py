"""The decision points of a game: whose decision it is and of what kind.

A layer adds its own phases with ``declare`` (docs/engine.md)."""

SETUP_SETTLEMENT = "setup_settlement"   # founding: place a settlement
SETUP_ROAD = "setup_road"               # founding: place the road beside it
ROLL = "roll"                           # start of a turn: roll (or play a card first)
DISCARD = "discard"                     # a 7: a player over 7 cards gives up half
ROBBER = "robber"                       # move the robber and choose a victim
MAIN = "main"                           # after the roll: trade, then build
OFFER_RESPONSE = "offer_response"       # an addressee answers a domestic offer
OFFER_CONFIRM = "offer_confirm"         # the offerer picks an answer or withdraws
ROAD_BUILDING = "road_building"         # placing the free roads of Road Building
SPECIAL_BUILD = "special_build"         # 5-6 players: another player builds
OVER = "over"                           # the game has a winner

# every phase: the base game's, then those the layers declare
ALL = [SETUP_SETTLEMENT, SETUP_ROAD, ROLL, DISCARD, ROBBER, MAIN, OFFER_RESPONSE,
       OFFER_CONFIRM, ROAD_BUILDING, SPECIAL_BUILD, OVER]


def declare(phase: str) -> str:
    """Make a layer's phase known (a state in it loads); returns ``phase``."""
    if phase in ALL:
        raise ValueError(f"phase {phase!r} is taken")
    ALL.append(phase)
    return phase

"""The decision points of a game: whose decision it is and of what kind."""

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
GOLD = "gold"                           # Seafarers: a player chooses a gold field's resource
OVER = "over"                           # the game has a winner

ALL = (SETUP_SETTLEMENT, SETUP_ROAD, ROLL, DISCARD, ROBBER, MAIN, OFFER_RESPONSE,
       OFFER_CONFIRM, ROAD_BUILDING, SPECIAL_BUILD, GOLD, OVER)

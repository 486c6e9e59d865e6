"""The kinds of seat a game may have, by name: a person, or a computer of a
level. A leaf that imports nothing, so that the command line, the server
and the window can name the levels without loading the computer players
(``ai.players.make_player`` makes them)."""

COMPUTER_LEVELS = ("easy", "normal", "hard", "expert")     # the levels a computer seat of a game may have
LEVEL_NAMES = COMPUTER_LEVELS + ("random",)                 # every player ``make_player`` makes
SEAT_KINDS = ("human",) + COMPUTER_LEVELS                   # a seat of a game: a person or a computer of a level

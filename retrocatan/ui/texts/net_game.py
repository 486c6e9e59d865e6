"""The game screen of a network game (ui/scenes/network_game.py,
ui/net/session.py): the record kept. English and German, the same keys."""

EN = {
    "net.keep.on": "Its record is kept when the game ends (Load game)",
    "net.keep.off": "Its record is not kept on this machine",
}

DE = {
    "net.keep.on": "Der Spielbericht wird am Ende aufbewahrt (Spiel laden)",
    "net.keep.off": "Der Spielbericht wird auf diesem Rechner nicht aufbewahrt",
}

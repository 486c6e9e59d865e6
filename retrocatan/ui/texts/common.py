"""Words of the window's screens: the cards box's short resource names, the computer's
pace, on/off, and the on-screen keyboard (ui/keyboard.py). The game's own words
(resources, cards, colours, levels, pieces, terrains) are words/texts/names.py's.

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "res.card.0": "Wood",
    "res.card.1": "Brick",
    "res.card.2": "Sheep",
    "res.card.3": "Wheat",
    "res.card.4": "Coal",
    "on": "on",
    "off": "off",
    "speed.0": "slow",
    "speed.1": "normal",
    "speed.2": "fast",
    "speed.3": "instant",
    "hint.select": "Enter / A / click",
    "hint.change": "< > / click: change",
    "kb.title": "Keyboard",
    "kb.space": "Space",
    "kb.delete": "Delete",
    "kb.done": "Done",
}

DE = {
    "res.card.0": "Holz",
    "res.card.1": "Lehm",
    "res.card.2": "Wolle",
    "res.card.3": "Getr.",
    "res.card.4": "Erz",
    "on": "an",
    "off": "aus",
    "speed.0": "langsam",
    "speed.1": "normal",
    "speed.2": "schnell",
    "speed.3": "sofort",
    "hint.select": "Enter / A / Klick",
    "hint.change": "< > / Klick: ändern",
    "kb.title": "Tastatur",
    "kb.space": "Leerzeichen",
    "kb.delete": "Löschen",
    "kb.done": "Fertig",
}

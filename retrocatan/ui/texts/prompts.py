"""The game's dialogs other than trading (ui/prompts/): discard, robber's victim, development
cards, the road-or-ship question and gold.

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "dialog.nobody": "Rob nobody",
    "dialog.rob": "Rob {name} ({n} {n:card|cards})",
    "dialog.discard": "Give up {n} more",
    "dialog.monopoly": "Monopoly: name a resource",
    "dialog.invention": "Invention: take {n} more",
    "dialog.card": "Play a development card",
    "dialog.victim": "Rob whom?",
    "discard.title": "Give up {n} {n:card|cards} (a 7)",
    "discard.item": "{res}: give {k} of {held}",
    "discard.count": "Chosen: {k} of {n}",
    "discard.keys": "Right/Enter +1  Left -1  Esc: last back",
    "discard.keys.pad": "Right/A +1  Left -1  B: last back",
    "discard.keys.mouse": "Click halves +1/-1  Right click: back",
    "discard.confirm": "Give up these {n} {n:card|cards}",
    "discard.clear": "Start again",
    "sea.road": "Road",
    "sea.ship": "Ship",
    "sea.road_or_ship": "Road or ship?",
    "sea.pirate_line": "The pirate robs a ship's owner.",
    "gold.title": "Gold",
    "gold.line": "Gold field: choose a resource ({n} left)",
}

DE = {
    "dialog.nobody": "Niemanden berauben",
    "dialog.rob": "{name} berauben ({n} {n:Karte|Karten})",
    "dialog.discard": "Noch {n} abgeben",
    "dialog.monopoly": "Monopol: Rohstoff nennen",
    "dialog.invention": "Erfindung: noch {n} nehmen",
    "dialog.card": "Entwicklungskarte spielen",
    "dialog.victim": "Wen berauben?",
    "discard.title": "{n} {n:Karte|Karten} abgeben (eine 7)",
    "discard.item": "{res}: {k} von {held} abgeben",
    "discard.count": "Gewählt: {k} von {n}",
    "discard.keys": "Rechts/Enter +1  Links -1  Esc: zurück",
    "discard.keys.pad": "Rechts/A +1  Links -1  B: zurück",
    "discard.keys.mouse": "Hälften +1/-1  Rechtsklick: zurück",
    "discard.confirm": "Diese {n} {n:Karte|Karten} abgeben",
    "discard.clear": "Neu wählen",
    "sea.road": "Straße",
    "sea.ship": "Schiff",
    "sea.road_or_ship": "Straße oder Schiff?",
    "sea.pirate_line": "Der Pirat beraubt einen Schiffseigner.",
    "gold.title": "Gold",
    "gold.line": "Goldfluss: Rohstoff wählen (noch {n})",
}

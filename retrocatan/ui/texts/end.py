"""The end screen (ui/scenes/end.py).

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "end.scores": "Points",
    "end.vp_cards": "({n} VP)",
    "end.title": "{name} wins!",
    "end.points": "{name}: {vp} points",
    "end.stats": "Statistics",
    "end.dice": "Dice rolled",
    "end.gained": "Cards gained",
    "end.continue": "Enter: back to the title",
    "end.continue.pad": "A: back to the title",
    "end.continue.mouse": "Click: back to the title",
    "end.breakdown": "= {b} {b:building|buildings} + {a} {a:award|awards} + {c} {c:card|cards}",
    "end.island_bonus": "+ {i} island bonus",
}

DE = {
    "end.scores": "Punkte",
    "end.vp_cards": "({n} SP)",
    "end.title": "{name} gewinnt!",
    "end.points": "{name}: {vp} Punkte",
    "end.stats": "Statistik",
    "end.dice": "Gewürfelt",
    "end.gained": "Erhaltene Karten",
    "end.continue": "Enter: zum Titel",
    "end.continue.pad": "A: zum Titel",
    "end.continue.mouse": "Klick: zum Titel",
    "end.breakdown": "= {b} Bauten + {a} Sonderk. + {c} {c:Karte|Karten}",
    "end.island_bonus": "+ {i} Inselbonus",
}

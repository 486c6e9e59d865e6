"""The board in words: the places of a board by number (``place.*``,
words/places.py) and the legend of the base game's text art (words/board.py).

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "place.hex": "hex {id} {code}",
    "place.corner": "corner {id} ({around})",
    "place.edge": "edge {id} ({around})",
    "place.harbour": "{hexes}, {kind} harbour",
    "place.sea": "sea",
    "board.legend": ("Fo forest/wood  Hi hills/brick  Pa pasture/sheep  Fi fields/wheat  Mo mountains/coal  "
                     "De desert  * robber"),
}

DE = {
    "place.hex": "Feld {id} {code}",
    "place.corner": "Ecke {id} ({around})",
    "place.edge": "Kante {id} ({around})",
    "place.harbour": "{hexes}, Hafen {kind}",
    "place.sea": "Meer",
    "board.legend": ("Fo Wald/Holz  Hi Hügel/Lehm  Pa Weide/Wolle  Fi Acker/Getreide  Mo Gebirge/Erz  "
                     "De Wüste  * Räuber"),
}

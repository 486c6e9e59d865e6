"""The status line of each decision the engine asks for (``PlayerView.prompt``,
words/prompts.py): who decides and what; a layer's variant ends in its
name (``.sea``).

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "status.setup_settlement": "{name}: place a settlement (founding)",
    "status.setup_road": "{name}: place a road next to it",
    "status.roll": "{name}: roll the dice (or play a card first)",
    "status.main": "{name}: trade, then build - or end your turn",
    "status.main.trade_build": "{name}: trade, then build - or end your turn",
    "status.main.build": "{name}: build (trading is over) - or end your turn",
    "status.main.free": "{name}: trade and build in any order - or end your turn",
    "status.discard": "{name}: give up {n} more {n:card|cards} (a 7 was rolled)",
    "status.robber": "{name}: move the robber",
    "status.offer_response": "{name}: answer {offerer}'s offer",
    "status.offer_confirm": "{name}: choose an answer or withdraw the offer",
    "status.road_building": "{name}: place a free road",
    "status.setup_road.sea": "{name}: place a road or a ship next to it",
    "status.road_building.sea": "{name}: place a free road or ship",
    "status.robber.sea": "{name}: move the robber or the pirate",
    "status.special_build": "{name}: special build phase - build or pass",
    "status.over": "{name} has won!",
    "status.gold": "{name}: choose a resource (gold field)",
}

DE = {
    "status.setup_settlement": "{name}: Siedlung setzen (Gründung)",
    "status.setup_road": "{name}: Straße daneben setzen",
    "status.roll": "{name}: würfeln (oder zuerst eine Karte spielen)",
    "status.main": "{name}: handeln, dann bauen - oder Zug beenden",
    "status.main.trade_build": "{name}: handeln, dann bauen - oder Zug beenden",
    "status.main.build": "{name}: bauen (Handel vorbei) - oder Zug beenden",
    "status.main.free": "{name}: handeln und bauen - oder Zug beenden",
    "status.discard": "{name}: noch {n} {n:Karte|Karten} abgeben (eine 7)",
    "status.robber": "{name}: den Räuber versetzen",
    "status.offer_response": "{name}: auf das Angebot von {offerer} antworten",
    "status.offer_confirm": "{name}: eine Antwort wählen oder zurückziehen",
    "status.road_building": "{name}: eine freie Straße setzen",
    "status.setup_road.sea": "{name}: Straße oder Schiff daneben setzen",
    "status.road_building.sea": "{name}: freie Straße oder Schiff setzen",
    "status.robber.sea": "{name}: Räuber oder Piraten versetzen",
    "status.special_build": "{name}: Sonderbauphase - bauen oder passen",
    "status.over": "{name} hat gewonnen!",
    "status.gold": "{name}: einen Rohstoff wählen (Goldfluss)",
}

"""The help pages (F1, ui/help.py): ``help.<page>.title``, ``.keys``, ``.rules`` (and ``.sea``
on a scenario map), one line per ``\\n``. A screen or prompt names its page in its
``help_page``. ``{cost_road}`` and the like (a cost in words) and ``{award_points}``
come from the engine when the tables are built (words/costs.py).

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "help.title": "Help: {page}",
    "help.keys": "Keys",
    "help.now": "Now",
    "help.rules": "Rules in short",
    "help.close": "F1 / Esc / Enter / Start: close the help",
    "help.possible": "Possible now: {actions}",
    "help.legend": "Players box: P points, C resource cards, D development cards, K knights played,\n"
                   "R length of the longest road.",
    "help.action.roll": "roll",
    "help.action.road": "road",
    "help.action.settlement": "settlement",
    "help.action.city": "city",
    "help.action.buy": "buy a card",
    "help.action.bank": "bank trade",
    "help.action.offer": "offer",
    "help.action.play": "play a card",
    "help.action.end": "end the turn",
    "help.action.pass": "pass",
    "help.title.title": "Title screen",
    "help.title.keys": "Up/Down (d-pad, mouse): choose  Enter (A, click): open\n"
                       "F1 (Start): this help",
    "help.title.rules": "Build settlements, cities and roads on the island of Catan; the first to the\n"
                        "victory points wins. F1 on every screen explains its keys and rules.",
    "help.setup.title": "New game",
    "help.setup.keys": "Up/Down: choose a line  Left/Right (click halves): change it\n"
                       "Digits: type the seed, X clears it  Enter on \"Start the game\": play\n"
                       "Esc: back",
    "help.setup.rules": "3 or 4 players on the standard island, 5 or 6 on the extension.\n"
                        "\"Rules...\" sets every rule option; F1 there explains each.",
    "help.options.title": "Options",
    "help.options.keys": "Up/Down: choose  Left/Right: change  Esc: back",
    "help.options.rules": "Confirm placements: the first Enter marks a place, the second places the piece.",
    "help.load.title": "Load a game",
    "help.load.keys": "Up/Down: choose a slot or a finished game  Enter: open  Esc: back",
    "help.load.rules": "Saved games continue; finished games open in the replay viewer.",
    "help.replay.title": "Replay viewer",
    "help.replay.keys": "Space (A): play/pause  Left/Right: one step  Up/Down: one turn\n"
                        "Digits then Enter: jump to turn N  +/- or P/M (shoulders): speed\n"
                        "Tab (Back) or V: show the game as one player or all cards open\n"
                        "Esc: back to the title",
    "help.replay.rules": "Every step is a decision of the recorded game, replayed by the rules.",
    "help.end.title": "End of the game",
    "help.end.keys": "Enter (A, click): back to the title",
    "help.end.rules": "The points: settlements 1, cities 2, Longest Trade Route {award_points}, "
                      "Largest Army {award_points},\n"
                      "victory point cards 1.",
    "help.game.menu.title": "Your turn",
    "help.game.menu.keys": "R roll  1 road  2 settlement  3 city  4 buy a card  H bank trade  T offer\n"
                           "P play a card (pad X)  E end the turn  I advisor  M or Esc: game menu\n"
                           "Up/Down + Enter: the same from the list  F (pad Y): skip computer turns\n"
                           "U / J (shoulders, wheel): scroll the log  F1 (Start): this help",
    "help.game.menu.rules": "A turn: roll, everyone with a building on a hex of that number gets its\n"
                            "cards; then trade, then build. Road: {cost_road}.\n"
                            "Settlement: {cost_settlement}. City: {cost_city}.\n"
                            "Development card: {cost_card}.",
    "help.game.menu.sea": "5 build a ship ({cost_ship})  6 move a ship (the open end of a route)",
    "help.game.pick.title": "Choosing a place",
    "help.game.pick.keys": "Arrows (d-pad): move the cursor to the next legal place  Tab: the next one\n"
                           "Enter (A, click): mark the place, Enter again: place the piece\n"
                           "Esc (B): take the mark back, or back to the menu  I: the advisor",
    "help.game.pick.rules": "A settlement needs two edges of distance to every building; after the\n"
                            "founding it must touch one of your roads. Roads continue your roads\n"
                            "or buildings.",
    "help.game.robber.title": "The robber",
    "help.game.robber.keys": "Arrows: choose a hex  Enter: move the robber there, then whom to rob",
    "help.game.robber.rules": "The robber's hex produces nothing. You take one random card from a player\n"
                              "with a building on it.",
    "help.game.robber.sea": "A sea hex moves the pirate instead; he robs a player with a ship on that hex",
    "help.game.discard.title": "Giving up cards",
    "help.game.discard.keys": "Up/Down: a resource  Right/Enter: one more  Left: one fewer\n"
                              "Esc: take the last card back  \"Give up these cards\": confirm",
    "help.game.discard.rules": "On a 7 everyone with more than {discard_limit} cards gives up half, rounded down.",
    "help.game.offer.title": "Offering a trade",
    "help.game.offer.keys": "Up/Down: a line  Left/Right: fewer/more  Enter on \"Send\": offer\n"
                            "Esc: back",
    "help.game.offer.rules": "You give only cards you hold; both sides give something; never the same\n"
                             "resource on both sides.",
    "help.game.answer.title": "Answering an offer",
    "help.game.answer.keys": "Y accept  N decline  C counter-offer  Up/Down + Enter",
    "help.game.answer.rules": "The one who offered chooses among the answers.",
    "help.game.bank.title": "Trading with the bank",
    "help.game.bank.keys": "Up/Down + Enter: what to give, then what to get  Esc: back",
    "help.game.bank.rules": "4 cards of one resource for 1; a 3:1 harbour 3 for 1; a 2:1 harbour 2 of\n"
                            "its resource for 1.",
    "help.game.cards.title": "Development cards",
    "help.game.cards.keys": "Up/Down + Enter: the card to play  Esc: back",
    "help.game.cards.rules": "One card a turn, not one bought this turn. Knight: move the robber.\n"
                             "Road Building: 2 roads. Monopoly: all cards of a resource.\n"
                             "Invention: 2 cards from the bank.",
    "help.game.gamemenu.title": "Game menu",
    "help.game.gamemenu.keys": "Up/Down + Enter: options, help, save into a slot, quit, or back  Esc: back\n"
                               "In a network game: options, help, keep this game's record (Left/Right),\n"
                               "say something, leave the table, or back",
    "help.game.gamemenu.rules": "Esc (B, right click, M) opens this menu at any moment of a game. At one\n"
                                "machine the game waits while it is open, and also saves itself after every\n"
                                "decision. A network game goes on at its server meanwhile: the server keeps it,\n"
                                "so there is no save slot; its record can be kept for the replay viewer once\n"
                                "it ends. Leaving the table keeps the seat yours (My games opens it again).",
    "help.game.handover.title": "Passing the controls",
    "help.game.handover.keys": "Enter (A, click): the next person takes over",
    "help.game.handover.rules": "Cards stay hidden until the next person confirms.",
    "help.action.ship": "build a ship",
    "help.action.move": "move a ship",
    "help.game.ship.title": "Roads and ships",
    "help.game.ship.keys": "Arrows (d-pad): an edge  Enter (A, click): mark it, Enter again: build\n"
                           "A coast edge that takes both asks \"Road or ship?\"  Esc (B): back",
    "help.game.ship.rules": "Ship: {cost_ship}. It lies on an edge with sea beside it, next to your\n"
                            "building or your last ship. Roads and ships join only at your own\n"
                            "settlement or city; a coast edge takes one or the other.",
    "help.game.move.title": "Moving a ship",
    "help.game.move.keys": "Arrows: first the ship, Enter; then where it sails, Enter (twice)\n"
                           "Esc (B): back to the choice of ship, then to the menu",
    "help.game.move.rules": "Once a turn the ship at the open end of an open route may sail to an\n"
                            "edge where a new ship could go; not a ship built this turn, and never\n"
                            "onto or off an edge of the pirate's hex.",
    "help.game.gold.title": "Gold field",
    "help.game.gold.keys": "Up/Down + Enter (A, click): the resource you take",
    "help.game.gold.rules": "A gold field gives a resource of your choice: one for a settlement, two\n"
                            "for a city. Only what the bank still holds may be chosen.",
    "help.game.confirm.title": "Answers to your offer",
    "help.game.confirm.keys": "Up/Down (d-pad, mouse): an answer  Enter (A, click): trade with them\n"
                              "\"Withdraw the offer\": no trade",
    "help.game.confirm.rules": "Listed are the players who accepted or made a counter-offer; you choose one\n"
                               "of them or none. Greyed: you lack the cards for that answer.",
    "help.setup_names.title": "Names",
    "help.setup_names.keys": "Up/Down: a player  Left/Right (click halves): a name from the list\n"
                             "Enter (A, click): type a name (pad, mouse: the keyboard on screen)\n"
                             "Enter or Esc: the name is done  \"Done\" or Esc: back",
    "help.setup_names.rules": "Each player's name, shown on the board and in the log.",
    "help.setup_rules.title": "Rule options",
    "help.setup_rules.keys": "Up/Down: an option  Left/Right (click halves): change it  Esc: back",
    "help.setup_rules.rules": "Each option, as the line under the options says when it is chosen:",
    "help.map.keys": "Map: Shift+arrows, the right stick or the mouse wheel (Shift: sideways) scroll it,\n"
                     "as do dragging with the middle button and resting the pointer at its edge\n"
                     "O (pad: press the right stick, mouse: the magnifier at the top right): the whole map / back",
    # The scenario editor's pages (its modes declare them: the map and boxes, typing, the problem list,
    # the load list, the computers' test game).
    "help.editor.title": "Scenario editor",
    "help.editor.keys": "Arrows, WASD, d-pad or mouse: move the cursor over the map.\n"
                        "Enter, Space, A or click: paint the hex with the chosen tool.\n"
                        "F or Y: fill the connected area of like hexes.\n"
                        "Q / E or L / R shoulder: previous / next tool.  Right click: the terrain of that hex.\n"
                        "2-6, 8, 9, then 10-12 as 1 0 / 1 1 / 1 2: a fixed number; 0 clears it.\n"
                        "Harbour tools: paint on a sea hex; T turns it, X removes it.\n"
                        "U or X button: undo.  R: redo.  P: fit the pools to the map.\n"
                        "Tab or Select: next box (map, terrain, rules, file).\n"
                        "Rules: < > change a value, Enter edits a text or sets it to the cursor.\n"
                        "F1/H help, F2/V save, F3/O load, F5/G try it with computer players, C: computers only.\n"
                        "L or Problems in the rules: every problem, listed; the map marks the hexes they name.",
    "help.editor.rules": "The rules box shows the game's own check (every problem) and the dots per resource.\n"
                         "Shipped scenarios are read-only: saving makes a copy.\n"
                         "Pad or mouse type on the on-screen keyboard. A draft with problems saves with a warning.",
    "help.editor.text.title": "Typing a text",
    "help.editor.text.keys": "Type, then Enter: done  Esc: cancel\n"
                             "Pad or mouse, the keyboard on screen: A: type  B: delete  Y/Start: done  X: cancel",
    "help.editor.text.rules": "The scenario's names and texts in each language, and the id that names its file.",
    "help.editor.problems.title": "Why the game will not load it",
    "help.editor.problems.keys": "Up / down (wheel): scroll   any other key: back to the editor",
    "help.editor.problems.rules": "Every problem the game's own check finds; the map marks the hexes they name.\n"
                                  "A draft with problems saves with a warning.",
    "help.editor.load.title": "Load a scenario",
    "help.editor.load.keys": "Up/Down (wheel): choose  Enter (A, click): open  Esc: back",
    "help.editor.load.rules": "Your own scenarios and the shipped ones; a shipped scenario is read-only:\n"
                              "saving makes a copy.",
    "help.editor.autoplay.title": "Computer test game",
    "help.editor.autoplay.keys": "Esc: stop the test game",
    "help.editor.autoplay.rules": "Computer players play the map from the seed shown; the line below then says\n"
                                  "who won, in which turn, and everyone's points.",
}

DE = {
    "help.title": "Hilfe: {page}",
    "help.keys": "Tasten",
    "help.now": "Jetzt",
    "help.rules": "Regeln kurz",
    "help.close": "F1 / Esc / Enter / Start: Hilfe schließen",
    "help.possible": "Jetzt möglich: {actions}",
    "help.legend": "Spielerfeld: P Punkte, K Rohstoffkarten, E Entwicklungskarten, R gespielte Ritter,\n"
                   "S längste Straße.",
    "help.action.roll": "würfeln",
    "help.action.road": "Straße",
    "help.action.settlement": "Siedlung",
    "help.action.city": "Stadt",
    "help.action.buy": "Karte kaufen",
    "help.action.bank": "Bankhandel",
    "help.action.offer": "Angebot",
    "help.action.play": "Karte spielen",
    "help.action.end": "Zug beenden",
    "help.action.pass": "passen",
    "help.title.title": "Titelbild",
    "help.title.keys": "Auf/Ab (Steuerkreuz, Maus): wählen  Enter (A, Klick): öffnen\n"
                       "F1 (Start): diese Hilfe",
    "help.title.rules": "Baue Siedlungen, Städte und Straßen auf der Insel Catan; wer zuerst die\n"
                        "Siegpunkte hat, gewinnt. F1 erklärt auf jedem Bildschirm Tasten und Regeln.",
    "help.setup.title": "Neues Spiel",
    "help.setup.keys": "Auf/Ab: Zeile wählen  Links/Rechts (Klick auf die Hälften): ändern\n"
                       "Ziffern: Startwert tippen, X löscht  Enter auf \"Spiel beginnen\": los\n"
                       "Esc: zurück",
    "help.setup.rules": "3 oder 4 Spieler auf der Standardinsel, 5 oder 6 auf der Erweiterung (§12).\n"
                        "\"Regeln...\" stellt jede Regeloption ein; F1 dort erklärt jede.",
    "help.options.title": "Optionen",
    "help.options.keys": "Auf/Ab: wählen  Links/Rechts: ändern  Esc: zurück",
    "help.options.rules": "Bauplatz bestätigen: das erste Enter markiert, das zweite setzt die Figur.",
    "help.load.title": "Spiel laden",
    "help.load.keys": "Auf/Ab: Platz oder beendetes Spiel wählen  Enter: öffnen  Esc: zurück",
    "help.load.rules": "Gespeicherte Spiele gehen weiter; beendete öffnen sich als Wiederholung.",
    "help.replay.title": "Wiederholung",
    "help.replay.keys": "Leertaste (A): Start/Halt  Links/Rechts: ein Schritt  Auf/Ab: ein Zug\n"
                        "Ziffern, dann Enter: zu Zug N  +/- oder P/M (Schultertasten): Tempo\n"
                        "Tab (Back) oder V: Sicht eines Spielers oder alle Karten offen\n"
                        "Esc: zum Titel",
    "help.replay.rules": "Jeder Schritt ist eine Entscheidung des Spiels, nach den Regeln nachgespielt.",
    "help.end.title": "Spielende",
    "help.end.keys": "Enter (A, Klick): zum Titel",
    "help.end.rules": "Punkte: Siedlung 1, Stadt 2, Längste Handelsstraße {award_points}, "
                      "Größte Rittermacht {award_points},\n"
                      "Siegpunktkarte 1.",
    "help.game.menu.title": "Dein Zug",
    "help.game.menu.keys": "R würfeln  1 Straße  2 Siedlung  3 Stadt  4 Karte kaufen  H Bank  T Angebot\n"
                           "P Karte spielen (X)  E Zug beenden  I Berater  M oder Esc: Spielmenü\n"
                           "Auf/Ab + Enter: dasselbe aus der Liste  F (Y): Computerzüge überspringen\n"
                           "U / J (Schultertasten, Rad): Protokoll blättern  F1 (Start): diese Hilfe",
    "help.game.menu.rules": "Ein Zug: würfeln, wer an einem Feld mit dieser Zahl baut, erhält Karten;\n"
                            "dann handeln, dann bauen. Straße: {cost_road}.\n"
                            "Siedlung: {cost_settlement}. Stadt: {cost_city}.\n"
                            "Entwicklungskarte: {cost_card}.",
    "help.game.menu.sea": "5 Schiff bauen ({cost_ship})  6 Schiff versetzen (offenes Ende einer Route)",
    "help.game.pick.title": "Einen Ort wählen",
    "help.game.pick.keys": "Pfeile (Steuerkreuz): zum nächsten erlaubten Ort  Tab: der nächste\n"
                           "Enter (A, Klick): Ort markieren, nochmals Enter: Figur setzen\n"
                           "Esc (B): Markierung zurücknehmen, oder zurück zum Menü  I: Berater",
    "help.game.pick.rules": "Zwischen Siedlungen liegen mindestens zwei Kanten; nach der Gründung\n"
                            "braucht eine Siedlung eine eigene Straße. Straßen setzen eigene\n"
                            "Straßen oder Gebäude fort.",
    "help.game.robber.title": "Der Räuber",
    "help.game.robber.keys": "Pfeile: Feld wählen  Enter: Räuber dorthin, dann wen berauben",
    "help.game.robber.rules": "Das Feld des Räubers bringt nichts. Du ziehst eine zufällige Karte eines\n"
                              "Spielers mit Gebäude an diesem Feld.",
    "help.game.robber.sea": "Ein Meerfeld versetzt stattdessen den Piraten; er beraubt, wer dort ein Schiff hat",
    "help.game.discard.title": "Karten abgeben",
    "help.game.discard.keys": "Auf/Ab: Rohstoff  Rechts/Enter: eine mehr  Links: eine weniger\n"
                              "Esc: letzte Karte zurück  \"Diese Karten abgeben\": bestätigen",
    "help.game.discard.rules": "Bei einer 7 gibt jeder mit mehr als {discard_limit} Karten die Hälfte ab, abgerundet.",
    "help.game.offer.title": "Handel anbieten",
    "help.game.offer.keys": "Auf/Ab: Zeile  Links/Rechts: weniger/mehr  Enter auf \"Senden\": anbieten\n"
                            "Esc: zurück",
    "help.game.offer.rules": "Du gibst nur Karten, die du hast; beide Seiten geben etwas; nie derselbe\n"
                             "Rohstoff auf beiden Seiten.",
    "help.game.answer.title": "Auf ein Angebot antworten",
    "help.game.answer.keys": "Y annehmen  N ablehnen  C Gegenangebot  Auf/Ab + Enter",
    "help.game.answer.rules": "Wer anbietet, wählt unter den Antworten.",
    "help.game.bank.title": "Handel mit der Bank",
    "help.game.bank.keys": "Auf/Ab + Enter: was geben, dann was nehmen  Esc: zurück",
    "help.game.bank.rules": "4 Karten eines Rohstoffs für 1; Hafen 3:1: 3 für 1; Hafen 2:1: 2 seines\n"
                            "Rohstoffs für 1.",
    "help.game.cards.title": "Entwicklungskarten",
    "help.game.cards.keys": "Auf/Ab + Enter: die Karte  Esc: zurück",
    "help.game.cards.rules": "Eine Karte pro Zug, nicht die eben gekaufte. Ritter: Räuber versetzen.\n"
                             "Straßenbau: 2 Straßen. Monopol: alle Karten eines Rohstoffs.\n"
                             "Erfindung: 2 Karten von der Bank.",
    "help.game.gamemenu.title": "Spielmenü",
    "help.game.gamemenu.keys": "Auf/Ab + Enter: Optionen, Hilfe, speichern, beenden oder zurück  Esc: zurück\n"
                               "Im Netzwerkspiel: Optionen, Hilfe, Spielbericht aufbewahren (Links/Rechts),\n"
                               "etwas sagen, den Tisch verlassen oder zurück",
    "help.game.gamemenu.rules": "Esc (B, Rechtsklick, M) öffnet dieses Menü in jedem Moment eines Spiels. An\n"
                                "einem Rechner wartet das Spiel, solange es offen ist, und speichert sich nach\n"
                                "jeder Entscheidung selbst. Ein Netzwerkspiel geht derweil auf dem Server weiter:\n"
                                "er bewahrt es, darum gibt es keinen Speicherplatz; sein Spielbericht kann für\n"
                                "die Wiederholung aufbewahrt werden. Wer den Tisch verlässt, behält den Platz.",
    "help.game.handover.title": "Spielerwechsel",
    "help.game.handover.keys": "Enter (A, Klick): die nächste Person übernimmt",
    "help.game.handover.rules": "Die Karten bleiben verdeckt, bis die nächste Person bestätigt.",
    "help.action.ship": "Schiff bauen",
    "help.action.move": "Schiff versetzen",
    "help.game.ship.title": "Straßen und Schiffe",
    "help.game.ship.keys": "Pfeile (Steuerkreuz): eine Kante  Enter (A, Klick): markieren, nochmals: bauen\n"
                           "Passt an der Küste beides, fragt das Spiel \"Straße oder Schiff?\"  Esc (B): zurück",
    "help.game.ship.rules": "Schiff: {cost_ship}. Es liegt an einer Kante mit Meer, an deinem Gebäude oder\n"
                            "deinem letzten Schiff. Straßen und Schiffe treffen sich nur an deiner\n"
                            "Siedlung oder Stadt; eine Küstenkante trägt das eine oder das andere.",
    "help.game.move.title": "Ein Schiff versetzen",
    "help.game.move.keys": "Pfeile: erst das Schiff, Enter; dann wohin es segelt, Enter (zweimal)\n"
                           "Esc (B): zurück zur Wahl des Schiffs, dann zum Menü",
    "help.game.move.rules": "Einmal pro Zug darf das Schiff am offenen Ende einer offenen Route dorthin,\n"
                            "wo ein neues Schiff stehen dürfte; nicht ein Schiff aus diesem Zug und nie\n"
                            "auf eine oder von einer Kante am Feld des Piraten.",
    "help.game.gold.title": "Goldfluss",
    "help.game.gold.keys": "Auf/Ab + Enter (A, Klick): der Rohstoff, den du nimmst",
    "help.game.gold.rules": "Ein Goldfluss gibt Rohstoffe deiner Wahl: einen für eine Siedlung, zwei\n"
                            "für eine Stadt. Wählbar ist nur, was die Bank noch hat.",
    "help.game.confirm.title": "Antworten auf dein Angebot",
    "help.game.confirm.keys": "Auf/Ab (Steuerkreuz, Maus): eine Antwort  Enter (A, Klick): mit ihm handeln\n"
                              "\"Angebot zurückziehen\": kein Handel",
    "help.game.confirm.rules": "Aufgeführt sind alle, die angenommen oder gegengeboten haben; du wählst\n"
                               "einen oder keinen. Grau: dir fehlen die Karten für diese Antwort.",
    "help.setup_names.title": "Namen",
    "help.setup_names.keys": "Auf/Ab: ein Spieler  Links/Rechts (Hälften anklicken): Name aus der Liste\n"
                             "Enter (A, Klick): Namen tippen (Pad, Maus: Tastatur auf dem Schirm)\n"
                             "Enter oder Esc: Name fertig  \"Fertig\" oder Esc: zurück",
    "help.setup_names.rules": "Der Name jedes Spielers, auf dem Brett und im Protokoll.",
    "help.setup_rules.title": "Regeloptionen",
    "help.setup_rules.keys": "Auf/Ab: eine Option  Links/Rechts (Hälften anklicken): ändern  Esc: zurück",
    "help.setup_rules.rules": "Jede Option, wie die Zeile unter den Optionen sie erklärt:",
    "help.map.keys": "Karte: Umschalt+Pfeile, rechter Stick oder Mausrad (Umschalt: seitwärts) rollen sie,\n"
                     "ebenso Ziehen mit der mittleren Taste und der Zeiger an ihrem Rand\n"
                     "O (Pad: rechten Stick drücken, Maus: die Lupe oben rechts): die ganze Karte / zurück",
    "help.editor.title": "Szenario-Editor",
    "help.editor.keys": "Pfeile, WASD, Steuerkreuz oder Maus: Cursor über die Karte.\n"
                        "Enter, Leertaste, A oder Klick: Feld mit dem Werkzeug malen.\n"
                        "F oder Y: zusammenhängende gleiche Felder füllen.\n"
                        "Q / E oder Schulter L / R: voriges / nächstes Werkzeug.  Rechtsklick: Gelände des Feldes.\n"
                        "2-6, 8, 9, 10-12 als 1 0 / 1 1 / 1 2: feste Zahl; 0 löscht sie.\n"
                        "Hafen-Werkzeuge: auf Meer malen; T dreht, X entfernt.\n"
                        "U oder Knopf X: zurück.  R: wieder.  P: Vorräte anpassen.\n"
                        "Tab oder Select: nächster Kasten (Karte, Gelände, Regeln, Datei).\n"
                        "Regeln: < > ändert, Enter bearbeitet Text oder nimmt den Cursor.\n"
                        "F1/H Hilfe, F2/V sichern, F3/O laden, F5/G mit Computerspielern testen, C: nur Computer.\n"
                        "L oder Probleme in den Regeln: alle Probleme; die Karte markiert ihre Felder.",
    "help.editor.rules": "Der Regelkasten zeigt die Prüfung des Spiels (alle Probleme) und Punkte je Rohstoff.\n"
                         "Mitgelieferte Szenarien sind nur lesbar: Sichern legt eine Kopie an.\n"
                         "Pad oder Maus tippen auf der Bildschirmtastatur. Entwürfe sichern mit Warnung.",
    "help.editor.text.title": "Text eingeben",
    "help.editor.text.keys": "Tippen, dann Enter: fertig  Esc: abbrechen\n"
                             "Pad oder Maus, Tastatur auf dem Schirm: A: tippen  B: löschen  Y/Start: fertig  "
                             "X: abbrechen",
    "help.editor.text.rules": "Namen und Texte des Szenarios in jeder Sprache und die Id, die seine Datei benennt.",
    "help.editor.problems.title": "Warum das Spiel es nicht lädt",
    "help.editor.problems.keys": "Auf / ab (Rad): blättern   andere Taste: zurück zum Editor",
    "help.editor.problems.rules": "Jedes Problem, das die Prüfung des Spiels findet; die Karte markiert ihre "
                                  "Felder.\nEin Entwurf mit Problemen wird mit Warnung gesichert.",
    "help.editor.load.title": "Szenario laden",
    "help.editor.load.keys": "Auf/Ab (Rad): wählen  Enter (A, Klick): öffnen  Esc: zurück",
    "help.editor.load.rules": "Eigene und mitgelieferte Szenarien; mitgelieferte sind nur lesbar:\n"
                              "Sichern legt eine Kopie an.",
    "help.editor.autoplay.title": "Computer-Testspiel",
    "help.editor.autoplay.keys": "Esc: Testspiel anhalten",
    "help.editor.autoplay.rules": "Computerspieler spielen die Karte mit dem gezeigten Startwert; die Zeile\n"
                                  "darunter nennt dann Sieger, Zug und die Punkte aller.",
}

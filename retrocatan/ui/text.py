"""Every text the player sees, one table per language (English, German).

``t(key, **values)`` looks a text up in the current language. The 1996
names: Wood, Brick, Sheep, Wheat, Coal / Holz, Lehm, Wolle, Getreide, Erz.
"""

from __future__ import annotations

import re

LANGUAGES = ("en", "de")
_current = ["en"]

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Die Siedler von Catan",
        "subtitle": "RetroCatan - an unofficial remake of the 1996 DOS game",
        "new_game": "New game", "load_game": "Load game", "options": "Options", "quit": "Quit",
        "demo": "Demo - press any key",
        "res.0": "Wood", "res.1": "Brick", "res.2": "Sheep", "res.3": "Wheat", "res.4": "Coal",
        "dev.knight": "Knight", "dev.victory_point": "Victory Point", "dev.road_building": "Road Building",
        "dev.monopoly": "Monopoly", "dev.invention": "Invention",
        "longest_route": "Longest Trade Route", "largest_army": "Largest Army",
        "colour.0": "Blue", "colour.1": "Red", "colour.2": "White", "colour.3": "Orange",
        "colour.4": "Green", "colour.5": "Brown",
        "human": "Human", "level.easy": "Computer (easy)", "level.normal": "Computer (normal)",
        "level.hard": "Computer (hard)",
        "setup.title": "New game", "setup.players": "Players: {n}", "setup.seat": "{colour}: {kind}",
        "setup.board": "Board: {kind}", "board.random": "random", "board.beginner": "beginner",
        "setup.seed": "Seed: {seed}", "setup.vp": "Victory points: {n}", "setup.speed": "Computer speed: {speed}",
        "setup.start": "Start the game",
        "setup.names": "Names...", "setup.name": "{colour}: {name}", "setup.back": "Back", "setup.rules": "Rules...",
        "on": "on", "off": "off",
        "speed.0": "slow", "speed.1": "normal", "speed.2": "fast", "speed.3": "instant",
        "rules.title": "Rules", "rules.done": "Done",
        "opt.free_phase_order": "Trade after building: {v}", "opt.dev_cards_per_turn": "Cards per turn: {v}",
        "opt.vp_cards_instant": "VP cards count at once: {v}", "opt.robber_to_desert": "Robber to desert: {v}",
        "opt.no_red_neighbours": "No 6/8 side by side: {v}", "opt.friendly_robber": "Friendly robber: {v}",
        "opt.dice_deck": "Dice deck: {v}", "opt.special_build": "Special build (5-6): {v}",
        "opt.turn_limit": "Turn limit: {v}", "opt.cut_roads": "Cut-off roads: {v}",
        "opt.progress_to_deck_bottom": "Progress cards under deck: {v}",
        "opt.sound": "Sound effects: {v}", "opt.music": "Music: {v}",
        "opt.scale": "Window scale (next start): {v}", "opt.auto": "auto",
        "opt.computer_offers": "Computer offers: {v}", "offers.ask": "ask me",
        "offers.decline": "decline all",
        "continue": "Continue the last game", "load.title": "Load a game", "load.empty": "(empty)",
        "load.slot": "Slot {n}: {desc}", "load.finished": "Replay: {desc}", "load.back": "Back",
        "save.title": "Save the game", "save.done": "Saved in slot {n}", "save.failed": "Not saved: {why}",
        "fault.notice": "An effect failed and was skipped; details in {path}",
        "load.failed": "Cannot load: {why}", "menu.game": "Game menu", "game.save": "Save game",
        "game.quit": "Quit to the title", "game.back": "Back to the game",
        "replay.title": "Replay", "replay.help": "Space play/pause  <- -> step  Up/Down turn  Tab view  +/- speed",
        "replay.view_all": "all cards open", "replay.view": "view: {who}",
        "replay.pos": "step {i} of {n}, turn {turn}", "replay.jump": "Jump to turn: {n}",
        "menu.roll": "Roll the dice", "menu.play": "Play a card", "menu.road": "Road",
        "menu.settlement": "Settlement", "menu.city": "City", "menu.buy": "Buy card",
        "menu.bank": "Trade with the bank", "menu.offer": "Offer a trade", "menu.end": "End turn",
        "menu.pass": "Done building", "menu.cancel": "Cancel", "dialog.nobody": "Rob nobody",
        "dialog.rob": "Rob {name} ({n} {n:card|cards})",
        "cost.road": "Wo Br", "cost.settlement": "Wo Br Sh Wh",
        "cost.city": "2Wh 3Co", "cost.card": "Sh Wh Co",
        "box.turn": "{name}'s turn", "box.points": "{vp} of {target} points", "box.hand": "Your cards",
        "box.hand_of": "Cards of {name}", "box.cards": "Development cards", "box.actions": "Actions",
        "box.log": "Log", "box.bank": "Bank", "box.players": "Players",
        "hidden": "(hidden)", "deck": "Deck: {n}",
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
        "status.over": "{name} has won!", "status.thinking": "{name} is thinking...  F: skip ahead",
        "status.pick": "Choose a place on the board (Esc: back)",
        "handover.title": "Pass the controls", "handover.text": "{name}, it is your decision.",
        "handover.hint": "The others look away. Press Enter / A / click.",
        "dialog.discard": "Give up {n} more", "dialog.bank": "Trade with the bank",
        "dialog.bank_give": "Give {ratio} {res}", "dialog.bank_get": "Get 1 {res}",
        "dialog.monopoly": "Monopoly: name a resource", "dialog.invention": "Invention: take {n} more",
        "dialog.card": "Play a development card", "dialog.offer": "Offer a trade",
        "dialog.give": "Give {res}: {n}", "dialog.get": "Get {res}: {n}", "dialog.to": "To: {who}",
        "dialog.all": "everyone", "dialog.send": "Send the offer",
        "dialog.answer": "{name} offers {give}", "dialog.answer_for": "for {get}", "dialog.accept": "Accept",
        "dialog.decline": "Decline", "dialog.counter": "Counter-offer...",
        "dialog.confirm": "Answers to your offer", "dialog.take": "{name}: {give} for {get}",
        "dialog.withdraw": "Withdraw the offer", "dialog.send_counter": "Send counter-offer",
        "dialog.victim": "Rob whom?",
        "end.scores": "Points", "end.vp_cards": "({n} VP)",
        "setup.hint": "Arrows: choose/change. Digits: seed (X clears)",
        "end.title": "{name} wins!", "end.points": "{name}: {vp} points", "end.stats": "Statistics",
        "end.dice": "Dice rolled", "end.gained": "Cards gained", "end.continue": "Enter: back to the title",
        "log.dice": "{name} rolls {a}+{b} = {total}", "log.gain": "{name} gets {cards}",
        "log.shortage": "The bank is short of {res}", "log.build.road": "{name} builds a road",
        "log.build.settlement": "{name} builds a settlement", "log.build.city": "{name} builds a city",
        "log.buy": "{name} buys a development card", "log.play": "{name} plays {card}",
        "log.robber": "{name} moves the robber", "log.steal": "{name} robs {victim}",
        "log.discard": "{name} gives up a card", "log.trade_bank": "{name} trades {n} {give} for 1 {get}",
        "log.offer": "{name} offers {give} for {get}", "log.trade": "{name} trades with {other}",
        "log.answer.accept": "{name} accepts", "log.answer.decline": "{name} declines",
        "log.answer.counter": "{name} counters: {give} for {get}", "log.no_trade": "No trade",
        "log.monopoly": "{name} takes {n} {res}", "log.invention": "{name} takes {cards}",
        "log.longest": "{name} now has the Longest Trade Route",
        "log.longest_aside": "The Longest Trade Route is set aside",
        "log.army": "{name} now has the Largest Army", "log.win": "{name} wins with {vp} points!",
        "log.turn": "- Turn {turn}: {name} -", "log.special": "{name} may build (special build phase)",
        "log.first": "{name} rolled highest and begins",
        "log.first_roll": "{name} rolls {total} for the first turn",
        "log.must_discard": "{name} must give up {n} {n:card|cards}",
        "log.roads_lost": "{name} loses {n} cut-off {n:road|roads}",
        "log.end_turn": "{name} ends the turn",
        "log.no_production": "{total}: nobody gets anything",
        "log.steal_known": "{name} robs {victim}: 1 {res}",
        "log.buy_known": "{name} buys a development card: {card}",
        "log.founding_nothing": "{name} gets nothing",
        "log.win_limit": "Turn limit: {name} wins with {vp} points!",
        "log.win_cap": "Round limit: {name} wins with {vp} points!",
        "log.win_stalemate": "{name} leads and wins with {vp} points!",
        "log.stalemate": "Nobody can score another point: the game ends.",
        "refusal.refused": "{reason}",
        "refusal.game_over": "The game is over",
        "refusal.not_an_action": "That is not an action",
        "refusal.bad_action_text": "Not an action: {reason}",
        "refusal.not_legal_now": "{action} is not possible now ({phase}, {player} to decide)",
        "refusal.not_enough_resources": "{player} cannot pay for a {what}: {missing} missing",
        "refusal.no_pieces_left": "{player} has no {piece} piece left",
        "refusal.cannot_build_there": "{player} cannot build a {piece} there",
        "refusal.deck_empty": "The development deck is empty",
        "refusal.trading_closed": "No trading after building (roll, then trade, then build)",
        "refusal.trade_before_roll": "Trading starts after the roll",
        "refusal.not_your_trade_phase": "Offers are made in your own trade phase",
        "refusal.offer_limit": "No more offers this turn ({limit} a turn)",
        "refusal.bad_terms": "An offer names cards of the five resources",
        "refusal.no_gifts": "No gifts: both sides must give something",
        "refusal.same_resource_both_sides": "The same resource may not be on both sides",
        "refusal.missing_offered_cards": "You do not have the cards you offer ({missing} missing)",
        "refusal.bad_addressee": "An offer goes to everyone or to one other player",
        "refusal.no_offer": "There is no offer to counter",
        "refusal.counter_unchanged": "A counter-offer must change the terms (accept instead)",
        "refusal.missing_counter_cards": "You do not have the cards your counter-offer gives ({missing} missing)",
        "refusal.bad_ratio": "{player} trades {resource} at {ratio}:1, not {asked}:1",
        "refusal.bank_out_of": "The bank has no {resource} left",
        "refusal.cards_on_own_turn": "Development cards are played on your own turn",
        "refusal.card_limit": "You have already played {limit} {limit:card|cards} this turn",
        "refusal.card_too_new": "A card bought this turn waits until your next turn",
        "refusal.no_such_card": "You have no {card} card to play",
        "refusal.nowhere_to_build_road": "There is no free edge for a road",
        "refusal.robber_must_move": "The robber must move to another hex it may go to",
        "refusal.cannot_rob": "{player} cannot be robbed there",
        "refusal.nothing_to_discard": "You have no {resource} to give up",
        "refusal.cannot_accept": "You do not have the cards asked for ({missing} missing)",
        "refusal.cannot_close": "That trade cannot be closed now",
        "refusal.not_your_decision": "It is the decision of {player}",
        "refusal.wrong_phase": "Not possible now ({phase})",
        "refusal.no_place_for": "{player} has no place for a {piece}",
        "refusal.nothing_to_trade": "{player} has too few cards for that trade",
        "refusal.no_card_useful": "No development card can be played now",
        "phase.setup_settlement": "founding",
        "phase.setup_road": "founding road",
        "phase.roll": "before the roll",
        "phase.discard": "discarding",
        "phase.robber": "moving the robber",
        "phase.main": "trade and build",
        "phase.offer_response": "answering an offer",
        "phase.offer_confirm": "closing an offer",
        "phase.road_building": "free roads",
        "phase.special_build": "special build phase",
        "phase.over": "game over",
        "thing.road": "road",
        "thing.settlement": "settlement",
        "thing.city": "city",
        "thing.card": "development card",
        "thing.trade": "trade",
        "thing.development": "development",
        "log.build.ship": "{name} builds a ship",
        "log.ship_moved": "{name} moves a ship",
        "log.pirate": "{name} moves the pirate",
        "log.gold_due": "{name} may choose {n} from gold",
        "log.gold_choice": "{name} takes {res} from gold",
        "log.gold_lost": "The bank is empty: no gold for {name}",
        "log.explore": "{name} explores: {res}",
        "log.explore_number": "{name} explores: {res} ({total})",
        "land.forest": "forest", "land.hills": "hills", "land.pasture": "pasture", "land.fields": "fields",
        "land.mountains": "mountains", "land.desert": "desert", "land.gold": "gold field", "land.sea": "sea",
        "status.gold": "{name}: choose a resource (gold field)",
        "phase.gold": "choosing gold",
        "thing.ship": "ship",
        "refusal.no_ships_here": "There are no ships in this game",
        "refusal.pirate_blocks": "The pirate blocks that edge",
        "refusal.ship_not_movable": "Only the open end of an open route moves, not a new ship",
        "refusal.ship_moved_already": "You have already moved a ship this turn",
        "refusal.ship_move_target": "A ship moves only where a new ship could go",
        "refusal.robber_on_land": "The robber stays on land, the pirate at sea",
        "refusal.pirate_must_move": "The pirate must move to another sea hex",
        "refusal.no_pirate": "There is no pirate on this map",
        "nothing": "nothing",
        "hint.select": "Enter / A / click", "hint.change": "< > / click: change",
        "footer": "Catan is a trademark of its owners. Unofficial fan remake.",
        "legend": "P pts C cards D dev K kn R road",
    },
    "de": {
        "title": "Die Siedler von Catan",
        "subtitle": "RetroCatan - inoffizielle Neuauflage des DOS-Spiels von 1996",
        "new_game": "Neues Spiel", "load_game": "Spiel laden", "options": "Optionen", "quit": "Beenden",
        "demo": "Demo - bitte Taste drücken",
        "res.0": "Holz", "res.1": "Lehm", "res.2": "Wolle", "res.3": "Getreide", "res.4": "Erz",
        "dev.knight": "Ritter", "dev.victory_point": "Siegpunkt", "dev.road_building": "Straßenbau",
        "dev.monopoly": "Monopol", "dev.invention": "Erfindung",
        "longest_route": "Längste Handelsstraße", "largest_army": "Größte Rittermacht",
        "colour.0": "Blau", "colour.1": "Rot", "colour.2": "Weiß", "colour.3": "Orange",
        "colour.4": "Grün", "colour.5": "Braun",
        "human": "Mensch", "level.easy": "Computer (leicht)", "level.normal": "Computer (mittel)",
        "level.hard": "Computer (schwer)",
        "setup.title": "Neues Spiel", "setup.players": "Spieler: {n}", "setup.seat": "{colour}: {kind}",
        "setup.board": "Insel: {kind}", "board.random": "zufällig", "board.beginner": "Einsteiger",
        "setup.seed": "Startwert: {seed}", "setup.vp": "Siegpunkte: {n}", "setup.speed": "Computer-Tempo: {speed}",
        "setup.start": "Spiel beginnen",
        "setup.names": "Namen...", "setup.name": "{colour}: {name}", "setup.back": "Zurück", "setup.rules": "Regeln...",
        "on": "an", "off": "aus",
        "speed.0": "langsam", "speed.1": "normal", "speed.2": "schnell", "speed.3": "sofort",
        "rules.title": "Regeln", "rules.done": "Fertig",
        "opt.free_phase_order": "Handel nach Bau: {v}", "opt.dev_cards_per_turn": "Karten pro Zug: {v}",
        "opt.vp_cards_instant": "Siegpunkte sofort: {v}", "opt.robber_to_desert": "Räuber in Wüste: {v}",
        "opt.no_red_neighbours": "Keine 6/8 nebeneinander: {v}", "opt.friendly_robber": "Freundlicher Räuber: {v}",
        "opt.dice_deck": "Würfelkarten: {v}", "opt.special_build": "Sonderbau (5-6): {v}",
        "opt.turn_limit": "Zuglimit: {v}", "opt.cut_roads": "Abgeschnittene Straßen: {v}",
        "opt.progress_to_deck_bottom": "Fortschritt unter Stapel: {v}",
        "opt.sound": "Geräusche: {v}", "opt.music": "Musik: {v}",
        "opt.scale": "Fenstergröße (beim Start): {v}", "opt.auto": "auto",
        "opt.computer_offers": "Computerangebote: {v}", "offers.ask": "fragen",
        "offers.decline": "ablehnen",
        "continue": "Letztes Spiel fortsetzen", "load.title": "Spiel laden", "load.empty": "(leer)",
        "load.slot": "Platz {n}: {desc}", "load.finished": "Ansehen: {desc}", "load.back": "Zurück",
        "save.title": "Spiel speichern", "save.done": "Gespeichert auf Platz {n}",
        "save.failed": "Nicht gespeichert: {why}",
        "fault.notice": "Ein Effekt schlug fehl und wurde übersprungen; Details in {path}",
        "load.failed": "Laden nicht möglich: {why}", "menu.game": "Spielmenü", "game.save": "Spiel speichern",
        "game.quit": "Zurück zum Titel", "game.back": "Zurück zum Spiel",
        "replay.title": "Wiederholung",
        "replay.help": "Leertaste Start/Halt  <- -> Schritt  Auf/Ab Zug  Tab Sicht  +/- Tempo",
        "replay.view_all": "alle Karten offen", "replay.view": "Sicht: {who}",
        "replay.pos": "Schritt {i} von {n}, Zug {turn}", "replay.jump": "Springe zu Zug: {n}",
        "menu.roll": "Würfeln", "menu.play": "Karte ausspielen", "menu.road": "Straße",
        "menu.settlement": "Siedlung", "menu.city": "Stadt", "menu.buy": "Karte kaufen",
        "menu.bank": "Mit der Bank handeln", "menu.offer": "Handel anbieten", "menu.end": "Zug beenden",
        "menu.pass": "Fertig gebaut", "menu.cancel": "Abbrechen", "dialog.nobody": "Niemanden berauben",
        "dialog.rob": "{name} berauben ({n} {n:Karte|Karten})",
        "cost.road": "Ho Le", "cost.settlement": "Ho Le Wo Ge",
        "cost.city": "2Ge 3Er", "cost.card": "Wo Ge Er",
        "box.turn": "{name} ist am Zug", "box.points": "{vp} von {target} Punkten", "box.hand": "Deine Karten",
        "box.hand_of": "Karten von {name}", "box.cards": "Entwicklungskarten", "box.actions": "Aktionen",
        "box.log": "Protokoll", "box.bank": "Bank", "box.players": "Spieler",
        "hidden": "(verdeckt)", "deck": "Stapel: {n}",
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
        "status.over": "{name} hat gewonnen!", "status.thinking": "{name} überlegt...  F: vorspulen",
        "status.pick": "Einen Ort auf der Insel wählen (Esc: zurück)",
        "handover.title": "Spielerwechsel", "handover.text": "{name}, du bist dran.",
        "handover.hint": "Die anderen schauen weg. Enter / A / Klick.",
        "dialog.discard": "Noch {n} abgeben", "dialog.bank": "Mit der Bank handeln",
        "dialog.bank_give": "{ratio} {res} geben", "dialog.bank_get": "1 {res} nehmen",
        "dialog.monopoly": "Monopol: Rohstoff nennen", "dialog.invention": "Erfindung: noch {n} nehmen",
        "dialog.card": "Entwicklungskarte spielen", "dialog.offer": "Handel anbieten",
        "dialog.give": "Gebe {res}: {n}", "dialog.get": "Will {res}: {n}", "dialog.to": "An: {who}",
        "dialog.all": "alle", "dialog.send": "Angebot senden",
        "dialog.answer": "{name} bietet {give}", "dialog.answer_for": "für {get}", "dialog.accept": "Annehmen",
        "dialog.decline": "Ablehnen", "dialog.counter": "Gegenangebot...",
        "dialog.confirm": "Antworten auf dein Angebot", "dialog.take": "{name}: {give} für {get}",
        "dialog.withdraw": "Angebot zurückziehen", "dialog.send_counter": "Gegenangebot senden",
        "dialog.victim": "Wen berauben?",
        "end.scores": "Punkte", "end.vp_cards": "({n} SP)",
        "setup.hint": "Pfeile: wählen/ändern. Ziffern: Startwert (X)",
        "end.title": "{name} gewinnt!", "end.points": "{name}: {vp} Punkte", "end.stats": "Statistik",
        "end.dice": "Gewürfelt", "end.gained": "Erhaltene Karten", "end.continue": "Enter: zum Titel",
        "log.dice": "{name} würfelt {a}+{b} = {total}", "log.gain": "{name} erhält {cards}",
        "log.shortage": "Der Bank fehlt {res}", "log.build.road": "{name} baut eine Straße",
        "log.build.settlement": "{name} baut eine Siedlung", "log.build.city": "{name} baut eine Stadt",
        "log.buy": "{name} kauft eine Entwicklungskarte", "log.play": "{name} spielt {card}",
        "log.robber": "{name} versetzt den Räuber", "log.steal": "{name} beraubt {victim}",
        "log.discard": "{name} gibt eine Karte ab", "log.trade_bank": "{name} tauscht {n} {give} gegen 1 {get}",
        "log.offer": "{name} bietet {give} für {get}", "log.trade": "{name} handelt mit {other}",
        "log.answer.accept": "{name} nimmt an", "log.answer.decline": "{name} lehnt ab",
        "log.answer.counter": "{name}: Gegenangebot {give} für {get}", "log.no_trade": "Kein Handel",
        "log.monopoly": "{name} nimmt {n} {res}", "log.invention": "{name} nimmt {cards}",
        "log.longest": "{name} hat jetzt die Längste Handelsstraße",
        "log.longest_aside": "Die Längste Handelsstraße wird beiseitegelegt",
        "log.army": "{name} hat jetzt die Größte Rittermacht", "log.win": "{name} gewinnt mit {vp} Punkten!",
        "log.turn": "- Zug {turn}: {name} -", "log.special": "{name} darf bauen (Sonderbauphase)",
        "log.first": "{name} würfelt am höchsten und beginnt",
        "log.first_roll": "{name} würfelt {total} um den Beginn",
        "log.must_discard": "{name} muss {n} {n:Karte|Karten} abgeben",
        "log.roads_lost": "{name} verliert {n} abgeschnittene {n:Straße|Straßen}",
        "log.end_turn": "{name} beendet den Zug",
        "log.no_production": "{total}: niemand erhält etwas",
        "log.steal_known": "{name} beraubt {victim}: 1 {res}",
        "log.buy_known": "{name} kauft eine Entwicklungskarte: {card}",
        "log.founding_nothing": "{name} erhält nichts",
        "log.win_limit": "Zuglimit: {name} gewinnt mit {vp} Punkten!",
        "log.win_cap": "Rundenlimit: {name} gewinnt mit {vp} Punkten!",
        "log.win_stalemate": "{name} führt und gewinnt mit {vp} Punkten!",
        "log.stalemate": "Niemand kann noch Punkte machen: Spielende.",
        "refusal.refused": "{reason}",
        "refusal.game_over": "Das Spiel ist vorbei",
        "refusal.not_an_action": "Das ist keine Aktion",
        "refusal.bad_action_text": "Keine Aktion: {reason}",
        "refusal.not_legal_now": "{action} ist jetzt nicht möglich ({phase}, {player} entscheidet)",
        "refusal.not_enough_resources": "{player} kann {what} nicht bezahlen, fehlt: {missing}",
        "refusal.no_pieces_left": "{player} hat keine Figur mehr: {piece}",
        "refusal.cannot_build_there": "{player} kann dort nicht bauen: {piece}",
        "refusal.deck_empty": "Der Stapel der Entwicklungskarten ist leer",
        "refusal.trading_closed": "Kein Handel nach dem Bauen (würfeln, handeln, bauen)",
        "refusal.trade_before_roll": "Gehandelt wird nach dem Würfeln",
        "refusal.not_your_trade_phase": "Angebote nur in deiner eigenen Handelsphase",
        "refusal.offer_limit": "Keine Angebote mehr in diesem Zug ({limit} pro Zug)",
        "refusal.bad_terms": "Ein Angebot nennt Karten der fünf Rohstoffe",
        "refusal.no_gifts": "Keine Geschenke: beide Seiten müssen etwas geben",
        "refusal.same_resource_both_sides": "Derselbe Rohstoff darf nicht auf beiden Seiten stehen",
        "refusal.missing_offered_cards": "Dir fehlen Karten für dein Angebot: {missing}",
        "refusal.bad_addressee": "Ein Angebot geht an alle oder an einen anderen Spieler",
        "refusal.no_offer": "Es gibt kein Angebot für ein Gegenangebot",
        "refusal.counter_unchanged": "Ein Gegenangebot muss etwas ändern (sonst annehmen)",
        "refusal.missing_counter_cards": "Dir fehlen Karten für dein Gegenangebot: {missing}",
        "refusal.bad_ratio": "{player} tauscht {resource} im Verhältnis {ratio}:1, nicht {asked}:1",
        "refusal.bank_out_of": "Die Bank hat kein {resource} mehr",
        "refusal.cards_on_own_turn": "Entwicklungskarten nur im eigenen Zug",
        "refusal.card_limit": "Du hast in diesem Zug schon {limit} {limit:Karte|Karten} gespielt",
        "refusal.card_too_new": "Eine in diesem Zug gekaufte Karte wartet bis zum nächsten Zug",
        "refusal.no_such_card": "Du hast keine spielbare Karte: {card}",
        "refusal.nowhere_to_build_road": "Es gibt keine freie Kante für eine Straße",
        "refusal.robber_must_move": "Der Räuber muss auf ein anderes erlaubtes Feld",
        "refusal.cannot_rob": "{player} kann dort nicht beraubt werden",
        "refusal.nothing_to_discard": "Du hast kein {resource} zum Abgeben",
        "refusal.cannot_accept": "Dir fehlen die verlangten Karten: {missing}",
        "refusal.cannot_close": "Dieser Handel kann jetzt nicht geschlossen werden",
        "refusal.not_your_decision": "{player} entscheidet gerade",
        "refusal.wrong_phase": "Jetzt nicht möglich ({phase})",
        "refusal.no_place_for": "{player} hat keinen Platz für: {piece}",
        "refusal.nothing_to_trade": "{player} hat zu wenige Karten für diesen Handel",
        "refusal.no_card_useful": "Jetzt kann keine Entwicklungskarte gespielt werden",
        "phase.setup_settlement": "Gründung",
        "phase.setup_road": "Gründungsstraße",
        "phase.roll": "vor dem Würfeln",
        "phase.discard": "Abgeben",
        "phase.robber": "Räuber versetzen",
        "phase.main": "Handeln und Bauen",
        "phase.offer_response": "Antwort auf ein Angebot",
        "phase.offer_confirm": "Angebot abschließen",
        "phase.road_building": "freie Straßen",
        "phase.special_build": "Sonderbauphase",
        "phase.over": "Spielende",
        "thing.road": "Straße",
        "thing.settlement": "Siedlung",
        "thing.city": "Stadt",
        "thing.card": "Entwicklungskarte",
        "thing.trade": "Handel",
        "thing.development": "Entwicklung",
        "log.build.ship": "{name} baut ein Schiff",
        "log.ship_moved": "{name} versetzt ein Schiff",
        "log.pirate": "{name} versetzt den Piraten",
        "log.gold_due": "{name} wählt {n} aus Gold",
        "log.gold_choice": "{name} nimmt {res} aus Gold",
        "log.gold_lost": "Die Bank ist leer: kein Gold für {name}",
        "log.explore": "{name} entdeckt: {res}",
        "log.explore_number": "{name} entdeckt: {res} ({total})",
        "land.forest": "Wald", "land.hills": "Hügel", "land.pasture": "Weide", "land.fields": "Acker",
        "land.mountains": "Gebirge", "land.desert": "Wüste", "land.gold": "Goldfluss", "land.sea": "Meer",
        "status.gold": "{name}: einen Rohstoff wählen (Goldfluss)",
        "phase.gold": "Gold wählen",
        "thing.ship": "Schiff",
        "refusal.no_ships_here": "In diesem Spiel gibt es keine Schiffe",
        "refusal.pirate_blocks": "Der Pirat sperrt diese Kante",
        "refusal.ship_not_movable": "Nur das offene Ende einer offenen Route zieht, kein neues Schiff",
        "refusal.ship_moved_already": "Du hast in diesem Zug schon ein Schiff versetzt",
        "refusal.ship_move_target": "Ein Schiff zieht nur dorthin, wo ein neues stehen dürfte",
        "refusal.robber_on_land": "Der Räuber bleibt an Land, der Pirat auf See",
        "refusal.pirate_must_move": "Der Pirat muss auf ein anderes Meerfeld",
        "refusal.no_pirate": "Auf dieser Karte gibt es keinen Piraten",
        "nothing": "nichts",
        "hint.select": "Enter / A / Klick", "hint.change": "< > / Klick: ändern",
        "footer": "Catan ist eine Marke ihrer Inhaber. Inoffizielle Fan-Neuauflage.",
        "legend": "P Pkt C Karten D Entw K Ri R Str",
    },
}


def set_language(lang: str) -> None:
    if lang not in TEXTS:
        raise ValueError(f"unknown language {lang!r}")
    _current[0] = lang


def language() -> str:
    return _current[0]


_PLURAL = re.compile(r"\{(\w+):([^{}|]*)\|([^{}]*)\}")


def t(key: str, **values) -> str:
    """The text ``key`` in the current language with ``values`` filled in.
    ``{n:card|cards}`` in a text is the word for that count: the first for
    exactly 1, else the second."""
    table = TEXTS[_current[0]]
    text = table.get(key)
    if text is None:
        text = TEXTS["en"].get(key, key)
    return fill(text, **values) if values else text


def fill(text: str, **values) -> str:
    """``text`` (a template of the tables) with ``values`` filled in, a
    ``{n:one|many}`` choosing the word for the count."""
    if "|" in text:
        text = _PLURAL.sub(lambda m: m.group(2) if values.get(m.group(1)) == 1 else m.group(3), text)
    return text.format(**values)


def cards_text(bundle) -> str:
    parts = [f"{n} {t(f'res.{r}')}" for r, n in enumerate(bundle) if n]
    return ", ".join(parts) if parts else t("nothing")


# --- the scenario editor (ui/scenes/editor.py) ------------------------------------------------
_EDITOR_TEXTS = {
    "scenario_editor": ("Scenario editor", "Szenario-Editor"),
    "ed.title": ("Scenario editor", "Szenario-Editor"),
    "ed.hex": ("Hex row {r}, column {c}", "Feld Reihe {r}, Spalte {c}"),
    "ed.tools": ("Terrain", "Gelände"),
    "ed.rules": ("Scenario rules", "Szenarioregeln"),
    "ed.file": ("File: {name}", "Datei: {name}"),
    "ed.t.none": ("No hex", "Kein Feld"), "ed.t.sea": ("Sea", "Meer"), "ed.t.forest": ("Forest", "Wald"),
    "ed.t.hills": ("Hills", "Hügelland"), "ed.t.pasture": ("Pasture", "Weideland"),
    "ed.t.fields": ("Fields", "Ackerland"), "ed.t.mountains": ("Mountains", "Gebirge"),
    "ed.t.desert": ("Desert", "Wüste"), "ed.t.gold": ("Gold field", "Goldfluss"),
    "ed.t.pool": ("Land from the pool", "Land aus dem Vorrat"), "ed.t.fog": ("Fog", "Nebel"),
    "ed.t.harbour": ("Harbour {kind}", "Hafen {kind}"), "ed.t.any": ("from the pool", "aus dem Vorrat"),
    "ed.t.region": ("Region {label} (T: next letter)", "Region {label} (T: nächster)"),
    "ed.t.robber": ("Robber's start", "Start des Räubers"), "ed.t.pirate": ("Pirate's start", "Start des Piraten"),
    "ed.t.founding": ("Founding region on/off", "Gründungsregion an/aus"),
    "ed.t.number": ("Number {n}", "Zahl {n}"), "ed.t.no_number": ("No number (pool)", "Keine Zahl (Vorrat)"),
    "ed.t.facing": ("T: turn, X: remove", "T: drehen, X: weg"),
    "ed.side.e": ("east", "Osten"), "ed.side.ne": ("north-east", "Nordosten"),
    "ed.side.nw": ("north-west", "Nordwesten"), "ed.side.w": ("west", "Westen"),
    "ed.side.sw": ("south-west", "Südwesten"), "ed.side.se": ("south-east", "Südosten"),
    "ed.i.number": ("number {n} ({p} {p:dot|dots})", "Zahl {n} ({p} {p:Punkt|Punkte})"),
    "ed.i.harbour": ("harbour {kind}, faces {side}", "Hafen {kind}, nach {side}"),
    "ed.i.region": ("region {label}", "Region {label}"), "ed.i.founding": ("founding", "Gründung"),
    "ed.i.robber": ("robber", "Räuber"), "ed.i.pirate": ("pirate", "Pirat"),
    "ed.i.outside": ("(outside the map)", "(außerhalb der Karte)"),
    "ed.ok": ("Loads in the game.", "Lädt im Spiel."),
    "ed.problem": ("Will not load: {why}", "Lädt nicht: {why}"),
    "ed.pips": ("Dots", "Punkte"), "ed.dice": ("Tokens per dice total", "Chips je Würfelsumme"),
    "ed.sec.texts": ("- Names and texts -", "- Namen und Texte -"), "ed.sec.game": ("- Game -", "- Spiel -"),
    "ed.sec.map": ("- Map size -", "- Kartengröße -"), "ed.sec.pools": ("- Land pool -", "- Landvorrat -"),
    "ed.sec.tokens": ("- Number pool -", "- Zahlenvorrat -"),
    "ed.sec.fog": ("- Under the fog -", "- Unter dem Nebel -"),
    "ed.sec.harbours": ("- Harbour pool -", "- Hafenvorrat -"),
    "ed.sec.options": ("- Rule options -", "- Regeloptionen -"),
    "ed.r.name": ("Name ({lang}): {v}", "Name ({lang}): {v}"),
    "ed.r.desc": ("Text ({lang}): {v}", "Text ({lang}): {v}"),
    "ed.r.id": ("File id: {v}", "Datei-Id: {v}"), "ed.r.players": ("Players: {v}", "Spieler: {v}"),
    "ed.r.vp": ("Victory points: {v}", "Siegpunkte: {v}"), "ed.r.ships": ("Ships: {v}", "Schiffe: {v}"),
    "ed.r.bonus": ("Island bonus: {v}", "Inselbonus: {v}"),
    "ed.bonus.none": ("none", "keiner"), "ed.bonus.every_settlement": ("each settl.", "jede Siedl."),
    "ed.bonus.first_settlement": ("first settl.", "erste Siedl."),
    "ed.r.bonus_points": ("Bonus points: {v}", "Bonuspunkte: {v}"),
    "ed.r.robber": ("Robber: {v}", "Räuber: {v}"), "ed.desert": ("a desert", "eine Wüste"),
    "ed.r.pirate": ("Pirate: {v}", "Pirat: {v}"), "ed.none": ("none", "keiner"),
    "ed.at": ("row {r}, col {c}", "Reihe {r}, Sp. {c}"),
    "ed.r.founding": ("Founding: {v}", "Gründung: {v}"), "ed.all": ("all regions", "alle Regionen"),
    "ed.n_regions": ("{n} {n:region|regions}", "{n} {n:Region|Regionen}"),
    "ed.r.placement": ("Numbers: {v}", "Zahlen: {v}"), "ed.placement.spiral": ("letter spiral", "Spirale"),
    "ed.placement.shuffle": ("shuffled", "gemischt"),
    "ed.r.fit": ("Fit the pools to the map", "Vorräte an Karte anpassen"),
    "ed.r.top": ("Top edge: {n} rows", "Rand oben: {n} Reihen"),
    "ed.r.bottom": ("Bottom edge: {n} rows", "Rand unten: {n} Reihen"),
    "ed.r.left": ("Left edge: {n} columns", "Rand links: {n} Spalten"),
    "ed.r.right": ("Right edge: {n} columns", "Rand rechts: {n} Spalten"),
    "ed.r.pool": ("{kind}: {n}", "{kind}: {n}"), "ed.r.token": ("Number {num}: {n}", "Zahl {num}: {n}"),
    "ed.r.fog_token": ("Fog number {num}: {n}", "Nebelzahl {num}: {n}"),
    "ed.r.hpool": ("Harbour {kind}: {n}", "Hafen {kind}: {n}"),
    "ed.r.regions": ("Regions: {v}", "Regionen: {v}"), "ed.regions.islands": ("the islands", "die Inseln"),
    "ed.regions.named": ("named (Enter: islands)", "benannt (Enter: Inseln)"),
    "ed.r.beginner": ("Beginner layout: {v}", "Einsteiger: {v}"),
    "ed.kept": ("kept (Enter: drop)", "da (Enter: weg)"),
    "ed.r.generator": ("Generated map: {v}", "Erzeugte Karte: {v}"),
    "ed.opt.offers_per_turn": ("Offers per turn: {v}", "Angebote pro Zug: {v}"),
    "ed.f.load": ("Load", "Laden"), "ed.f.save": ("Save", "Sichern"), "ed.f.new": ("New", "Neu"),
    "ed.f.undo": ("Undo", "Zurück"), "ed.f.redo": ("Redo", "Wieder"), "ed.f.try": ("Try it", "Testen"),
    "ed.f.help": ("Help", "Hilfe"), "ed.f.exit": ("Exit", "Ende"), "ed.f.fit": ("Pools", "Vorräte"),
    "ed.m.saved": ("Saved as {name}", "Gespeichert als {name}"),
    "ed.m.copy": ("The shipped scenario is read-only: saved a copy as {name}",
                  "Mitgeliefertes Szenario nur lesbar: Kopie gesichert als {name}"),
    "ed.m.loaded": ("Opened {name}", "{name} geöffnet"), "ed.m.new": ("A new, empty map", "Eine neue, leere Karte"),
    "ed.m.undo": ("Undone", "Rückgängig gemacht"), "ed.m.redo": ("Redone", "Wiederhergestellt"),
    "ed.m.nothing": ("Nothing to undo or redo", "Nichts rückgängig zu machen"),
    "ed.m.try_off": ("Try it needs the Seafarers game engine, which this build lacks",
                     "Testen braucht die Seefahrer-Regeln, die dieser Version fehlen"),
    "ed.m.try_bad": ("Cannot try it: {why}", "Test nicht möglich: {why}"),
    "ed.m.try": ("Test game on this scenario, seed {seed}", "Testspiel auf diesem Szenario, Startwert {seed}"),
    "ed.m.try_failed": ("The test game stopped: {why}", "Das Testspiel brach ab: {why}"),
    "ed.m.auto": ("Computer players test the map (seed {seed}): turn {turn}...  Esc: stop",
                  "Computerspieler testen die Karte (Startwert {seed}): Zug {turn}...  Esc: Halt"),
    "ed.m.auto_done": ("Seed {seed}: {name} won with {vp} points in turn {turn} (points {points})",
                       "Startwert {seed}: {name} gewinnt mit {vp} Punkten in Zug {turn} (Punkte {points})"),
    "ed.m.auto_stopped": ("Computer test game stopped (seed {seed})",
                          "Computer-Testspiel angehalten (Startwert {seed})"),
    "ed.m.back": ("Back from the test game (seed {seed})", "Zurück vom Testspiel (Startwert {seed})"),
    "ed.m.unsaved": ("Unsaved changes: press again to discard them", "Ungesichert: nochmal drücken zum Verwerfen"),
    "ed.m.fitted": ("The pools now fit the map", "Die Vorräte passen jetzt zur Karte"),
    "ed.m.pending": ("Number 1_: type 0, 1 or 2", "Zahl 1_: 0, 1 oder 2 tippen"),
    "ed.m.no7": ("There is no 7 token", "Es gibt keinen Chip 7"),
    "ed.m.fill": ("Filled {n} {n:hex|hexes}", "{n} {n:Feld|Felder} gefüllt"),
    "ed.load.title": ("Load a scenario ({n})", "Szenario laden ({n})"),
    "ed.load.shipped": ("{name} (read-only)", "{name} (nur lesen)"),
    "ed.typing": ("Type, then Enter: done  Esc: cancel", "Tippen, dann Enter: fertig  Esc: abbrechen"),
    "ed.hint": ("F1 help  Tab next box  Enter paint  F fill  Q/E tool  0-9 number  U undo  R redo",
                "F1 Hilfe  Tab Kasten  Enter malen  F füllen  Q/E Werkzeug  0-9 Zahl  U/R zurück/wieder"),
    "ed.help.title": ("Scenario editor - help", "Szenario-Editor - Hilfe"),
    "ed.help.1": ("Arrows, WASD, d-pad or mouse: move the cursor over the map.",
                  "Pfeile, WASD, Steuerkreuz oder Maus: Cursor über die Karte."),
    "ed.help.2": ("Enter, Space, A or click: paint the hex with the chosen tool.",
                  "Enter, Leertaste, A oder Klick: Feld mit dem Werkzeug malen."),
    "ed.help.3": ("F or Y: fill the connected area of like hexes.",
                  "F oder Y: zusammenhängende gleiche Felder füllen."),
    "ed.help.4": ("Q / E or L / R shoulder: previous / next tool.  Right click: the terrain of that hex.",
                  "Q / E oder Schulter L / R: voriges / nächstes Werkzeug.  Rechtsklick: Gelände des Feldes."),
    "ed.help.5": ("2-6, 8, 9, then 10-12 as 1 0 / 1 1 / 1 2: a fixed number; 0 clears it.",
                  "2-6, 8, 9, 10-12 als 1 0 / 1 1 / 1 2: feste Zahl; 0 löscht sie."),
    "ed.help.6": ("Harbour tools: paint on a sea hex; T turns it, X removes it.",
                  "Hafen-Werkzeuge: auf Meer malen; T dreht, X entfernt."),
    "ed.help.7": ("U or X button: undo.  R: redo.  P: fit the pools to the map.",
                  "U oder Knopf X: zurück.  R: wieder.  P: Vorräte anpassen."),
    "ed.help.8": ("Tab or Select: next box (map, terrain, rules, file).",
                  "Tab oder Select: nächster Kasten (Karte, Gelände, Regeln, Datei)."),
    "ed.help.9": ("Rules: < > change a value, Enter edits a text or sets it to the cursor.",
                  "Regeln: < > ändert, Enter bearbeitet Text oder nimmt den Cursor."),
    "ed.help.10": ("The rules box shows the game's own check (every problem) and the dots per resource.",
                   "Der Regelkasten zeigt die Prüfung des Spiels (alle Probleme) und Punkte je Rohstoff."),
    "ed.help.11": ("F1/H help, F2/V save, F3/O load, F5/G try it with computer players, C: computers only.",
                   "F1/H Hilfe, F2/V sichern, F3/O laden, F5/G mit Computerspielern testen, C: nur Computer."),
    "ed.help.12": ("Shipped scenarios are read-only: saving makes a copy.",
                   "Mitgelieferte Szenarien sind nur lesbar: Sichern legt eine Kopie an."),
    "ed.help.close": ("Any key: back to the editor", "Beliebige Taste: zurück zum Editor"),
    # Issue 16 (editor): every problem listed, drafts saved, the on-screen keyboard.
    "ed.help.13": ("L or Problems in the rules: every problem, listed; the map marks the hexes they name.",
                   "L oder Probleme in den Regeln: alle Probleme; die Karte markiert ihre Felder."),
    "ed.help.14": ("Pad or mouse type on the on-screen keyboard. A draft with problems saves with a warning.",
                   "Pad oder Maus tippen auf der Bildschirmtastatur. Entwürfe sichern mit Warnung."),
    "ed.r.problems": ("Problems: {n} (Enter: list)", "Probleme: {n} (Enter: Liste)"),
    "ed.problem_n": ("{n} problems. 1. {why}", "{n} Probleme. 1. {why}"),
    "ed.more": ("... and {n} more: L lists all", "... und {n} weitere: L zeigt alle"),
    "ed.problems.title": ("Why the game will not load it ({n})", "Warum das Spiel es nicht lädt ({n})"),
    "ed.problems.close": ("Up / down: scroll   any other key: back to the editor",
                          "Auf / ab: blättern   andere Taste: zurück zum Editor"),
    "ed.m.saved_draft": ("Saved as {name}; it will not load as a game until: {why}",
                         "Gesichert als {name}; als Spiel lädt es erst ohne: {why}"),
    "ed.kb.hint": ("A: type  B: delete  Y/Start: done  X: cancel",
                   "A: tippen  B: löschen  Y/Start: fertig  X: abbrechen"),
    "kb.title": ("Keyboard", "Tastatur"), "kb.space": ("Space", "Leerzeichen"),
    "kb.delete": ("Delete", "Löschen"), "kb.done": ("Done", "Fertig"),
}
for _key, (_en, _de) in _EDITOR_TEXTS.items():
    TEXTS["en"][_key] = _en
    TEXTS["de"][_key] = _de


# --- help pages, hints, the discard screen, the offer editor and the advisor ------------
TEXTS["en"].update({
    "help.title": "Help: {page}", "help.keys": "Keys", "help.now": "Now", "help.rules": "Rules in short",
    "help.close": "F1 / Esc / Enter / Start: close the help",
    "help.possible": "Possible now: {actions}",
    "help.legend": "Players box: P points, C resource cards, D development cards, K knights played,\n"
                   "R length of the longest road.",
    "help.action.roll": "roll", "help.action.road": "road", "help.action.settlement": "settlement",
    "help.action.city": "city", "help.action.buy": "buy a card", "help.action.bank": "bank trade",
    "help.action.offer": "offer", "help.action.play": "play a card", "help.action.end": "end the turn",
    "help.action.pass": "pass",
    "help.title.title": "Title screen",
    "help.title.keys": "Up/Down (d-pad, mouse): choose  Enter (A, click): open\nF1 (Start): this help",
    "help.title.rules": "Build settlements, cities and roads on the island of Catan; the first to the\n"
                        "victory points wins. F1 on every screen explains its keys and rules.",
    "help.setup.title": "New game",
    "help.setup.keys": "Up/Down: choose a line  Left/Right (click halves): change it\n"
                       "Digits: type the seed, X clears it  Enter on \"Start the game\": play\nEsc: back",
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
                        "Tab (Back) or V: show the game as one player or all cards open\nEsc: back to the title",
    "help.replay.rules": "Every step is a decision of the recorded game, replayed by the rules.",
    "help.end.title": "End of the game",
    "help.end.keys": "Enter (A, click): back to the title",
    "help.end.rules": "The points: settlements 1, cities 2, Longest Trade Route 2, Largest Army 2,\n"
                      "victory point cards 1.",
    "help.game.menu.title": "Your turn",
    "help.game.menu.keys": "R roll  1 road  2 settlement  3 city  4 buy a card  H bank trade  T offer\n"
                           "P play a card (pad X)  E end the turn  I advisor  M or Esc: game menu\n"
                           "Up/Down + Enter: the same from the list  F (pad Y): skip computer turns\n"
                           "U / J (shoulders, wheel): scroll the log  F1 (Start): this help",
    "help.game.menu.rules": "A turn: roll, everyone with a building on a hex of that number gets its\n"
                            "cards; then trade, then build. Road: Wood Brick.\n"
                            "Settlement: Wood Brick Sheep Wheat. City: 2 Wheat 3 Coal.\n"
                            "Development card: Sheep Wheat Coal.",
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
    "help.game.discard.title": "Giving up cards",
    "help.game.discard.keys": "Up/Down: a resource  Right/Enter: one more  Left: one fewer\n"
                              "Esc: take the last card back  \"Give up these cards\": confirm",
    "help.game.discard.rules": "On a 7 everyone with more than 7 cards gives up half, rounded down.",
    "help.game.offer.title": "Offering a trade",
    "help.game.offer.keys": "Up/Down: a line  Left/Right: fewer/more  Enter on \"Send\": offer\nEsc: back",
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
    "help.game.gamemenu.keys": "Up/Down + Enter: save into a slot, quit, or back  Esc: back",
    "help.game.gamemenu.rules": "The game also saves itself after every turn.",
    "help.game.handover.title": "Passing the controls",
    "help.game.handover.keys": "Enter (A, click): the next person takes over",
    "help.game.handover.rules": "Cards stay hidden until the next person confirms.",
    "pick.hint.corner": "Arrows choose a corner, Enter marks it  I: advice",
    "pick.hint.edge": "Arrows choose an edge, Enter marks it  I: advice",
    "pick.hint.hex": "Arrows choose a hex, Enter marks it  I: advice",
    "pick.confirm": "Enter again: place it here  Esc: take back",
    "opt.confirm_places": "Confirm placements: {v}",
    "discard.title": "Give up {n} {n:card|cards} (a 7)", "discard.item": "{res}: give {k} of {held}",
    "discard.count": "Chosen: {k} of {n}", "discard.keys": "Right/Enter +1  Left -1  Esc: last back",
    "discard.confirm": "Give up these {n} {n:card|cards}", "discard.clear": "Start again",
    "dialog.offer_hint": "Offer a trade (Left/Right change)", "dialog.your_cards": "Your cards: {cards}",
    "menu.advice": "Advisor",
    "advice.title": "Advisor: what the Hard computer would do",
    "advice.keys": "Enter: do it   Esc / I: close",
    "advice.do.settle": "Place a settlement on the marked corner",
    "advice.do.road": "Build a road on the marked edge", "advice.do.city": "Build a city on the marked corner",
    "advice.do.buy": "Buy a development card", "advice.do.roll": "Roll the dice",
    "advice.do.end": "End the turn", "advice.do.pass": "Pass (build nothing)",
    "advice.do.robber": "Move the robber to the marked hex", "advice.do.accept": "Accept the offer",
    "advice.do.decline": "Decline the offer", "advice.do.cancel": "Withdraw the offer",
    "advice.do.trade": "Give the bank {n} {give} for 1 {get}", "advice.do.offer": "Offer {give} for {get}",
    "advice.do.discard": "Give up 1 {res}", "advice.do.play": "Play {card}",
    "advice.do.confirm": "Trade with {name}",
    "advice.why.found": "Why: the best numbers and resources left",
    "advice.why.road": "Why: it leads toward a good free corner",
    "advice.why.settlement": "Why: a point more, and new income",
    "advice.why.city": "Why: a point more; this corner pays double",
    "advice.why.card": "Why: knights, progress and points",
    "advice.why.trade": "Why: it brings the {goal} nearer",
    "advice.why.offer": "Why: it brings the {goal} nearer",
    "advice.why.knight": "Why: free your hex or reach the Largest Army",
    "advice.why.play": "Why: it helps now",
    "advice.why.roll": "Why: no card worth playing before the roll",
    "advice.why.end": "Why: save the cards for the {goal}",
    "advice.why.pass": "Why: nothing worth building now",
    "advice.why.robber": "Why: it blocks a leader's best hex",
    "advice.why.discard": "Why: needed least for the {goal}",
    "advice.why.accept": "Why: the trade helps you more than them",
    "advice.why.decline": "Why: the trade does not help you",
    "advice.why.counter": "Why: better terms are possible",
    "advice.why.confirm": "Why: the best answer for you",
    "advice.why.withdraw": "Why: no answer helps you",
    "advice.why.other": "Why: it is the best move now",
    "optval.always": "always", "optval.only_if_active_built": "if the player built",
    "optval.off": "off", "optval.buildable": "stay", "optval.abandoned": "stay, not counted",
    "optval.lost": "lost",
    "res.card.0": "Wood", "res.card.1": "Brick", "res.card.2": "Sheep", "res.card.3": "Wheat",
    "res.card.4": "Coal",
    "replay.help": "Space play  <- -> step  Up/Dn turn  digits+Enter: turn N  +/- speed  Tab view  Esc",
    "replay.dice": "Dice: {a}+{b} = {total}", "replay.no_dice": "Dice: -",
    "replay.step_of": "Decides: {name}", "replay.counts": "{n} {n:card|cards}, {k} dev",
    "dialog.answer": "{name} gives you {give}", "dialog.answer_for": "and wants {get} from you",
    "dialog.take": "{name}: {get} -> {give}",
    "dialog.take_head": "Name: what they give -> what you give",
    "dialog.give": "You give {res}: {n} (of {held})", "dialog.get": "You get {res}: {n}",
    "draw.text": "You drew: {card}",
    "dicebox.title": "Dice so far",
    "load.finished_line": "{board}, {winner} won",
    "end.breakdown": "= {b} {b:building|buildings} + {a} {a:award|awards} + {c} {c:card|cards}",
})
TEXTS["de"].update({
    "help.title": "Hilfe: {page}", "help.keys": "Tasten", "help.now": "Jetzt", "help.rules": "Regeln kurz",
    "help.close": "F1 / Esc / Enter / Start: Hilfe schließen",
    "help.possible": "Jetzt möglich: {actions}",
    "help.legend": "Spielerfeld: P Punkte, C Rohstoffkarten, D Entwicklungskarten, K gespielte Ritter,\n"
                   "R längste Straße.",
    "help.action.roll": "würfeln", "help.action.road": "Straße", "help.action.settlement": "Siedlung",
    "help.action.city": "Stadt", "help.action.buy": "Karte kaufen", "help.action.bank": "Bankhandel",
    "help.action.offer": "Angebot", "help.action.play": "Karte spielen", "help.action.end": "Zug beenden",
    "help.action.pass": "passen",
    "help.title.title": "Titelbild",
    "help.title.keys": "Auf/Ab (Steuerkreuz, Maus): wählen  Enter (A, Klick): öffnen\nF1 (Start): diese Hilfe",
    "help.title.rules": "Baue Siedlungen, Städte und Straßen auf der Insel Catan; wer zuerst die\n"
                        "Siegpunkte hat, gewinnt. F1 erklärt auf jedem Bildschirm Tasten und Regeln.",
    "help.setup.title": "Neues Spiel",
    "help.setup.keys": "Auf/Ab: Zeile wählen  Links/Rechts (Klick auf die Hälften): ändern\n"
                       "Ziffern: Startwert tippen, X löscht  Enter auf \"Spiel beginnen\": los\nEsc: zurück",
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
                        "Tab (Back) oder V: Sicht eines Spielers oder alle Karten offen\nEsc: zum Titel",
    "help.replay.rules": "Jeder Schritt ist eine Entscheidung des Spiels, nach den Regeln nachgespielt.",
    "help.end.title": "Spielende",
    "help.end.keys": "Enter (A, Klick): zum Titel",
    "help.end.rules": "Punkte: Siedlung 1, Stadt 2, Längste Handelsstraße 2, Größte Rittermacht 2,\n"
                      "Siegpunktkarte 1.",
    "help.game.menu.title": "Dein Zug",
    "help.game.menu.keys": "R würfeln  1 Straße  2 Siedlung  3 Stadt  4 Karte kaufen  H Bank  T Angebot\n"
                           "P Karte spielen (X)  E Zug beenden  I Berater  M oder Esc: Spielmenü\n"
                           "Auf/Ab + Enter: dasselbe aus der Liste  F (Y): Computerzüge überspringen\n"
                           "U / J (Schultertasten, Rad): Protokoll blättern  F1 (Start): diese Hilfe",
    "help.game.menu.rules": "Ein Zug: würfeln, wer an einem Feld mit dieser Zahl baut, erhält Karten;\n"
                            "dann handeln, dann bauen. Straße: Holz Lehm.\n"
                            "Siedlung: Holz Lehm Wolle Getreide. Stadt: 2 Getreide 3 Erz.\n"
                            "Entwicklungskarte: Wolle Getreide Erz.",
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
    "help.game.discard.title": "Karten abgeben",
    "help.game.discard.keys": "Auf/Ab: Rohstoff  Rechts/Enter: eine mehr  Links: eine weniger\n"
                              "Esc: letzte Karte zurück  \"Diese Karten abgeben\": bestätigen",
    "help.game.discard.rules": "Bei einer 7 gibt jeder mit mehr als 7 Karten die Hälfte ab, abgerundet.",
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
    "help.game.gamemenu.keys": "Auf/Ab + Enter: speichern, beenden oder zurück  Esc: zurück",
    "help.game.gamemenu.rules": "Das Spiel speichert sich auch nach jedem Zug.",
    "help.game.handover.title": "Spielerwechsel",
    "help.game.handover.keys": "Enter (A, Klick): die nächste Person übernimmt",
    "help.game.handover.rules": "Die Karten bleiben verdeckt, bis die nächste Person bestätigt.",
    "pick.hint.corner": "Pfeile wählen eine Ecke, Enter markiert  I: Rat",
    "pick.hint.edge": "Pfeile wählen eine Kante, Enter markiert  I: Rat",
    "pick.hint.hex": "Pfeile wählen ein Feld, Enter markiert  I: Rat",
    "pick.confirm": "Nochmals Enter: hier setzen  Esc: zurück",
    "opt.confirm_places": "Bauplatz bestätigen: {v}",
    "discard.title": "{n} {n:Karte|Karten} abgeben (eine 7)", "discard.item": "{res}: {k} von {held} abgeben",
    "discard.count": "Gewählt: {k} von {n}", "discard.keys": "Rechts/Enter +1  Links -1  Esc: zurück",
    "discard.confirm": "Diese {n} {n:Karte|Karten} abgeben", "discard.clear": "Neu wählen",
    "dialog.offer_hint": "Handel anbieten (Links/Rechts ändern)", "dialog.your_cards": "Deine Karten: {cards}",
    "menu.advice": "Berater",
    "advice.title": "Berater: was der schwere Computer täte",
    "advice.keys": "Enter: ausführen   Esc / I: schließen",
    "advice.do.settle": "Eine Siedlung auf die markierte Ecke setzen",
    "advice.do.road": "Eine Straße auf die markierte Kante bauen",
    "advice.do.city": "Eine Stadt auf der markierten Ecke bauen",
    "advice.do.buy": "Eine Entwicklungskarte kaufen", "advice.do.roll": "Würfeln",
    "advice.do.end": "Den Zug beenden", "advice.do.pass": "Passen (nichts bauen)",
    "advice.do.robber": "Den Räuber auf das markierte Feld setzen", "advice.do.accept": "Das Angebot annehmen",
    "advice.do.decline": "Das Angebot ablehnen", "advice.do.cancel": "Das Angebot zurückziehen",
    "advice.do.trade": "Der Bank {n} {give} für 1 {get} geben", "advice.do.offer": "{give} für {get} anbieten",
    "advice.do.discard": "1 {res} abgeben", "advice.do.play": "{card} spielen",
    "advice.do.confirm": "Mit {name} handeln",
    "advice.why.found": "Warum: die besten freien Zahlen und Rohstoffe",
    "advice.why.road": "Warum: sie führt zu einer guten freien Ecke",
    "advice.why.settlement": "Warum: ein Punkt mehr und neue Erträge",
    "advice.why.city": "Warum: ein Punkt mehr, die Ecke zahlt doppelt",
    "advice.why.card": "Warum: Ritter, Fortschritt und Punkte",
    "advice.why.trade": "Warum: es bringt dich näher an: {goal}",
    "advice.why.offer": "Warum: es bringt dich näher an: {goal}",
    "advice.why.knight": "Warum: Räuber weg oder Größte Rittermacht",
    "advice.why.play": "Warum: sie hilft jetzt",
    "advice.why.roll": "Warum: keine Karte lohnt sich vor dem Würfeln",
    "advice.why.end": "Warum: Karten aufheben für: {goal}",
    "advice.why.pass": "Warum: jetzt lohnt sich kein Bau",
    "advice.why.robber": "Warum: blockiert das beste Feld des Führenden",
    "advice.why.discard": "Warum: am wenigsten nötig für: {goal}",
    "advice.why.accept": "Warum: der Handel hilft dir mehr als den anderen",
    "advice.why.decline": "Warum: der Handel hilft dir nicht",
    "advice.why.counter": "Warum: bessere Bedingungen sind möglich",
    "advice.why.confirm": "Warum: die beste Antwort für dich",
    "advice.why.withdraw": "Warum: keine Antwort hilft dir",
    "advice.why.other": "Warum: jetzt der beste Zug",
    "optval.always": "immer", "optval.only_if_active_built": "wenn gebaut wurde",
    "optval.off": "aus", "optval.buildable": "bleiben", "optval.abandoned": "bleiben, zählen nicht",
    "optval.lost": "verloren",
    "res.card.0": "Holz", "res.card.1": "Lehm", "res.card.2": "Wolle", "res.card.3": "Getr.",
    "res.card.4": "Erz",
    "replay.help": "Leert. Start  <- -> Schritt  Auf/Ab Zug  Ziffern+Enter: Zug N  +/- Tempo  Tab  Esc",
    "replay.dice": "Würfel: {a}+{b} = {total}", "replay.no_dice": "Würfel: -",
    "replay.step_of": "Entscheidet: {name}", "replay.counts": "{n} {n:Karte|Karten}, {k} Entw.",
    "dialog.answer": "{name} gibt dir {give}", "dialog.answer_for": "und will {get} von dir",
    "dialog.take": "{name}: {get} -> {give}",
    "dialog.take_head": "Name: was sie geben -> was du gibst",
    "dialog.give": "Du gibst {res}: {n} (von {held})", "dialog.get": "Du bekommst {res}: {n}",
    "draw.text": "Gezogen: {card}",
    "dicebox.title": "Bisher gewürfelt",
    "load.finished_line": "{board}, {winner} gewann",
    "end.breakdown": "= {b} Bauten + {a} Sonderk. + {c} {c:Karte|Karten}",
})


# --- seaui (issue 15 item 5): ships, the pirate and gold in the game window --------------
TEXTS["en"].update({
    "menu.ship": "Build ship", "cost.ship": "Wo Sh", "menu.move": "Move ship",
    "sea.road": "Road", "sea.ship": "Ship", "sea.road_or_ship": "Road or ship?",
    "sea.pirate_line": "The pirate robs a ship's owner.",
    "gold.title": "Gold", "gold.line": "Gold field: choose a resource ({n} left)",
    "pick.hint.route": "Arrows: an edge for road or ship, Enter marks it",
    "pick.hint.ship": "Arrows choose a ship's edge, Enter marks it",
    "pick.hint.move_from": "Arrows choose the ship to move, Enter takes it",
    "pick.hint.move_to": "Arrows: where it sails, Enter marks it",
    "pick.hint.pirate": "Arrows choose a hex: land robber, sea pirate",
    "help.action.ship": "build a ship", "help.action.move": "move a ship",
    "advice.do.ship": "Build a ship on the marked edge", "advice.do.move_ship": "Move a ship to the marked edge",
    "advice.do.pirate": "Move the pirate to the marked hex", "advice.do.gold": "Take {res} from the gold field",
    "help.game.menu.sea": "5 build a ship (Wood Sheep)  6 move a ship (the open end of a route)",
    "help.game.robber.sea": "A sea hex moves the pirate instead; he robs a player with a ship on that hex",
    "help.game.ship.title": "Roads and ships",
    "help.game.ship.keys": "Arrows (d-pad): an edge  Enter (A, click): mark it, Enter again: build\n"
                           "A coast edge that takes both asks \"Road or ship?\"  Esc (B): back",
    "help.game.ship.rules": "Ship: Wood Sheep. It lies on an edge with sea beside it, next to your\n"
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
})
TEXTS["de"].update({
    "menu.ship": "Schiff bauen", "cost.ship": "Ho Wo", "menu.move": "Schiff versetzen",
    "sea.road": "Straße", "sea.ship": "Schiff", "sea.road_or_ship": "Straße oder Schiff?",
    "sea.pirate_line": "Der Pirat beraubt einen Schiffseigner.",
    "gold.title": "Gold", "gold.line": "Goldfluss: Rohstoff wählen (noch {n})",
    "pick.hint.route": "Pfeile: Kante für Straße/Schiff, Enter markiert",
    "pick.hint.ship": "Pfeile: Kante fürs Schiff, Enter markiert",
    "pick.hint.move_from": "Pfeile wählen das Schiff, Enter nimmt es",
    "pick.hint.move_to": "Pfeile: wohin es segelt, Enter markiert",
    "pick.hint.pirate": "Pfeile wählen ein Feld: Land Räuber, Meer Pirat",
    "help.action.ship": "Schiff bauen", "help.action.move": "Schiff versetzen",
    "advice.do.ship": "Ein Schiff auf die markierte Kante bauen",
    "advice.do.move_ship": "Ein Schiff auf die markierte Kante versetzen",
    "advice.do.pirate": "Den Piraten auf das markierte Feld setzen", "advice.do.gold": "{res} aus dem Goldfluss nehmen",
    "help.game.menu.sea": "5 Schiff bauen (Holz Wolle)  6 Schiff versetzen (offenes Ende einer Route)",
    "help.game.robber.sea": "Ein Meerfeld versetzt stattdessen den Piraten; er beraubt, wer dort ein Schiff hat",
    "help.game.ship.title": "Straßen und Schiffe",
    "help.game.ship.keys": "Pfeile (Steuerkreuz): eine Kante  Enter (A, Klick): markieren, nochmals: bauen\n"
                           "Passt an der Küste beides, fragt das Spiel \"Straße oder Schiff?\"  Esc (B): zurück",
    "help.game.ship.rules": "Schiff: Holz Wolle. Es liegt an einer Kante mit Meer, an deinem Gebäude oder\n"
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
})


# --- seaview (issue 15 item 5): ships and island bonus in the players box, the end screen, the log ---
TEXTS["en"].update({
    "box.ships_left": "Ships left {n}", "box.island_bonus": "Island bonus {n}",
    "end.island_bonus": "+ {i} island bonus",
    "log.island_bonus_1": "{name} earns the island bonus: 1 point",
    "log.island_bonus_n": "{name} earns the island bonus: {n} {n:point|points}",
    "log.explore_take": "{name} explores: {res}, takes 1 {card}",
    "log.explore_number_take": "{name} explores: {res} ({total}), takes 1 {card}",
})
TEXTS["de"].update({
    "box.ships_left": "Schiffe übrig {n}", "box.island_bonus": "Inselbonus {n}",
    "end.island_bonus": "+ {i} Inselbonus",
    "log.island_bonus_1": "{name} erhält den Inselbonus: 1 Punkt",
    "log.island_bonus_n": "{name} erhält den Inselbonus: {n} {n:Punkt|Punkte}",
    "log.explore_take": "{name} entdeckt: {res}, nimmt 1 {card}",
    "log.explore_number_take": "{name} entdeckt: {res} ({total}), nimmt 1 {card}",
})


# --- issue 14 (newcomer): why a save or a load failed, by code (ui/saving.failure) ---------------
_SAVE_FAILURE_TEXTS = {
    "too_large": ("the file is larger than {mb} MB", "die Datei ist größer als {mb} MB"),
    "damaged": ("the file is damaged (not valid JSON)", "die Datei ist beschädigt (kein gültiges JSON)"),
    "too_deep": ("the file is damaged (nested over {depth} levels deep)",
                 "die Datei ist beschädigt (über {depth} Ebenen verschachtelt)"),
    "not_a_save": ("the file is not a saved game", "die Datei ist kein gespeichertes Spiel"),
    "not_retrocatan": ("the file is not a RetroCatan saved game", "die Datei ist kein RetroCatan-Spielstand"),
    "no_version": ("the save has no version", "der Spielstand hat keine Versionsnummer"),
    "newer_version": ("the save is of a newer version ({version}) than this program reads ({reads})",
                      "Spielstand einer neueren Version ({version}; lesbar bis {reads})"),
    "older_version": ("unknown save version {version}", "unbekannte Version {version} des Spielstands"),
    "bad_record": ("the save's game record is damaged", "der Spielverlauf im Spielstand ist beschädigt"),
    "bad_seats": ("the save does not list one seat per player",
                  "der Spielstand nennt nicht für jeden Spieler einen Platz"),
    "bad_seat": ("the save has a damaged player entry", "ein Spielereintrag im Spielstand ist beschädigt"),
    "bad_speed": ("the save has a damaged speed setting", "die Tempo-Einstellung im Spielstand ist beschädigt"),
    "bad_date": ("the save has a damaged date", "das Datum im Spielstand ist beschädigt"),
    "bad_summary": ("the save has a damaged summary", "die Übersicht im Spielstand ist beschädigt"),
    "no_final_hash": ("the save has no check of its final state", "dem Spielstand fehlt die Prüfsumme des Endstands"),
    "refused_step": ("step {step} of its game breaks the rules", "Schritt {step} des Spiels verstößt gegen die Regeln"),
    "state_differs": ("its game differs from the recording at step {step}",
                      "das Spiel weicht bei Schritt {step} von der Aufzeichnung ab"),
    "not_verified": ("its game cannot be checked (no check sums)",
                     "das Spiel lässt sich nicht prüfen (keine Prüfsummen)"),
    "summary_differs": ("the save's summary does not match its game",
                        "die Übersicht im Spielstand passt nicht zum Spiel"),
    "missing": ("there is no such save", "diesen Spielstand gibt es nicht"),
    "unreadable": ("the file cannot be read", "die Datei lässt sich nicht lesen"),
    "no_permission": ("no permission to read the file", "keine Berechtigung, die Datei zu lesen"),
    "not_a_file": ("it is not a regular file", "das ist keine gewöhnliche Datei"),
    "disk_full": ("the disk is full", "der Datenträger ist voll"),
    "write_disk_full": ("the disk is full; the previous save is kept",
                        "Datenträger voll; der alte Spielstand bleibt"),
    "write_no_permission": ("no permission to write; the previous save is kept",
                            "keine Schreibrechte; der alte Spielstand bleibt"),
    "write_failed": ("the file could not be written; the previous save is kept",
                     "Schreiben fehlgeschlagen; der alte Spielstand bleibt"),
    "bad_name": ("that is not a file name", "das ist kein Dateiname"),
    "unknown": ("the file cannot be used", "die Datei ist nicht verwendbar"),
}
for _key, (_en, _de) in _SAVE_FAILURE_TEXTS.items():
    TEXTS["en"][f"savefail.{_key}"] = _en
    TEXTS["de"][f"savefail.{_key}"] = _de
TEXTS["en"]["load.damaged"] = "?? damaged"
TEXTS["de"]["load.damaged"] = "?? beschädigt"
for _key, (_en, _de) in {"load.desc": ("{when}  {board}, turn {turn}",
                                       "{when}  {board}, Zug {turn}"),
                         "load.desc_over": ("{when}  {board}, over in turn {turn}",
                                            "{when}  {board}, beendet in Zug {turn}")}.items():
    TEXTS["en"][_key] = _en
    TEXTS["de"][_key] = _de


# --- issue 15 item 5: the new-game screen's preview of the chosen board ----------------------------
TEXTS["en"].update({
    "preview.players": "{players} players, {vp} victory points",
    "preview.bonus": "Island bonus: +{n} per new island",
    "preview.beginner": "Beginner: the rule book's layout for a first game",
    "board.own": "{name} (own)",
})
TEXTS["de"].update({
    "preview.players": "{players} Spieler, {vp} Siegpunkte",
    "preview.bonus": "Inselbonus: +{n} je neue Insel",
    "preview.beginner": "Einsteiger: der Aufbau des Regelhefts fürs erste Spiel",
    "board.own": "{name} (eigene)",
})


# --- probe (a stranger's walk after the merge): the editor's test game offers no save ---
TEXTS["en"].update({"game.save_trial": "Save game (not in a test game)"})
TEXTS["de"].update({"game.save_trial": "Speichern (nicht im Testspiel)"})



# --- scenlang (issue 16): the scenario check's problems, by the engine's code (engine.scenario.PROBLEMS) ---
# English is the engine's own line; German leads with what is wrong (the rules box cuts its lines; the map
# outlines the hex) and names a hex "Reihe r, Spalte c". "side_name" is a harbour's side as a word.
_SCENPROBLEM_TEXTS = {
    "vp_unreachable": (
        "vp_target: {points} points cannot be reached",
        "Ziel {points} Siegpunkte unerreichbar"),
    "island_bonus_points": (
        "island_bonus: points must be 0 for form none and 1 or 2 otherwise",
        "Bonuspunkte: 0 ohne Inselbonus, sonst 1 oder 2"),
    "components_extension": (
        "components: 5-6 players need the extension components",
        "5-6 Spieler: Erweiterung nötig"),
    "components_base": (
        "components: 3-4 players play with the base components",
        "3-4 Spieler: Grundspiel, keine Erweiterung"),
    "pirate_needs_ships": (
        "pirate: a pirate needs \"ships\": true",
        "Pirat: ein Pirat braucht Schiffe"),
    "generated_ocean_only": (
        "map: a generated scenario's map is the ocean only ('~' and '.')",
        "Erzeugte Karte: nur Ozean ('~' und '.')"),
    "generated_by_generator": (
        "generator: harbours, founding, robber, pirate, fog, regions and beginner come from the generator",
        "Generator legt Häfen, Gründung, Räuber, Pirat, Nebel, Regionen und Einsteiger fest"),
    "generated_shuffle": (
        "numbers.placement: a generated map deals its tokens by shuffle",
        "Erzeugte Karte: Zahlen nur gemischt"),
    "generated_tokens": (
        "numbers.tokens: {tokens} tokens for {need} land hexes that take one",
        "{tokens} Chips für {need} Landfelder mit Zahl"),
    "generated_desert": (
        "terrain_pool: a generated map needs a desert for the robber",
        "Keine Wüste im Landvorrat (für den Räuber)"),
    "generated_sea_too_small": (
        "map: {sea} sea hexes are too few for {land} land hexes (at least three times as many)",
        "Zu wenig Meer: {sea} Felder für {land} Land (mindestens dreimal so viel)"),
    "generated_ships": (
        "ships: a generated map of islands needs ships",
        "Erzeugte Inselkarte braucht Schiffe"),
    "no_land": (
        "map: has no land",
        "Karte: kein Land"),
    "spiral_fixed_number": (
        "map row {row}, column {column}: a spiral deals every number; give none here",
        "Spirale: keine feste Zahl auf Reihe {row}, Spalte {column}"),
    "terrain_pool_count": (
        "terrain_pool: {pool} hexes for {cells} '?' hexes on the map",
        "Landvorrat: {pool} Felder für {cells} Felder '?'"),
    "tokens_too_many": (
        "numbers.tokens: more numbers ({tokens}) than hexes that take one ({need})",
        "Zu viele Zahlen: {tokens} für {need} Felder mit Zahl"),
    "tokens_too_few": (
        "numbers.tokens: {tokens} numbers for {need} hexes that take one",
        "Zu wenig Zahlen: {tokens} für {need} Felder mit Zahl"),
    "pool_hex_number": (
        "map: a '?' hex with a number could be dealt a desert; give '?' hexes no number",
        "'?' mit Zahl könnte Wüste werden (Reihe {row}, Spalte {column}); '?' ohne Zahl lassen"),
    "fog_pool_count": (
        "fog.pool: {pool} hexes for {cells} fog hexes ('=') on the map",
        "Nebelvorrat: {pool} Felder für {cells} Nebelfelder ('=')"),
    "fog_tokens_count": (
        "fog.tokens: {tokens} numbers for {need} fog hexes that turn to land with a number",
        "Nebelzahlen: {tokens} für {need} Nebelfelder, die Land mit Zahl werden"),
    "regions_size": (
        "regions: must have the size of the map ({rows} rows of {columns})",
        "Regionen nicht so groß wie die Karte ({rows} Reihen zu {columns})"),
    "region_label": (
        "regions row {row}, column {column}: every land or fog hex has a region label, sea and no hex have '.'",
        "Regionsbuchstabe falsch (Reihe {row}, Spalte {column}): Land und Nebel haben einen, Meer und kein Feld '.'"),
    "spiral_one_island": (
        "numbers.placement: the letter spiral needs one island and no fog; use shuffle",
        "Spirale nur bei einer Insel ohne Nebel; gemischt wählen"),
    "spiral_coast": (
        "numbers.placement: the spiral needs a coastal hex that is sure not to be a desert",
        "Spirale braucht ein Küstenfeld, das sicher keine Wüste ist"),
    "robber_no_desert": (
        "robber: \"desert\" but the map has no desert",
        "Räuber: keine Wüste auf der Karte"),
    "robber_not_land": (
        "robber: row {row}, column {column} is not a land hex",
        "Räuber nicht auf Land: Reihe {row}, Spalte {column}"),
    "pirate_not_sea": (
        "pirate: row {row}, column {column} is not a sea hex",
        "Pirat nicht auf Meer: Reihe {row}, Spalte {column}"),
    "harbour_not_on_sea": (
        "harbours[{n}] (row {row}, column {column}): a harbour stands on a sea hex",
        "Hafen {n} nicht auf Meer (Reihe {row}, Spalte {column})"),
    "harbour_twice": (
        "harbours[{n}] (row {row}, column {column}): a second harbour on one sea hex",
        "Hafen {n}: zweiter Hafen auf einem Meerfeld (Reihe {row}, Spalte {column})"),
    "harbour_not_on_coast": (
        "harbours[{n}] (row {row}, column {column}): side {side} faces no land hex, so the harbour is not on the coast",
        "Hafen {n} nicht an der Küste: nach {side_name} kein Land (Reihe {row}, Spalte {column})"),
    "harbour_shared_corner": (
        "harbours[{n}] (row {row}, column {column}): shares a corner with harbours[{other}]",
        "Hafen {n} teilt eine Ecke mit Hafen {other} (Reihe {row}, Spalte {column})"),
    "harbour_pool_count": (
        "harbour_pool: {pool} harbours for {wild} harbours of kind '?'",
        "Hafenvorrat: {pool} Häfen für {wild} Häfen '?'"),
    "founding_not_land": (
        "founding[{n}] (row {row}, column {column}): not a land hex",
        "Gründung {n} nicht auf Land (Reihe {row}, Spalte {column})"),
    "founding_region_twice": (
        "founding[{n}] (row {row}, column {column}): names a region already named",
        "Gründung {n}: Region schon genannt (Reihe {row}, Spalte {column})"),
    "founding_room": (
        "founding: room for only {room} founding settlements with the distance rule; {players} players need {need}",
        "Zu wenig Platz: {room} Gründungen, {players} Spieler brauchen {need} (Abstandsregel)"),
    "beginner_size": (
        "beginner.map: must have the size of the map",
        "Einsteiger-Karte nicht so groß wie die Karte"),
    "beginner_kind": (
        "beginner.map row {row}, column {column}: must be the same kind of hex as on the map",
        "Einsteiger: Feldart anders als auf der Karte (Reihe {row}, Spalte {column})"),
    "beginner_terrain": (
        "beginner.map row {row}, column {column}: a beginner layout gives every terrain",
        "Einsteiger: jedes Gelände vorgeben (Reihe {row}, Spalte {column})"),
    "beginner_number": (
        "beginner.map row {row}, column {column}: a beginner layout gives every number",
        "Einsteiger: jede Zahl vorgeben (Reihe {row}, Spalte {column})"),
    "beginner_differs": (
        "beginner.map row {row}, column {column}: differs from the map's fixed hex {fixed!r}",
        "Einsteiger: anders als festes Feld {fixed!r} (Reihe {row}, Spalte {column})"),
    "beginner_tokens": (
        "beginner.map: the numbers it gives must be the number tokens of the scenario",
        "Einsteiger: Zahlen müssen die Zahlenchips des Szenarios sein"),
    "beginner_harbours": (
        "beginner.harbours: {kinds} kinds for {harbours} harbours",
        "Einsteiger: {kinds} Hafenarten für {harbours} Häfen"),
    "beginner_robber": (
        "beginner.map: the robber starts on a desert, but there is none",
        "Einsteiger: keine Wüste für den Räuber"),
    "robber_nowhere": (
        "map: {land} land hexes that are not desert or fog, and no pirate; the robber needs two to move between",
        "Karte: {land} Landfelder ohne Wüste und Nebel und kein Pirat; der Räuber braucht zwei, um zu ziehen"),
    "founding_room_any": (
        "founding: {room} corners to found on; settlements placed one by one could leave a player of {players} "
        "none (each takes up to {most} of them); make the founding land larger",
        "Gründung: {room} Ecken; ungünstig gesetzte Siedlungen (je bis zu {most} Ecken) können einem von "
        "{players} Spielern keine lassen; Gründungsland vergrößern"),
    "generated_resources": (
        "terrain_pool: a generated main island needs forest, hills, pasture, fields and mountains",
        "Geländevorrat: die erzeugte Hauptinsel braucht Wald, Hügel, Weide, Acker und Gebirge"),
    "generated_fails": (
        "the generator finds no fair map for seed {seed}; give it more ocean or other land",
        "Der Generator findet für Startwert {seed} keine faire Karte; mehr Ozean oder anderes Land geben"),
}
for _key, (_en, _de) in _SCENPROBLEM_TEXTS.items():
    TEXTS["en"][f"scenproblem.{_key}"] = _en
    TEXTS["de"][f"scenproblem.{_key}"] = _de


# --- probe2 (a stranger's walk, pad/keyboard/mouse): why "Move ship" or the title's "Load game" is greyed ---
TEXTS["en"].update({"refusal.no_ship_to_move": "{player} has no ship to move yet"})
TEXTS["de"].update({"refusal.no_ship_to_move": "{player} hat noch kein Schiff zum Versetzen"})
TEXTS["en"].update({"title.no_saves": "No saved game yet: save one from the game menu (M, Esc or B)"})
TEXTS["de"].update({"title.no_saves": "Noch kein gespeichertes Spiel: im Spielmenü sichern (M, Esc oder B)"})


# --- issue 20 (texts): private banners, ... -----------------------------------------------------------
_ISSUE20_TEXTS = {
    "steal.you": ("Robbed from {victim}: 1 {res}", "Geraubt bei {victim}: 1 {res}"),
    "steal.victim": ("{name} robbed you: 1 {res}", "{name} hat dich beraubt: 1 {res}"),
    "roll.first": ("Roll first", "Erst würfeln"),
    "dialog.offers_option": ("Options: Computer offers: decline all", "Optionen: Computerangebote: ablehnen"),
    # The load list: the board of each save, and the chosen line's players under the list.
    "load.base": ("Catan ({kind})", "Catan ({kind})"),
    "load.players": ("{players} players: {names}", "{players} Spieler: {names}"),
    "load.won": ("{winner} won in turn {turn}", "{winner} gewann in Zug {turn}"),
    # The offerer's choice among the answers: no Y/N/C there.
    "help.game.confirm.title": ("Answers to your offer", "Antworten auf dein Angebot"),
    "help.game.confirm.keys": ("Up/Down (d-pad, mouse): an answer  Enter (A, click): trade with them\n"
                               "\"Withdraw the offer\": no trade",
                               "Auf/Ab (Steuerkreuz, Maus): eine Antwort  Enter (A, Klick): mit ihm handeln\n"
                               "\"Angebot zurückziehen\": kein Handel"),
    "help.game.confirm.rules": ("Listed are the players who accepted or made a counter-offer; you choose one\n"
                                "of them or none. Greyed: you lack the cards for that answer.",
                                "Aufgeführt sind alle, die angenommen oder gegengeboten haben; du wählst\n"
                                "einen oder keinen. Grau: dir fehlen die Karten für diese Antwort."),
    # The new-game screen's names and rules pages: their footers and F1 pages.
    "setup.hint_names": ("Arrows: choose; Left/Right: name list; Enter: type",
                         "Pfeile: wählen; Links/Rechts: Namensliste; Enter: tippen"),
    "setup.hint_rules": ("Arrows: choose an option, Left/Right change it",
                         "Pfeile: Option wählen, Links/Rechts ändern"),
    "help.setup_names.title": ("Names", "Namen"),
    "help.setup_names.keys": ("Up/Down: a player  Left/Right (click halves): a name from the list\n"
                              "Enter (A, click): type a name (pad, mouse: the keyboard on screen)\n"
                              "Enter or Esc: the name is done  \"Done\" or Esc: back",
                              "Auf/Ab: ein Spieler  Links/Rechts (Hälften anklicken): Name aus der Liste\n"
                              "Enter (A, Klick): Namen tippen (Pad, Maus: Tastatur auf dem Schirm)\n"
                              "Enter oder Esc: Name fertig  \"Fertig\" oder Esc: zurück"),
    "help.setup_names.rules": ("Each player's name, shown on the board and in the log.",
                               "Der Name jedes Spielers, auf dem Brett und im Protokoll."),
    "help.setup_rules.title": ("Rule options", "Regeloptionen"),
    "help.setup_rules.keys": ("Up/Down: an option  Left/Right (click halves): change it  Esc: back",
                              "Auf/Ab: eine Option  Links/Rechts (Hälften anklicken): ändern  Esc: zurück"),
    "help.setup_rules.rules": ("Each option, as the line under the options says when it is chosen:",
                               "Jede Option, wie die Zeile unter den Optionen sie erklärt:"),
    # One line per rule option (the rules page, under the cursor, and its F1 page).
    "optdesc.free_phase_order": ("Trade and build in any order after the roll; off: first trade, then build.",
                                 "Nach dem Wurf handeln und bauen in beliebiger Folge; aus: erst handeln, "
                                 "dann bauen."),
    "optdesc.dev_cards_per_turn": ("How many development cards one may play in a turn (none bought that turn).",
                                   "Wie viele Entwicklungskarten man pro Zug spielen darf (keine eben gekaufte)."),
    "optdesc.vp_cards_instant": ("A Victory Point card counts the moment it is bought; off: from your next turn.",
                                 "Eine Siegpunktkarte zählt sofort beim Kauf; aus: ab dem nächsten eigenen Zug."),
    "optdesc.robber_to_desert": ("The robber may be moved back to the desert; off: it may not.",
                                 "Der Räuber darf zurück in die Wüste; aus: nicht."),
    "optdesc.no_red_neighbours": ("No 6 or 8 lies next to another 6 or 8 on the island.",
                                  "Keine 6 oder 8 liegt neben einer anderen 6 oder 8."),
    "optdesc.friendly_robber": ("The robber may not go next to a player with fewer than 3 points (deserts may).",
                                "Der Räuber darf nicht neben Spieler mit unter 3 Punkten (Wüsten immer)."),
    "optdesc.dice_deck": ("No dice: each roll is drawn from a deck of all 36 throws, shuffled at 5 left.",
                          "Keine Würfel: jeder Wurf kommt aus einem Stapel aller 36 Würfe, gemischt bei 5."),
    "optdesc.special_build": ("5-6 players: after a turn the others may build (always, if that player built, off).",
                              "5-6 Spieler: nach einem Zug bauen die anderen (immer, wenn er baute, aus)."),
    "optdesc.turn_limit": ("The game ends after this many turns and the leader wins; -: no limit.",
                           "Das Spiel endet nach so vielen Zügen, wer vorn liegt, gewinnt; -: keine Grenze."),
    "optdesc.cut_roads": ("Roads cut off by another's settlement: stay, stay with no building on, or lost.",
                          "Von fremder Siedlung abgeschnittene Straßen: bleiben, ohne Weiterbau, verloren."),
    "optdesc.progress_to_deck_bottom": ("A played progress card goes under the deck instead of out of the game.",
                                        "Eine gespielte Fortschrittskarte kommt unter den Stapel statt aus dem Spiel."),
    "status.thinking.pad": ("{name} is thinking...  Y: skip ahead", "{name} überlegt...  Y: vorspulen"),
    "status.thinking.mouse": ("{name} is thinking...  Click: next move", "{name} überlegt...  Klick: nächster Zug"),
    "status.thinking_fast": ("{name} is thinking...  F: normal pace", "{name} überlegt...  F: normales Tempo"),
    "status.thinking_fast.pad": ("{name} is thinking...  Y: normal pace", "{name} überlegt...  Y: normales Tempo"),
    "status.thinking_fast.mouse": ("{name} is thinking...  Click: next move",
                                   "{name} überlegt...  Klick: nächster Zug"),
}
for _key, (_en, _de) in _ISSUE20_TEXTS.items():
    TEXTS["en"][_key] = _en
    TEXTS["de"][_key] = _de


# --- padhints: the short on-screen hints name the device in use (pad buttons, mouse clicks) ---------
# ``hint(key, device)`` looks up ``key + ".pad"`` or ``key + ".mouse"`` and falls back to ``key`` (the
# keyboard's text). The F1 help pages list every device already and have no variants.
_DEVICE_HINT_TEXTS = {
    "pick.hint.corner.pad": ("D-pad chooses a corner, A marks it", "Steuerkreuz wählt eine Ecke, A markiert"),
    "pick.hint.edge.pad": ("D-pad chooses an edge, A marks it", "Steuerkreuz wählt eine Kante, A markiert"),
    "pick.hint.hex.pad": ("D-pad chooses a hex, A marks it", "Steuerkreuz wählt ein Feld, A markiert"),
    "pick.hint.route.pad": ("D-pad: an edge for road or ship, A marks it",
                            "Steuerkreuz: Kante für Straße/Schiff, A markiert"),
    "pick.hint.ship.pad": ("D-pad chooses a ship's edge, A marks it", "Steuerkreuz: Kante fürs Schiff, A markiert"),
    "pick.hint.move_from.pad": ("D-pad chooses the ship to move, A takes it",
                                "Steuerkreuz wählt das Schiff, A nimmt es"),
    "pick.hint.move_to.pad": ("D-pad: where it sails, A marks it", "Steuerkreuz: wohin es segelt, A markiert"),
    "pick.hint.pirate.pad": ("D-pad chooses a hex: land robber, sea pirate",
                             "Steuerkreuz: Feld, Land Räuber, Meer Pirat"),
    "pick.confirm.pad": ("A again: place it here  B: take back", "Nochmals A: hier setzen  B: zurück"),
    "pick.hint.corner.mouse": ("Click a corner to mark it  I: advice", "Ecke anklicken markiert sie  I: Rat"),
    "pick.hint.edge.mouse": ("Click an edge to mark it  I: advice", "Kante anklicken markiert sie  I: Rat"),
    "pick.hint.hex.mouse": ("Click a hex to mark it  I: advice", "Feld anklicken markiert es  I: Rat"),
    "pick.hint.route.mouse": ("Click an edge for road or ship to mark it", "Kante für Straße/Schiff anklicken"),
    "pick.hint.ship.mouse": ("Click a ship's edge to mark it", "Kante fürs Schiff anklicken markiert"),
    "pick.hint.move_from.mouse": ("Click the ship to move to take it", "Schiff anklicken nimmt es"),
    "pick.hint.move_to.mouse": ("Click where it sails to mark it", "Anklicken, wohin es segelt, markiert"),
    "pick.hint.pirate.mouse": ("Click a hex: land robber, sea pirate", "Feld anklicken: Land Räuber, Meer Pirat"),
    "pick.confirm.mouse": ("Click again: place it here  Right click: back",
                           "Nochmals klicken: setzen  Rechtsklick: zurück"),
    "status.pick.pad": ("Choose a place on the board (B: back)", "Einen Ort auf der Insel wählen (B: zurück)"),
    "status.pick.mouse": ("Click a place (right click: back)", "Ort anklicken (Rechtsklick: zurück)"),
    "end.continue.pad": ("A: back to the title", "A: zum Titel"),
    "end.continue.mouse": ("Click: back to the title", "Klick: zum Titel"),
    "handover.hint.pad": ("The others look away. Press A.", "Die anderen schauen weg. A drücken."),
    "handover.hint.mouse": ("The others look away. Click.", "Die anderen schauen weg. Klicken."),
    "discard.keys.pad": ("Right/A +1  Left -1  B: last back", "Rechts/A +1  Links -1  B: zurück"),
    "discard.keys.mouse": ("Click halves +1/-1  Right click: back", "Hälften +1/-1  Rechtsklick: zurück"),
    "dialog.offer_hint.pad": ("Offer a trade (d-pad Left/Right change)", "Handel anbieten (Links/Rechts ändern)"),
    "dialog.offer_hint.mouse": ("Offer a trade (click the halves)", "Handel anbieten (Hälften anklicken)"),
    "advice.keys.pad": ("A: do it   B: close", "A: ausführen   B: schließen"),
    "advice.keys.mouse": ("Click: do it   Right click: close", "Klick: ausführen   Rechtsklick: schließen"),
    "replay.help.pad": ("A play  Left/Right step  Up/Down turn  L/R speed  Back view  B: title",
                        "A Start  Links/Rechts Schritt  Auf/Ab Zug  L/R Tempo  Back Sicht  B: Titel"),
    "replay.help.mouse": ("Click: play/pause  Right click: back to the title  (keys: F1)",
                          "Klick: Start/Halt  Rechtsklick: zum Titel  (Tasten: F1)"),
}
for _key, (_en, _de) in _DEVICE_HINT_TEXTS.items():
    TEXTS["en"][_key] = _en
    TEXTS["de"][_key] = _de

HINT_SUFFIX = {"gamepad": ".pad", "pad": ".pad", "mouse": ".mouse"}


def hint(key: str, device: str, **values) -> str:
    """The hint ``key`` for the input device in use ("keyboard", "gamepad"
    or "mouse"): its ``.pad`` / ``.mouse`` variant where there is one, else
    the keyboard's text."""
    suffix = HINT_SUFFIX.get(device)
    if suffix and key + suffix in TEXTS[_current[0]]:
        return t(key + suffix, **values)
    return t(key, **values)


# --- map: a scenario map bigger than the board area scrolls; O shows it whole (issue 20, item 3) ----------
_MAP_TEXTS = {
    "help.map.keys": (
        "Map: Shift+arrows, the right stick or the mouse wheel (Shift: sideways) scroll it,\n"
        "as do dragging with the middle button and resting the pointer at its edge\n"
        "O (pad: press the right stick, mouse: the magnifier at the top right): the whole map / back",
        "Karte: Umschalt+Pfeile, rechter Stick oder Mausrad (Umschalt: seitwärts) rollen sie,\n"
        "ebenso Ziehen mit der mittleren Taste und der Zeiger an ihrem Rand\n"
        "O (Pad: rechten Stick drücken, Maus: die Lupe oben rechts): die ganze Karte / zurück"),
    "map.hint": ("O: the whole map  Shift+arrows: scroll", "O: ganze Karte  Umschalt+Pfeile: rollen"),
    "map.hint.pad": ("Press the right stick: the whole map  Right stick: scroll",
                     "Rechten Stick drücken: ganze Karte  Rechter Stick: rollen"),
    "map.hint.mouse": ("Magnifier: the whole map  Wheel, edge: scroll", "Lupe: ganze Karte  Rad, Rand: rollen"),
    "map.overview": ("The whole map  O: zoom back in", "Die ganze Karte  O: wieder vergrößern"),
    "map.overview.pad": ("The whole map  Press the right stick: zoom in",
                         "Die ganze Karte  Rechten Stick drücken: näher"),
    "map.overview.mouse": ("The whole map  Magnifier: zoom back in", "Die ganze Karte  Lupe: wieder vergrößern"),
}
for _key, (_en, _de) in _MAP_TEXTS.items():
    TEXTS["en"][_key] = _en
    TEXTS["de"][_key] = _de

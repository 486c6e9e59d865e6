"""The replay viewer (ui/scenes/replay.py).

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "replay.title": "Replay",
    "replay.help": "Space play  <- -> step  Up/Dn turn  digits+Enter: turn N  +/- speed  Tab view  Esc",
    "replay.help.pad": "A play  Left/Right step  Up/Down turn  L/R speed  Back view  B: title",
    "replay.help.mouse": "Click: play/pause  Right click: back to the title  (keys: F1)",
    "replay.view_all": "all cards open",
    "replay.view": "view: {who}",
    "replay.pos": "step {i} of {n}, turn {turn}",
    "replay.jump": "Jump to turn: {n}",
    "replay.dice": "Dice: {a}+{b} = {total}",
    "replay.no_dice": "Dice: -",
    "replay.step_of": "Decides: {name}",
    "replay.counts": "{n} {n:card|cards}, {k} dev",
    "replay.dev_held": "D{k}",
}

DE = {
    "replay.title": "Wiederholung",
    "replay.help": "Leertaste Start  <- -> Schritt  Auf/Ab Zug  Ziffern+Enter: Zug N  +/- Tempo  Tab  Esc",
    "replay.help.pad": "A Start  Links/Rechts Schritt  Auf/Ab Zug  L/R Tempo  Back Sicht  B: Titel",
    "replay.help.mouse": "Klick: Start/Halt  Rechtsklick: zum Titel  (Tasten: F1)",
    "replay.view_all": "alle Karten offen",
    "replay.view": "Sicht: {who}",
    "replay.pos": "Schritt {i} von {n}, Zug {turn}",
    "replay.jump": "Springe zu Zug: {n}",
    "replay.dice": "Würfel: {a}+{b} = {total}",
    "replay.no_dice": "Würfel: -",
    "replay.step_of": "Entscheidet: {name}",
    "replay.counts": "{n} {n:Karte|Karten}, {k} Entw.",
    "replay.dev_held": "E{k}",
}

"""The options screen (ui/scenes/options.py): sound, music, window scale, computer offers,
confirm placements.

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "opt.sound": "Sound effects: {v}",
    "opt.music": "Music: {v}",
    "opt.scale": "Window scale (next start): {v}",
    "opt.auto": "auto",
    "opt.computer_offers": "Computer offers: {v}",
    "opt.confirm_places": "Confirm placements: {v}",
    "offers.ask": "ask me",
    "offers.decline": "decline all",
}

DE = {
    "opt.sound": "Geräusche: {v}",
    "opt.music": "Musik: {v}",
    "opt.scale": "Fenstergröße (beim Start): {v}",
    "opt.auto": "auto",
    "opt.computer_offers": "Computerangebote: {v}",
    "opt.confirm_places": "Bauplatz bestätigen: {v}",
    "offers.ask": "fragen",
    "offers.decline": "ablehnen",
}

"""The clients' core of words (retrocatan/words/): it loads no Pyxel and
nothing of a client, with every layer's part of it; one language for the
whole program."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import importlib, json, pkgutil, sys
import retrocatan.words
from retrocatan.engine.layers import LAYERS
from retrocatan.words import events, layers, prompts
for m in pkgutil.walk_packages(retrocatan.words.__path__, "retrocatan.words."):
    importlib.import_module(m.name)
parts = {name: [layers.part(events.EventLines, name).__name__, layers.part(prompts.StatusLines, name).__name__]
         for name in LAYERS}
line = events.describe({"type": "pirate", "player": 0, "hex": 40, "victim": -1}, ["Anna"])
print(json.dumps({"parts": parts, "line": line,
                  "loaded": sorted(m for m in sys.modules if m == "pyxel" or m.startswith(
                      ("pyxel.", "retrocatan.ui", "retrocatan.clients", "retrocatan.server")))}))
"""


def test_importing_the_words_and_their_layer_parts_loads_no_pyxel():
    res = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    got = json.loads(res.stdout.strip().splitlines()[-1])
    assert got["loaded"] == []
    assert got["parts"]["seafarers"] == ["SeaEventLines", "SeaStatusLines"]
    assert got["parts"]["base"] == ["EventLines", "StatusLines"]
    assert got["line"] == ["Anna moves the pirate"]


def test_the_window_and_the_words_share_one_language():
    from retrocatan.ui import text as window
    from retrocatan.words import text as words
    try:
        window.set_language("de")
        assert words.language() == "de" and words.t("res.3") == "Getreide"
        assert window.t("menu.roll") == "Würfeln"           # a screen's text, in the same tables
        words.set_language("en")
        assert window.language() == "en" and window.t("res.3") == "Wheat"
    finally:
        words.set_language("en")


def test_a_client_s_area_with_a_key_of_the_game_s_words_is_refused():
    from types import ModuleType

    from retrocatan.words import text as words
    screen = ModuleType("retrocatan.clients.texts_probe")
    screen.EN, screen.DE = {"res.0": "Timber"}, {"res.0": "Bauholz"}

    before = dict(words.TEXTS["en"])
    try:
        words.add_areas([screen])
    except ValueError as exc:
        assert "res.0" in str(exc) and "clients/texts_probe.py" in str(exc)
    else:
        raise AssertionError("a key in two areas was taken")
    assert words.TEXTS["en"] == before and screen not in words.areas()

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


def test_computers_are_named_by_colour_and_level_as_at_one_machine():
    from retrocatan.words.names import computer_name
    from retrocatan.words.text import set_language
    try:
        assert computer_name(1, "hard") == "Red (Hard)" and computer_name(4, "expert") == "Green (Expert)"
        set_language("de")
        assert computer_name(1, "hard") == "Rot (schwer)" and computer_name(2, "easy") == "Weiß (leicht)"
    finally:
        set_language("en")


def test_a_move_the_clock_made_says_whose_time_ran_out_and_what_the_computer_did():
    from retrocatan.words.actions import clock_move
    from retrocatan.words.text import set_language
    try:
        assert clock_move("Jürgen", "R34") == "Jürgen's time ran out: the computer built a road"
        assert clock_move("Jürgen", "end") == "Jürgen's time ran out: the computer ended the turn"
        assert clock_move("Anna", "discard W") == "Anna's time ran out: the computer gave up a card"
        set_language("de")
        assert clock_move("Jürgen", "R34") == "Zeit für Jürgen um: der Computer hat eine Straße gebaut"
    finally:
        set_language("en")


def test_net_a_clock_move_told_only_by_its_events_says_what_the_computer_did():
    """A seat is told only its own moves' notation: another's move the clock made is said from the
    events it made, as every seat sees them, the same as from its notation (base game with special
    builds, a Seafarers map with gold)."""
    from retrocatan.ai import make_player
    from retrocatan.engine import Game, GameConfig
    from retrocatan.engine.events import seen_by
    from retrocatan.scenarios import config_for
    from retrocatan.words.actions import clock_move
    kinds = set()
    for config in (GameConfig(players=5, seed=2), config_for("new-world-3-4", 4, seed=1)):
        game = Game(config)
        bots = [make_player("hard", 1, p) for p in range(config.players)]
        while not game.over and len(game.history) < 1500:
            decider = game.decider
            action = bots[decider].choose(game.seat_view(decider))
            events = game.apply(action)
            kinds.add(action.kind)
            said = clock_move("Jürgen", str(action))
            for seat in (-1, (decider + 1) % config.players):
                assert clock_move("Jürgen", None, [seen_by(ev, seat) for ev in events]) == said, (str(action), events)
    assert {"roll", "settle", "road", "city", "end", "pass", "ship", "discard", "robber", "trade"} <= kinds, kinds


def test_every_action_kind_of_every_layer_says_what_it_did_in_both_languages():
    import retrocatan.engine.seafarers  # noqa: F401  (its kinds)
    from retrocatan.engine import actions
    from retrocatan.words.text import TEXTS
    kinds = set(actions._SHAPES)        # every declared kind, the layers' too
    assert {"roll", "settle", "ship", "move_ship", "pirate", "gold"} <= kinds
    for lang in ("en", "de"):
        assert not {k for k in kinds if f"did.{k}" not in TEXTS[lang]}, lang


def test_an_event_names_its_places_for_a_client_that_shows_no_board():
    from retrocatan.engine import Game, GameConfig
    from retrocatan.words.events import describe
    from retrocatan.words.places import Places
    v = Game(GameConfig(players=3, seed=3)).seat_view(0)
    places = Places(v)
    build = {"type": "build", "player": 0, "piece": "road", "at": 5, "place": "edge"}
    assert describe(build, ["Anna"]) == ["Anna builds a road"]                 # the window shows the board
    [line] = describe(build, ["Anna"], places=places)
    assert line == f"Anna builds a road - edge 5 ({places.around('edge', 5)})"
    a, b = v.geo.edge_corners[5]
    around = {places.code(h) for h in set(v.geo.corner_hexes[a]) & set(v.geo.corner_hexes[b])
              if h < len(v.terrain) and v.terrain[h] != "sea"}
    assert set(places.around("edge", 5).split(", ")[0].split()) == around

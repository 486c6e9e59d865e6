"""Every config deals the very board it dealt before the maps became one model (issue 21, item 1): the
fingerprints in tests/data/boards.json were recorded from the engine with two board classes and two
dealers (commit 213426f, tests/board_record.py); the base game for 3-6 players, random and beginner,
no_red_neighbours off and on, and every shipped scenario. A single hex, number, letter, harbour, robber
or pirate moved, or a changed JSON form of the board in a state, fails here."""

import json

import pytest
from board_record import DATA, configs, fingerprint, printed

RECORDED = json.loads(DATA.read_text(encoding="utf-8"))


def test_the_record_covers_every_config():
    assert set(RECORDED["boards"]) == {key for key, _ in configs()}


@pytest.mark.parametrize("group", ["base p3", "base p4", "base p5", "base p6", "scenarios"])
def test_every_config_deals_the_recorded_board(group):
    changed = []
    for key, spec in configs():
        if (group == "scenarios") == key.startswith("base p"):
            continue
        if group != "scenarios" and not key.startswith(group + " "):
            continue
        got = fingerprint(spec)
        if got != RECORDED["boards"][key]:
            changed.append((key, RECORDED["boards"][key], got))
    assert not changed, changed[:5]


def test_the_board_command_prints_what_it_printed():
    got = printed()
    assert got == RECORDED["printed"], [k for k in got if got[k] != RECORDED["printed"].get(k)]


def test_a_moved_hex_changes_the_fingerprint(monkeypatch):
    from retrocatan.engine import game as game_module
    key, spec = next((k, s) for k, s in configs() if k == "base p4 random red=False seed=7")
    real = game_module.Game.__init__

    def swapped(self, *args, **kwargs):
        real(self, *args, **kwargs)
        t = self.state.board.terrain
        i = next(i for i in range(1, len(t)) if t[i] != t[0])
        t[0], t[i] = t[i], t[0]
    monkeypatch.setattr(game_module.Game, "__init__", swapped)
    assert fingerprint(dict(spec))["describe"] != RECORDED["boards"][key]["describe"]

"""How the game drives Pyxel's sound: never ``pyxel.playm`` (it can deadlock
with the audio thread in Pyxel 2.9.9), voices started together, sound data
written once. benchmarks/audio_stress.py shows the deadlock and its absence."""

import pytest
import pyxel

from retrocatan.ui import audio as audio_module
from retrocatan.ui.audio import MUSIC, MUSIC_CHANNELS, SFX_CHANNEL, Audio


def _forbid_playm(*_args, **_kwargs):
    raise AssertionError("pyxel.playm can deadlock with the audio thread")


@pytest.mark.parametrize("name", sorted(MUSIC))
def test_each_piece_starts_its_voices_together_without_playm(pyxel_headless, monkeypatch, name):
    monkeypatch.setattr(pyxel, "playm", _forbid_playm)
    audio = Audio({"music": True, "sound": True})
    audio.music(None)
    assert all(pyxel.play_pos(ch) is None for ch in MUSIC_CHANNELS)
    audio.music(name)
    positions = [pyxel.play_pos(ch) for ch in MUSIC_CHANNELS]
    assert None not in positions and audio.music_playing == name
    # read again until one read falls between two audio callbacks
    for _ in range(20):
        if len(set(positions)) == 1:
            break
        positions = [pyxel.play_pos(ch) for ch in MUSIC_CHANNELS]
    assert len(set(positions)) == 1
    audio.music(None)
    assert all(pyxel.play_pos(ch) is None for ch in MUSIC_CHANNELS) and audio.music_playing is None


def test_voices_that_came_apart_start_again(pyxel_headless, monkeypatch):
    plays = []
    real_play = pyxel.play
    reads = iter([(0, 0.0), (0, 0.023), (0, 0.023)])    # the first start: a callback between the voices

    def play(ch, snd, **kw):
        plays.append(ch)
        real_play(ch, snd, **kw)

    def play_pos(ch):
        return next(reads, (0, 0.5))

    monkeypatch.setattr(pyxel, "play", play)
    monkeypatch.setattr(pyxel, "play_pos", play_pos)
    audio = Audio({"music": True})
    audio.music("game")
    assert plays == list(MUSIC_CHANNELS) * 2
    pyxel.stop()


def test_sound_data_is_written_once_per_process(pyxel_headless, monkeypatch):
    Audio({"music": True, "sound": True}).music("title")

    class NoBanks:
        def __getitem__(self, index):
            raise AssertionError("a sound redefined while the audio thread may be playing it")

    monkeypatch.setattr(pyxel, "sounds", NoBanks())
    later = Audio({"music": True, "sound": True})      # a new App builds a new Audio
    later.music("game")
    later.sfx("dice")
    assert later.music_playing == "game" and pyxel.play_pos(SFX_CHANNEL) is not None
    later.music(None)
    pyxel.stop(SFX_CHANNEL)


def test_playm_is_not_called_anywhere_in_the_game():
    import pathlib
    root = pathlib.Path(audio_module.__file__).resolve().parents[1]
    callers = [str(p) for p in root.rglob("*.py") if "pyxel.playm(" in p.read_text(encoding="utf-8")]
    assert callers == []

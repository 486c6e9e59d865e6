"""Chiptune sound: effects for the game's events and three pieces of music
for Pyxel's four channels, all written here in Pyxel's note strings.

Channels 0-2 play the music, channel 3 the sound effects. Effects and
music can each be switched off (options ``sound`` and ``music``).

How Pyxel is driven, so that it cannot deadlock (Pyxel 2.9.9's source,
crates/pyxel-core/src/audio.rs): SDL runs the audio callback with its audio
device lock held, and the callback then takes Pyxel's channel list lock.
``pyxel.playm`` (``play_music``) takes the channel list lock first and the
SDL audio lock second; when the callback starts in between, each thread
waits for the other's lock for ever (the window freezes). ``pyxel.play``,
``pyxel.stop`` and ``pyxel.play_pos`` take the SDL lock first and the channel
list second, the callback's order, so they cannot. Hence music starts as one
``pyxel.play`` per voice and ``pyxel.playm`` is never used. The sound data is
written once, before anything plays (``write_sounds``), so a sound is never
redefined while the callback may be reading it.
"""

from __future__ import annotations

import pyxel

from .layers import part

MUSIC_CHANNELS = (0, 1, 2)
SFX_CHANNEL = 3

# name: (notes, tones, volumes, effects, speed)
SFX = {
    "dice": ("c2 e2 c2 g2 d2 a2 c3", "n", "5", "f", 4),
    "production": ("c3 e3 g3", "p", "4", "n", 6),
    "road": ("c2 c2", "s", "5", "f", 7),
    "settlement": ("c3 g3 c4", "s", "5", "n", 8),
    "city": ("c3 e3 g3 c4 g4", "s", "6", "n", 7),
    "buy": ("g3 c4", "t", "5", "n", 8),
    "knight": ("c3 c3 g2 c3 e3", "p", "6", "n", 7),
    "robber": ("g1 f1 e1 d1", "t", "6", "f", 10),
    "steal": ("a3 f3", "n", "5", "f", 6),
    "trade": ("e3 g3 e4", "t", "5", "n", 7),
    "discard": ("e2 c2", "p", "4", "f", 8),
    "award": ("c3 e3 g3 c4 c4", "s", "6", "v", 9),
    "invalid": ("c1 c1", "s", "5", "n", 10),
    "your_turn": ("g3 c4", "t", "5", "n", 9),
}

# Music: three voices each (melody, harmony, bass).
MUSIC = {
    "title": (
        "e3e3g3e3 c4c4b3a3 g3g3a3g3 e3e3d3d3 e3e3g3e3 c4c4d4e4 d4c4b3a3 g3g3g3r",
        "c3c3e3c3 e3e3d3c3 b2b2c3b2 g2g2g2g2 c3c3e3c3 e3e3f3g3 f3e3d3c3 b2b2b2r",
        "c2rg1r a1re1r f1rc2r g1rg1r c2rg1r a1rc2r f1rg1r c2rc2r",
    ),
    "game": (
        "e3rg3r a3rg3r f3re3r d3rrr e3rg3r a3rb3r c4rb3r a3rrr",
        "c3rrr c3rrr a2rrr b2rrr c3rrr c3rrr e3rrr e3rrr",
        "c2c2g1g1 f1f1c2c2 f1f1a1a1 g1g1g1g1 c2c2g1g1 f1f1g1g1 a1a1e1e1 a1a1a1a1",
    ),
    "victory": (
        "c3e3g3c4 e4g4c4r c4c4c4c4",
        "e2g2c3e3 g3c3e3r e3e3e3e3",
        "c2c2c2c2 c2c2c2r c2c2c2c2",
    ),
}
MUSIC_SPEED = {"title": 18, "game": 30, "victory": 12}

SFX_BASE = 0                 # sound slots 0.. for effects
MUSIC_BASE = 32              # sound slots 32.. for music voices, three per piece
SFX_SLOT = {name: SFX_BASE + i for i, name in enumerate(SFX)}
MUSIC_VOICE_SLOTS = {name: tuple(MUSIC_BASE + 3 * m + v for v in range(3)) for m, name in enumerate(MUSIC)}
VOICE_TONES = ("p", "t", "t")
VOICE_VOLUMES = ("5", "3", "4")
START_TRIES = 3              # music starts until its voices line up (see ``Audio._start_voices``)

_written = False             # the sound data is in Pyxel's banks (once per process)


def write_sounds() -> None:
    """Write every effect and music voice into Pyxel's sound banks, once per
    process (after ``pyxel.init``), before anything plays them: a sound is
    never redefined while a channel may be playing it."""
    global _written
    if _written:
        return
    for name, (notes, tones, volumes, effects, speed) in SFX.items():
        pyxel.sounds[SFX_SLOT[name]].set(notes, tones, volumes, effects, speed)
    for name, voices in MUSIC.items():
        for v, (notes, slot) in enumerate(zip(voices, MUSIC_VOICE_SLOTS[name])):
            pyxel.sounds[slot].set(notes, VOICE_TONES[v], VOICE_VOLUMES[v], "n", MUSIC_SPEED[name])
    _written = True


# Which effect an engine event starts (None: none), where the event alone says it.
EVENT_SFX = {
    "dice": "dice", "build": None, "buy": "buy", "robber": "robber", "steal": "steal", "trade": "trade",
    "trade_bank": "trade", "discard": "discard", "longest_route": "award", "largest_army": "award",
}


class Sounds:
    """The base game's effect for each engine event: ``play`` is the table
    event kind -> ``sound(sounds, event, human)`` giving the effect's name
    or None (``sounds``: the game's part; ``human``: the event's player is
    a person at the screen); ``pieces``: the effect of each piece built. A
    rules layer's part (``ui/layers.py``) adds its own (``ui/seafarers/sounds.py``)."""

    pieces: dict[str, str] = {"road": "road", "settlement": "settlement", "city": "city"}
    play: dict = {
        **{kind: (lambda sounds, ev, human, name=name: name) for kind, name in EVENT_SFX.items()},
        "build": lambda sounds, ev, human: sounds.pieces[ev["piece"]],
        "play": lambda sounds, ev, human: "knight" if ev.get("card") == "knight" else None,
        "production": lambda sounds, ev, human: "production" if any(any(g) for g in ev["gains"]) else None,
        "turn": lambda sounds, ev, human: "your_turn" if human else None,
    }

    @classmethod
    def of(cls, ev: dict, human: bool = False) -> str | None:
        """The effect event ``ev`` starts, or None."""
        sound = cls.play.get(ev.get("type"))
        return sound(cls, ev, human) if sound is not None else None


class Audio:
    """Plays effects and music if they are switched on."""

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        self.music_playing: str | None = None
        self.last_sfx: str | None = None
        self.played: list[str] = []          # recent effects, newest last (for tests and debugging)

    def load(self) -> None:
        """Make sure the sounds are in Pyxel's banks (after ``pyxel.init``)."""
        write_sounds()

    def sfx(self, name: str) -> None:
        if not self.settings.get("sound", True):
            return
        write_sounds()
        pyxel.play(SFX_CHANNEL, SFX_SLOT[name])
        self.last_sfx = name
        self.played.append(name)
        del self.played[:-50]

    def music(self, name: str | None) -> None:
        """Start a piece (looping, except the victory jingle) or stop."""
        write_sounds()
        if name is None or not self.settings.get("music", True):
            for ch in MUSIC_CHANNELS:
                pyxel.stop(ch)
            self.music_playing = None
            return
        if self.music_playing == name:
            return
        self._start_voices(name)
        self.music_playing = name

    @staticmethod
    def _start_voices(name: str) -> None:
        """Each voice on its channel with ``pyxel.play`` (never ``pyxel.playm``,
        which can deadlock, see the module text). The three calls are not one
        step for the audio thread: if its callback ran between them, the
        voices are a buffer (23 ms) apart, seen as different play positions,
        and they start again."""
        loop = name != "victory"
        for _ in range(START_TRIES):
            for ch, slot in zip(MUSIC_CHANNELS, MUSIC_VOICE_SLOTS[name]):
                pyxel.play(ch, slot, loop=loop)
            if len({pyxel.play_pos(ch) for ch in MUSIC_CHANNELS}) == 1:
                return

    def refresh(self) -> None:
        """Apply a changed music option at once."""
        if not self.settings.get("music", True) and self.music_playing:
            self.music(None)

    def for_event(self, ev: dict, human: bool = False, layer: str = "base") -> None:
        """The effect of engine event ``ev`` in a game of ``layer`` (``human``:
        its player is a person at the screen; ``Sounds``)."""
        name = part(Sounds, layer).of(ev, human)
        if name is not None:
            self.sfx(name)

"""Replays: a game as its config, its seed and its decisions, with state
hashes to prove that replaying reproduces it.

A replay is versioned JSON::

    {"format": "retrocatan-replay", "version": 1, "engine": "0.1.0",
     "config": {...}, "seed": 42, "actions": ["S12", "R17", ..., "roll", "end"],
     "hash_every": 1, "hashes": ["3f2a...", ...], "final_hash": "<sha-256>"}

``hashes[i]`` is the first 16 hex digits of the SHA-256 of the canonical
state JSON after action ``(i + 1) * hash_every``; ``final_hash`` the full
hash after the last action. Verifying replays the actions in a fresh game
and names the first step whose state differs, or the step whose action is
illegal. This module parses and checks data; reading files is the caller's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .. import __version__
from .actions import ActionSyntaxError, parse_action
from .config import ConfigError, GameConfig
from .errors import IllegalAction
from .game import Game

REPLAY_FORMAT = "retrocatan-replay"
REPLAY_VERSION = 1
MAX_REPLAY_BYTES = 16 * 1024 * 1024
MAX_ACTIONS = 200_000
SHORT_HASH = 16


class ReplayError(ValueError):
    """A replay that cannot be read or does not replay."""


def record(game: Game, hash_every: int = 1) -> dict:
    """The replay of ``game`` so far (replays it once to take the hashes)."""
    if hash_every < 1:
        raise ValueError("hash_every must be at least 1")
    fresh = Game(game.config)
    hashes = []
    for i, act in enumerate(game.history, 1):
        fresh.apply(act)
        if i % hash_every == 0:
            hashes.append(short_hash(fresh))
    return _replay(game, hashes, hash_every)


def record_with(game: Game, hashes: list[str]) -> dict:
    """The replay of ``game`` from hashes taken as it was played (one per
    action, ``hash_every`` 1): no second replay needed."""
    if len(hashes) != len(game.history):
        raise ValueError("one hash per action is needed")
    return _replay(game, list(hashes), 1)


def _replay(game: Game, hashes: list[str], hash_every: int) -> dict:
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "engine": __version__,
        "config": game.config.to_dict(),
        "seed": game.config.seed,
        "actions": [str(a) for a in game.history],
        "hash_every": hash_every,
        "hashes": hashes,
        "final_hash": game.state_hash(),
    }


def short_hash(game: Game) -> str:
    return game.state_hash()[:SHORT_HASH]


def parse(text: str | bytes) -> dict:
    """Parse and check the structure of a replay; ``ReplayError`` if bad."""
    if len(text) > MAX_REPLAY_BYTES:
        raise ReplayError(f"replay is larger than {MAX_REPLAY_BYTES // (1024 * 1024)} MB")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ReplayError(f"not valid JSON ({_short(exc)})") from None
    return check(data)


def _short(exc: Exception) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__


def check(data) -> dict:
    if not isinstance(data, dict):
        raise ReplayError("a replay must be a JSON object")
    if data.get("format") != REPLAY_FORMAT:
        raise ReplayError("not a RetroCatan replay (format field missing or wrong)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ReplayError("replay version missing")
    if version > REPLAY_VERSION:
        raise ReplayError(f"replay version {version} is newer than this program reads ({REPLAY_VERSION})")
    if version < 1:
        raise ReplayError(f"unknown replay version {version}")
    try:
        GameConfig.from_dict(data.get("config"))
    except (ConfigError, TypeError) as exc:
        raise ReplayError(f"bad config: {exc}") from None
    if "seed" in data and data["seed"] != data["config"].get("seed", 0):
        raise ReplayError("the seed does not match the config")
    acts = data.get("actions")
    if not isinstance(acts, list) or not all(isinstance(a, str) and len(a) <= 200 for a in acts):
        raise ReplayError("actions must be a list of action texts")
    if len(acts) > MAX_ACTIONS:
        raise ReplayError(f"more than {MAX_ACTIONS} actions")
    every = data.get("hash_every", 1)
    if not isinstance(every, int) or isinstance(every, bool) or not 1 <= every <= MAX_ACTIONS:
        raise ReplayError("hash_every must be a positive whole number")
    hashes = data.get("hashes", [])
    if not isinstance(hashes, list) or not all(isinstance(h, str) and len(h) <= 64 for h in hashes):
        raise ReplayError("hashes must be a list of hex strings")
    if len(hashes) > len(acts) // every:
        raise ReplayError("more hashes than actions")
    final = data.get("final_hash")
    if final is not None and not (isinstance(final, str) and len(final) == 64):
        raise ReplayError("final_hash must be a SHA-256 hex string")
    return data


@dataclass
class Verdict:
    ok: bool
    steps: int              # actions replayed
    message: str
    step: int | None = None  # the first step that failed (1-based), if any
    game: Game | None = None


def replay(data: dict, upto: int | None = None) -> Game:
    """The game after replaying ``upto`` actions (all by default); raises
    ``ReplayError`` naming the step of an unreadable or illegal action."""
    game = Game(GameConfig.from_dict(data["config"]))
    for i, text in enumerate(data["actions"][:upto], 1):
        try:
            game.apply(parse_action(text))
        except (ActionSyntaxError, IllegalAction) as exc:
            raise ReplayError(f"step {i} ({text!r}): {exc}") from None
    return game


def verify(data: dict) -> Verdict:
    """Replay every action and compare every recorded hash."""
    config = GameConfig.from_dict(data["config"])
    game = Game(config)
    every = data.get("hash_every", 1)
    hashes = data.get("hashes", [])
    acts = data["actions"]
    for i, text in enumerate(acts, 1):
        try:
            game.apply(parse_action(text))
        except (ActionSyntaxError, IllegalAction) as exc:
            return Verdict(False, i - 1, f"step {i} ({text!r}) is refused: {exc}", i, game)
        k = i // every - 1
        if i % every == 0 and k < len(hashes):
            if game.state_hash()[:len(hashes[k])] != hashes[k]:
                lo = i - every + 1
                where = f"step {i}" if every == 1 else f"between steps {lo} and {i}"
                return Verdict(False, i, f"state differs from the recording at {where} ({text!r})", i, game)
    final = data.get("final_hash")
    if final is not None and game.state_hash() != final:
        return Verdict(False, len(acts), "final state differs from the recording", len(acts), game)
    return Verdict(True, len(acts), f"{len(acts)} steps replayed, every state matches", None, game)

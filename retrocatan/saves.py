"""Saved games, the autosave, finished games and options, as versioned JSON.

A save is the game's replay (config with the seed, the decisions in text
form, state hashes) plus who sat where, so loading replays the decisions
and checks every hash: a save can never load into a state the rules could
not have reached. Files are read with a size limit and checked field by
field; anything wrong gives a ``SaveError`` with a message for people
(naming the step, for a decision the rules refuse). Writing is atomic (see
``storage``), and a refused file is never written over by loading.
"""

from __future__ import annotations

import json
import re
import time

from .engine import GameConfig
from .engine.replay import MAX_REPLAY_BYTES, ReplayError, check, record, record_with, verify

SAVE_FORMAT = "retrocatan-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = MAX_REPLAY_BYTES
SEAT_KINDS = ("human", "easy", "normal", "hard", "random")
SLOTS = ("slot1", "slot2", "slot3", "slot4", "slot5")
AUTOSAVE = "autosave"
MAX_FINISHED = 20
OPTIONS_NAME = "options"
OPTION_DEFAULTS = {"language": "en", "speed": 1, "sound": True, "music": True, "scale": 0,
                   "computer_offers": "ask"}
COMPUTER_OFFERS = ("ask", "decline")
_NAME_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


class SaveError(ValueError):
    """A save that cannot be read; the message says why, in one line."""


def make_save(game, seats: list[dict], slot: str, speed: int = 1, now: float | None = None,
              hashes: list[str] | None = None) -> dict:
    """The save of a game in progress or finished (``hashes``: one per
    action, taken while playing, saves replaying the game once more)."""
    rec = record_with(game, hashes) if hashes is not None and len(hashes) == len(game.history) else record(game)
    st = game.state
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "slot": slot,
        "saved_at": time.strftime("%Y-%m-%d %H:%M", time.localtime(now if now is not None else time.time())),
        "seats": [{"kind": s["kind"], "name": s["name"]} for s in seats],
        "speed": speed,
        "summary": {"turn": st.turn, "players": st.players, "current": st.current,
                    "points": [st.public_vp(p) for p in range(st.players)], "over": game.over,
                    "winner": st.winner},
        "replay": rec,
    }


def dumps(save: dict) -> str:
    return json.dumps(save, separators=(",", ":"), ensure_ascii=True)


def parse(text: str | bytes) -> dict:
    """Check a save's structure (not yet its decisions); ``SaveError`` if bad."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"the file is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the file is damaged (not valid JSON: {str(exc).splitlines()[0][:80]})") from None
    if not isinstance(data, dict):
        raise SaveError("the file is not a saved game")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError("the file is not a RetroCatan saved game")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("the save has no version")
    if version > SAVE_VERSION:
        raise SaveError(f"the save is of a newer version ({version}) than this program reads ({SAVE_VERSION})")
    if version < 1:
        raise SaveError(f"unknown save version {version}")
    try:
        check(data.get("replay"))
    except ReplayError as exc:
        raise SaveError(f"the save's game record is damaged: {exc}") from None
    cfg = GameConfig.from_dict(data["replay"]["config"])
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != cfg.players:
        raise SaveError("the save does not list one seat per player")
    for s in seats:
        if (not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS or not isinstance(s.get("name"), str)
                or not 1 <= len(s["name"]) <= 24):
            raise SaveError("the save has a damaged seat entry")
    speed = data.get("speed", 1)
    if not isinstance(speed, int) or isinstance(speed, bool) or not 0 <= speed <= 3:
        raise SaveError("the save has a damaged speed setting")
    if not isinstance(data.get("saved_at", ""), str) or len(data.get("saved_at", "")) > 40:
        raise SaveError("the save has a damaged date")
    summary = data.get("summary", {})
    if not isinstance(summary, dict):
        raise SaveError("the save has a damaged summary")
    return data


def load(text: str | bytes):
    """Parse a save and replay it, checking every hash. Returns
    ``(game, save)``; ``SaveError`` names the first step that fails."""
    data = parse(text)
    rec = data["replay"]
    if rec.get("final_hash") is None:
        raise SaveError("the save has no final state hash")
    verdict = verify(rec)
    if not verdict.ok:
        raise SaveError(f"the save does not replay: {verdict.message}")
    return verdict.game, data


def describe(data: dict) -> str:
    """One line for a slot list: date, players, turn."""
    s = data.get("summary", {})
    when = data.get("saved_at", "?")
    if s.get("over"):
        return f"{when}  {s.get('players', '?')} players, finished in turn {s.get('turn', '?')}"
    return f"{when}  {s.get('players', '?')} players, turn {s.get('turn', '?')}"


def valid_name(name: str) -> bool:
    return bool(_NAME_RE.match(name))


def load_options(text: str | None) -> dict:
    """Options from their file; anything missing or wrong takes its default."""
    opts = dict(OPTION_DEFAULTS)
    if not text or len(text) > 10_000:
        return opts
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return opts
    if not isinstance(data, dict):
        return opts
    if data.get("language") in ("en", "de"):
        opts["language"] = data["language"]
    for key, lo, hi in (("speed", 0, 3), ("scale", 0, 8)):
        v = data.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
            opts[key] = v
    if data.get("computer_offers") in COMPUTER_OFFERS:
        opts["computer_offers"] = data["computer_offers"]
    for key in ("sound", "music"):
        if isinstance(data.get(key), bool):
            opts[key] = data[key]
    return opts


def dump_options(opts: dict) -> str:
    return json.dumps({k: opts.get(k, v) for k, v in OPTION_DEFAULTS.items()}, sort_keys=True)

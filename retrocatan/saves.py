"""Saved games, the autosave, finished games and options, as versioned JSON.

A save is the game's record (``engine.replay.GameRecord``: config with the
seed, the decisions in text form, state hashes) plus who sat where, so
loading replays the decisions once and checks the hashes: a save can never
load into a state the rules could not have reached. Files are read with a
size limit by the strict JSON reader and checked field by field, and the
save's summary (turn, players, points, winner) must agree with the replayed
game; anything wrong gives a ``SaveError`` with a message for people
(naming the step, for a decision the rules refuse) and a code with
parameters (``SAVE_FAILURES``) the window says in the player's language. Writing is atomic (see
``storage``), and a refused file is never written over by loading.

A save's config carries its scenario. A save of the previous format named
a shipped scenario by id only: loading hands ``scenarios.resolve`` to the
engine, which puts the shipped scenario of that id in its place (and
compares the save's hashes as they were taken, see ``engine.replay``).
"""

from __future__ import annotations

import hashlib
import json
import time

from .ai import LEVEL_NAMES
from .engine.config import GameConfig
from .engine.replay import (
    MAX_REPLAY_BYTES,
    PLAY_HASH_EVERY,
    REPLAY_VERSION,
    GameRecord,
    Replayer,
    ReplayError,
    check,
    record,
    record_with,
)
from .engine.strictjson import MAX_DEPTH, JsonFileError, loads
from .scenarios import resolve

SAVE_FORMAT = "retrocatan-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = MAX_REPLAY_BYTES
SAVED_SEAT_KINDS = ("human",) + LEVEL_NAMES      # a saved game's seat: a person or any player ``make_player`` makes
SLOTS = ("slot1", "slot2", "slot3", "slot4", "slot5")
AUTOSAVE = "autosave"
MAX_FINISHED = 20
OPTIONS_NAME = "options"
OPTION_DEFAULTS = {"language": "en", "speed": 1, "sound": True, "music": True, "scale": 0,
                   "computer_offers": "ask", "confirm_places": True}
COMPUTER_OFFERS = ("ask", "decline")
MAX_OPTIONS_BYTES = 10_000
SUMMARY_KEYS = ("turn", "players", "current", "points", "over", "winner")


# Why a save cannot be read, by code: the English one-liner (the command
# line's); the window shows ``savefail.<code>`` of its string table instead.
SAVE_FAILURES = {
    "too_large": "the file is larger than {mb} MB",
    "damaged": "the file is damaged ({detail})",
    "too_deep": "the file is damaged ({detail})",
    "not_a_save": "the file is not a saved game",
    "not_retrocatan": "the file is not a RetroCatan saved game",
    "no_version": "the save has no version",
    "newer_version": "the save is of a newer version ({version}) than this program reads ({reads})",
    "older_version": "unknown save version {version}",
    "bad_record": "the save's game record is damaged: {detail}",
    "bad_seats": "the save does not list one seat per player",
    "bad_seat": "the save has a damaged seat entry",
    "bad_speed": "the save has a damaged speed setting",
    "bad_date": "the save has a damaged date",
    "bad_summary": "the save has a damaged summary",
    "no_final_hash": "the save has no final state hash",
    "refused_step": "the save does not replay: {detail}",
    "state_differs": "the save does not replay: {detail}",
    "not_verified": "the save does not replay: {detail}",
    "summary_differs": "the save's summary does not match its game ({field})",
    "missing": "there is no such save",
}


class SaveError(ValueError):
    """A save that cannot be read; the message says why, in one line (in
    English); ``code`` and ``params`` say it for the window's string table."""

    def __init__(self, code: str, **params) -> None:
        self.code = code
        self.params = params
        super().__init__(SAVE_FAILURES[code].format(**params))


def not_replayed(verdict) -> SaveError:
    """The ``SaveError`` of a replay whose verdict is not ok."""
    if verdict.refused:
        return SaveError("refused_step", step=verdict.step, detail=verdict.message)
    if verdict.step is not None:
        return SaveError("state_differs", step=verdict.step, detail=verdict.message)
    return SaveError("not_verified", detail=verdict.message)


def summary_of(game) -> dict:
    """What a save says about its game, for the Load list."""
    st = game.state
    return {"turn": st.turn, "players": st.players, "current": st.current,
            "points": [st.public_vp(p) for p in range(st.players)], "over": game.over, "winner": st.winner}


def make_save(game, seats: list[dict], slot: str, speed: int = 1, now: float | None = None,
              hashes=None) -> dict:
    """The save of a game in progress or finished. ``hashes``: the
    session's ``GameRecord`` of the game (or one short hash per action),
    taken while playing, saves replaying the game once more."""
    if isinstance(hashes, GameRecord) and len(hashes) == len(game.history):
        rec = hashes.to_json()
    elif hashes is not None and not isinstance(hashes, GameRecord) and len(hashes) == len(game.history):
        rec = record_with(game, hashes)
    else:
        rec = record(game)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "slot": slot,
        "saved_at": time.strftime("%Y-%m-%d %H:%M", time.localtime(now if now is not None else time.time())),
        "seats": [{"kind": s["kind"], "name": s["name"]} for s in seats],
        "speed": speed,
        "summary": summary_of(game),
        "replay": rec,
    }


def dumps(save: dict) -> str:
    return json.dumps(save, separators=(",", ":"), ensure_ascii=True)


def parse(text: str | bytes) -> dict:
    """Check a save's structure (not yet its decisions); ``SaveError`` if bad."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError("too_large", mb=MAX_SAVE_BYTES // (1024 * 1024))
    try:
        data = loads(text, MAX_SAVE_BYTES)
    except JsonFileError as exc:
        deep = "nests deeper" in str(exc)      # strictjson's words for a hostile nesting
        raise SaveError("too_deep" if deep else "damaged", detail=str(exc), depth=MAX_DEPTH) from None
    return check_save(data)


def check_save(data) -> dict:
    """Check a parsed save's structure; ``SaveError`` if bad."""
    if not isinstance(data, dict):
        raise SaveError("not_a_save")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError("not_retrocatan")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("no_version")
    if version > SAVE_VERSION:
        raise SaveError("newer_version", version=version, reads=SAVE_VERSION)
    if version < 1:
        raise SaveError("older_version", version=version)
    rec = data.get("replay")
    inner = rec.get("version") if isinstance(rec, dict) else None
    if isinstance(inner, int) and not isinstance(inner, bool) and inner > REPLAY_VERSION:
        raise SaveError("newer_version", version=inner, reads=REPLAY_VERSION)    # its record is newer
    try:
        check(rec, resolve)
    except ReplayError as exc:
        raise SaveError("bad_record", detail=str(exc)) from None
    cfg = GameConfig.from_dict(data["replay"]["config"], resolve)
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != cfg.players:
        raise SaveError("bad_seats")
    for s in seats:
        if (not isinstance(s, dict) or s.get("kind") not in SAVED_SEAT_KINDS or not isinstance(s.get("name"), str)
                or not 1 <= len(s["name"]) <= 24):
            raise SaveError("bad_seat")
    speed = data.get("speed", 1)
    if not isinstance(speed, int) or isinstance(speed, bool) or not 0 <= speed <= 3:
        raise SaveError("bad_speed")
    if not isinstance(data.get("saved_at", ""), str) or len(data.get("saved_at", "")) > 40:
        raise SaveError("bad_date")
    summary = data.get("summary", {})
    if not isinstance(summary, dict):
        raise SaveError("bad_summary")
    return data


class SaveLoader:
    """Loading a save: ``parse`` at once, then the one replay of its
    decisions in as many ``advance`` calls as the caller likes (the window
    draws a progress bar between them). Every decision must be legal, the
    recorded hashes at every ``PLAY_HASH_EVERY``-th step and the final hash
    must match, and so must the summary. ``on_step`` sees every decision
    (the replay viewer's snapshots)."""

    def __init__(self, text: str | bytes, on_step=None) -> None:
        self.data = parse(text)
        rec = self.data["replay"]
        if rec.get("final_hash") is None:
            raise SaveError("no_final_hash")
        self.record = GameRecord.from_json(rec, seats=self.data["seats"], resolve=resolve)
        self.replayer = Replayer(self.record, PLAY_HASH_EVERY, take=True, on_step=on_step)

    @property
    def progress(self) -> tuple[int, int]:
        return self.replayer.done, self.replayer.total

    def advance(self, n: int) -> bool:
        """Replay up to ``n`` more decisions; True once loaded (``SaveError``
        if the save does not replay or its summary disagrees)."""
        verdict = self.replayer.advance(n)
        if verdict is None:
            return False
        if not verdict.ok:
            raise not_replayed(verdict)
        check_summary(self.data, verdict.game)
        return True

    def run(self):
        while not self.advance(1 << 30):
            pass
        return self.result()

    def result(self):
        """``(game, save, record)``: the record follows the game from here on,
        with the hashes taken (and checked) while loading."""
        game = self.replayer.game
        rec = GameRecord(self.record.config, self.record.actions, self.replayer.taken, PLAY_HASH_EVERY,
                         seats=self.data["seats"])
        rec.follow(game)
        return game, self.data, rec


def check_summary(data: dict, game) -> None:
    """``SaveError`` unless every claim of the save's summary is true of ``game``."""
    claims = data.get("summary", {})
    truth = summary_of(game)
    for key in SUMMARY_KEYS:
        if key in claims and claims[key] != truth[key]:
            raise SaveError("summary_differs", field=key)


def load(text: str | bytes):
    """Parse a save and replay it once, checking its hashes. Returns
    ``(game, save)``; ``SaveError`` names the first step that fails."""
    game, data, _ = SaveLoader(text).run()
    return game, data


def facts_of(data: dict, game) -> tuple:
    """What a slot list says of a save: (date, players, turn, over), from the replayed game."""
    s = summary_of(game)
    return data.get("saved_at", "?"), s["players"], s["turn"], s["over"]


def line_of(facts: tuple) -> str:
    """The English slot-list line of ``facts_of`` (the window has its own, in its language)."""
    when, players, turn, over = facts
    if over:
        return f"{when}  {players} players, finished in turn {turn}"
    return f"{when}  {players} players, turn {turn}"


def describe(data: dict, game) -> str:
    """One line for a slot list (date, players, turn), from the replayed game."""
    return line_of(facts_of(data, game))


_DESCRIBED: dict[str, tuple | SaveError] = {}
_DESCRIBED_MAX = 64


class SummaryCheck:
    """The slot-list line of a save's text, from its replayed game: the
    decisions replayed (legality, the final hash and the summary checked;
    the other hashes on loading), in slices if the caller likes. Lines are
    remembered by the text's digest, so a list opened again costs nothing."""

    def __init__(self, text: str | bytes) -> None:
        raw = text.encode("utf-8") if isinstance(text, str) else text
        self.key = hashlib.sha256(raw).hexdigest()
        self.facts: tuple | SaveError | None = _DESCRIBED.get(self.key)
        self.replayer = None
        if self.facts is None:
            try:
                self.data = parse(text)
                rec = GameRecord.from_json(self.data["replay"], resolve=resolve)
                self.replayer = Replayer(rec, sample=len(rec) + 1)
            except SaveError as exc:
                self._done(exc)

    @property
    def decisions(self) -> int:
        return 0 if self.replayer is None else self.replayer.total - self.replayer.done

    @property
    def line(self) -> str | SaveError | None:
        """The English line (``SaveError`` for a refused save; None while replaying)."""
        return line_of(self.facts) if isinstance(self.facts, tuple) else self.facts

    def advance(self, n: int) -> bool:
        """Replay up to ``n`` more decisions; True once the line is known."""
        if self.facts is None:
            verdict = self.replayer.advance(n)
            if verdict is not None:
                try:
                    if not verdict.ok and (verdict.refused or verdict.step is not None):
                        raise not_replayed(verdict)
                    check_summary(self.data, verdict.game)
                    self._done(facts_of(self.data, verdict.game))
                except SaveError as exc:
                    self._done(exc)
        return self.facts is not None

    def _done(self, facts) -> None:
        self.facts = facts
        self.replayer = None
        if len(_DESCRIBED) >= _DESCRIBED_MAX:
            _DESCRIBED.pop(next(iter(_DESCRIBED)))
        _DESCRIBED[self.key] = facts

    def result(self) -> str:
        """The line (``SaveError`` for a save that is refused)."""
        while not self.advance(1 << 30):
            pass
        if isinstance(self.facts, SaveError):
            raise self.facts
        return self.line


def describe_text(text: str | bytes) -> str:
    """The slot-list line of a save's text (see ``SummaryCheck``)."""
    return SummaryCheck(text).result()


def load_options(text: str | None) -> dict:
    """Options from their file; anything missing or wrong takes its default."""
    opts = dict(OPTION_DEFAULTS)
    if not text:
        return opts
    try:
        data = loads(text, MAX_OPTIONS_BYTES)
    except JsonFileError:
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
    for key in ("sound", "music", "confirm_places"):
        if isinstance(data.get(key), bool):
            opts[key] = data[key]
    return opts


def dump_options(opts: dict) -> str:
    return json.dumps({k: opts.get(k, v) for k, v in OPTION_DEFAULTS.items()}, sort_keys=True)

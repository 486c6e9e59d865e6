"""Replays: a game as its config, its seed and its decisions, with state
hashes to prove that replaying reproduces it.

A replay is versioned JSON::

    {"format": "retrocatan-replay", "version": 1, "engine": "0.1.0",
     "config": {...}, "seed": 42, "actions": ["S12", "R17", ..., "roll", "end"],
     "hash_every": 1, "hashes": ["3f2a...", ...], "final_hash": "<sha-256>"}

and, in a network game's record, ``"by"``: who made each decision
(``"person"``, ``"computer"``, or ``"clock"``: a computer, as the seat's
clock ran out), one per action.

``hashes[i]`` is the first 16 hex digits of the SHA-256 of the canonical
state JSON after action ``(i + 1) * hash_every``; ``final_hash`` the full
hash after the last action. Verifying replays the actions in a fresh game
and names the first step whose state differs, or the step whose action is
illegal. This module parses and checks data; reading files is the caller's.

``GameRecord`` is the one owner of a game's record (config, decisions,
hashes, seats): the session appends to it while playing, saves and replay
files are its JSON, and loading, ``replay --verify``, the replay viewer and
``simulate`` replay it through ``Replayer`` (once, in chunks if need be). A
verdict says what it compared: a record without hashes is never reported
as matching.

A config carries its scenario's content. A record of the previous format
named its scenario by id only; whoever reads such a record from a file
(the layer above the engine, which knows the shipped scenarios) passes a
``resolve`` function (id -> scenario). The record then remembers the id
(``legacy_id``): its hashes were taken over the state with that id in the
config, so they are compared that way, while the hashes taken anew
(``Replayer.taken``) are those of today's format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import __version__
from .actions import ActionSyntaxError, parse_action
from .config import ConfigError, GameConfig
from .errors import IllegalAction
from .game import Game
from .state import GameState, state_hash
from .strictjson import JsonFileError, loads

REPLAY_FORMAT = "retrocatan-replay"
REPLAY_VERSION = 1
MAX_REPLAY_BYTES = 16 * 1024 * 1024
# The longest record accepted (decisions), by every reader of records.
MAX_ACTIONS = 200_000
# A record kept while playing takes a state hash every this many decisions.
PLAY_HASH_EVERY = 10
SHORT_HASH = 16
BY = ("person", "computer", "clock")     # who made a decision, in a server's record


class ReplayError(ValueError):
    """A replay that cannot be read or does not replay."""


def short_hash(game: Game) -> str:
    return game.state_hash()[:SHORT_HASH]


def bare_copy(game: Game) -> Game:
    """A copy of ``game``'s state without its history (a snapshot)."""
    out = Game.__new__(Game)
    out.initial_events = []
    out._init(GameState.copy(game.state))
    return out


class GameRecord:
    """A game as its config, its decisions (text), state hashes (one every
    ``hash_every`` decisions, ``SHORT_HASH`` hex digits) and the full hash
    of the last state; ``seats`` (who sat where) when it is a save's; ``by``
    (who made each decision) when a server kept it."""

    def __init__(self, config: GameConfig, actions: list[str] | None = None, hashes: list[str] | None = None,
                 hash_every: int = 1, final_hash: str | None = None, seats: list[dict] | None = None,
                 legacy_id: str | None = None, by: list[str] | None = None) -> None:
        if hash_every < 1:
            raise ValueError("hash_every must be at least 1")
        self.config = config
        self.actions: list[str] = list(actions or [])
        self.hashes: list[str] = list(hashes or [])
        self.hash_every = hash_every
        self.final_hash = final_hash
        self.seats = seats
        self.legacy_id = legacy_id      # a previous-format record's scenario id (see the module docstring)
        self.by = list(by) if by is not None else None      # who made each decision (a server's record)
        self._live: Game | None = None    # the game this record follows, for its final hash

    # --- making one --------------------------------------------------------------------
    @classmethod
    def of_game(cls, game: Game, hash_every: int = 1, seats: list[dict] | None = None) -> GameRecord:
        """The record of ``game`` so far (replays it once to take the hashes)."""
        rec = cls(game.config, hash_every=hash_every, seats=seats)
        fresh = Game(game.config)
        for act in game.history:
            fresh.apply(act)
            rec.append(fresh)
        rec.follow(game)
        return rec

    @classmethod
    def from_json(cls, data, seats: list[dict] | None = None, resolve: Callable | None = None) -> GameRecord:
        """A record from replay JSON (checked; ``ReplayError`` if bad).
        ``resolve``: for a record naming its scenario by id (see the module
        docstring)."""
        check(data, resolve)
        named = data["config"].get("scenario")
        return cls(GameConfig.from_dict(data["config"], resolve), data["actions"], data.get("hashes", []),
                   data.get("hash_every", 1), data.get("final_hash"), seats,
                   named if isinstance(named, str) and named else None, data.get("by"))

    @classmethod
    def parse(cls, text: str | bytes, resolve: Callable | None = None) -> GameRecord:
        return cls.from_json(parse(text, resolve), resolve=resolve)

    def follow(self, game: Game) -> None:
        """From now on the final hash is ``game``'s (whose history this is)."""
        self._live = game
        self.final_hash = None

    def append(self, game: Game) -> None:
        """Record ``game``'s last decision, just applied."""
        self.actions.append(str(game.history[-1]))
        if len(self.actions) % self.hash_every == 0:
            self.hashes.append(short_hash(game))
        if self._live is None:
            self.final_hash = None

    def __len__(self) -> int:
        return len(self.actions)

    def recorded_hash(self, game: Game) -> str:
        """The full hash of ``game``'s state as this record's hashes were
        taken: today's ``state_hash``, or for a previous-format record with
        the config naming the scenario by its id."""
        if self.legacy_id is None:
            return game.state_hash()
        data = game.to_json()
        data["config"]["scenario"] = self.legacy_id
        return state_hash(data)

    def to_json(self) -> dict:
        final = self._live.state_hash() if self._live is not None else self.final_hash
        if final is None:
            final = self.recorded_hash(self.game_at(len(self.actions)))
        config = self.config.to_dict()
        if self.legacy_id is not None:      # written as read: its hashes are of that form
            config["scenario"] = self.legacy_id
        out = {
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "engine": __version__,
            "config": config,
            "seed": self.config.seed,
            "actions": list(self.actions),
            "hash_every": self.hash_every,
            "hashes": list(self.hashes),
            "final_hash": final,
        }
        if self.by is not None and len(self.by) == len(self.actions):
            out["by"] = list(self.by)
        return out

    # --- replaying it --------------------------------------------------------------------
    def replayer(self, sample: int | None = 1, take: bool = False, on_step: Callable | None = None) -> Replayer:
        return Replayer(self, sample, take, on_step)

    def verify(self) -> Verdict:
        """Replay every decision; compare every recorded hash and the final hash."""
        return self.replayer().run()

    def game_at(self, i: int) -> Game:
        """The game after ``i`` decisions; ``ReplayError`` names a refused step."""
        game = Game(self.config)
        for k, text in enumerate(self.actions[:i], 1):
            try:
                game.apply(parse_action(text))
            except (ActionSyntaxError, IllegalAction) as exc:
                raise ReplayError(f"step {k} ({text!r}): {exc}") from None
        return game


def record(game: Game, hash_every: int = 1) -> dict:
    """The replay of ``game`` so far (replays it once to take the hashes)."""
    return GameRecord.of_game(game, hash_every).to_json()


def record_with(game: Game, hashes: list[str]) -> dict:
    """The replay of ``game`` from hashes taken as it was played (one per
    action, ``hash_every`` 1): no second replay needed."""
    if len(hashes) != len(game.history):
        raise ValueError("one hash per action is needed")
    rec = GameRecord(game.config, [str(a) for a in game.history], hashes, 1)
    rec.follow(game)
    return rec.to_json()


def parse(text: str | bytes, resolve: Callable | None = None) -> dict:
    """Parse and check the structure of a replay; ``ReplayError`` if bad.
    (Bytes or text, by the rules of ``strictjson``.)"""
    if len(text) > MAX_REPLAY_BYTES:
        raise ReplayError(f"replay is larger than {MAX_REPLAY_BYTES // (1024 * 1024)} MB")
    try:
        data = loads(text, MAX_REPLAY_BYTES)
    except JsonFileError as exc:
        raise ReplayError(str(exc)) from None
    return check(data, resolve)


def check(data, resolve: Callable | None = None) -> dict:
    """``data`` if it is a well-formed replay (``ReplayError`` if not);
    ``resolve`` as for ``GameRecord.from_json``."""
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
        Game(GameConfig.from_dict(data.get("config"), resolve))    # the config, and that its board deals
    except (ConfigError, TypeError, ValueError) as exc:
        raise ReplayError(f"bad config: {exc}") from None
    if "seed" in data and data["seed"] != data["config"].get("seed", 0):
        raise ReplayError("the seed does not match the config")
    acts = data.get("actions")
    if not isinstance(acts, list):
        raise ReplayError("actions must be a list of action texts")
    if len(acts) > MAX_ACTIONS:
        raise ReplayError(f"more than {MAX_ACTIONS} decisions (the longest record accepted)")
    if not all(isinstance(a, str) and len(a) <= 200 for a in acts):
        raise ReplayError("actions must be a list of action texts")
    every = data.get("hash_every", 1)
    if not isinstance(every, int) or isinstance(every, bool) or not 1 <= every <= MAX_ACTIONS:
        raise ReplayError("hash_every must be a positive whole number")
    hashes = data.get("hashes", [])
    if not isinstance(hashes, list) or not all(isinstance(h, str) and 1 <= len(h) <= 64 for h in hashes):
        raise ReplayError("hashes must be a list of hex strings")
    if len(hashes) > len(acts) // every:
        raise ReplayError("more hashes than actions")
    final = data.get("final_hash")
    if final is not None and not (isinstance(final, str) and len(final) == 64):
        raise ReplayError("final_hash must be a SHA-256 hex string")
    by = data.get("by")
    if by is not None and (not isinstance(by, list) or len(by) != len(acts) or not all(b in BY for b in by)):
        raise ReplayError(f"by must name who made each decision ({', '.join(BY)})")
    return data


@dataclass
class Verdict:
    ok: bool                 # every decision legal, at least one state compared, all compared match
    steps: int               # actions replayed
    message: str
    step: int | None = None  # the first step that failed (1-based), if any
    game: Game | None = None
    compared: int = 0        # recorded states compared (the final hash counts as one)
    refused: bool = False    # a decision the rules do not allow


class Replayer:
    """Replays a record once, in as many pieces as the caller likes (the
    window shows progress between them).

    ``sample``: recorded hashes are compared at steps that are multiples of
    it (1: all of them; None: none, nor the final hash). ``take``: keep the
    short hash of every such step in ``taken`` (the hashes of a record with
    ``hash_every = sample``). ``on_step(i, game, action, events)`` sees
    every decision (the viewer takes its snapshots there)."""

    def __init__(self, rec: GameRecord, sample: int | None = 1, take: bool = False,
                 on_step: Callable | None = None) -> None:
        self.record = rec
        self.sample = sample
        self.take = take and sample is not None
        self.on_step = on_step
        self.game = Game(rec.config)
        self.done = 0
        self.compared = 0
        self.taken: list[str] = []
        self.verdict: Verdict | None = None
        self._checked_to = 0     # the last step whose state was compared

    @property
    def total(self) -> int:
        return len(self.record.actions)

    def run(self) -> Verdict:
        while self.verdict is None:
            self.advance(1 << 30)
        return self.verdict

    def advance(self, n: int) -> Verdict | None:
        """Replay up to ``n`` more decisions; the verdict once finished."""
        if self.verdict is not None:
            return self.verdict
        rec, game, on_step = self.record, self.game, self.on_step
        every, hashes, sample, take = rec.hash_every, rec.hashes, self.sample, self.take
        acts = rec.actions
        end = min(len(acts), self.done + n)
        for i in range(self.done + 1, end + 1):
            text = acts[i - 1]
            try:
                act = parse_action(text)
                events = game.apply(act)
            except (ActionSyntaxError, IllegalAction) as exc:
                self.done = i - 1
                self.verdict = Verdict(False, i - 1, f"step {i} ({text!r}) is refused: {exc}", i, game,
                                       self.compared, refused=True)
                return self.verdict
            if on_step is not None:
                on_step(i, game, act, events)
            if sample is None or i % sample:
                continue
            k = i // every - 1
            recorded = hashes[k] if i % every == 0 and k < len(hashes) else None
            if recorded is None and not take:
                continue
            h = game.state_hash()
            if take:
                self.taken.append(h[:SHORT_HASH])
            if recorded is not None:
                if rec.legacy_id is not None:
                    h = rec.recorded_hash(game)
                self.compared += 1
                lo = self._checked_to + 1
                self._checked_to = i
                if h[:len(recorded)] != recorded:
                    self.done = i
                    where = f"at step {i}" if lo == i else f"between steps {lo} and {i}"
                    self.verdict = Verdict(False, i, f"state differs from the recording {where} ({text!r})",
                                           i, game, self.compared)
                    return self.verdict
        self.done = end
        if end < len(acts):
            return None
        self.verdict = self._finish()
        return self.verdict

    def _finish(self) -> Verdict:
        n, game = len(self.record.actions), self.game
        final = self.record.final_hash if self.record._live is None and self.sample is not None else None
        if final is not None:
            self.compared += 1
            if self.record.recorded_hash(game) != final:
                return Verdict(False, n, "final state differs from the recording", n, game, self.compared)
        if self.compared == 0:
            return Verdict(False, n, f"{n} steps replayed, every decision legal; the file carries no state "
                           "hashes, so no state could be compared", None, game, 0)
        hashes = self.compared - (1 if final is not None else 0)
        parts = [f"{hashes} recorded state{'s' if hashes != 1 else ''}"] if hashes else []
        if final is not None:
            parts.append("the final state")
        return Verdict(True, n, f"{n} steps replayed, every state compared matches ({' and '.join(parts)})",
                       None, game, self.compared)


def replay(data: dict, upto: int | None = None, resolve: Callable | None = None) -> Game:
    """The game after replaying ``upto`` actions (all by default); raises
    ``ReplayError`` naming the step of an unreadable or illegal action."""
    rec = GameRecord(GameConfig.from_dict(data["config"], resolve), data["actions"])
    return rec.game_at(len(rec.actions) if upto is None else upto)


def verify(data: dict, resolve: Callable | None = None) -> Verdict:
    """Replay every action and compare every recorded hash."""
    return GameRecord.from_json(data, resolve=resolve).verify()

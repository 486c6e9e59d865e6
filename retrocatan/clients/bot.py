"""A computer player as a network client (``retrocatan bot``).

It joins a game by its invite code (or resumes a seat whose token it kept
in ``seat_file``), and whenever the decision is its seat's it loads the
seat's state into a game of its own, asks a computer player of its level
(``ai.make_player``) and sends the action. It sees only what the server
sends the seat, like any client; a refused action (the game moved on)
is decided again at the next present.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets

from ..ai import make_player
from ..net.client import Refused, Seat

SAVE_EVERY = 20         # entries between writes of the seat file
PROGRESS_EVERY = 25     # decisions between two progress lines


def read_seat_file(path: str | None) -> dict | None:
    if not path or not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("token", "code")):
        return None
    if not isinstance(data.get("game"), (str, type(None))):
        return None
    return data


def write_seat_file(path: str, data: dict) -> None:
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class Bot:
    """One computer seat at a server. ``play()`` returns when its game is over."""

    def __init__(self, url: str, code: str, level: str = "normal", name: str | None = None,
                 seat_file: str | None = None, think: float = 0.0, seed: int | None = None,
                 colour: int | None = None, progress=None) -> None:
        self.level = level
        self.progress = progress        # called with a line of how the game goes (the command prints it)
        self.think = think
        self.seat_file = seat_file
        saved = read_seat_file(seat_file)
        if saved is not None and saved["code"] == code:
            seq = saved.get("seq", 0)
            self.seat = Seat(url, game=saved["game"], token=saved["token"], code=code, client="retrocatan-bot",
                             seq=seq if isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0 else 0,
                             name=name or f"Computer ({level})", colour=colour)
        else:
            self.seat = Seat(url, code=code, name=name or f"Computer ({level})", colour=colour,
                             client="retrocatan-bot")
        if seat_file and (saved is None or saved["code"] != code):
            # The token before the join: a bot stopped before it heard the answer joins again with it.
            write_seat_file(seat_file, {"game": None, "token": self.seat.token, "code": code, "seq": 0})
        self.seed = seed if seed is not None else secrets.randbits(32)
        self.player = None
        self.decisions = 0
        self.refused = 0
        self._wake = asyncio.Event()
        self.seat.on_sync = self._wake.set

    async def play(self, timeout: float | None = None, reach_first: bool = False) -> dict:
        """Play until the game is over (``reach_first``: ``ConnectionError`` if no server answers at first)."""
        runner = asyncio.create_task(self.seat.run(reach_first))
        loop = asyncio.create_task(self._loop())
        try:
            done, _ = await asyncio.wait({runner, loop}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if not done:
                raise TimeoutError(f"the game did not end within {timeout} s")
            if runner in done:
                runner.result()             # Refused: the server will not seat this bot
            loop.result()
        finally:
            self.seat.stop()
            for task in (runner, loop):
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass
        return {"game": self.seat.game_id, "seat": self.seat.seat, "decisions": self.decisions,
                "refused": self.refused, "reconnects": self.seat.reconnects, "over": self.seat.over,
                "gaps": self.seat.gaps, "duplicates": self.seat.duplicates}

    def _tell(self, line: str) -> None:
        if self.progress is not None:
            self.progress(line)

    async def _loop(self) -> None:
        s = self.seat
        saved = -1
        seated = False
        reconnects = 0
        while True:
            await self._wake.wait()
            self._wake.clear()
            if not seated and s.game_id:
                seated = True
                self._tell(f"seated at game {s.game_id}, seat {s.seat} ({self.level})")
            if s.reconnects != reconnects:
                reconnects = s.reconnects
                self._tell(f"connected again ({reconnects} reconnects so far), at entry {s.seq}")
            if self.seat_file and s.game_id and (saved < 0 or s.seq - saved >= SAVE_EVERY or s.over):
                # The seat, and the last entry heard of: started again, it resumes from there.
                write_seat_file(self.seat_file, {"game": s.game_id, "token": s.token, "code": s.code, "seq": s.seq})
                saved = s.seq
            if s.over:
                self._tell(f"the game is over after {self.decisions} decisions of this seat")
                return
            if not s.my_decision() or s.ws is None:
                continue
            if self.think:
                await asyncio.sleep(self.think)
                if not s.my_decision():
                    continue
            game = s.game
            if self.player is None:
                self.player = make_player(self.level, self.seed, s.seat)
            action = self.player.choose(game.seat_view(s.seat))
            try:
                await s.act(str(action))
                self.decisions += 1
                if self.decisions % PROGRESS_EVERY == 0:
                    self._tell(f"{self.decisions} decisions made, at entry {s.seq}")
            except Refused as exc:
                self.refused += 1          # the game moved on, or too fast: decide again on what is now
                await asyncio.sleep(0.25 if exc.code == "rate" else 0)
                if s.my_decision():
                    self._wake.set()
            except (ConnectionError, TimeoutError):
                pass            # the connection dropped: the next present (after resuming) wakes it

"""A computer player as a network client (``retrocatan bot``).

It joins a game by its invite code (or resumes a seat whose token it kept
in ``seat_file``), and whenever the decision is its seat's it loads the
seat's state into a game of its own, asks a computer player of its level
(``ai.make_player``) and sends the action. It sees only what the server
sends the seat, like any client; a refused action (the game moved on)
is decided again at the next present.

Unnamed, it is named as a computer at one machine, by its colour and level
("Red (Hard)", ``words.names.computer_name``): without a colour it looks
at the table first and takes the first open seat. Its progress lines
(``progress``) are in the game's words: where it sits, how far it got, and
with ``log`` the table's log as its seat sees it (``render.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets

from ..ai import make_player
from ..net.client import Refused, Seat
from ..words.names import computer_name, level_name
from ..words.text import add_areas, t
from . import texts
from .reach import reach
from .render import Render
from .seat_file import read_seat_file, same_code, write_seat_file

add_areas([texts])

SAVE_EVERY = 20         # entries between writes of the seat file
PROGRESS_EVERY = 25     # decisions between two progress lines
CLIENT = "retrocatan-bot"
LOOKS = 5               # looks for an open seat when another client took the one it chose
LOOK_S = 20.0           # seconds to wait for the table when looking


async def open_seat(url: str, code: str) -> int | None:
    """The first open seat of the game ``code`` (None: none is open), seen as a spectator sees
    the table. ``Refused`` for a code the server does not know."""
    look = Seat(url, code=code, watch=True, client=CLIENT)
    runner = asyncio.create_task(look.run())
    synced = asyncio.create_task(look.synced.wait())
    try:
        done, _ = await asyncio.wait({runner, synced}, timeout=LOOK_S, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            runner.result()
        seats = (look.table or {}).get("seats") or []
        return next((s["seat"] for s in seats if s.get("kind") == "open"), None)
    finally:
        look.stop()
        await _ended(runner, synced)


async def _ended(*tasks) -> None:
    """Cancel ``tasks`` and wait for them to end (what they raised is theirs)."""
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


class Bot:
    """One computer seat at a server. ``play()`` returns when its game is over."""

    def __init__(self, url: str, code: str, level: str = "normal", name: str | None = None,
                 seat_file: str | None = None, think: float = 0.0, seed: int | None = None,
                 colour: int | None = None, progress=None, log: bool = False) -> None:
        self.url = url
        self.code = code
        self.level = level
        self.progress = progress        # called with a line of how the game goes (the command prints it)
        self.log = log                  # the table's log among the progress lines
        self.think = think
        self.seat_file = seat_file
        self.named = name is not None
        saved = read_seat_file(seat_file)
        if saved is not None and same_code(saved["code"], code):
            seq = saved.get("seq", 0)
            self.seat = Seat(url, game=saved["game"], token=saved["token"], code=code, client=CLIENT,
                             seq=seq if isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0 else 0,
                             name=name or self.name_for(colour), colour=colour)
            self.looks = False
        else:
            self.seat = Seat(url, code=code, name=name or self.name_for(colour), colour=colour, client=CLIENT)
            self.looks = colour is None and name is None      # its colour, to be named by it
        if seat_file and (saved is None or not same_code(saved["code"], code)):
            # The token before the join: a bot stopped before it heard the answer joins again with it.
            write_seat_file(seat_file, {"game": None, "token": self.seat.token, "code": code, "seq": 0})
        self.seed = seed if seed is not None else secrets.randbits(32)
        self.player = None
        self.decisions = 0
        self.refused = 0
        self._wake = asyncio.Event()
        self._follow(self.seat)

    def name_for(self, colour: int | None) -> str:
        """Its name at the table: "Red (Hard)"; before it knows its colour, "Computer (Hard)"."""
        if colour is None:
            return t("computer.name", colour=t("computer"), level=level_name(self.level))
        return computer_name(colour, self.level)

    def _follow(self, seat: Seat) -> None:
        seat.on_sync = self._wake.set
        seat.on_entry = self._entry
        self.render = Render(seat, own=False)

    def _entry(self, msg: dict) -> None:
        if self.log:
            for line in self.render.entry_lines(msg):
                self._tell(line)

    async def play(self, timeout: float | None = None, wait=None) -> dict:
        """Play until the game is over. ``wait(line)``: a server that is down at the start is
        waited for (``reach``), told there; without it, the seat's own retries wait silently."""
        if wait is not None:
            await reach(self.url, wait)
        for attempt in range(LOOKS):
            if self.looks:
                colour = await open_seat(self.url, self.code)
                self.seat.colour, self.seat.name = colour, self.name_for(colour)
            try:
                return await self._play(timeout)
            except Refused as exc:
                if not self.looks or exc.code != "seat_taken" or attempt == LOOKS - 1:
                    raise
            old = self.seat                 # another client took that seat first: look again
            self.seat = Seat(self.url, code=self.code, token=old.token, client=CLIENT)
            self.seat.on_message = old.on_message
            self._follow(self.seat)
        raise AssertionError("unreachable")

    async def _play(self, timeout: float | None) -> dict:
        runner = asyncio.create_task(self.seat.run())
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
            await _ended(runner, loop)
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
            if self.seat_file and s.game_id and (saved < 0 or s.seq - saved >= SAVE_EVERY or s.over):
                # The seat, and the last entry heard of: started again, it resumes from there.
                write_seat_file(self.seat_file, {"game": s.game_id, "token": s.token, "code": s.code, "seq": s.seq})
                saved = s.seq
            if not seated and s.game_id:
                seated = True
                self._tell(t("bot.seated", game=s.game_id, seat=s.seat, name=self.render.name(s.seat)))
            if s.reconnects != reconnects:
                reconnects = s.reconnects
                self._tell(t("bot.reconnected", n=reconnects, seq=s.seq))
            if s.over:
                self._tell(t("bot.over", n=self.decisions))
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
                    self._tell(t("bot.decisions", n=self.decisions, seq=s.seq))
            except Refused as exc:
                self.refused += 1          # the game moved on, or too fast: decide again on what is now
                await asyncio.sleep(0.25 if exc.code == "rate" else 0)
                if s.my_decision():
                    self._wake.set()
            except ConnectionError:
                pass            # the connection dropped: the next present (after resuming) wakes it
            except TimeoutError:
                # No answer in the request's time while the connection stayed up: no message may
                # follow, so a decision still this seat's is made again (an act the server took
                # after all is refused as stale). Never at once on a dropped connection: that
                # would spin before the reader sees the drop.
                if s.ws is not None and s.my_decision():
                    self._wake.set()

"""A person at a terminal as a client (``retrocatan join``): the seat's loop.

It joins a game by its invite code (or resumes the seat kept in its seat
file: by default one in the user folder per server and code,
``seat_file.py``; ``--watch``: a spectator's place) with a ``Seat`` of
``net/client.py``, which stays connected and resumes after a drop; a server
that is down is waited for (``reach.py``). What the seat receives is shown
as lines (``render.py``: the game's words of ``words/``), what the person
types is read beside the event loop (``line_input.py``): a number (that
action), a command (``help``, ``board``, ``table``, ``list``, ``say TEXT``,
``quit``) or an action in the notation (an offer of one's own terms).

Every line that asks for input starts with ``"> "`` (``render.PROMPT``) and each
legal action is a line ``"  N. ACTION  (what it is)"``, so a program can
play through a pipe as well as a person at a terminal; the end of the input
is ``quit``. It imports no Pyxel and nothing of the window.
"""

from __future__ import annotations

import asyncio
import contextlib
import os

from ..engine.actions import ActionSyntaxError, parse_action
from ..net.client import Refused, Seat
from ..words.refusals import answer_refusal
from ..words.text import t
from .line_input import LineInput
from .reach import reach
from .render import Render, time_left
from .seat_file import SeatFileError, default_path, read_seat_file, same_code, usable_seat_file, write_seat_file

HISTORY = 20                # log lines of the past shown when one comes to a game in progress
FIRST_ANSWER_S = 20.0       # seconds to wait for the server's first answer once it is reached
CLIENT = "retrocatan-join"
_SEATING = ("hello", "join", "resume", "watch")     # requests whose refusal ends the client
_QUIT = ("quit", "exit", "q")
_HELP = ("help", "?", "h")
_TABLE = ("table", "status")
_LIST = ("list", "actions")


class Fatal(Exception):
    """The server refused the seat (or never answered): the client ends."""


class TextClient:
    """One person at a terminal at one seat (or watching). ``run()`` is its life."""

    def __init__(self, args, stdin, stdout, seat: Seat, resumed: bool = False, seat_file: str | None = None,
                 stderr=None) -> None:
        self.url = args.server
        self.out = stdout
        self.err = stderr
        self.seat = seat
        self.seat_file = seat_file
        self.default_file = seat_file is not None and seat_file != args.seat_file
        self.watching = seat.watch
        self.resumed = resumed
        self.view = Render(seat, self.watching)
        self.input = LineInput(stdin, self._post)
        self.events: asyncio.Queue | None = None
        self.welcomed = False        # a welcome arrived (the seat is ours / we watch)
        self.shown = False           # the first present was shown
        self.catching_up = False     # between a welcome and its sync: entries of the past
        self.pending: list[dict] = []
        self.prompt_step: int | None = None
        self.choices: list[str] = []
        self.finished = False
        self.stopping = False
        self.board_due = False
        self.connected: dict[int, bool] = {}
        self.kept: tuple | None = None      # what the seat file holds
        self.unkept = False                 # the seat file could not be written: nothing keeps the seat

    # --- output ----------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def tell(self, text: str) -> None:
        """A line about the connection on stderr (where the game's lines are not)."""
        if self.err is not None:
            self.err.write(f"retrocatan join: {text}\n")
            self.err.flush()

    def say_all(self, lines) -> None:
        for line in lines:
            self.say(line)

    # --- what the server sends ------------------------------------------------------------------------
    def on_message(self, msg: dict) -> None:
        """Every message the seat receives (``Seat.on_message``): never raises, so the connection lives."""
        try:
            self._handle(msg)
        except Exception as exc:       # a message this client cannot show must not end the connection
            self.say(t("join.unshown", what=f"{type(exc).__name__}: {exc}"))

    def _handle(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "joined":
            self.keep_seat()
        elif kind == "welcome":
            if self.welcomed:
                self.say(t("join.reconnected"))
            self.welcomed = True
            self.catching_up = True
            self.pending = []
            self.keep_seat()
        elif kind == "entry":
            if self.catching_up:
                self.pending.append(msg)
                return
            self.say_all(self.view.entry_lines(msg))
            if msg.get("k") == "start":
                self.board_due = True
            self._after_present()
        elif kind == "sync":
            self._caught_up()
            self._after_present()
        elif kind == "table":
            self._connections()
        elif kind == "clock":
            if msg.get("seat") == self.seat.seat and not self.watching:
                self.say(t("join.clock.warn", left=time_left(msg.get("left", 0))))
        elif kind == "error" and "id" not in msg:     # a request's own error goes to its caller
            if msg.get("re") in _SEATING or msg.get("code") in ("protocol", "strikes"):
                if not self.welcomed or msg.get("re") in ("resume", "watch"):
                    self._post("fatal", msg.get("message") or msg.get("code"))
                    return
            self.say(t("join.refused", why=msg.get("message") or msg.get("code")))

    def _post(self, kind: str, value=None) -> None:
        if self.events is not None:
            self.events.put_nowait((kind, value))

    def keep_seat(self) -> None:
        """The seat (its token before the join, then its game) in the seat file."""
        s = self.seat
        data = (s.game_id, s.token, s.code or "")
        if not self.seat_file or self.watching or not s.token or data == self.kept:
            return
        try:
            write_seat_file(self.seat_file, {"game": s.game_id, "token": s.token, "code": s.code or ""})
            self.kept, self.unkept = data, False
        except OSError as exc:
            self.kept, self.unkept = data, True     # said once; the game goes on without it
            self.say(t("join.not_kept", file=self.seat_file, why=exc.strerror or exc))

    def _caught_up(self) -> None:
        """The present after a welcome: the entries missed (of the past: the last few), then the table."""
        self.catching_up = False
        lines = []
        for m in self.pending:
            lines += self.view.entry_lines(m)
            if m.get("k") == "start" and self.shown:
                self.board_due = True
        self.pending = []
        if not self.shown and len(lines) > HISTORY:
            self.say(t("join.earlier", n=len(lines) - HISTORY))
            lines = lines[-HISTORY:]
        self.say_all(lines)
        if not self.shown:
            self.shown = True
            self._first_present()
        self._connections(quiet=True)

    def _first_present(self) -> None:
        s = self.seat
        code = (s.table or {}).get("code") or s.code
        if self.watching:
            self.say(t("join.watching", code=code))
        else:
            you = t("join.you.resumed" if self.resumed else "join.you", who=self.view.who(s.seat), code=code)
            self.say(you + (f"; {t('join.kept', file=self.seat_file)}" if self.seat_file and not self.unkept else ""))
        self.say_all(self.view.table_lines())
        if s.game is not None:
            self.board_due = True
        elif not s.over:
            self.say(t("join.waiting"))
        self._post("shown")

    def _connections(self, quiet: bool = False) -> None:
        """Say who connected or left since the last table."""
        for s in self.view.seats():
            p, now = s["seat"], bool(s.get("connected"))
            before = self.connected.get(p)
            self.connected[p] = now
            if quiet or before is None or before == now or p == self.seat.seat or s["kind"] != "person":
                continue
            self.say(t("join.connected" if now else "join.disconnected", who=self.view.who(p)))

    def _after_present(self) -> None:
        s = self.seat
        self._connections()
        if self.board_due and s.game is not None:
            self.board_due = False
            self.say_all(self.view.board_lines())
        if s.over:
            if not self.finished:
                self.finished = True
                self.say_all(self.view.game_over_lines())
                self._post("over")
            return
        if s.my_decision():
            if s.step != self.prompt_step:
                self.show_decision()
        else:
            self.choices = []

    def show_decision(self) -> None:
        """The seat's question, its cards and points, the legal actions numbered, and the prompt."""
        s = self.seat
        v = s.game.seat_view(s.seat)
        self.prompt_step = s.step
        self.choices = [str(a) for a in v.legal]
        self.say_all(self.view.decision_lines(v))
        self.show_prompt()

    def show_prompt(self) -> None:
        self.say(self.view.prompt_line(len(self.choices)))

    # --- the person's lines -----------------------------------------------------------------------------
    async def command(self, line: str) -> int | None:
        """One typed line; an exit code when the client ends."""
        text = line.strip()
        word, _, rest = text.partition(" ")
        low = word.lower()
        if not text:
            if self.choices:
                self.show_prompt()
        elif low in _QUIT:
            self.leave()
            return 0
        elif low in _HELP:
            self.say(t("join.help"))
        elif low == "board":
            self.say_all(self.view.board_lines())
        elif low in _TABLE:
            self.say_all(self.view.table_lines())
        elif low in _LIST and self.seat.my_decision():
            self.show_decision()
        elif low in _LIST:
            self.say(self._waiting())
        elif low == "say":
            await self._chat(rest.strip())
        elif self.watching:
            self.say(t("join.watch_only"))
        elif text.isascii() and text.isdigit():
            await self._choose(int(text))
        else:
            await self._typed(text)
        return None

    async def _choose(self, n: int) -> None:
        if not self.choices:
            self.say(self._waiting())
        elif not 1 <= n <= len(self.choices):
            self.say(t("join.no_choice", n=n, m=len(self.choices)))
            self.show_prompt()
        else:
            await self._act(self.choices[n - 1])

    async def _typed(self, text: str) -> None:
        try:
            action = parse_action(text)
        except ActionSyntaxError as exc:
            self.say(t("join.not_understood", why=exc))
            return
        if not self.seat.my_decision():
            self.say(self._waiting())
            return
        await self._act(str(action))

    def _waiting(self) -> str:
        g = self.seat.game
        return t("join.not_started") if g is None else t("join.not_yours", who=self.view.who(g.decider))

    async def _act(self, text: str) -> None:
        s = self.seat
        step = self.prompt_step if self.prompt_step is not None else s.step
        try:
            for _ in range(40):                 # typed faster than the server's rate (a pipe): wait and send again
                try:
                    await s.request({"type": "act", "action": text, "step": step})
                    break
                except Refused as exc:
                    if exc.code != "rate":
                        raise
                    await asyncio.sleep(0.25)
        except Refused as exc:
            if exc.code == "stale":
                self.say(t("join.stale"))
                if s.my_decision():
                    self.show_decision()
                else:
                    self.choices = []
                return
            self.say(t("join.refused", why=answer_refusal(exc.msg, self.view.who)))
            if s.my_decision() and self.choices:
                self.show_prompt()
        except (ConnectionError, TimeoutError):
            self.say(t("join.not_sent"))

    async def _chat(self, text: str) -> None:
        if self.watching:
            self.say(t("join.no_chat"))
        elif not text:
            self.say(t("join.say_what"))
        elif self.seat.ws is None:
            self.say(t("join.not_sent"))
        else:
            try:
                await self.seat.chat(text)
            except Exception:
                self.say(t("join.not_sent"))

    def forget_unheld_seat(self) -> None:
        """A join the server refused holds no seat: its token leaves the seat file."""
        kept = read_seat_file(self.seat_file)
        if kept is not None and kept["game"] is None and not self.seat.game_id:
            with contextlib.suppress(OSError):
                os.remove(self.seat_file)

    def leave(self) -> None:
        if self.watching:
            self.say(t("join.stopped"))
        elif self.seat_file and not self.unkept:
            code = self.seat.code or (self.seat.table or {}).get("code") or ""
            again = (f"retrocatan join --server {self.url} --code {code}" if self.default_file
                     else f"retrocatan join --server {self.url} --seat-file {self.seat_file}")
            self.say(t("join.left", again=again))
        else:
            self.say(t("join.left.lost"))

    # --- the life of the client ---------------------------------------------------------------------
    async def _watch_connection(self) -> None:
        """Say when an open connection drops (the Seat reconnects by itself)."""
        last = None
        while not self.stopping:
            await self.seat.connected.wait()
            ws = self.seat.ws
            if ws is None or ws is last:
                await asyncio.sleep(0.05)
                continue
            last = ws
            await ws.wait_closed()
            if self.stopping or self.finished:
                return
            self.say(t("join.lost"))

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        self.events = asyncio.Queue()
        self.keep_seat()                    # the token before the join: Ctrl-C from here on keeps the seat
        await reach(self.url, self.tell)
        self.seat.on_message = self.on_message
        runner = asyncio.create_task(self.seat.run())
        watcher = asyncio.create_task(self._watch_connection())
        late = loop.call_later(FIRST_ANSWER_S, lambda: None if self.welcomed else self._post(
            "fatal", f"no answer from {self.url}"))
        self.input.start(loop)
        try:
            return await self._lines()
        finally:
            self.stopping = True
            late.cancel()
            self.input.stop()
            self.seat.stop()
            for task in (watcher, runner):
                task.cancel()
            for task in (watcher, runner):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _lines(self) -> int:
        """What happens, in order: the typed lines (those before the seat was shown, once it is),
        the game's end, a refusal of the seat."""
        deferred: list = []
        while True:
            kind, value = await self.events.get()
            if kind == "fatal":
                raise Fatal(value)
            if kind == "over":
                return 0
            if kind == "shown":
                for item in deferred:
                    self.events.put_nowait(item)
                deferred = []
            elif not self.shown and kind in ("line", "eof"):
                deferred.append((kind, value))
            elif kind == "eof":
                self.leave()
                return 0
            else:
                code = await self.command(value)
                if code is not None:
                    return code


def make_seat(args, error) -> tuple[Seat, bool, str | None]:
    """The Seat the arguments ask for, whether it resumes a kept seat, and its seat file
    (``--seat-file``, or by default the user folder's for this server and code)."""
    notify = {k: v for k, v in (("email", args.email), ("webhook", args.webhook)) if v} or None
    seat_file = args.seat_file
    if seat_file is None and not args.watch and args.code:
        seat_file = default_path(args.server, args.code)
    if args.seat_file and not args.watch:
        try:
            saved = usable_seat_file(args.seat_file, args.code)
        except SeatFileError as exc:
            raise error(f"retrocatan join: {exc}") from None
    else:
        saved = read_seat_file(seat_file)
    code = args.code
    if args.watch:
        code = code or (saved or {}).get("code")
        if not code:
            raise error("retrocatan join: --watch needs --code (or a --seat-file with the game's code)")
        return Seat(args.server, code=code, watch=True, client=CLIENT), False, None
    if saved is not None and (not code or same_code(saved["code"], code)):
        if saved["game"]:
            return Seat(args.server, game=saved["game"], token=saved["token"], seq=0, code=saved["code"],
                        client=CLIENT), True, seat_file
        code = saved["code"]                # the join was sent, its answer not heard: again, with its token
        return Seat(args.server, code=code, token=saved["token"], name=args.name or "Player", colour=args.seat,
                    client=CLIENT, notify=notify), False, seat_file
    if not code:
        raise error("retrocatan join: give --code (a game's invite code)")
    return Seat(args.server, code=code, name=args.name or "Player", colour=args.seat, client=CLIENT,
                notify=notify), False, seat_file


def play(args, error, stdin, stdout, stderr=None) -> int:
    """``retrocatan join``: play (or watch) a network game at the terminal. 0 when the game is
    over or the person quits; ``error`` (exit 2) when the server refuses the seat. A server that
    is down is waited for."""
    for stream in (stdin, stdout):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")
    seat, resumed, seat_file = make_seat(args, error)
    client = TextClient(args, stdin, stdout, seat, resumed, seat_file, stderr)
    try:
        return asyncio.run(client.run())
    except Fatal as exc:
        client.forget_unheld_seat()
        raise error(f"retrocatan join: the server refused: {exc}") from None

"""A browser's seat at a real server, run inside Pyodide on Node by
tests/pyodide_network.mjs for tests/test_web_network.py.

It plays through ``retrocatan.ui.net.browser_link.BrowserLink`` on Node's
WebSocket, as the browser build does on the page's: hello, join a seat,
the seat's state, the engine's legal actions chosen by a computer player
of this seat and sent as ``act``. Between its parts it asks the test (the
``harness`` module: ``say`` a line, ``next_line`` the answer) to pause,
kill or restart the server, and checks what the link reports. The last
line it says is its report (JSON).

Not collected by pytest (it needs Pyodide's ``js`` and the harness).
"""

import asyncio
import json
import sys
import time

sys.path.insert(0, "/app")

import harness  # noqa: E402  (the test's JS module: say, next_line, config)

from retrocatan.ai import make_player  # noqa: E402
from retrocatan.engine.game import Game  # noqa: E402
from retrocatan.ui.net.browser_link import BrowserLink  # noqa: E402
from retrocatan.ui.net.link import CLOSED, MESSAGE, OPEN  # noqa: E402
from retrocatan.ui.net.links import new_link  # noqa: E402

try:                        # the window's seat above a link (a tree without it plays the link's part only)
    from retrocatan.ui.net.seat import ONLINE, RECONNECTING, NetSeat
except ImportError:
    NetSeat = None

CONFIG = json.loads(harness.config)
WAIT = 30.0                 # seconds any one step may take before the client gives up
# Short, so the test sees pings and a quiet close soon; a close the test did not cause (a machine
# too loaded to answer within QUIET) is resumed from, as the window's seat does, and reported.
KEEPALIVE, QUIET = 0.3, 3.0


class Failed(Exception):
    pass


def say(**msg) -> None:
    harness.say(json.dumps(msg))


async def ask(want: str) -> str:
    """Ask the test to do ``want`` to the server; its answer."""
    say(want=want)
    return str(await harness.next_line()).strip()


class BrowserSeat:
    """The protocol's side of one seat over a BrowserLink (the seat the window runs is
    ``retrocatan/ui/net``'s; this one is only as much as the test needs)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.link = BrowserLink(keepalive=KEEPALIVE, quiet=QUIET)
        self.game_id = self.token = None
        self.seat = None
        self.seq = 0
        self.state = None
        self.step = 0
        self.table = None
        self.gaps = self.duplicates = 0
        self.open = False
        self.closed_reasons = []
        self.replies = {}
        self.next_id = 1
        self.welcomes = []          # (seq asked after, seq of the welcome, entries that followed)
        self._since_welcome = None
        self.chat_seen = []
        self.connections = 0
        self.keep_open = False      # a close now is none of the test's doing: resume
        self.unexpected = []        # the reasons of such closes
        self._connecting = False

    # --- the link --------------------------------------------------------------------------------
    def pump(self) -> None:
        for kind, text in self.link.poll():
            if kind == OPEN:
                self.open = True
                self.connections += 1
            elif kind == CLOSED:
                self.open = False
                self.closed_reasons.append(text)
            elif kind == MESSAGE:
                self.receive(json.loads(text))

    async def until(self, what: str, check) -> None:
        end = time.monotonic() + WAIT
        while True:
            self.pump()
            if check():
                return
            if self.keep_open and not self.open and not self._connecting:
                self.unexpected.append(self.closed_reasons[-1])
                await self.resume()
                continue
            if time.monotonic() > end:
                raise Failed(f"waited {WAIT:.0f} s for {what}")
            await asyncio.sleep(0.01)

    async def connect(self, first: dict) -> None:
        """Connect (again and again, with growing waits, until a server answers) and say hello and ``first``."""
        wait = 0.05
        end = time.monotonic() + WAIT
        self._connecting = True
        try:
            await self._connect(first, wait, end)
        finally:
            self._connecting = False

    async def resume(self) -> list:
        """Connect again and resume after the last entry held: the welcome's (after, seq, entries)."""
        welcomes = len(self.welcomes)
        self._connecting = True
        try:
            await self._connect({"type": "resume", "game": self.game_id, "token": self.token, "after": self.seq},
                                0.05, time.monotonic() + WAIT)
            await self.until("the present after resuming",
                             lambda: len(self.welcomes) > welcomes and self._since_welcome is None)
        finally:
            self._connecting = False
        return self.welcomes[-1]

    async def _connect(self, first: dict, wait: float, end: float) -> None:
        while True:
            closed = len(self.closed_reasons)
            self.link.connect(self.url)
            await self.until("the socket to open or fail", lambda: self.open or len(self.closed_reasons) > closed)
            if self.open:
                break
            if time.monotonic() > end:
                raise Failed(f"no server at {self.url}: {self.closed_reasons[-1]}")
            await asyncio.sleep(wait)
            wait = min(wait * 2, 1.0)
        self.link.send(json.dumps({"type": "hello", "protocol": 1, "client": "retrocatan-web-test"}))
        self.link.send(json.dumps(first))

    def request(self, msg: dict) -> int:
        rid = self.next_id
        self.next_id += 1
        self.link.send(json.dumps({**msg, "id": rid}))
        return rid

    # --- the server's messages ------------------------------------------------------------------------
    def receive(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "joined":
            self.game_id, self.seat, self.token = msg["game"], msg["seat"], msg["token"]
        elif kind == "welcome":
            self._since_welcome = [self.seq, msg["seq"], []]
            self.welcomes.append(self._since_welcome)
        elif kind == "entry":
            n = msg["seq"]
            if n <= self.seq:
                self.duplicates += 1
                return
            if n != self.seq + 1:
                self.gaps += 1
            self.seq = n
            if self._since_welcome is not None:
                self._since_welcome[2].append(n)
            if msg.get("k") == "chat":
                self.chat_seen.append(msg.get("text"))
            self.present(msg)
        elif kind == "sync":
            self._since_welcome = None
            self.present(msg)
        elif kind == "table":
            self.table = msg["table"]
        elif kind == "error" and msg.get("re") in ("hello", "join", "resume"):
            raise Failed(f"the server refused the seat: {msg}")
        if msg.get("id") is not None:
            self.replies[msg["id"]] = msg

    def present(self, msg: dict) -> None:
        if "table" in msg:
            self.table = msg["table"]
        if "state" in msg:
            self.state = msg["state"]
            self.step = msg.get("step", self.step)

    def my_decision(self) -> bool:
        s = self.state
        return s is not None and s["decider"] == self.seat and s["phase"] != "over"

    @property
    def over(self) -> bool:
        return bool(self.table and self.table.get("status") == "over")


async def play(seat: BrowserSeat, player, decisions: int, stats: dict, until_turn_passes: bool = False) -> None:
    """Make ``decisions`` of this seat's decisions (the engine's legal actions, chosen by ``player``);
    ``until_turn_passes``: stop earlier, as soon as the decision is another seat's."""
    made = 0
    while made < decisions and not seat.over:
        if until_turn_passes and made and not seat.my_decision():
            break
        await seat.until("this seat's decision", lambda: seat.my_decision() or seat.over)
        if seat.over:
            break
        action = player.choose(Game.from_json(seat.state).seat_view(seat.seat))
        rid = seat.request({"type": "act", "action": str(action), "step": seat.step})
        n = seat.connections
        await seat.until(f"the answer to {action}", lambda: rid in seat.replies or seat.connections != n)
        if rid not in seat.replies:
            continue                # the link closed and the seat resumed: decide on the present
        reply = seat.replies.pop(rid)
        if reply["type"] == "ok":
            made += 1
            stats["acted"] += 1
            stats["actions"].add(str(action).split()[0])
            await seat.until("the entry of the action", lambda: seat.seq >= reply["seq"])
        else:
            stats["refused"].append(reply.get("code"))


async def main() -> dict:
    seat = BrowserSeat(CONFIG["url"])
    player = make_player("easy", 7, CONFIG["seat"])
    stats = {"acted": 0, "actions": set(), "refused": []}
    report = {"seconds": {}, "platform_link": type(new_link()).__name__}
    began = time.monotonic()

    def lap(name: str) -> None:
        nonlocal began
        now = time.monotonic()
        report["seconds"][name] = round(now - began, 2)
        began = now

    # Join a seat by the invite code; its state arrives.
    await seat.connect({"type": "join", "code": CONFIG["code"], "name": "Browser", "seat": CONFIG["seat"]})
    await seat.until("the seat's state", lambda: seat.state is not None and seat.token is not None)
    seat.keep_open = True
    report["joined"] = {"seat": seat.seat, "game": seat.game_id, "players": seat.table["players"]}
    await play(seat, player, 6, stats)
    report["acted_first"] = stats["acted"]
    lap("join and play")

    # Chat from the browser: the seat's own copy comes back as an entry.
    rid = seat.request({"type": "chat", "text": "hallo from the browser"})
    await seat.until("the chat entry", lambda: "hallo from the browser" in seat.chat_seen or rid in seat.replies)

    # The link's keepalive: pings it sent itself, answered by the server, kept out of the messages.
    await seat.until("two pongs", lambda: seat.link.pongs >= 2)
    report["pings"], report["pongs"] = seat.link.pings, seat.link.pongs
    lap("chat and pongs")

    # This side closes once its turn has passed, and comes back after the computers played on:
    # exactly the entries it missed, then the present.
    await play(seat, player, 40, stats, until_turn_passes=True)
    step = seat.step
    seat.keep_open = False
    seat.link.close()
    seat.pump()
    report["closed_by_self"] = seat.closed_reasons[-1]
    assert await ask(f"moved {step}") == "moved"     # the test saw the game pass this step meanwhile
    asked_after, welcome_seq, missed = await seat.resume()
    seat.keep_open = True
    report["resume_self"] = {"after": asked_after, "welcome": welcome_seq, "missed": missed, "seq": seat.seq,
                             "step_before": step, "step": seat.step}
    await play(seat, player, 4, stats)
    lap("close, resume, play")

    # The server stops answering (the process paused): the link calls it quiet and closes.
    seat.keep_open = False
    # Nobody polls meanwhile (a page the browser does not draw): the page timer runs the checks.
    assert await ask("pause") == "paused"
    end = time.monotonic() + WAIT
    while seat.link.active and time.monotonic() < end:
        await asyncio.sleep(0.05)
    report["closed_unpolled"] = not seat.link.active
    reasons = len(seat.closed_reasons)
    await seat.until("the quiet link to close", lambda: len(seat.closed_reasons) > reasons)
    report["closed_when_paused"] = seat.closed_reasons[-1]
    assert await ask("resume") == "resumed"
    await seat.resume()
    seat.keep_open = True
    await play(seat, player, 3, stats)
    lap("pause, quiet, resume, play")

    # The server process is killed: the link reports closed; the server comes back; the seat resumes.
    seat.keep_open = False
    assert await ask("kill") == "killed"
    reasons = len(seat.closed_reasons)
    await seat.until("the link to report the server gone", lambda: len(seat.closed_reasons) > reasons)
    report["closed_when_killed"] = seat.closed_reasons[-1]
    reasons = len(seat.closed_reasons)
    seat.link.connect(seat.url)                       # nobody listens: the attempt fails, reported as closed
    await seat.until("the failed attempt", lambda: len(seat.closed_reasons) > reasons)
    report["connect_while_down"] = {"reason": seat.closed_reasons[-1], "opened": seat.open}
    assert await ask("restart") == "restarted"
    after, welcome_seq, _ = await seat.resume()
    seat.keep_open = True
    report["resume_restart"] = {"after": after, "welcome": welcome_seq}
    before = stats["acted"]
    await play(seat, player, 6, stats)
    report["acted_after_restart"] = stats["acted"] - before
    lap("kill, restart, resume, play")

    seat.keep_open = False
    seat.link.close()
    seat.pump()
    report["window_seat"] = await window_seat(CONFIG["code2"]) if NetSeat is not None else None
    report.update(acted=stats["acted"], actions=sorted(stats["actions"]), refused=stats["refused"],
                  gaps=seat.gaps, duplicates=seat.duplicates, seq=seat.seq, step=seat.step,
                  unexpected=seat.unexpected, python=sys.version.split()[0], platform=sys.platform,
                  closes=seat.closed_reasons)
    return report


async def window_seat(code: str) -> dict:
    """The window's own seat (``ui.net.seat.NetSeat``) on the platform's link, updated once a
    "frame" as the window does: it joins, plays, and when the server is killed and started again
    reconnects by itself and plays on."""
    net = NetSeat(new_link(), CONFIG["url"], code=code, name="Browser", colour=CONFIG["seat"])
    out = {"link": type(net.link).__name__, "statuses": [], "made": 0}

    async def frames(what: str, check) -> None:
        end = time.monotonic() + WAIT
        while True:
            net.update()
            if not out["statuses"] or out["statuses"][-1] != net.status:
                out["statuses"].append(net.status)
            if check():
                return
            if time.monotonic() > end:
                raise Failed(f"waited {WAIT:.0f} s for the window's seat: {what}")
            await asyncio.sleep(0.01)

    async def play(decisions: int) -> None:
        player = make_player("easy", 11, net.seat)
        target = out["made"] + decisions
        while out["made"] < target and not net.over:
            await frames("its decision", lambda: (net.online and net.my_decision()) or net.over)
            if net.over:
                break
            rid = net.act(str(player.choose(net.game.seat_view(net.seat))))
            answer = {}

            def answered() -> bool:
                got = net.answer(rid)
                if got is not None:
                    answer["msg"] = got
                return got is not None or not net.online

            await frames("the answer", answered)
            if answer.get("msg", {}).get("type") == "ok":
                out["made"] += 1

    net.start()
    await frames("its state", lambda: net.online and net.state is not None)
    await play(5)
    out["made_first"] = out["made"]
    assert await ask("kill") == "killed"
    await frames("it to say it reconnects", lambda: net.status == RECONNECTING)
    assert await ask("restart") == "restarted"
    await frames("it to be back by itself", lambda: net.status == ONLINE)
    await play(3)
    out.update(gaps=net.gaps, duplicates=net.duplicates, reconnects=net.reconnects)
    net.stop()
    net.link.shutdown()
    return out


async def run() -> None:
    """The whole visit; its last line is the report, or what failed."""
    try:
        say(report=await main())
    except Exception as exc:
        say(failed=f"{type(exc).__name__}: {exc}")

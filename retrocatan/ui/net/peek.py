"""What each game's server says at present of the seats this machine holds (the
``peek`` request, docs/protocol.md): for My games and the title's "a game by
post waits for your move", asked in the background, one request per server
with a short timeout, never holding up a frame (``update()`` once a frame
only looks at what the links brought).

What a server answered goes into My games (``games.update``: status, step,
whose turn, the deadline, or that the server no longer knows the game);
a server that did not answer in time is ``NOT_ANSWERING`` until it answers
again. A server is asked again after ``AGAIN`` seconds; what was heard
stays for the screens that come after (the title, Network game, My games).
A game over whose record its player asked to keep has it asked for and kept
(``records.py``).
"""

from __future__ import annotations

import time

from . import games as my_games
from .links import end_link, new_link
from .records import Records
from .request import Request

TIMEOUT = 4.0           # seconds a server has to answer
MAX_SEATS = 50          # seats asked in one request (the server's most)
AGAIN = 60.0            # seconds before a server is asked again
ANSWERED, NOT_ANSWERING, ASKING, FORGOTTEN = "answered", "not_answering", "asking", "forgotten"
_HEARD: dict[str, tuple[float, str]] = {}       # token -> (when, what the server said of it)


def heard(token: str) -> str | None:
    """What was last heard of a seat's server: ``ANSWERED``, ``NOT_ANSWERING``, ``FORGOTTEN``, or None."""
    got = _HEARD.get(token)
    return got[1] if got else None


def forget_heard() -> None:
    _HEARD.clear()


class Peek:
    """The servers of ``entries`` (My games' entries; by default every one not over) asked once."""

    def __init__(self, storage, entries: list[dict] | None = None, clock=time.monotonic, wall=time.time,
                 timeout: float = TIMEOUT, again: float = AGAIN) -> None:
        self.storage, self.clock, self.wall, self.timeout = storage, clock, wall, timeout
        entries = my_games.load(storage) if entries is None else entries
        self.records = Records(storage, clock)       # the records of games over, kept as asked
        due: dict[str, list[dict]] = {}
        now = clock()
        for e in entries:
            self.records.ask(e)
            if e.get("status") in ("over", "ended") or e.get("forgotten") or not e.get("game"):
                continue
            got = _HEARD.get(e["token"])
            if got is not None and now - got[0] < again:
                continue
            due.setdefault(e["url"], []).append(e)
        self.waiting: dict[tuple[str, int], list[dict]] = {}     # (url, part) -> the entries asked of it
        self.requests: dict[tuple[str, int], Request] = {}
        self.changed = False                            # something was heard since the screen last looked
        for url, asked in due.items():
            for e in asked:
                _HEARD[e["token"]] = (now, ASKING)
            for part in range(0, len(asked), MAX_SEATS):
                key, some = (url, part), asked[part:part + MAX_SEATS]
                self.waiting[key] = some
                seats = [{"game": e["game"], "token": e["token"]} for e in some]
                self.requests[key] = Request(new_link(), url, {"type": "peek", "seats": seats},
                                             timeout=timeout, clock=clock)

    @property
    def done(self) -> bool:
        return not self.requests

    def asking(self, token: str) -> bool:
        return heard(token) == ASKING and not self.done

    def update(self) -> bool:
        """Take what the servers answered (and the records asked for); whether anything was heard
        this frame."""
        heard_now = self.records.update()
        for key, req in list(self.requests.items()):
            if not req.update():
                continue
            del self.requests[key]
            end_link(req.link, wait=False)
            self._take(self.waiting.pop(key), req)
            heard_now = True
        self.changed |= heard_now
        return heard_now

    def _take(self, asked: list[dict], req: Request) -> None:
        now = self.clock()
        if req.error is not None:
            # An error answer is an answer (a server that does not know ``peek``): what was seen stays.
            what = NOT_ANSWERING if req.error.get("code") in ("closed", "timeout") else ANSWERED
            for e in asked:
                _HEARD[e["token"]] = (now, what)
            return
        said = {s.get("game"): s for s in req.answer.get("seats", []) if isinstance(s, dict)}
        for e in asked:
            s = said.get(e["game"])
            if s is None:
                _HEARD[e["token"]] = (now, ANSWERED)
                continue
            if not s.get("known"):
                _HEARD[e["token"]] = (now, FORGOTTEN)
                my_games.update(self.storage, e["token"], {"forgotten": True})
                continue
            _HEARD[e["token"]] = (now, ANSWERED)
            entry = my_games.update(self.storage, e["token"], present(s, e))
            if entry is not None:
                self.records.ask(entry)

    def stop(self) -> None:
        self.records.stop()
        for req in self.requests.values():
            end_link(req.link, wait=False)
        for asked in self.waiting.values():
            for e in asked:
                if heard(e["token"]) == ASKING:
                    del _HEARD[e["token"]]
        self.requests.clear()
        self.waiting.clear()


def present(said: dict, entry: dict) -> dict:
    """My games' fields from what a server said of a seat (``peek``'s answer for one seat). Whose
    decision it is the answer says only for this seat (``mine``): a name seen before a later step
    is dropped (the list then says it is another's move)."""
    status = said.get("status")
    out = {"forgotten": False, "status": status if status in ("open", "playing", "ended") else "over"}
    if isinstance(said.get("seat"), int):
        out["seat"] = said["seat"]
    step = said.get("step")
    if isinstance(step, int) and not isinstance(step, bool):
        out["step"] = step
        if step != entry.get("step"):
            out["turn"] = None
    out["mine"] = bool(said.get("mine")) and out["status"] == "playing"
    deadline = said.get("deadline")
    out["deadline"] = deadline if isinstance(deadline, (int, float)) and not isinstance(deadline, bool) else None
    return out

"""By-post notices: a player who gave an e-mail address or a webhook with
their seat is told when a decision of a game by post becomes theirs (their
move, a decision such as a discard, an offer to answer), when their time is
running out, and when the game ends (docs/server.md, "Notices").

- A decision becomes a seat's when the seat decides and did not at the
  game's last commit: a run of decisions of one seat (a settlement and its
  road, the moves of a turn) is one notice.
- At most one message per game and seat every ``every`` seconds of the
  game's clock: a notice due sooner waits, and a later one replaces it
  (the end before a warning before the rest), so nothing stale is sent:
  when it may go, a decision is told only if it is still the seat's, a
  warning only if the same deadline still stands and has not passed.
- What a seat gave, and what was sent to it, is the seat's notice row in
  the store (``store.notices``), apart from the meta that seats see: the
  addresses go to no other seat, into no record and no log. The row is
  removed when the game ends and its last notice is out, or when the stop
  link is followed.
- What the game is at is read from its stored meta (``deadline``: the
  deciding seat, the kind of decision, when it runs out and is warned of;
  ``status``), after each commit of a watched game (``after``) and when a
  row is due (``tick``, from the server's loop); the sending is the
  ``Outbox``'s, in threads.
- Every message names the game's invite code and where to open it, and
  ends with the seat's stop link (``/notices/stop`` on the server's port).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import re
import secrets
import time
from http import HTTPStatus
from urllib.parse import parse_qs

from .outbox import Notice
from .table import TableError
from .webhooks import Refused, check

log = logging.getLogger("retrocatan.server.notices")
EVERY = 30 * 60.0                   # at most one message per game and seat this often (seconds)
KINDS = ("turn", "decision", "offer")
RANK = {"turn": 0, "decision": 0, "offer": 0, "warn": 1, "over": 2}
EMAIL = re.compile(r"^[^@\s<>(),;:\"\[\]\\]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$")
SUBJECTS = {"turn": "your move", "decision": "a decision for you", "offer": "an offer waits for your answer",
            "warn": "your time runs out soon", "over": "the game is over"}


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t))


def http_base(url: str) -> str:
    """The server's HTTP address from the address players use (ws -> http, wss -> https)."""
    url = url.rstrip("/")
    return "https://" + url[6:] if url.startswith("wss://") else "http://" + url[5:] if url.startswith("ws://") \
        else url


class Notices:
    """The notices of one server (see the module docstring). ``outbox`` sends; ``public_url`` is the
    address players use (``serve --public-url``); ``ours(game_id)``: a game this server serves."""

    def __init__(self, store, clock, outbox, public_url: str, every: float = EVERY, allow=(), ours=None) -> None:
        self.store, self.clock, self.outbox = store, clock, outbox
        self.public_url = public_url
        self.every = every
        self.allow = tuple(allow)
        self.ours = ours or (lambda game_id: True)
        self.watched: set[str] = store.notice_games()
        self.next_look = 0.0

    # --- what a seat gives --------------------------------------------------------------------------
    def ways(self) -> list[str]:
        """What this server sends: ``email``, ``webhook``."""
        return self.outbox.ways()

    def check(self, notify) -> dict:
        """``notify`` as a seat gives it (``{"email": ..., "webhook": ...}``, either absent or null),
        checked; TableError ``bad_notify`` says what is wrong."""
        if notify is None:
            return {}
        if not isinstance(notify, dict) or set(notify) - {"email", "webhook"}:
            raise TableError("bad_notify", "notify is {\"email\": ..., \"webhook\": ...}")
        out = {}
        for way, value in notify.items():
            if value is None or value == "":
                continue
            if way not in self.ways():
                raise TableError("bad_notify", f"this server sends no notices by {way}", field=way)
            if not isinstance(value, str):
                raise TableError("bad_notify", f"{way} is a text", field=way)
            value = value.strip()
            if way == "email" and (len(value) > 254 or not EMAIL.match(value)):
                raise TableError("bad_notify", "that is not an e-mail address", field=way)
            if way == "webhook":
                try:
                    value = check(value, self.allow)
                except Refused as exc:
                    raise TableError("bad_notify", str(exc), field=way) from None
            out[way] = value
        return out

    def set(self, table, seat: int, notify: dict) -> dict:
        """Keep a seat's addresses (checked by ``check``; empty: none, and the row goes)."""
        rows = self.store.notices_of(table.id)
        row = rows.get(seat)
        if not notify:
            if row is not None:
                self.store.notice_set(table.id, seat, None, None)
            return {}
        row = {**(row or {"key": secrets.token_urlsafe(16), "last": None}), **{w: None for w in ("email", "webhook")}}
        row.update(notify)
        row = {k: v for k, v in row.items() if v is not None or k == "last"}
        self._save(table.id, seat, row)
        self.watched.add(table.id)
        self.after(table)                # the decision may be theirs already
        return dict(notify)

    def of(self, table, seat: int) -> dict:
        row = self.store.notices_of(table.id).get(seat) or {}
        return {w: row[w] for w in ("email", "webhook") if w in row}

    # --- what happens in a game ---------------------------------------------------------------------
    def after(self, table) -> None:
        """A watched game committed something: notice whoever it concerns now."""
        if table.id not in self.watched:
            return
        meta = self.store.meta(table.id)
        if meta is None or meta.get("pace", {}).get("name") != "post":
            return
        now = self.clock.now()
        for seat, row in self.store.notices_of(table.id).items():
            self._look(table.id, meta, seat, row, now)

    def tick(self, now: float | None = None) -> None:
        """Rows that are due (a notice held back, a warning's time)."""
        now = self.clock.now() if now is None else now
        if now < self.next_look:
            return
        self.next_look = now + 1.0
        games: dict[str, dict | None] = {}
        for game_id, seat, row in self.store.notices_due(now):
            if not self.ours(game_id):
                continue
            if game_id not in games:
                games[game_id] = self.store.meta(game_id)
            meta = games[game_id]
            if meta is None:
                self.store.notice_set(game_id, seat, None, None)
                continue
            self._look(game_id, meta, seat, row, now)

    def _look(self, game_id: str, meta: dict, seat: int, row: dict, now: float) -> None:
        before = dict(row)
        d = meta.get("deadline") or {}
        over = meta.get("status") not in ("open", "playing")        # over, or ended
        if over:
            self._want(row, "over", None)
        elif d.get("seat") == seat and d.get("kind") in KINDS:
            if not row.get("theirs"):                   # the decision has just become theirs
                row["theirs"] = True
                self._want(row, d["kind"], None)
            if d.get("warn") is not None and now < d["at"] and row.get("warned") != d["at"]:
                row["warn"] = [d["warn"], d["at"]]
        elif row.get("theirs"):
            row["theirs"] = False
        w = row.get("warn")
        if w and now >= w[0]:
            row.pop("warn")
            row["warned"] = w[1]
            if not over and d.get("seat") == seat and d.get("at") == w[1] and now < w[1]:
                self._want(row, "warn", w[1])
        p = row.get("pending")
        if p and (row.get("last") is None or now >= row["last"] + self.every):
            row.pop("pending")
            if self._still(p, meta, d, seat, now):
                self._send(game_id, meta, seat, row, p["kind"] if p["kind"] in ("over", "warn") else d["kind"], d)
                row["last"] = now
        if over and "pending" not in row:
            self.store.notice_set(game_id, seat, None, None)     # the last word is out: forget the address
            return
        if row != before:
            self._save(game_id, seat, row)

    def _want(self, row: dict, kind: str, key) -> None:
        p = row.get("pending")
        if p is None or RANK[kind] >= RANK[p["kind"]]:
            row["pending"] = {"kind": kind, "key": key}

    @staticmethod
    def _still(p: dict, meta: dict, d: dict, seat: int, now: float) -> bool:
        kind = p["kind"]
        if kind == "over":
            return True
        if meta.get("status") != "playing" or d.get("seat") != seat:
            return False
        if kind == "warn":
            return d.get("at") == p["key"] and now < d["at"]
        return d.get("kind") in KINDS

    def _save(self, game_id: str, seat: int, row: dict) -> None:
        dues = [row["warn"][0]] if row.get("warn") else []
        if row.get("pending"):
            dues.append(row["last"] + self.every if row.get("last") is not None else 0.0)
        self.store.notice_set(game_id, seat, row, min(dues) if dues else None)
        if dues:
            self.next_look = min(self.next_look, min(dues))

    # --- the message ------------------------------------------------------------------------------
    def _send(self, game_id: str, meta: dict, seat: int, row: dict, kind: str, d: dict) -> None:
        code = meta.get("code", "")
        seats = meta.get("seats") or []
        name = (seats[seat].get("name") if seat < len(seats) else None) or "Player"
        subject = f"RetroCatan: {SUBJECTS[kind]} in game {code}"
        said = {"turn": f"it is your move in the game by post {code}.",
                "decision": f"a decision in the game by post {code} is yours.",
                "offer": f"an offer in the game by post {code} waits for your answer.",
                "warn": f"your time in the game by post {code} runs out soon.",
                "over": f"the game by post {code} is over."}[kind]
        lines = [f"{name}, {said}"]
        if kind != "over" and d.get("at"):
            lines.append(f"Your time runs out {_when(d['at'])}; then the computer decides for you.")
        if kind == "over":
            lines.append(f"Its record: retrocatan record --server {self.public_url} --code {code} --out game.json")
        else:
            lines.append(f"Open it in RetroCatan: Network game, My games; or Join a game with the server "
                         f"{self.public_url} and the code {code}.")
        stop = f"{http_base(self.public_url)}/notices/stop?g={game_id}&s={seat}&k={row['key']}"
        lines += ["", f"To stop these notices: {stop}"]
        notice = Notice(game_id, seat, kind, subject, "\n".join(lines), stop,
                        {"game": code, "kind": kind, "server": self.public_url})
        for way in ("email", "webhook"):
            if row.get(way) and way in self.ways():
                self.outbox.put(way, row[way], notice)

    # --- the stop link -------------------------------------------------------------------------------
    def stop_link(self, query: str) -> tuple[int, str]:
        """``GET /notices/stop?g=GAME&s=SEAT&k=KEY``: the seat's notices end."""
        q = parse_qs(query)
        try:
            game_id, seat, key = q["g"][0], int(q["s"][0]), q["k"][0]
        except (KeyError, ValueError, IndexError):
            return HTTPStatus.BAD_REQUEST, "This is not a stop link of RetroCatan's notices.\n"
        row = self.store.notices_of(game_id).get(seat) if len(game_id) <= 40 else None
        if row is None or not hmac.compare_digest(row.get("key", ""), key):
            return HTTPStatus.NOT_FOUND, "No notices are sent for this link (stopped already, or the game is over).\n"
        self.store.notice_set(game_id, seat, None, None)
        log.info("notices stopped by their link", extra={"game": game_id, "seat": seat})
        return HTTPStatus.OK, "Done: no more notices for this seat of this game.\n"


async def run(notices: Notices, period: float = 1.0) -> None:
    """Look at the due rows for as long as the server runs."""
    while True:
        await asyncio.sleep(period)
        try:
            notices.tick()
        except Exception:
            log.exception("the notices")

"""A person at a terminal as a client (``retrocatan join``).

It joins a game by its invite code (or resumes the seat whose token it
kept in ``--seat-file``; ``--watch``: a spectator's place) with a ``Seat``
of ``client.py``, which stays connected and resumes after a drop. What the
seat receives is shown as text: one line per entry of the table's log (the
engine's events as the seat may see them, chat), the table (seats, who is
connected, the clock), the board (``board_text`` / ``sea_text``), and at
each of the seat's decisions its question, the cards and points, and the
legal actions numbered in the engine's notation. A line typed is a number
(that action), a command (``help``, ``board``, ``table``, ``say TEXT``,
``quit``) or an action in the notation (an offer of one's own terms).

Every line that asks for input starts with ``"> "`` (``PROMPT``) and each
legal action is a line ``"  N. ACTION  (what it is)"``, so a program can
play through a pipe as well as a person at a terminal. Input is read beside
the event loop (a reader on the file descriptor, or a thread), so entries
keep arriving while the person types; the end of the input is ``quit``.
It imports no Pyxel and nothing of the window: it is a client of the
engine beside the window.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import threading
import time

from ..board_text import render as render_island
from ..engine.actions import ActionSyntaxError, parse_action
from ..engine.components import RESOURCES, bundle_text
from ..engine.scenario import CODE_FOR_TERRAIN, FOG_CODE, SEA_CODE
from ..net.client import Refused, Seat
from ..sea_text import render_sea
from .bot import read_seat_file, write_seat_file

PROMPT = "> "               # the start of every line that asks for input
HISTORY = 20                # log lines of the past shown when one comes to a game in progress
FIRST_ANSWER_S = 20.0       # seconds to wait for the server's first answer
CLIENT = "retrocatan-join"
_SEATING = ("hello", "join", "resume", "watch")     # requests whose refusal ends the client

HELP = """\
Commands:
  N             take the legal action numbered N
  ACTION        an action in the game's notation, e.g.  roll  end  S12  R34  C12  buy  knight
                trade 4W G  offer WB:G  offer WB:G p3  counter W:GG  accept  decline  rob 7 p2
                Resources: W wood, B brick, S sheep, G wheat (grain), C coal; players p1..p6.
                Places: corners (S, C), edges (R) and hexes (rob) by number: see the list and 'board'.
  board         the board and the pieces on it
  table         the seats, points, cards and the clock
  list          the legal actions again
  say TEXT      a chat line to the table
  help          this text
  quit          leave (your seat stays yours; come back with --seat-file)"""

_QUESTIONS = {
    "setup_settlement": "place a founding settlement",
    "setup_road": "place a road beside your new settlement",
    "roll": "roll the dice (or play a development card first)",
    "robber": "move the robber (and choose whom to rob)",
    "main.trade_build": "trade, then build; end your turn when done",
    "main.build": "build; end your turn when done (no more trading this turn)",
    "main.free": "trade and build in any order; end your turn when done",
    "offer_confirm": "answers to your offer: close the trade with one of them, or cancel it",
    "special_build": "special build phase: build, or pass",
    "gold": "a gold field: choose a resource",
    "pirate": "move the pirate (and choose whom to rob)",
}


class Unreachable(Exception):
    """The server could not be reached at first."""


class Fatal(Exception):
    """The server refused the seat (or never answered): the client ends."""


def time_left(seconds: float) -> str:
    """"1:25 left", or hours for a by-post game's clock: "23 h 05 m left"."""
    s = max(0, int(seconds))
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60:02d} m left"
    return f"{s // 60}:{s % 60:02d} left"


def cards_text(bundle) -> str:
    """A bundle as words: "2 wood, 1 wheat" ("no cards" when empty)."""
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(bundle) if n]
    return ", ".join(parts) if parts else "no cards"


def _terms(bundle) -> str:
    return bundle_text(bundle) or "-"


class TextClient:
    """One person at a terminal at one seat (or watching). ``run()`` is its life."""

    def __init__(self, args, stdin, stdout, seat: Seat, resumed: bool = False) -> None:
        self.args = args
        self.stdin = stdin
        self.out = stdout
        self.seat = seat
        self.url = args.server
        self.seat_file = getattr(args, "seat_file", None)
        self.watching = seat.watch
        self.resumed = resumed
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
        self.saved = False
        self._reader_fd: int | None = None

    # --- output ----------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    # --- the table's people ----------------------------------------------------------------------
    def _seats(self) -> list[dict]:
        return (self.seat.table or {}).get("seats") or []

    def who(self, p) -> str:
        if not isinstance(p, int) or p < 0:
            return "nobody"
        seats = self._seats()
        name = seats[p].get("name") if p < len(seats) else None
        text = f"p{p + 1} {name}" if name else f"p{p + 1}"
        return text + " (you)" if p == self.seat.seat and not self.watching else text

    def _view(self):
        g = self.seat.game
        return None if g is None else g.seat_view(self.seat.seat if self.seat.seat is not None else -1)

    # --- places as words ------------------------------------------------------------------------------
    def hex_text(self, h: int, v=None) -> str:
        v = v or self._view()
        if v is None:
            return f"hex {h}"
        if not 0 <= h < len(v.terrain):
            return f"sea hex {h}"
        t = v.terrain[h]
        code = FOG_CODE if t == "fog" else SEA_CODE if t == "sea" else CODE_FOR_TERRAIN.get(t, "?")
        return f"hex {h} {code}{v.numbers[h] or ''}"

    def _hex_codes(self, hexes, v) -> str:
        out = []
        for h in hexes:
            if 0 <= h < len(v.terrain) and v.terrain[h] != "sea":
                t = v.terrain[h]
                code = FOG_CODE if t == "fog" else CODE_FOR_TERRAIN.get(t, "?")
                out.append(f"{code}{v.numbers[h] or ''}")
        return " ".join(out) if out else "sea"

    def corner_text(self, c: int, v=None) -> str:
        v = v or self._view()
        if v is None:
            return ""
        geo, board = v.geo, v.board
        if not 0 <= c < len(geo.corner_hexes):
            return ""
        text = self._hex_codes(geo.corner_hexes[c], v)
        harbour = board.corner_harbour[c]
        if harbour:
            text += f", {harbour} harbour"
        return text

    def edge_text(self, e: int, v=None) -> str:
        v = v or self._view()
        if v is None:
            return ""
        geo = v.geo
        if not 0 <= e < len(geo.edge_corners):
            return ""
        a, b = geo.edge_corners[e]
        hexes = sorted(set(geo.corner_hexes[a]) & set(geo.corner_hexes[b]))
        return f"corners {a}-{b}, by {self._hex_codes(hexes, v)}"

    # --- the log --------------------------------------------------------------------------------------
    def entry_lines(self, msg: dict) -> list[str]:
        """An entry as lines of the log (most entries: one line; none for what shows nothing)."""
        k = msg.get("k")
        p = msg.get("seat")
        if k == "chat":
            return [f"<{self.who(p)}> {msg['text']}"] if "text" in msg else []
        if k == "seat":
            what = msg.get("what")
            if what == "joined":
                return [f"{msg.get('name') or 'someone'} takes seat p{p + 1}"]
            if what == "computer":
                return [f"p{p + 1} is played by a computer ({msg.get('level', 'normal')})"]
            if what == "away":
                return [f"{self.who(p)} is away: a computer plays the seat until they are back"]
            if what == "back":
                return [f"{self.who(p)} is back"]
            return [f"{self.who(p)}: {what}"]
        parts = [self.event_text(e) for e in msg.get("events", ())]
        parts = [x for x in parts if x]
        if k == "start":
            return ["the game begins: " + "; ".join(parts) if parts else "the game begins"]
        if not parts:
            return []
        line = "; ".join(parts)
        if msg.get("by") == "clock":
            line += f" (the clock ran out: a computer decided for {self.who(p)})"
        return [line]

    def event_text(self, e: dict) -> str:  # noqa: C901, PLR0911, PLR0912 - one case per kind of event
        t = e.get("type")
        p = self.who(e.get("player"))
        if t == "first_roll":
            return "roll-off " + ", ".join(f"{self.who(q)} {n}" for q, n in e["rolls"])
        if t == "first_player":
            return f"{p} begins"
        if t == "turn":
            return f"turn {e['turn']}: {p} to roll"
        if t == "dice":
            d1, d2 = e["dice"]
            return f"{p} rolls {d1}+{d2} = {e['total']}"
        if t == "production":
            gains = [f"{self.who(q)} +{bundle_text(g)}" for q, g in enumerate(e["gains"]) if any(g)]
            text = f"{e['number']} pays: " + (", ".join(gains) if gains else "nobody")
            if e.get("shortage"):
                text += " (the bank is short of " + ", ".join(RESOURCES[r] for r in e["shortage"]) + ")"
            return text
        if t == "founding_income":
            return f"{p} receives {cards_text(e['gains'])}"
        if t == "must_discard":
            return "a 7: " + ", ".join(f"{self.who(q)} gives up {n}" for q, n in e["players"])
        if t == "discard":
            return f"{p} gives up a {RESOURCES[e['resource']]}"
        if t in ("robber", "pirate"):
            text = f"{p} moves the {t} to {self.hex_text(e['hex'])}"
            return text + (f" and robs {self.who(e['victim'])}" if e["victim"] >= 0 else "")
        if t == "steal":
            card = f"a {RESOURCES[e['resource']]}" if "resource" in e else "a card"
            return f"{p} steals {card} from {self.who(e['victim'])}"
        if t == "trade_bank":
            return f"{p} trades {e['count']} {RESOURCES[e['give']]} for 1 {RESOURCES[e['get']]} with the bank"
        if t == "offer":
            to = "everyone" if e["to"] < 0 else self.who(e["to"])
            return f"{p} offers {_terms(e['give'])} for {_terms(e['get'])} to {to}"
        if t == "answer":
            if e["answer"] == "counter":
                return f"{p} counters: {_terms(e['get'])} for {_terms(e['give'])}"
            return f"{p} {e['answer']}s"
        if t == "trade":
            return f"{p} gives {_terms(e['give'])} to {self.who(e['with'])} for {_terms(e['get'])}"
        if t == "offer_closed":
            return f"{p}'s offer ends without a trade"
        if t == "build":
            at = e["at"]
            where = self.edge_text(at) if e.get("place") == "edge" else self.corner_text(at)
            free = " (free)" if e.get("free") else ""
            return f"{p} builds a {e['piece']}{free} at {at}" + (f" ({where})" if where else "")
        if t == "roads_lost":
            return f"{p} loses the roads at " + ", ".join(map(str, e["edges"]))
        if t == "longest_route":
            if e["player"] < 0:
                return "the Longest Trade Route is set aside"
            return f"{p} takes the Longest Trade Route ({e['length']} roads)"
        if t == "largest_army":
            return f"{p} takes the Largest Army ({e['knights']} knights)"
        if t == "buy":
            card = e.get("card")
            return f"{p} buys a development card" + (f" ({card.replace('_', ' ')})" if card else "")
        if t == "play":
            return f"{p} plays {e['card'].replace('_', ' ')}"
        if t == "monopoly":
            return f"{p}'s monopoly takes {sum(e['taken'])} {RESOURCES[e['resource']]}"
        if t == "invention":
            return f"{p} takes " + " and ".join(RESOURCES[r] for r in e["resources"]) + " from the bank"
        if t == "end_turn":
            return ""
        if t == "special_build":
            return f"{p} may build (special build phase)"
        if t == "stalemate":
            return "nobody can gain another point"
        if t == "win":
            return f"{p} wins with {e['points'][e['player']]} points"
        if t == "gold_choice":
            return f"{p} takes a {RESOURCES[e['resource']]} for gold"
        if t == "explore":
            return f"{p} explores {self.hex_text(e['hex'])}"
        if t == "island_bonus":
            return f"{p} earns an island bonus ({e['points']} points)"
        if t == "ship_moved":
            return f"{p} moves a ship from {e['from']} to {e['to']}"
        rest = " ".join(f"{k}={v}" for k, v in e.items() if k not in ("type", "player"))
        return f"{p}: {t} {rest}".strip() if "player" in e else f"{t} {rest}".strip()

    # --- the table ------------------------------------------------------------------------------------
    def clock_text(self) -> str:
        d = (self.seat.table or {}).get("deadline")
        if not d or d.get("kind") == "computer" or self.seat.over:
            return ""
        return f"{time_left(d['at'] - time.time())} for {self.who(d['seat'])}'s {d.get('kind', 'turn')}"

    def table_lines(self) -> list[str]:
        table = self.seat.table or {}
        v = self._view()
        lines = [f"game {table.get('code', '?')} ({table.get('status', '?')}, {table.get('players', '?')} players,"
                 f" {(table.get('pace') or {}).get('name', 'live')} pace)"]
        for s in self._seats():
            p = s["seat"]
            if s["kind"] == "open":
                lines.append(f"  p{p + 1}: open")
                continue
            kind = f"computer ({s.get('level')})" if s["kind"] == "computer" else "person"
            state = ("away, a computer plays" if s.get("away") else
                     "connected" if s.get("connected") else "not connected") if s["kind"] == "person" else ""
            row = f"  {self.who(p)}: {kind}" + (f", {state}" if state else "")
            if v is not None:
                vp = v.vp[p] if p == self.seat.seat else v.public_vp[p]
                row += f"; {vp} points, {v.card_counts[p]} cards, {v.dev_counts[p]} development cards"
                if v.knights[p]:
                    row += f", {v.knights[p]} knights"
            lines.append(row)
        if v is not None:
            lines.append(f"  goal {v.vp_target} points; robber on {self.hex_text(v.robber, v)}"
                         + (f"; Longest Trade Route: {self.who(v.longest_route)}" if v.longest_route >= 0 else "")
                         + (f"; Largest Army: {self.who(v.largest_army)}" if v.largest_army >= 0 else ""))
        clock = self.clock_text()
        if clock:
            lines.append(f"  clock: {clock}")
        return lines

    def board_lines(self) -> list[str]:
        v = self._view()
        if v is None:
            return ["(the board is dealt when the game starts)"]
        board = v.board
        if board.layer == "base":
            shown = board.copy()
            shown.robber_start = v.robber
            lines = render_island(shown).split("\n")
        else:
            lines = render_sea(board, v.robber, v.pirate).split("\n")
        rows: dict[int, list[int]] = {}
        for h, (_, r) in enumerate(v.geo.land):
            rows.setdefault(r, []).append(h)
        spans = []
        for r in sorted(rows):
            ids = sorted(rows[r], key=lambda h: v.geo.land[h][0])
            consecutive = ids == list(range(ids[0], ids[0] + len(ids)))
            spans.append(f"{ids[0]}-{ids[-1]}" if consecutive and len(ids) > 1 else ",".join(map(str, ids)))
        lines.append("hex numbers, row by row: " + " | ".join(spans))
        for p in range(v.players):
            parts = []
            for level, word in ((1, "settlements"), (2, "cities")):
                at = [c for c, o, lv in v.buildings if o == p and lv == level]
                if at:
                    parts.append(f"{word} " + ", ".join(f"{c} ({self.corner_text(c, v)})" for c in at))
            roads = [e for e, o in v.roads if o == p]
            if roads:
                parts.append("roads " + ", ".join(map(str, roads)))
            ships = [e for e, o in v.ships if o == p]
            if ships:
                parts.append("ships " + ", ".join(map(str, ships)))
            lines.append(f"{self.who(p)}: " + ("; ".join(parts) if parts else "nothing built"))
        return lines

    # --- a decision -----------------------------------------------------------------------------------
    def question(self, v) -> str:
        code, params = v.prompt
        if code == "discard":
            return f"a 7: give up {params.get('cards', 0)} more card(s), one at a time"
        if code == "road_building":
            return f"place {params.get('roads', 0)} free road(s)"
        if code == "offer_response" and v.offer is not None:
            o = v.offer
            return (f"{self.who(o.offerer)} offers {_terms(o.give)} for {_terms(o.get)}: you would give "
                    f"{cards_text(o.get)} and get {cards_text(o.give)}. Accept, decline, or counter "
                    f"(counter GIVE:GET, the offerer's side)")
        return _QUESTIONS.get(code, code.replace("_", " "))

    def action_text(self, a, v) -> str:  # noqa: PLR0911 - one case per kind
        k = a.kind
        if k in ("settle", "city"):
            return self.corner_text(a.place, v)
        if k in ("road", "ship"):
            return self.edge_text(a.place, v)
        if k == "move_ship":
            return f"the ship at {a.place} to {a.target} ({self.edge_text(a.target, v)})"
        if k in ("robber", "pirate"):
            text = self.hex_text(a.place, v)
            if isinstance(a.victim, int) and a.victim >= 0:
                text += f", rob {self.who(a.victim)} ({v.card_counts[a.victim]} cards)"
            return text
        if k == "trade":
            return f"give {a.ratio} {RESOURCES[a.give]} for 1 {RESOURCES[a.get]}"
        if k == "discard":
            hand = v.hand or (0,) * 5
            return f"{RESOURCES[a.resource]} (you have {hand[a.resource]})"
        if k == "monopoly":
            return f"take every {RESOURCES[a.resource]} from the others"
        if k == "invention":
            return f"take {RESOURCES[a.resource]} and {RESOURCES[a.second]} from the bank"
        if k == "gold":
            return RESOURCES[a.resource]
        if k == "buy":
            return "a development card (sheep, wheat, coal)"
        if k == "accept" and v.offer is not None:
            return f"give {cards_text(v.offer.get)}, get {cards_text(v.offer.give)}"
        if k == "confirm" and v.offer is not None:
            for q, answer, give, get in v.offer.answers:
                if q == a.player:
                    if answer == "counter":
                        return f"{self.who(q)}'s counter: you give {cards_text(give)}, get {cards_text(get)}"
                    return f"{self.who(q)} accepts"
        return ""

    def show_decision(self) -> None:
        """The seat's question, its cards and points, the legal actions numbered, and the prompt."""
        s = self.seat
        v = s.game.seat_view(s.seat)
        me = s.seat
        self.prompt_step = s.step
        self.choices = [str(a) for a in v.legal]
        self.say()
        self.say(f"== turn {v.turn}, your decision: {self.question(v)} ==")
        dev = ", ".join(f"{name.replace('_', ' ')}" + (f" x{held}" if held > 1 else "")
                        + (f" ({new} new)" if new else "") for name, held, new in v.dev_cards_of(me))
        self.say(f"   your cards: {cards_text(v.hand or (0,) * 5)} ({v.card_counts[me]})"
                 + (f"; development cards: {dev}" if dev else "") + f"; points: {v.vp[me]} of {v.vp_target}")
        others = [f"{self.who(p)} {v.public_vp[p]} points, {v.card_counts[p]} cards"
                  for p in range(v.players) if p != me]
        self.say("   others: " + "; ".join(others))
        for i, a in enumerate(v.legal, 1):
            text, what = str(a), self.action_text(a, v)
            self.say(f"  {i:>2}. {text:<12}  {what}".rstrip() if what else f"  {i:>2}. {text}")
        self.show_prompt()

    def show_prompt(self) -> None:
        clock = self.clock_text()
        n = len(self.choices)
        ask = f"choose 1-{n}, type an action, or help" if n > 1 else "1 to take it, type an action, or help"
        self.say(f"{PROMPT}{ask}" + (f" ({clock})" if clock else ""))

    # --- what the server sends ------------------------------------------------------------------------
    def on_message(self, msg: dict) -> None:
        """Every message the seat receives (``Seat.on_message``): never raises, so the connection lives."""
        try:
            self._handle(msg)
        except Exception as exc:       # a message this client cannot show must not end the connection
            self.say(f"(could not show a message from the server: {type(exc).__name__}: {exc})")

    def _handle(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "joined":
            self._save_seat()
        elif kind == "welcome":
            if self.welcomed:
                self.say("reconnected")
            self.welcomed = True
            self.catching_up = True
            self.pending = []
            self._save_seat()
        elif kind == "entry":
            if self.catching_up:
                self.pending.append(msg)
                return
            for line in self.entry_lines(msg):
                self.say(line)
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
                self.say(f"! {time_left(msg.get('left', 0))} for your decision; then a computer decides for you")
        elif kind == "error" and "id" not in msg:     # a request's own error goes to its caller
            if msg.get("re") in _SEATING or msg.get("code") in ("protocol", "strikes"):
                if not self.welcomed or msg.get("re") in ("resume", "watch"):
                    self._post("fatal", msg.get("message") or msg.get("code"))
                    return
            self.say(f"refused: {msg.get('message') or msg.get('code')}")

    def _post(self, kind: str, value=None) -> None:
        if self.events is not None:
            self.events.put_nowait((kind, value))

    def _save_seat(self) -> None:
        s = self.seat
        if self.seat_file and not self.watching and s.token and s.game_id and not self.saved:
            self.saved = True
            try:
                write_seat_file(self.seat_file, {"game": s.game_id, "token": s.token, "code": s.code or ""})
            except OSError as exc:
                self.say(f"could not keep your seat in {self.seat_file}: {exc.strerror or exc}")

    def _caught_up(self) -> None:
        """The present after a welcome: the entries missed (of the past: the last few), then the table."""
        self.catching_up = False
        lines = []
        for m in self.pending:
            lines += self.entry_lines(m)
            if m.get("k") == "start" and self.shown:
                self.board_due = True
        self.pending = []
        if not self.shown and len(lines) > HISTORY:
            self.say(f"({len(lines) - HISTORY} earlier lines of the log not shown)")
            lines = lines[-HISTORY:]
        for line in lines:
            self.say(line)
        if not self.shown:
            self.shown = True
            s = self.seat
            code = (s.table or {}).get("code") or s.code
            if self.watching:
                self.say(f"watching game {code} (type quit to stop)")
            else:
                self.say(f"You are {self.who(s.seat)} in game {code}" + (" (resumed)" if self.resumed else "")
                         + (f"; your seat is kept in {self.seat_file}" if self.seat_file else ""))
            for line in self.table_lines():
                self.say(line)
            if s.game is not None:
                self.board_due = True
            elif not s.over:
                self.say("waiting for the game to start")
            self._post("shown")
        self._connections(quiet=True)

    def _connections(self, quiet: bool = False) -> None:
        """Say who connected or left since the last table."""
        for s in self._seats():
            p, now = s["seat"], bool(s.get("connected"))
            before = self.connected.get(p)
            self.connected[p] = now
            if quiet or before is None or before == now or p == self.seat.seat or s["kind"] != "person":
                continue
            self.say(f"{self.who(p)} " + ("connected" if now else "left the table (not connected)"))

    def _after_present(self) -> None:
        s = self.seat
        self._connections()
        if self.board_due and s.game is not None:
            self.board_due = False
            for line in self.board_lines():
                self.say(line)
        if s.over:
            if not self.finished:
                self.finished = True
                self._game_over()
                self._post("over")
            return
        if s.my_decision():
            if s.step != self.prompt_step:
                self.show_decision()
        else:
            self.choices = []

    def _game_over(self) -> None:
        g = self.seat.game
        if g is None:
            self.say("game over")
            return
        w = g.winner
        points = [g.vp(p) for p in range(g.config.players)]
        self.say(f"game over: {self.who(w)} wins with {points[w]} points" if w is not None and w >= 0
                 else "game over")
        self.say("points: " + ", ".join(f"{self.who(p)} {n}" for p, n in enumerate(points)))

    # --- the person's lines -----------------------------------------------------------------------------
    async def command(self, line: str) -> int | None:
        """One typed line; an exit code when the client ends."""
        text = line.strip()
        if not text:
            if self.choices:
                self.show_prompt()
            return None
        word, _, rest = text.partition(" ")
        low = word.lower()
        if low in ("quit", "exit", "q"):
            self.leave()
            return 0
        if low in ("help", "?", "h"):
            self.say(HELP)
            return None
        if low == "board":
            for x in self.board_lines():
                self.say(x)
            return None
        if low in ("table", "status"):
            for x in self.table_lines():
                self.say(x)
            return None
        if low in ("list", "actions"):
            if self.seat.my_decision():
                self.show_decision()
            else:
                self.say(self._waiting())
            return None
        if low == "say":
            await self._chat(rest.strip())
            return None
        if self.watching:
            self.say("you are watching: only help, board, table and quit")
            return None
        if text.isascii() and text.isdigit():
            n = int(text)
            if not self.choices:
                self.say(self._waiting())
                return None
            if not 1 <= n <= len(self.choices):
                self.say(f"no choice {n}: choose 1-{len(self.choices)}")
                self.show_prompt()
                return None
            await self._act(self.choices[n - 1])
            return None
        try:
            action = parse_action(text)
        except ActionSyntaxError as exc:
            self.say(f"not a command or an action: {exc} (type help)")
            return None
        if not self.seat.my_decision():
            self.say(self._waiting())
            return None
        await self._act(str(action))
        return None

    def _waiting(self) -> str:
        if self.seat.game is None:
            return "the game has not started"
        g = self.seat.game
        return f"not your decision now: waiting for {self.who(g.decider)}"

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
                self.say("the game moved on before that arrived: choose again")
                if s.my_decision():
                    self.show_decision()
                else:
                    self.choices = []
                return
            self.say(f"refused: {exc}")
            if s.my_decision() and self.choices:
                self.show_prompt()
        except (ConnectionError, TimeoutError):
            self.say("not sent: the connection is down; try again once it is back")

    async def _chat(self, text: str) -> None:
        if self.watching:
            self.say("spectators cannot chat")
            return
        if not text:
            self.say("say what? (say TEXT)")
            return
        if self.seat.ws is None:
            self.say("not sent: the connection is down")
            return
        try:
            await self.seat.chat(text)
        except Exception:
            self.say("not sent: the connection is down")

    def leave(self) -> None:
        if self.watching:
            self.say("stopped watching")
            return
        if self.seat_file:
            self.say(f"you left the table; your seat stays yours: retrocatan join --server {self.url} "
                     f"--seat-file {self.seat_file}")
        else:
            self.say("you left the table; your seat stays yours, but without --seat-file this program cannot "
                     "take it back")

    # --- input beside the event loop ----------------------------------------------------------------
    def _start_input(self, loop) -> None:
        """Lines of ``stdin`` into the queue: a reader on its descriptor (a pipe or a terminal), or,
        where that cannot be (a file, Windows, no descriptor), a thread."""
        try:
            fd = self.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            fd = None
        if fd is not None and hasattr(loop, "add_reader"):
            decoder = codecs.getincrementaldecoder(getattr(self.stdin, "encoding", None) or "utf-8")("replace")
            buf = [""]

            def readable() -> None:
                try:
                    data = os.read(fd, 65536)
                except BlockingIOError:
                    return
                except OSError:
                    data = b""
                text = buf[0] + decoder.decode(data, final=not data)
                *lines, buf[0] = text.split("\n")
                for line in lines:
                    self._post("line", line)
                if not data:
                    if buf[0]:
                        self._post("line", buf[0])
                    loop.remove_reader(fd)
                    self._reader_fd = None
                    self._post("eof")

            try:
                loop.add_reader(fd, readable)
                self._reader_fd = fd
                return
            except (NotImplementedError, OSError, ValueError):
                pass

        def read() -> None:
            try:
                for line in iter(self.stdin.readline, ""):
                    loop.call_soon_threadsafe(self._post, "line", line.rstrip("\n"))
            except (OSError, ValueError):
                pass
            finally:
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._post, "eof")

        threading.Thread(target=read, name="retrocatan-join-input", daemon=True).start()

    # --- the life of the client ---------------------------------------------------------------------
    async def _probe(self) -> None:
        """One connection to see that the server is there (the Seat itself retries forever)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidHandshake, InvalidURI
        try:
            async with connect(self.url, compression=None, open_timeout=5, close_timeout=1):
                pass
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise Unreachable(str(exc) or type(exc).__name__) from None

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
            self.say("connection lost, reconnecting...")

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        self.events = asyncio.Queue()
        await self._probe()
        self.seat.on_message = self.on_message
        runner = asyncio.create_task(self.seat.run())
        watcher = asyncio.create_task(self._watch_connection())
        late = loop.call_later(FIRST_ANSWER_S, lambda: None if self.welcomed else self._post(
            "fatal", f"no answer from {self.url}"))
        self._start_input(loop)
        deferred: list = []
        try:
            while True:
                kind, value = await self.events.get()
                if kind == "fatal":
                    raise Fatal(value)
                if kind == "over":
                    return 0
                if kind == "shown":         # what was typed before the seat was ours, now
                    for item in deferred:
                        self.events.put_nowait(item)
                    deferred = []
                    continue
                if not self.shown and kind in ("line", "eof"):
                    deferred.append((kind, value))
                    continue
                if kind == "eof":
                    self.leave()
                    return 0
                code = await self.command(value)
                if code is not None:
                    return code
        finally:
            self.stopping = True
            late.cancel()
            if self._reader_fd is not None:
                loop.remove_reader(self._reader_fd)
            self.seat.stop()
            for task in (watcher, runner):
                task.cancel()
            for task in (watcher, runner):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


def make_seat(args, error) -> tuple[Seat, bool]:
    """The Seat the arguments ask for, and whether it resumes a kept seat."""
    saved = read_seat_file(args.seat_file)
    if args.seat_file and saved is None and os.path.exists(args.seat_file) and not args.code:
        raise error(f"retrocatan join: {args.seat_file}: not a seat file of retrocatan join")
    code = args.code
    if args.watch:
        code = code or (saved or {}).get("code")
        if not code:
            raise error("retrocatan join: --watch needs --code (or a --seat-file with the game's code)")
        return Seat(args.server, code=code, watch=True, client=CLIENT), False
    if saved is not None and (not code or saved["code"].strip().upper() == code.strip().upper()):
        return Seat(args.server, game=saved["game"], token=saved["token"], seq=0, code=saved["code"],
                    client=CLIENT), True
    if not code:
        raise error("retrocatan join: give --code (a game's invite code)")
    return Seat(args.server, code=code, name=args.name or "Player", colour=args.seat, client=CLIENT), False


def play(args, error, stdin, stdout) -> int:
    """``retrocatan join``: play (or watch) a network game at the terminal. 0 when the game is
    over or the person quits; ``error`` (exit 2) when the server cannot be reached or refuses."""
    for stream in (stdin, stdout):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")
    seat, resumed = make_seat(args, error)
    client = TextClient(args, stdin, stdout, seat, resumed)
    try:
        return asyncio.run(client.run())
    except Unreachable as exc:
        raise error(f"retrocatan join: cannot reach {args.server}: {exc}") from None
    except Fatal as exc:
        raise error(f"retrocatan join: the server refused: {exc}") from None

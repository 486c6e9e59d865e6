"""What a seat of a network game sees, as lines of text (the terminal's
``join``; the bot's ``--log``): the table's log (the engine's events and
moves in the game's words, chat, seats coming and going), the table, the
board, and a decision with its legal actions numbered.

Everything the game says comes from ``words/`` (events, moves the clock
made, status lines, actions, places, the board's art), each rules layer
through its parts; the terminal's own lines are ``clients/texts.py``'s.
Nothing here reads input or writes output: ``text_client.py`` does.
"""

from __future__ import annotations

import time

from ..words.actions import clock_move, describe_action
from ..words.board import render as board_art
from ..words.events import describe_each, server_ended
from ..words.names import cards_text, computer_name
from ..words.places import Places
from ..words.prompts import prompt
from ..words.text import add_areas, has, t
from . import texts

add_areas([texts])

PROMPT = "> "               # the start of every line that asks for input


def time_left(seconds: float) -> str:
    """"1:25 left", or hours for a by-post game's clock: "23 h 05 m left"."""
    s = max(0, int(seconds))
    if s >= 3600:
        return t("join.left.hours", h=s // 3600, m=s % 3600 // 60)
    return t("join.left.minutes", m=s // 60, s=s % 60)


class Render:
    """The lines of one seat's view of its game (``seat``: a ``net.client.Seat``; ``watching``: a
    spectator's). While the seat has no connection, the table is the one last seen: who is
    connected and the clock are not shown, for they are not known."""

    def __init__(self, seat, watching: bool = False, own: bool = True) -> None:
        self.seat = seat
        self.watching = watching
        self.own = own and not watching         # its own seat is marked "(you)"

    # --- the table's people ------------------------------------------------------------------------
    def seats(self) -> list[dict]:
        return (self.seat.table or {}).get("seats") or []

    def name(self, p: int) -> str | None:
        """A seat's name at the table: a person's own, a computer by its colour and level ("Red (Hard)")."""
        seats = self.seats()
        row = seats[p] if 0 <= p < len(seats) else {}
        return computer_name(p, row.get("level") or "normal") if row.get("kind") == "computer" else row.get("name")

    def who(self, p) -> str:
        """A seat as the terminal names it: "p2 Anna", "p3 Red (Hard)", "(you)" after one's own."""
        if not isinstance(p, int) or p < 0:
            return t("join.nobody")
        name = self.name(p)
        text = t("join.who", n=p + 1, name=name) if name else t("join.who.plain", n=p + 1)
        return t("join.who.you", who=text) if p == self.seat.seat and self.own else text

    def view(self):
        g = self.seat.game
        return None if g is None else g.seat_view(self.seat.seat if self.seat.seat is not None else -1)

    def places(self, v=None) -> Places | None:
        v = v or self.view()
        return None if v is None else Places(v)

    # --- the log -----------------------------------------------------------------------------------------
    def entry_lines(self, msg: dict) -> list[str]:
        """An entry of the table's log as lines (none for what shows nothing)."""
        k = msg.get("k")
        p = msg.get("seat")
        if k == "chat":
            return [t("join.chat", who=self.who(p), said=msg["text"])] if "text" in msg else []
        if k == "seat":
            return [self._seat_line(msg)]
        if k == "end":
            return [server_ended(msg.get("why"))]
        viewer = self.seat.seat if not self.watching and self.seat.seat is not None else None
        lines = [line for each in describe_each(msg.get("events", ()), self.who, viewer, places=self.places())
                 for line in each]
        if msg.get("by") == "clock":        # the seat's own move comes with its notation, another's by its events
            lines.insert(0, clock_move(self.who(p), msg.get("a"), msg.get("events", ())))
        if k == "start":
            lines.insert(0, t("join.begins"))
        return lines

    def _seat_line(self, msg: dict) -> str:
        p, what = msg.get("seat"), msg.get("what")
        if what == "joined":
            return t("join.seat.joined", name=msg.get("name") or t("join.someone"), n=p + 1)
        key = f"join.seat.{what}"
        if what in ("computer", "away", "back"):
            return t(key, who=self.who(p))
        return t("join.seat.other", who=self.who(p), what=what)

    # --- the table ----------------------------------------------------------------------------------------
    def clock_text(self) -> str:
        d = (self.seat.table or {}).get("deadline")
        if not d or d.get("kind") == "computer" or self.seat.over or not self.seat.connected.is_set():
            return ""
        kind = d.get("kind") if d.get("kind") in ("turn", "decision", "offer") else "turn"
        return t(f"join.clock.{kind}", left=time_left(d["at"] - time.time()), who=self.who(d["seat"]))

    def table_lines(self) -> list[str]:
        table = self.seat.table or {}
        v = self.view()
        online = self.seat.connected.is_set()
        lines = [] if online else [t("join.table.as_last_seen")]
        lines += [t("join.table.head", code=table.get("code", "?"), status=self._word("status", table.get("status")),
                   players=table.get("players", "?"), pace=self._word("pace", (table.get("pace") or {}).get("name")))]
        for s in self.seats():
            p = s["seat"]
            if s["kind"] == "open":
                lines.append(t("join.table.open", n=p + 1))
                continue
            row = t("join.table.computer" if s["kind"] == "computer" else "join.table.person", who=self.who(p))
            if s["kind"] == "person" and online:
                state = "away" if s.get("away") else "connected" if s.get("connected") else "not_connected"
                row += ", " + t(f"join.table.{state}")
            if v is not None:
                vp = v.vp[p] if p == self.seat.seat else v.public_vp[p]
                row += "; " + t("join.table.counts", vp=vp, cards=v.card_counts[p], dev=v.dev_counts[p])
                if v.knights[p]:
                    row += ", " + t("join.table.knights", n=v.knights[p])
            lines.append(row)
        if v is not None:
            goal = t("join.table.goal", vp=v.vp_target, hex=Places(v).name("hex", v.robber))
            if v.longest_route >= 0:
                goal += "; " + t("join.table.longest", who=self.who(v.longest_route))
            if v.largest_army >= 0:
                goal += "; " + t("join.table.army", who=self.who(v.largest_army))
            lines.append(goal)
        clock = self.clock_text()
        if clock:
            lines.append(t("join.table.clock", clock=clock))
        return lines

    @staticmethod
    def _word(what: str, value) -> str:
        """A table's status or pace in words ("playing", "by post"), an unknown one as it is."""
        key = f"join.{what}.{value}"
        return t(key) if has(key) else str(value or "?")

    # --- the board ----------------------------------------------------------------------------------------
    def board_lines(self) -> list[str]:
        v = self.view()
        if v is None:
            return [t("join.board.not_yet")]
        places = Places(v)
        lines = board_art(v.board, v.robber, v.pirate).split("\n")
        rows: dict[int, list[int]] = {}
        for h, (_, r) in enumerate(v.geo.land):
            rows.setdefault(r, []).append(h)
        spans = []
        for r in sorted(rows):
            ids = sorted(rows[r], key=lambda h: v.geo.land[h][0])
            consecutive = ids == list(range(ids[0], ids[0] + len(ids)))
            spans.append(f"{ids[0]}-{ids[-1]}" if consecutive and len(ids) > 1 else ",".join(map(str, ids)))
        lines.append(t("join.board.rows", rows=" | ".join(spans)))
        for p in range(v.players):
            parts = []
            for level, key in ((1, "join.board.settlements"), (2, "join.board.cities")):
                at = [c for c, o, lv in v.buildings if o == p and lv == level]
                if at:
                    parts.append(t(key, at=", ".join(f"{c} ({places.around('corner', c)})" for c in at)))
            for key, pieces in (("join.board.roads", v.roads), ("join.board.ships", v.ships)):
                at = [e for e, o in pieces if o == p]
                if at:
                    parts.append(t(key, at=", ".join(map(str, at))))
            lines.append(f"{self.who(p)}: " + ("; ".join(parts) if parts else t("join.board.nothing")))
        return lines

    # --- a decision ---------------------------------------------------------------------------------------
    def decision_lines(self, v) -> list[str]:
        """The seat's question, its cards and points, and the legal actions numbered."""
        me = self.seat.seat
        lines = ["", t("join.decision", turn=v.turn, status=prompt(*v.prompt, self.who))]
        if v.offer is not None and v.offer.offerer != me:
            o = v.offer
            lines.append(t("join.offer", who=self.who(o.offerer), give=cards_text(o.give), get=cards_text(o.get)))
        dev = ", ".join(t(f"dev.{name}") + (f" x{held}" if held > 1 else "")
                        + (f" ({t('join.dev.new', n=new)})" if new else "") for name, held, new in v.dev_cards_of(me))
        values = {"cards": cards_text(v.hand or (0,) * 5), "n": v.card_counts[me], "vp": v.vp[me],
                  "target": v.vp_target}
        lines.append(t("join.hand.dev", dev=dev, **values) if dev else t("join.hand", **values))
        others = [t("join.other", who=self.who(p), vp=v.public_vp[p], cards=v.card_counts[p])
                  for p in range(v.players) if p != me]
        lines.append(t("join.others", others="; ".join(others)))
        places = Places(v)
        for i, a in enumerate(v.legal, 1):
            text, what = str(a), describe_action(a, v, self.who, places)
            lines.append(f"  {i:>2}. {text:<12}  {what}".rstrip() if what else f"  {i:>2}. {text}")
        return lines

    def prompt_line(self, choices: int) -> str:
        ask = t("join.ask.many", n=choices) if choices > 1 else t("join.ask.one")
        clock = self.clock_text()
        return PROMPT + (t("join.ask.clock", ask=ask, clock=clock) if clock else ask)

    def game_over_lines(self) -> list[str]:
        g = self.seat.game
        if g is None:
            return [t("join.over")]
        w = g.winner
        points = [g.vp(p) for p in range(g.config.players)]
        won = t("join.over.won", who=self.who(w), vp=points[w]) if w is not None and w >= 0 else t("join.over")
        return [won, t("join.over.points", points=", ".join(f"{self.who(p)} {n}" for p, n in enumerate(points)))]

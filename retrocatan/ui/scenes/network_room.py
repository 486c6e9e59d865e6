"""The waiting room: the seats with names, colours, computers and who is
connected; the board (a picture of its layout, the land dealt at the start),
the points to win and the pace, for everyone; what the room waits for (the
host, friends, the server). The host gives an open seat to a computer (asked
first: a friend may still be coming) and starts the game. Once the game runs
(or when a running game is opened again) the game screen takes over."""

from __future__ import annotations

import pyxel

from ...ai import COMPUTER_LEVELS
from ...words.names import computer_name
from .. import art, font
from ..net import games as my_games
from ..net.seat import ONLINE, REFUSED, NetSeat
from ..net.session import NetSession
from ..palette import BLACK, DARK_GREY, RED
from ..text import t
from ..widgets import Item, Menu, box, sunken
from .network_screen import NetScreen, say_lines, trouble_text

PICTURE = (380, 92, 200, 150)        # the board's box
STATUS_Y = 274                       # what the room waits for


class RoomScene(NetScreen):
    """The waiting room of ``net``'s game (``past``: the server's messages so far)."""

    help_page = "net_room"
    heading = "net.room"

    def __init__(self, app, net: NetSeat, since_seq: int | None = None, past: list[dict] | None = None) -> None:
        self.net = net
        self.since_seq = since_seq
        self.past: list[dict] = list(past or [])
        self.asked: list[int] = []
        self.shown = None
        self.confirm: list[int] | None = None       # the open seats the host is asked about
        self.level = "normal"                       # ... for a computer of this level
        self._picture = None                        # (config, scenario, board) of the board drawn
        super().__init__(app)

    @property
    def owner(self) -> str | None:
        return (self.net.entry or {}).get("owner")

    def open_seats(self) -> list[int]:
        return [p for p, s in enumerate((self.net.table or {}).get("seats", [])) if s.get("kind") == "open"]

    # --- the menu -------------------------------------------------------------------------------------------
    def _build(self) -> None:
        index = self.menu.index if self.menu is not None else 0
        if self.confirm is not None:
            asking = self.menu.items[0].value == "level" if self.menu is not None and self.menu.items else False
            items = [Item(t("net.room.give_level", level=t(f"level.{self.level}")), "level", adjustable=True),
                     Item(t("net.room.give_yes"), "yes"), Item(t("net.room.give_no"), "no")]
            # The cursor starts on No: one more Enter does not give the seat away.
            self.menu = Menu(items, x=74, y=92, w=300, index=index if asking else 2)
            return
        table = self.net.table or {}
        items = []
        for p, s in enumerate(table.get("seats", [])):
            can_give = bool(self.owner) and s.get("kind") == "open" and table.get("status") == "open"
            items.append(Item(font.fit(self.seat_line(p, s), 292), ("seat", p), enabled=can_give))
        if self.owner:
            filled = bool(table) and not self.open_seats()
            items += [Item(t("net.room.start"), "start", "p", enabled=filled and self.net.status == ONLINE),
                      Item(t("net.room.computers"), "computers", "c", enabled=bool(self.open_seats()))]
        items.append(Item(t("net.room.leave_watch" if self.net.watch else "net.room.leave"), "back", "b"))
        self.menu = Menu(items, x=74, y=92, w=300, index=min(index, len(items) - 1))

    def seat_line(self, p: int, s: dict) -> str:
        kind = s.get("kind")
        if kind == "computer":
            return computer_name(p, s.get("level") or "normal")        # "Red (Hard)", as at one machine
        if kind == "open":
            text = t("net.room.open_give") if self.owner else t("net.room.open")
        else:
            here = t("net.room.online") if s.get("connected") else t("net.room.offline")
            text = f"{s.get('name') or t(f'colour.{p}')} ({here})"
        mark = "  <" if p == self.net.seat else ""
        return t(f"colour.{p}") + ": " + text + mark

    # --- each frame -----------------------------------------------------------------------------------------
    def update(self, ui) -> None:
        net = self.net
        self.past.extend(net.update())
        for rid in list(self.asked):
            ans = net.answer(rid)
            if ans is not None:
                self.asked.remove(rid)
                if ans.get("type") == "error":
                    self.say(t("net.refused", why=ans.get("message", ans.get("code"))))
        entry = net.entry
        if entry is not None and net.game_id and entry.get("game") != net.game_id:
            entry["game"] = net.game_id
            my_games.keep(self.app.storage, entry)
        if net.status == REFUSED and entry is not None and not entry.get("forgotten"):
            entry["forgotten"] = True           # its server no longer knows this seat: My games says so
            my_games.update(self.app.storage, entry["token"], {"forgotten": True})
        if net.seat_state is not None and (net.table or {}).get("status") in ("playing", "over"):
            session = NetSession(net, clock=self.app.net_clock, past=self.past)
            since = session.lines_since(self.since_seq) if self.since_seq is not None and session.seat >= 0 else None
            self.app.switch_to("net_game", session=session, since=since)
            return
        shown = (str(net.table), net.status, self.confirm, self.level)
        if shown != self.shown:         # the menu anew only when the table changed (it keeps its cursor)
            self.shown = shown
            self._build()
        res = self.menu.handle(ui)
        if not res:
            return
        if self.confirm is not None:
            self._confirming(res)
        elif res[0] == "back" or res[1] == "back":
            net.stop()
            from ..net.links import end_link
            end_link(net.link, wait=False)
            self.app.switch_to("title")
        elif res[0] != "select":
            return
        elif res[1] == "start":
            self._ask({"type": "start", "game": net.game_id, "owner": self.owner})
        elif res[1] == "computers" or isinstance(res[1], tuple):
            self.confirm = self.open_seats() if res[1] == "computers" else [res[1][1]]
            self._build()

    def _confirming(self, res) -> None:
        """Asked before a friend's open seat goes to a computer: its level (Left/Right), Yes or No."""
        if res[0] == "adjust":
            self.level = COMPUTER_LEVELS[(COMPUTER_LEVELS.index(self.level) + res[2]) % len(COMPUTER_LEVELS)]
            return
        if res[0] == "select" and res[1] == "yes":
            for p in self.confirm:
                if p in self.open_seats():
                    self._ask({"type": "seat", "game": self.net.game_id, "owner": self.owner, "seat": p,
                               "level": self.level})
        self.confirm = None

    def _ask(self, msg: dict) -> None:
        rid = self.net.request(msg)
        if rid is None:
            self.say(t("net.room.not_now"))
        else:
            self.asked.append(rid)

    # --- drawing ---------------------------------------------------------------------------------------------
    def draw_more(self) -> None:
        net = self.net
        table = net.table or {}
        entry = net.entry or {}
        code = table.get("code") or net.code or ""
        if code:
            font.text(60, 52, font.fit(t("net.room.address", url=entry.get("invite") or net.url), 520), BLACK)
            font.text(60, 68, t("net.code", code=code), RED, "bold")
        if self.confirm is not None:
            names = ", ".join(t(f"colour.{p}") for p in self.confirm)
            say_lines(74, 146, t("net.room.give_ask", seats=names), 300, BLACK, rows=3)
        else:
            for i, p in enumerate(range(len(table.get("seats", [])))):
                x, y, _, _ = self.menu.item_rect(i)
                art.swatch(x - 14, y + 2, 10, 10, p)
        if table.get("config"):
            self._draw_board(table)
        waits, colour = self.waiting_for()
        say_lines(60, STATUS_Y, waits, 520, colour)

    def waiting_for(self) -> tuple[str, int]:
        """What the room waits for, in words, and its colour."""
        net = self.net
        trouble = trouble_text(net)
        if trouble is not None:
            return trouble, RED
        table = net.table or {}
        if not table:
            return t("net.connecting_to", url=net.url), DARK_GREY
        if table.get("status") != "open":
            return t("net.room.starting"), DARK_GREY
        free = len(self.open_seats())
        if self.owner:
            return (t("net.room.waiting_friends", n=free) if free else t("net.room.ready")), DARK_GREY
        return t("net.room.waiting_owner"), DARK_GREY

    def _draw_board(self, table: dict) -> None:
        from ..scenario_preview import ScenarioPreview
        from .setup import board_scenario, preview_title
        config = table["config"]
        if self._picture is None or self._picture[0] != config:
            board = config.get("scenario") or "random"
            try:
                scenario = board_scenario(board, config.get("players", 4))
            except Exception:           # a board this window does not know: its name, no picture
                scenario = None
            self._picture = (config, scenario, board)
        _, scenario, board = self._picture
        x, y, w, h = PICTURE
        title = preview_title(board, config.get("players", 4)) if scenario is not None else board
        box(x, y, w, h, title)
        area = (x + 6, y + 20, w - 12, h - 26)
        sunken(*area)
        if scenario is not None:
            try:
                ScenarioPreview(*PICTURE).draw_map(scenario, 0, board, area)
            except Exception:           # no map to draw: the box stays empty, the lines below say the rest
                pass
            pyxel.clip()
        vp = config.get("vp_target") or (scenario.vp_target if scenario is not None else None) or 10
        pace = (table.get("pace") or {}).get("name")
        lines = (t("net.room.points", n=vp),
                 t("net.pace", pace=t("net.pace.post" if pace == "post" else "net.pace.live")))
        for i, line in enumerate(lines):
            font.text(x, y + h + 4 + 11 * i, font.fit(line, w, "small"), BLACK, "small")

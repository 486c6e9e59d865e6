"""The network screens: Network game (host, join, my games, watch), Host a
game, Join a game (and Watch: the same screen without a seat), My games,
and the waiting room, by keys, pad and mouse (``Menu``; a line is typed on
the keyboard or the on-screen one, ``network_typing.py``). The connection
runs off the drawing thread (``ui/net/thread_link.py``); each screen only
looks at what arrived."""

from __future__ import annotations

import gc
import time

import pyxel

from ...ai import COMPUTER_LEVELS
from ...engine.config import scenario_options, vp_targets
from ...engine.rule_options import defaults
from .. import art, font
from .. import input as inp
from .. import keyboard as kb
from ..net import games as my_games
from ..net.links import end_link, in_browser, new_link
from ..net.request import Request
from ..net.seat import REFUSED, NetSeat
from ..net.session import NetSession
from ..palette import BLACK, BLUE, DARK_GREY, RED
from ..text import hint, t
from ..widgets import Item, Menu, box
from . import Scene, rules_page
from .network_typing import KEYBOARD_AT, TypedLines

HOSTED_SEAT_KINDS = ("open",) + COMPUTER_LEVELS + ("closed",)    # a hosted game's seat: open, a computer, closed


class NetScreen(TypedLines, Scene):
    music = "title"
    help_page = "network"
    heading = "net.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        # The screen left behind goes now, on the drawing thread: the network's threads must never be the
        # ones that collect it (Pyxel's images may only be dropped on the thread that made them).
        gc.collect()
        self.message = ""
        self.message_colour = RED
        self.typing: str | None = None       # the field being typed
        self.before = ""                      # its text before, for the on-screen keyboard's Cancel
        self.keyboard = kb.OnScreenKeyboard(*KEYBOARD_AT)
        self._build()

    def _build(self) -> None:   # pragma: no cover - overridden
        self.menu = Menu([])

    def draw(self) -> None:
        pyxel.cls(BLUE)
        box(40, 30, 560, 410, t(self.heading))
        self.menu.draw()
        self.draw_more()
        foot = hint("hint.select", inp.device_in_use(self.app))
        if self.typing is not None:
            foot = t("ed.kb.hint") if self.keyboard_shown() else t("net.typing")
        font.text(320 - font.width(foot, "small") // 2, 424, font.fit(foot, 540, "small"), DARK_GREY, "small")
        if self.message:
            font.text(56, 406, font.fit(self.message, 528, "small"), self.message_colour, "small")
        if self.keyboard_shown():
            self.keyboard.draw(blink=pyxel.frame_count // 15 % 2 == 0)

    def draw_more(self) -> None:
        pass

    def say(self, text: str, error: bool = True) -> None:
        self.message = text
        self.message_colour = RED if error else BLACK


class NetworkScene(NetScreen):
    """Host a game / Join a game / My games / Watch / Back."""

    help_page = "network"

    def _build(self) -> None:
        items = [Item(t("net.host"), "host", "h", enabled=not in_browser()), Item(t("net.join"), "join", "j"),
                 Item(t("net.games"), "games", "m"), Item(t("net.watch"), "watch", "v"),
                 Item(t("net.back"), "back", "b")]
        self.menu = Menu(items, x=220, y=120, w=200)
        if my_games.waiting_for_me(self.app.storage):
            self.say(t("net.your_move"), error=False)

    def update(self, ui) -> None:
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self.app.switch_to("title")
        elif res[0] == "select":
            self.app.switch_to({"host": "net_host", "join": "net_join", "games": "net_games",
                                "watch": "net_watch"}[res[1]])


class HostScene(NetScreen):
    """The new game's choices (the rule options on a page of their own, the new-game screen's), the
    pace and the seats; opening it starts the window's own server."""

    help_page = "net_host"
    heading = "net.host"

    def __init__(self, app) -> None:
        self.name = t("colour.0")
        self.board = 0
        self.post = False
        self.seats = ["open", "normal", "normal", "closed", "closed"]      # seats after the host's
        self.vp: int | None = None        # victory points to win (None: the board's own)
        self.request: Request | None = None
        self.server = None
        self.options = {k: v for k, v in defaults().items() if k in rules_page.RULE_OPTIONS}
        self.rules_open = False
        super().__init__(app)

    def boards(self) -> list[str]:
        from .setup import board_choices
        return [b for b in board_choices(self.players) if b != "beginner" and not b.startswith("own:")]

    @property
    def players(self) -> int:
        return 1 + sum(k != "closed" for k in self.seats)

    def _build(self) -> None:
        from .setup import board_text
        index = self.menu.index if hasattr(self, "menu") else 0
        if self.rules_open:
            self.menu = Menu(rules_page.rule_items(self.options), x=60, y=60, w=520, index=index)
            return
        boards = self.boards()
        self.board = min(self.board, len(boards) - 1)
        name = self.name + ("_" if self.typing == "name" else "")
        items = [Item(t("net.your_name", name=name), "name"),
                 Item(t("net.board", name=board_text(boards[self.board])), "board", adjustable=True),
                 Item(t("setup.vp", n=self.victory_points()), "vp", adjustable=True),
                 Item(t("net.pace", pace=t("net.pace.post" if self.post else "net.pace.live")), "pace",
                      adjustable=True), Item(t("setup.rules"), "rules")]
        items.append(Item(t("net.seat", colour=t("colour.0"), kind=t("net.seat.you")), None, enabled=False))
        colour = 1          # the seats left after a closed one move up: the colours are the seats'
        for i, kind in enumerate(self.seats):
            if kind == "closed":
                items.append(Item(t("net.seat", colour="-", kind=t("net.seat.closed")), ("seat", i), adjustable=True))
                continue
            text = t("net.seat.open") if kind == "open" else t(f"level.{kind}")
            items.append(Item(t("net.seat", colour=t(f"colour.{colour}"), kind=text), ("seat", i), adjustable=True))
            colour += 1
        items += [Item(t("net.start_hosting"), "go", "o"), Item(t("net.back"), "back")]
        self.menu = Menu(items, x=60, y=60, w=520, index=index)

    def update(self, ui) -> None:
        if self.request is not None:
            self._await_created()
            return
        if self.typing == "name":
            self.name, done = self.typed(ui, self.name, 20)
            if done:
                self.name = self.name.strip() or t("colour.0")
                self.typing = None
            self._build()
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if self.rules_open:
            self._rules_page(res)
            return
        if res[0] == "back" or res[1] == "back":
            self.app.switch_to("network")
            return
        what = res[1]
        if res[0] == "adjust":
            d = res[2]
            if what == "board":
                self.board = (self.board + d) % len(self.boards())
                self.vp = None
            elif what == "vp":
                targets = self.vp_targets()
                self.vp = min(targets[-1], max(targets[0], self.victory_points() + d))
            elif what == "pace":
                self.post = not self.post
            elif isinstance(what, tuple):
                i = what[1]
                kinds = HOSTED_SEAT_KINDS
                k = kinds[(kinds.index(self.seats[i]) + d) % len(kinds)]
                if k == "closed" and self.players <= 3:
                    k = kinds[(kinds.index(k) + d) % len(kinds)]
                self.seats[i] = k
                if self.players < 3:
                    self.seats[i] = "open"
            self._build()
        elif what == "name":
            self.start_typing("name", self.name)
            self._build()
        elif what == "rules":
            self.rules_open, self.heading, self.help_page = True, "rules.title", "setup_rules"
            self.menu.index = 0
            self._build()
        elif what == "go":
            self.open_game()

    def _rules_page(self, res) -> None:
        """The rules page: Left/Right change an option; Done or Esc come back to the rules line."""
        if res[0] == "adjust":
            rules_page.adjust(self.options, res[1], res[2])
        elif res[0] == "back" or res[1] == "rules_done":
            self.rules_open, self.heading, self.help_page = False, HostScene.heading, HostScene.help_page
            self.menu.index = 4         # the rules line
        self._build()

    def draw_more(self) -> None:
        if self.rules_open:
            rules_page.draw_help(self.menu, 40, 560)

    def _scenario(self):
        from .setup import board_scenario
        return board_scenario(self.boards()[self.board], self.players)

    def victory_points(self) -> int:
        return self.vp if self.vp is not None else self._scenario().vp_target or 10

    def vp_targets(self):
        scenario = self._scenario()
        return vp_targets(self.players, scenario, getattr(scenario, "island_bonus", "") or "")

    def config(self) -> dict:
        board = self.boards()[self.board]
        cfg = {"players": self.players}
        if self.vp is not None:
            cfg["vp_target"] = self.vp
        own = {}        # a scenario's own rule options stay its own, as on the new-game screen
        if board not in ("random", "beginner"):
            cfg["scenario"] = board
            own = scenario_options(self._scenario(), self.players)
        cfg.update({k: v for k, v in self.options.items() if v != defaults()[k] and k not in own})
        return cfg

    def open_game(self) -> None:
        from ..net.host import hosted  # the desktop's own server (the browser cannot listen)
        self.server = hosted(self.app.storage)
        if not self.server.running:
            self.say(t("net.hosting_failed", why=self.server.error or "?"))
            return
        seats = [{"kind": "open"}] + [{"kind": "open"} if k == "open" else {"kind": "computer", "level": k}
                                      for k in self.seats if k != "closed"]
        self.request = Request(new_link(), self.server.url(), {
            "type": "create", "config": self.config(), "pace": "post" if self.post else "live",
            "seats": seats, "start": "owner"})
        self.say(t("net.asking"), error=False)

    def _await_created(self) -> None:
        r = self.request
        if not r.update():
            return
        self.request = None
        end_link(r.link)
        if r.error is not None:
            self.say(t("net.refused", why=r.error.get("message", r.error.get("code"))))
            return
        from ..net.host import lan_address
        got = r.answer
        url = self.server.url()
        net = NetSeat(new_link(), url, code=got["code"], name=self.name, colour=0)
        entry = {"url": url, "token": net.token, "code": got["code"], "game": got["game"], "name": self.name,
                 "owner": got["owner"], "host_port": self.server.port, "pace": "post" if self.post else "live",
                 "status": "open", "invite": self.server.url(lan_address())}
        my_games.keep(self.app.storage, entry)
        net.entry = entry
        net.start()
        self.app.switch_to("net_room", net=net)


class JoinScene(NetScreen):
    """Join a game: address (remembered), code, name, a colour. ``watch``: address and code only."""

    help_page = "net_join"
    heading = "net.join"
    watch = False

    def __init__(self, app) -> None:
        self.fields = {"url": my_games.last_address(app.storage), "code": "", "name": t("colour.0")}
        self.colour = -1
        self.net: NetSeat | None = None
        super().__init__(app)

    def _build(self) -> None:
        f = {k: v + ("_" if self.typing == k else "") for k, v in self.fields.items()}
        items = [Item(t("net.address", url=f["url"]), "url"), Item(t("net.code", code=f["code"]), "code")]
        if not self.watch:
            colour = t("net.colour.any") if self.colour < 0 else t(f"colour.{self.colour}")
            items += [Item(t("net.your_name", name=f["name"]), "name"),
                      Item(t("net.colour", colour=colour), "colour", adjustable=True)]
        items += [Item(t("net.watch_go" if self.watch else "net.connect"), "go", "o"), Item(t("net.back"), "back")]
        index = self.menu.index if hasattr(self, "menu") else 0
        self.menu = Menu(items, x=60, y=60, w=520, index=index)

    def update(self, ui) -> None:
        if self.net is not None:
            self._await_seat()
            return
        if self.typing is not None:
            self.fields[self.typing], done = self.typed(ui, self.fields[self.typing])
            if done:
                self.fields[self.typing] = self.fields[self.typing].strip()
                self.typing = None
            self._build()
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self.app.switch_to("network")
            return
        if res[0] == "adjust" and res[1] == "colour":
            self.colour = (self.colour + 1 + res[2]) % 7 - 1
        elif res[1] in ("url", "code", "name"):
            self.start_typing(res[1], self.fields[res[1]])
        elif res[1] == "go":
            self.go()
        self._build()

    def go(self) -> None:
        url = self.fields["url"]
        if not url.startswith(("ws://", "wss://")):
            url = "ws://" + url
        code = self.fields["code"].upper().replace(" ", "")
        my_games.remember_address(self.app.storage, url)
        kw = {"watch": True} if self.watch else {"name": self.fields["name"] or t("colour.0"),
                                                  "colour": None if self.colour < 0 else self.colour}
        net = NetSeat(new_link(), url, code=code, **kw)
        if not self.watch:       # the token is kept before the join is asked (docs/protocol.md, join)
            net.entry = {"url": url, "token": net.token, "code": code, "name": kw["name"], "status": "open"}
            my_games.keep(self.app.storage, net.entry)
        net.start()
        self.app.switch_to("net_room", net=net)


class WatchScene(JoinScene):
    help_page = "net_watch"
    heading = "net.watch"
    watch = True


class RoomScene(NetScreen):
    """The waiting room: the seats with names, colours, computers and levels, who is connected;
    the host starts the game (or gives the open seats to computers). Once the game runs (or when
    a running game is opened again) the game screen takes over."""

    help_page = "net_room"
    heading = "net.room"

    def __init__(self, app, net: NetSeat, since_seq: int | None = None) -> None:
        self.net = net
        self.since_seq = since_seq
        self.past: list[dict] = []
        self.asked: list[int] = []
        self.shown = None
        super().__init__(app)

    @property
    def owner(self) -> str | None:
        return (getattr(self.net, "entry", None) or {}).get("owner")

    def _build(self) -> None:
        items = []
        table = self.net.table or {}
        if self.owner:
            filled = bool(table) and all(s.get("kind") != "open" for s in table.get("seats", []))
            items += [Item(t("net.room.start"), "start", "p", enabled=filled),
                      Item(t("net.room.computers"), "computers", "c")]
        items.append(Item(t("net.room.leave"), "back", "b"))
        index = self.menu.index if hasattr(self, "menu") else 0
        self.menu = Menu(items, x=60, y=300, w=520, index=index)

    def update(self, ui) -> None:
        net = self.net
        msgs = net.update()
        self.past.extend(msgs)
        for rid in list(self.asked):
            ans = net.answer(rid)
            if ans is not None:
                self.asked.remove(rid)
                if ans.get("type") == "error":
                    self.say(t("net.refused", why=ans.get("message", ans.get("code"))))
        entry = getattr(net, "entry", None)
        if entry is not None and net.game_id and entry.get("game") != net.game_id:
            entry["game"] = net.game_id
            my_games.keep(self.app.storage, entry)
        if net.status == REFUSED:
            self.say(t("net.refused", why=net.failure_text() or ""))
            if entry is not None and net.seq == 0:
                my_games.forget(self.app.storage, entry["token"])
        if net.seat_state is not None and (net.table or {}).get("status") in ("playing", "over"):
            session = NetSession(net, clock=getattr(self.app, "net_clock", time.time), past=self.past)
            since = session.lines_since(self.since_seq) if self.since_seq is not None and session.seat >= 0 else None
            self.app.switch_to("net_game", session=session, since=since)
            return
        shown = (str(net.table), net.status)
        if shown != self.shown:         # the menu anew only when the table changed (it keeps its cursor)
            self.shown = shown
            self._build()
        res = self.menu.handle(ui)
        if not res or res[0] != "select" and res[0] != "back":
            return
        if res[0] == "back" or res[1] == "back":
            net.stop()
            end_link(net.link)
            self.app.switch_to("title")
        elif res[1] == "start":
            self.asked.append(net.request({"type": "start", "game": net.game_id, "owner": self.owner}))
        elif res[1] == "computers":
            for p, s in enumerate((net.table or {}).get("seats", [])):
                if s.get("kind") == "open":
                    self.asked.append(net.request({"type": "seat", "game": net.game_id, "owner": self.owner,
                                                   "seat": p, "level": "normal"}))
        self.asked = [r for r in self.asked if r is not None]

    def draw_more(self) -> None:
        net = self.net
        table = net.table or {}
        entry = getattr(net, "entry", None) or {}
        code = table.get("code") or net.code or ""
        if code:
            font.text(60, 56, font.fit(t("net.room.address", url=entry.get("invite") or net.url), 520), BLACK)
            font.text(60, 72, t("net.code", code=code), RED, "bold")
        y = 96
        if net.status not in ("online", REFUSED):
            wait = net.seconds_to_retry()
            text = t("net.connecting") if wait is None else t("net.reconnecting_in", s=max(1, round(wait)))
            font.text(60, 280, text, RED)
        for p, s in enumerate(table.get("seats", [])):
            yy = y + 18 * p
            art.swatch(60, yy, 12, 12, p)
            kind = s.get("kind")
            if kind == "open":
                text = t("net.room.open")
            elif kind == "computer":
                text = t("level." + (s.get("level") or "normal"))
            else:
                here = t("net.room.online") if s.get("connected") else t("net.room.offline")
                text = f"{s.get('name') or t(f'colour.{p}')} ({here})"
            mark = "  <" if p == net.seat else ""
            font.text(80, yy + 1, font.fit(t(f"colour.{p}") + ": " + text + mark, 480), BLACK)
        if not self.owner and table.get("status") == "open":
            font.text(60, 280, t("net.room.waiting_owner"), DARK_GREY)
        if net.status == REFUSED:
            font.text(60, 280, font.fit(t("net.refused", why=net.failure_text() or ""), 520), RED)

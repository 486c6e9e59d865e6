"""Host a game: the new game's choices (the rule options on a page of their
own, the new-game screen's), the pace and the seats, and where the game is
kept: in this window (its own server, which friends reach while the window
is open) or on a server given by its address (remembered), where a game by
post goes on while every window is closed. A game may be listed in its
server's open games. A game by post takes the host's notice addresses (an
e-mail address, a webhook's URL) with the host's seat."""

from __future__ import annotations

from ...ai import COMPUTER_LEVELS
from ...engine.config import scenario_options, vp_targets
from ...engine.rule_options import defaults
from .. import input as inp
from ..net import games as my_games
from ..net.joining import GIVEN, REFUSED_NOW, Joining
from ..net.links import end_link, in_browser, new_link
from ..net.request import Request
from ..net.seat import NetSeat
from ..text import t
from ..widgets import Item, Menu
from . import rules_page
from .network_screen import NetScreen, ws_address

HOSTED_SEAT_KINDS = ("open",) + COMPUTER_LEVELS + ("closed",)    # a hosted game's seat: open, a computer, closed
WINDOW, SERVER = "window", "server"                 # where the game is kept
CREATE_SECONDS = 15.0                               # a server that has not created the game by then: said so
TYPED = {"name": 20, "server": 200, "email": 120, "webhook": 300}     # the lines typed, and their lengths


def notice_problem(email: str, webhook: str) -> str | None:
    """Why the notice addresses cannot be used (one clear sentence), or None."""
    if email and ("@" not in email or "." not in email.rpartition("@")[2] or " " in email):
        return t("net.notice.bad_email")
    if webhook and not webhook.startswith(("https://", "http://")):
        return t("net.notice.bad_webhook")
    return None


def joined_text(outcome: str, net, url: str) -> str:
    """What the screen says when a seat was not given: refused (the server's reason), or not reached."""
    if outcome == REFUSED_NOW:
        return t("net.refused", why=net.failure_text() or "")
    return t("net.cannot_reach" if outcome == "cannot_reach" else "net.lost_before_seat", url=url)


class HostScene(NetScreen):
    """The game's choices; opening it creates the game (in this window's own server, or on the
    server at the address given) and takes the host's seat, then the waiting room."""

    help_page = "net_host"
    heading = "net.host"

    def __init__(self, app) -> None:
        me = my_games.player(app.storage)
        self.fields = {"name": me["name"] or t("colour.0"), "server": my_games.last_server(app.storage),
                       "email": me["email"], "webhook": me["webhook"]}
        self.where = SERVER if in_browser() else WINDOW       # a page cannot listen for connections
        self.listed = False
        self.board = 0
        self.post = False
        self.seats = ["open", "normal", "normal", "closed", "closed"]      # seats after the host's
        self.vp: int | None = None        # victory points to win (None: the board's own)
        self.request: Request | None = None
        self.joining: Joining | None = None
        self.server = None
        self.url = ""
        self.options = {k: v for k, v in defaults().items() if k in rules_page.RULE_OPTIONS}
        self.rules_open = False
        super().__init__(app)

    @property
    def name(self) -> str:
        return self.fields["name"]

    def boards(self) -> list[str]:
        from .setup import board_choices
        return [b for b in board_choices(self.players) if b != "beginner" and not b.startswith("own:")]

    @property
    def players(self) -> int:
        return 1 + sum(k != "closed" for k in self.seats)

    def _build(self) -> None:
        from .setup import board_text
        index = self.menu.index if self.menu is not None else 0
        if self.rules_open:
            self.menu = Menu(rules_page.rule_items(self.options), x=60, y=60, w=520, index=index)
            return
        boards = self.boards()
        self.board = min(self.board, len(boards) - 1)
        f = {k: v + ("_" if self.typing == k else "") for k, v in self.fields.items()}
        items = [Item(t("net.your_name", name=f["name"]), "name"),
                 Item(t(f"net.where.{self.where}"), "where", adjustable=True, enabled=not in_browser())]
        if self.where == SERVER:
            items.append(Item(t("net.server", url=f["server"] or t("net.server.none")), "server"))
        items += [Item(t("net.board", name=board_text(boards[self.board])), "board", adjustable=True),
                  Item(t("setup.vp", n=self.victory_points()), "vp", adjustable=True),
                  Item(t("net.pace", pace=t("net.pace.post" if self.post else "net.pace.live")), "pace",
                       adjustable=True)]
        if self.post:
            items += [Item(t("net.notice.email", email=f["email"] or t("net.notice.none")), "email"),
                      Item(t("net.notice.webhook", url=f["webhook"] or t("net.notice.none")), "webhook")]
        items += [Item(t("net.listed.yes" if self.listed else "net.listed.no"), "listed", adjustable=True),
                  Item(t("setup.rules"), "rules"),
                  Item(t("net.seat", colour=t("colour.0"), kind=t("net.seat.you")), None, enabled=False)]
        colour = 1          # the seats left after a closed one move up: the colours are the seats'
        for i, kind in enumerate(self.seats):
            if kind == "closed":
                items.append(Item(t("net.seat", colour="-", kind=t("net.seat.closed")), ("seat", i), adjustable=True))
                continue
            text = t("net.seat.open") if kind == "open" else t(f"level.{kind}")
            items.append(Item(t("net.seat", colour=t(f"colour.{colour}"), kind=text), ("seat", i), adjustable=True))
            colour += 1
        items += [Item(t("net.start_hosting"), "go", "o"), Item(t("net.back"), "back")]
        self.menu = Menu(items, x=60, y=52, w=520, index=min(index, len(items) - 1))

    def update(self, ui) -> None:
        if self.request is not None or self.joining is not None:
            self._await(ui)
            return
        if self.typing is not None:
            field = self.typing
            self.fields[field], done = self.typed(ui, self.fields[field], TYPED[field])
            if done:
                self.fields[field] = self.fields[field].strip()
                if field == "name" and not self.fields["name"]:
                    self.fields["name"] = t("colour.0")
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
            self._adjust(what, res[2])
        elif what in TYPED:
            self.start_typing(what, self.fields[what])
        elif what == "rules":
            self.rules_open, self.heading, self.help_page = True, "rules.title", "setup_rules"
            self.menu.index = 0
        elif what == "go":
            self.open_game()
        self._build()

    def _adjust(self, what, d: int) -> None:
        if what == "board":
            self.board = (self.board + d) % len(self.boards())
            self.vp = None
        elif what == "vp":
            targets = self.vp_targets()
            self.vp = min(targets[-1], max(targets[0], self.victory_points() + d))
        elif what == "pace":
            self.post = not self.post
        elif what == "where":
            self.where = SERVER if self.where == WINDOW else WINDOW
        elif what == "listed":
            self.listed = not self.listed
        elif isinstance(what, tuple):
            i = what[1]
            kinds = HOSTED_SEAT_KINDS
            k = kinds[(kinds.index(self.seats[i]) + d) % len(kinds)]
            if k == "closed" and self.players <= 3:
                k = kinds[(kinds.index(k) + d) % len(kinds)]
            self.seats[i] = k
            if self.players < 3:
                self.seats[i] = "open"

    def _rules_page(self, res) -> None:
        """The rules page: Left/Right change an option; Done or Esc come back to the rules line."""
        if res[0] == "adjust":
            rules_page.adjust(self.options, res[1], res[2])
        elif res[0] == "back" or res[1] == "rules_done":
            self.rules_open, self.heading, self.help_page = False, HostScene.heading, HostScene.help_page
            self._build()
            self.menu.index = next(i for i, it in enumerate(self.menu.items) if it.value == "rules")
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

    def notify(self) -> dict:
        return {k: self.fields[k] for k in ("email", "webhook") if self.post and self.fields[k]}

    # --- opening the game -------------------------------------------------------------------------------
    def open_game(self) -> None:
        problem = notice_problem(self.fields["email"], self.fields["webhook"]) if self.post else None
        if self.where == SERVER and not self.fields["server"]:
            problem = t("net.server.missing")
        if problem:
            self.say(problem)
            return
        if self.where == WINDOW:
            from ..net.host import hosted  # the desktop's own server (the browser cannot listen)
            self.server = hosted(self.app.storage)
            if not self.server.running:
                self.say(t("net.hosting_failed", why=self.server.error or "?"))
                return
            self.url = self.server.url()
        else:
            self.server = None
            self.url = ws_address(self.fields["server"])
            my_games.remember_server(self.app.storage, self.fields["server"])
        my_games.remember_player(self.app.storage, name=self.name, email=self.fields["email"],
                                 webhook=self.fields["webhook"])
        seats = [{"kind": "open"}] + [{"kind": "open"} if k == "open" else {"kind": "computer", "level": k}
                                      for k in self.seats if k != "closed"]
        msg = {"type": "create", "config": self.config(), "pace": "post" if self.post else "live",
               "seats": seats, "start": "owner"}
        if self.listed:
            msg["listed"] = True
        self.request = Request(new_link(), self.url, msg, timeout=CREATE_SECONDS)
        self.say(t("net.creating", url=self.url), error=False)

    def _await(self, ui) -> None:
        """The game being created, then the host's seat taken; Esc (B, right click) stops waiting."""
        if ui.pressed(inp.BACK):
            self._stop()
            self.say(t("net.stopped"), error=False)
            return
        if self.request is not None:
            self._await_created()
        elif self.joining is not None:
            outcome = self.joining.update()
            if outcome == GIVEN:
                net, past = self.joining.net, self.joining.past
                self.joining = None
                self.app.switch_to("net_room", net=net, past=past)
            elif outcome is not None:
                self.say(joined_text(outcome, self.joining.net, self.url))
                self.joining = None

    def _await_created(self) -> None:
        r = self.request
        if not r.update():
            return
        self.request = None
        end_link(r.link, wait=False)
        if r.error is not None:
            code = r.error.get("code")
            self.say(t("net.cannot_reach", url=self.url) if code in ("closed", "timeout")
                     else t("net.refused", why=r.error.get("message", code)))
            return
        got = r.answer
        net = NetSeat(new_link(), self.url, code=got["code"], name=self.name, colour=0, notify=self.notify())
        entry = {"url": self.url, "token": net.token, "code": got["code"], "game": got["game"], "name": self.name,
                 "owner": got["owner"], "pace": "post" if self.post else "live", "status": "open"}
        if self.server is not None:
            from ..net.host import lan_address
            entry.update({"host_port": self.server.port, "invite": self.server.url(lan_address())})
        self.joining = Joining(self.app.storage, net, entry)
        self.say(t("net.taking_seat", url=self.url), error=False)

    def _stop(self) -> None:
        if self.request is not None:
            end_link(self.request.link, wait=False)
            self.request = None
        if self.joining is not None:
            self.joining.close()
            self.joining = None

"""Join a game: the address (the last one offered again), the code, your
name, a colour among the game's free ones, and for a game by post where its
notices go (an e-mail address, a webhook's URL); Watch: the address and the
code only.

As soon as the address and the code are there, the game's table is looked
at (as a spectator, ``Look``): the colours offered are the game's own, a
taken one shown as taken and never chosen. Join stays on this screen until
the server gave the seat (then the waiting room): a refusal (a wrong code,
a full game, a colour taken meanwhile) is said here with every line kept,
and an address never reached after a few tries is "cannot reach ADDRESS",
with nothing put in My games (``ui/net/joining.py``)."""

from __future__ import annotations

import pyxel

from .. import art, font
from .. import input as inp
from ..net import games as my_games
from ..net.joining import GIVEN, Joining
from ..net.links import end_link, new_link
from ..net.seat import ONLINE, REFUSED, UNREACHABLE, NetSeat
from ..palette import BLACK, DARK_GREY
from ..text import t
from ..widgets import Item, Menu
from .network_host import joined_text, notice_problem
from .network_screen import NetScreen, trouble_text, ws_address

TYPED = {"url": 200, "code": 20, "name": 20, "email": 120, "webhook": 300}
LOOK_TRIES = 2          # a look at the table gives up after this many failed attempts (Join says why)


class Look:
    """The table of the game at ``url`` with ``code``, looked at as a spectator would, once."""

    def __init__(self, url: str, code: str) -> None:
        self.key = (url, code)
        self.net = NetSeat(new_link(), url, code=code, watch=True, client="retrocatan window (look)")
        self.net.start()
        self.table: dict | None = None
        self.refusal: str | None = None
        self.done = False

    def update(self) -> None:
        net = self.net
        net.update()
        if net.table is not None and net.status == ONLINE:
            self.table = net.table
        elif net.status == REFUSED:
            self.refusal = net.failure_text() or ""
        elif net.trouble() is None or net.attempt < LOOK_TRIES:
            return
        self.stop()

    def stop(self) -> None:
        if not self.done:
            self.done = True
            self.net.stop()
            end_link(self.net.link, wait=False)


class JoinScene(NetScreen):
    """Join a game: address (remembered), code, name and colour (remembered). ``watch``: address and
    code only."""

    help_page = "net_join"
    heading = "net.join"
    watch = False

    def __init__(self, app, code: str | None = None, url: str | None = None) -> None:
        me = my_games.player(app.storage)
        self.fields = {"url": url or my_games.last_address(app.storage), "code": code or "",
                       "name": me["name"] or t("colour.0"), "email": me["email"], "webhook": me["webhook"]}
        self.colour = -1 if me["colour"] is None else me["colour"]       # -1: the first free
        self.look: Look | None = None
        self.table: dict | None = None        # the game's table, as the look saw it
        self.joining: Joining | None = None
        super().__init__(app)
        self._look()

    # --- the game's colours --------------------------------------------------------------------------------
    def colours(self) -> list[int]:
        """The colours that may be chosen: the first free (-1), then the game's free ones (before the
        table is known, only the one remembered)."""
        if self.table is None:
            return [-1] + ([self.colour] if self.colour >= 0 else [])
        return [-1] + [p for p, s in enumerate(self.table.get("seats", [])) if s.get("kind") == "open"]

    def _look(self) -> None:
        key = (ws_address(self.fields["url"]), self.fields["code"].upper().replace(" ", ""))
        if self.watch or not key[0][5:] or not key[1] or (self.look is not None and self.look.key == key):
            return
        if self.look is not None:
            self.look.stop()
        self.table = None
        self.look = Look(*key)

    def _update_look(self) -> None:
        look = self.look
        if look is None or look.done:
            return
        look.update()
        if look.table is not None:
            self.table = look.table
            if self.colour not in self.colours():
                self.colour = -1
            self._build()
        elif look.refusal is not None and not self.watch:
            self.say(t("net.refused", why=look.refusal))

    def _build(self) -> None:
        f = {k: v + ("_" if self.typing == k else "") for k, v in self.fields.items()}
        items = [Item(t("net.address", url=f["url"]), "url"), Item(t("net.code", code=f["code"]), "code")]
        if not self.watch:
            colour = t("net.colour.any") if self.colour < 0 else t(f"colour.{self.colour}")
            items += [Item(t("net.your_name", name=f["name"]), "name"),
                      Item(t("net.colour", colour=colour), "colour", adjustable=True),
                      Item(t("net.notice.email", email=f["email"] or t("net.notice.none")), "email"),
                      Item(t("net.notice.webhook", url=f["webhook"] or t("net.notice.none")), "webhook")]
        items += [Item(t("net.watch_go" if self.watch else "net.connect"), "go", "o"), Item(t("net.back"), "back")]
        index = self.menu.index if self.menu is not None else 0
        self.menu = Menu(items, x=60, y=60, w=520, index=index)

    # --- input ----------------------------------------------------------------------------------------------
    def update(self, ui) -> None:
        self._update_look()
        if self.joining is not None:
            self._await_seat(ui)
            return
        if self.typing is not None:
            field = self.typing
            self.fields[field], done = self.typed(ui, self.fields[field], TYPED[field])
            if done:
                self.fields[field] = self.fields[field].strip()
                self.typing = None
                if field in ("url", "code"):
                    self._look()
            self._build()
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self._leave()
            self.app.switch_to("network")
            return
        if res[0] == "adjust" and res[1] == "colour":
            choices = self.colours()
            i = choices.index(self.colour) if self.colour in choices else 0
            self.colour = choices[(i + res[2]) % len(choices)]
        elif res[1] in TYPED:
            self.start_typing(res[1], self.fields[res[1]])
        elif res[1] == "go":
            self.go()
        self._build()

    def _leave(self) -> None:
        if self.look is not None:
            self.look.stop()
        if self.joining is not None:
            self.joining.close()
            self.joining = None

    def go(self) -> None:
        url = ws_address(self.fields["url"])
        code = self.fields["code"].upper().replace(" ", "")
        problem = None if code else t("net.code.missing")
        if not self.watch:
            problem = problem or notice_problem(self.fields["email"], self.fields["webhook"])
        if problem:
            self.say(problem)
            return
        my_games.remember_address(self.app.storage, url)
        if self.watch:
            net, entry = NetSeat(new_link(), url, code=code, watch=True), None
        else:
            name = self.fields["name"] or t("colour.0")
            my_games.remember_player(self.app.storage, name=name, colour=None if self.colour < 0 else self.colour,
                                     email=self.fields["email"], webhook=self.fields["webhook"])
            notify = {k: self.fields[k] for k in ("email", "webhook") if self.fields[k]}
            # A join asked before whose answer never came is asked again with its token: the same seat.
            net = NetSeat(new_link(), url, code=code, name=name, colour=None if self.colour < 0 else self.colour,
                          token=my_games.pending_token(self.app.storage, url, code), notify=notify)
            entry = {"url": url, "token": net.token, "code": code, "name": name, "status": "open"}
        self.joining = Joining(self.app.storage, net, entry)
        self.say(t("net.connecting_to", url=url), error=False)

    def _await_seat(self, ui) -> None:
        """The seat asked for: the waiting room once given; a refusal or an address never reached
        said here. Esc (B, right click) stops asking."""
        joining = self.joining
        if ui.pressed(inp.BACK):
            self._leave()
            self.say(t("net.stopped"), error=False)
            return
        outcome = joining.update()
        net = joining.net
        if outcome is None:
            trouble = net.trouble()
            if trouble is not None and trouble.kind == UNREACHABLE:
                self.say(trouble_text(net), error=True)
            return
        self.joining = None
        if outcome == GIVEN:
            if self.look is not None:
                self.look.stop()
            self.app.switch_to("net_room", net=net, past=joining.past)
            return
        self.say(joined_text(outcome, net, net.url))
        if self.look is not None:           # the table again: a colour taken meanwhile shows as taken
            self.look.stop()
            self.look = None
        self._look()

    # --- drawing -----------------------------------------------------------------------------------------------
    def draw_more(self) -> None:
        if self.watch or self.table is None or self.keyboard_shown():
            return
        seats = self.table.get("seats", [])
        y = self.menu.y + self.menu.height + 8
        font.text(60, y, t("net.colours"), BLACK, "small")
        x = 60
        for p, s in enumerate(seats):
            free = s.get("kind") == "open"
            label = t(f"colour.{p}")
            art.swatch(x, y + 12, 8, 8, p)
            font.text(x + 11, y + 11, label, BLACK if free else DARK_GREY, "small")
            if not free:            # taken: greyed and struck through
                pyxel.line(x - 1, y + 16, x + 12 + font.width(label, "small"), y + 16, BLACK)
            x += 18 + font.width(label, "small")


class WatchScene(JoinScene):
    help_page = "net_watch"
    heading = "net.watch"
    watch = True

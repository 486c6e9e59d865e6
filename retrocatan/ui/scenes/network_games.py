"""My games: every game this machine holds a seat's token for (its board,
whose turn, the time left, as its server says at present: ``ui/net/peek.py``),
opened to play on; a finished one in the replay viewer, a game in progress
its stages so far (``network_stages.py``). A game whose server does not
answer says so (with what was last seen); one its server forgot can be
removed (Del, X)."""


import gc

from .. import font
from .. import input as inp
from ..net import games as my_games
from ..net import peek
from ..net.links import end_link, new_link
from ..net.request import Request
from ..net.seat import NetSeat
from ..net.session import clock_text
from ..palette import BLACK, DARK_GREY, RED
from ..text import t
from ..widgets import Item, Menu, box
from .network_screen import NetScreen, say_lines

ASK_SECONDS = 6.0           # a picture or a record not answered by then: the server does not answer


def last_seen(entry: dict, now: float) -> str:
    """What was last seen of a game: over, waiting for players, or whose turn with the time left."""
    left = ""
    if isinstance(entry.get("deadline"), (int, float)):
        left = t("net.left", time=clock_text(entry["deadline"] - now))
    status = entry.get("status")
    if status in ("over", "ended"):
        return t(f"net.games.{status}")
    if status != "playing":
        return t("net.games.open")
    if entry.get("mine"):
        return t("net.games.mine", left=left).rstrip()
    if not entry.get("turn"):           # the server said it is another's decision, not whose
        return t("net.games.others", left=left).rstrip()
    return t("net.games.turn", name=entry["turn"], left=left).rstrip()


def game_line(entry: dict, now: float) -> str:
    """A line of My games: the code, then what its server says (or that it does not answer, or
    forgot the game)."""
    if entry.get("forgotten"):
        what = t("net.games.forgotten")
    elif peek.heard(entry["token"]) == peek.NOT_ANSWERING:
        what = t("net.games.not_answering")
    else:
        what = last_seen(entry, now)
    return t("net.games.line", code=entry.get("code", "?"), what=what)


class GamesScene(NetScreen):
    """Every game this machine holds a seat's token for, with the board of the one chosen (asked of
    its server); Enter opens it (its server started again when it is this window's own). R (or the
    Replay line) shows its stages: a finished game's record in the replay viewer with the seats'
    names, a game in progress its stages so far (``StagesScene``)."""

    help_page = "net_games"
    heading = "net.games"
    PICTURE = (372, 60, 212, 200)

    def __init__(self, app) -> None:
        self.pictures: dict[str, object] = {}       # token -> BoardView and the table's view, or None: none
        self.names: dict[str, list] = {}            # token -> the seats' names (the stage's answer)
        self.asking: tuple[str, Request] | None = None
        self.fetching: tuple[dict, Request] | None = None      # (entry, the request of its record)
        self.chosen: int | None = None              # the game line the cursor was last on
        super().__init__(app)
        self.peek = peek.Peek(app.storage)          # what each game's server says of it

    def _build(self) -> None:
        index = self.menu.index if self.menu is not None else 0
        self.entries = list(reversed(my_games.load(self.app.storage)))
        now = self.app.net_clock()
        items = [Item(game_line(e, now), i) for i, e in enumerate(self.entries)]
        if not items:
            items = [Item(t("net.games.none"), None, enabled=False)]
        else:
            items.append(Item(t("net.games.replay"), "replay", "r"))
        items.append(Item(t("net.back"), "back", "b"))
        self.menu = Menu(items, x=60, y=60, w=300, visible_rows=20, index=min(index, len(items) - 1))
        self.chosen = self.menu.index if self.menu.index < len(self.entries) else (0 if self.entries else None)

    def update(self, ui) -> None:
        if self.peek.update():
            self._build()
        self._picture()
        if self.fetching is not None:
            if ui.pressed(inp.BACK):            # Esc (B, right click): stop asking for the record
                end_link(self.fetching[1].link, wait=False)
                self.fetching = None
                self.say("")
                return
            self._await_record()
            return
        sel = self.menu.selected
        if sel is not None and isinstance(sel.value, int):
            self.chosen = sel.value
        if sel is not None and isinstance(sel.value, int) and (ui.key(inp.DELETE) or ui.button(inp.X)):
            my_games.forget(self.app.storage, self.entries[sel.value]["token"])
            self._build()
            return
        if sel is not None and isinstance(sel.value, int) and ui.pressed(inp.SKIP):
            self.replay(self.entries[sel.value])       # F (the pad's Y): the stages of the game on the cursor
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self._leave()
            self.app.switch_to("network")
            return
        if res[0] == "select" and isinstance(res[1], int):
            self._leave()
            open_game(self.app, self.entries[res[1]])
        elif res[0] == "select" and res[1] == "replay" and self.chosen is not None:
            self.replay(self.entries[self.chosen])

    def replay(self, entry: dict) -> None:
        """Ask the game's server for its record (given once the game is over, docs/protocol.md); a
        game in progress shows its stages so far instead, as everyone may see them."""
        if not entry.get("game"):
            self.say(t("net.games.not_started"))
            return
        if entry.get("status") != "over":
            self._leave()
            self.app.switch_to("net_stages", entry=entry)
            return
        self.fetching = (entry, Request(new_link(), entry["url"], {"type": "record", "game": entry["game"]},
                                        timeout=ASK_SECONDS))
        self.say(t("net.asking"), error=False)

    def _await_record(self) -> None:
        entry, req = self.fetching
        if not req.update():
            return
        self.fetching = None
        end_link(req.link, wait=False)
        if req.error is not None:
            code = req.error.get("code")
            if code == "not_over":          # it went on since it was last seen here
                self._leave()
                self.app.switch_to("net_stages", entry=entry)
                return
            self.say(t("net.games.not_answering") if code in ("closed", "timeout")
                     else t("net.refused", why=req.error.get("message", code)))
            return
        self.say("")
        self._leave()
        record = req.answer["record"]
        names = self.names.get(entry["token"]) or []
        players = (record.get("config") or {}).get("players", len(names))
        seats = [{"name": (names[p] if p < len(names) else "") or t(f"colour.{p}")} for p in range(players)]
        self.app.switch_to("replay", replay=record, seats=seats, back="net_games")

    def _picture(self) -> None:
        """Ask the chosen game's server for the table's picture of it, one game at a time."""
        if self.asking is not None:
            token, req = self.asking
            if req.update():
                self.asking = None
                end_link(req.link, wait=False)
                state = (req.answer or {}).get("state")
                self.pictures[token] = self._board(state) if state else None
                if isinstance((req.answer or {}).get("names"), list):
                    self.names[token] = req.answer["names"]
                    my_games.update(self.app.storage, token, {"names": req.answer["names"]})
            return
        if self.chosen is None:
            return
        entry = self.entries[self.chosen]
        if entry["token"] in self.pictures or not entry.get("game"):
            return
        self.asking = (entry["token"], Request(new_link(), entry["url"], {"type": "stage", "game": entry["game"]},
                                               timeout=ASK_SECONDS))

    def _board(self, state: dict):
        from ...engine import Game
        from ..board_view import BoardView
        game = Game.from_json(state)
        x, y, w, h = self.PICTURE
        view = BoardView(game.board, x + 4, y + 4, w - 8, h - 8, scroll=False, thumbnail=True)
        return view, game.seat_view(-1)

    def _leave(self) -> None:
        """Before another screen: nothing more is asked, and the pictures go now, on the drawing thread
        (see ``NetScreen``)."""
        if self.asking is not None:
            end_link(self.asking[1].link, wait=False)
            self.asking = None
        self.peek.stop()
        self.pictures.clear()
        gc.collect()

    def draw_more(self) -> None:
        entry = self.entries[self.chosen] if self.chosen is not None else None
        forgotten = entry is not None and entry.get("forgotten")
        font.text(60, 390, t("net.games.hint_forgotten" if forgotten else "net.games.hint"), DARK_GREY, "small")
        if entry is None:
            return
        x, y, w, h = self.PICTURE
        seat = entry.get("seat")
        colour = t(f"colour.{seat}") if isinstance(seat, int) and 0 <= seat < 6 else "?"
        pace = t("net.pace", pace=t("net.pace.post" if entry.get("pace") == "post" else "net.pace.live"))
        about = [t("net.games.seat", name=entry.get("name", "?"), colour=colour), pace]
        now = self.app.net_clock()
        if peek.heard(entry["token"]) == peek.NOT_ANSWERING and not forgotten:
            about.append(t("net.games.last_seen", what=last_seen(entry, now)))
        elif self.peek.asking(entry["token"]):
            about.append(t("net.games.asking"))
        for i, line in enumerate(about):
            font.text(x, y + h + 6 + 11 * i, font.fit(line, w, "small"), BLACK, "small")
        box(x, y, w, h)
        picture = self.pictures.get(entry["token"])
        if picture is None:
            if forgotten:
                say = t("net.games.forgotten_long")
            else:
                say = t("net.asking") if self.asking else t("net.games.no_picture")
            say_lines(x + 8, y + 8, say, w - 16, RED if forgotten else DARK_GREY, rows=4)
            return
        view, table = picture
        view.draw(table, blink=False)


def open_game(app, entry: dict) -> None:
    """Take the seat of a My games entry again: its server started again if this window hosts it,
    then the waiting room (or at once the game, once the server has sent it)."""
    if entry.get("host_port"):
        from ..net.host import hosted
        hosted(app.storage, entry["host_port"])
    net = NetSeat(new_link(), entry["url"], game=entry.get("game"), token=entry["token"],
                  code=entry.get("code"), name=entry.get("name"))
    net.entry = dict(entry)
    net.start()
    app.switch_to("net_room", net=net, since_seq=entry.get("my_seq"))

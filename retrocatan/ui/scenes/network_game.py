"""The game screen of a network game: ``GameScene`` with a ``NetSession``
(ui/net/session.py), the session face's network side. Each frame first
takes what the server sent; only this machine's seat is shown and decides
(no hand-over screen); the status line says whose decision it is with the
time left; the players box shows each player's connection (a dot, and a
word for one who is away or whose seat a computer covers) and the running
clock; a warning sounds when this seat's own clock runs low; K types a chat
line (T offers a trade, as at one machine); "since your last turn" scrolls.
The game menu opens at every moment (Esc, B, right click, M), a
spectator's too: the options, the help, keep this game's record, and leave
the table. When the server does not answer, a box says which trouble it
is, since when and what happens to the game, and offers to leave. Nothing
is saved here: the server keeps the game (My games opens it again)."""

from __future__ import annotations

import gc
import time

import pyxel

from .. import boxes, font
from .. import input as inp
from ..help import prompt_page
from ..layout import PLAYERS_Y, RIGHT_W, RIGHT_X, line_pitch
from ..net import games as my_games
from ..net.links import end_link
from ..net.trouble import trouble_lines
from ..palette import BLACK, DARK_GREY, GREEN, LIGHT_GREEN, RED, WHITE, YELLOW
from ..prompts.game_menu import GameMenu
from ..prompts.net_trouble import TroubleBox
from ..text import hint, t
from ..widgets import box
from .game import GameScene

WARN_SOUND = "invalid"
CONNECTION_COLOUR = {"online": LIGHT_GREEN, "offline": RED, "covered": DARK_GREY, "computer": DARK_GREY}
ABSENT = ("offline", "covered")     # a person's seat: not connected, or played by a computer for now
NAME_W = 52                         # the players box's name column (boxes.players_box)
SINCE_ROWS = 24                     # rows of "since your last turn" shown at once (it scrolls)
CHAT_CHARS = 200                    # the server keeps this many characters of a line
TROUBLE_AFTER = 2.0                 # seconds without the server before its box opens (a quick reconnect shows none)


class NetGameScene(GameScene):
    pauses = False          # the game goes on at its server while the menu is open
    long_lived = True       # what lives as it comes in lives long: the collector leaves it (ui/collector.py)

    def __init__(self, app, session, since: list[str] | None = None) -> None:
        super().__init__(app, session)
        gc.collect()            # the screens left behind go on the drawing thread (see scenes/network.py)
        self.viewer = session.seat if session.seat >= 0 else None
        self.chat: str | None = None        # the chat line being typed
        self.chat_full = False              # a character was not taken: the line holds CHAT_CHARS
        self.since = since                  # "since your last turn": the lines shown on opening
        self.since_top = 0                  # its first line shown (it scrolls)
        self.remembered = None
        self.trouble_from: float | None = None     # when the server stopped answering (monotonic)
        self.trouble_shown = None                  # the trouble whose box was opened (or put away)

    @property
    def help_page(self) -> str:
        page = prompt_page(self)
        return "game.net" if page == "game.menu" else page

    def shown_player(self) -> int | None:
        """Only this machine's seat is ever face up (a spectator: nobody's, until the end)."""
        s = self.session
        return s.seat if s.seat >= 0 else None

    # --- the game menu -----------------------------------------------------------------------------
    def game_menu(self) -> GameMenu:
        s = self.session
        return GameMenu.network(keep=s.keep, chat=s.seat >= 0 and not s.game.over)

    def _command(self, cmd) -> None:
        s = self.session
        if cmd.name == "keep":
            s.keep = not s.keep
            index = self.menu_prompts[-1].menu.index
            self.menu_prompts[-1] = self.game_menu()
            self.menu_prompts[-1].menu.index = index
            self._say(t("net.keep.on") if s.keep else t("net.keep.off"), error=False)
        elif cmd.name == "chat":
            self.menu_prompts.clear()
            self.chat, self.chat_full = "", False
        elif cmd.name == "leave":
            self.leave()
        elif cmd.name == "stay":
            self.menu_prompts.clear()
        else:
            super()._command(cmd)

    def leave(self) -> None:
        """Leave the table: the seat stays this person's (My games), the server plays on."""
        s = self.session
        s.leave()
        end_link(s.net.link)
        self.app.switch_to("title")

    # --- update ----------------------------------------------------------------------------------------
    def update(self, ui) -> None:
        s = self.session
        self._safe("box", s.pump)
        self._remember()
        self._safe("prompt", self._tend_trouble)
        if s.refused:
            self._say(s.refused)
            s.refused = None
        if s.clock_warning:
            s.clock_warning = False
            self.app.audio.sfx(WARN_SOUND)
        if self.since is not None:
            self._read_since(ui)
            return
        if self.chat is not None:
            self._type_chat(ui)
            return
        if s.away and (ui.any() or ui.click) and not self.menu_prompts:
            s.take_back()           # any key: the seat is this person's again from their next decision
        if ui.char("k") and s.seat >= 0 and not s.game.over and not self.prompts and not self.menu_prompts:
            self.chat, self.chat_full = "", False
            return
        super().update(ui)

    def _tend_trouble(self) -> None:
        """The box saying what keeps the seat from its server opens once the trouble lasts, and
        goes when the server answers again."""
        s = self.session
        trouble = s.trouble()
        top = self.menu_prompts[-1] if self.menu_prompts else None
        if trouble is None:
            self.trouble_from = None
            if isinstance(top, TroubleBox):
                self.menu_prompts.clear()
            return
        now = time.monotonic()
        if self.trouble_from is None:
            self.trouble_from = now
        key = (trouble.kind, trouble.since)
        if isinstance(top, TroubleBox):
            if top.kind != trouble.kind:
                self.menu_prompts[-1] = TroubleBox(trouble.kind, *trouble_lines(s.net))
            return
        if key != self.trouble_shown and not self.menu_prompts and now - self.trouble_from >= TROUBLE_AFTER:
            self.trouble_shown = key
            self.menu_prompts.append(TroubleBox(trouble.kind, *trouble_lines(s.net)))

    def _read_since(self, ui) -> None:
        n = len(self.since or ())
        last = max(0, n - SINCE_ROWS)
        page = SINCE_ROWS * (ui.pressed(inp.PAD_R) - ui.pressed(inp.PAD_L))
        step = ui.pressed(inp.DOWN) - ui.pressed(inp.UP) + page - ui.wheel
        self.since_top = max(0, min(last, self.since_top + step))
        if ui.pressed(inp.OK) or ui.pressed(inp.BACK) or ui.click:
            self.since = None

    def _type_chat(self, ui) -> None:
        for ch in ui.typed:
            if not ch.isprintable():
                continue
            if len(self.chat) < CHAT_CHARS:
                self.chat += ch
            else:
                self.chat_full = True       # said in the line: the rest is not taken
        if ui.key(inp.ERASE):
            self.chat = self.chat[:-1]
            self.chat_full = False
        if ui.key(inp.ESCAPE):
            self.chat = None
        elif ui.key(inp.ENTER):
            if self.chat.strip() and not self.session.say_chat(self.chat):
                self._say(t("net.chat_refused"))
            self.chat = None

    def _remember(self) -> None:
        """Keep what My games and the title screen show of this game (whose turn, the deadline), and
        whether its record is to be kept (``ui/net/records.py`` keeps it when the game is over)."""
        s = self.session
        net = s.net
        if net.watch or net.token is None or net.game_id is None:
            return
        g = s.game
        key = (net.step, g.over, net.status, s.keep)       # the record to keep too: it outlasts leaving
        if key == self.remembered:
            return
        self.remembered = key
        table = s.table
        d = s.deadline()
        entry = net.entry or {}
        entry.update({"url": net.url, "game": net.game_id, "token": net.token, "code": table.get("code") or net.code,
                      "seat": s.seat, "name": s.name(s.seat), "pace": (table.get("pace") or {}).get("name")
                      or entry.get("pace"), "status": "over" if g.over else "playing", "step": net.step,
                      "turn": s.name(g.decider), "mine": bool(not g.over and g.decider == s.seat),
                      "deadline": d["at"] if d else None})
        if s.seat >= 0 and g.decider == s.seat:
            entry["my_seq"] = net.seq       # "since your last turn" counts from here
        net.entry = entry
        my_games.keep(self.app.storage, entry)

    # --- drawing --------------------------------------------------------------------------------------
    def draw(self) -> None:
        super().draw()
        if self.chat is not None:
            boxes.status_line(self.chat_line(), BLACK)
        if self.since is not None:
            self._safe("box", self._draw_since)

    def chat_line(self) -> str:
        """The chat line being typed as the status line shows it: its end (the start gives way
        with ".." when it is longer than the line), and a note when it is full."""
        note = f"  {t('net.chat_full', n=CHAT_CHARS)}" if self.chat_full else ""
        shown = self.chat
        line = t("net.chat_prompt", line=shown) + note
        while shown and font.width(line) > boxes.STATUS_W:
            shown = shown[1:]
            line = t("net.chat_prompt", line=".." + shown) + note
        return line

    def _draw_boxes(self, table, mode: str) -> None:
        """The players box says who is away in words, beside each player's name; a computer's
        name there is its colour when colour and level do not fit (the turn box and the log
        say both)."""
        s = self.session
        for p, line in enumerate(table.lines):
            conn = s.player_note(p)[0]
            if conn == "computer" and font.width(line.name, "small") > NAME_W:
                line.name = t(f"colour.{p}")
            elif conn in ABSENT:
                word = t(f"net.absent.{conn}")
                room = NAME_W - font.width(f" {word}", "small")
                line.name = f"{font.fit(line.name, room, 'small')} {word}"
        super()._draw_boxes(table, mode)
        self._safe("box", self._draw_notes, table)

    def still(self):
        """``GameScene.still`` with what a network game adds: each seat's connection and clock,
        the link's trouble, the chat line being typed, "since your last turn"."""
        key = super().still()
        if key is None:
            return None
        s = self.session
        notes = tuple(s.player_note(p) for p in range(s.config.players))
        since = None if self.since is None else (tuple(str(line) for line in self.since), self.since_top)
        return key, notes, s.link_text(), self.chat, self.chat_full, since

    def _draw_notes(self, table) -> None:
        """Each player's connection (a dot by the colour) and the running clock (in the box's title)."""
        s = self.session
        pitch = line_pitch(table.players, table.second_row)
        for p in range(table.players):
            conn, clock = s.player_note(p)
            yy = PLAYERS_Y + 20 + pitch * p
            pyxel.rect(RIGHT_X + 15, yy + 1, 3, 3, CONNECTION_COLOUR[conn])
            if clock is not None:
                text = f"{s.name(p)} {clock}"
                w = font.width(text, "small")
                pyxel.rect(RIGHT_X + RIGHT_W - w - 10, PLAYERS_Y + 4, w + 4, 12, RED if p == s.seat else GREEN)
                font.text(RIGHT_X + RIGHT_W - w - 8, PLAYERS_Y + 5, text, WHITE, "small")

    def _draw_status(self, mode: str) -> None:
        s = self.session
        text = s.status()
        colour = BLACK
        if s.link_text() is not None:
            colour = RED
        elif mode == "pick" and s.waiting_for_human() and self.prompts and self.prompts[-1].cancel:
            text = f"{text} - {hint('status.pick', inp.device_in_use(self.app))}"
        if self.message_frames:
            text, colour = self.message, self.message_colour
        boxes.status_line(text, colour)

    def _draw_since(self) -> None:
        lines = self.since or [t("net.since.none")]
        shown = lines[self.since_top:self.since_top + SINCE_ROWS]
        h = 44 + 12 * len(shown)
        title = t("net.since")
        if len(lines) > SINCE_ROWS:
            title = t("net.since.rows", title=title, a=self.since_top + 1, b=self.since_top + len(shown), n=len(lines))
        box(40, 24, 560, h, title)
        for i, line in enumerate(shown):
            font.text(50, 48 + 12 * i, font.fit(str(line), 540, "small"), BLACK, "small")
        key = "net.since.hint.more" if len(lines) > SINCE_ROWS else "net.since.hint"
        font.text(50, 24 + h - 16, hint(key, inp.device_in_use(self.app)), YELLOW, "small")

"""The game screen: the island on the left, the boxes on the right (turn,
players, cards, actions), the log under the island and a status line.

A person's decisions are asked by prompts (``ui.prompts``) kept on a stack
over the action menu: places are picked on the board with a cursor that
snaps to the legal places, everything else through small dialogs; "back"
pops a prompt. The game menu (Esc, B, right click, M) opens over the
game at every moment. Every change of the game goes through
``session.submit`` (engine actions); computer players move through
``session.tick`` at the chosen pace (F / gamepad Y: skip ahead). The
session is either one (``session_face.Session``): a game at this machine,
or a seat at a server's (``network_game.py``). What already happened is
shown by animations (``ui.animations``); the session's autosaver keeps the
game after every decision. A fault of an animation, a box or a prompt
never ends the game (``game_guard.py``).
"""

from __future__ import annotations

import pyxel

from ...engine import Action, IllegalAction, phases
from ...engine import actions as A
from ...saves import SLOTS
from .. import art, boxes, font, saving
from .. import input as inp
from ..animations import Banner, DiceRoll, HexFlash, PirateHop, RobberHop, follow_view, for_event
from ..board_view import BoardView, MapScroll
from ..help import HelpPage, prompt_page
from ..layers import part
from ..layout import BOARD_AREA, LOG_AREA, STATUS_Y, actions_y
from ..palette import BLACK, BLUE, DARK_GREY, RED
from ..prompts import CLOSE, POP, Command, Prompt, Push
from ..prompts.action_menu import ActionMenu
from ..prompts.answer import worth_asking
from ..prompts.board_pick import BoardPick
from ..prompts.decisions import Decisions
from ..prompts.game_menu import GameMenu, GameOptions
from ..session_face import Session
from ..table import table_view
from ..text import hint, t
from ..widgets import box
from . import Scene
from .game_events import Banners, Reactions
from .game_guard import FaultGuard


class GameScene(FaultGuard, Banners, Scene):
    help_page = property(prompt_page)   # the game menu's, the hand-over's, the prompt's on top, the action menu's
    pauses = True       # the game waits while its menu is open; its Options set the computers' pace (not a server's)
    prompts: tuple | list = ()          # the prompts over the action menu (a list once shown)
    menu_prompts: tuple | list = ()     # the game menu and what it opened, over everything (a list once shown)

    @property
    def music(self) -> str:
        return "title" if self.demo else "game"

    def __init__(self, app, session: Session, demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.demo = demo
        self.view = BoardView(session.game.board, *BOARD_AREA)
        self.map_scroll = MapScroll(self.view)      # a big map scrolls and has an overview (O)
        self.view_at = self.view.transform()
        self.side_boxes = boxes.SideBoxes()     # the boxes on the right and the log, kept as pictures
        self.actions: ActionMenu | None = None     # the action menu, under every prompt
        self.prompts: list[Prompt] = []             # the stack of prompts over it
        self.menu_prompts: list[Prompt] = []        # the game menu and what it opened, over everything
        self.handover = False                       # hot seat: waiting for the next person
        self.viewer = self._initial_viewer()
        self.fast = False
        self.message = ""
        self.message_colour = RED
        self.message_frames = 0
        self.seen = -1              # decisions applied when the prompts were last set up
        self.frame = 0
        self.over_frames = 0
        self.log_scroll = 0
        self.banner: Banner | None = None
        self.notices: dict[int, list[str]] = {}     # private banners waiting for their owner's eyes
        self.offers_asked: dict[int, tuple] = {}    # person -> (turn, step) of the last computer offer put to them
        self.flash: HexFlash | None = None
        self.anims: list = []       # short animations of events already applied
        self.robber_from = session.view.robber
        self.pirate_from = session.view.pirate
        self.autosaver = session.autosaver(app.storage)
        self.guard()

    # --- what the screen is doing ------------------------------------------------------
    @property
    def prompt(self) -> Prompt | None:
        """The prompt that gets the input: the game menu's over everything, else the top one
        (the action menu under all others)."""
        if self.menu_prompts:
            return self.menu_prompts[-1]
        return self.prompts[-1] if self.prompts else self.actions

    @property
    def mode(self) -> str:
        """handover, menu (the action menu), pick (on the board) or dialog."""
        if self.handover:
            return "handover"
        if not self.prompts:
            return "menu"
        return "pick" if isinstance(self.prompts[-1], BoardPick) else "dialog"

    @property
    def menu(self):
        """The action menu's list (an empty one before a person decided)."""
        return self.actions.menu if self.actions is not None else None

    def _initial_viewer(self):
        humans = self.session.humans
        return humans[0] if len(humans) >= 1 else None

    def shown_player(self) -> int | None:
        """Whose cards are face up in the boxes."""
        if self.handover:
            return None
        if self.viewer is None:
            return self.session.game.current
        s = self.session
        if len(s.humans) > 1 and not (s.waiting_for_human() and s.game.decider == self.viewer):
            return None     # hot seat: a hand only behind its owner's hand-over screen
        return self.viewer

    # --- events --------------------------------------------------------------------------
    def _take_events(self) -> None:
        """Show what the engine's events announce: sounds, animations,
        producing hexes flash, awards changing hands and the winner get a
        banner; the game is saved after every decision (``saving.Autosaver``)
        and kept when won."""
        s = self.session
        audio = self.app.audio
        animate = s.speed < 3 and not self.demo
        reactions = part(Reactions, s.layer)
        for ev in s.events:
            try:
                if not self.demo:
                    audio.for_event(ev, s.is_human(ev.get("player", -1)), s.layer)
                if animate:
                    self.anims.extend(for_event(ev, self.view, s.view, self.robber_from, self.pirate_from))
            except Exception as exc:
                self._fault("animation", exc)
            reactions.react(self, ev)
        turn_end = any(ev["type"] in reactions.save_at_once for ev in s.events)
        s.events.clear()
        if not self.demo and self.autosaver.pending():
            before = self.autosaver.why
            why = self.autosaver.after(urgent=turn_end or s.waiting_for_human())
            if why and why != before:       # said once, not after every decision
                self._say(t("save.failed", why=why))

    def drop(self, what: str) -> None:
        """What a fault of ``what`` leaves behind goes (``FaultGuard``): the animations, or the
        prompts (the decision is asked anew)."""
        if what == "animation":
            self.anims.clear()
            self.banner = self.flash = None
        elif what == "prompt":
            self.prompts.clear()
            self.menu_prompts.clear()
            self.seen = -1

    def _step_anims(self, skip: bool) -> None:
        if self.banner is not None:
            self.banner.update()
        if self.flash is not None:
            self.flash.update()
        if skip:
            self.anims.clear()
            return
        for a in self.anims:
            a.update()
        self.anims = [a for a in self.anims if a.alive]

    def _hop_px(self, hop):
        """Where the robber (or the pirate) hopping now is drawn (None: not moving)."""
        for a in self.anims:
            if type(a) is hop:
                return a.position()
        return None

    # --- update -------------------------------------------------------------------------
    def update(self, ui) -> None:
        self.frame += 1
        if self.message_frames:
            self.message_frames -= 1
        self._take_events()
        self._safe("animation", self._private_banners)
        self._safe("animation", self._step_anims, bool(self.anims) and (ui.any() and not ui.mouse_moved))
        s = self.session
        g = s.game
        if not self.demo:
            self._safe("box", lambda: self.map_scroll.update(ui, self._place_shown()))
        if self.demo:
            if ui.any():
                self.app.end_demo()
                return
            s.tick(fast=True if s.speed == 3 else False)
            if g.over:
                self.over_frames += 1
                if self.over_frames > 90:
                    self.app.end_demo()
            return
        if self.menu_prompts:           # the game menu takes the input (a local game waits meanwhile)
            self._safe("prompt", lambda: self._answer(self.menu_prompts[-1].update(ui), self.menu_prompts))
            return
        if g.over:
            self.over_frames += 1
            if self.over_frames > 20 or ui.pressed(inp.OK) or ui.click:
                self.app.switch_to("end", session=s)
            return
        if ui.pressed(inp.SKIP):
            self.fast = not self.fast
        self._scroll_log(ui)
        if s.nothing_to_decide():
            s.tick()            # a person's special build phase with nothing to build: passed
            return
        if not s.waiting_for_human() or self.handover:
            if ui.pressed(inp.BACK) or ui.char("m"):
                self.open_menu()        # at every moment: others' turns, a hand-over, a lost connection
                return
        if not s.waiting_for_human():
            # The decision is set up anew when it is this person's again, even at the same step
            # (a connection lost and found, an action the server refused).
            self.prompts.clear()
            self.seen = -1
            if (ui.pressed(inp.OK) or ui.click) and not self.handover:
                s.tick(fast=True)           # Enter, A or a click: the next move now
            else:
                s.tick(fast=self.fast)
            return
        self.fast = False
        decider = g.decider
        if g.phase == phases.OFFER_RESPONSE and s.is_computer(s.view.offer.offerer):
            asked = self.offers_asked.get(decider)
            if asked is None or asked[1] != s.step:         # a new question
                if (self.app.settings.get("computer_offers") == "decline"
                        or not worth_asking(s.view, asked[0] if asked else None)):
                    self.submit(Action(A.DECLINE))  # the standing answer (Options), or an offer not worth asking
                    return
                self.offers_asked[decider] = (s.view.turn, s.step)
        if len(s.humans) > 1 and decider != self.viewer and not self.handover:
            self.handover = True
            self.prompts.clear()
            self.message_frames = 0         # the last person's message is not the next one's
            self._private_banners()
        if self.handover:
            if ui.pressed(inp.OK) or ui.click:
                self.viewer = decider
                self.handover = False
                self.seen = -1
            return
        if self.seen != s.step:
            self.seen = s.step
            self._safe("prompt", self._enter_decision)
        if self.prompt is not None:
            self._safe("prompt", lambda: self._answer(self.prompt.update(ui)))

    def _place_shown(self):
        """(kind, id) of the place the top prompt points at on the board (the
        cursor of a pick, the advisor's place), for the map to follow it."""
        top = self.prompts[-1] if self.prompts else None
        spot = top.highlight() if top is not None else None
        return tuple(spot[1][:2]) if spot and spot[1] and spot[1][1] is not None else None

    def _answer(self, result, stack: list | None = None) -> None:
        """Carry out what the top prompt of ``stack`` (the prompts, or the game menu's) returned."""
        stack = self.prompts if stack is None else stack
        if result is None:
            return
        if isinstance(result, Action):
            self.submit(result)
        elif isinstance(result, Push):
            stack.append(result.prompt)
        elif result is POP:
            if stack:
                stack.pop()
        elif result is CLOSE:
            stack.clear()
        elif isinstance(result, Command):
            self._command(result)

    def _command(self, cmd: Command) -> None:
        if cmd.name == "refuse":            # a refused key of the action menu: say why
            self._say(cmd.value)
        elif cmd.name == "advice":          # the advisor (I), from the action menu or a board pick
            from ..prompts.advice import Advice
            self.prompts.append(Advice(self.session, self.view))
        elif cmd.name == "gamemenu":
            self.open_menu()
        elif cmd.name == "options":
            self.menu_prompts.append(GameOptions(self.app, speed=self.pauses))
        elif cmd.name == "options_changed":
            self.seen = -1                  # the menus again, in the language chosen
            if cmd.value == "speed":
                self.session.speed = self.app.settings["speed"]
        elif cmd.name == "help":
            self.menu_prompts.clear()
            self.app.help = HelpPage(self)
        elif cmd.name == "quit":
            self.app.switch_to("title")
        elif cmd.name == "save":
            why = saving.save_to(self.app.storage, self.session, cmd.value)
            self._say(t("save.failed", why=why) if why else t("save.done", n=SLOTS.index(cmd.value) + 1),
                      error=bool(why))
            self.menu_prompts.clear()

    def open_menu(self) -> None:
        """The game menu over the game, at any moment (Esc, B, right click, M)."""
        self.menu_prompts = [self.game_menu()]

    def game_menu(self) -> GameMenu:
        """The game menu's lines at one machine; the editor's test game keeps no saves: it offers none."""
        return GameMenu.local(self._slot_lines, can_save=not self.app.test_game)

    def _slot_lines(self) -> dict[str, str]:
        from .load import slot_lines
        return {name: line for name, line, _ in slot_lines(self.app)}

    def _scroll_log(self, ui) -> None:
        wheel = ui.wheel
        x, y, w, h = LOG_AREA
        if wheel and x <= ui.mouse_x < x + w and y <= ui.mouse_y < y + h:
            self.log_scroll = max(0, min(len(self.session.log) - 4, self.log_scroll + wheel))
        if ui.pressed(inp.PAD_L) or ui.char("u"):
            self.log_scroll = min(max(0, len(self.session.log) - 4), self.log_scroll + 1)
        if ui.pressed(inp.PAD_R) or ui.char("j"):
            self.log_scroll = max(0, self.log_scroll - 1)

    def _say(self, text: str, error: bool = True) -> None:
        self.message = text
        self.message_colour = RED if error else BLACK
        self.message_frames = 90
        if error:
            self.app.audio.sfx("invalid")

    def submit(self, action: Action) -> bool:
        try:
            self.session.submit(action)
        except IllegalAction as exc:
            self._say(self.session.refusal(exc))
            return False
        self.seen = -1
        if self.session.game.decider != self.viewer and self.viewer is not None:
            self.prompts.clear()        # the next decision is not this person's: nothing of theirs stays up
        return True

    def _enter_decision(self) -> None:
        """Set up the prompts for the decision the engine asks for: the
        phase's opening prompt (the layer's table, ``prompts.decisions``)
        over the action menu."""
        s = self.session
        v = s.view
        self.prompts.clear()
        first = part(Decisions, s.layer).opening(v.phase, self.view, self.app.input, s, list(v.legal))
        if first is not None:
            self.prompts.append(first)
        self.actions = ActionMenu(s, self.view, actions_y(v.players), self.actions)

    # --- drawing ---------------------------------------------------------------------------
    def still(self):
        """A computer's turn between its decisions, with no animation, prompt or message
        running, shows the same picture while this stays the same (``Scene.still``): the
        decision, the boxes' figures and the log's lines, the board's place on the screen, the
        blinking marks' phase and the flashing hexes', a banner, the status line. None in every
        other moment."""
        s = self.session
        if (self.anims or self.prompts or self.menu_prompts or self.handover or self.message_frames
                or s.game.over or s.waiting_for_human()):
            return None
        shown = self.shown_player()
        flash, banner = self.flash, self.banner
        return (s.step, shown, table_view(s, shown), tuple(boxes.log_lines(s.log, self.log_scroll, shown)),
                self.log_scroll, self.view.transform(), (self.frame // 10) % 2, self.frame < MapScroll.HINT_FRAMES,
                None if flash is None or not flash.frames else (tuple(flash.hexes), (flash.frames // 5) % 2),
                None if banner is None or not banner.frames else (banner.text, banner.owner in (None, shown)),
                self.fast, self.demo, inp.device_in_use(self.app), s.status(), len(self.faults))

    def draw(self) -> None:
        """The screen; a box, an animation or a prompt that fails to draw is
        skipped (``_fault``)."""
        pyxel.cls(BLUE)
        table = self._safe("box", table_view, self.session, self.shown_player())
        if table is None:
            self._safe("box", self._draw_status, "menu")
            return
        v = table.view
        mode = self.mode
        picked = self._safe("prompt", self.prompts[-1].highlight) if mode in ("pick", "dialog") else None
        highlight, cursor = picked if picked is not None else (None, None)   # a board pick, or the advisor's place
        now = self.view.transform()
        if now != self.view_at:         # scrolled or zoomed: the animations keep to their places
            self._safe("animation", follow_view, self.anims, self.view_at, now)
            self.view_at = now
        self._safe("box", lambda: self.view.draw(v, highlight, cursor, blink=(self.frame // 10) % 2 == 0,
                                                 robber_px=self._hop_px(RobberHop),
                                                 pirate_px=self._hop_px(PirateHop)))
        self._safe("box", self.map_scroll.draw, inp.device_in_use(self.app), self.frame)
        self._safe("animation", self._draw_flash, v)
        self._safe("box", self._draw_boxes, table, mode)
        self._safe("box", lambda: self._draw_status(self.mode))     # on its own: it shows a fault's notice
        self._safe("animation", lambda: [a.draw() for a in self.anims])    # over the boxes: cards fly to them
        if self.prompts and mode in ("dialog", "pick"):
            self.prompts[-1].device = inp.device_in_use(self.app)
            self._safe("prompt", self.prompts[-1].draw)
        if self.handover:
            self._safe("box", self._draw_handover)
        if self.menu_prompts:
            self.menu_prompts[-1].device = inp.device_in_use(self.app)
            self._safe("prompt", self.menu_prompts[-1].draw)

    def _draw_flash(self, v) -> None:
        if self.flash is not None:
            self.flash.draw(self.view)
        shown = self.shown_player()
        if self.banner is not None and self.banner.owner in (None, shown):
            self.banner.draw()

    def _draw_boxes(self, table, mode: str) -> None:
        v = table.view
        top = actions_y(v.players)
        dice = boxes.dice_shown(table, any(isinstance(a, DiceRoll) for a in self.anims), self.frame)
        self.side_boxes.draw(table, self.session.log, self.log_scroll, self.shown_player(), dice, top - 2)
        menu = None
        if self.session.waiting_for_human() and not self.handover and self.actions is not None:
            menu = self.actions.menu
            menu.focused = mode == "menu" and not self.menu_prompts
        boxes.actions_box(top, menu)

    def _draw_status(self, mode: str) -> None:
        s = self.session
        text = s.status()
        if not s.game.over and not s.waiting_for_human() and not self.demo:
            # A computer decides: the key (button, click) that skips ahead.
            key = "status.thinking_fast" if self.fast else "status.thinking"
            text = hint(key, inp.device_in_use(self.app), name=s.name(s.game.decider))
        if mode == "pick" and self.session.waiting_for_human():
            pick = hint("status.pick", inp.device_in_use(self.app))
            text = f"{text} - {pick}" if self.prompts[-1].cancel else text
        colour = BLACK
        if self.message_frames:
            text, colour = self.message, self.message_colour
        if self.demo:
            text = t("demo")
        boxes.status_line(text, colour)

    def _draw_handover(self) -> None:
        x, y, w, h = 90, 140, 460, 120
        pyxel.dither(0.5)
        pyxel.rect(0, 0, 640, STATUS_Y, BLACK)
        pyxel.dither(1.0)
        box(x, y, w, h, t("handover.title"))
        p = self.session.game.decider
        art.swatch(x + 16, y + 36, 24, 24, p)
        font.text(x + 52, y + 40, t("handover.text", name=self.session.name(p)), BLACK, "bold")
        font.text(x + 52, y + 70, hint("handover.hint", inp.device_in_use(self.app)), DARK_GREY)

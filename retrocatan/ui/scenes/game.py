"""The game screen: the island on the left, stacked boxes on the right
(turn, players, your cards, development cards, actions), the log under the
island and a status line at the bottom.

A person's decision is asked by phase: places are picked on the board with
a cursor that snaps to the legal places (keys, d-pad or mouse), everything
else through the action menu and small dialogs. Every change of the game
goes through ``session.submit`` (engine actions); computer players move
through ``session.tick`` at the chosen pace (F / gamepad Y: skip ahead).
"""

from __future__ import annotations

from ...engine import Action, IllegalAction, phases, trade
from ...engine import actions as A
from .. import art, font
from .. import input as inp
from ..board_view import BoardView
from ..palette import BLACK, BLUE, DARK_GREY, GREY, LIGHT_CYAN, RED, WHITE, YELLOW
from ..session import GameSession
from ..text import cards_text, t
from ..widgets import Item, Menu, box, sunken
from . import Scene

BOARD_AREA = (0, 0, 426, 390)
LOG_AREA = (0, 392, 426, 66)
RIGHT_X, RIGHT_W = 428, 212
STATUS_Y = 460
DIALOG = (40, 70, 346, 250)

BUILD_ITEMS = (("road", A.ROAD, "1"), ("settlement", A.SETTLE, "2"), ("city", A.CITY, "3"))


class GameScene(Scene):
    @property
    def music(self) -> str:
        return "title" if self.demo else "game"

    def __init__(self, app, session: GameSession, demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.demo = demo
        self.view = BoardView(session.game.board, *BOARD_AREA)
        self.mode = "menu"          # menu | pick | dialog | handover
        self.menu = Menu([], x=RIGHT_X + 6, y=0, w=RIGHT_W - 12)
        self.dialog: dict | None = None
        self.pick: dict | None = None
        self.viewer = self._initial_viewer()
        self.fast = False
        self.message = ""
        self.message_frames = 0
        self.seen = -1              # decisions applied when the menu was last built
        self.frame = 0
        self.over_frames = 0
        self.log_scroll = 0
        self.banner = ""
        self.banner_frames = 0
        self.flash: list[int] = []
        self.flash_frames = 0
        self.anims: list[dict] = []          # short animations of events already applied
        self.dice_frames = 0
        self.robber_from = session.game.state.robber

    def _take_events(self) -> None:
        """Show what the engine's events announce: producing hexes flash,
        awards changing hands and the winner get a banner."""
        s = self.session
        audio = self.app.audio
        animate = s.speed < 3 and not self.demo
        for ev in s.events:
            k = ev["type"]
            if not self.demo:
                audio.for_event(ev, human_turn=k == "turn" and s.is_human(ev.get("player", -1)))
            if animate:
                self._animate(ev)
            if k == "robber":
                self.robber_from = ev["hex"]
            if k == "win" and not self.demo:
                audio.music("victory")
            if k == "dice" and ev["total"] != 7:
                board = s.game.board
                self.flash = [h for h, n in enumerate(board.numbers) if n == ev["total"]]
                self.flash_frames = 40
            elif k in ("longest_route", "largest_army", "win"):
                line = s.describe(ev)
                if line:
                    self.banner, self.banner_frames = line, 75
            if not self.demo and k == "turn":
                self.autosave()
            elif not self.demo and k == "win":
                self.keep_finished()
        s.events.clear()

    # --- animation ----------------------------------------------------------------------
    def _animate(self, ev: dict) -> None:
        """Start the short animation of an event (the engine has moved on
        already; this only shows what happened)."""
        k = ev["type"]
        view = self.view
        if k == "dice":
            self.dice_frames = 12
        elif k == "production":
            board = self.session.game.board
            st = self.session.game.state
            delay = 0
            for p, gains in enumerate(ev["gains"]):
                for r, n in enumerate(gains):
                    sources = [h for h, num in enumerate(board.numbers)
                               if num == ev["number"] and board.resource[h] == r and h != st.robber]
                    for i in range(min(n, 4)):
                        x0, y0 = view.hex_px(sources[i % len(sources)]) if sources else (200, 200)
                        self.anims.append({"kind": "card", "r": r, "from": (x0, y0),
                                           "to": (RIGHT_X + 40, 48 + 22 + 14 * p), "t": -delay, "n": 22})
                        delay += 2
        elif k == "robber":
            self.anims.append({"kind": "robber", "from": view.hex_px(self.robber_from), "to": view.hex_px(ev["hex"]),
                               "t": 0, "n": 14})
        elif k == "build":
            pos = view.edge_px(ev["at"]) if ev["piece"] == "road" else view.corner_px(ev["at"])
            self.anims.append({"kind": "build", "at": pos, "t": 0, "n": 14})

    def _step_anims(self, skip: bool) -> None:
        if skip:
            self.anims.clear()
            self.dice_frames = 0
            return
        if self.dice_frames:
            self.dice_frames -= 1
        for a in self.anims:
            a["t"] += 1
        self.anims = [a for a in self.anims if a["t"] < a["n"]]

    def _robber_anim_px(self):
        for a in self.anims:
            if a["kind"] == "robber":
                f = max(0.0, a["t"] / a["n"])
                (x0, y0), (x1, y1) = a["from"], a["to"]
                return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f - 20 * f * (1 - f) * 4
        return None

    def _draw_anims(self) -> None:
        import pyxel
        for a in self.anims:
            if a["t"] < 0:
                continue
            f = a["t"] / a["n"]
            if a["kind"] == "card":
                (x0, y0), (x1, y1) = a["from"], a["to"]
                x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                art.card(int(x) - 5, int(y) - 7, art.RESOURCE_COLOUR[a["r"]], 10, 14)
            elif a["kind"] == "build":
                x, y = a["at"]
                r = 4 + int(10 * f)
                pyxel.circb(x, y, r, YELLOW if a["t"] % 4 < 2 else WHITE)

    # --- saving ------------------------------------------------------------------------
    def save_to(self, name: str) -> str | None:
        """Write the game to ``name``; None, or the reason it failed."""
        from ...saves import dumps, make_save
        from ...storage import FileError
        s = self.session
        data = make_save(s.game, s.seat_dicts(), name, speed=s.speed, hashes=s.hashes)
        try:
            self.app.storage.write(name, dumps(data))
        except FileError as exc:
            return str(exc)
        return None

    def autosave(self) -> None:
        from ...saves import AUTOSAVE
        why = self.save_to(AUTOSAVE)
        if why:
            self._say(t("save.failed", why=why))

    def keep_finished(self) -> None:
        """A finished game is kept for the replay viewer; the autosave goes."""
        import time

        from ...saves import AUTOSAVE, MAX_FINISHED
        storage = self.app.storage
        name = time.strftime("finished-%Y%m%d-%H%M%S") + f"-{self.session.game.config.seed}"
        if self.save_to(name) is None:
            storage.delete(AUTOSAVE)
        old = sorted(n for n in storage.names() if n.startswith("finished-"))
        for n in old[:-MAX_FINISHED]:
            storage.delete(n)

    def _open_game_menu(self) -> None:
        items = [Item(t("game.save"), "save", "v"), Item(t("game.quit"), "quit", "q"),
                 Item(t("game.back"), "back")]

        def chosen(v):
            if v == "save":
                self._open_save_slots()
            elif v == "quit":
                from .title import TitleScene
                self.app.switch(TitleScene(self.app))
            else:
                self._close_dialog()
        self._open_dialog(t("menu.game"), items, chosen, back=self._close_dialog)

    def _open_save_slots(self) -> None:
        from ...saves import SLOTS
        from .load import slot_lines
        lines = {name: line for name, line, _ in slot_lines(self.app)}
        items = [Item(lines[slot], slot) for slot in SLOTS]
        items.append(Item(t("game.back"), "back"))

        def chosen(slot):
            if slot == "back":
                self._open_game_menu()
                return
            why = self.save_to(slot)
            self._say(t("save.failed", why=why) if why else t("save.done", n=SLOTS.index(slot) + 1), error=bool(why))
            self._close_dialog()
        self._open_dialog(t("save.title"), items, chosen, back=self._open_game_menu)

    # --- who is looking ----------------------------------------------------------
    def _initial_viewer(self):
        humans = self.session.humans
        return humans[0] if len(humans) >= 1 else None

    def shown_player(self) -> int | None:
        """Whose cards are face up in the boxes."""
        if self.mode == "handover":
            return None
        if self.viewer is None:
            return self.session.game.current
        return self.viewer

    # --- update -------------------------------------------------------------------
    def update(self, ui) -> None:
        self.frame += 1
        if self.message_frames:
            self.message_frames -= 1
        if self.banner_frames:
            self.banner_frames -= 1
        if self.flash_frames:
            self.flash_frames -= 1
        self._take_events()
        self._step_anims(skip=bool(self.anims or self.dice_frames) and (ui.any() and not ui.mouse_moved))
        s = self.session
        g = s.game
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
        if g.over:
            self.over_frames += 1
            if self.over_frames > 20 or ui.pressed(inp.OK) or ui.click:
                from .end import EndScene
                self.app.switch(EndScene(self.app, s))
            return
        if ui.pressed(inp.SKIP):
            self.fast = not self.fast
        self._scroll_log(ui)
        if not s.waiting_for_human():
            self.mode = "menu" if self.mode != "handover" else self.mode
            self.pick = self.dialog = None
            if ui.pressed(inp.OK) and self.mode != "handover":
                s.tick(fast=True)
            else:
                s.tick(fast=self.fast)
            return
        self.fast = False
        decider = g.decider
        if (g.phase == phases.OFFER_RESPONSE and self.app.settings.get("computer_offers") == "decline"
                and not s.is_human(g.state.offer["from"])):
            self.submit(Action(A.DECLINE))       # the person's standing answer (Options)
            return
        if len(s.humans) > 1 and decider != self.viewer and self.mode != "handover":
            self.mode = "handover"
            self.pick = self.dialog = None
        if self.mode == "handover":
            if ui.pressed(inp.OK) or ui.click:
                self.viewer = decider
                self.mode = "menu"
                self.seen = -1
            return
        if self.seen != len(g.history):
            self.seen = len(g.history)
            self._enter_decision()
        if self.mode == "pick":
            self._update_pick(ui)
        elif self.mode == "dialog":
            self._update_dialog(ui)
        else:
            self._update_menu(ui)

    def _scroll_log(self, ui) -> None:
        import pyxel
        wheel = pyxel.mouse_wheel
        x, y, w, h = LOG_AREA
        if wheel and x <= ui.mouse_x < x + w and y <= ui.mouse_y < y + h:
            self.log_scroll = max(0, min(len(self.session.log) - 4, self.log_scroll + wheel))
        if ui.pressed(inp.PAD_L) or ui.char("u"):
            self.log_scroll = min(max(0, len(self.session.log) - 4), self.log_scroll + 1)
        if ui.pressed(inp.PAD_R) or ui.char("j"):
            self.log_scroll = max(0, self.log_scroll - 1)

    def _say(self, text: str, error: bool = True) -> None:
        self.message = text
        self.message_frames = 90
        if error:
            self.app.audio.sfx("invalid")

    def submit(self, action: Action) -> bool:
        try:
            self.session.submit(action)
        except IllegalAction as exc:
            self._say(str(exc))
            return False
        self.seen = -1
        return True

    # --- a decision begins ----------------------------------------------------------
    def _enter_decision(self) -> None:
        """Set up the controls for the decision the engine asks for."""
        g = self.session.game
        ph = g.phase
        legal = g.legal_actions()
        self.dialog = None
        self.pick = None
        self.mode = "menu"
        if ph == phases.SETUP_SETTLEMENT:
            self._start_pick("corner", [a for a in legal if a.kind == A.SETTLE], cancel=False)
        elif ph in (phases.SETUP_ROAD, phases.ROAD_BUILDING):
            self._start_pick("edge", [a for a in legal if a.kind == A.ROAD], cancel=False)
        elif ph == phases.ROBBER:
            self._start_robber(legal)
        elif ph == phases.DISCARD:
            self._open_discard()
        elif ph == phases.OFFER_RESPONSE:
            self._open_answer(legal)
        elif ph == phases.OFFER_CONFIRM:
            self._open_confirm(legal)
        self._build_menu()

    def _build_menu(self) -> None:
        g = self.session.game
        ph = g.phase
        kinds = {a.kind for a in g.legal_actions()}
        items = []
        if ph == phases.ROLL:
            items.append(Item(t("menu.roll"), "roll", "r"))
        if ph in (phases.MAIN, phases.SPECIAL_BUILD):
            for name, kind, key in BUILD_ITEMS:
                items.append(Item(f"{t('menu.' + name)} {t('cost.' + name)}", ("build", kind), key,
                                  enabled=kind in kinds))
            items.append(Item(f"{t('menu.buy')} {t('cost.card')}", "buy", "4", enabled=A.BUY in kinds))
        if ph == phases.MAIN:
            items.append(Item(t("menu.bank"), "bank", "h", enabled=A.TRADE in kinds))
            items.append(Item(t("menu.offer"), "offer", "t", enabled=trade.may_offer(g.state)))
        if ph in (phases.ROLL, phases.MAIN):
            playable = kinds & {A.KNIGHT, A.ROAD_BUILDING, A.MONOPOLY, A.INVENTION}
            items.append(Item(t("menu.play"), "play", "p", enabled=bool(playable)))
        if ph == phases.MAIN:
            items.append(Item(t("menu.end"), "end", "e"))
        if ph == phases.SPECIAL_BUILD:
            items.append(Item(t("menu.pass"), "pass", "e"))
        items.append(Item(t("menu.game"), "gamemenu", "m"))
        index = self.menu.index if self.menu.items and len(self.menu.items) == len(items) else 0
        self.menu = Menu(items, x=RIGHT_X + 6, y=self.actions_y() + 20, w=RIGHT_W - 12, index=index)

    # --- the action menu -------------------------------------------------------------
    def _update_menu(self, ui) -> None:
        res = self.menu.handle(ui)
        if ui.pressed(inp.PAD_X):
            res = ("select", "play") if any(i.value == "play" and i.enabled for i in self.menu.items) else res
        if res and res[0] == "back":
            self._open_game_menu()
            return
        if not res or res[0] != "select":
            return
        choice = res[1]
        g = self.session.game
        legal = g.legal_actions()
        if choice == "gamemenu":
            self._open_game_menu()
        elif choice == "roll":
            self.submit(Action(A.ROLL))
        elif choice == "end":
            self.submit(Action(A.END))
        elif choice == "pass":
            self.submit(Action(A.PASS))
        elif choice == "buy":
            self.submit(Action(A.BUY))
        elif isinstance(choice, tuple) and choice[0] == "build":
            kind = choice[1]
            self._start_pick("edge" if kind == A.ROAD else "corner", [a for a in legal if a.kind == kind])
        elif choice == "bank":
            self._open_bank()
        elif choice == "offer":
            self._open_offer(counter=False)
        elif choice == "play":
            self._open_cards()

    # --- picking places on the board -------------------------------------------------
    def _start_pick(self, kind: str, acts: list, cancel: bool = True, then=None) -> None:
        if not acts:
            return
        ids = []
        by_id = {}
        for a in acts:
            if a.a not in by_id:
                ids.append(a.a)
                by_id[a.a] = []
            by_id[a.a].append(a)
        ui = self.app.input
        cursor = None
        if ui.device == "mouse":
            cursor = self.view.nearest(kind, ids, ui.mouse_x, ui.mouse_y)
        if cursor is None:
            cx, cy = BOARD_AREA[0] + BOARD_AREA[2] / 2, BOARD_AREA[1] + BOARD_AREA[3] / 2
            cursor = self.view.nearest(kind, ids, cx, cy)
        self.pick = {"kind": kind, "ids": ids, "actions": by_id, "cursor": cursor, "cancel": cancel,
                     "then": then}
        self.mode = "pick"

    def _update_pick(self, ui) -> None:
        p = self.pick
        for d in inp.DIRECTIONS:
            if ui.pressed(d):
                p["cursor"] = self.view.step(p["kind"], p["ids"], p["cursor"], d)
        if ui.pressed(inp.TAB):
            i = p["ids"].index(p["cursor"]) if p["cursor"] in p["ids"] else -1
            p["cursor"] = p["ids"][(i + 1) % len(p["ids"])]
        if ui.mouse_moved or ui.click:
            near = self.view.nearest(p["kind"], p["ids"], ui.mouse_x, ui.mouse_y,
                                     radius=self.view.s * (0.9 if p["kind"] == "hex" else 0.45))
            if near is not None:
                p["cursor"] = near
                if ui.click:
                    self._chosen(near)
                    return
        if ui.pressed(inp.OK) and p["cursor"] is not None:
            self._chosen(p["cursor"])
            return
        if ui.pressed(inp.BACK) and p["cancel"]:
            self.pick = None
            self.mode = "menu"

    def _chosen(self, i: int) -> None:
        p = self.pick
        acts = p["actions"][i]
        if p["then"] is not None:
            p["then"](i, acts)
            return
        self.submit(acts[0])

    # --- the robber ------------------------------------------------------------------
    def _start_robber(self, legal) -> None:
        self._start_pick("hex", legal, cancel=False, then=self._robber_hex)

    def _robber_hex(self, h: int, acts) -> None:
        victims = [a for a in acts if a.b != -1]
        if not victims:
            self.submit(acts[0])
            return
        st = self.session.game.state
        items = [Item(t("dialog.rob", name=self.session.name(a.b), n=sum(st.hands[a.b])), a) for a in victims]
        items.append(Item(t("dialog.nobody"), Action(A.ROBBER, h, -1)))
        self._open_dialog(t("dialog.victim"), items, self._pick_action, back=self._back_to_robber)

    def _back_to_robber(self) -> None:
        self._start_robber(self.session.game.legal_actions())

    # --- dialogs ---------------------------------------------------------------------
    def _open_dialog(self, title: str, items: list[Item], on_select, on_adjust=None, back=None,
                     lines: list[str] | None = None) -> None:
        x, y, w, h = DIALOG
        top = y + 24 + 15 * len(lines or [])
        self.dialog = {"title": title, "menu": Menu(items, x=x + 10, y=top, w=w - 20,
                                                    visible_rows=max(3, (y + h - 8 - top) // 15)),
                       "on_select": on_select, "on_adjust": on_adjust, "back": back, "lines": lines or []}
        self.mode = "dialog"

    def _update_dialog(self, ui) -> None:
        d = self.dialog
        res = d["menu"].handle(ui)
        if not res:
            return
        if res[0] == "back":
            if d["back"] is not None:
                d["back"]()
            return
        if res[0] == "adjust":
            if d["on_adjust"] is not None:
                d["on_adjust"](res[1], res[2])
            return
        d["on_select"](res[1])

    def _close_dialog(self) -> None:
        self.dialog = None
        self.mode = "menu"

    def _pick_action(self, act) -> None:
        if act == "cancel":
            self._close_dialog()
            return
        self.submit(act)

    def _open_discard(self) -> None:
        st = self.session.game.state
        p = self.session.game.decider
        items = [Item(f"{t(f'res.{r}')} ({st.hands[p][r]})", Action(A.DISCARD, r), enabled=st.hands[p][r] > 0)
                 for r in range(5)]
        self._open_dialog(t("dialog.discard", n=st.discards[0][1]), items, self._pick_action)

    def _open_bank(self) -> None:
        g = self.session.game
        trades = [a for a in g.legal_actions() if a.kind == A.TRADE]
        gives = []
        for a in trades:
            if (a.a, a.c) not in gives:
                gives.append((a.a, a.c))
        items = [Item(t("dialog.bank_give", ratio=c, res=t(f"res.{r}")), r) for r, c in gives]
        items.append(Item(t("menu.cancel"), "cancel"))

        def chosen_give(r):
            if r == "cancel":
                self._close_dialog()
                return
            gets = [a for a in trades if a.a == r]
            items2 = [Item(t("dialog.bank_get", res=t(f"res.{a.b}")), a) for a in gets]
            items2.append(Item(t("menu.cancel"), "cancel"))
            self._open_dialog(t("dialog.bank"), items2, self._pick_action, back=self._open_bank)
        self._open_dialog(t("dialog.bank"), items, chosen_give, back=self._close_dialog)

    def _open_cards(self) -> None:
        g = self.session.game
        legal = g.legal_actions()
        kinds = {a.kind for a in legal}
        items = []
        names = {A.KNIGHT: "knight", A.ROAD_BUILDING: "road_building", A.MONOPOLY: "monopoly",
                 A.INVENTION: "invention"}
        for kind, name in names.items():
            if kind in kinds:
                items.append(Item(t(f"dev.{name}"), kind))
        items.append(Item(t("menu.cancel"), "cancel"))

        def chosen(kind):
            if kind == "cancel":
                self._close_dialog()
            elif kind in (A.KNIGHT, A.ROAD_BUILDING):
                self.submit(Action(kind))
            elif kind == A.MONOPOLY:
                items2 = [Item(t(f"res.{r}"), Action(A.MONOPOLY, r)) for r in range(5)]
                self._open_dialog(t("dialog.monopoly"), items2, self._pick_action, back=self._open_cards)
            elif kind == A.INVENTION:
                self._invention([])
        self._open_dialog(t("dialog.card"), items, chosen, back=self._close_dialog)

    def _invention(self, picked: list[int]) -> None:
        g = self.session.game
        options = [a for a in g.legal_actions() if a.kind == A.INVENTION]
        possible = set()
        for a in options:
            pair = [a.a, a.b]
            ok = True
            for r in picked:
                if r in pair:
                    pair.remove(r)
                else:
                    ok = False
            if ok:
                possible.update(pair)
        items = [Item(t(f"res.{r}"), r) for r in range(5) if r in possible]

        def chosen(r):
            now = picked + [r]
            if len(now) == 2:
                a, b = sorted(now)
                self.submit(Action(A.INVENTION, a, b))
            else:
                self._invention(now)
        self._open_dialog(t("dialog.invention", n=2 - len(picked)), items, chosen, back=self._open_cards)

    # --- domestic trade ------------------------------------------------------------------
    def _open_offer(self, counter: bool) -> None:
        st = self.session.game.state
        if counter:
            off = st.offer
            # Start from the offer seen from the offerer's side.
            self.offer_terms = {"give": list(off["give"]), "get": list(off["get"]), "to": -1}
        else:
            self.offer_terms = {"give": [0] * 5, "get": [0] * 5, "to": -1}
        self.offer_counter = counter
        self._offer_dialog()

    def _offer_dialog(self) -> None:
        terms = self.offer_terms
        counter = self.offer_counter
        # In a counter-offer the person answering gives what the offerer gets.
        mine, theirs = ("get", "give") if counter else ("give", "get")
        items = []
        for r in range(5):
            items.append(Item(t("dialog.give", res=t(f"res.{r}"), n=terms[mine][r]), (mine, r), adjustable=True))
        for r in range(5):
            items.append(Item(t("dialog.get", res=t(f"res.{r}"), n=terms[theirs][r]), (theirs, r),
                              adjustable=True))
        if not counter:
            who = t("dialog.all") if terms["to"] == -1 else self.session.name(terms["to"])
            items.append(Item(t("dialog.to", who=who), "to", adjustable=True))
        items.append(Item(t("dialog.send_counter") if counter else t("dialog.send"), "send"))
        items.append(Item(t("menu.cancel"), "cancel"))
        index = self.dialog["menu"].index if self.dialog and self.dialog.get("offer") else 0
        self._open_dialog(t("dialog.offer"), items, self._offer_select, self._offer_adjust,
                          back=self._offer_cancel)
        self.dialog["offer"] = True
        self.dialog["menu"].index = index
        self.dialog["menu"]._first_enabled()

    def _offer_adjust(self, key, d: int) -> None:
        terms = self.offer_terms
        if key == "to":
            n = self.session.game.state.players
            me = self.session.game.decider
            choices = [-1] + [p for p in range(n) if p != me]
            terms["to"] = choices[(choices.index(terms["to"]) + d) % len(choices)]
        else:
            side, r = key
            terms[side][r] = max(0, min(9, terms[side][r] + d))
        self._offer_dialog()

    def _offer_select(self, key) -> None:
        if key == "cancel":
            self._offer_cancel()
            return
        if key != "send":
            return
        terms = self.offer_terms
        if self.offer_counter:
            act = Action(A.COUNTER, tuple(terms["give"]), tuple(terms["get"]))
        else:
            act = Action(A.OFFER, tuple(terms["give"]), tuple(terms["get"]), terms["to"])
        self.submit(act)

    def _offer_cancel(self) -> None:
        if self.offer_counter:
            self._open_answer(self.session.game.legal_actions())
        else:
            self._close_dialog()

    def _open_answer(self, legal) -> None:
        st = self.session.game.state
        off = st.offer
        lines = [t("dialog.answer", name=self.session.name(off["from"]), give=cards_text(off["give"])),
                 t("dialog.answer_for", get=cards_text(off["get"]))]
        items = [Item(t("dialog.accept"), Action(A.ACCEPT), "y", enabled=Action(A.ACCEPT) in legal),
                 Item(t("dialog.decline"), Action(A.DECLINE), "n"),
                 Item(t("dialog.counter"), "counter", "c")]

        def chosen(v):
            if v == "counter":
                self._open_offer(counter=True)
            else:
                self.submit(v)
        self._open_dialog(t("dialog.offer"), items, chosen, lines=lines)

    def _open_confirm(self, legal) -> None:
        st = self.session.game.state
        items = []
        for q, kind, give, get in st.offer["answers"]:
            if kind == "decline":
                continue
            act = Action(A.CONFIRM, q)
            items.append(Item(t("dialog.take", name=self.session.name(q), give=cards_text(give),
                                get=cards_text(get)), act, enabled=act in legal))
        items.append(Item(t("dialog.withdraw"), Action(A.CANCEL)))
        self._open_dialog(t("dialog.confirm"), items, self._pick_action)

    # --- drawing ---------------------------------------------------------------------------
    def actions_y(self) -> int:
        return 258 if self.session.game.config.players <= 4 else 286

    def draw(self) -> None:
        import pyxel
        pyxel.cls(BLUE)
        g = self.session.game
        st = g.state
        highlight = cursor = None
        if self.mode == "pick" and self.pick:
            highlight = (self.pick["kind"], self.pick["ids"])
            cursor = (self.pick["kind"], self.pick["cursor"])
        self.view.draw(st, highlight, cursor, blink=(self.frame // 10) % 2 == 0, robber_px=self._robber_anim_px())
        if self.flash_frames and (self.flash_frames // 5) % 2 == 0:
            for h in self.flash:
                if h != st.robber:
                    x, y = self.view.hex_px(h)
                    pyxel.circb(x, y + 3, 12, YELLOW)
                    pyxel.circb(x, y + 3, 13, YELLOW)
        if self.banner_frames:
            w = min(BOARD_AREA[2] - 20, font.width(self.banner, "bold") + 24)
            x = BOARD_AREA[0] + (BOARD_AREA[2] - w) // 2
            box(x, 8, w, 26)
            font.text(x + 12, 14, font.fit(self.banner, w - 24, "bold"), RED, "bold")
        self._draw_log()
        self._draw_turn_box()
        self._draw_hand_box(self._draw_players_box(48) + 2)
        self._draw_actions_box()
        self._draw_status()
        self._draw_anims()
        if self.mode == "dialog" and self.dialog:
            self._draw_dialog()
        if self.mode == "handover":
            self._draw_handover()

    def _draw_turn_box(self) -> None:
        g = self.session.game
        st = g.state
        founding = g.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
        p = g.decider if founding else g.current
        box(RIGHT_X, 0, RIGHT_W, 46, t("box.turn", name=self.session.name(p)))
        art.swatch(RIGHT_X + 8, 24, 12, 12, p)
        shown = self.shown_player()
        vp = st.vp(p) if (shown == p or g.over) else st.public_vp(p)
        font.text(RIGHT_X + 26, 24, t("box.points", vp=vp, target=g.config.vp_target), BLACK)
        if st.dice:
            for i, d in enumerate(st.dice):
                if self.dice_frames:
                    d = (self.frame * (3 + 2 * i) + i) % 6 + 1      # tumbling
                self._die(RIGHT_X + RIGHT_W - 46 + 20 * i, 22, d)

    def _die(self, x: int, y: int, value: int) -> None:
        import pyxel
        pyxel.rect(x, y, 17, 17, WHITE)
        pyxel.rectb(x, y, 17, 17, BLACK)
        spots = {1: [(8, 8)], 2: [(4, 4), (12, 12)], 3: [(4, 4), (8, 8), (12, 12)],
                 4: [(4, 4), (12, 4), (4, 12), (12, 12)], 5: [(4, 4), (12, 4), (8, 8), (4, 12), (12, 12)],
                 6: [(4, 4), (12, 4), (4, 8), (12, 8), (4, 12), (12, 12)]}[value]
        for sx, sy in spots:
            pyxel.rect(x + sx - 1, y + sy - 1, 2, 2, RED if value in (1,) else BLACK)

    def _draw_players_box(self, y: int) -> int:
        import pyxel
        g = self.session.game
        st = g.state
        n = st.players
        h = 30 + 14 * n
        box(RIGHT_X, y, RIGHT_W, h, t("box.players"))
        font.text(RIGHT_X + 6, y + h - 12, font.fit(t("legend"), RIGHT_W - 12, "small"), DARK_GREY, "small")
        for p in range(n):
            yy = y + 20 + 14 * p
            art.swatch(RIGHT_X + 6, yy + 1, 9, 9, p)
            if p == g.current:
                pyxel.tri(RIGHT_X + 2, yy + 2, RIGHT_X + 2, yy + 9, RIGHT_X + 5, yy + 5, RED)
            vp = st.vp(p) if (self.shown_player() == p or g.over) else st.public_vp(p)
            name = font.fit(self.session.name(p), 52, "small")
            font.text(RIGHT_X + 18, yy + 1, name, BLACK, "small")
            info = (f"{vp:>2}P {sum(st.hands[p]):>2}C {sum(st.dev_hand[p])}D "
                    f"{st.dev_played[p][0]}K {st.route_len[p]:>2}R")
            font.text(RIGHT_X + 70, yy + 1, info, BLACK, "small")
            marks = ("L" if st.longest == p else "") + ("A" if st.army == p else "")
            if marks:
                font.text(RIGHT_X + RIGHT_W - 18, yy + 1, marks, RED, "small")
        return y + h

    def _draw_hand_box(self, y: int) -> int:
        g = self.session.game
        st = g.state
        shown = self.shown_player()
        title = (t("box.hand") if (shown is not None and self.session.is_human(shown))
                 else t("box.hand_of", name=self.session.name(shown)) if shown is not None else t("box.hand"))
        h = self.actions_y() - y - 2
        box(RIGHT_X, y, RIGHT_W, h, title)
        if shown is None:
            font.text(RIGHT_X + 8, y + 24, t("hidden"), DARK_GREY)
            return y + h
        for r in range(5):
            x = RIGHT_X + 8 + 40 * r
            art.card(x, y + 20, art.RESOURCE_COLOUR[r], 16, 22)
            font.text(x + 19, y + 26, str(st.hands[shown][r]), BLACK, "bold")
            font.text(x - 1, y + 43, t(f"res.{r}")[:5], BLACK, "small")
        dev = self.session.dev_cards_of(shown)
        line = ", ".join(f"{held} {t('dev.' + name)}" for name, held, _ in dev) or "-"
        font.text(RIGHT_X + 8, y + 56, font.fit(line, RIGHT_W - 16, "small"), BLUE, "small")
        bank = " ".join(f"{t(f'res.{r}')[:2]}{st.bank[r]}" for r in range(5))
        font.text(RIGHT_X + 8, y + 68, font.fit(f"{t('box.bank')}: {bank}", RIGHT_W - 16, "small"), DARK_GREY,
                  "small")
        font.text(RIGHT_X + 8, y + 78, t("deck", n=len(st.deck)), DARK_GREY, "small")
        return y + h

    def _draw_actions_box(self) -> None:
        y = self.actions_y()
        box(RIGHT_X, y, RIGHT_W, STATUS_Y - y - 2, t("box.actions"))
        if self.session.waiting_for_human() and self.mode in ("menu", "pick", "dialog"):
            self.menu.focused = self.mode == "menu"
            self.menu.draw()

    def _draw_log(self) -> None:
        x, y, w, h = LOG_AREA
        sunken(x + 2, y, w - 4, h)
        log = self.session.log
        lines = 6
        end = len(log) - self.log_scroll
        for i, line in enumerate(log[max(0, end - lines):end]):
            font.text(x + 6, y + 3 + 10 * i, font.fit(line, w - 12, "small"), LIGHT_CYAN if i % 2 else WHITE,
                      "small")

    def _draw_status(self) -> None:
        import pyxel
        pyxel.rect(0, STATUS_Y, 640, 20, GREY)
        pyxel.line(0, STATUS_Y, 639, STATUS_Y, WHITE)
        text = self.session.status()
        if self.mode == "pick" and self.session.waiting_for_human():
            text = f"{text} - {t('status.pick')}" if self.pick and self.pick["cancel"] else text
        colour = BLACK
        if self.message_frames:
            text, colour = self.message, RED
        if self.demo:
            text = t("demo")
        font.text(6, STATUS_Y + 4, font.fit(text, 628), colour)

    def _draw_dialog(self) -> None:
        x, y, w, h = DIALOG
        d = self.dialog
        box(x, y, w, h, d["title"])
        for i, line in enumerate(d["lines"]):
            font.text(x + 10, y + 24 + 15 * i, font.fit(line, w - 20), BLACK)
        d["menu"].draw()

    def _draw_handover(self) -> None:
        import pyxel
        x, y, w, h = 90, 140, 460, 120
        pyxel.dither(0.5)
        pyxel.rect(0, 0, 640, STATUS_Y, BLACK)
        pyxel.dither(1.0)
        box(x, y, w, h, t("handover.title"))
        p = self.session.game.decider
        art.swatch(x + 16, y + 36, 24, 24, p)
        font.text(x + 52, y + 40, t("handover.text", name=self.session.name(p)), BLACK, "bold")
        font.text(x + 52, y + 70, t("handover.hint"), DARK_GREY)

"""A test player that uses the game only through its inputs: keys, gamepad
buttons or the mouse, looking at what the screen shows (menus, dialogs,
highlighted places) the way a person would."""

from __future__ import annotations

import pyxel

from retrocatan.engine import phases
from retrocatan.ui.prompts.board_pick import BoardPick
from retrocatan.ui.prompts.dialog import Dialog
from retrocatan.ui.prompts.discard import Discard
from retrocatan.ui.scenes.end import EndScene
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.setup import SetupScene
from retrocatan.ui.scenes.title import TitleScene

KEYS = {
    "keyboard": {"up": pyxel.KEY_UP, "down": pyxel.KEY_DOWN, "left": pyxel.KEY_LEFT, "right": pyxel.KEY_RIGHT,
                 "ok": pyxel.KEY_RETURN, "back": pyxel.KEY_ESCAPE},
    "gamepad": {"up": pyxel.GAMEPAD1_BUTTON_DPAD_UP, "down": pyxel.GAMEPAD1_BUTTON_DPAD_DOWN,
                "left": pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, "right": pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT,
                "ok": pyxel.GAMEPAD1_BUTTON_A, "back": pyxel.GAMEPAD1_BUTTON_B},
}


class Robot:
    def __init__(self, app, device: str) -> None:
        self.app = app
        self.device = device
        self.frames = 0
        self.inputs = 0
        self.traded: set = set()

    # --- raw input -------------------------------------------------------------------
    def frame(self) -> None:
        self.app.update()
        self.app.draw()
        pyxel.flip()
        self.frames += 1

    def press(self, command: str) -> None:
        assert self.device in KEYS, "the mouse robot never presses keys"
        key = KEYS[self.device][command]
        pyxel.set_btn(key, True)
        self.frame()
        pyxel.set_btn(key, False)
        self.frame()
        self.inputs += 1

    def press_key(self, key: int) -> None:
        """A key of the keyboard (whatever the robot's device), pressed and let go."""
        pyxel.set_btn(key, True)
        self.frame()
        pyxel.set_btn(key, False)
        self.frame()
        self.inputs += 1

    def click(self, x: float, y: float, right: bool = False) -> None:
        assert self.device == "mouse"
        pyxel.set_mouse_pos(int(x), int(y))
        self.frame()
        button = pyxel.MOUSE_BUTTON_RIGHT if right else pyxel.MOUSE_BUTTON_LEFT
        pyxel.set_btn(button, True)
        self.frame()
        pyxel.set_btn(button, False)
        self.frame()
        self.inputs += 1

    # --- menus ----------------------------------------------------------------------------
    def choose(self, menu, want, adjust: int = 0) -> None:
        """Select (or, with ``adjust``, change) the item whose value is ``want``."""
        index = next(i for i, it in enumerate(menu.items) if it.value == want)
        if self.device == "mouse":
            x, y, w, h = menu.item_rect(index)
            if index < menu.scroll or index >= menu.scroll + menu.visible_rows:
                # Scroll by choosing neighbours first (rare: long lists).
                raise AssertionError("item not visible")
            if adjust:
                self.click(x + (w * 3 // 4 if adjust > 0 else w // 4), y + h // 2)
            else:
                self.click(x + w // 2, y + h // 2)
            return
        scene = self.app.scene
        follow = menu is getattr(scene, "menu", None)     # the screen's own menu (not a prompt's)
        step = getattr(getattr(scene, "session", None), "step", None)
        for _ in range(len(menu.items) + 1):
            if menu.index == index:
                break
            self.press("down")
            if follow:
                if self._decided_meanwhile(scene, step):
                    return          # a clock ran out between two presses: the turn has gone on, as a person finds
                menu, index = self._followed(menu, want, index)
        assert menu.index == index, "could not reach the menu item"
        if adjust:
            self.press("right" if adjust > 0 else "left")
        else:
            self.press("ok")

    def _decided_meanwhile(self, scene, step) -> bool:
        """The game screen left, or its game moved past the decision the menu was for (a network
        game's clock decided it)."""
        return self.app.scene is not scene or (step is not None and scene.session.step != step)

    def _followed(self, menu, want, index: int) -> tuple:
        """The screen's menu now, and ``want``'s place in it: a screen may build its menu anew
        between two presses (an answer from a server came), keeping the cursor where it was; a
        person simply goes on pressing in the new one."""
        now = getattr(self.app.scene, "menu", None)
        if now is None or now is menu or not any(it.value == want for it in now.items):
            return menu, index
        return now, next(i for i, it in enumerate(now.items) if it.value == want)

    # --- screens ------------------------------------------------------------------------
    def new_game(self, players: int, seats: list[str], seed: int, board: str | None = None,
                 speed: int | None = 3) -> None:
        """From the title: players, seats, the board (None: as it comes, the
        random island) and the computer speed (None: as it comes, the
        player's option; 3 is "instant") chosen on the new-game screen."""
        assert isinstance(self.app.scene, TitleScene)
        self.choose(self.app.scene.menu, "new")
        scene = self.app.scene
        assert isinstance(scene, SetupScene)
        while scene.players != players:
            self.choose(scene.menu, "players", adjust=1 if scene.players < players else -1)
        for s, kind in enumerate(seats):
            guard = 0
            while scene.kinds[s] != kind:
                self.choose(scene.menu, ("seat", s), adjust=1)
                guard += 1
                assert guard < 5
        guard = 0
        while board is not None and scene.board != board:
            self.choose(scene.menu, "board", adjust=1)
            guard += 1
            assert guard < 30, f"no board {board!r} for {players} players"
        while speed is not None and self.app.settings["speed"] != speed:
            self.choose(scene.menu, "speed", adjust=1)
        scene.seed = seed           # typing a seed is tested on its own
        scene._build()
        self.choose(scene.menu, "start")
        assert isinstance(self.app.scene, GameScene)

    def play_to_end(self, max_frames: int = 60_000) -> None:
        start = self.frames
        while not isinstance(self.app.scene, EndScene):
            assert self.frames - start < max_frames, "the game did not end"
            scene = self.app.scene
            assert isinstance(scene, GameScene)
            self.step(scene)

    def step(self, scene: GameScene) -> None:
        s = scene.session
        if scene.handover:
            self.confirm_anywhere()
            return
        if not s.waiting_for_human() or scene.seen != s.step:
            self.frame()
            return
        prompt = scene.prompt
        if isinstance(prompt, BoardPick):
            self.pick(scene, prompt)
        elif isinstance(prompt, Dialog):
            self.dialog(scene, prompt)
        else:
            self.menu_turn(scene)

    def confirm_anywhere(self) -> None:
        if self.device == "mouse":
            self.click(320, 200)
        else:
            self.press("ok")

    def look_at(self, view, kind: str, place: int) -> None:
        """Scroll a big map until ``place`` shows, as a person with a mouse
        does: resting the pointer at the edge of the map on its side."""
        ax, ay, w, h = view.area
        still, last = 0, None
        for _ in range(400):
            x, y = view.target_px(kind, place)
            still = still + 1 if (x, y) == last else 0
            if view.visible(x, y, 24) or still > 20:       # in view, or as far as the map scrolls
                return
            last = (x, y)
            px = ax + 1 if x < ax + 24 else ax + w - 2 if x >= ax + w - 24 else ax + w // 2
            py = ay + 1 if y < ay + 24 else ay + h - 2 if y >= ay + h - 24 else ay + h // 2
            pyxel.set_mouse_pos(px, py)
            self.frame()

    def pick(self, scene: GameScene, prompt: BoardPick) -> None:
        if self.device == "mouse":
            self.look_at(scene.view, prompt.kind, prompt.cursor)
            x, y = scene.view.target_px(prompt.kind, prompt.cursor)
            self.click(x, y)
        else:
            # Move the cursor once (the way a person looks around), then take what it shows.
            self.press("right")
            self.press("ok")
        if scene.prompt is prompt and prompt.marked is not None:
            # "Confirm placements": the first choice marks the place, the second places the piece.
            if self.device == "mouse":
                self.click(*scene.view.target_px(prompt.kind, prompt.marked))
            else:
                self.press("ok")

    def discard(self, prompt: Discard) -> None:
        """Choose the cards from the first resources held, then confirm."""
        for r in range(5):
            while prompt.total < prompt.due and prompt.chosen[r] < prompt.hand[r]:
                self.choose(prompt.menu, ("res", r), adjust=1)
        self.choose(prompt.menu, "confirm")

    def dialog(self, scene: GameScene, prompt: Dialog) -> None:
        if isinstance(prompt, Discard):
            self.discard(prompt)
            return
        menu = prompt.menu
        values = [it.value for it in menu.items]
        g = scene.session.game
        if g.phase == phases.OFFER_RESPONSE:
            want = next(v for v in values if getattr(v, "kind", None) == "decline")
        elif any(getattr(v, "kind", None) == "trade" for v in values):
            # Second step of a bank trade: take what a road needs most.
            hand = g.state.hands[g.decider]
            trades = [v for v in values if getattr(v, "kind", None) == "trade"]
            want = min(trades, key=lambda a: (hand[a.b] if a.b in (0, 1) else 99, a.b))
        else:
            want = next(it.value for it in menu.items if it.enabled)
        self.choose(menu, want)

    def menu_turn(self, scene: GameScene) -> None:
        menu = scene.menu
        enabled = {it.value for it in menu.items if it.enabled}
        g = scene.session.game
        if g.phase == phases.ROLL:
            self.choose(menu, "roll")
            return
        for want in (("build", "city"), ("build", "settle"), ("build", "road")):
            if want in enabled and (want[1] != "road" or g.state.pieces[g.decider]["roads"] > 9):
                self.choose(menu, want)
                return
        key = (g.state.turn, g.decider)
        if "bank" in enabled and key not in self.traded:
            self.traded.add(key)      # one trade with the bank a turn, toward a building
            self.choose(menu, "bank")
            return
        self.choose(menu, "end" if "end" in enabled else "pass")

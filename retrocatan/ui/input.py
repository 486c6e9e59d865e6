"""One input object per frame: keyboard, gamepad and mouse mapped to the
same abstract commands (UP, DOWN, LEFT, RIGHT, OK, BACK, TAB, SKIP, and
letter/digit shortcuts), so every screen works with any of the three.
It is the one reader of Pyxel's keys, buttons, sticks and mouse: a screen
that needs a key itself (F1, Enter, typing a text), a pad button itself
(the on-screen keyboard), or what is held (scrolling a map) asks it here
too (tests/test_input_reads.py)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import pyxel

UP, DOWN, LEFT, RIGHT, OK, BACK, TAB, SKIP = "up", "down", "left", "right", "ok", "back", "tab", "skip"
PAD_X, PAD_L, PAD_R = "pad_x", "pad_l", "pad_r"
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
# Named keys for screens that need the key itself (the scenario editor: function keys, typing a text):
F1, F2, F3, F5 = "f1", "f2", "f3", "f5"
ENTER, ESCAPE, ERASE = "enter", "escape", "erase"       # Return or keypad Enter; Esc; Backspace (repeats)
DELETE, HOME, END = "delete", "home", "end"
PLUS, MINUS = "plus", "minus"       # + (also = and the keypad's +); - (also the keypad's -)
CTRL = "ctrl+"              # Ctrl (or the Command key) held with a letter: ``key(CTRL + "s")``
ERASE_HOLD, ERASE_REPEAT = 12, 3
# Pad buttons for screens that need the button itself (``button``): the on-screen keyboard, the help.
A, B, X, Y, START, R3 = "a", "b", "x", "y", "start", "r3"
# What is held down (``holding``): Shift, the keyboard's arrows (or WASD) by direction, the middle mouse button.
SHIFT, MIDDLE = "shift", "middle"

STICK_DEAD_ZONE = 12000      # of 32767: a resting stick does not move the cursor
HOLD, REPEAT = 12, 4         # frames before a held direction repeats, and between repeats


class Keys(NamedTuple):
    """What ``Input.poll`` reads, as (name, Pyxel's key or keys) pairs: built at the first poll,
    from the constants of the Pyxel that runs (a stand-in without them can import this module)."""

    keyboard: tuple
    chars: tuple            # the letters but WASD (the arrows' other keys), and the digits: shortcuts
    pad: tuple
    named: tuple
    ctrl: tuple
    pad_buttons: tuple
    held: tuple
    keyboard_keys: tuple    # ``keyboard``, ``named`` and ``held`` as flat (name, key) pairs
    named_keys: tuple
    held_keys: tuple


@cache
def key_table() -> Keys:
    keyboard = ((UP, (pyxel.KEY_UP, pyxel.KEY_W)), (DOWN, (pyxel.KEY_DOWN, pyxel.KEY_S)),
                (LEFT, (pyxel.KEY_LEFT, pyxel.KEY_A)), (RIGHT, (pyxel.KEY_RIGHT, pyxel.KEY_D)),
                (OK, (pyxel.KEY_RETURN, pyxel.KEY_SPACE, pyxel.KEY_KP_ENTER)),
                (BACK, (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE)), (TAB, (pyxel.KEY_TAB,)))
    char_keys = tuple((ch, getattr(pyxel, f"KEY_{ch.upper()}")) for ch in "abcdefghijklmnopqrstuvwxyz"
                      if ch not in "wasd") + tuple((str(d), getattr(pyxel, f"KEY_{d}")) for d in range(10))
    pad = ((UP, pyxel.GAMEPAD1_BUTTON_DPAD_UP), (DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN),
           (LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT), (RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT),
           (OK, pyxel.GAMEPAD1_BUTTON_A), (BACK, pyxel.GAMEPAD1_BUTTON_B), (SKIP, pyxel.GAMEPAD1_BUTTON_Y),
           (PAD_X, pyxel.GAMEPAD1_BUTTON_X), (PAD_L, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER),
           (PAD_R, pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER), (TAB, pyxel.GAMEPAD1_BUTTON_BACK))
    named_keys = ((F1, (pyxel.KEY_F1,)), (F2, (pyxel.KEY_F2,)), (F3, (pyxel.KEY_F3,)), (F5, (pyxel.KEY_F5,)),
                  (ESCAPE, (pyxel.KEY_ESCAPE,)), (ENTER, (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER)),
                  (DELETE, (pyxel.KEY_DELETE,)), (HOME, (pyxel.KEY_HOME,)), (END, (pyxel.KEY_END,)),
                  (PLUS, (pyxel.KEY_PLUS, pyxel.KEY_EQUALS, pyxel.KEY_KP_PLUS)),
                  (MINUS, (pyxel.KEY_MINUS, pyxel.KEY_KP_MINUS)))
    ctrl_keys = tuple((ch, getattr(pyxel, f"KEY_{ch.upper()}")) for ch in "syz")
    pad_buttons = ((A, pyxel.GAMEPAD1_BUTTON_A), (B, pyxel.GAMEPAD1_BUTTON_B), (X, pyxel.GAMEPAD1_BUTTON_X),
                   (Y, pyxel.GAMEPAD1_BUTTON_Y), (START, pyxel.GAMEPAD1_BUTTON_START),
                   (R3, pyxel.GAMEPAD1_BUTTON_RIGHTSTICK))
    held_keys = ((LEFT, (pyxel.KEY_LEFT, pyxel.KEY_A)), (RIGHT, (pyxel.KEY_RIGHT, pyxel.KEY_D)),
                 (UP, (pyxel.KEY_UP, pyxel.KEY_W)), (DOWN, (pyxel.KEY_DOWN, pyxel.KEY_S)),
                 (SHIFT, (pyxel.KEY_SHIFT,)), (MIDDLE, (pyxel.MOUSE_BUTTON_MIDDLE,)))
    def flat(pairs: tuple) -> tuple:
        return tuple((name, k) for name, ks in pairs for k in ks)

    return Keys(keyboard, char_keys, pad, named_keys, ctrl_keys, pad_buttons, held_keys,
                flat(keyboard), flat(named_keys), flat(held_keys))


def device_in_use(app) -> str:
    """The device of the app's latest input ("keyboard", "gamepad" or
    "mouse"; "keyboard" before any), for hints that name keys or buttons."""
    return getattr(getattr(app, "input", None), "device", "keyboard")


class Input:
    """Read once per frame with ``poll()``; scenes ask ``pressed(cmd)``."""

    def __init__(self) -> None:
        self.commands: set[str] = set()
        self.chars: set[str] = set()
        self.mouse_x = self.mouse_y = -1
        self.mouse_moved = False
        self.click = False
        self.device = "keyboard"
        self.keys: set[str] = set()     # named keys pressed this frame (``key``)
        self.typed = ""                 # the text typed on the physical keyboard this frame
        self.wheel = 0                  # the mouse wheel's turn this frame
        self.buttons: set[str] = set()  # pad buttons that went down this frame (``button``)
        self.repeated: set[str] = set()     # the same, held ones repeating as the directions do
        self.held: set[str] = set()     # what is held down now (``holding``)
        self.right_stick = (0, 0)       # the right stick's axes, -32767..32767
        self._stick_held: dict[str, int] = {}
        self.settings: dict = {}        # the person's options (the app's: prompts read "confirm placements")

    def pressed(self, cmd: str) -> bool:
        return cmd in self.commands

    def char(self, ch: str) -> bool:
        return ch.lower() in self.chars

    def key(self, name: str) -> bool:
        """A named key (F1, F2, F3, F5, ENTER, ESCAPE, ERASE, DELETE, HOME,
        END, PLUS, MINUS, CTRL + letter) went down this frame; these do not
        count for ``any``."""
        return name in self.keys

    def button(self, name: str, repeat: bool = False) -> bool:
        """A pad button (A, B, X, Y, START, R3) went down this frame; with
        ``repeat``, also every few frames while held, as the directions do.
        These do not count for ``any``."""
        return name in (self.repeated if repeat else self.buttons)

    def holding(self, name: str) -> bool:
        """SHIFT, MIDDLE (the mouse button) or a direction's arrow key (or
        its WASD letter) is held down now."""
        return name in self.held

    def any(self) -> bool:
        return bool(self.commands or self.chars or self.click)

    def poll(self) -> None:
        btnp, table = pyxel.btnp, key_table()
        cmds: set[str] = set()
        chars: set[str] = set()
        # Each table is walked as flat (name, key) pairs: a frame reads some 80 keys, most frames none is down.
        for cmd, k in table.keyboard_keys:
            if btnp(k, HOLD, REPEAT):
                cmds.add(cmd)
        if cmds:
            self.device = "keyboard"
        for ch, k in table.chars:
            if btnp(k):
                chars.add(ch)
        if chars:
            self.device = "keyboard"
        if btnp(pyxel.KEY_F):
            cmds.add(SKIP)
        for cmd, button in table.pad:
            if btnp(button, HOLD, REPEAT):
                cmds.add(cmd)
                self.device = "gamepad"
        # Left stick as a d-pad, with a dead zone and the same auto-repeat.
        x = pyxel.btnv(pyxel.GAMEPAD1_AXIS_LEFTX)
        y = pyxel.btnv(pyxel.GAMEPAD1_AXIS_LEFTY)
        held = {LEFT: x < -STICK_DEAD_ZONE, RIGHT: x > STICK_DEAD_ZONE,
                UP: y < -STICK_DEAD_ZONE, DOWN: y > STICK_DEAD_ZONE}
        for cmd, on in held.items():
            if on:
                n = self._stick_held.get(cmd, 0)
                if n == 0 or (n >= HOLD and (n - HOLD) % REPEAT == 0):
                    cmds.add(cmd)
                    self.device = "gamepad"
                self._stick_held[cmd] = n + 1
            else:
                self._stick_held.pop(cmd, None)

        mx, my = pyxel.mouse_x, pyxel.mouse_y
        self.mouse_moved = (mx, my) != (self.mouse_x, self.mouse_y) and self.mouse_x != -1
        self.mouse_x, self.mouse_y = mx, my
        self.click = btnp(pyxel.MOUSE_BUTTON_LEFT)
        if btnp(pyxel.MOUSE_BUTTON_RIGHT):
            cmds.add(BACK)
        if self.click or self.mouse_moved:
            self.device = "mouse"
        self.commands, self.chars = cmds, chars
        self._poll_keys()

    def _poll_keys(self) -> None:
        btnp, btn, table = pyxel.btnp, pyxel.btn, key_table()
        named = {name for name, k in table.named_keys if btnp(k)}
        if btnp(pyxel.KEY_BACKSPACE, hold=ERASE_HOLD, repeat=ERASE_REPEAT):
            named.add(ERASE)
        if btn(pyxel.KEY_CTRL) or btn(pyxel.KEY_GUI):
            named.update(CTRL + ch for ch, k in table.ctrl if btnp(k))
        self.keys = named
        self.typed = pyxel.input_text
        self.wheel = pyxel.mouse_wheel
        self.buttons = {name for name, b in table.pad_buttons if btnp(b)}
        self.repeated = {name for name, b in table.pad_buttons if btnp(b, hold=HOLD, repeat=REPEAT)}
        self.held = {name for name, k in table.held_keys if btn(k)}
        self.right_stick = (pyxel.btnv(pyxel.GAMEPAD1_AXIS_RIGHTX), pyxel.btnv(pyxel.GAMEPAD1_AXIS_RIGHTY))

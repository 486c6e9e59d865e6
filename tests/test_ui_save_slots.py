"""The save dialog shows each slot's whole line (found by the probe: "3
players, t." was cut off at the dialog's edge)."""

import pytest

from retrocatan import scenarios
from retrocatan.engine import GameConfig
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font, saving
from retrocatan.ui.app import App
from retrocatan.ui.layout import BOARD_AREA
from retrocatan.ui.prompts.dialog import Dialog
from retrocatan.ui.prompts.game_menu import SaveSlots
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import set_language


def _saved_six_player_game(app) -> GameScene:
    config = GameConfig(players=6, seed=5, **scenarios.options("base-5-6", 6))
    session = GameSession(config, [SeatSpec("hard", f"P{i}") for i in range(6)], speed=3)
    while session.game.state.turn < 12:
        assert session.tick(fast=True)
    for slot in ("slot1", "slot5"):
        assert saving.save_to(app.storage, session, slot) is None
    scene = GameScene(app, session)
    app.switch(scene)
    return scene


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_slot_line_shows_whole_in_the_save_dialog(pyxel_headless, lang):
    app = App(can_quit=False, storage=MemoryStorage())
    set_language(lang)
    try:
        scene = _saved_six_player_game(app)
        dialog = SaveSlots(scene._slot_lines())
        labels = [it.label for it in dialog.menu.items]
        assert "12" in labels[0] and "12" in labels[4]          # the saved games' lines, with their turn
        room = dialog.menu.w - 8                                 # what Menu.draw fits a label into
        for label in labels:
            # Whole, and with room for a three-digit turn.
            assert font.fit(label, room) == label and font.width(label + "0") <= room, label
        x, y, w, h = dialog.area
        assert 0 <= x and x + w <= 640 and w > BOARD_AREA[2] > Dialog.area[2]   # the window's width: board named
        dialog.draw()
    finally:
        set_language("en")

"""Screens of the game, each with ``update(ui)`` and ``draw()``; the app
holds one at a time. Screens hand over by name, ``app.switch_to("title")``:
the names below are imported when first used, so no screen module imports
another."""

from __future__ import annotations

import importlib

# Screen name -> (module in this package, or a path from ``ui`` with a dot, class).
SCENES = {
    "title": ("title", "TitleScene"),
    "setup": ("setup", "SetupScene"),
    "options": ("options", "OptionsScene"),
    "load": ("load", "LoadScene"),
    "replay": ("replay", "ReplayScene"),
    "game": ("game", "GameScene"),
    "end": ("end", "EndScene"),
    "editor": ("editor.scene", "EditorScene"),
    "network": ("network", "NetworkScene"),
    "net_host": ("network_host", "HostScene"),
    "net_join": ("network_join", "JoinScene"),
    "net_watch": ("network_join", "WatchScene"),
    "net_open": ("network_open", "OpenGamesScene"),
    "net_games": ("network_games", "GamesScene"),
    "net_stages": ("network_stages", "StagesScene"),
    "net_room": ("network_room", "RoomScene"),
    "net_game": ("network_game", "NetGameScene"),
}


def scene_class(name: str) -> type:
    """The class of the screen called ``name`` (ValueError if none is)."""
    if name not in SCENES:
        raise ValueError(f"no screen called {name!r}")
    module, cls = SCENES[name]
    package = __name__.rpartition(".")[0] if "." in module else __name__
    return getattr(importlib.import_module(f"{package}.{module}"), cls)


class Scene:
    """A screen. The parts a screen may have, declared here with what a screen without them
    has, so that the app and the help page ask every screen alike (never probing one)."""

    help_page: str = ""             # the help page F1 shows (tests/test_ui_help_pages.py: each screen names one)
    music: str | None = None        # the tune the screen plays (None: what plays goes on)
    own_help = False                # the screen takes F1 itself (the scenario editor)
    inner: Scene | None = None      # a screen run inside this one, the one the player sees (the editor's test game)
    session = None                  # the game the screen shows (``session_face.Session``), if any
    view = None                     # the board on the screen (``board_view.BoardView``), if any
    handover = False                # a hot seat's hand-over screen hides the cards
    anims: tuple | list = ()        # animations running (a quiet frame has none: the collector may run)
    long_lived = False              # what lives as the screen comes in lives long (a network game's)

    def __init__(self, app) -> None:
        self.app = app

    def update(self, ui) -> None:  # pragma: no cover - overridden
        pass

    def draw(self) -> None:  # pragma: no cover - overridden
        pass

    def still(self):
        """What this frame would draw, as a value, when nothing on the screen moves: the app
        draws nothing while it equals the last frame's (the screen keeps its picture), so the
        value says everything the drawing depends on. None (a screen without one, or something
        moving): the frame is drawn."""
        return None

"""Screens of the game, each with ``update(ui)`` and ``draw()``; the app
holds one at a time and hands over with ``app.switch(scene)``."""


class Scene:
    def __init__(self, app) -> None:
        self.app = app

    def update(self, ui) -> None:  # pragma: no cover - overridden
        pass

    def draw(self) -> None:  # pragma: no cover - overridden
        pass

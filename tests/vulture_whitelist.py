"""Names the dead-code finder vulture reports as unused that are used where
it cannot see, one a line with the reason. Not a test and not run: vulture
reads it when it reads tests/, in the command that counts unused names
(names only tests or benchmarks use count as used):

    python3 -m vulture retrocatan tests benchmarks docs/*.py

(vulture is no dependency of the project: pip install vulture into a
scratch virtual environment.) It prints nothing when nothing is unused."""

from conftest import _hang_watchdog

from retrocatan.engine.game import Game
from retrocatan.ui.app import packaged_main

_ = (
    _hang_watchdog,  # an autouse fixture: pytest calls it around every test
    Game._views,  # the views' cache; seat_view reads it through self.__dict__.get("_views")
    packaged_main,  # called by the packaged app's main.py, which retrocatan/build.py writes from its STARTUP text
)

"""Names the dead-code finder vulture reports as unused that are used where
it cannot see, one a line with the reason. Not a test and not run: vulture
reads it when it reads tests/, in the command that counts unused names
(names only tests or benchmarks use count as used):

    python3 -m vulture retrocatan tests benchmarks docs/*.py

(vulture is no dependency of the project: pip install vulture into a
scratch virtual environment.) It prints nothing when nothing is unused."""

from conftest import _hang_watchdog

from retrocatan.ai.knowledge import Seat
from retrocatan.engine.game import Game
from retrocatan.engine.view import PlayerView
from retrocatan.server.pool import _Forgetful
from retrocatan.ui.app import packaged_main

ArenaPlayer = object    # benchmarks/arena_bridge.py makes it inside a function, as a subclass of Catanatron's Player

_ = (
    _hang_watchdog,  # an autouse fixture: pytest calls it around every test
    Game._views,  # the views' cache; seat_view reads it through self.__dict__.get("_views")
    packaged_main,  # called by the packaged app's main.py, which retrocatan/build.py writes from its STARTUP text
    ArenaPlayer.decide,  # Catanatron's player interface: its game calls decide(game, playable_actions)
    Seat.coastal,  # a per-decision cache the planner writes and reads through seat.__dict__.get("coastal")
    PlayerView.min_route,  # the view's public table of rule numbers, beside min_army and costs
    PlayerView.piece_supply,  # likewise: pieces per player at the start
    _Forgetful.reducer_override,  # pickle.Pickler calls it for each object it pickles
)

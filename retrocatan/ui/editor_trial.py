"""A test game on the scenario being edited ("Try it").

The config carries the edited scenario itself (``GameConfig.scenario``), so
a test game needs nothing registered anywhere: it saves, replays and
resumes like any other game, in any process. ``TrialUnavailable`` says, in
one line, why a test game cannot start.
"""

from __future__ import annotations

from ..engine.scenario import Scenario


class TrialUnavailable(RuntimeError):
    """Why no test game can start; one line."""


def trial_config(s: Scenario, seed: int, players: int | None = None):
    """The GameConfig of a test game on ``s`` (its largest player count, its
    victory points and its rule options)."""
    from ..engine import GameConfig
    from ..engine.config import ConfigError
    players = players or max(s.players)
    if players not in s.players:
        raise TrialUnavailable(f"the scenario is for {', '.join(map(str, s.players))} players")
    try:
        return GameConfig(players=players, seed=seed, vp_target=s.vp_target, scenario=s, **dict(s.options))
    except (ConfigError, TypeError, ValueError) as e:
        raise TrialUnavailable(str(e).splitlines()[0] if str(e) else type(e).__name__) from None


class AutoPlay:
    """A test game of computer players only, played a few decisions at a
    time (the window keeps drawing in between), for a quick look at how a
    map plays: who wins, with how many points, in which turn."""

    def __init__(self, config, level: str = "normal") -> None:
        from ..ai import make_player
        from ..engine import Game
        from ..match import Match
        self.config = config
        self.game = Game(config)
        self.match = Match(self.game, [make_player(level, config.seed, p) for p in range(config.players)])

    @property
    def over(self) -> bool:
        return self.game.over

    def step(self, seconds: float = 0.015) -> bool:
        """Play for about ``seconds``; True once the game is over. A game
        that will not end raises TrialUnavailable."""
        import time

        from ..match import StalledGame
        end = time.perf_counter() + seconds
        game = self.game
        while not game.over and time.perf_counter() < end:
            try:
                self.match.step()
            except StalledGame as e:
                raise TrialUnavailable(str(e).split(" (")[0]) from None
        return game.over

    def points(self) -> list[int]:
        return list(self.game.seat_view(None).vp)

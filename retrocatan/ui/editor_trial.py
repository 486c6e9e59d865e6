"""A test game on the scenario being edited ("Try it").

The engine plays a scenario map named by ``GameConfig(scenario=<id>)``.
An edited scenario is not one of the shipped files, so it is handed to the
engine under the id ``TRIAL_ID`` first (``engine.sea_board.register_scenario``).
``TrialUnavailable`` says, in one line, why a test game cannot start.
"""

from __future__ import annotations

from dataclasses import fields, replace

from ..engine.scenario import Scenario

TRIAL_ID = "editor-trial"


class TrialUnavailable(RuntimeError):
    """Why no test game can start; one line."""


def engine_plays_scenarios() -> bool:
    from ..engine import GameConfig
    return any(f.name == "scenario" for f in fields(GameConfig))


def _hand_over(s: Scenario) -> None:
    from ..engine.sea_board import register_scenario
    register_scenario(s)


def trial_config(s: Scenario, seed: int, players: int | None = None):
    """The GameConfig of a test game on ``s`` (its largest player count, its
    victory points and its rule options)."""
    from ..engine import GameConfig
    from ..engine.config import ConfigError
    if not engine_plays_scenarios():
        raise TrialUnavailable("the engine cannot play scenario maps yet")
    players = players or max(s.players)
    if players not in s.players:
        raise TrialUnavailable(f"the scenario is for {', '.join(map(str, s.players))} players")
    _hand_over(replace(s, id=TRIAL_ID))
    try:
        return GameConfig(players=players, seed=seed, vp_target=s.vp_target, scenario=TRIAL_ID, **dict(s.options))
    except (ConfigError, TypeError, ValueError) as e:
        raise TrialUnavailable(str(e).splitlines()[0] if str(e) else type(e).__name__) from None


class AutoPlay:
    """A test game of computer players only, played a few decisions at a
    time (the window keeps drawing in between), for a quick look at how a
    map plays: who wins, with how many points, in which turn."""

    MAX_DECISIONS = 100_000

    def __init__(self, config, level: str = "normal") -> None:
        from ..ai import make_player
        from ..engine import Game
        self.config = config
        self.game = Game(config)
        self.players = [make_player(level, config.seed, p) for p in range(config.players)]
        self.decisions = 0

    @property
    def over(self) -> bool:
        return self.game.over

    def step(self, seconds: float = 0.015) -> bool:
        """Play for about ``seconds``; True once the game is over. A game
        that will not end raises TrialUnavailable."""
        import time
        end = time.perf_counter() + seconds
        game = self.game
        while not game.over and time.perf_counter() < end:
            if self.decisions >= self.MAX_DECISIONS:
                raise TrialUnavailable(f"no winner after {self.decisions} decisions")
            game.apply(self.players[game.decider].choose(game))
            self.decisions += 1
        return game.over

    def points(self) -> list[int]:
        return list(self.game.seat_view(None).vp)

"""The scenario files that ship with the game (``<id>.json``, see
docs/scenario-format.md). Reading files is kept here, outside the engine:
a game's config carries its scenario itself (``GameConfig.scenario``), and
this package turns a shipped scenario's id into one.

``config_for(id, players, ...)`` is the config of a game on a shipped
scenario; ``resolve`` is the function the loaders of saves and replays
hand to ``GameConfig.from_dict`` so that a record of the previous format,
which named its scenario by id only, gets the shipped scenario of that id.
"""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources

from ..engine.config import GameConfig, scenario_options
from ..engine.scenario import Scenario
from ..engine.scenario_read import parse_scenario


def available() -> list[str]:
    """Ids of the shipped scenarios, sorted."""
    return sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json"))


def text(scenario_id: str) -> str:
    """The file text of a shipped scenario (KeyError for an unknown id)."""
    if scenario_id not in available():
        raise KeyError(f"no scenario {scenario_id!r}")
    return (resources.files(__name__) / f"{scenario_id}.json").read_text(encoding="utf-8")


def shipped_id_of(path: str) -> str | None:
    """The id of the shipped scenario whose file ``path`` is (the package's
    own file, through any link), or None: such a file is opened read-only."""
    try:
        here = os.path.realpath(str(resources.files(__name__)))
        real = os.path.realpath(path)
    except (OSError, TypeError, ValueError):
        return None
    folder, name = os.path.split(real)
    if folder == here and name.endswith(".json") and name[:-5] in available():
        return name[:-5]
    return None


@lru_cache(maxsize=32)
def load(scenario_id: str) -> Scenario:
    """A shipped scenario, read and checked (read once; a ``Scenario`` is
    never changed, so every game shares it). KeyError for an unknown id."""
    return parse_scenario(text(scenario_id))


def resolve(scenario_id: str) -> Scenario:
    """The shipped scenario ``scenario_id`` (KeyError if there is none)."""
    return load(scenario_id)


def options(scenario_id: str, players: int) -> dict:
    """The config options of a game on shipped scenario ``scenario_id``:
    the scenario, its victory point target and its default rule options
    (KeyError for an unknown id; ``ScenarioError`` for a player count the
    scenario is not made for)."""
    return scenario_options(load(scenario_id), players)


def config_for(scenario_id: str, players: int, **changes) -> GameConfig:
    """The config of a game on shipped scenario ``scenario_id`` for
    ``players``, with the scenario's options and then ``changes`` (seed, any
    rule option)."""
    return GameConfig(players=players, **{**options(scenario_id, players), **changes})

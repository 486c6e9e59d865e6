"""The scenario files that ship with the game (``<id>.json``, see
docs/scenario-format.md). Reading files is kept here, outside the engine."""

from __future__ import annotations

from importlib import resources

from ..engine.scenario import Scenario, parse_scenario


def available() -> list[str]:
    """Ids of the shipped scenarios, sorted."""
    return sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json"))


def text(scenario_id: str) -> str:
    """The file text of a shipped scenario (KeyError for an unknown id)."""
    if scenario_id not in available():
        raise KeyError(f"no scenario {scenario_id!r}")
    return (resources.files(__name__) / f"{scenario_id}.json").read_text(encoding="utf-8")


def load(scenario_id: str) -> Scenario:
    """A shipped scenario, read and checked."""
    return parse_scenario(text(scenario_id))

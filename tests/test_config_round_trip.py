"""Every config loads back from what it writes: ``GameConfig.from_dict(
cfg.to_dict())`` is ``cfg`` (and through JSON text), for the base game, every
shipped scenario, a scenario object of one's own and every rule option
(docs/rules.md §13, the options; docs/scenario-format.md, a config carries
its scenario)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from retrocatan import scenarios
from retrocatan.engine.config import BOARD_CHOICES, ISLAND_BONUS_CHOICES, GameConfig, vp_targets
from retrocatan.engine.options import RULE_OPTIONS


def _value(rng: random.Random, kind):
    if kind is bool:
        return rng.random() < 0.5
    if isinstance(kind[0], int):
        return rng.randint(kind[0], kind[1])
    return rng.choice(kind)


def _own_scenario(rng: random.Random):
    """A scenario object made in the program: a shipped map with other targets and options."""
    s = scenarios.load(rng.choice([sid for sid in scenarios.available() if not sid.startswith("base")]))
    points = rng.choice([1, 2])
    return replace(s, id="my-map", name={"en": "My map", "de": "Meine Karte"}, vp_target=rng.randint(10, 20),
                   island_bonus_points=points,
                   island_bonus=rng.choice(["every_settlement", "first_settlement"]),
                   options=(("dev_cards_per_turn", rng.randint(1, 3)), ("robber_to_desert", rng.random() < 0.5)))


def random_config(rng: random.Random) -> GameConfig:
    where = rng.choice(["base", "shipped", "own"])
    scenario = None
    if where == "shipped":
        scenario = scenarios.load(rng.choice(scenarios.available()))
    elif where == "own":
        scenario = _own_scenario(rng)
    players = rng.choice(scenario.players) if scenario is not None else rng.randint(3, 6)
    board = rng.choice(BOARD_CHOICES) if scenario is None or scenario.beginner is not None else "random"
    island_bonus = rng.choice(ISLAND_BONUS_CHOICES) if scenario is not None else ""
    targets = vp_targets(players, scenario, island_bonus)
    options = {name: _value(rng, kind) for name, kind in RULE_OPTIONS.items()}
    return GameConfig(players=players, seed=rng.randrange(2**63), board=board, vp_target=rng.choice(targets),
                      scenario=scenario, island_bonus=island_bonus, **options)


def test_every_config_loads_back_from_what_it_writes():
    rng = random.Random(44)
    seen = set()
    for _ in range(300):
        cfg = random_config(rng)
        data = cfg.to_dict()
        assert GameConfig.from_dict(data) == cfg
        assert GameConfig.from_dict(json.loads(json.dumps(data))) == cfg
        assert GameConfig.from_dict(cfg.to_dict()).to_dict() == data
        seen.add(cfg.scenario.id if cfg.scenario is not None else "")
        seen.update(f"{name}={getattr(cfg, name)}" for name in RULE_OPTIONS)
    assert {"", "my-map"} | set(scenarios.available()) <= seen        # every kind of map was tried
    for name, kind in RULE_OPTIONS.items():                           # every word and both sides of a switch
        if kind is bool or not isinstance(kind[0], int):
            assert all(f"{name}={v}" in seen for v in ((True, False) if kind is bool else kind)), name

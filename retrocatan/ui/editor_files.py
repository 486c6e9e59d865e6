"""Where scenario files live for the editor, and reading and writing them.

The player's own scenarios are texts in the game's storage (the user
folder on the desktop, localStorage in the browser) under the name
``scenario-<id>``; a write is atomic as for saved games. The shipped
scenarios are read-only: saving one writes a copy under a new id. A file
on a path given on the command line is written back in place, atomically.
A file that does not read as a scenario is reported in one line and never
overwritten.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from .. import scenarios
from ..engine.scenario import MAX_FILE_BYTES, MAX_ID, Scenario, ScenarioError, dump_scenario, parse_scenario
from ..storage import FileError, atomic_write, read_text

PREFIX = "scenario-"


class ScenarioFileError(ValueError):
    """A scenario file that cannot be read or written; one line."""


@dataclass(frozen=True)
class Source:
    """Where a document came from: ``kind`` "shipped" (read-only), "user"
    (a name in the storage), "path" (a file named on the command line) or
    "new"."""

    kind: str
    name: str = ""

    @property
    def read_only(self) -> bool:
        return self.kind == "shipped"

    def label(self) -> str:
        return {"shipped": f"{self.name} (read-only)", "user": self.name, "path": os.path.basename(self.name),
                "new": "-"}[self.kind]


def storage_name(scenario_id: str) -> str:
    return PREFIX + scenario_id


def user_scenarios(storage) -> list[str]:
    """Ids of the player's scenarios in the storage, sorted (no limit)."""
    return [n[len(PREFIX):] for n in storage.names() if n.startswith(PREFIX) and len(n) > len(PREFIX)]


def load_list(storage) -> list[Source]:
    """Every scenario the load box offers: the player's own, then the shipped ones."""
    return [Source("user", i) for i in user_scenarios(storage)] + [Source("shipped", i) for i in scenarios.available()]


def _parse(text, where: str) -> Scenario:
    try:
        return parse_scenario(text)
    except ScenarioError as e:
        raise ScenarioFileError(f"{where}: {e}") from None
    except RecursionError:
        raise ScenarioFileError(f"{where}: nested too deeply") from None


def load(storage, source: Source) -> Scenario:
    """Read and check a scenario; ScenarioFileError with one line if it does not load."""
    if source.kind == "shipped":
        try:
            return _parse(scenarios.text(source.name), source.name)
        except KeyError:
            raise ScenarioFileError(f"no shipped scenario {source.name!r}") from None
    if source.kind == "path":
        return load_path(source.name)
    try:
        text = storage.read(storage_name(source.name), MAX_FILE_BYTES)
    except FileError as e:
        raise ScenarioFileError(str(e)) from None
    if text is None:
        raise ScenarioFileError(f"{source.name}: no such scenario")
    return _parse(text, source.name)


def load_path(path: str) -> Scenario:
    if os.path.isdir(path):
        raise ScenarioFileError(f"{path}: is a folder, not a scenario file")
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileError as e:
        raise ScenarioFileError(str(e)) from None
    return _parse(text, path)


def _readable(storage, name: str) -> bool | None:
    """None: no such file; True: a scenario that loads; False: damaged."""
    try:
        text = storage.read(name, MAX_FILE_BYTES)
    except FileError:
        return False
    if text is None:
        return None
    try:
        parse_scenario(text)
    except (ScenarioError, RecursionError):
        return False
    return True


def copy_id(storage, scenario_id: str) -> str:
    """A fresh id for a copy: ``<id>-copy``, ``<id>-copy-2``, ..."""
    taken = set(user_scenarios(storage)) | set(scenarios.available())
    base = (scenario_id[: MAX_ID - 8] + "-copy").strip("-")
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base}-{n}"
        n += 1
    return candidate


def save(storage, scenario: Scenario, source: Source, replace_other: bool = False) -> tuple[Scenario, Source]:
    """Write a scenario; returns what was written and where. A shipped
    scenario is saved as a copy with a new id. The scenario must load
    (the game's check); a damaged file in the way is never overwritten,
    nor another scenario of the same id unless ``replace_other``."""
    if source.kind == "shipped" or (source.kind != "path" and scenario.id in scenarios.available()):
        scenario = replace(scenario, id=copy_id(storage, scenario.id))
    text = dump_scenario(scenario)
    try:
        parse_scenario(text)
    except ScenarioError as e:
        raise ScenarioFileError(f"not saved, the game would refuse it: {e}") from None
    if source.kind == "path":
        if os.path.exists(source.name):
            try:
                load_path(source.name)
            except ScenarioFileError:
                raise ScenarioFileError(f"{source.name}: holds a damaged file; not overwritten") from None
        try:
            atomic_write(source.name, text)
        except OSError as e:
            raise ScenarioFileError(f"cannot save {source.name}: {e.strerror or e}") from None
        return scenario, source
    name = storage_name(scenario.id)
    state = _readable(storage, name)
    if state is False:
        raise ScenarioFileError(f"{scenario.id}: a damaged file has this name; not overwritten (change the id)")
    if state is True and not replace_other and not (source.kind == "user" and source.name == scenario.id):
        raise ScenarioFileError(f"{scenario.id}: another scenario has this id; save again to replace it")
    try:
        storage.write(name, text)
    except FileError as e:
        raise ScenarioFileError(str(e)) from None
    return scenario, Source("user", scenario.id)


def check_file(path: str) -> Scenario:
    """For ``retrocatan scenario check``: the scenario, or ScenarioFileError."""
    return load_path(path)

"""The editor's scenario files: where a document came from, loading and
saving it (reading the player's own and a file on a path, and which of
them a game can be played on: ``ui/maps/files.py``).

The player's own scenarios are texts in the game's storage; a write is
atomic as for saved games. The shipped
scenarios are read-only: saving one writes a copy under a new id. A file
on a path given on the command line is written back in place, atomically
(a write killed midway leaves the old file whole, and its temporary file
is removed by a later save once stale: ``storage.remove_stale_temps``).
A draft the game would not load yet (a map half built) is saved all the
same, with a warning naming the first problem, and opens again in the
editor: the format must be right, the game's check only reports. A file
that does not read as a scenario (its format broken) is reported in one
line and never overwritten.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from ... import scenarios
from ...engine.scenario import MAX_FILE_BYTES, MAX_ID, Scenario, ScenarioError
from ...engine.scenario_check import scenario_problems
from ...engine.scenario_read import read_draft
from ...engine.scenario_write import dump_scenario
from ...storage import FileError, atomic_write, remove_stale_temps
from ..maps.files import ScenarioFileError, load_path, parse, storage_name, user_scenarios
from .checks import problem_text


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


def load_list(storage) -> list[Source]:
    """Every scenario the load box offers: the player's own, then the shipped ones."""
    return [Source("user", i) for i in user_scenarios(storage)] + [Source("shipped", i) for i in scenarios.available()]


def load(storage, source: Source) -> Scenario:
    """Read a scenario for the editor: ScenarioFileError with one line if
    its format is broken; a draft the game would refuse still opens (the
    editor lists its problems)."""
    if source.kind == "shipped":
        try:
            return parse(scenarios.text(source.name), source.name)
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
    return parse(text, source.name)


def _readable(storage, name: str) -> bool | None:
    """None: no such file; True: a scenario file (a draft too); False: damaged."""
    try:
        text = storage.read(name, MAX_FILE_BYTES)
    except FileError:
        return False
    if text is None:
        return None
    try:
        read_draft(text)
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
    scenario is saved as a copy with a new id. A draft the game would not
    load yet is written too (``draft_warning`` says why); the text must
    read back in the format. A damaged file in the way is never
    overwritten, nor another scenario of the same id unless ``replace_other``."""
    if source.kind == "shipped" or (source.kind != "path" and scenario.id in scenarios.available()):
        scenario = replace(scenario, id=copy_id(storage, scenario.id))
    try:
        text = dump_scenario(scenario)
        read_draft(text)
    except (ScenarioError, ValueError, KeyError, IndexError) as e:
        found = scenario_problems(scenario)
        why = problem_text(found[0]) if found else e
        raise ScenarioFileError(f"not saved, the file would not read back: {why}") from None
    if source.kind == "path":
        if os.path.exists(source.name):
            try:
                load_path(source.name)
            except ScenarioFileError:
                raise ScenarioFileError(f"{source.name}: holds a damaged file; not overwritten") from None
        try:
            remove_stale_temps(os.path.dirname(os.path.abspath(source.name)))    # of writes killed before
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


def draft_warning(scenario: Scenario) -> str | None:
    """What stops the game from loading a saved draft (its first problem, in the current language), or None."""
    found = scenario_problems(scenario)
    return problem_text(found[0]) if found else None

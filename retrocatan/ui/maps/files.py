"""Scenario files as the screens read them: the player's own in the game's
storage (under the name ``scenario-<id>``: the user folder on the desktop,
localStorage in the browser), and one on a path given on the command line.

``playable`` is which of the player's own a game can be played on: those
that pass the game's full check, dealing too, as ``retrocatan scenario
check`` does. Dealing a New World template for a few seeds takes a
moment (a second for one whose generator finds no map), so each file's
verdict is kept until the file changes (by the digest of its text), and a
screen may ask without waiting (``wait=False``) and have the templates not
judged yet (``unjudged``) dealt off the frame.
"""

from __future__ import annotations

import hashlib
import os

from ... import scenarios
from ...engine.new_world import deal_problems
from ...engine.scenario import MAX_FILE_BYTES, Scenario, ScenarioError
from ...engine.scenario_check import scenario_problems
from ...engine.scenario_read import parse_scenario, read_draft
from ...storage import SCENARIO_PREFIX, FileError, read_text, scenario_names

PREFIX = SCENARIO_PREFIX
MAX_VERDICTS = 256          # verdicts kept (of files since changed too)


class ScenarioFileError(ValueError):
    """A scenario file that cannot be read or written; one line."""


def storage_name(scenario_id: str) -> str:
    return PREFIX + scenario_id


def user_scenarios(storage) -> list[str]:
    """Ids of the player's scenarios in the storage, sorted (no limit)."""
    return [n[len(PREFIX):] for n in scenario_names(storage.names())]


def parse(text, where: str, draft: bool = True) -> Scenario:
    """The scenario of a text (ScenarioFileError with one line naming
    ``where``); a draft is read by its format only, else the game's full
    check (dealing aside) must pass."""
    try:
        return read_draft(text) if draft else parse_scenario(text)
    except ScenarioError as e:
        raise ScenarioFileError(f"{where}: {e}") from None
    except RecursionError:
        raise ScenarioFileError(f"{where}: nested too deeply") from None


# The digest of an own file's text -> the scenario a game can be played on, or None (a draft, a
# damaged file, a template whose generator finds no map).
_VERDICTS: dict[str, Scenario | None] = {}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _own_texts(storage) -> list[tuple[str, str]]:
    """(id, text) of each own file that reads."""
    out = []
    for sid in user_scenarios(storage):
        try:
            text = storage.read(storage_name(sid), MAX_FILE_BYTES)
        except FileError:
            continue
        if text is not None:
            out.append((sid, text))
    return out


def _judge(sid: str, text: str) -> Scenario | None:
    key = _digest(text)
    if key not in _VERDICTS:
        try:
            s = parse(text, sid, draft=False)
            verdict = None if deal_problems(s) else s
        except ScenarioFileError:
            verdict = None
        if len(_VERDICTS) >= MAX_VERDICTS:
            _VERDICTS.pop(next(iter(_VERDICTS)))
        _VERDICTS[key] = verdict
    return _VERDICTS[key]


def _template(text: str) -> bool:
    """A file not judged yet that is a New World template (dealing it takes a moment)."""
    if _digest(text) in _VERDICTS:
        return False
    try:
        return read_draft(text).generator is not None
    except (ScenarioError, RecursionError):
        return False


def playable(storage, wait: bool = True) -> dict[str, Scenario]:
    """The player's own scenarios a game can be played on (id -> scenario);
    drafts, damaged files and a New World template whose generator finds no
    map are left out (the editor lists their problems), and so, without
    ``wait``, is a template not judged yet."""
    out: dict[str, Scenario] = {}
    for sid, text in _own_texts(storage):
        if not wait and _template(text):
            continue
        s = _judge(sid, text)
        if s is not None and s.id not in out and s.id not in scenarios.available():
            out[s.id] = s
    return out


def unjudged(storage) -> bool:
    """Whether an own file is a New World template not judged yet (``playable(storage, wait=False)`` leaves it out)."""
    return any(_template(text) for _, text in _own_texts(storage))


def load_path(path: str, draft: bool = True) -> Scenario:
    """A scenario file on a path: a draft by its format only, else the game's full check."""
    if os.path.isdir(path):
        raise ScenarioFileError(f"{path}: is a folder, not a scenario file")
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileError as e:
        raise ScenarioFileError(str(e)) from None
    return parse(text, path, draft)


def check_file(path: str) -> tuple[Scenario | None, list[str]]:
    """For ``retrocatan scenario check``: (the scenario, []) when the game
    loads it, else (None, every problem, the first as the game says it).
    A file whose format is broken raises ScenarioFileError (one line)."""
    s = load_path(path, draft=True)
    found = scenario_problems(s) or deal_problems(s)
    if not found:
        return s, []
    return None, [f"{path}: {p.text}" for p in found[:1]] + [p.text for p in found[1:]]

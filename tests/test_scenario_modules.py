"""Scenario files are split by job (issue 21, deliverable 4): the model (engine/scenario.py), reading
(scenario_read), checking (scenario_check), writing (scenario_write) and dealing (scenario_deal).
The game config depends on the model and on the reader (with its check), which reads back the scenario's
JSON object a config writes (``GameConfig.from_dict``); it never writes or deals."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from retrocatan import scenarios
from retrocatan.engine import GameConfig
from retrocatan.engine.scenario_write import dump_scenario

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "retrocatan" / "engine"
JOBS = ("scenario_read", "scenario_check", "scenario_write", "scenario_deal")
# A name each job defines, so that the test also catches a job folded back into a module the config imports.
JOB_NAMES = ("parse_scenario", "scenario_from_json", "load_json", "scenario_problems", "validate_scenario",
             "dump_scenario", "lay_out", "beginner_layout")

# Load engine/config.py without the package's __init__ (which imports the whole engine) and list what it loaded.
_PROBE = """
import json, sys, types
root = sys.argv[1]
for name, path in (("retrocatan", root + "/retrocatan"), ("retrocatan.engine", root + "/retrocatan/engine")):
    m = types.ModuleType(name); m.__path__ = [path]; sys.modules[name] = m
import retrocatan.engine.config
names = set(sys.argv[2].split(","))
print(json.dumps({m: sorted(names & set(vars(mod))) for m, mod in sys.modules.items() if m.startswith("retrocatan")}))
"""


def test_the_game_config_loads_the_model_and_the_reader_only():
    out = subprocess.run([sys.executable, "-c", _PROBE, str(ROOT), ",".join(JOB_NAMES)], capture_output=True,
                         text=True, timeout=120, check=True)
    loaded = json.loads(out.stdout)
    assert "retrocatan.engine.scenario" in loaded          # the model, which a config carries
    reading = {"scenario_read", "scenario_check"}                     # what from_dict reads back
    assert not [m for m in loaded if m.rsplit(".", 1)[-1] in set(JOBS) - reading], sorted(loaded)
    jobs = {m: n for m, n in loaded.items() if n and m.rsplit(".", 1)[-1] not in reading}
    assert not jobs, "a module the config imports writes or deals"


def _engine_imports(path: Path) -> set[str]:
    """The engine modules a module imports (at any depth of its code: a function's import counts)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module} if node.module else {a.name for a in node.names}
    return out


def test_only_the_config_imports_the_reader():
    importers = {p.stem for p in ENGINE.glob("*.py") if "scenario_read" in _engine_imports(p)}
    assert importers == {"config"}      # records, saves and states read their config with GameConfig.from_dict


def test_the_model_imports_no_other_job_and_each_job_stays_small():
    assert not _engine_imports(ENGINE / "scenario.py") & set(JOBS)
    assert not _engine_imports(ENGINE / "scenario_write.py") & {"scenario_read", "scenario_check", "scenario_deal"}
    assert not _engine_imports(ENGINE / "scenario_deal.py") & {"scenario_read", "scenario_check", "scenario_write"}
    for stem in ("scenario",) + JOBS:
        lines = len((ENGINE / f"{stem}.py").read_text(encoding="utf-8").splitlines())
        assert lines < 450, (stem, lines)


@pytest.mark.parametrize("sid", scenarios.available())
def test_the_written_file_is_the_models_canonical_object(sid):
    s = scenarios.load(sid)
    text = dump_scenario(s)
    assert text == scenarios.text(sid)                               # the shipped files are canonical
    assert json.loads(text) == s.to_dict() and list(json.loads(text)) == list(s.to_dict())
    cfg = scenarios.config_for(sid, s.players[0], seed=3)
    assert cfg.to_dict()["scenario"] == json.loads(text)            # what a record and a state hash carry


def test_a_config_of_json_reads_its_scenario_as_a_file_is():
    cfg = scenarios.config_for("four-islands", 4, seed=2)
    d = json.loads(json.dumps(cfg.to_dict()))
    assert GameConfig.from_dict(d) == cfg
    bad = dict(d, scenario=dict(d["scenario"], vp_target=99))
    with pytest.raises(ValueError, match="scenario: vp_target"):
        GameConfig.from_dict(bad)                                             # checked as a file is

// Runs the engine under CPython 3.14 in Pyodide (the browser build's Python) with
// Node: the golden replays must verify and a game of computer players must
// end in the same state as on the desktop. Usage: node pyodide_check.mjs ROOT
import path from "node:path";
import { copyDir, loadApp } from "./pyodide_app.mjs";
const root = process.argv[2];
// The engine and the golden replays in Pyodide's file system.
const pyodide = await loadApp(root);
copyDir(pyodide, path.join(root, "tests", "data"), "/app/data");
let out;
try {
  out = pyodide.runPython(`
import sys, json, os
sys.path.insert(0, "/app")
from retrocatan.engine.replay import parse, verify
from retrocatan.ai import make_player
from retrocatan.engine import GameConfig
from retrocatan.match import play
res = {"python": sys.version.split()[0], "platform": sys.platform, "golden": {}}
# Every module of the package imports under 3.14. Node's Pyodide has no
# Pyxel: the window modules import it at the top and call nothing of it while
# they load, so an empty module stands in for it (the engine, the computer
# players and the command line never import it; tests/test_pyxel_imports.py).
import importlib, pkgutil, types, retrocatan
sys.modules["pyxel"] = types.ModuleType("pyxel")
names = [m.name for m in pkgutil.walk_packages(retrocatan.__path__, "retrocatan.")
         if not m.name.endswith("__main__")]
for name in names:
    importlib.import_module(name)
res["modules"] = len(names)
for name in sorted(n for n in os.listdir("/app/data") if n.startswith("golden-")):
    with open("/app/data/" + name) as f:
        v = verify(parse(f.read()))
    res["golden"][name] = v.ok
g = play(GameConfig(players=4, seed=42), [make_player(lv, 42, s) for s, lv in enumerate(["hard", "normal", "easy", "hard"])]).game
res["ai_game_hash"] = g.state_hash()
# Scenario maps: the shipped files are read through retrocatan.scenarios
# (importlib.resources), as the browser build reads them; a game of computer
# players on one must end as on the desktop, and previous-format records that
# name their scenario by id only must verify.
from retrocatan import scenarios
res["scenarios"] = scenarios.available()
g = play(scenarios.config_for("four-islands", 4, seed=42), [make_player("hard", 42, s) for s in range(4)]).game
res["scenario_game_hash"] = g.state_hash()
res["old_records"] = {}
for name in sorted(n for n in os.listdir("/app/data") if n.startswith("old-id-only-")):
    with open("/app/data/" + name) as f:
        data = json.load(f)
    res["old_records"][name] = verify(data.get("replay", data), resolve=scenarios.resolve).ok
json.dumps(res)
`);
} catch (e) {
  console.error(String(e.message || e).split("\n").slice(-12).join("\n"));
  process.exit(1);
}
console.log(out);

// The games of benchmarks/ai_turn_time.py under CPython 3.14 in Pyodide (the
// browser build's Python) with Node, timed by the same function.
// Usage: PYODIDE_DIR=DIR node ai_turn_time.mjs ROOT TASKS_JSON
import fs from "node:fs";
import path from "node:path";
import { loadApp } from "../tests/pyodide_app.mjs";
const root = process.argv[2];
const pyodide = await loadApp(root, [".py", ".json", ".txt"]);
pyodide.FS.mkdirTree("/app/benchmarks");
pyodide.FS.writeFile("/app/benchmarks/ai_turn_time.py", fs.readFileSync(path.join(root, "benchmarks", "ai_turn_time.py")));
pyodide.globals.set("TASKS", process.argv[3]);
let out;
const c0 = process.cpuUsage();
try {
  out = pyodide.runPython(`
import sys, json
sys.path.insert(0, "/app"); sys.path.insert(0, "/app/benchmarks")
from ai_turn_time import turn_times
tasks = [tuple(t) for t in json.loads(TASKS)]
total = sum(turn_times(t)["total"] for t in tasks)
json.dumps({"python": sys.version.split()[0], "total": total})
`);
} catch (e) {
  console.error(String(e.message || e).split("\n").slice(-12).join("\n"));
  process.exit(1);
}
// CPU seconds of this process while the games ran: robust to the machine's other work.
const c = process.cpuUsage(c0);
const res = JSON.parse(out);
res.cpu = (c.user + c.system) / 1e6;
console.log(JSON.stringify(res));

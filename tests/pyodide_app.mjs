// Pyodide under Node with this repository's files in its file system, for
// tests/pyodide_check.mjs and benchmarks/ai_turn_time.mjs. PYODIDE_DIR names
// the folder where the npm package pyodide is installed (see .ci/run).
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

const require = createRequire(process.env.PYODIDE_DIR + "/package.json");
const { loadPyodide } = require("pyodide");

// Copy the folder src (without __pycache__) into Pyodide's file system at dst:
// the files whose names end in one of the extensions.
export function copyDir(pyodide, src, dst, extensions = [".py", ".json"]) {
  pyodide.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    const s = path.join(src, name), d = dst + "/" + name;
    if (fs.statSync(s).isDirectory()) { if (name !== "__pycache__") copyDir(pyodide, s, d, extensions); }
    else if (extensions.some((e) => name.endsWith(e))) pyodide.FS.writeFile(d, fs.readFileSync(s));
  }
}

// A Pyodide with the package of the repository at root in /app/retrocatan.
export async function loadApp(root, extensions) {
  const pyodide = await loadPyodide();
  copyDir(pyodide, path.join(root, "retrocatan"), "/app/retrocatan", extensions);
  return pyodide;
}

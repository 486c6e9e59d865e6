// A browser's seat at a real server, in Pyodide on Node with Node's WebSocket
// (Node 20: --experimental-websocket): runs tests/web_network_client.py, whose
// lines go to stdout as "NET <json>" and whose questions the test answers on
// stdin, one line each. The package comes from APP (the browser build's app
// folder, retrocatan.build.assemble). Usage: node pyodide_network.mjs ROOT APP CONFIG_JSON
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { loadApp } from "./pyodide_app.mjs";

const [root, app, config] = process.argv.slice(2);
if (typeof WebSocket !== "function") {
  console.error("this Node has no WebSocket (Node 20: --experimental-websocket)");
  process.exit(3);
}
const lines = [], waiting = [];
readline.createInterface({ input: process.stdin }).on("line", (l) => {
  if (waiting.length) waiting.shift()(l); else lines.push(l);
});
const pyodide = await loadApp(app);
pyodide.registerJsModule("harness", {
  config,
  say: (text) => console.log("NET " + text),
  next_line: () => (lines.length ? Promise.resolve(lines.shift()) : new Promise((r) => waiting.push(r))),
});
try {
  pyodide.runPython(fs.readFileSync(path.join(root, "tests", "web_network_client.py"), "utf8"));
  await pyodide.runPythonAsync("await run()");
} catch (e) {
  console.error(String(e.message || e).split("\n").slice(-12).join("\n"));
  process.exit(1);
}
process.exit(0);

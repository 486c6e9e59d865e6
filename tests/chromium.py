"""A real browser for the tests: Debian's headless Chromium, driven over the
DevTools protocol (a WebSocket of its own, with the ``websockets`` library),
opening pages served by this process on the loopback address.

``Page`` serves the browser build's package and Pyodide (from the npm
package that .ci/run installs) with a page that runs a Python script of
the tests in Pyodide, as the game's page does; ``Chromium`` starts the
browser with a fresh profile, opens the page and reads what it says.

Chromium is started with the flags this machine needs (no sandbox as
root, no background connections: the network outside is closed).
"""

from __future__ import annotations

import contextlib
import http.server
import io
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import zipfile
from urllib.parse import quote

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--remote-debugging-port=0", "--remote-allow-origins=*")

PAGE = """<!doctype html>
<meta charset="utf-8"><title>RetroCatan in a browser (tests)</title>
<script src="/pyodide/pyodide.js"></script>
<script>
// The test's side (tests/chromium.py): harnessTake() gives what the script said, harnessAnswer(line)
// answers its question; the script's harness module: config, say, next_line (as on Node).
window.said = [];
const lines = [], waiting = [];
window.harnessAnswer = (l) => { if (waiting.length) waiting.shift()(l); else lines.push(l); };
window.harnessTake = () => window.said.splice(0);
(async () => {
  try {
    const pyodide = await loadPyodide({ indexURL: "/pyodide/" });
    pyodide.unpackArchive(await (await fetch("/app.zip")).arrayBuffer(), "zip", { extractDir: "/app" });
    pyodide.registerJsModule("harness", {
      config: new URLSearchParams(location.search).get("config"),
      say: (text) => window.said.push(String(text)),
      next_line: () => (lines.length ? Promise.resolve(lines.shift()) : new Promise((r) => waiting.push(r))),
    });
    pyodide.runPython(await (await fetch("/script.py")).text());
    await pyodide.runPythonAsync("await run()");
  } catch (e) {
    window.said.push(JSON.stringify({ failed: String(e.message || e).split("\\n").slice(-12).join("\\n") }));
  }
})();
</script>
"""


def find() -> str | None:
    """Chromium's program, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def app_zip(app: str) -> bytes:
    """The package of the browser build's app folder (``build.assemble``) as a zip of its .py and
    .json files, unpacked by the page into /app."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        base = os.path.join(app, "retrocatan")
        for folder, dirs, files in os.walk(base):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                if name.endswith((".py", ".json")):
                    path = os.path.join(folder, name)
                    z.write(path, os.path.relpath(path, app))
    return out.getvalue()


class Page:
    """An HTTP server on 127.0.0.1 serving the page, ``/pyodide/`` (the npm package's files),
    ``/app.zip`` and ``/script.py``."""

    TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
             ".json": "application/json", ".html": "text/html", ".zip": "application/zip"}

    def __init__(self, pyodide_dir: str, app: str, script: str) -> None:
        self.pyodide_dir = pyodide_dir
        files = {"/": PAGE.encode(), "/app.zip": app_zip(app)}
        with open(script, "rb") as f:
            files["/script.py"] = f.read()
        page = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the standard library's name)
                body, kind = page.body(self.path.split("?", 1)[0])
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.files = files
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def body(self, path: str) -> tuple[bytes | None, str]:
        if path in self.files:
            return self.files[path], "text/html" if path == "/" else self.TYPES.get(os.path.splitext(path)[1],
                                                                                     "text/plain")
        if path.startswith("/pyodide/"):
            name = os.path.normpath(path[len("/pyodide/"):])
            full = os.path.join(self.pyodide_dir, name)
            if not name.startswith("..") and os.path.isfile(full):
                with open(full, "rb") as f:
                    return f.read(), self.TYPES.get(os.path.splitext(name)[1], "application/octet-stream")
        return None, ""

    def url(self, config: dict) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/?config={quote(json.dumps(config))}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Chromium:
    """A headless Chromium with a fresh profile and one page, driven over the DevTools protocol."""

    def __init__(self, program: str, log) -> None:
        self.profile = tempfile.mkdtemp(prefix="retrocatan-chromium-")
        self.proc = subprocess.Popen([program, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
                                     stdout=log, stderr=log)
        self.ws = None
        self.connection = contextlib.ExitStack()
        self.calls = 0
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 60
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("Chromium did not open its DevTools port (see the log)")
            time.sleep(0.05)
        with open(port_file) as f:
            self.port = int(f.readline())

    def open(self, url: str) -> None:
        """A page at ``url``, this driver attached to it."""
        from urllib.request import Request, urlopen

        from websockets.sync.client import connect
        with urlopen(Request(f"http://127.0.0.1:{self.port}/json/new?{quote(url, safe='')}", method="PUT"),
                     timeout=30) as r:
            target = json.loads(r.read())
        self.ws = self.connection.enter_context(connect(target["webSocketDebuggerUrl"], max_size=None,
                                                        open_timeout=30))

    def evaluate(self, expression: str, timeout: float = 30):
        """The JSON value of ``expression`` in the page."""
        self.calls += 1
        call = self.calls
        self.ws.send(json.dumps({"id": call, "method": "Runtime.evaluate",
                                 "params": {"expression": expression, "returnByValue": True, "awaitPromise": True}}))
        deadline = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if msg.get("id") != call:
                continue                # an event of the page: not asked for
            result = msg.get("result", {})
            if "exceptionDetails" in result:
                raise RuntimeError(f"the page refused {expression!r}: {result['exceptionDetails'].get('text')}")
            return result.get("result", {}).get("value")

    def close(self) -> None:
        self.connection.close()
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(30)
        shutil.rmtree(self.profile, ignore_errors=True)


class BrowserClient:
    """A test script in Pyodide in Chromium, with NodeClient's face (tests/test_web_network.py):
    ``next()`` its next line as JSON, ``answer(text)`` its question, ``stop()``."""

    def __init__(self, program: str, pyodide_dir: str, app: str, script: str, config: dict, log) -> None:
        self.page = Page(pyodide_dir, app, script)
        self.browser = None
        self.pending: list[str] = []
        try:
            self.browser = Chromium(program, log)
            self.browser.open(self.page.url(config))
        except Exception:
            self.stop()
            raise

    def next(self, timeout: float = 120) -> dict | None:
        deadline = time.monotonic() + timeout
        while not self.pending:
            if time.monotonic() > deadline:
                return {"failed": f"the page said nothing for {timeout:.0f} s"}
            if self.browser.proc.poll() is not None:
                return {"failed": "Chromium ended"}
            # A page busy in Python (Pyodide runs on the page's thread) answers late, not never: the
            # question may wait for as long as the line may.
            self.pending += self.browser.evaluate("window.harnessTake ? window.harnessTake() : []",
                                                  timeout=max(1.0, deadline - time.monotonic())) or []
            if not self.pending:
                time.sleep(0.05)
        return json.loads(self.pending.pop(0))

    def answer(self, text: str) -> None:
        self.browser.evaluate(f"window.harnessAnswer({json.dumps(text)})")

    def stop(self) -> None:
        if self.browser is not None:
            self.browser.close()
        self.page.close()

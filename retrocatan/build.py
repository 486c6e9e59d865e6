"""Builds of the game: the browser page, the Pyxel app, a desktop program.

    python -m retrocatan.build web [--out dist] [--json]
        dist/retrocatan.pyxapp (``pyxel package``) and dist/retrocatan.html
        (``pyxel app2html``). The packaged folder holds run-time files only.
    python -m retrocatan.build check [--out dist] [--frames N] [--screenshot F]
        Extracts the built .pyxapp into a fresh folder and runs its startup
        script there with Pyxel headless: the demo game for N frames and a
        screenshot, using only what the package holds.
    python -m retrocatan.build desktop [--out dist]
        A desktop program with PyInstaller (``pip install pyinstaller``),
        in dist/RetroCatan/. Pyxel loads SDL2 from pyxel/libs at run time
        (on Linux libSDL2-2.0.so.0), which PyInstaller cannot see; the
        build adds it, so the program needs nothing installed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "retrocatan")
APP_NAME = "retrocatan"
MAX_PYXAPP_BYTES = 1024 * 1024

# Run-time parts of the package; the command line, builds, tournaments and
# terminal output are not needed by the game window. The window says the
# game's words of ``words/`` (what every client says). Its seat at a network
# game uses the network's shared parts (``net/``: its messages, the following
# of a seat's stream); in the browser it connects with ``ui/net/browser_link.py``.
RUNTIME = ("__init__.py", "resources_path.py", "saves.py", "storage.py", "jsonfile.py", "match.py", "seat_kinds.py",
           "engine", "ai", "words", "ui", "scenarios", "net")
# The asyncio client of the command line (the window has its own links): the app leaves it out.
# The server (``server/``) and the terminal's clients (``clients/``) are not in RUNTIME at all.
LEFT_OUT = ("net/client.py",)
# Modules the browser's Python does not have: no module of the app may import them when it loads.
BROWSER_LACKS = ("websockets",)

STARTUP = '''"""RetroCatan, packaged for Pyxel (desktop ``pyxel play`` and the browser)."""
# title: RetroCatan
# author: the RetroCatan developers
# desc: An unofficial remake of the 1996 DOS game Die Siedler von Catan
# license: MIT
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from retrocatan.ui.app import packaged_main  # noqa: E402

packaged_main()
'''


class BuildError(Exception):
    pass


def assemble(folder: str) -> str:
    """The app folder: the startup script and the run-time package."""
    app = os.path.join(folder, APP_NAME)
    if os.path.exists(app):
        shutil.rmtree(app)
    os.makedirs(os.path.join(app, "retrocatan"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in RUNTIME:
        src = os.path.join(PACKAGE, part)
        dst = os.path.join(app, "retrocatan", part)
        if os.path.isdir(src):
            shutil.copytree(src, dst, ignore=ignore)
        else:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(src, dst)
    for part in LEFT_OUT:
        path = os.path.join(app, "retrocatan", part)
        if os.path.exists(path):
            os.remove(path)
    _copy_resources(os.path.join(app, "retrocatan", "resources"))
    with open(os.path.join(app, "main.py"), "w", encoding="utf-8") as f:
        f.write(STARTUP)
    return app


def import_problems(package: str) -> list[str]:
    """What would fail when the app's modules load: an import, outside any function, of a module
    of the package that the app does not hold, or of one the browser lacks (``BROWSER_LACKS``).
    ``package`` is the app's ``retrocatan`` folder. Imports inside functions run only on the
    paths that call them (the desktop's, say) and are not counted."""
    import ast
    held = _modules(package)
    known = _modules(PACKAGE)              # the source's modules: a name that is one of them is a module
    problems = []
    for mod, (path, is_package) in sorted(held.items()):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        here = mod if is_package else mod.rpartition(".")[0]
        for node in _loading_imports(tree.body):
            if isinstance(node, ast.Import):
                wanted = [a.name for a in node.names]
            else:
                if node.level:
                    parts = here.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                wanted = [base] + [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
            for name in wanted:
                top = name.split(".")[0]
                if top in BROWSER_LACKS:
                    problems.append(f"{mod} imports {name}, which the browser does not have")
                elif top == "retrocatan" and name not in held:
                    problems.append(f"{mod} imports {name}, which the app does not hold")
    return problems


def _modules(package: str) -> dict[str, tuple[str, bool]]:
    """The modules of the ``retrocatan`` folder ``package``: dotted name -> (file, is a package)."""
    found = {}
    for folder, dirs, names in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, os.path.dirname(package))[:-3].replace(os.sep, ".")
                found[rel.removesuffix(".__init__")] = (path, name == "__init__.py")
    return found


def _loading_imports(body):
    """The import statements of a module body that run when it loads: not inside a function, nor
    in a ``try`` that catches ``ImportError``."""
    import ast
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.ClassDef)):
            guarded = any(h.type is None or (isinstance(h.type, ast.Name) and h.type.id in _CATCH_IMPORT)
                          or (isinstance(h.type, ast.Tuple)
                              and any(isinstance(e, ast.Name) and e.id in _CATCH_IMPORT for e in h.type.elts))
                          for h in getattr(node, "handlers", []))
            for field in ("orelse", "finalbody") if guarded else ("body", "orelse", "finalbody"):
                yield from _loading_imports(getattr(node, field, []))
            for handler in getattr(node, "handlers", []):
                yield from _loading_imports(handler.body)


_CATCH_IMPORT = ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")


def _copy_resources(dst: str) -> None:
    """The resource files (fonts, sprite sheet, palette file) into the
    app's ``retrocatan/resources``, where an installed wheel has them too;
    not the tools that made them."""
    from .resources_path import resource_path
    src = os.path.dirname(resource_path("retrocatan.pyxres"))
    os.makedirs(dst)
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        if os.path.isfile(path) and not name.endswith((".py", ".pyc")):
            shutil.copy2(path, os.path.join(dst, name))


def _pyxel(*args: str, cwd: str) -> None:
    res = subprocess.run([sys.executable, "-m", "pyxel", *args], cwd=cwd, capture_output=True, text=True)
    if res.returncode != 0:
        raise BuildError(f"pyxel {args[0]} failed: {(res.stderr or res.stdout).strip().splitlines()[-1:]}")


def _out_folder(out: str) -> None:
    """Make the output folder; ``BuildError`` in words when it cannot be one."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise BuildError(f"{out} is a file, not a folder")
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"cannot make the folder {out}: {exc.strerror or exc}") from None


def build_web(out: str) -> dict:
    _out_folder(out)
    work = tempfile.mkdtemp(prefix="retrocatan-build-")
    try:
        app = assemble(work)
        problems = import_problems(os.path.join(app, "retrocatan"))
        if problems:
            raise BuildError(f"the app would not load in the browser: {'; '.join(problems[:3])}")
        _pyxel("package", app, os.path.join(app, "main.py"), cwd=work)
        pyxapp = os.path.join(work, APP_NAME + ".pyxapp")
        _pyxel("app2html", pyxapp, cwd=work)
        shutil.copy2(pyxapp, os.path.join(out, APP_NAME + ".pyxapp"))
        shutil.copy2(os.path.join(work, APP_NAME + ".html"), os.path.join(out, APP_NAME + ".html"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sizes = {name: os.path.getsize(os.path.join(out, name)) for name in (APP_NAME + ".pyxapp", APP_NAME + ".html")}
    with zipfile.ZipFile(os.path.join(out, APP_NAME + ".pyxapp")) as zf:
        files = zf.namelist()
    pkg = f"{APP_NAME}/retrocatan/"
    forbidden = [f for f in files if any(x in f for x in ("tests/", "docs/", "benchmarks/"))
                 or f in (pkg + "cli.py", pkg + "build.py", pkg + "tournament.py")]
    if forbidden:
        raise BuildError(f"the app holds files it should not: {forbidden[:3]}")
    if sizes[APP_NAME + ".pyxapp"] > MAX_PYXAPP_BYTES:
        raise BuildError(f"the .pyxapp is {sizes[APP_NAME + '.pyxapp']} bytes, over 1 MB")
    return {"out": out, "sizes": sizes, "files": len(files)}


def check_app(out: str, frames: int, screenshot: str | None) -> dict:
    """Run the built app from an extracted copy, headless, away from the
    source tree."""
    pyxapp = os.path.join(out, APP_NAME + ".pyxapp")
    if not os.path.exists(pyxapp):
        raise BuildError(f"{pyxapp} does not exist: build it first (python -m retrocatan.build web)")
    work = tempfile.mkdtemp(prefix="retrocatan-check-")
    try:
        with zipfile.ZipFile(pyxapp) as zf:
            for name in zf.namelist():
                if name.startswith("/") or ".." in name.split("/"):
                    raise BuildError(f"unsafe path in the app: {name}")
            zf.extractall(work)
        startup = _startup_script(os.path.join(work, APP_NAME))
        shot = os.path.abspath(screenshot or os.path.join(work, "check.png"))
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env.update(SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy", RETROCATAN_HEADLESS_FRAMES=str(frames),
                   RETROCATAN_SCREENSHOT=shot, RETROCATAN_REPORT="1")
        res = subprocess.run([sys.executable, startup], cwd=work, env=env, capture_output=True, text=True,
                             timeout=600)
        if res.returncode != 0:
            raise BuildError(f"the packaged app failed: {(res.stderr or res.stdout).strip().splitlines()[-1:]}")
        report = _report(res.stdout, frames)
        if not report["package"].startswith(os.path.realpath(work) + os.sep):
            raise BuildError(f"the app ran code from outside its package: {report['package']}")
        with open(shot, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                raise BuildError("no screenshot was written")
        report["screenshot"] = shot if screenshot else None
        return report
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _startup_script(app_dir: str) -> str:
    """The start-up script the app names, which must be a Python file
    inside the app's own folder (never a path leading out of it)."""
    from .jsonfile import JsonFileError, read_text
    try:
        name = read_text(os.path.join(app_dir, ".pyxapp_startup_script"), 4096).strip()
    except JsonFileError as exc:
        raise BuildError(f"the app names no start-up script: {exc}") from None
    root = os.path.realpath(app_dir)
    path = os.path.realpath(os.path.join(root, name))
    if (not name or os.path.isabs(name) or not path.startswith(root + os.sep) or not path.endswith(".py")
            or not os.path.isfile(path)):
        raise BuildError(f"the app's start-up script {name[:80]!r} is not a Python file inside the app")
    return path


def _report(stdout: str, frames: int) -> dict:
    """The packaged app's last line of output, checked."""
    from .jsonfile import JsonFileError, loads
    lines = stdout.strip().splitlines()
    try:
        report = loads(lines[-1] if lines else "", 100_000)
    except JsonFileError as exc:
        raise BuildError(f"the packaged app printed no report: {exc}") from None
    if (not isinstance(report, dict) or not isinstance(report.get("package"), str)
            or report.get("frames") != frames):
        raise BuildError("the packaged app's report is not the one asked for")
    return report


def build_desktop(out: str) -> dict:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise BuildError("PyInstaller is not installed (pip install pyinstaller)") from None
    # Here, not at the top: only the desktop build reads Pyxel's own files; the web build runs Pyxel as a program.
    import pyxel.utils  # binds pyxel too
    pyxapp = os.path.abspath(os.path.join(out, APP_NAME + ".pyxapp"))
    if not os.path.exists(pyxapp):
        build_web(out)
    work = tempfile.mkdtemp(prefix="retrocatan-desktop-")
    try:
        app = assemble(work)
        modules = pyxel.utils.list_imported_modules(os.path.join(app, "main.py"))["system"]
        boot = os.path.join(work, "RetroCatan.py")
        with open(boot, "w", encoding="utf-8") as f:
            f.write("import sys\nfrom pathlib import Path\nimport pyxel.cli\n"
                    "here = Path(getattr(sys, '_MEIPASS', Path(__file__).parent))\n"
                    f"pyxel.cli.play_pyxel_app(str(here / {APP_NAME + '.pyxapp'!r}))\n")
        libs = os.path.join(os.path.dirname(pyxel.__file__), "libs")
        extra = []
        if os.path.isdir(libs):
            for name in os.listdir(libs):
                extra += ["--add-binary", f"{os.path.join(libs, name)}{os.pathsep}pyxel/libs"]
        hidden = [arg for m in modules for arg in ("--hidden-import", m)]
        cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--windowed", "--onedir", "--name", "RetroCatan",
               "--distpath", os.path.abspath(out), "--workpath", os.path.join(work, "build"),
               "--specpath", work, "--add-data", f"{pyxapp}{os.pathsep}.", *extra, *hidden, boot]
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise BuildError(f"PyInstaller failed: {res.stderr.strip().splitlines()[-1:]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    folder = os.path.join(out, "RetroCatan")
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(folder) for f in fs)
    return {"out": folder, "bytes": size, "sdl_bundled": bool(extra)}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        raise BuildError(f"{self.prog}: {message}")


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(prog="python -m retrocatan.build", description=__doc__.split("\n\n")[0])
    ap.add_argument("target", choices=("web", "check", "desktop"))
    ap.add_argument("--out", default=os.path.join(ROOT, "dist"), help="output folder (default dist/)")
    ap.add_argument("--frames", type=int, default=3000, help="check: frames of the demo game (default 3000)")
    ap.add_argument("--screenshot", help="check: keep the screenshot here")
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object")
    try:
        args = ap.parse_args(argv)
    except BuildError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if not 1 <= args.frames <= 1_000_000:
        print("retrocatan.build: --frames must be between 1 and 1000000", file=sys.stderr)
        return 2
    try:
        if args.target == "web":
            result = build_web(args.out)
            text = ", ".join(f"{k}: {v / 1024:.0f} KiB" for k, v in result["sizes"].items())
            line = f"built {args.out}: {text}"
        elif args.target == "check":
            result = check_app(args.out, args.frames, args.screenshot)
            line = f"the packaged app ran {result['frames']} frames headless (turn {result['turn']})"
        else:
            result = build_desktop(args.out)
            line = f"built {result['out']} ({result['bytes'] / 1e6:.1f} MB)"
    except (BuildError, OSError, subprocess.SubprocessError, ValueError, KeyError) as exc:
        print(f"retrocatan.build: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

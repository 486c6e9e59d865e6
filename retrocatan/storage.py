"""Reading and writing files safely: size-limited reads, atomic writes.

A write goes to a temporary file in the same folder, is flushed to disk,
then renamed over the target, so a crash or a full disk mid-write leaves
the previous file intact.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time

from . import jsonfile

# The game's own temporary files, ``.retrocatan-XXXXXXXX.part`` (what ``tempfile.mkstemp`` names a file
# with this prefix and suffix): only they are removed once stale, never another program's
# (``mkstemp``'s own default is ``tmpXXXXXXXX``; ``.tmp-XXXXXXXX.json`` is a common choice too).
TEMP_PREFIX, TEMP_SUFFIX = ".retrocatan-", ".part"
STALE_TEMP_SECONDS = 60
_TEMP_RE = re.compile(r"^\.retrocatan-[a-z0-9_]{6,16}\.part$")


class FileError(OSError):
    """A file that cannot be read or written; the message is for people (in
    English); ``code`` and ``params`` say why for the window's string table
    (``savefail.<code>``; no code: the message is all there is)."""

    def __init__(self, message: str, code: str | None = None, **params) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def write_code(exc: OSError) -> str:
    """Why a write failed: the disk is full, no permission, or another failure."""
    code = jsonfile.os_code(exc, "failed")
    return f"write_{code}" if code in ("disk_full", "no_permission") else "write_failed"


def command_line_folder() -> str:
    """The user folder where Pyxel names none (no window is open: the command
    line's programs, ``retrocatan join``): ``~/.retrocatan``."""
    return os.path.join(os.path.expanduser("~"), ".retrocatan")


def read_text(path: str, limit: int) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (a named
    pipe or a device is refused without blocking; see ``jsonfile``)."""
    try:
        return jsonfile.read_text(path, limit)
    except jsonfile.JsonFileError as exc:
        raise FileError(str(exc), getattr(exc, "code", "unreadable"), **getattr(exc, "params", {})) from None


def remove_stale_temps(folder: str, now: float | None = None) -> int:
    """Remove the temporary files of interrupted atomic writes in ``folder``
    (the game's own naming, ``.retrocatan-XXXXXXXX.part``, regular files
    older than ``STALE_TEMP_SECONDS``); nothing else is touched. Returns how many."""
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMP_RE.match(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def atomic_write(path: str, text: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# What a storage holds, told apart by name: saved games (the slots and the
# finished games; the autosave is "Continue"), the editor's scenarios and
# the options.
SCENARIO_PREFIX = "scenario-"
FINISHED_PREFIX = "finished-"


def scenario_names(names) -> list[str]:
    """The names of scenarios written by the editor, sorted."""
    return sorted(n for n in names if n.startswith(SCENARIO_PREFIX) and len(n) > len(SCENARIO_PREFIX))


def saved_game_names(names) -> list[str]:
    """The names the load list offers: the save slots and the finished games, sorted."""
    from .saves import SLOTS
    return sorted(n for n in names if n in SLOTS or (n.startswith(FINISHED_PREFIX) and len(n) > len(FINISHED_PREFIX)))


CRASH_LOG = "crash.log"
CRASH_LOG_BYTES = 200_000      # the log keeps its newest part (whole entries) within this size


def bounded_log(old: str, entry: str, limit: int = CRASH_LOG_BYTES) -> str:
    """``old`` with ``entry`` appended, its oldest entries (they start with
    "=== ") dropped until it fits in ``limit`` bytes of UTF-8 (the newest
    entry, cut at its end if it alone is larger, always stays)."""
    text = old + entry
    data = text.encode("utf-8", "replace")
    if len(data) <= limit:
        return text
    if len(entry.encode("utf-8", "replace")) >= limit:
        return entry.encode("utf-8", "replace")[:limit].decode("utf-8", "ignore")
    tail = data[len(data) - limit:].decode("utf-8", "ignore")
    cut = tail.find("\n=== ")
    return tail[cut + 1:] if cut >= 0 else entry


class UnusableFolder(OSError):
    """A folder that exists but cannot be read (``unreadable``) or written (its mode, its owner)."""

    unreadable = False


def check_usable(folder: str) -> None:
    """Read the folder and write a file in it (removed at once): ``UnusableFolder`` if either fails."""
    try:
        os.listdir(folder)
    except OSError as exc:
        unusable = UnusableFolder(exc.errno, f"{folder}: {exc.strerror or exc}")
        unusable.unreadable = True
        raise unusable from None
    try:
        fd, probe = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UnusableFolder(exc.errno, f"{folder}: {exc.strerror or exc}") from None


class DirStorage:
    """Named JSON files in a folder (the desktop: ``pyxel.user_data_dir``);
    a folder that exists but cannot be read or written is refused at once
    (``UnusableFolder``), never used as if it could."""

    kept = True     # what is written outlasts the program

    def __init__(self, folder: str) -> None:
        self.folder = folder
        os.makedirs(folder, exist_ok=True)
        check_usable(folder)
        remove_stale_temps(folder)

    def _path(self, name: str) -> str:
        if not name or "/" in name or "\\" in name or name.startswith("."):
            raise FileError(f"bad file name {name!r}", "bad_name")
        return os.path.join(self.folder, name + ".json")

    def names(self) -> list[str]:
        try:
            files = os.listdir(self.folder)
        except OSError:
            return []
        return sorted(f[:-5] for f in files if f.endswith(".json") and not f.startswith("."))

    def read(self, name: str, limit: int) -> str | None:
        path = self._path(name)
        if not os.path.lexists(path):
            return None
        return read_text(path, limit)

    def write(self, name: str, text: str) -> None:
        remove_stale_temps(self.folder)
        try:
            atomic_write(self._path(name), text)
        except OSError as exc:
            raise FileError(f"cannot save {name}: {exc.strerror or exc}", write_code(exc)) from None

    def delete(self, name: str) -> None:
        try:
            os.unlink(self._path(name))
        except FileNotFoundError:
            pass

    def log_path(self, name: str = CRASH_LOG) -> str:
        """Where the text log ``name`` (the crash log) is kept."""
        return os.path.join(self.folder, name)

    def append_log(self, entry: str, name: str = CRASH_LOG, limit: int = CRASH_LOG_BYTES) -> None:
        """Append ``entry`` to the text log ``name`` (atomically rewritten,
        bounded to ``limit``); ``FileError`` if it cannot be written."""
        path = self.log_path(name)
        old = ""
        try:
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode):      # never a pipe or a device (reading would block)
                with open(path, "rb") as f:
                    f.seek(max(0, info.st_size - limit))
                    old = f.read().decode("utf-8", "replace")
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise FileError(f"cannot read {name}: {exc.strerror or exc}", "unreadable") from None
        try:
            atomic_write(path, bounded_log(old, entry, limit))
        except OSError as exc:
            raise FileError(f"cannot write {name}: {exc.strerror or exc}", write_code(exc)) from None


class WebStorage:
    """Named JSON texts in the browser's localStorage (Pyodide); they
    survive a page reload. A write replaces the value in one call."""

    kept = True

    PREFIX = "retrocatan:"

    def __init__(self) -> None:
        from js import window  # type: ignore[import-not-found]  # only under Pyodide
        self.store = window.localStorage

    def names(self) -> list[str]:
        out = []
        for i in range(self.store.length):
            key = self.store.key(i)
            if key and key.startswith(self.PREFIX):
                out.append(key[len(self.PREFIX):])
        return sorted(out)

    def read(self, name: str, limit: int) -> str | None:
        value = self.store.getItem(self.PREFIX + name)
        if value is None:
            return None
        if len(value) > limit:
            raise FileError(f"{name} is too large", "too_large", mb=-(-limit // (1024 * 1024)))
        return str(value)

    def write(self, name: str, text: str) -> None:
        try:
            self.store.setItem(self.PREFIX + name, text)
        except Exception as exc:  # the browser's quota error
            raise FileError(f"cannot save {name}: {exc}", "write_disk_full") from None

    def delete(self, name: str) -> None:
        self.store.removeItem(self.PREFIX + name)

    LOG_PREFIX = "retrocatan-log:"     # not a save: outside the names listed

    def log_path(self, name: str = CRASH_LOG) -> str:
        return f"localStorage {self.LOG_PREFIX}{name}"

    def append_log(self, entry: str, name: str = CRASH_LOG, limit: int = CRASH_LOG_BYTES) -> None:
        key = self.LOG_PREFIX + name
        try:
            self.store.setItem(key, bounded_log(str(self.store.getItem(key) or ""), entry, limit))
        except Exception as exc:  # the browser's quota error
            raise FileError(f"cannot write {name}: {exc}", "write_disk_full") from None


class MemoryStorage:
    """Names and texts in memory (a fallback, and for tests): nothing
    written is kept after the program ends (``kept``). As the fallback,
    ``unreadable`` says the user folder exists but cannot be used."""

    kept = False

    def __init__(self, unreadable: bool = False) -> None:
        self.files: dict[str, str] = {}
        self.unreadable = unreadable

    def names(self) -> list[str]:
        return sorted(self.files)

    def read(self, name: str, limit: int) -> str | None:
        text = self.files.get(name)
        if text is not None and len(text) > limit:
            raise FileError(f"{name} is too large", "too_large", mb=-(-limit // (1024 * 1024)))
        return text

    def write(self, name: str, text: str) -> None:
        self.files[name] = text

    def delete(self, name: str) -> None:
        self.files.pop(name, None)

    def log_path(self, name: str = CRASH_LOG) -> str:
        return f"memory:{name}"

    def append_log(self, entry: str, name: str = CRASH_LOG, limit: int = CRASH_LOG_BYTES) -> None:
        logs = self.__dict__.setdefault("logs", {})      # text logs, apart from the saves
        logs[name] = bounded_log(logs.get(name, ""), entry, limit)


def default_storage():
    """localStorage in the browser, the Pyxel user folder on the desktop
    (``~/.retrocatan`` when Pyxel names none); where neither can be made,
    or the one that exists cannot be read or written (the player's saves
    are there: no other folder takes its place), a ``MemoryStorage`` (its
    ``kept`` is False: the window says so once, and plays)."""
    import sys
    if sys.platform == "emscripten":
        try:
            return WebStorage()
        except Exception:
            return MemoryStorage()
    try:
        # Here, not at the top: the command line's games and tournaments write through this module without Pyxel.
        import pyxel
        return DirStorage(pyxel.user_data_dir("RetroCatan", "retrocatan"))
    except (KeyboardInterrupt, SystemExit):
        raise
    except UnusableFolder as exc:
        return MemoryStorage(unreadable=exc.unreadable)
    except BaseException:  # Pyxel not initialised raises a Rust panic, not an Exception; a folder not writable
        pass
    try:
        return DirStorage(os.path.join(os.path.expanduser("~"), ".retrocatan"))
    except UnusableFolder as exc:
        return MemoryStorage(unreadable=exc.unreadable)
    except OSError:
        return MemoryStorage()

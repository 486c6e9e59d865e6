"""The lines a person types, read beside the event loop: a reader on the
input's file descriptor (a pipe or a terminal), or, where that cannot be
(a file, Windows, no descriptor), a thread. Each line goes to ``post("line",
text)``, the end of the input to ``post("eof")``, so entries of the game
keep arriving while the person types."""

from __future__ import annotations

import codecs
import contextlib
import os
import threading


class LineInput:
    """Lines of ``stdin`` posted to the loop of ``run``'s caller."""

    def __init__(self, stdin, post) -> None:
        self.stdin = stdin
        self.post = post
        self._loop = None
        self._fd: int | None = None

    def start(self, loop) -> None:
        self._loop = loop
        try:
            fd = self.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            fd = None
        if fd is not None and self._read_beside(loop, fd):
            return
        threading.Thread(target=self._read_in_thread, name="retrocatan-join-input", daemon=True).start()

    def stop(self) -> None:
        if self._fd is not None and self._loop is not None:
            self._loop.remove_reader(self._fd)
            self._fd = None

    def _read_beside(self, loop, fd: int) -> bool:
        """A reader on ``fd`` in ``loop``; False where the loop cannot watch it."""
        encoding = getattr(self.stdin, "encoding", None) or "utf-8"     # a test's stream may have none
        decoder = codecs.getincrementaldecoder(encoding)("replace")
        buf = [""]

        def readable() -> None:
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            text = buf[0] + decoder.decode(data, final=not data)
            *lines, buf[0] = text.split("\n")
            for line in lines:
                self.post("line", line)
            if not data:
                if buf[0]:
                    self.post("line", buf[0])
                self.stop()
                self.post("eof")

        try:
            loop.add_reader(fd, readable)
        except (NotImplementedError, OSError, ValueError):
            return False
        self._fd = fd
        return True

    def _read_in_thread(self) -> None:
        loop = self._loop
        try:
            for line in iter(self.stdin.readline, ""):
                loop.call_soon_threadsafe(self.post, "line", line.rstrip("\n"))
        except (OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.post, "eof")

"""The game screen's guard: a fault of one of its own effects (an
animation, a box, a prompt) never ends the game. The effect is dropped
(``drop``, the screen's), one line says so, and the error with its stack
goes to the crash log in the user folder (``ui/faults.py``), each distinct
fault once; ``faults`` lists them (tests assert none)."""

from __future__ import annotations

from .. import faults
from ..text import t


class FaultGuard:
    """Mixed into the game screen, which has ``app``, ``session``, ``say`` and ``drop``."""

    def guard(self) -> None:
        self.faults: list[str] = []     # effects that failed and were skipped (tests assert none)
        self._logged: set = set()       # the faults already in the crash log
        self.fault_log = ""             # where the crash log is

    def _fault(self, what: str, exc: Exception) -> None:
        """An animation, a box or a prompt failed: the game goes on without
        it (a prompt asks the decision anew), one line says so, and the
        stack goes to the crash log (each distinct fault once)."""
        if len(self.faults) < faults.MAX_FAULTS:
            self.faults.append(f"{what}: {type(exc).__name__}: {exc}"[:200])
        key = (what, type(exc).__name__, str(exc))
        new = key not in self._logged
        if new:
            self._logged.add(key)
            storage = self.app.crash_storage or self.app.storage     # the editor's trial: the user's
            self.fault_log = faults.write(storage, faults.entry(what, exc, self.session))
        self.drop(what)
        if new:                 # a fault again (a box failing every frame) is not said again
            # The log names the whole path; the status line, one line, the file.
            self.session.log.append(t("fault.notice", path=self.fault_log))
            self._say(t("fault.notice", path=faults.short(self.fault_log)))
            self.message_frames = 150

    def _safe(self, what: str, fn, *args):
        """``fn(*args)``, or None after a fault (``_fault``)."""
        try:
            return fn(*args)
        except Exception as exc:
            self._fault(what, exc)
            return None

"""Where the server's computer seats think: worker processes, as many as the
machine has cores, shared by every table, so that the event loop only
applies, commits and sends (docs/server.md, "Computers").

A table asks for a decision with an ``Ask``: the game's state, the seat's
level, its player's own seed and its
memory (the player as it was after its last decision, pickled without its
tables of positions, which are only a cache: ``ai.knowledge.Tables``). A
worker deals from the game's state what the seat may see
(``engine.seat_state``: the loop leaves that work to it too), makes the
player, and lets it choose on that alone within a CPU budget
(``make_player(..., cpu_budget=...)``: the Expert's look-ahead stops at it)
and answers the action's text and the player's new memory. The hub gives the
answer to the table, which applies it as a person's act at the step it was
asked for: an answer that comes after the game moved on is stale and changes
nothing.

- Order: the waiting decisions are taken by start-time fair queueing on the
  CPU seconds each table's computers used, and a table asks for one decision
  at a time, so one table's computers never take more than their share of
  the pool, however many decisions they want.
- The workers run at a lower priority than the server (``NICE``): when every
  core is busy, the computers slow down, not the people.
- A worker that dies, or a decision that raises or takes longer than
  ``hang`` seconds, is a failure: the worker is started anew and the decision
  asked again, ``ATTEMPTS`` times in all; then the table decides without
  thought (``Table.answer`` with no answer). A game never waits on a broken
  computer.
- Workers are started when first needed, each from a fresh interpreter
  (``forkserver``, or ``spawn`` where there is none), never by ``fork`` of the
  server's process, which may be the window's with its threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import io
import itertools
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from dataclasses import dataclass

from ..ai import make_player
from ..ai.knowledge import Tables
from ..engine.game import Game
from ..engine.seat_state import seat_state

log = logging.getLogger("retrocatan.server")

CPU_BUDGET = 0.5        # CPU seconds a computer may think over one decision
HANG = 60.0             # wall seconds after which a decision has failed (its worker is stopped)
ATTEMPTS = 2            # times a decision is asked before the table decides without thought
NICE = 10               # the workers' priority below the server's (Unix)


@dataclass(eq=False)
class Ask:
    """One decision a table asks of its seat's computer."""

    game: str
    seat: int
    step: int               # the game's decisions so far: the answer counts only at this step
    level: str
    seed: int               # the player's own seed (drawn from the game's, which it does not reveal)
    by: str                 # who the entry names: "computer", or "clock" (a person's clock ran out)
    state: dict             # the game's state JSON (the worker deals the seat's own from it: seat_game)
    memory: bytes | None    # the player after its last decision (None: a new player)


@dataclass
class Answer:
    """A computer's answer to an ``Ask``."""

    action: str
    memory: bytes
    cpu_s: float            # CPU seconds the worker spent on it
    waited_s: float         # seconds from the ask to the answer (its queue and its thought)


# --- in a worker ---------------------------------------------------------------------------------------------
class _Forgetful(pickle.Pickler):
    """Pickles a player with empty tables of positions (a cache that no decision depends on)."""

    def reducer_override(self, obj):
        if type(obj) is Tables:
            return Tables, (obj.judge, obj.limit)
        return NotImplemented


def memory_of(player) -> bytes:
    """The player as it will need itself at its next decision."""
    out = io.BytesIO()
    _Forgetful(out, pickle.HIGHEST_PROTOCOL).dump(player)
    return out.getvalue()


def seat_game(state: dict, seat: int) -> Game:
    """The game as ``seat`` may know it (``engine.seat_state``), from the game's whole state: all a
    computer decides on."""
    return Game.from_json(seat_state(Game.from_json(state), seat))


def think(job: dict) -> tuple[str, bytes, float]:
    """One decision (in a worker): the action's text, the player's memory, the CPU seconds."""
    t0 = time.process_time()
    view = seat_game(job["state"], job["seat"]).seat_view(job["seat"])
    memory = job["memory"]
    player = (pickle.loads(memory) if memory is not None
              else make_player(job["level"], job["seed"], job["seat"], cpu_budget=job["budget"]))
    action = player.choose(view)
    return str(action), memory_of(player), time.process_time() - t0


def _work(conn, decide, nice: int) -> None:
    """A worker's life: a decision asked, a decision answered, until the server closes its end."""
    with contextlib.suppress(OSError, AttributeError):      # (no nice on Windows)
        os.nice(nice)
    with contextlib.suppress(ValueError, AttributeError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)         # Ctrl-C stops the server, which stops its workers
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (True, decide(job))
        except Exception as exc:
            reply = (False, f"{type(exc).__name__}: {exc}"[:300])
        try:
            conn.send(reply)
        except OSError:
            return


# --- in the server -------------------------------------------------------------------------------------------
def cores() -> int:
    """The cores this process may use."""
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        return count() or 1
    with contextlib.suppress(AttributeError, OSError):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _context():
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        # each worker forks from a server that has the players loaded (their first decision waits for no import)
        ctx.set_forkserver_preload([__name__, "retrocatan.ai.planner", "retrocatan.ai.expert"])
        return ctx
    return multiprocessing.get_context("spawn")


@dataclass(eq=False)
class _Job:
    ask: Ask
    done: object            # done(Answer | None), called in the loop that asked
    loop: asyncio.AbstractEventLoop
    asked: float            # time.perf_counter() of the ask
    start: float = 0.0      # its start tag (fair queueing)
    attempts: int = 0


class ComputerPool:
    """The worker processes and the decisions waiting for them (see the module docstring).
    ``decide``: what a worker does with a job (a module-level function; ``think``)."""

    def __init__(self, workers: int | None = None, cpu_budget: float = CPU_BUDGET, hang: float = HANG,
                 decide=think) -> None:
        self.size = max(1, workers or cores())
        self.cpu_budget = cpu_budget
        self.hang = hang
        self._decide = decide
        self._ctx = None
        self._cond = threading.Condition()
        self._queue: list[tuple[float, int, _Job]] = []     # (start tag, order, job): a heap
        self._finish: dict[str, float] = {}                 # game -> finish tag of its last decision
        self._vtime = 0.0                                   # the start tag of the last decision taken
        self._order = itertools.count()
        self._threads: list[threading.Thread] = []
        self._workers: list = [None] * self.size            # (process, connection) of each slot
        self._closed = False
        self.thinking = 0
        self.decisions = 0
        self.failures = 0
        self.restarts = 0
        self.cpu_s = 0.0
        self.waited_s = 0.0

    # --- asking ---------------------------------------------------------------------------------------------
    def ask(self, ask: Ask, done) -> None:
        """Ask for a decision; ``done(Answer | None)`` is called in this event loop (None: it failed)."""
        job = _Job(ask, done, asyncio.get_running_loop(), time.perf_counter())
        with self._cond:
            if self._closed:
                return
            if not self._threads:
                for i in range(self.size):
                    th = threading.Thread(target=self._slot, args=(i,), name=f"retrocatan-computer-{i}", daemon=True)
                    self._threads.append(th)
                    th.start()
            job.start = max(self._vtime, self._finish.get(ask.game, 0.0))
            heapq.heappush(self._queue, (job.start, next(self._order), job))
            self._cond.notify()

    def stats(self) -> dict:
        """The pool's figures (for a metrics page): workers, decisions waiting and being thought over,
        decisions answered, failures, workers started anew, CPU seconds, and seconds from asking to
        answer (queue and thought) summed over the decisions answered."""
        with self._cond:
            running = sum(1 for w in self._workers if w is not None and w[0].is_alive())
            return {"workers": self.size, "running": running, "queue": len(self._queue), "thinking": self.thinking,
                    "decisions": self.decisions, "failures": self.failures, "restarts": self.restarts,
                    "cpu_s": round(self.cpu_s, 3), "waited_s": round(self.waited_s, 3)}

    def close(self) -> None:
        """Stop the workers; decisions still waiting are dropped (the tables ask again when loaded)."""
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._cond.notify_all()
            workers = [w for w in self._workers if w is not None]
        for proc, conn in workers:
            _stop(proc, conn)
        for th in self._threads:
            th.join(5)

    # --- a slot: one worker, one decision at a time -------------------------------------------------------
    def _take(self) -> _Job | None:
        with self._cond:
            while not self._queue and not self._closed:
                self._cond.wait()
            if self._closed:
                return None
            start, _, job = heapq.heappop(self._queue)
            self._vtime = max(self._vtime, start)
            if len(self._finish) > 4 * len(self._queue) + 1024:     # games whose tag no longer counts
                self._finish = {g: f for g, f in self._finish.items() if f > self._vtime}
            self.thinking += 1
            return job

    def _slot(self, i: int) -> None:
        while True:
            job = self._take()
            if job is None:
                return
            a = job.ask
            payload = {"seat": a.seat, "level": a.level, "seed": a.seed, "state": a.state, "memory": a.memory,
                       "budget": self.cpu_budget}
            try:
                conn = self._worker(i)
                conn.send(payload)
                if not conn.poll(self.hang):
                    raise TimeoutError(f"no answer in {self.hang:g} s")
                ok, got = conn.recv()
            except Exception as exc:            # died, hung, or could not start: started anew
                self._lost(i)
                self._failed(job, f"the worker stopped ({type(exc).__name__}: {exc})")
                continue
            if ok:
                self._answered(job, got)
            else:
                self._failed(job, got)

    def _worker(self, i: int):
        with self._cond:
            w = self._workers[i]
            if w is not None and w[0].is_alive():
                return w[1]
            if self._closed:
                raise RuntimeError("the pool is closed")
            if self._ctx is None:
                self._ctx = _context()
            ours, theirs = self._ctx.Pipe()
            proc = self._ctx.Process(target=_work, args=(theirs, self._decide, NICE), daemon=True,
                                     name=f"retrocatan-computer-{i}")
            proc.start()
            theirs.close()
            if w is not None:
                self.restarts += 1
            self._workers[i] = (proc, ours)
            return ours

    def _lost(self, i: int) -> None:
        with self._cond:
            w = self._workers[i]
        if w is not None:
            _stop(*w)

    def _answered(self, job: _Job, got) -> None:
        action, memory, cpu = got
        answer = Answer(action, memory, cpu, time.perf_counter() - job.asked)
        with self._cond:
            self.thinking -= 1
            self.decisions += 1
            self.cpu_s += cpu
            self.waited_s += answer.waited_s
            self._finish[job.ask.game] = job.start + cpu
        self._deliver(job, answer)

    def _failed(self, job: _Job, why: str) -> None:
        a = job.ask
        job.attempts += 1
        with self._cond:
            self.thinking -= 1
            self.failures += 1
            again = job.attempts < ATTEMPTS and not self._closed
            if again:
                heapq.heappush(self._queue, (job.start, next(self._order), job))
                self._cond.notify()
        if not self._closed:
            log.warning("game %s: the computer of seat %d failed at step %d (%s)%s", a.game, a.seat, a.step, why,
                        "; asked again" if again else "; decided without thought")
        if not again:
            self._deliver(job, None)

    @staticmethod
    def _deliver(job: _Job, answer: Answer | None) -> None:
        with contextlib.suppress(RuntimeError):         # the loop has closed: the server stopped
            job.loop.call_soon_threadsafe(job.done, answer)


def _stop(proc, conn) -> None:
    with contextlib.suppress(Exception):
        conn.close()
    with contextlib.suppress(Exception):
        if proc.is_alive():
            proc.kill()
        proc.join(5)

"""The server's figures for a monitoring system: ``GET /metrics`` on the
server's own port, in Prometheus' text format (version 0.0.4). Every name
starts with ``retrocatan_``; docs/server.md, "Operating it", lists them.

The hub counts as it goes (``committed``, ``refused``, connections); the
figures of the games in the store are read when asked; the loop's lag is
measured by ``watch_lag``, a task that sleeps a fixed period and notes how
late it woke; the computer pool and the notices' outbox give their own
figures through ``pool_stats`` and ``notice_stats`` (callables returning a
dict of numbers), set by whoever starts them.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from .meta import Status

STATUSES = tuple(Status)          # every status a game can have (meta.py)
LAG_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Histogram:
    """A Prometheus histogram: counts of observations at or below each bucket's bound."""

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * len(bounds)
        self.total = 0
        self.sum = 0.0
        self.last = 0.0
        self.max = 0.0

    def observe(self, value: float) -> None:
        self.total += 1
        self.sum += value
        self.last = value
        self.max = max(self.max, value)
        for i, bound in enumerate(self.bounds):
            if value <= bound:
                self.counts[i] += 1


class Metrics:
    """What the hub counts."""

    def __init__(self) -> None:
        self.started = time.time()
        self.entries: Counter = Counter()          # kind -> entries committed
        self.decisions: Counter = Counter()        # by (person, computer, clock) -> decisions
        self.refusals: Counter = Counter()         # error code -> refused messages
        self.opened = 0                            # connections taken
        self.turned_away: Counter = Counter()      # reason -> connections refused at once
        self.http: Counter = Counter()             # path -> HTTP requests answered
        self.lag = Histogram(LAG_BUCKETS)
        self.pool_stats = None                     # () -> dict of numbers: the computer pool's
        self.notice_stats = None                   # () -> dict of numbers: the notices' outbox

    def committed(self, entries) -> None:
        """Entries (dicts) just committed."""
        for entry in entries:
            k = entry.get("k", "?")
            self.entries[k] += 1
            if k == "move":
                self.decisions[entry.get("by", "person")] += 1

    def refused(self, code: str) -> None:
        self.refusals[code] += 1


async def watch_lag(metrics: Metrics, period: float = 0.25) -> None:
    """Measure how late the event loop wakes a sleeper (the loop's lag), for as long as it runs."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(period)
        metrics.lag.observe(max(0.0, loop.time() - before - period))


def _label(value) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


class _Page:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def family(self, name: str, kind: str, text: str, samples) -> None:
        """``samples``: a number, or (labels dict, number) pairs."""
        self.lines.append(f"# HELP retrocatan_{name} {text}")
        self.lines.append(f"# TYPE retrocatan_{name} {kind}")
        if isinstance(samples, (int, float)):
            samples = [({}, samples)]
        for labels, value in samples:
            tag = ",".join(f'{k}="{_label(v)}"' for k, v in labels.items())
            self.lines.append(f"retrocatan_{name}{{{tag}}} {_number(value)}" if tag
                              else f"retrocatan_{name} {_number(value)}")


def _number(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    return repr(float(value))


def render(hub) -> str:
    """The metrics page of ``hub`` (its store is read for the games' counts)."""
    m: Metrics = hub.metrics
    p = _Page()
    p.family("up", "gauge", "1 while the server serves, 0 while it stops.", 0 if hub.stopping else 1)
    p.family("start_time_seconds", "gauge", "When the server started (seconds since the epoch).", m.started)
    try:
        games = [({"status": s}, hub.store.count(s)) for s in STATUSES]
        p.family("games", "gauge", "Games in the store by status.", games)
        p.family("store_up", "gauge", "1 if the store answered this scrape.", 1)
    except Exception:                      # the store is down: the rest of the page still says so
        p.family("store_up", "gauge", "1 if the store answered this scrape.", 0)
    p.family("games_loaded", "gauge", "Games held in memory.", len(hub.tables))
    p.family("connections", "gauge", "Open client connections.", len(hub.conns))
    p.family("seats_connected", "gauge", "Connections that follow a seat (not a spectator).",
             sum(1 for c in hub.conns if c.seat is not None and c.seat >= 0))
    p.family("connections_total", "counter", "Connections taken since the start.", m.opened)
    p.family("connections_turned_away_total", "counter", "Connections closed at once, by reason.",
             [({"reason": r}, n) for r, n in sorted(m.turned_away.items())])
    p.family("entries_total", "counter", "Entries committed, by kind.",
             [({"kind": k}, n) for k, n in sorted(m.entries.items())])
    p.family("decisions_total", "counter", "Decisions committed, by who made them.",
             [({"by": b}, m.decisions.get(b, 0)) for b in sorted({"person", "computer", "clock", *m.decisions})])
    p.family("refusals_total", "counter", "Messages refused, by error code.",
             [({"code": c}, n) for c, n in sorted(m.refusals.items())])
    p.family("errors_total", "counter", "Failures logged by the server (a change not stored, a broken game).",
             hub.errors)
    lag = m.lag
    p.lines.append("# HELP retrocatan_loop_lag_seconds How late the event loop woke a sleeper.")
    p.lines.append("# TYPE retrocatan_loop_lag_seconds histogram")
    for bound, n in zip(lag.bounds, lag.counts):
        p.lines.append(f'retrocatan_loop_lag_seconds_bucket{{le="{bound}"}} {n}')
    p.lines.append(f'retrocatan_loop_lag_seconds_bucket{{le="+Inf"}} {lag.total}')
    p.lines.append(f"retrocatan_loop_lag_seconds_sum {_number(lag.sum)}")
    p.lines.append(f"retrocatan_loop_lag_seconds_count {lag.total}")
    p.family("loop_lag_max_seconds", "gauge", "The longest lag since the start.", lag.max)
    for prefix, source, text in (("pool", m.pool_stats, "The computer pool's"),
                                 ("notices", m.notice_stats, "The notices'")):
        if source is None:
            continue
        for key, value in sorted(source().items()):
            if isinstance(value, (int, float)):
                kind = "counter" if key in COUNTERS.get(prefix, ()) else "gauge"
                p.family(f"{prefix}_{key}{'_total' if kind == 'counter' else ''}", kind, f"{text} {key}.", value)
    p.family("http_requests_total", "counter", "HTTP requests answered on the server's port, by path.",
             [({"path": k}, n) for k, n in sorted(m.http.items())])
    return "\n".join(p.lines) + "\n"


# The figures of the pool and the outbox that only grow (the others are gauges).
COUNTERS = {"pool": ("decisions", "failures", "restarts", "cpu_s", "waited_s"),
            "notices": ("sent", "failed", "dropped", "retried")}

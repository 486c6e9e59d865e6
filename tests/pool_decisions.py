"""A decision for the pool's tests (tests/test_server_pool.py) that costs what it is told: it
spends ``job["state"]["cpu"]`` CPU seconds and ends the turn. A module of its own so that a
worker process can import it by name."""

from __future__ import annotations

import time


def burn(job: dict) -> tuple[str, bytes, float]:
    t0 = time.process_time()
    while time.process_time() - t0 < job["state"]["cpu"]:
        pass
    return "end", b"", time.process_time() - t0

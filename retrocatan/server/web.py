"""The plain HTTP answers on the server's own port (the ``websockets``
``process_request`` hook): ``GET /health``, ``GET /metrics`` and the
notices' stop link (``/notices/stop``). Anything else goes on to the
WebSocket handshake. A path is matched by its end, so the server answers
the same behind a proxy that keeps its prefix (``/catan/health``).

- ``/health``: 200 with a JSON object (``status`` ``ok``, the version, the
  games in memory, the connections, the shard, the seconds up) while the
  server serves and its store answers; 503 (``status`` ``stopping`` or
  ``store``) otherwise, so that a load balancer or systemd's watchdog can
  tell.
- ``/metrics``: ``metrics.render``, Prometheus' text format.
"""

from __future__ import annotations

import json
import time
from http import HTTPStatus

from .. import __version__
from .metrics import render

PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8"


def _response(connection, status: int, body: str, content_type: str):
    response = connection.respond(status, body)
    del response.headers["Content-Type"]
    response.headers["Content-Type"] = content_type
    response.headers["Cache-Control"] = "no-store"
    return response


def health(hub) -> tuple[int, dict]:
    """The health answer: (HTTP status, the JSON object)."""
    body = {"status": "ok", "server": f"retrocatan {__version__}", "games_loaded": len(hub.tables),
            "connections": len(hub.conns), "up_s": round(time.time() - hub.metrics.started, 1)}
    if hub.shard is not None:
        body["shard"] = f"{hub.shard[0]}/{hub.shard[1]}"
    if hub.stopping:
        body["status"] = "stopping"
        return HTTPStatus.SERVICE_UNAVAILABLE, body
    try:
        hub.store.count("playing")
    except Exception:
        body["status"] = "store"
        return HTTPStatus.SERVICE_UNAVAILABLE, body
    return HTTPStatus.OK, body


def process_request(hub):
    """The ``process_request`` hook of ``websockets.serve`` for ``hub``."""

    def answer(connection, request):
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        path, _, query = request.path.partition("?")
        path = path.rstrip("/") or "/"
        if path.endswith("/health"):
            hub.metrics.http["/health"] += 1
            status, body = health(hub)
            return _response(connection, status, json.dumps(body) + "\n", "application/json")
        if path.endswith("/metrics"):
            hub.metrics.http["/metrics"] += 1
            return _response(connection, HTTPStatus.OK, render(hub), PROMETHEUS)
        if path.endswith("/notices/stop") and hub.notices is not None:
            hub.metrics.http["/notices/stop"] += 1
            status, text = hub.notices.stop_link(query)
            return _response(connection, status, text, "text/plain; charset=utf-8")
        return None

    return answer

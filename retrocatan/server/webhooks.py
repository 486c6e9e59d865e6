"""Webhooks for the notices: which URLs the server will post to, and the
post itself (one JSON object).

The body carries the notice in the fields that the usual receivers read,
so one URL of any of them works as it is: ``content`` (Discord),
``text`` (Slack's incoming webhooks, Matrix bridges such as hookshot's
generic webhooks, Mattermost), ``username``, ``title`` and ``message``
(ntfy, with its templates: ``https://ntfy.sh/TOPIC?tpl=1&t={{.title}}&m={{.message}}``).

What the server allows (docs/server.md, "Notices"): ``http`` and ``https``
URLs of at most 500 characters without a user or password in them, whose
host is a public address. The host name is resolved when a notice is sent,
every address it has must be public (not loopback, private, link-local,
shared, reserved or multicast), and the post goes to the address that was
checked, so that a name cannot point the server into its own network
between the check and the post. Redirects are not followed. An operator can
allow networks of their own (``serve --webhook-allow 10.0.0.0/8``).
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import socket
import ssl
from urllib.parse import urlsplit

MAX_URL = 500
USER_AGENT = "retrocatan-notices"


class Refused(Exception):
    """A URL the server will not post to (the reason is the message)."""


class Permanent(Exception):
    """A post that trying again would not help (the receiver said 4xx, the address is refused)."""


def check(url: str, allow=()) -> str:
    """The URL, if it may be given at all (its form; a literal address is checked too)."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL or any(ch in url for ch in "\r\n\t "):
        raise Refused(f"a webhook is an http:// or https:// URL of at most {MAX_URL} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused("a webhook is an http:// or https:// URL")
    if parts.username or parts.password:
        raise Refused("a webhook URL carries no user or password")
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port is not None and not 0 < port < 65536:
        raise Refused("the webhook URL's port is not a port")
    try:
        ip = ipaddress.ip_address(parts.hostname)
    except ValueError:
        return url
    if not allowed(ip, allow):
        raise Refused("the webhook's address is not a public one")
    return url


def allowed(ip, allow=()) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if any(ip.version == n.version and ip in n for n in allow):
        return True
    return ip.is_global and not ip.is_multicast


def body(title: str, text: str, extra: dict) -> bytes:
    """The JSON body of a notice (``extra``: fields of its own, such as the game's code)."""
    return json.dumps({"username": "RetroCatan", "content": text[:1900], "text": text, "title": title,
                       "message": text, **extra}, ensure_ascii=False).encode("utf-8")


def post(url: str, data: bytes, allow=(), timeout: float = 10.0) -> int:
    """POST ``data`` (JSON) to ``url``; its HTTP status. ``Permanent`` for a refused address or a
    4xx answer (but 408 and 429), OSError for what may pass (no answer, 5xx)."""
    check(url, allow)
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise OSError(f"the webhook's host does not resolve ({exc.strerror})") from None
    ips = [ipaddress.ip_address(info[4][0].split("%", 1)[0]) for info in infos]
    if not ips or not all(allowed(ip, allow) for ip in ips):
        raise Permanent("the webhook's host has an address that is not a public one")
    target = str(ips[0])
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    if parts.scheme == "https":
        conn = _Pinned(parts.hostname, port, target, timeout=timeout, context=ssl.create_default_context())
    else:
        conn = http.client.HTTPConnection(target, port, timeout=timeout)
    try:
        conn.request("POST", path, body=data, headers={"Content-Type": "application/json", "User-Agent": USER_AGENT,
                                                        "Host": parts.netloc.rsplit("@", 1)[-1]})
        status = conn.getresponse().status
    finally:
        conn.close()
    if 200 <= status < 300:
        return status
    if 400 <= status < 500 and status not in (408, 429):
        raise Permanent(f"the webhook answered {status}")
    raise OSError(f"the webhook answered {status}")


class _Pinned(http.client.HTTPSConnection):
    """HTTPS to ``target`` (the checked address), with the certificate checked for ``host``."""

    def __init__(self, host: str, port: int, target: str, **kw) -> None:
        super().__init__(host, port, **kw)
        self._target = target

    def connect(self) -> None:
        sock = socket.create_connection((self._target, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)

"""Who a connection comes from, behind a reverse proxy.

Behind a proxy (nginx, docs/server.md) every connection comes from the
proxy's address, so the per-address limits would count all players as one.
The operator names the proxies to trust (``serve --trust-proxy ADDR``, an
address or a network); a connection from one of them is counted at the
address its ``X-Forwarded-For`` header gives, read from the right: each
trusted hop adds the address it saw, so the first address from the right
that is not a trusted proxy is the client. A header from anyone else is
ignored: a client cannot choose the address it is counted at.
"""

from __future__ import annotations

import ipaddress

HEADER = "X-Forwarded-For"


def network(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """An address or a network (``10.0.0.0/8``); ValueError for anything else."""
    return ipaddress.ip_network(text.strip(), strict=False)


def _address(text: str):
    text = text.strip()
    if text.startswith("[") and "]" in text:            # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:                          # v4:port
        text = text.split(":", 1)[0]
    return ipaddress.ip_address(text)


class Proxies:
    """The trusted proxies; ``client`` gives the address a connection is counted at."""

    def __init__(self, trusted=()) -> None:
        self.nets = [n if isinstance(n, (ipaddress.IPv4Network, ipaddress.IPv6Network)) else network(n)
                     for n in trusted]

    def __bool__(self) -> bool:
        return bool(self.nets)

    def trusted(self, address: str) -> bool:
        try:
            ip = _address(address)
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip.version == n.version and ip in n for n in self.nets)

    def client(self, peer: str, forwarded: list[str]) -> str:
        """The client's address: ``peer`` (the socket's), or, while it is a trusted proxy, the
        address it forwarded for (``forwarded``: the values of every ``X-Forwarded-For`` header)."""
        if not self.nets:
            return peer
        hops = [h for value in forwarded for h in value.split(",") if h.strip()]
        addr = peer
        while hops and self.trusted(addr):
            try:
                addr = str(_address(hops.pop()))
            except ValueError:
                break                   # a hop the proxy could not have written: keep the proxy's
        return addr

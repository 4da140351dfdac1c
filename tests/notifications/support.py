"""What the notification tests need outside the test process: an SMTP sink on loopback and
real Celery worker processes (against the broker and the database this run selected)."""

from __future__ import annotations

import email
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parent.parent.parent
WORKER_START_SECONDS = 30.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Received:
    at: float
    recipients: list[str]
    message: Message
    peer: Any = None  # the client's (address, port): one per SMTP connection

    @property
    def message_id(self) -> str:
        return self.message["Message-ID"] or ""

    @property
    def subject(self) -> str:
        return str(self.message["Subject"] or "")

    def part(self, content_type: str) -> str:
        for part in self.message.walk():
            if part.get_content_type() == content_type:
                return part.get_payload(decode=True).decode(part.get_content_charset() or "utf-8")
        raise AssertionError(f"no {content_type} part")


class SmtpSink:
    """An SMTP server on 127.0.0.1 that keeps every message it accepts."""

    def __init__(self) -> None:
        self.port = free_port()
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message = email.message_from_bytes(envelope.content)
        with self._lock:
            self.received.append(
                Received(time.time(), list(envelope.rcpt_tos), message, session.peer)
            )
        return "250 OK"

    def start(self) -> SmtpSink:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def messages(self) -> list[Received]:
        with self._lock:
            return list(self.received)

    def clear(self) -> None:
        with self._lock:
            self.received.clear()

    def wait_for(self, count: int, timeout: float = 20.0) -> list[Received]:
        """The messages once there are at least ``count`` (or whatever came by ``timeout``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            messages = self.messages()
            if len(messages) >= count:
                return messages
            time.sleep(0.05)
        return self.messages()


class Worker:
    """A ``celery worker`` process on its own queue, sharing the test database."""

    def __init__(self, queue: str, log_dir: Path, **env: str) -> None:
        from django.db import connection

        from tests.test_celery_worker import database_url_of

        self.queue = queue
        self.name = f"test-{uuid.uuid4().hex[:8]}@localhost"
        self.log_path = log_dir / f"{self.name}.log"
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url_of(connection.settings_dict),
            "NOTIFICATIONS_QUEUE": queue,
            "PYTHONUNBUFFERED": "1",
            **env,
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Worker:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "gwt_site", "worker", "--pool=solo",
                 f"--queues={self.queue}", f"--hostname={self.name}", "--without-gossip",
                 "--without-mingle", "--without-heartbeat", "--loglevel=INFO"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        self._wait_until_ready()
        return self

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + WORKER_START_SECONDS
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise AssertionError(f"the worker exited early:\n{self.log()}")
            if " ready." in self.log():
                return
            time.sleep(0.1)
        raise AssertionError(f"the worker did not start in time:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, nothing acknowledged or cleaned up."""
        self._signal(signal.SIGKILL)

    def stop(self) -> None:
        self._signal(signal.SIGTERM)

    def _signal(self, signum: int) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signum)
        except ProcessLookupError:
            return
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def new_queue() -> str:
    return f"test-notify-{uuid.uuid4().hex[:10]}"


def drop_queue(queue: str) -> None:
    from tests.test_celery_worker import forget_queue

    forget_queue(queue)


def wait_until(predicate: Callable[[], bool], timeout: float = 20.0, every: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return predicate()


@contextmanager
def broker_unreachable() -> Iterator[str]:
    """This process's Celery app publishes to a closed port (as if the broker were down)."""
    from gwt_site.celery import app

    saved = app.conf.broker_url
    scheme = saved.split("://", 1)[0]
    dead = f"{scheme}://127.0.0.1:{free_port()}/15"
    _drop_connections(app)
    app.conf.broker_url = dead
    try:
        yield dead
    finally:
        _drop_connections(app)
        app.conf.broker_url = saved
        _drop_connections(app)


def _drop_connections(app: Any) -> None:
    # The pools themselves stay in kombu's registry (by URL), ready for the URL's next use.
    app._pool = None
    app.amqp._producer_pool = None

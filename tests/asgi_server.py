"""The site under uvicorn in a thread of the test process, and a reader of its live streams.

pytest-django's live server speaks WSGI, which cannot hold a live stream open
(``games.web.live`` answers it 503); ``AsgiServer`` serves the same application as the
``live`` service and ``make run`` do, on a free local port, against the test database
(use it with ``transactional_db``: its requests run in their own threads and connections).

``StreamReader`` opens ``/games/live/`` with a session cookie (or an API token) and collects
the events in a thread, as an EventSource would.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

import uvicorn


class AsgiServer:
    def __init__(self) -> None:
        from django.core.asgi import get_asgi_application

        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", 0))
        self.port = self._socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            get_asgi_application(),
            log_level="warning",
            lifespan="off",
            timeout_graceful_shutdown=1,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )

    def start(self) -> AsgiServer:
        self._thread.start()
        deadline = time.monotonic() + 15
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the ASGI server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._socket.close()


@dataclass
class Event:
    name: str
    data: dict[str, Any]
    raw: str


class StreamReader:
    """One open stream; ``events`` fill in the background until ``close``."""

    def __init__(self, port: int, session_key: str, game: str = "", token: str = "") -> None:
        from django.conf import settings

        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        path = "/games/live/" + (f"?game={game}" if game else "")
        headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={session_key}"} if session_key else {}
        if token:
            headers["Authorization"] = f"Token {token}"
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        # A refusal's body (an open stream's is read by the thread below).
        self.refusal = b"" if self.status == 200 else self.response.read()
        self.raw: list[str] = []
        self.events: queue.Queue[Event] = queue.Queue()
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        name, data = "message", []
        try:
            for line_bytes in self.response:
                line = line_bytes.decode().rstrip("\n")
                self.raw.append(line)
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
                elif not line:
                    if data:
                        text = "\n".join(data)
                        self.events.put(Event(name, json.loads(text), text))
                    name, data = "message", []
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            return  # closed (AttributeError: http.client closing under a shut-down socket)

    def next(self, name: str | None = None, timeout: float = 10.0) -> Event:
        """The next event (named ``name``, skipping others) within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {name or 'event'} within {timeout} s")
            event = self.events.get(timeout=left)
            if name is None or event.name == name:
                return event

    def drain(self, quiet: float = 0.5) -> list[Event]:
        """Every event until none comes for ``quiet`` seconds."""
        found = []
        while True:
            try:
                found.append(self.events.get(timeout=quiet))
            except queue.Empty:
                return found

    def close(self) -> None:
        if self.conn.sock is not None:
            with contextlib.suppress(OSError):
                self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def session_key_for(user: Any) -> str:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value

"""Local stand-ins for the services the push and webhook channels post to, for tests.

* ``PushService``: a Web Push service on 127.0.0.1. ``subscribe()`` makes a browser-like
  subscription (its own P-256 key pair and auth secret) whose endpoint is this server;
  every message posted to it is decrypted (``aes128gcm``, RFC 8291, with ``http_ece``) and
  kept as ``PushMessage`` (the JSON the service worker gets, and the VAPID header).
* ``WebhookReceiver``: a chat app's incoming webhook on 127.0.0.1 that keeps every JSON
  body posted (``.posts``; ``.texts()`` gives Discord's ``content`` or Slack's ``text``).

Both answer 201/204 unless told otherwise (``.answer_with(410)``, ``.answer_with(500)``)
and ``wait_for(n)`` blocks until ``n`` requests arrived. The site must be allowed to post to
loopback and plain http: ``settings.NOTIFY_ENDPOINTS_ALLOW_LOCAL = True``, and for push the
VAPID keys (``vapid_configure(settings)``, which also returns them as environment variables
for a worker process). Use them as context managers::

    with PushService() as service, WebhookReceiver() as hook:
        info = service.subscribe()            # {"endpoint": ..., "keys": {...}}
        endpoints.push_subscribe(user=ann, endpoint=info["endpoint"], **info["keys"])
        endpoints.webhook_add(user=ben, url=hook.url("discord"))
        ... play; run the delivery (notifications.tasks.deliver()) ...
        service.messages[0].data["body"]     # "Your turn in ..."
        hook.texts()[0]                     # "ben's turn in *Rails west*\\nhttp://..."
"""

from __future__ import annotations

import base64
import json
import os
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def vapid_configure(settings: Any) -> dict[str, str]:
    """Give the site a fresh VAPID key pair and let it post to local endpoints. Returns the
    same as environment variables, for a worker process started by the test
    (``tests.notifications.support.Worker(queue, log_dir, **env)``)."""
    from notifications.push import key_pair_new

    public, private = key_pair_new()
    settings.VAPID_PUBLIC_KEY = public
    settings.VAPID_PRIVATE_KEY = private
    settings.VAPID_SUBJECT = "mailto:admin@example.com"
    settings.NOTIFY_ENDPOINTS_ALLOW_LOCAL = True
    return {
        "VAPID_PUBLIC_KEY": public,
        "VAPID_PRIVATE_KEY": private,
        "VAPID_SUBJECT": "mailto:admin@example.com",
        "NOTIFY_ENDPOINTS_ALLOW_LOCAL": "1",
    }


@dataclass
class PushMessage:
    path: str
    headers: dict[str, str]  # names in lower case
    data: dict[str, Any]


@dataclass
class _Subscriber:
    key: ec.EllipticCurvePrivateKey
    auth: bytes


class _Server(ABC):
    """A threaded HTTP server on loopback that hands each POST to ``handle``."""

    def __init__(self) -> None:
        self.status = 201
        self.requests = 0
        self._arrived = threading.Condition()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                headers = {name.lower(): value for name, value in self.headers.items()}
                status = owner.handle(self.path, headers, body)
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()
                with owner._arrived:
                    owner.requests += 1
                    owner._arrived.notify_all()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @abstractmethod
    def handle(self, path: str, headers: dict[str, str], body: bytes) -> int:
        """Take one request; the HTTP status to answer with."""

    def answer_with(self, status: int) -> None:
        """Answer every later request with ``status``."""
        self.status = status

    def wait_for(self, count: int, timeout: float = 10.0) -> bool:
        with self._arrived:
            return self._arrived.wait_for(lambda: self.requests >= count, timeout)

    def __enter__(self) -> Any:
        self.thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.server.shutdown()
        self.server.server_close()


class PushService(_Server):
    def __init__(self) -> None:
        super().__init__()
        self.subscribers: dict[str, _Subscriber] = {}
        self.messages: list[PushMessage] = []
        self.errors: list[str] = []

    def subscribe(self) -> dict[str, Any]:
        """A new subscription, as ``PushSubscription.toJSON()`` gives it in a browser."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        token = b64(os.urandom(9))
        self.subscribers[f"/push/{token}"] = _Subscriber(key, auth)
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": f"http://127.0.0.1:{self.port}/push/{token}",
            "keys": {"p256dh": b64(public), "auth": b64(auth)},
        }

    def handle(self, path: str, headers: dict[str, str], body: bytes) -> int:
        subscriber = self.subscribers.get(path)
        if subscriber is None:
            return 404
        if self.status >= 300:
            return self.status
        try:
            plain = http_ece.decrypt(
                body, private_key=subscriber.key, auth_secret=subscriber.auth, version="aes128gcm"
            )
            data = json.loads(plain)
        except Exception as exc:  # a message we cannot read is the site's bug: say so
            self.errors.append(f"{type(exc).__name__}: {exc}")
            return 400
        self.messages.append(PushMessage(path=path, headers=headers, data=data))
        return self.status


class WebhookReceiver(_Server):
    def __init__(self) -> None:
        super().__init__()
        self.status = 204
        self.posts: list[dict[str, Any]] = []

    def url(self, style: str = "slack") -> str:
        """An address on this receiver (``discord`` or ``slack`` in its path, for reading)."""
        return f"http://127.0.0.1:{self.port}/hooks/{style}/{b64(os.urandom(6))}"

    def handle(self, path: str, headers: dict[str, str], body: bytes) -> int:
        if self.status >= 300:
            return self.status
        self.posts.append({"path": path, **json.loads(body or b"{}")})
        return self.status

    def texts(self) -> list[str]:
        """Each post's message: Discord's ``content`` or Slack's ``text``."""
        return [str(post.get("content", post.get("text", ""))) for post in self.posts]

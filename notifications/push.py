"""Web Push: the site's VAPID keys, and sending one encrypted message to one browser.

pywebpush encrypts the payload for the subscription (RFC 8291, ``aes128gcm``) and signs the
request with the site's VAPID key (RFC 8292), so that a push service accepts it only from
us. The keys come from the settings (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT;
``python manage.py vapid_keys`` makes a pair): without them push is simply not offered.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from pywebpush import WebPushException, webpush

from notifications.channel_texts import ChannelText
from notifications.endpoint_urls import endpoint_check
from notifications.models import PushSubscription

# How long a push service keeps a message for a browser that is offline (seconds): a turn
# waits for days, but a message about it is stale after one.
TTL_SECONDS = 24 * 3600
TIMEOUT_SECONDS = 10.0


def is_configured() -> bool:
    """Whether the site has VAPID keys, and so offers push at all."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def public_key() -> str:
    """The application server key a browser subscribes with (base64url, uncompressed)."""
    return str(settings.VAPID_PUBLIC_KEY)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def key_pair_new() -> tuple[str, str]:
    """A fresh VAPID key pair (public, private), both base64url as the settings take them:
    the public key as the browser's ``applicationServerKey``, the private key's raw 32
    bytes as pywebpush reads them."""
    private = ec.generate_private_key(ec.SECP256R1())
    raw_private = private.private_numbers().private_value.to_bytes(32, "big")
    raw_public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(raw_public), _b64(raw_private)


@dataclass(frozen=True)
class PushRefusedError(Exception):
    """The push service answered with an error (``status``; 0: it could not be reached)."""

    status: int
    detail: str

    def __str__(self) -> str:
        return f"push service answered {self.status}: {self.detail}" if self.status else self.detail

    @property
    def gone(self) -> bool:
        """The subscription no longer exists (the browser unsubscribed or it expired)."""
        return self.status in (404, 410)

    @property
    def permanent(self) -> bool:
        """Sending the same again cannot succeed (a malformed or refused request)."""
        return 400 <= self.status < 500 and self.status not in (408, 425, 429)


def payload(text: ChannelText, *, tag: str) -> str:
    """What the service worker receives (``static/notifications/service-worker.js``)."""
    return json.dumps({"title": text.title, "body": text.line, "url": text.url, "tag": tag})


def push_send(subscription: PushSubscription, data: str) -> None:
    """Send ``data`` to one browser; PushRefusedError when the push service does not take it."""
    endpoint_check(subscription.endpoint)
    session = requests.Session()
    session.max_redirects = 0  # a push service answers; it does not send us elsewhere
    try:
        webpush(
            subscription_info={
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=data,
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
            requests_session=session,
        )
    except WebPushException as exc:
        response = exc.response
        status = response.status_code if response is not None else 0
        raise PushRefusedError(status, str(exc.message)[:500]) from exc
    except requests.RequestException as exc:
        raise PushRefusedError(0, f"{type(exc).__name__}: {exc}"[:500]) from exc
    finally:
        session.close()

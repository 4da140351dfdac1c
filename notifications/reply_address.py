"""Signed reply addresses: ``reply+<token>@<INBOUND_EMAIL_DOMAIN>``.

A turn email's Reply-To names one player's seat in one game, at the version the email
showed, until an expiry; the HMAC makes it unforgeable, so a reply to it is tied to that seat
and game and can reach no other. The token is six dot-separated lowercase fields::

    <key id>.<seat>.<game public id>.<version, base 36>.<expiry, unix seconds base 36>.<mac>

The MAC is HMAC-SHA256 over the first five fields, truncated to 80 bits and written in
lowercase base 32 (16 characters): the whole local part stays under 64 characters (RFC 5321)
and survives mail systems that change the case of addresses. Keys rotate: INBOUND_REPLY_KEYS
maps key ids to secrets and INBOUND_REPLY_KEY_ID names the one that signs new addresses;
addresses signed with an older key stay valid for as long as that key is listed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import time
from dataclasses import dataclass

from django.conf import settings

PREFIX = "reply+"
MAX_LOCAL_PART = 64
MAC_BYTES = 10
KEY_ID = re.compile(r"^[a-z0-9]{1,4}$")
_TOKEN = re.compile(
    r"^(?P<kid>[a-z0-9]{1,4})\.(?P<seat>[0-9])\.(?P<game>[a-z0-9]{1,24})\."
    r"(?P<version>[0-9a-z]{1,8})\.(?P<expires>[0-9a-z]{1,8})\.(?P<mac>[a-z2-7]{16})$"
)


class BadReplyAddressError(Exception):
    """Not one of our reply addresses, or altered, or signed with an unknown key."""


class ExpiredReplyAddressError(BadReplyAddressError):
    """Genuine, but past its expiry: the reply is refused (the player is told why)."""

    def __init__(self, address: ReplyAddress) -> None:
        super().__init__("the reply address has expired")
        self.address = address


@dataclass(frozen=True)
class ReplyAddress:
    game: str  # public id
    seat: int
    version: int
    expires: int  # unix seconds
    key_id: str


def _keys() -> dict[str, str]:
    keys = getattr(settings, "INBOUND_REPLY_KEYS", None) or {}
    if keys:
        return {str(kid).lower(): str(secret) for kid, secret in keys.items()}
    # No keys configured: one derived from SECRET_KEY (rotating SECRET_KEY rotates it).
    derived = hmac.new(
        settings.SECRET_KEY.encode(), b"notifications.reply_address", hashlib.sha256
    ).hexdigest()
    return {"k1": derived}


def current_key_id() -> str:
    keys = _keys()
    kid = (getattr(settings, "INBOUND_REPLY_KEY_ID", "") or "").lower()
    if kid:
        if kid not in keys:
            raise BadReplyAddressError(f"INBOUND_REPLY_KEY_ID {kid!r} is not in INBOUND_REPLY_KEYS")
        return kid
    return sorted(keys)[0]


def _b36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def _mac(secret: str, payload: str) -> str:
    digest = hmac.new(secret.encode(), payload.encode(), hashlib.sha256).digest()[:MAC_BYTES]
    return base64.b32encode(digest).decode("ascii").lower()


def domain() -> str:
    return (getattr(settings, "INBOUND_EMAIL_DOMAIN", "") or "").strip().lower()


def enabled() -> bool:
    """Replies are taken only where a domain receives them."""
    return bool(domain())


def make(*, game: str, seat: int, version: int, now: float | None = None) -> str:
    """The reply address for ``seat`` of game ``game`` at ``version`` (expires after
    INBOUND_REPLY_TTL seconds)."""
    now = time.time() if now is None else now
    ttl = int(getattr(settings, "INBOUND_REPLY_TTL", 30 * 24 * 3600))
    kid = current_key_id()
    payload = f"{kid}.{seat}.{game.lower()}.{_b36(version)}.{_b36(int(now) + ttl)}"
    local = f"{PREFIX}{payload}.{_mac(_keys()[kid], payload)}"
    if len(local) > MAX_LOCAL_PART:
        raise ValueError(f"reply address local part too long ({len(local)} characters)")
    return f"{local}@{domain()}"


def read(address: str, *, now: float | None = None) -> ReplyAddress:
    """The seat, game and version an address names; raises BadReplyAddressError (forged,
    altered, unknown key, another domain) or ExpiredReplyAddressError."""
    local, _, host = address.strip().strip("<>").lower().rpartition("@")
    if not local.startswith(PREFIX) or host != domain():
        raise BadReplyAddressError("not a reply address")
    match = _TOKEN.match(local[len(PREFIX) :])
    if match is None:
        raise BadReplyAddressError("malformed reply address")
    secret = _keys().get(match["kid"])
    if secret is None:
        raise BadReplyAddressError("unknown key id")
    payload = local[len(PREFIX) :].rpartition(".")[0]
    if not hmac.compare_digest(_mac(secret, payload), match["mac"]):
        raise BadReplyAddressError("bad signature")
    found = ReplyAddress(
        game=match["game"],
        seat=int(match["seat"]),
        version=int(match["version"], 36),
        expires=int(match["expires"], 36),
        key_id=match["kid"],
    )
    if found.expires < (time.time() if now is None else now):
        raise ExpiredReplyAddressError(found)
    return found


def find(addresses: list[str]) -> tuple[str, ReplyAddress | None, BadReplyAddressError | None]:
    """The first of ``addresses`` that looks like one of ours (prefix and domain), read.

    Returns (address, its contents or None, the error or None); ("", None, error) when none
    is ours at all.
    """
    ours = [a for a in addresses if a.strip().lower().startswith(PREFIX)]
    ours = [a for a in ours if a.strip().lower().rpartition("@")[2] == domain()]
    if not ours:
        return "", None, BadReplyAddressError("not sent to a reply address")
    error: BadReplyAddressError | None = None
    for address in ours:
        try:
            return address, read(address), None
        except BadReplyAddressError as exc:
            error = error or exc
    return ours[0], None, error

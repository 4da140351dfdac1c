"""Which URLs the site may send a push message or a webhook post to (against SSRF).

A push subscription's endpoint and a webhook's URL come from a user: posting to them from a
worker inside the network would let anyone make the site call its own private services.
So an endpoint must be ``https`` and every address its host resolves to must be public
(not loopback, private, link-local, reserved or multicast), both when it is saved and again
before each post (a name may resolve elsewhere later). Redirects are not followed.

NOTIFY_ENDPOINTS_ALLOW_LOCAL (tests, a development machine) lifts both rules: plain
``http`` and local addresses are then accepted.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from common.errors import InvalidRequestError


def local_allowed() -> bool:
    return bool(getattr(settings, "NOTIFY_ENDPOINTS_ALLOW_LOCAL", False))


def endpoint_check(url: str, *, resolve: bool = True) -> str:
    """``url`` if the site may post to it; else an InvalidRequestError saying why.

    ``resolve``: look the host up and refuse a non-public address (always, except when the
    setting allows local endpoints).
    """
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError as exc:
        raise InvalidRequestError("bad_endpoint", _("This is not a valid URL.")) from exc
    allow_local = local_allowed()
    schemes = ("https", "http") if allow_local else ("https",)
    if parts.scheme not in schemes or not host:
        raise InvalidRequestError(
            "bad_endpoint",
            _("The address must be a full https:// URL, e.g. the one your chat app gave."),
        )
    if parts.username or parts.password:
        raise InvalidRequestError(
            "bad_endpoint", _("The address must not hold a user name or password.")
        )
    if resolve and not allow_local:
        for address in _addresses(host, parts.port or 443):
            if not address.is_global or address.is_multicast:
                raise InvalidRequestError(
                    "private_endpoint",
                    _("The address %(host)s is not on the public internet: it cannot be used.")
                    % {"host": host},
                )
    return url.strip()


def _addresses(host: str, port: int) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise InvalidRequestError(
            "unknown_host", _("The host %(host)s cannot be found.") % {"host": host}
        ) from exc
    found = []
    for info in infos:
        literal = str(info[4][0]).split("%", 1)[0]  # an IPv6 scope id is not part of it
        found.append(ipaddress.ip_address(literal))
    return found

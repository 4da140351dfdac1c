"""The address a request came from, for per-client limits.

Behind proxies, REMOTE_ADDR is the nearest proxy's address, shared by every visitor. Each
proxy appends the address it saw to X-Forwarded-For, after whatever the client sent (which
may be forged), so the trustworthy entry is the one added by the outermost of our own
proxies: counted from the right, the TRUSTED_PROXY_COUNT-th.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The client's IP address ("" when unknown)."""
    remote = str(request.META.get("REMOTE_ADDR") or "").strip()
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    if proxies <= 0:
        return remote
    forwarded = [
        part.strip()
        for part in str(request.META.get("HTTP_X_FORWARDED_FOR") or "").split(",")
        if part.strip()
    ]
    if not forwarded:
        return remote
    # Fewer entries than proxies: the request skipped the outer ones (sent to an inner one
    # directly); the left-most entry is then the nearest thing to the client's address.
    candidate = forwarded[-proxies] if len(forwarded) >= proxies else forwarded[0]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote

"""Failed logins, throttled per account and per client address.

Password guessing is slowed down wherever a password is checked (``POST /api/token/`` and
the log-in page): after LOGIN_FAILURES_PER_ACCOUNT failed attempts for one username, or
LOGIN_FAILURES_PER_IP from one client address, within LOGIN_FAILURE_WINDOW seconds, every
further attempt is refused without checking the password until the window ends. Only
failures count, so a user who logs in correctly is never refused because of their own
successful logins; the per-account count also applies to usernames nobody has, so that the
answer does not tell which accounts exist.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext

from common import ratelimit

ACCOUNT_SCOPE = "login-failures:account"
CLIENT_SCOPE = "login-failures:client"


def window() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_WINDOW", 900))


def _account(username: str) -> str:
    return username.strip().lower()


def blocked(*, username: str, client_ip: str) -> bool:
    """True when this account or this address has failed too often lately."""
    return ratelimit.reached(
        ACCOUNT_SCOPE,
        _account(username),
        limit=int(getattr(settings, "LOGIN_FAILURES_PER_ACCOUNT", 10)),
    ) or bool(
        client_ip
        and ratelimit.reached(
            CLIENT_SCOPE, client_ip, limit=int(getattr(settings, "LOGIN_FAILURES_PER_IP", 50))
        )
    )


def failed(*, username: str, client_ip: str) -> None:
    """Count one failed attempt for the account and for the address."""
    ratelimit.count(ACCOUNT_SCOPE, _account(username), window=window())
    if client_ip:
        ratelimit.count(CLIENT_SCOPE, client_ip, window=window())


def refusal_message() -> str:
    return gettext(
        "Too many failed log-ins for this account or from your network: wait up to "
        "%(window)s and try again."
    ) % {"window": ratelimit.window_text(window())}

"""How many emails the account pages may be made to send: per address and per client IP.

Sign-up, "send the confirmation link again", password reset and email change each email an
address someone typed in, so without a limit anyone could make the site mail a stranger
without end (abuse of that person, and a risk for the site's standing with mail providers).
Each request that would send is counted, per target address (ACCOUNT_EMAIL_RATE_PER_ADDRESS)
and per client IP (ACCOUNT_EMAIL_RATE_PER_IP), in windows of ACCOUNT_EMAIL_RATE_WINDOW
seconds, through ``common.ratelimit``.

An address is counted whether or not an account uses it, and before anything is looked
up: a refusal is the same for every address, so it tells nothing about who has an account.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from common import ratelimit

ADDRESS_SCOPE = "account-email:address"
CLIENT_SCOPE = "account-email:client"


def email_request_allowed(*, client_ip: str, email: str | None = None) -> bool:
    """Count one request to email ``email`` from ``client_ip``; False when the address or
    the client is over its limit. Sign-ups pass no address: each address can sign up only
    once (an account then uses it), so they are counted per client only.

    Both are counted even when one is over, so that someone who keeps trying stays refused
    until the window ends."""
    window = settings.ACCOUNT_EMAIL_RATE_WINDOW
    over = []
    if email:
        over.append(
            ratelimit.over_limit(
                ADDRESS_SCOPE,
                email.strip().lower(),
                limit=settings.ACCOUNT_EMAIL_RATE_PER_ADDRESS,
                window=window,
            )
        )
    if client_ip:
        over.append(
            ratelimit.over_limit(
                CLIENT_SCOPE, client_ip, limit=settings.ACCOUNT_EMAIL_RATE_PER_IP, window=window
            )
        )
    return not any(over)


def refusal_message() -> str:
    """What a refused page says: the same whichever limit was reached, and for every address."""
    return _(
        "Too many emails have been asked for lately, for this address or from your network, "
        "so none was sent. Wait up to %(window)s and try again."
    ) % {"window": ratelimit.window_text(settings.ACCOUNT_EMAIL_RATE_WINDOW)}


def signup_refusal_message() -> str:
    return _(
        "Too many accounts have been created from your network lately, so this one was not. "
        "Wait up to %(window)s and try again."
    ) % {"window": ratelimit.window_text(settings.ACCOUNT_EMAIL_RATE_WINDOW)}

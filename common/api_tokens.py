"""API tokens with a lifetime: issuing, expiry and revocation.

A user has at most one API token (DRF's ``Token``, the key sent as ``Authorization: Token
<key>``). It is good for API_TOKEN_TTL seconds from when it was made: ``POST /api/token/``
gives the same token back while it lasts and a new one after, ``accounts.auth`` refuses an
expired one (401, code ``token_expired``). It is revoked by deleting it: from the profile
page, and for every token of a user whenever their password changes (``accounts.apps``), so
a password reset also shuts out whoever had a token.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token


def lifetime() -> timedelta:
    return timedelta(seconds=int(getattr(settings, "API_TOKEN_TTL", 30 * 24 * 3600)))


def expires_at(created: datetime) -> datetime:
    return created + lifetime()


def is_expired(created: datetime, *, now: datetime | None = None) -> bool:
    return expires_at(created) <= (now or timezone.now())


def token_issue(*, user: Any) -> Token:
    """The user's token while it lasts, else a new one (the expired one is deleted)."""
    with transaction.atomic():
        token, created = Token.objects.select_for_update().get_or_create(user=user)
        if not created and is_expired(token.created):
            token.delete()
            token = Token.objects.create(user=user)
    return token


def token_of(*, user: Any) -> Token | None:
    return Token.objects.filter(user=user).first()


def tokens_revoke(*, user: Any) -> int:
    """Delete every API token of ``user``; how many there were."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return deleted

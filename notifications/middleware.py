"""Keeps ``UserActivity.last_seen`` for signed-in users, so that nobody gets an email about
a game they are looking at (``NOTIFY_SKIP_IF_ACTIVE_WITHIN``).

Every request passes here, so the common case costs nothing: a process that has just
recorded (or seen recorded) a user's activity skips the shared cache for a few seconds.
``last_seen`` is thus at most ``WRITE_EVERY_SECONDS + LOCAL_SKIP_SECONDS`` old while the user
is active, far below the notification window.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.functional import SimpleLazyObject

from notifications import languages
from notifications.activity import activity_record
from notifications.selectors import time_zone_of

logger = logging.getLogger(__name__)

# At most one write per user in this many seconds (last_seen is that precise).
WRITE_EVERY_SECONDS = 10
# How long a process trusts its own last look at the shared cache (per user).
LOCAL_SKIP_SECONDS = 5
_LOCAL_MAX_USERS = 10_000

# (user pk, date joined) -> monotonic time until which this process skips the user. The date
# tells apart two users given the same pk (a database that reuses the pk of a deleted row).
_checked: dict[tuple[Any, Any], float] = {}
_checked_lock = threading.Lock()


def _local_key(user: Any) -> tuple[Any, Any]:
    return user.pk, getattr(user, "date_joined", None)


def _recently_checked(user: Any) -> bool:
    return _checked.get(_local_key(user), 0.0) > time.monotonic()


def _note_checked(user: Any) -> None:
    now = time.monotonic()
    with _checked_lock:
        if len(_checked) >= _LOCAL_MAX_USERS:
            for key in [key for key, until in _checked.items() if until <= now]:
                del _checked[key]
            if len(_checked) >= _LOCAL_MAX_USERS:
                _checked.clear()
        _checked[_local_key(user)] = now + LOCAL_SKIP_SECONDS


def activity_seen(*, user_id: int) -> None:
    """Note that the user is on the site now: at most one write per ``WRITE_EVERY_SECONDS``
    (what a live page's stream reports, ``games.signals.page_watched``)."""
    try:
        if cache.add(f"notifications:seen:{user_id}", 1, WRITE_EVERY_SECONDS):
            activity_record(user_id=user_id, at=timezone.now())
    except Exception:  # the cache or database is down: the stream still works
        logger.warning("could not record the activity of user %s", user_id, exc_info=True)


class ActivityMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # Read after the view: DRF authenticates API tokens in the view and sets request.user.
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and not _recently_checked(user):
            try:
                if cache.add(f"notifications:seen:{user.pk}", 1, WRITE_EVERY_SECONDS):
                    activity_record(user_id=user.pk, at=timezone.now())
                _note_checked(user)
            except Exception:  # the cache or database is down: the page still works
                logger.warning("could not record the activity of user %s", user.pk, exc_info=True)
        return response


class TimeZoneMiddleware:
    """Gives each request ``request.time_zone``: the signed-in user's time zone (their
    preference; UTC for anyone else), read from the database only if a page asks for it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.time_zone = SimpleLazyObject(lambda: _time_zone_of(request))  # type: ignore[attr-defined]
        return self.get_response(request)


def _time_zone_of(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "UTC"
    return time_zone_of(user=user)


class UserLanguageMiddleware:
    """Activates a signed-in user's own language for the request (after LocaleMiddleware,
    which chose the visitor's from the cookie or Accept-Language): the pages follow the
    account's current setting on any browser, changed elsewhere or not."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = languages.request_language(user)
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)

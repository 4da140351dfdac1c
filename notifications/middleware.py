"""Keeps ``UserActivity.last_seen`` for signed-in users, so that nobody gets an email about
a game they are looking at (``NOTIFY_SKIP_IF_ACTIVE_WITHIN``)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from notifications.services import activity_record

logger = logging.getLogger(__name__)

# At most one write per user in this many seconds (last_seen is that precise).
WRITE_EVERY_SECONDS = 10


class ActivityMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # Read after the view: DRF authenticates API tokens in the view and sets request.user.
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            try:
                if cache.add(f"notifications:seen:{user.pk}", 1, WRITE_EVERY_SECONDS):
                    activity_record(user_id=user.pk, at=timezone.now())
            except Exception:  # the cache or database is down: the page still works
                logger.warning("could not record the activity of user %s", user.pk, exc_info=True)
        return response

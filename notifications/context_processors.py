"""What every page needs from the notifications app: whether the signed-in user's email
address stopped receiving mail (``notifications.bounces``), and whether push subscriptions
or webhooks of theirs were disabled after repeated failures (``notifications.endpoints``),
for the banners in the base template. Read only when a page shows them, from the cache (no
query on a warm cache)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from common.web import time_zone_name
from notifications import bounces, endpoints


def email_problem(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not user.email:
        return {}
    address = user.email

    def problem() -> dict[str, Any] | None:
        found = bounces.problem_of(address)
        if found is None:
            return None
        # The day it happened where the owner lives ("3 May" is their 3 May).
        since = bounces.local_naive(found["since"], time_zone_name(request))
        return {**found, "since": since}

    return {"email_problem": SimpleLazyObject(problem)}


def dead_endpoints(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    user_id = user.pk
    return {"dead_endpoints": SimpleLazyObject(lambda: endpoints.dead_endpoints_of(user_id))}

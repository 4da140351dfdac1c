"""Request helpers the web pages share (htmx awareness, signing in, the time zone)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url


class AuthenticatedHttpRequest(HttpRequest):
    """For annotations: the request of a view behind ``login_required`` or ``signed_in``, so
    its user is never anonymous. Django passes a plain ``HttpRequest``; the decorator is what
    makes this true."""

    user: User


def is_htmx(request: HttpRequest) -> bool:
    """A request from htmx for a fragment (a history restore wants the whole page)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


def time_zone_name(request: HttpRequest) -> str:
    """The time zone the page shows times in: the signed-in user's (``request.time_zone``,
    set by the middleware of the app that keeps preferences), else UTC."""
    return str(getattr(request, "time_zone", None) or "UTC")


def signed_in(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``login_required`` that also works for htmx requests: a signed-out (or expired)
    session sends the whole page to the login form instead of swapping it into a panel."""
    page_view = login_required(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated or not is_htmx(request):
            return page_view(request, *args, **kwargs)
        back = request.headers.get("HX-Current-URL") or request.get_full_path()
        response = HttpResponse(status=204)
        response["HX-Redirect"] = f"{resolve_url(settings.LOGIN_URL)}?{urlencode({'next': back})}"
        return response

    return wrapper

"""Request helpers the web pages share (htmx awareness, signing in, the time zone, pages of a
long list)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import InvalidPage, Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django.utils.functional import cached_property

# What a page lists: model rows, or ids sorted before the page's rows are read.
_Row = TypeVar("_Row")


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


def page_of(request: HttpRequest, rows: Paginator[_Row]) -> Page[_Row]:
    """The page of ``rows`` asked for (``?page=``, from 1); a 404 for one that does not
    exist, as a person who typed it can tell."""
    try:
        return rows.page(request.GET.get("page") or 1)
    except InvalidPage as exc:
        raise Http404(f"No such page: {exc}") from exc


# Paginator is generic in its stubs only (as the admin's classes: pyproject.toml).
if TYPE_CHECKING:
    _Paginator = Paginator[Any]
else:
    _Paginator = Paginator


class CountedPaginator(_Paginator):
    """Pages whose number comes from ``count`` rather than from the listed rows' own
    ``count()``: a player's list joins each of their thousands of seats to its game to count
    them, where their seats alone give the same number."""

    def __init__(self, rows: Any, per_page: int, count: Callable[[], int]) -> None:
        super().__init__(rows, per_page)
        self._count = count

    @cached_property
    def count(self) -> int:
        return self._count()

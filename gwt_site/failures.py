"""What a request gets when something fails outside the views' own error handling.

* **The database is unreachable** (``OperationalError`` / ``InterfaceError`` from any layer):
  the API answers ``503 {"code": "database_unavailable", ...}`` with ``Retry-After``, a page
  answers a short "back soon" page (503, rendered without the database). The broken
  connection is closed on the spot, so the first request after the database is back opens a
  new one and succeeds (persistent connections are also health-checked at the start of each
  request: ``CONN_HEALTH_CHECKS`` in the settings).
* **Django's own error answers** (``handler400/403/404/500`` in ``gwt_site.urls``): under
  ``/api/`` they are the API's JSON ``{"code", "message"}`` like every other API error (an
  unknown path, a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, a malformed request), elsewhere
  short pages.
* **Input that cannot be stored** (a NUL character in the path or the query string, which
  PostgreSQL refuses in any text): ``UnstorableInputMiddleware`` refuses it with a 400
  before any view runs.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 30
API_PREFIX = "/api/"


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def _language(request: HttpRequest) -> str:
    """The request's language, also when the failure came before LocaleMiddleware chose it
    (from the cookie or Accept-Language alone: the database may be the thing that failed)."""
    return getattr(request, "LANGUAGE_CODE", None) or translation.get_language_from_request(request)


def _error(
    request: HttpRequest, status: int, code: str, message: Promise, title: Promise
) -> HttpResponse:
    with translation.override(_language(request)):
        if is_api(request):
            return JsonResponse({"code": code, "message": str(message)}, status=status)
        html = render_to_string("gwt_site/error.html", {"title": title, "message": message})
    return HttpResponse(html, status=status)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """The answer while the database is unreachable; closes the broken connections so that
    the next request connects afresh."""
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except Exception:  # already broken: closing it is all we wanted
            logger.debug("closing a broken database connection failed", exc_info=True)
    with translation.override(_language(request)):
        if is_api(request):
            message = _("The service cannot reach its database just now: try again shortly.")
            response: HttpResponse = JsonResponse(
                {"code": "database_unavailable", "message": str(message)}, status=503
            )
        else:
            response = HttpResponse(render_to_string("gwt_site/back_soon.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseUnavailableMiddleware:
    """Turns a view's database outage into the 503 above (the outage raised by a middleware
    reaches ``server_error`` instead, which answers the same)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DATABASE_UNAVAILABLE):
            logger.warning("database unavailable: %s", exception)
            return database_unavailable(request)
        return None


class UnstorableInputMiddleware:
    """A NUL character in the path or the query string is a 400, before any view runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info or any(
            "\x00" in key or any("\x00" in value for value in request.GET.getlist(key))
            for key in request.GET
        ):
            return _error(
                request,
                400,
                "bad_request",
                _("The address contains a NUL character."),
                _("Bad request"),
            )
        return self.get_response(request)


# --- Django's handlers (gwt_site.urls) ------------------------------------------------------


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        return _error(
            request,
            413,
            "too_large",
            _("The request body is too large."),
            _("Request too large"),
        )
    return _error(request, 400, "bad_request", _("The request is malformed."), _("Bad request"))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(
        request, 403, "permission_denied", _("You may not do this."), _("Permission denied")
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 404, "not_found", _("There is nothing at this address."), _("Not found"))


def server_error(request: HttpRequest) -> HttpResponse:
    exception = sys.exc_info()[1]
    if isinstance(exception, DATABASE_UNAVAILABLE):
        return database_unavailable(request)
    return _error(
        request,
        500,
        "server_error",
        _("Something went wrong on our side; it has been logged."),
        _("Server error"),
    )

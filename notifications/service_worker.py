"""The service worker, served from the site's root so that its scope is the whole site: it
shows a push message as a notification, and a click on it opens the game it is about
(``static/notifications/service-worker.js``)."""

from __future__ import annotations

from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

SERVICE_WORKER = Path(__file__).parent / "static" / "notifications" / "service-worker.js"


@require_GET
@cache_control(max_age=0, no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker script at ``/service-worker.js``: a worker's scope is at most the
    folder it is served from, and it must handle every page's notifications."""
    response = HttpResponse(
        SERVICE_WORKER.read_text(encoding="utf-8"), content_type="text/javascript; charset=utf-8"
    )
    response["Service-Worker-Allowed"] = "/"
    return response

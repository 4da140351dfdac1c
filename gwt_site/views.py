from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from gwt_site.health import check_broker, check_database
from notifications.selectors import worker_heartbeat_latest


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "gwt_site/home.html")


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker both answer, 503 otherwise.

    The worker's last heartbeat is reported for information only: a quiet worker does not
    make the site unhealthy.
    """
    database = check_database()
    broker = check_broker(settings.CELERY_BROKER_URL, settings.CELERY_BROKER_TRANSPORT_OPTIONS)
    healthy = database["ok"] and broker["ok"]
    body: dict[str, Any] = {
        "status": "ok" if healthy else "error",
        "database": database,
        "broker": broker,
        "worker": _worker_status() if database["ok"] else None,
    }
    return JsonResponse(body, status=200 if healthy else 503)


def _worker_status() -> dict[str, Any] | None:
    try:
        beat = worker_heartbeat_latest()
    except Exception:  # e.g. migrations not applied yet; informational only
        return None
    if beat is None:
        return {"last_heartbeat": None}
    return {
        "worker": beat.worker,
        "last_heartbeat": beat.last_seen.isoformat(),
        "age_seconds": round((timezone.now() - beat.last_seen).total_seconds(), 1),
    }

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

    Anyone (a load balancer) learns only ok / not ok per dependency. Staff also get the
    details: the database vendor, the broker's transport and (redacted) URL, the errors, and
    the worker's last heartbeat, which is for information only (a quiet worker does not
    make the site unhealthy).
    """
    database = check_database()
    broker = check_broker(settings.CELERY_BROKER_URL, settings.CELERY_BROKER_TRANSPORT_OPTIONS)
    healthy = database["ok"] and broker["ok"]
    status = 200 if healthy else 503
    body: dict[str, Any] = {"status": "ok" if healthy else "error"}
    if not (database["ok"] and _is_staff(request)):
        body.update(database={"ok": database["ok"]}, broker={"ok": broker["ok"]})
        return JsonResponse(body, status=status)
    body.update(database=database, broker=broker, worker=_worker_status())
    return JsonResponse(body, status=status)


def _is_staff(request: HttpRequest) -> bool:
    """Whether a staff member asks (the session is read from the database, so only once the
    database answered)."""
    try:
        return bool(getattr(request.user, "is_staff", False))
    except Exception:  # the session could not be read: the public answer
        return False


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

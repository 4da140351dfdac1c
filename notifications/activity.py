"""Who is alive: players on the site (so that nobody is emailed about a game they are looking
at) and the Celery workers (their heartbeats, shown by ``/healthz``)."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import F

from notifications.models import UserActivity, WorkerHeartbeat


def worker_heartbeat_record(*, worker: str, at: datetime) -> None:
    """Record that ``worker`` was alive at ``at``."""
    updated = WorkerHeartbeat.objects.filter(worker=worker).update(
        last_seen=at, beats=F("beats") + 1
    )
    if updated:
        return
    try:
        # The savepoint keeps an outer transaction usable if another process created the
        # row between the update above and this insert.
        with transaction.atomic():
            WorkerHeartbeat.objects.create(worker=worker, last_seen=at, beats=1)
    except IntegrityError:
        WorkerHeartbeat.objects.filter(worker=worker).update(last_seen=at, beats=F("beats") + 1)


def activity_record(*, user_id: int, at: datetime) -> None:
    """Note that the user did something on the site at ``at``."""
    UserActivity.objects.bulk_create(
        [UserActivity(user_id=user_id, last_seen=at)],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["last_seen"],
    )

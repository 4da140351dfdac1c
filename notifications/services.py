from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import F

from notifications.models import WorkerHeartbeat


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

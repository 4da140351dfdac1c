from __future__ import annotations

import socket

from celery import Task, shared_task
from django.utils import timezone

from notifications.services import worker_heartbeat_record


@shared_task(name="notifications.heartbeat", bind=True, ignore_result=True)
def heartbeat(self: Task) -> None:
    """Scheduled by beat (HEARTBEAT_INTERVAL): the executing worker records itself."""
    worker_heartbeat_record(worker=self.request.hostname or socket.gethostname(), at=timezone.now())

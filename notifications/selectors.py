from __future__ import annotations

from notifications.models import WorkerHeartbeat


def worker_heartbeat_latest() -> WorkerHeartbeat | None:
    """The most recent heartbeat of any worker, or None if no worker has reported yet."""
    return WorkerHeartbeat.objects.order_by("-last_seen").first()

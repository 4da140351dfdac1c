"""Celery tasks: sending the outbox, and what beat schedules (settings.CELERY_BEAT_SCHEDULE)."""

from __future__ import annotations

import socket

from celery import Task, shared_task
from celery.signals import worker_process_shutdown
from django.utils import timezone

from games.timecontrol.deadlines import turn_deadlines_sweep
from notifications import emails
from notifications.activity import worker_heartbeat_record
from notifications.channel_delivery import channels_deliver_due, channels_left_unsent
from notifications.delivery import deliver_due, kick_delivery, outbox_sweep
from notifications.retention import sent_purge
from notifications.scheduled import deadline_warnings_queue, digests_queue, reminders_queue


@shared_task(name="notifications.heartbeat", bind=True, ignore_result=True)
def heartbeat(self: Task[[], None]) -> None:
    """Scheduled by beat (HEARTBEAT_INTERVAL): the executing worker records itself."""
    worker_heartbeat_record(worker=self.request.hostname or socket.gethostname(), at=timezone.now())


@shared_task(name="notifications.deliver", ignore_result=True)
def deliver() -> dict[str, int]:
    """Send the notifications that are due (kicked after each commit that wrote some, after
    a retry delay, and by the sweep). Rows are claimed before they are sent, so a duplicate
    task or a redelivered message sends nothing twice. The push messages and webhook posts
    follow (their outcomes prefixed with the channel's name)."""
    outcomes = deliver_due()
    for outcome, count in channels_deliver_due().items():
        outcomes[f"channels:{outcome}"] = count
    return outcomes


@shared_task(name="notifications.sweep_outbox", ignore_result=True)
def sweep_outbox() -> int:
    """Scheduled every minute: queue again what was left unsent (lost task, dead worker),
    emails and channel rows alike."""
    left = outbox_sweep()
    channels = channels_left_unsent()
    if channels and not left:
        kick_delivery(merge=False)
    return left + channels


@shared_task(name="notifications.purge_sent", ignore_result=True)
def purge_sent() -> int:
    """Scheduled daily: delete the outbox rows sent long ago that no longer matter
    (``notifications.retention``)."""
    return sent_purge()


@shared_task(name="notifications.sweep_turn_deadlines", ignore_result=True)
def sweep_turn_deadlines() -> int:
    """Scheduled every minute: apply each game's policy to the turn deadlines that passed
    (the players are told through the outbox)."""
    return turn_deadlines_sweep()


@shared_task(name="notifications.send_reminders", ignore_result=True)
def send_reminders() -> int:
    """Scheduled every few minutes: deadline warnings, then reminders, each sent once."""
    return deadline_warnings_queue() + reminders_queue()


@shared_task(name="notifications.send_digests", ignore_result=True)
def send_digests() -> int:
    """Scheduled several times an hour: the daily digests whose local hour has come."""
    return digests_queue()


@worker_process_shutdown.connect
def _close_smtp_connection(**kwargs: object) -> None:
    emails.close_connection()

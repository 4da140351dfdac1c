"""How long the outbox keeps what it sent.

A ``Notification`` row is the truth about what was sent while it matters: the unique
constraints make writing it twice a no-op, reminders and deadline warnings look for the row
of the position or turn they are about, bounces and replies arrive within days. Once its
game has ended (or for an email about no game), none of that can happen again, and the row
is no part of the game's record (the events are): kept for ever, the outbox of an ended game
was about a seventh of its storage (``bench/README.md``, "Storage"). So the rows sent or
skipped that were queued long ago (``NOTIFY_KEEP_SENT_DAYS``, 30 by default; 0 keeps them
for ever) are deleted by a periodic task (``notifications.purge_sent``, daily). Failed rows
stay, for the admin to look at and send again; so does every row of a game still in play,
and a row whose push or webhook deliveries (``ChannelDelivery``, deleted with it) are not
all settled.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from common.batches import delete_in_batches
from games.models import ENDED
from notifications.models import OPEN_STATUSES, ChannelDelivery, Notification, Status

# Rows deleted per statement: a run works through a large backlog in short transactions.
PURGE_BATCH = 5000


def purgeable(now: datetime) -> QuerySet[Notification] | None:
    """The rows the outbox no longer keeps at ``now``; None when it keeps them all."""
    days = int(getattr(settings, "NOTIFY_KEEP_SENT_DAYS", 0) or 0)
    if days <= 0:
        return None
    before = now - timedelta(days=days)
    return Notification.objects.filter(
        Q(game__isnull=True) | Q(game__status__in=ENDED),
        status__in=[Status.SENT, Status.SKIPPED],
        created_at__lt=before,
    ).exclude(
        Exists(
            ChannelDelivery.objects.filter(notification=OuterRef("pk"), status__in=OPEN_STATUSES)
        )
    )


def sent_purge(*, now: datetime | None = None, limit: int = 1_000_000) -> int:
    """Delete what the outbox no longer keeps (at most ``limit`` rows), in batches; how many."""
    rows = purgeable(now or timezone.now())
    if rows is None:
        return 0
    return delete_in_batches(rows, limit=limit, batch=PURGE_BATCH)

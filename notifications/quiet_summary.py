"""The email that gathers what was held through a player's quiet hours.

A notification that can wait (``quiet_hours``), claimed for its email during the quiet
hours, is not sent: its line and link are added to the recipient's summary for the morning
that ends them (one ``quiet_summary`` row per recipient and local date, due that morning),
and the row itself is skipped, its reason saying where it went. The summary email lists the
lines in the order they came. Push and webhooks gather their own way (one message per
endpoint, ``channel_delivery``).
"""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction

from common.timefmt import zone
from notifications import languages
from notifications.channel_texts import notification_text
from notifications.models import (
    OPEN_STATUSES,
    Channel,
    Kind,
    Notification,
    NotificationPreference,
)

GATHERED = "gathered into the quiet hours summary"


def gather(
    row: Notification, preference: NotificationPreference, morning: datetime
) -> tuple[Notification, bool] | None:
    """Add ``row`` to its recipient's summary for ``morning``: (the summary, whether it was
    just created, so needs a kick at ``morning``), or None when that summary has gone out
    already (then the row is sent on its own)."""
    with languages.override(preference.language):
        text = notification_text(row)
    item = {"line": text.line, "url": text.url, "notification": row.pk}
    local_date = morning.astimezone(zone(preference.time_zone)).date()
    wanted = Notification.objects.select_for_update().filter(
        recipient_id=row.recipient_id,
        kind=Kind.QUIET_SUMMARY,
        channel=Channel.EMAIL,
        digest_date=local_date,
    )
    with transaction.atomic():
        summary = wanted.first()
        if summary is None:
            try:
                with transaction.atomic():
                    created = Notification.objects.create(
                        recipient_id=row.recipient_id,
                        kind=Kind.QUIET_SUMMARY,
                        digest_date=local_date,
                        next_attempt_at=morning,
                        context={"items": [item]},
                    )
                return created, True
            except IntegrityError:  # written by another worker meanwhile
                summary = wanted.get()
        if summary.status not in OPEN_STATUSES:
            return None
        items = list(summary.context.get("items", []))
        if all(entry.get("notification") != row.pk for entry in items):
            summary.context = {**summary.context, "items": [*items, item]}
            summary.save(update_fields=["context"])
    return summary, False

"""Times and durations as people read them, in their own time zone (pages and emails)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import dateformat
from django.utils.translation import gettext, ngettext


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def when(value: datetime | str | None, zone: ZoneInfo) -> str:
    """A date and time as the recipient reads it, e.g. 'Tue 3 Nov 2026, 14:05 (Europe/Paris)'
    (the day and month named in the active language)."""
    if value is None:
        return ""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    local = value.astimezone(zone)
    return f"{dateformat.format(local, 'D j M Y, H:i')} ({zone.key})"


def duration_text(seconds: float) -> str:
    """'1 day', '2 days 3 hours', '45 minutes'."""
    minutes = round(seconds / 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [
        text % {"count": n}
        for n, text in (
            (days, ngettext("%(count)d day", "%(count)d days", days)),
            (hours, ngettext("%(count)d hour", "%(count)d hours", hours)),
            (minutes, ngettext("%(count)d minute", "%(count)d minutes", minutes)),
        )
        if n
    ]
    return " ".join(parts[:2]) or gettext("less than a minute")

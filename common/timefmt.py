"""Times and durations as people read them, in their own time zone (pages and emails)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def when(value: datetime | str | None, zone: ZoneInfo) -> str:
    """A date and time as the recipient reads it, e.g. 'Tue 3 Nov 2026, 14:05 (Europe/Paris)'."""
    if value is None:
        return ""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    local = value.astimezone(zone)
    return f"{local:%a} {local.day} {local:%b %Y, %H:%M} ({zone.key})"


def duration_text(seconds: float) -> str:
    """'1 day', '2 days 3 hours', '45 minutes'."""
    minutes = round(seconds / 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [
        f"{n} {unit}{'' if n == 1 else 's'}"
        for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute"))
        if n
    ]
    return " ".join(parts[:2]) or "less than a minute"

"""A player's own quiet hours: which notifications may wake them, and until when the others
wait.

Quiet hours are whole local hours in the player's time zone (their preferences), read with
the same rules as a game clock's night (``common.waking_time``). During them only the
*urgent* is sent: a deadline warning, and a "your turn" whose clock has less than
NOTIFY_URGENT_WITHIN left to run. Everything else (reminders, a turn with days on its clock,
a game started or over, invitations, moderators' news) is held until the quiet hours end
and then gathered into one message per channel.
"""

from __future__ import annotations

from datetime import datetime

from common.conf import duration_setting
from common.timefmt import zone
from common.waking_time import ClockRules, next_waking
from notifications.models import Kind, Notification, NotificationPreference


def rules_of(preference: NotificationPreference | None) -> ClockRules:
    """The player's quiet hours as clock rules (none when they have not set any)."""
    if preference is None or preference.quiet_start is None or preference.quiet_end is None:
        return ClockRules()
    return ClockRules(quiet_start=preference.quiet_start, quiet_end=preference.quiet_end)


def is_urgent(row: Notification, now: datetime) -> bool:
    """Whether ``row`` may wake its reader: a deadline warning, or a turn that runs out soon."""
    if row.kind == Kind.DEADLINE_WARNING:
        return True
    if row.kind != Kind.YOUR_TURN or row.game is None or row.game.turn_deadline is None:
        return False
    return row.game.turn_deadline - now < duration_setting("NOTIFY_URGENT_WITHIN", 6 * 3600)


def held_until(
    row: Notification, preference: NotificationPreference | None, now: datetime
) -> datetime | None:
    """When the quiet hours during which ``row`` would be sent end, or None to send it now."""
    rules = rules_of(preference)
    if not rules.stops or is_urgent(row, now):
        return None
    morning = next_waking(now, rules, zone(preference.time_zone if preference else "UTC"))
    return morning if morning > now else None

"""Time that counts on a clock that stops at night and at weekends, in a person's own zone.

A correspondence game lasts weeks: a clock that runs while a player sleeps punishes
whoever lives on the other side of the world from the others. Such a clock runs only in
the player's *waking time*: outside their quiet hours (e.g. 23:00-07:00 on their own wall
clock) and, when asked, outside their weekend (Saturday and Sunday, theirs too).

Pure functions over aware datetimes, so that every rule is checked with any instant, zone
and daylight-saving change (``zoneinfo``) without a database or a clock. Wall-clock hours
are turned into instants day by day: a local day that daylight saving makes 23 or 25 hours
long has that many hours, and a quiet hour that a spring-forward skips is not there.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

ZERO = timedelta(0)
# A clock stopped for more days in a row than this is a bug, not a rule (the rules leave
# at least a few waking hours every week).
_MAX_DAYS = 100_000
SATURDAY = 5


@dataclass(frozen=True)
class ClockRules:
    """When a clock stops: quiet hours (``quiet_start`` to ``quiet_end``, whole local hours,
    through midnight when start > end; None: no quiet hours) and the weekend."""

    quiet_start: int | None = None
    quiet_end: int | None = None
    weekend_pause: bool = False

    @property
    def stops(self) -> bool:
        """Whether the clock ever stops (otherwise waking time is plain elapsed time)."""
        return self.weekend_pause or (
            self.quiet_start is not None
            and self.quiet_end is not None
            and self.quiet_start != self.quiet_end
        )

    @property
    def quiet_hours(self) -> int:
        """How many hours a night lasts."""
        if self.quiet_start is None or self.quiet_end is None:
            return 0
        return (self.quiet_end - self.quiet_start) % 24


# A person's night when their game has no quiet hours of its own: what "their waking hours"
# means for the reliability signal (how fast they answer), whatever the game's clock.
USUAL_NIGHT = ClockRules(quiet_start=23, quiet_end=7)


def _at(day: date, hour: int, zone: ZoneInfo) -> datetime:
    """Local ``hour`` o'clock of ``day`` (24: the next midnight), as a UTC instant."""
    if hour == 24:
        day, hour = day + timedelta(days=1), 0
    return datetime.combine(day, time(hour), tzinfo=zone).astimezone(UTC)


def _waking_spans(day: date, rules: ClockRules, zone: ZoneInfo) -> list[tuple[datetime, datetime]]:
    """The instants of local ``day`` when the clock runs, in order."""
    if rules.weekend_pause and day.weekday() >= SATURDAY:
        return []
    start, end = rules.quiet_start, rules.quiet_end
    if start is None or end is None or start == end:
        hours = [(0, 24)]
    elif start > end:  # the night goes through midnight: awake from its end to its start
        hours = [(end, start)]
    else:
        hours = [(0, start), (end, 24)]
    spans = [(_at(day, a, zone), _at(day, b, zone)) for a, b in hours]
    return [(a, b) for a, b in spans if b > a]


def _spans_from(
    day: date, rules: ClockRules, zone: ZoneInfo
) -> Iterator[tuple[datetime, datetime]]:
    for offset in range(_MAX_DAYS):
        yield from _waking_spans(day + timedelta(days=offset), rules, zone)
    raise ValueError("these clock rules leave no waking time")


def _local_day(instant: datetime, zone: ZoneInfo) -> date:
    # A day early: a span of the previous local day may still be running at ``instant``.
    return instant.astimezone(zone).date() - timedelta(days=1)


def waking_time(start: datetime, end: datetime, rules: ClockRules, zone: ZoneInfo) -> timedelta:
    """How much of ``start``..``end`` the clock ran (zero when ``end`` is not after it)."""
    if end <= start:
        return ZERO
    if not rules.stops:
        return end - start
    total = ZERO
    for a, b in _spans_from(_local_day(start, zone), rules, zone):
        if a >= end:
            break
        overlap = min(b, end) - max(a, start)
        if overlap > ZERO:
            total += overlap
    return total


def deadline_after(
    start: datetime, budget: timedelta, rules: ClockRules, zone: ZoneInfo
) -> datetime:
    """The instant when a clock started at ``start`` has run for ``budget``.

    A budget of zero (or less) is due at ``start``; otherwise the deadline always falls in
    waking time (at the end of a span at the latest), never in the night.
    """
    if budget <= ZERO:
        return start
    if not rules.stops:
        return start + budget
    left = budget
    for a, b in _spans_from(_local_day(start, zone), rules, zone):
        if b <= start:
            continue
        a = max(a, start)
        if left <= b - a:
            return a + left
        left -= b - a
    raise AssertionError("unreachable: _spans_from ends by raising")  # pragma: no cover


def next_waking(instant: datetime, rules: ClockRules, zone: ZoneInfo) -> datetime:
    """``instant`` itself when the clock runs then, else when it starts again (the morning,
    or Monday morning)."""
    if not rules.stops:
        return instant
    for a, b in _spans_from(_local_day(instant, zone), rules, zone):
        if b > instant:
            return max(a, instant)
    raise AssertionError("unreachable: _spans_from ends by raising")  # pragma: no cover


def is_quiet(instant: datetime, rules: ClockRules, zone: ZoneInfo) -> bool:
    """Whether the clock is stopped at ``instant`` (a night, or the weekend)."""
    return next_waking(instant, rules, zone) != instant


def bank_after_turn(
    *, bank: timedelta, limit: timedelta | None, used: timedelta, per_turn: timedelta
) -> timedelta:
    """What is left in a player's time bank once a turn of theirs ends.

    The turn's own time limit is spent first (nothing of it is saved for later), then the
    bank; the time added per turn comes after, so a turn that ran out of both still earns
    it. Never below zero: time beyond the bank was vacation or the game's policy.
    """
    over = used - (limit or ZERO)
    if over > ZERO:
        bank = max(ZERO, bank - over)
    return bank + per_turn

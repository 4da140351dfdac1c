"""The clock arithmetic of quiet hours, weekends and the time bank (common.waking_time),
with instants moved across time zones and both daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from common.waking_time import (
    ClockRules,
    bank_after_turn,
    deadline_after,
    is_quiet,
    next_waking,
    waking_time,
)

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
SYDNEY = ZoneInfo("Australia/Sydney")
NIGHTS = ClockRules(quiet_start=23, quiet_end=7)
NIGHTS_AND_WEEKENDS = ClockRules(quiet_start=23, quiet_end=7, weekend_pause=True)
H = timedelta(hours=1)


def local(zone: ZoneInfo, *args: int) -> datetime:
    """A wall-clock time in ``zone``, as a UTC instant (aware datetimes of one zone subtract
    as wall-clock times, ignoring daylight saving)."""
    return datetime(*args, tzinfo=zone).astimezone(UTC)  # type: ignore[misc]


def test_without_rules_waking_time_is_elapsed_time() -> None:
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    assert waking_time(start, start + 30 * H, ClockRules(), PARIS) == 30 * H
    assert deadline_after(start, 30 * H, ClockRules(), PARIS) == start + 30 * H
    assert next_waking(start, ClockRules(), PARIS) == start


def test_a_night_in_paris_is_not_counted() -> None:
    # 22:00 to 08:00 the next morning, Paris: one hour before the night, one after it.
    start = local(PARIS, 2026, 2, 10, 22)
    assert waking_time(start, local(PARIS, 2026, 2, 11, 8), NIGHTS, PARIS) == 2 * H
    # A 3-hour budget started at 22:00 runs out at 09:00.
    assert deadline_after(start, 3 * H, NIGHTS, PARIS) == local(PARIS, 2026, 2, 11, 9)


def test_the_same_instant_is_night_for_one_player_and_day_for_another() -> None:
    instant = datetime(2026, 2, 10, 4, tzinfo=UTC)  # 05:00 Paris, 23:00 New York, 15:00 Sydney
    assert is_quiet(instant, NIGHTS, PARIS)
    assert is_quiet(instant, NIGHTS, NEW_YORK)
    assert not is_quiet(instant, NIGHTS, SYDNEY)
    assert next_waking(instant, NIGHTS, PARIS) == local(PARIS, 2026, 2, 10, 7)
    assert next_waking(instant, NIGHTS, NEW_YORK) == local(NEW_YORK, 2026, 2, 10, 7)


def test_spring_forward_night_is_an_hour_shorter_in_utc() -> None:
    # Paris, 29 March 2026: 02:00 becomes 03:00. The night 23:00-07:00 lasts 7 real hours.
    start, end = local(PARIS, 2026, 3, 28, 23), local(PARIS, 2026, 3, 29, 7)
    assert end - start == 7 * H
    assert waking_time(start - H, end + H, NIGHTS, PARIS) == 2 * H
    assert deadline_after(start - H, 2 * H, NIGHTS, PARIS) == end + H


def test_fall_back_night_is_an_hour_longer_in_utc() -> None:
    # New York, 1 November 2026: 02:00 comes twice. The night lasts 9 real hours.
    start, end = local(NEW_YORK, 2026, 10, 31, 23), local(NEW_YORK, 2026, 11, 1, 7)
    assert end - start == 9 * H
    assert waking_time(start - H, end + H, NIGHTS, NEW_YORK) == 2 * H
    assert next_waking(start + 4 * H, NIGHTS, NEW_YORK) == end


def test_southern_hemisphere_changes_the_other_way() -> None:
    # Sydney goes back on 5 April 2026 and forward on 4 October 2026.
    back = waking_time(local(SYDNEY, 2026, 4, 4, 12), local(SYDNEY, 2026, 4, 5, 12), NIGHTS, SYDNEY)
    forward = waking_time(
        local(SYDNEY, 2026, 10, 3, 12), local(SYDNEY, 2026, 10, 4, 12), NIGHTS, SYDNEY
    )
    assert back == forward == 16 * H  # the changes fall in the night: waking hours are kept
    assert local(SYDNEY, 2026, 4, 5, 12) - local(SYDNEY, 2026, 4, 4, 12) == 25 * H
    assert local(SYDNEY, 2026, 10, 4, 12) - local(SYDNEY, 2026, 10, 3, 12) == 23 * H


def test_a_quiet_hour_that_spring_forward_skips() -> None:
    # Quiet 02:00-04:00 in Paris: on 29 March 2026 02:00-03:00 does not exist.
    rules = ClockRules(quiet_start=2, quiet_end=4)
    day = waking_time(local(PARIS, 2026, 3, 29, 0), local(PARIS, 2026, 3, 30, 0), rules, PARIS)
    assert day == 22 * H  # a 23-hour day with one hour of quiet left


def test_weekend_pause_in_the_players_zone() -> None:
    friday_evening = local(PARIS, 2026, 2, 13, 20)  # Friday
    monday_morning = local(PARIS, 2026, 2, 16, 7)
    assert waking_time(friday_evening, monday_morning, NIGHTS_AND_WEEKENDS, PARIS) == 3 * H
    assert deadline_after(friday_evening, 4 * H, NIGHTS_AND_WEEKENDS, PARIS) == (monday_morning + H)
    saturday = local(PARIS, 2026, 2, 14, 12)
    assert is_quiet(saturday, NIGHTS_AND_WEEKENDS, PARIS)
    # Saturday noon in Paris is still Friday evening in New York: the clock runs there.
    assert not is_quiet(datetime(2026, 2, 13, 23, tzinfo=UTC), NIGHTS_AND_WEEKENDS, NEW_YORK)


def test_quiet_hours_within_one_day() -> None:
    rules = ClockRules(quiet_start=1, quiet_end=9)
    start = local(SYDNEY, 2026, 6, 1, 0)
    assert waking_time(start, start + 24 * H, rules, SYDNEY) == 16 * H
    assert deadline_after(start, 2 * H, rules, SYDNEY) == local(SYDNEY, 2026, 6, 1, 10)


def test_bank_spends_the_limit_first_then_the_bank_then_adds_per_turn() -> None:
    day = timedelta(days=1)
    assert bank_after_turn(bank=3 * day, limit=day, used=H, per_turn=H) == 3 * day + H
    assert bank_after_turn(bank=3 * day, limit=day, used=2 * day, per_turn=H) == 2 * day + H
    assert bank_after_turn(bank=day, limit=day, used=5 * day, per_turn=H) == H
    assert bank_after_turn(bank=2 * day, limit=None, used=day, per_turn=timedelta(0)) == day


ZONES = st.sampled_from([PARIS, NEW_YORK, SYDNEY, ZoneInfo("UTC"), ZoneInfo("Asia/Kolkata")])
RULES = st.builds(
    ClockRules,
    quiet_start=st.one_of(st.none(), st.integers(0, 23)),
    quiet_end=st.integers(0, 23),
    weekend_pause=st.booleans(),
)
INSTANTS = st.datetimes(
    min_value=datetime(2025, 1, 1), max_value=datetime(2027, 12, 31), timezones=st.just(UTC)
)
BUDGETS = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=20))


@settings(max_examples=150, deadline=None)
@given(start=INSTANTS, budget=BUDGETS, rules=RULES, zone=ZONES)
def test_the_deadline_is_when_the_budget_has_run(
    start: datetime, budget: timedelta, rules: ClockRules, zone: ZoneInfo
) -> None:
    deadline = deadline_after(start, budget, rules, zone)
    assert deadline >= start + budget  # a stopped clock only ever gives more time
    assert waking_time(start, deadline, rules, zone) == budget
    if budget:
        assert not is_quiet(deadline - timedelta(microseconds=1), rules, zone)


@settings(max_examples=150, deadline=None)
@given(a=INSTANTS, b=INSTANTS, c=INSTANTS, rules=RULES, zone=ZONES)
def test_waking_time_adds_up(
    a: datetime, b: datetime, c: datetime, rules: ClockRules, zone: ZoneInfo
) -> None:
    a, b, c = sorted([a, b, c])
    whole = waking_time(a, c, rules, zone)
    assert whole == waking_time(a, b, rules, zone) + waking_time(b, c, rules, zone)
    assert whole <= c - a
    assert waking_time(c, a, rules, zone) == timedelta(0)


@settings(max_examples=150, deadline=None)
@given(instant=INSTANTS, rules=RULES, zone=ZONES)
def test_next_waking_is_the_end_of_the_quiet(
    instant: datetime, rules: ClockRules, zone: ZoneInfo
) -> None:
    morning = next_waking(instant, rules, zone)
    assert morning >= instant
    assert waking_time(instant, morning, rules, zone) == timedelta(0)
    assert not is_quiet(morning, rules, zone)

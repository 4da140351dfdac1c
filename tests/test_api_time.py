"""``common.api.api_time``: the API's times as DRF's ``DateTimeField`` writes them."""

from __future__ import annotations

import datetime

from django.utils import timezone
from rest_framework import serializers

MOMENTS = [
    datetime.datetime(2026, 11, 27, 21, 5, 25, 123456, tzinfo=datetime.UTC),
    datetime.datetime(2026, 11, 27, 21, 5, 25, tzinfo=datetime.UTC),
    datetime.datetime(2026, 7, 1, 9, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=-7))),
]


def api_time(value: datetime.datetime | None) -> str | None:
    # Imported once DRF's views are: its settings name ``common.api``'s parser.
    from common.api import api_time

    return api_time(value)


def test_times_are_written_as_drfs_field_writes_them():
    for moment in MOMENTS:
        assert api_time(moment) == serializers.DateTimeField().to_representation(moment)
    assert api_time(MOMENTS[1]) == "2026-11-27T21:05:25Z"
    assert api_time(None) is None


def test_times_follow_the_current_time_zone():
    with timezone.override("Europe/Paris"):
        assert api_time(MOMENTS[1]) == "2026-11-27T22:05:25+01:00"
        assert api_time(MOMENTS[2]) == serializers.DateTimeField().to_representation(MOMENTS[2])

"""The project's PostgreSQL backend reads timestamps with psycopg's compiled loader, and reads
exactly what Django's own loader reads (``gwt_site.postgresql.timestamps``)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import register_tzloader
from psycopg.pq import Format

from gwt_site.postgresql.timestamps import PSYCOPG_LOADER, TIMESTAMPTZ_OID, UtcTimestampLoader

pytestmark = pytest.mark.django_db

# Literals as a site stores them and as people type them in SQL: with and without a
# fraction of a second, short fractions, other offsets, the calendar's ends, leap days.
LITERALS = [
    "2026-11-27 21:05:25.123456+00",
    "2026-11-27 21:05:25+00",
    "2026-11-27 21:05:25.5+00",
    "2026-03-29 02:30:00.010+02",
    "1969-12-31 23:59:59.999999+00",
    "2024-02-29 12:00:00-09:30",
    "0001-01-01 00:00:00+00",
    "9999-12-31 23:59:59.999999+00",
    "1900-06-01 00:00:00+05:53:28",
]


@pytest.fixture
def postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the PostgreSQL backend's loader")


def read(literals: list[str], *, django_loader: bool = False) -> list[Any]:
    """The literals read back through a cursor of the site's connection (with Django's own
    loader on that cursor when asked)."""
    with connection.cursor() as cursor:
        if django_loader:
            register_tzloader(connection.timezone, cursor.cursor)
        cursor.execute(
            "SELECT v::timestamptz FROM unnest(%s::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n",
            [literals],
        )
        return [row[0] for row in cursor.fetchall()]


@pytest.fixture
def new_york() -> Iterator[None]:
    with connection.cursor() as cursor:
        cursor.execute("SET TIME ZONE 'America/New_York'")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET TIME ZONE 'UTC'")


def test_timestamps_are_read_by_psycopgs_own_loader(postgresql):
    """Django's loader parsed every timestamp in Python (about 6 µs a value); the site's
    connections read them with psycopg's, compiled when psycopg's binary is installed."""
    with connection.cursor() as cursor:
        loader_class = cursor.cursor.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
        assert loader_class is UtcTimestampLoader
        loader = loader_class(TIMESTAMPTZ_OID, cursor.cursor)
    assert PSYCOPG_LOADER is not None
    assert isinstance(getattr(loader.load, "__self__", None), PSYCOPG_LOADER)


def test_timestamps_read_the_same_as_with_djangos_loader(postgresql):
    ours, djangos = read(LITERALS), read(LITERALS, django_loader=True)

    assert ours == djangos
    assert [value.tzinfo for value in ours] == [datetime.UTC] * len(LITERALS)
    assert ours[3] == datetime.datetime(2026, 3, 29, 0, 30, 0, 10_000, tzinfo=datetime.UTC)
    assert ours[5].isoformat() == "2024-02-29T21:30:00+00:00"


def test_a_connection_in_another_time_zone_reads_as_django_does(postgresql, new_york):
    """Django labels the value it read in the connection's time zone with its own; where
    the connection is not in UTC, the loader does what Django's does, whatever that gives."""
    ours, djangos = read(LITERALS[:6]), read(LITERALS[:6], django_loader=True)

    assert ours == djangos
    assert [value.tzinfo for value in ours] == [datetime.UTC] * 6


def test_a_model_keeps_its_timestamps(postgresql, alice):
    moment = datetime.datetime(2026, 11, 27, 21, 5, 25, 123456, tzinfo=datetime.UTC)
    alice.last_login = moment
    alice.save(update_fields=["last_login"])
    alice.refresh_from_db()

    assert alice.last_login == moment
    assert alice.last_login.tzinfo is datetime.UTC

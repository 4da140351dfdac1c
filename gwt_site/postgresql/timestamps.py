"""Timestamps read by psycopg's compiled loader instead of the pure-Python one.

Django's psycopg 3 support registers its own ``timestamptz`` loader on every connection
(``BaseTzLoader``), a subclass of psycopg's pure-Python ``TimestamptzLoader``: the compiled
loader of ``psycopg[binary]`` cannot be subclassed, so every timestamp the site reads was
parsed by a regular expression in Python, about 6 µs a value against 0.7 µs compiled
(``bench/README.md``). A player's list, a rating history or an admin page reads hundreds.

Django's loader reads the value in the connection's time zone and then labels it with
Django's (``replace(tzinfo=...)``); Django sets the connection's to UTC, and the project's
is UTC, so both give the same datetime, ``datetime.timezone.utc`` included. This loader is
Django's, for Django's own check of a cursor's time zone, and hands each value to the compiled
loader only when the connection's time zone is UTC as well; otherwise it parses as Django
does.
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import Any

from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg import adapt, adapters
from psycopg.abc import AdaptContext
from psycopg.pq import Format

TIMESTAMPTZ_OID = adapters.types["timestamptz"].oid
# psycopg's own loader: the compiled one when psycopg's C implementation is installed.
PSYCOPG_LOADER = adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)


class UtcTimestampLoader(BaseTzLoader):  # type: ignore[misc]  # Django's has no stubs
    """A ``timestamptz`` in text, as an aware datetime in UTC."""

    timezone = datetime.UTC

    def __init__(self, oid: int, context: AdaptContext | None = None) -> None:
        super().__init__(oid, context)
        connection = self.connection
        if (
            PSYCOPG_LOADER is not None
            and connection is not None
            and connection.info.timezone is datetime.UTC
        ):
            self.load = PSYCOPG_LOADER(oid, context).load


@lru_cache
def adapters_with_utc_timestamps(template: Any) -> adapt.AdaptersMap:
    """Django's adapters for a connection (``get_connection_params``' ``context``), with
    the timestamps read by ``UtcTimestampLoader``."""
    context = adapt.AdaptersMap(template)
    context.register_loader("timestamptz", UtcTimestampLoader)
    return context

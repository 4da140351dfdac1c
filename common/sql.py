"""Statements that PostgreSQL plans anew for their parameters each time they run.

The service's connections prepare a statement on the server once they have run it a few
times (``DATABASE_PREPARE_THRESHOLD``): PostgreSQL then parses it once, and after five runs
may keep one generic plan for every parameter, which for the service's many short
statements is most of what they cost the server. A statement whose best plan depends on
its parameters does not fit that: the sorted list of a player's games is a few rows for most
players and thousands for some, and a plan kept from the first kind served the second more
slowly (bench/README.md, "Statements prepared on the server"). Such statements run in
``unprepared()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


@contextmanager
def unprepared() -> Iterator[None]:
    """The statements of this block are parsed and planned for their own parameters each
    time (psycopg's ``prepare_threshold`` off on this connection for the block). Elsewhere
    than on PostgreSQL, nothing is prepared anyway."""
    if connection.vendor != "postgresql":
        yield
        return
    connection.ensure_connection()
    raw = connection.connection
    before = raw.prepare_threshold
    raw.prepare_threshold = None
    try:
        yield
    finally:
        raw.prepare_threshold = before

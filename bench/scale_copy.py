"""The copies of ``bench/scale.py``: the seed's games copied in SQL up to N games.

Set-based, so that 100,000 games take minutes, not hours: one ``INSERT ... SELECT`` over
``generate_series`` per table for all the copies (the events in a few statements, each for
a range of seq numbers, so that they are written interleaved as games played at the same
time write them), with the tables' indexes, unique and foreign keys dropped during the load
and built again after it (building an index from sorted rows and checking a key in one join
cost a fraction of doing it row by row), then ``VACUUM ANALYZE``. The outbox, the snapshots
and the idempotency keys are copied as they are a month later: the seed's rows purged and
trimmed by the site's own daily tasks (``notifications.retention``, ``games.retention``),
the copies made without the rows those tasks would delete, instead of copied and then
deleted through the ORM, which took longer than the copies themselves.

What the copies look like is unchanged: a copy's ids are the seed's shifted by the table's
largest id (the events are numbered in the order inserted, as a site numbers them), its
games are played by its own users (``p3-17``), its timestamps are 7 minutes older per
copy, its games' public ids are new; one player then gets a seat in 2,000 games.
"""

from __future__ import annotations

import math
import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

import psycopg

# The databases' names: ``<prefix>_seed`` and ``<prefix>_<N>`` (``BENCH_SCALE_PREFIX``), so
# that two runs on one server need not share them.
PREFIX = os.environ.get("BENCH_SCALE_PREFIX", "gwt_scale")
SEED_DB = f"{PREFIX}_seed"
HEAVY_GAMES = 2000  # the games of the player with thousands of them

# The tables copied, in order (a table after those it refers to). The other tables keep the
# seed's rows only.
COPIED = [
    "auth_user",
    "games_game",
    "games_seat",
    "games_event",
    "games_snapshot",
    "games_chatmessage",
    "games_report",
    "notifications_notification",
    "notifications_notificationpreference",
]
# Tables loaded after the copies, from them: their keys are dropped during the load too.
DERIVED = ["games_idempotencykey"]
# Rows of the events sorted per statement (a range of seq numbers): a sort that stays in
# memory with the session's work_mem below.
EVENTS_PER_STATEMENT = 400_000
# Seed rows staged here during the load: the copies read them, not the growing tables.
STAGE = "scale_seed"
LOAD_SETTINGS = {
    "synchronous_commit": "off",  # a scratch database: no waiting for the disk per statement
    "work_mem": "256MB",
    "maintenance_work_mem": "512MB",
}


def pg_url(database: str) -> str:
    base = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
    return f"{base}/{database}"


def psql(database: str, sql: str) -> str:
    """Run ``sql`` with psql (autocommit, stops at the first error); its output."""
    done = subprocess.run(
        ["psql", pg_url(database), "-v", "ON_ERROR_STOP=1", "-qAtc", sql],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def use_database(name: str) -> None:
    """Point the configured Django at another database (closing the connection)."""
    from django.db import connections

    connections["default"].close()
    connections["default"].settings_dict["NAME"] = name


def columns_of(database: str, table: str) -> list[tuple[str, str | None, str]]:
    """(column, the table it refers to or None, its type) of ``table``."""
    rows = psql(
        database,
        f"""
        SELECT a.attname, format_type(a.atttypid, a.atttypmod), coalesce((
            SELECT c2.relname FROM pg_constraint k JOIN pg_class c2 ON c2.oid = k.confrelid
            WHERE k.conrelid = a.attrelid AND k.contype = 'f' AND k.conkey = ARRAY[a.attnum]
            LIMIT 1), '')
        FROM pg_attribute a
        WHERE a.attrelid = '{table}'::regclass AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum
        """,
    )
    found = []
    for line in rows.splitlines():
        name, kind, target = line.split("|")
        found.append((name, target or None, kind))
    return found


class Loader:
    """One autocommit session on the database being built, timing its steps."""

    def __init__(self, database: str) -> None:
        self.connection = psycopg.connect(pg_url(database), autocommit=True)
        self.started = time.monotonic()
        self.steps: dict[str, float] = {}
        for name, value in LOAD_SETTINGS.items():
            self.run(f"SET {name} = '{value}'")

    def run(self, sql: str, params: tuple[Any, ...] | None = None) -> list[tuple[Any, ...]]:
        with self.connection.cursor() as cursor:
            cursor.execute(sql, params)  # type: ignore[call-overload]
            return cursor.fetchall() if cursor.description else []

    def value(self, sql: str, params: tuple[Any, ...] | None = None) -> Any:
        return self.run(sql, params)[0][0]

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Time a step and say when it is done."""
        began = time.monotonic()
        yield
        self.steps[name] = self.steps.get(name, 0.0) + time.monotonic() - began
        print(f"  {name}, {time.monotonic() - self.started:.0f} s", flush=True)

    def close(self) -> None:
        self.connection.close()


def keys_of(loader: Loader, tables: list[str]) -> list[tuple[str, str, str, str]]:
    """The indexes, primary and unique keys of ``tables`` and the foreign keys that refer to
    or from them, as (kind, table, name, definition): kind ``index``, ``key`` or ``foreign``."""
    names = [f"public.{table}" for table in tables]
    foreign = loader.run(
        """SELECT 'foreign', conrelid::regclass::text, conname, pg_get_constraintdef(oid)
        FROM pg_constraint WHERE contype = 'f'
          AND (conrelid = ANY(%s::regclass[]) OR confrelid = ANY(%s::regclass[]))""",
        (names, names),
    )
    keys = loader.run(
        """SELECT 'key', conrelid::regclass::text, conname, pg_get_constraintdef(oid)
        FROM pg_constraint WHERE contype IN ('p', 'u', 'x') AND conrelid = ANY(%s::regclass[])""",
        (names,),
    )
    indexes = loader.run(
        """SELECT 'index', i.indrelid::regclass::text, c.relname, pg_get_indexdef(i.indexrelid)
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = ANY(%s::regclass[]) AND NOT EXISTS (
            SELECT 1 FROM pg_constraint k
            WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))""",
        (names,),
    )
    return [(str(k), str(t), str(n), str(d)) for k, t, n, d in foreign + keys + indexes]


@contextmanager
def keys_dropped(loader: Loader, tables: list[str]) -> Iterator[None]:
    """The keys and indexes of ``tables`` dropped, then built again from the rows loaded (and
    the foreign keys checked, in one join each)."""
    saved = keys_of(loader, tables)
    with loader.step(f"dropped {len(saved)} indexes and keys"):
        for kind, table, name, _ in saved:  # foreign keys first, then what they rely on
            if kind == "index":
                loader.run(f'DROP INDEX "{name}"')
            else:
                loader.run(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    yield
    with loader.step("indexes and keys built again"):
        for kind, table, name, definition in reversed(saved):
            if kind == "index":
                loader.run(definition)
            elif kind == "key":
                loader.run(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
    with loader.step("foreign keys checked and added again"):
        for kind, table, name, definition in reversed(saved):
            if kind == "foreign":
                loader.run(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


def copy_values(database: str, table: str, shift: dict[str, int]) -> tuple[list[str], list[str]]:
    """The columns of ``table`` and what copy ``c`` of a seed row ``t`` puts in them."""
    values = []
    names = []
    for column, target, kind in columns_of(database, table):
        if (table, column) == ("games_event", "id"):
            # Numbered by the table's identity in the order inserted, as a site numbers
            # them (events are referred to by game and seq, never by id).
            continue
        names.append(column)
        if column == "id":
            values.append(f"t.id + c * {shift[table]}")
        elif target in shift:
            values.append(f"t.{column} + c * {shift[target]}")
        elif (table, column) == ("games_game", "public_id"):
            values.append("translate(substr(md5(t.public_id || c), 1, 12), '01', 'gh')")
        elif (table, column) == ("auth_user", "username"):
            values.append("t.username || '-' || c")
        elif (table, column) == ("auth_user", "email"):
            values.append("c || '.' || t.email")
        elif kind.startswith("timestamp"):
            values.append(f"t.{column} - c * interval '7 minutes'")  # older copies
        else:
            values.append(f"t.{column}")
    return names, values


def seq_ranges(loader: Loader, copies: int) -> list[tuple[int, int]]:
    """Ranges of seq numbers whose events, over all copies, make about
    ``EVENTS_PER_STATEMENT`` rows."""
    ranges: list[tuple[int, int]] = []
    first, rows = None, 0
    for seq, count in loader.run(
        f"SELECT seq, count(*) FROM {STAGE}.games_event GROUP BY seq ORDER BY seq"
    ):
        first = seq if first is None else first
        rows += count * copies
        if rows >= EVENTS_PER_STATEMENT:
            ranges.append((first, seq))
            first, rows = None, 0
    if first is not None:
        ranges.append((first, seq))
    return ranges


def copy_table(
    loader: Loader,
    table: str,
    columns: tuple[list[str], list[str]],
    copies: int,
    shift: dict[str, int],
    before: datetime,
) -> None:
    """Copy ``copies`` times the seed's rows of ``table`` (``columns``: ``copy_values``)."""
    names, values = columns
    insert = (
        f"INSERT INTO {table} ({', '.join(names)}) SELECT {', '.join(values)}"
        f" FROM generate_series(1, {copies}) c CROSS JOIN {STAGE}.{table} t"
    )
    if table == "games_event":
        # Events of games played at the same time are written side by side, not a game's
        # events one after another: copied by seq, then game.
        for low, high in seq_ranges(loader, copies):
            loader.run(
                f"{insert} WHERE t.seq BETWEEN %s AND %s ORDER BY t.seq, c, t.game_id", (low, high)
            )
    elif table == "notifications_notification":
        # The outbox a month later: the rows the daily purge deletes are not copied
        # (``notifications.retention.purgeable``; a copy has no push or webhook deliveries).
        from games.models import GameStatus
        from notifications.models import Status

        loader.run(
            f"""{insert} LEFT JOIN {STAGE}.games_game g ON g.id = t.game_id
            WHERE NOT (t.status = ANY(%s) AND (t.game_id IS NULL OR g.status = ANY(%s))
                       AND t.created_at - c * interval '7 minutes' < %s)""",
            (
                [Status.SENT.value, Status.SKIPPED.value],
                [GameStatus.FINISHED.value, GameStatus.ABANDONED.value],
                before,
            ),
        )
    else:
        loader.run(insert)
    if table in shift:
        loader.run(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"
        )


def build_copies(database: str, games: int) -> dict[str, float]:
    """``database`` from the seed, its games copied up to ``games``; the seconds per step."""
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    psql("postgres", f"DROP DATABASE IF EXISTS {database}")
    psql("postgres", f"CREATE DATABASE {database} TEMPLATE {SEED_DB}")
    use_database(database)
    call_command("migrate", verbosity=0, interactive=False)  # a seed from an older schema
    # The outbox a month later, on the seed's rows: sent (the seed left their delivery tasks
    # in the broker), then purged as the daily task does. The copies are then copied as
    # purged (``copy_table``).
    later = timezone.now() + timedelta(days=settings.NOTIFY_KEEP_SENT_DAYS + 1)
    before = later - timedelta(days=settings.NOTIFY_KEEP_SENT_DAYS)
    seed_a_month_later(later)
    use_database("postgres")

    loader = Loader(database)
    seed_games = int(loader.value("SELECT count(*) FROM games_game"))
    copies = max(0, math.ceil(games / seed_games) - 1)
    # Each copy's ids are shifted by the table's largest id (a table without an id column
    # has a key that refers to another table, shifted as that one is).
    shift = {
        table: int(loader.value(f"SELECT coalesce(max(id), 0) FROM {table}")) + 1
        for table in COPIED
        if any(column == "id" for column, _, _ in columns_of(database, table))
    }
    # Read before the foreign keys that say which table a column refers to are dropped.
    columns = {table: copy_values(database, table, shift) for table in COPIED}
    with loader.step("seed staged"):
        loader.run(f"CREATE SCHEMA {STAGE}")
        for table in COPIED:
            loader.run(f"CREATE TABLE {STAGE}.{table} AS SELECT * FROM {table}")
            loader.run(f"ANALYZE {STAGE}.{table}")
    with keys_dropped(loader, COPIED + DERIVED):
        for table in COPIED:
            with loader.step(f"copied {table} x{copies}"):
                copy_table(loader, table, columns[table], copies, shift, before)
        with loader.step("heavy player and idempotency keys"):
            heavy_player(loader)
            idempotency_keys(loader, later)
    loader.run(f"DROP SCHEMA {STAGE} CASCADE")
    use_database(database)
    still_kept(later)
    use_database("postgres")
    with loader.step("vacuum analyze"):
        loader.run("VACUUM ANALYZE")
    loader.close()
    return loader.steps


def seed_a_month_later(later: datetime) -> None:
    """The seed as the site has it at ``later``, once ``NOTIFY_KEEP_SENT_DAYS`` have passed:
    the emails were sent, then the daily purge deleted those of ended games
    (``notifications.retention``); the daily trim thinned the ended games' snapshots
    (``games.retention``; the keys are added later, as they are kept)."""
    from games.retention import ended_games_trim
    from notifications.models import Notification, Status
    from notifications.retention import sent_purge

    Notification.objects.filter(status=Status.PENDING).update(status=Status.SENT)
    purged = sent_purge(now=later, limit=10**9)
    trimmed = ended_games_trim(now=later, limit=10**9)
    print(f"  seed a month later: {purged:,} outbox rows, {trimmed.snapshots:,} snapshots deleted")


def still_kept(later: datetime) -> None:
    """Check that the copies were made as the daily tasks leave them: at ``later`` the purge
    and the trim find nothing more to delete."""
    from games.retention import keys_not_kept, snapshots_not_kept
    from notifications.retention import purgeable

    left = purgeable(later)
    assert left is None or not left.exists(), "the outbox's copies kept rows the purge deletes"
    assert not snapshots_not_kept().exists(), "the copies kept snapshots the trim deletes"
    assert not keys_not_kept(later).exists(), "the copies kept keys the trim deletes"


def idempotency_keys(loader: Loader, later: datetime) -> None:
    """The keys the web page and API clients send with every move and undo of a person (the
    corpus's table sends none), as the ledger and the daily trim keep them at ``later``: all
    of a game in play, the last ones of a game that has ended
    (``games.ledger.KEYS_KEPT_AT_THE_END``) until ``GAME_ENDED_KEYS_KEEP_HOURS`` after its
    end (``games.retention.keys_not_kept``)."""
    from django.conf import settings

    from games.ledger import KEYS_KEPT_AT_THE_END
    from games.models import ENDED

    hours = max(0, int(getattr(settings, "GAME_ENDED_KEYS_KEEP_HOURS", 0) or 0))
    loader.run(
        f"""
        INSERT INTO games_idempotencykey (game_id, key, seq)
        SELECT e.game_id, substr(md5(e.id::text), 1, 22), e.seq
        FROM games_event e JOIN games_game g ON g.id = e.game_id
        WHERE e.actor_id IS NOT NULL AND e.kind IN ('move', 'undo')
          AND (g.status IN ('open', 'active', 'paused')
               OR e.seq > g.version - {KEYS_KEPT_AT_THE_END})
          AND NOT (g.status = ANY(%s) AND g.finished_at < %s)
          AND NOT EXISTS (SELECT 1 FROM games_idempotencykey k
                          WHERE k.game_id = e.game_id AND k.seq = e.seq)
        """,
        ([status.value for status in ENDED], later - timedelta(hours=hours)),
    )


def heavy_player(loader: Loader) -> None:
    """``p0`` takes over a seat in up to 2,000 games they do not play (a seat of a copy's
    player, whose games they become)."""
    loader.run(
        f"""
        WITH heavy AS (SELECT id FROM auth_user WHERE username = 'p0'),
        seats AS (
            SELECT DISTINCT ON (s.game_id) s.id FROM games_seat s
            WHERE s.user_id IS NOT NULL AND s.user_id <> (SELECT id FROM heavy)
              AND NOT EXISTS (SELECT 1 FROM games_seat o WHERE o.game_id = s.game_id
                              AND o.user_id = (SELECT id FROM heavy))
            ORDER BY s.game_id, s.index LIMIT {HEAVY_GAMES})
        UPDATE games_seat SET user_id = (SELECT id FROM heavy)
        WHERE id IN (SELECT id FROM seats)
        """
    )


def ratings_counted() -> float | None:
    """The players' ratings as the site counts them, once, in a database that has none: the
    copies are made in SQL and the seed's games end without the task that counts a rated
    game, so the profiles had no rating history (``manage.py rebuild_ratings``, the same
    count). The seconds it took, or None when there was nothing to do."""
    from django.core.management import call_command

    from games.models import Game, GameStatus
    from players.models import RatedGame

    if RatedGame.objects.exists():
        return None
    if not Game.objects.filter(rated=True, status=GameStatus.FINISHED).exists():
        return None
    started = time.monotonic()
    with open(os.devnull, "w") as quiet:
        call_command("rebuild_ratings", stdout=quiet)
    return time.monotonic() - started

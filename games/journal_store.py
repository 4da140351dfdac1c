"""The game log's lines, each stored once for all the moves that read the same.

A move's line ("hired a builder for $7 (job market row 3)") is written when the move is
played, in English and in the site's other languages (``games.terms.journal``). Kept in
every event, the two languages were about 150 bytes of each move's payload, the largest
avoidable part of a finished game's storage (``bench/README.md``, "Storage"); yet the same
lines come back in game after game: 1,280 different ones for 9,500 moves of 27 games. So a
line is a ``JournalLine`` row, written the first time it is said, and a move event keeps
its number (``Event.line``, 4 bytes) whatever language its readers speak. Events written
before keep their words in the payload (``JOURNAL``, ``JOURNALS``), and read as they
always did.

Rows are only ever added, so both directions are cached in the process for good: a move
whose line was said before asks nothing of the database, and a page of the log asks at most
one query for the lines it has not read yet (``lines_of``). What a transaction wrote or
read is cached once it has committed: a move rolled back takes its new row with it, and its
number may then be given to another line (SQLite reuses it).

A new line never makes a move wait for another transaction. Inserting a row whose digest
another transaction has inserted and not yet committed would wait for that one; two that
each hold a line the other then says (a bot's run of 200 moves, a batch of moves, a plan)
would wait for each other until PostgreSQL aborts one of them, and a move fails. So on
PostgreSQL a line is inserted only under a transaction-scoped advisory lock on its digest,
taken without waiting: every transaction writing that line holds it until it ends, and
when another holds it the move keeps its words in its payload instead (as events written
before the lines did, read the same way), and no one waits.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import cache, partial

from django.db import connection, transaction

from games.models import JOURNAL, JOURNALS, Event, JournalLine

# Lines kept per process, each way (a few hundred bytes each); past it the cache starts again.
CACHE_SIZE = 50_000

Words = tuple[str, dict[str, str]]  # the English line, and the others by language
Lines = Mapping[int, Words]

_ids: dict[str, int] = {}  # digest -> row id
_words: dict[int, Words] = {}  # row id -> its words


def digest(english: str, others: Mapping[str, str]) -> str:
    """The key of a line in every language (the row's unique ``digest``)."""
    text = json.dumps([english, dict(others)], sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def line_id(english: str, others: Mapping[str, str]) -> int | None:
    """The number of this line, written now if it was never said (in the caller's
    transaction, which a move's is); None when another transaction is writing the same new
    line right now (the move then keeps the words in its payload: waiting for that one
    could deadlock)."""
    key = digest(english, others)
    found = _ids.get(key)
    if found is None:
        found = _stored(key) or _insert(key, english, others) or _stored(key)
        if found is None:
            return None
        transaction.on_commit(partial(_remember, key, found, (english, dict(others))))
    return found


def _stored(key: str) -> int | None:
    """The number of the line with this digest, if one is stored (committed, or written by
    this transaction). A statement of its own: built by the ORM, this lookup of one unique
    column cost a move several times what the database spends answering it."""
    with connection.cursor() as cursor:
        cursor.execute(_stored_statement(), [key])
        row = cursor.fetchone()
    return int(row[0]) if row else None


@cache
def _stored_statement() -> str:
    qn = connection.ops.quote_name
    meta = JournalLine._meta
    return f"SELECT {qn('id')} FROM {qn(meta.db_table)} WHERE {qn('digest')} = %s"


def _insert(key: str, english: str, others: Mapping[str, str]) -> int | None:
    """Insert the line; its number, or None when it was not inserted: another transaction
    has just committed it (read it then), or, on PostgreSQL, holds its lock (it is writing
    it, uncommitted). The conflict on the digest then never waits: a row committed is no
    wait, and one uncommitted is always under its writer's lock. No savepoint: a conflict is
    no error."""
    qn = connection.ops.quote_name
    meta = JournalLine._meta
    params: list[str | int] = [key, english, json.dumps(dict(others), ensure_ascii=False)]
    if connection.vendor == "postgresql":
        row_source = "SELECT %s, %s, %s::jsonb WHERE pg_try_advisory_xact_lock(%s::bigint)"
        params.append(advisory_key(key))
    else:  # SQLite writes one transaction at a time: nothing to wait for
        row_source = "VALUES (%s, %s, %s)"
    sql = (
        f"INSERT INTO {qn(meta.db_table)} ({qn('digest')}, {qn('english')}, {qn('others')})"
        f" {row_source} ON CONFLICT ({qn('digest')}) DO NOTHING RETURNING {qn('id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return int(row[0]) if row else None


def advisory_key(key: str) -> int:
    """The advisory lock of a line: its digest's first 64 bits, signed as PostgreSQL's
    bigint (two lines sharing one only make one of them wait in the payload, never a move)."""
    return int.from_bytes(bytes.fromhex(key[:16]), "big", signed=True)


def _remember(key: str, pk: int, words: Words) -> None:
    if len(_ids) >= CACHE_SIZE:
        _ids.clear()
    _ids[key] = pk
    _keep(pk, words)


def _keep(pk: int, words: Words) -> None:
    if len(_words) >= CACHE_SIZE:
        _words.clear()
    _words[pk] = words


def lines_of(events: Iterable[Event]) -> dict[int, Words]:
    """The words of these events' lines, by number: those the process has, and the others
    in one query (cached once the reading transaction has committed)."""
    numbers = {event.line_id for event in events if event.line_id is not None}
    found = {number: _words[number] for number in numbers if number in _words}
    missing = numbers - found.keys()
    if missing:
        rows = JournalLine.objects.filter(pk__in=missing).values_list("pk", "english", "others")
        for pk, english, others in rows:
            found[pk] = (english, dict(others or {}))
            transaction.on_commit(partial(_keep, pk, found[pk]))
    return found


def event_line(event: Event, language: str, lines: Lines | None = None) -> str:
    """A move event's line in ``language`` (the English one where that language has none);
    "" when it has none (played before lines were written, or not said). ``lines``: from
    ``lines_of`` for the events being shown, else the event's is read alone."""
    if event.line_id is not None:
        words = (lines if lines is not None else lines_of([event])).get(event.line_id)
        if words is None:
            return ""
        english, others = words
    else:
        payload = event.payload or {}
        english, others = str(payload.get(JOURNAL) or ""), payload.get(JOURNALS) or {}
    return str(others.get(language) or english)


def forget() -> None:
    """Empty the process's caches (tests, whose database starts again)."""
    _ids.clear()
    _words.clear()

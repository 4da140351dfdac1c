"""Rows stored once for every event that says the same, found by a digest of what they hold.

A move's log line (``JournalLine``) and a move with its notation (``PlayedMove``) come back
in game after game: a move event keeps the number of such a row instead of the words
themselves. Both are written the first time they are said, in the move's own transaction,
and never changed or deleted.

A new row never makes a move wait for another transaction. Inserting a row whose digest
another transaction has inserted and not yet committed would wait for that one; two that
each hold a row the other then says (a bot's run of 200 moves, a batch of moves, a plan)
would wait for each other until PostgreSQL aborts one of them, and a move fails. So on
PostgreSQL a row is inserted only under a transaction-scoped advisory lock on its digest,
taken without waiting: every transaction writing that row holds it until it ends, and when
another holds it the caller keeps what it says in the event's payload instead (as events
written before these rows did, read the same way), and no one waits.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.db import connection, models

# The rows held here: an id, a unique ``digest`` and the columns named by the caller.
Interned = type[models.Model]


def digest(value: Any) -> str:
    """The key of what a row holds (its unique ``digest``): the same for equal values,
    whatever the order of their dicts' keys."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def row_id(model: Interned, key: str, values: Mapping[str, Any]) -> int | None:
    """The number of the row with digest ``key``, inserted now with ``values`` if there is
    none (in the caller's transaction); None when another transaction is writing that row
    right now (waiting for it could deadlock)."""
    return stored(model, key) or _insert(model, key, values) or stored(model, key)


def stored(model: Interned, key: str) -> int | None:
    """The number of the row with this digest, if one is stored (committed, or written by
    this transaction). A statement of its own: built by the ORM, this lookup of one unique
    column cost a move several times what the database spends answering it."""
    with connection.cursor() as cursor:
        cursor.execute(_stored_statement(model), [key])
        row = cursor.fetchone()
    return int(row[0]) if row else None


@cache
def _stored_statement(model: Interned) -> str:
    qn = connection.ops.quote_name
    return f"SELECT {qn('id')} FROM {qn(model._meta.db_table)} WHERE {qn('digest')} = %s"


def _insert(model: Interned, key: str, values: Mapping[str, Any]) -> int | None:
    """Insert the row; its number, or None when it was not inserted: another transaction
    has just committed it (read it then), or, on PostgreSQL, holds its lock (it is writing
    it, uncommitted). The conflict on the digest then never waits: a row committed is no
    wait, and one uncommitted is always under its writer's lock. No savepoint: a conflict is
    no error."""
    qn = connection.ops.quote_name
    postgresql = connection.vendor == "postgresql"
    names, marks, params = [qn("digest")], ["%s"], list[Any]([key])
    for name, value in values.items():
        names.append(qn(name))
        if isinstance(model._meta.get_field(name), models.JSONField):
            params.append(json.dumps(value, ensure_ascii=False))
            marks.append("%s::jsonb" if postgresql else "%s")
        else:
            params.append(value)
            marks.append("%s")
    if postgresql:
        row_source = f"SELECT {', '.join(marks)} WHERE pg_try_advisory_xact_lock(%s::bigint)"
        params.append(advisory_key(key))
    else:  # SQLite writes one transaction at a time: nothing to wait for
        row_source = f"VALUES ({', '.join(marks)})"
    sql = (
        f"INSERT INTO {qn(model._meta.db_table)} ({', '.join(names)}) {row_source}"
        f" ON CONFLICT ({qn('digest')}) DO NOTHING RETURNING {qn('id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return int(row[0]) if row else None


def advisory_key(key: str) -> int:
    """The advisory lock of a row: its digest's first 64 bits, signed as PostgreSQL's
    bigint (two rows sharing one only make one of them wait in the payload, never a move)."""
    return int.from_bytes(bytes.fromhex(key[:16]), "big", signed=True)

"""A game's events as the replay viewer and the game page's log read them: plain rows, not
models.

The viewer reads every event of a game (a long one has 400 to 700) for its log, the
lineage and the replay of the position. As models, with their actors prefetched, that
read was most of a cold page's database work in Python: the ORM building each instance
and applying its converters through its own iterators took two to three times what the
statement and the JSON of the payloads cost. Here the statement is written once per
process from the model's metadata and each row becomes a small object with the fields
the log and the replay read, their values through the same converters the ORM applies
(``prepared.Converters``), so every field is the value the model would hold
(``tests/games/test_event_rows.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth.models import User
from django.db import connection

from games.models import Event, Game
from games.prepared import Converters, quoted_column, quoted_table

# The fields read, in the statement's order: what the log's words, its authors and the
# lineage read of an event.
FIELDS = ("seq", "kind", "seat", "payload", "actor", "created_at", "line")


@dataclass(slots=True)
class EventRow:
    """An event's fields as the log and the replay read them (an ``Event``'s names)."""

    seq: int
    kind: str
    seat: int | None
    payload: Any
    actor_id: int | None
    created_at: datetime
    line_id: int | None
    # The user who made it, as ``prefetch_related("actor")`` leaves it on a model.
    actor: User | None = None


@cache
def _statement(latest: bool) -> tuple[str, Converters]:
    """Every event of a game (param 1) in seq order; with ``latest``, its last ones (as many
    as param 2), the latest first."""
    fields = [Event._meta.get_field(name) for name in FIELDS]
    columns = ", ".join(quoted_column(Event, name) for name in FIELDS)
    sql = f"SELECT {columns} FROM {quoted_table(Event)} WHERE {quoted_column(Event, 'game')} = %s"
    sql += f" ORDER BY {quoted_column(Event, 'seq')}" + (" DESC LIMIT %s" if latest else "")
    return sql, Converters(Event, fields)  # type: ignore[arg-type]


def _read(latest: bool, parameters: list[Any]) -> list[EventRow]:
    sql, converters = _statement(latest)
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters)
        return [EventRow(*converters.apply(row)) for row in cursor.fetchall()]


def _with_actors(rows: list[EventRow], known: Mapping[int, User]) -> list[EventRow]:
    """The rows with their actors: those in ``known`` as they are, the others read by
    primary key in a statement of their own, as a prefetch of them reads them (joined to
    a game's events, the plan reads ``auth_user`` whole)."""
    wanted = {row.actor_id for row in rows if row.actor_id is not None} - known.keys()
    actors = {**known, **User.objects.in_bulk(wanted)} if wanted else known
    for row in rows:
        if row.actor_id is not None:
            row.actor = actors.get(row.actor_id)
    return rows


def event_rows(game: Game) -> list[EventRow]:
    """Every event of the game in seq order, with its actor (``selectors.event_history``'s
    events, as rows)."""
    return _with_actors(_read(False, [game.pk]), {})


def latest_event_rows(
    game: Game, count: int, *, hidden: Collection[int], users: Mapping[int, User]
) -> list[EventRow]:
    """The game's last ``count`` events but those ``hidden``, the latest first, with their
    actors (those among ``users``, the seats' users the page has read, as they are: the
    actors of a game's latest moves are nearly always its players). The last ``count`` +
    ``len(hidden)`` events hold them, whichever were hidden: one statement of a fixed form
    and a range of the ``(game, seq)`` index."""
    rows = _read(True, [game.pk, count + len(hidden)])
    return _with_actors([row for row in rows if row.seq not in hidden][:count], users)

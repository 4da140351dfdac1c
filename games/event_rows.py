"""A game's events as the replay viewer reads them: plain rows, not models.

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
def _statement() -> tuple[str, Converters]:
    fields = [Event._meta.get_field(name) for name in FIELDS]
    columns = ", ".join(quoted_column(Event, name) for name in FIELDS)
    sql = (
        f"SELECT {columns} FROM {quoted_table(Event)}"
        f" WHERE {quoted_column(Event, 'game')} = %s ORDER BY {quoted_column(Event, 'seq')}"
    )
    return sql, Converters(Event, fields)  # type: ignore[arg-type]


def event_rows(game: Game) -> list[EventRow]:
    """Every event of the game in seq order, with its actor (``selectors.event_history``'s
    events, as rows). The actors are read by primary key in a statement of their own, as
    the history's prefetch reads them: joined to the events, the plan reads ``auth_user``
    whole."""
    sql, converters = _statement()
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk])
        rows = [EventRow(*converters.apply(row)) for row in cursor.fetchall()]
    actors = User.objects.in_bulk({row.actor_id for row in rows if row.actor_id is not None})
    for row in rows:
        if row.actor_id is not None:
            row.actor = actors.get(row.actor_id)
    return rows

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

from games.models import Event, Game, PlayedMove, whole_payload
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


# What is read of a move's ``PlayedMove`` (``games.move_store``), after the event's fields.
PLAYED = ("move", "text")


@cache
def _statement(latest: bool) -> tuple[str, Converters, Converters]:
    """Every event of a game (param 1) in seq order, with its played move's move and
    notation (joined by primary key, as the events' manager joins them); with ``latest``,
    its last ones (as many as param 2), the latest first."""
    columns = ", ".join(
        [f"e.{quoted_column(Event, name)}" for name in FIELDS]
        + [f"m.{quoted_column(PlayedMove, name)}" for name in PLAYED]
    )
    sql = (
        f"SELECT {columns} FROM {quoted_table(Event)} e"
        f" LEFT JOIN {quoted_table(PlayedMove)} m"
        f" ON m.{quoted_column(PlayedMove, 'id')} = e.{quoted_column(Event, 'played')}"
        f" WHERE e.{quoted_column(Event, 'game')} = %s"
        f" ORDER BY e.{quoted_column(Event, 'seq')}" + (" DESC LIMIT %s" if latest else "")
    )
    events = Converters(Event, [Event._meta.get_field(name) for name in FIELDS])  # type: ignore[misc]
    played = Converters(PlayedMove, [PlayedMove._meta.get_field(name) for name in PLAYED])  # type: ignore[misc]
    return sql, events, played


def _read(latest: bool, parameters: list[Any]) -> list[EventRow]:
    """The rows, each move's payload whole as the events' models have it
    (``models.whole_payload``)."""
    sql, events, played = _statement(latest)
    width = len(FIELDS)
    rows = []
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters)
        for found in cursor.fetchall():
            row = EventRow(*events.apply(found[:width]))
            move, text = played.apply(found[width:])
            row.payload = whole_payload(row.payload, move, text)
            rows.append(row)
    return rows


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


def event_rows(game: Game, *, users: Mapping[int, User] | None = None) -> list[EventRow]:
    """Every event of the game in seq order, with its actor (``selectors.event_history``'s
    events, as rows): those among ``users`` (the seats' users the page has read) as they
    are, the others read by primary key."""
    return _with_actors(_read(False, [game.pk]), users or {})


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

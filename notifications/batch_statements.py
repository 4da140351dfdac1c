"""Hand-written SQL for what delivery asks for every batch it sends: the claim of the rows,
and the facts its checks need about their recipients and games.

Built by the ORM, these ten queries a batch (the claim's lock, update and read with the
recipient and the game; the preferences, the overrides, the seats to move, when each
recipient was last seen, their latest "your turn" rows, the pending plans and the stopped
addresses) cost about a sixth of a turn email's CPU, most of it in building the queries,
which PostgreSQL answers in a fraction of that time. The statements here are written once
per process (and per number of values in an ``IN`` list) from the models' metadata, their
values go through the converters the ORM applies, and they give what the ORM queries they
replace give.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Model

from games.models import Game, PlanStatus, Seat, SeatStatus, TurnPlan
from games.prepared import Converters, RowLoader, parameter_marks, quoted_column, quoted_table
from notifications.models import (
    STOPPED_STATES,
    EmailAddressStatus,
    GameNotificationPreference,
    Kind,
    Notification,
    NotificationPreference,
    Status,
    UserActivity,
)


class _Values:
    """Some columns of one model, selected as ``values_list`` would: their quoted names,
    and each row's values through the fields' converters."""

    def __init__(self, model: type[Model], names: tuple[str, ...]) -> None:
        fields = [model._meta.get_field(name) for name in names]
        self.columns = ", ".join(quoted_column(model, name) for name in names)
        self.converters = Converters(model, fields)  # type: ignore[arg-type]

    def rows(self, rows: Iterable[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        if not self.converters.found:
            return [tuple(row) for row in rows]
        return [tuple(self.converters.apply(row)) for row in rows]


def _fetch(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


# --- the claim -------------------------------------------------------------------------------


@cache
def _claim_statement(
    ids: int,
) -> tuple[str, RowLoader[Notification], RowLoader[User], RowLoader[Game]]:
    """One statement that picks the due rows (of ``ids`` of them, if not 0), locks them
    skipping those another worker holds, claims them and reads them with their recipient
    and game: PostgreSQL only (an UPDATE in a WITH, FOR UPDATE SKIP LOCKED)."""
    model = Notification
    table, pk = quoted_table(model), quoted_column(model, "id")
    status, due_at = quoted_column(model, "status"), quoted_column(model, "next_attempt_at")
    until, claim = quoted_column(model, "claimed_until"), quoted_column(model, "claim")
    attempts = quoted_column(model, "attempts")
    user_model = get_user_model()
    rows, users, games = RowLoader(model, "n"), RowLoader(user_model, "u"), RowLoader(Game, "g")
    due = f"(({status} = %s AND {due_at} <= %s) OR ({status} = %s AND {until} < %s))"
    among = f" AND {pk} IN ({parameter_marks(ids)})" if ids else ""
    sql = (
        f"WITH picked AS (SELECT {pk} FROM {table} WHERE {due}{among}"
        f" ORDER BY {due_at}, {pk} LIMIT %s FOR UPDATE SKIP LOCKED),"
        f" claimed AS (UPDATE {table} SET {status} = %s, {claim} = %s, {until} = %s,"
        f" {attempts} = {attempts} + 1 WHERE {due} AND {pk} IN (SELECT {pk} FROM picked)"
        f" RETURNING *)"
        f" SELECT {rows.columns}, {users.columns}, {games.columns} FROM claimed n"
        f" INNER JOIN {quoted_table(user_model)} u"
        f" ON u.{quoted_column(user_model, user_model._meta.pk.name)}"
        f" = n.{quoted_column(model, 'recipient')}"
        f" LEFT JOIN {quoted_table(Game)} g"
        f" ON g.{quoted_column(Game, Game._meta.pk.name)} = n.{quoted_column(model, 'game')}"
        f" ORDER BY n.{pk}"
    )
    return sql, rows, users, games


def claim_rows(
    *,
    token: str,
    ready_by: datetime,
    now: datetime,
    until: datetime,
    ids: Collection[int] | None,
    limit: int,
) -> list[Notification]:
    """Claim up to ``limit`` rows due by ``ready_by`` (pending) or whose claim lapsed before
    ``now`` (sending), of ``ids`` if given, in the order of when they are due: each becomes
    ``sending`` under ``token`` until ``until``, its attempt counted. The claimed rows in id
    order, with their recipient and game loaded (``select_related``)."""
    wanted = sorted(set(ids)) if ids is not None else []
    if ids is not None and not wanted:
        return []
    sql, rows, users, games = _claim_statement(len(wanted))
    due: list[Any] = [Status.PENDING.value, ready_by, Status.SENDING.value, now]
    params = [*due, *wanted, limit, Status.SENDING.value, token, until, *due]
    claimed = []
    for row in _fetch(sql, params):
        notification = rows.load(row[: rows.width])
        rest = row[rows.width :]
        recipient = users.load(rest[: users.width])
        game = games.load(rest[users.width :]) if notification.game_id is not None else None
        Notification.recipient.field.set_cached_value(notification, recipient)
        Notification.game.field.set_cached_value(notification, game)
        claimed.append(notification)
    return claimed


# --- the batch's facts -----------------------------------------------------------------------


@cache
def _preferences_statement(users: int) -> tuple[str, RowLoader[NotificationPreference]]:
    model = NotificationPreference
    loader = RowLoader(model, "p")
    sql = (
        f"SELECT {loader.columns} FROM {quoted_table(model)} p"
        f" WHERE p.{quoted_column(model, 'user')} IN ({parameter_marks(users)})"
    )
    return sql, loader


def preferences(users: Collection[int]) -> dict[int, NotificationPreference]:
    """The users' preferences by user id: what ``NotificationPreference.objects.in_bulk``
    gives."""
    if not users:
        return {}
    sql, loader = _preferences_statement(len(users))
    found = (loader.load(row) for row in _fetch(sql, sorted(users)))
    return {preference.pk: preference for preference in found}


@cache
def _last_seen_statement(users: int) -> tuple[str, _Values]:
    model = UserActivity
    values = _Values(model, ("user", "last_seen"))
    sql = (
        f"SELECT {values.columns} FROM {quoted_table(model)}"
        f" WHERE {quoted_column(model, 'user')} IN ({parameter_marks(users)})"
    )
    return sql, values


def last_seen(users: Collection[int]) -> dict[int, datetime]:
    """When each of the users (those ever seen) last made a request on the site."""
    if not users:
        return {}
    sql, values = _last_seen_statement(len(users))
    return dict(values.rows(_fetch(sql, sorted(users))))


@cache
def _overrides_statement(users: int, games: int) -> tuple[str, _Values]:
    model = GameNotificationPreference
    values = _Values(model, ("user", "game", "mode"))
    sql = (
        f"SELECT {values.columns} FROM {quoted_table(model)}"
        f" WHERE {quoted_column(model, 'user')} IN ({parameter_marks(users)})"
        f" AND {quoted_column(model, 'game')} IN ({parameter_marks(games)})"
    )
    return sql, values


def overrides(users: Collection[int], games: Collection[int]) -> dict[tuple[int, int | None], str]:
    """The mode each of the users chose for one of the games, by (user, game)."""
    if not users or not games:
        return {}
    sql, values = _overrides_statement(len(users), len(games))
    found = values.rows(_fetch(sql, [*sorted(users), *sorted(games)]))
    return {(user, game): mode for user, game, mode in found}


@cache
def _playing_seats_statement(games: int, users: int) -> tuple[str, _Values]:
    model = Seat
    values = _Values(model, ("game", "index", "user"))
    sql = (
        f"SELECT {values.columns} FROM {quoted_table(model)}"
        f" WHERE {quoted_column(model, 'game')} IN ({parameter_marks(games)})"
        f" AND {quoted_column(model, 'user')} IN ({parameter_marks(users)})"
        f" AND {quoted_column(model, 'bot')} = %s AND {quoted_column(model, 'status')} = %s"
    )
    return sql, values


def playing_seats(games: Collection[int], users: Collection[int]) -> list[tuple[int, int, int]]:
    """(game, seat index, user) of the seats the users play themselves (no bot) and still
    play in the games."""
    if not users or not games:
        return []
    sql, values = _playing_seats_statement(len(games), len(users))
    params = [*sorted(games), *sorted(users), "", SeatStatus.PLAYING.value]
    return values.rows(_fetch(sql, params))


@cache
def _latest_turns_statement(users: int, games: int) -> tuple[str, _Values]:
    model = Notification
    user, game = quoted_column(model, "recipient"), quoted_column(model, "game")
    values = _Values(model, ("recipient", "game", "event_seq"))
    sql = (
        f"SELECT {user}, {game}, MAX({quoted_column(model, 'event_seq')})"
        f" FROM {quoted_table(model)} WHERE {quoted_column(model, 'kind')} = %s"
        f" AND {user} IN ({parameter_marks(users)}) AND {game} IN ({parameter_marks(games)})"
        f" GROUP BY {user}, {game}"
    )
    return sql, values


def latest_turns(
    users: Collection[int], games: Collection[int]
) -> dict[tuple[int, int | None], int]:
    """The event of each (user, game)'s latest "your turn" row, of those users and games."""
    if not users or not games:
        return {}
    sql, values = _latest_turns_statement(len(users), len(games))
    found = values.rows(_fetch(sql, [Kind.YOUR_TURN.value, *sorted(users), *sorted(games)]))
    return {(user, game): seq for user, game, seq in found}


@cache
def _pending_plans_statement(games: int) -> tuple[str, _Values]:
    model = TurnPlan
    values = _Values(model, ("game", "seat"))
    sql = (
        f"SELECT {values.columns} FROM {quoted_table(model)}"
        f" WHERE {quoted_column(model, 'game')} IN ({parameter_marks(games)})"
        f" AND {quoted_column(model, 'status')} = %s"
    )
    return sql, values


def pending_plans(games: Collection[int]) -> set[tuple[int, int]]:
    """(game, seat) of the games' plans still to play."""
    if not games:
        return set()
    sql, values = _pending_plans_statement(len(games))
    found = values.rows(_fetch(sql, [*sorted(games), PlanStatus.PENDING.value]))
    return {(game, seat) for game, seat in found}


@cache
def _stopped_statement(addresses: int) -> str:
    model = EmailAddressStatus
    return (
        f"SELECT {quoted_column(model, 'address')} FROM {quoted_table(model)}"
        f" WHERE {quoted_column(model, 'address')} IN ({parameter_marks(addresses)})"
        f" AND {quoted_column(model, 'state')} IN ({parameter_marks(len(STOPPED_STATES))})"
    )


def stopped(addresses: Collection[str]) -> set[str]:
    """Which of these (normalized) addresses get no email."""
    if not addresses:
        return set()
    params = [*sorted(addresses), *sorted(str(state) for state in STOPPED_STATES)]
    return {address for (address,) in _fetch(_stopped_statement(len(addresses)), params)}

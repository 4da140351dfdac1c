"""A page of a player's list of games ("My games", ``GET /api/games/``) read in two
prepared statements: the page's games with what the list says of each for the player, then
their seats with the seats' users.

The list is sorted over its games' ids and sort keys (``selectors.game_list_for_user``) and
only the page's rows are read whole. Read through the ORM, the page's 50 games, their 150
seats and as many users cost about 10 ms of Python for a player with thousands of games
(``bench/README.md``): building the annotated query again for the page, the prefetch's
statements, and an ``in_bulk`` of the users. Written once per process from the models'
metadata, the statements give the same instances (``prepared.RowLoader``: the ORM's own
converters), in the order of the ids asked for, which is the list's.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from django.contrib.auth.models import User
from django.db import connection

from games import prepared
from games.models import Game, GameNote, GameStatus, Seat, SeatStatus

# What ``selectors.game_list_for_user`` annotates each game with, in this order.
ANNOTATIONS = ("your_turn", "over", "has_note")
# A seat whose player may be to move: every status but resigned (as the list's sort says).
_TURN_STATUSES = tuple(s for s in SeatStatus.values if s != SeatStatus.RESIGNED)
_OVER_STATUSES = (GameStatus.FINISHED.value, GameStatus.ABANDONED.value)


@cache
def _games_statement(count: int) -> tuple[str, prepared.RowLoader[Game]]:
    """The statement for a page of ``count`` games: each game's columns, then the list's
    annotations, read through the player's own seat (one per game: ``seat_unique_user``)."""
    games = prepared.RowLoader(Game, "g")
    table, column = prepared.quoted_table, prepared.quoted_column
    g_id, g_status = f"g.{column(Game, 'id')}", f"g.{column(Game, 'status')}"
    your_turn = (
        f"({g_status} = %s AND s.{column(Seat, 'index')} = g.{column(Game, 'current_seat')}"
        f" AND s.{column(Seat, 'status')} IN ({prepared.parameter_marks(len(_TURN_STATUSES))}))"
    )
    over = f"{g_status} IN ({prepared.parameter_marks(len(_OVER_STATUSES))})"
    has_note = (
        f"EXISTS (SELECT 1 FROM {table(GameNote)} n WHERE n.{column(GameNote, 'game')} = {g_id}"
        f" AND n.{column(GameNote, 'user')} = %s)"
    )
    sql = (
        f"SELECT {games.columns}, {your_turn}, {over}, {has_note}"
        f" FROM {table(Game)} g JOIN {table(Seat)} s ON s.{column(Seat, 'game')} = {g_id}"
        f" AND s.{column(Seat, 'user')} = %s"
        f" WHERE {g_id} IN ({prepared.parameter_marks(count)})"
    )
    return sql, games


def _flag(value: Any) -> bool | None:
    """A boolean annotation as the ORM gives it (SQLite answers 0 or 1; NULL stays None)."""
    return None if value is None else bool(value)


def games_of_page(*, user: User, ids: Iterable[int]) -> list[Game]:
    """The games ``ids`` (a page of the ids of ``selectors.game_list_for_user(user=user)``),
    in that order, each with the list's annotations (``your_turn``, ``over``,
    ``has_note``), its creator, and its seats with their users, as ``prefetch_related``
    leaves them (``game.seats.all()`` is answered without a query). A game the player has no
    seat in is left out, as the list leaves it out."""
    wanted = list(dict.fromkeys(ids))
    if not wanted:
        return []
    sql, loader = _games_statement(len(wanted))
    params: list[Any] = [
        GameStatus.ACTIVE.value,
        *_TURN_STATUSES,
        *_OVER_STATUSES,
        user.pk,
        user.pk,
        *wanted,
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    found: dict[int, Game] = {}
    for row in rows:
        game = loader.load(row[: loader.width])
        for name, value in zip(ANNOTATIONS, row[loader.width :], strict=True):
            setattr(game, name, _flag(value))
        found[game.pk] = game
    page = [found[pk] for pk in wanted if pk in found]
    seats = prepared.seats_with_users_of([game.pk for game in page])
    users: dict[int, User] = {}
    for game_seats in seats.values():
        for seat in game_seats:
            if seat.user is not None:
                users[seat.user.pk] = seat.user
    missing = {game.created_by_id for game in page} - users.keys()
    if missing:  # a creator who left the seat (a substitute took it over)
        users.update(User.objects.in_bulk(missing))
    for game in page:
        game.created_by = users[game.created_by_id]
        game_seats = seats.get(game.pk, [])
        for seat in game_seats:
            seat.game = game
        prepared.seats_known(game, game_seats)
    return page

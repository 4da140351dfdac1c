"""A page of a player's list of games ("My games", ``GET /api/games/``) read in three
prepared statements: the page's games with what the list says of each for the player, their
seats, and the seats' users and the games' creators.

The list is sorted over its games' ids and sort keys (``selectors.game_list_for_user``) and
only the page's rows are read whole. Read through the ORM, the page's 50 games, their 150
seats and as many users cost about 10 ms of Python for a player with thousands of games
(``bench/README.md``): building the annotated query again for the page, the seats' query
and an ``in_bulk`` of the users. Written once per process from the models' metadata, the
statements give the same instances (``prepared.RowLoader``: the ORM's own converters), in
the order of the ids asked for, which is the list's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from typing import Any

from django.contrib.auth.models import User
from django.db import connection

from games import prepared
from games import progress as progress_summary
from games.models import ENDED, Game, GameNote, GameStatus, Seat, SeatStatus

# What ``selectors.game_list_for_user`` annotates each game with, in this order.
ANNOTATIONS = ("your_turn", "over", "has_note")
# The games whose standing (games.progress) the list shows: the round and the scores of a game
# in play. The standing is read in SQL, the number of turns and the scores, and the progress
# stays deferred: it holds every turn so far, hundreds of pairs a page would decode into lists
# that nothing reads but their count and that the collector must walk once the page is done.
_STANDING_SHOWN = (GameStatus.ACTIVE.value, GameStatus.PAUSED.value)
# A seat whose player may be to move: every status but resigned (as the list's sort says).
_TURN_STATUSES = tuple(s for s in SeatStatus.values if s != SeatStatus.RESIGNED)
_OVER_STATUSES = tuple(status.value for status in ENDED)


def _standing_columns(progress: str) -> tuple[str, str]:
    """How many turns the summary in column ``progress`` keeps, and its scores as JSON text
    (both NULL where it keeps none), in the database's own JSON functions."""
    if connection.vendor == "postgresql":
        return (
            f"jsonb_array_length({progress} -> '{progress_summary.TURNS}')",
            f"({progress} -> '{progress_summary.SCORES}')::text",
        )
    return (
        f"json_array_length({progress}, '$.{progress_summary.TURNS}')",
        f"json_extract({progress}, '$.{progress_summary.SCORES}')",
    )


@cache
def _games_statement(count: int, with_standing: bool) -> tuple[str, prepared.RowLoader[Game]]:
    """The statement for a page of ``count`` games: each game's columns, then the list's
    annotations, read through the player's own seat (one per game: ``seat_unique_user``).
    Columns are named by their tables, as the ORM names them."""
    table, column = prepared.quoted_table, prepared.quoted_column
    g, s = table(Game), table(Seat)
    games = prepared.RowLoader(Game, g, without=("progress",))
    g_id, g_status = f"{g}.{column(Game, 'id')}", f"{g}.{column(Game, 'status')}"
    your_turn = (
        f"({g_status} = %s AND {s}.{column(Seat, 'index')} = {g}.{column(Game, 'current_seat')}"
        f" AND {s}.{column(Seat, 'status')} IN ({prepared.parameter_marks(len(_TURN_STATUSES))}))"
    )
    over = f"{g_status} IN ({prepared.parameter_marks(len(_OVER_STATUSES))})"
    has_note = (
        f"EXISTS (SELECT 1 FROM {table(GameNote)} n WHERE n.{column(GameNote, 'game')} = {g_id}"
        f" AND n.{column(GameNote, 'user')} = %s)"
    )
    shown = f"{g_status} IN ({prepared.parameter_marks(len(_STANDING_SHOWN))})"
    standing = (
        ", ".join(
            f"CASE WHEN {shown} THEN {value} END"
            for value in _standing_columns(f"{g}.{column(Game, 'progress')}")
        )
        if with_standing
        else "NULL, NULL"
    )
    sql = (
        f"SELECT {games.columns}, {your_turn}, {over}, {has_note}, {standing}"
        f" FROM {g} JOIN {s} ON {s}.{column(Seat, 'game')} = {g_id}"
        f" AND {s}.{column(Seat, 'user')} = %s"
        f" WHERE {g_id} IN ({prepared.parameter_marks(count)})"
    )
    return sql, games


@cache
def _seats_statement(count: int) -> tuple[str, prepared.RowLoader[Seat]]:
    """The seats of ``count`` games, each game's in seat order."""
    s = prepared.quoted_table(Seat)
    seats = prepared.RowLoader(Seat, s)
    game, index = (f"{s}.{prepared.quoted_column(Seat, name)}" for name in ("game", "index"))
    sql = (
        f"SELECT {seats.columns} FROM {s}"
        f" WHERE {game} IN ({prepared.parameter_marks(count)}) ORDER BY {game}, {index}"
    )
    return sql, seats


@cache
def _users_statement(count: int) -> tuple[str, prepared.RowLoader[User]]:
    """``count`` users by primary key: read apart from the seats, as a join to the seats of
    several games can make the plan read ``auth_user`` whole (``selectors``)."""
    u = prepared.quoted_table(User)
    users = prepared.RowLoader(User, u)
    pk = f"{u}.{prepared.quoted_column(User, 'id')}"
    return (
        f"SELECT {users.columns} FROM {u} WHERE {pk} IN ({prepared.parameter_marks(count)})",
        users,
    )


def _read(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
    return rows


def _flag(value: Any) -> bool | None:
    """A boolean annotation as the ORM gives it (SQLite answers 0 or 1; NULL stays None)."""
    return None if value is None else bool(value)


def games_of_page(*, user: User, ids: Iterable[int], with_standing: bool = True) -> list[Game]:
    """The games ``ids`` (a page of the ids of ``selectors.game_list_for_user(user=user)``),
    in that order, each with the list's annotations (``your_turn``, ``over``,
    ``has_note``), its creator, and its seats with their users, as ``prefetch_related``
    leaves them (``game.seats.all()`` is answered without a query). A game in play comes
    with its standing (``progress.standing``) when ``with_standing`` (the API's list does
    not show it); every game's progress is deferred. A game the player has no seat in is
    left out, as the list leaves it out."""
    wanted = list(dict.fromkeys(ids))
    if not wanted:
        return []
    sql, games = _games_statement(len(wanted), with_standing)
    shown = _STANDING_SHOWN if with_standing else ()
    statuses = [GameStatus.ACTIVE.value, *_TURN_STATUSES, *_OVER_STATUSES]
    found: dict[int, Game] = {}
    standing_at = games.width + len(ANNOTATIONS)
    for row in _read(sql, [*statuses, user.pk, *shown, *shown, user.pk, *wanted]):
        game = games.load(row[: games.width])
        for name, value in zip(ANNOTATIONS, row[games.width : standing_at], strict=True):
            setattr(game, name, _flag(value))
        if game.status in shown:
            turns, scores = row[standing_at:]
            kept = {progress_summary.SCORES: json.loads(scores)} if scores else None
            standing = progress_summary.Standing(
                turns=turns, scores=progress_summary.scores_of(kept)
            )
            setattr(game, progress_summary.STANDING, standing)
        found[game.pk] = game
    page = [found[pk] for pk in wanted if pk in found]
    if not page:
        return []
    sql, seats = _seats_statement(len(page))
    by_game: dict[int, list[Seat]] = {game.pk: [] for game in page}
    for row in _read(sql, [game.pk for game in page]):
        seat = seats.load(row)
        by_game[seat.game_id].append(seat)
    user_ids = {seat.user_id for game_seats in by_game.values() for seat in game_seats}
    user_ids = (user_ids | {game.created_by_id for game in page}) - {None}
    sql, users = _users_statement(len(user_ids))
    by_pk = {person.pk: person for person in map(users.load, _read(sql, sorted(user_ids)))}
    for game in page:
        game.created_by = by_pk[game.created_by_id]
        for seat in by_game[game.pk]:
            seat.game = game
            seat.user = by_pk[seat.user_id] if seat.user_id is not None else None
        prepared.seats_known(game, by_game[game.pk])
    return page

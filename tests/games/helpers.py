"""Helpers for the game service's tests: clients, started games, playing moves."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection, connections, transaction
from django.db.utils import DatabaseError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
import engine.bots
from games import replay, services
from games.models import Game, GameStatus


def client_for(user: Any) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def started_game(creator: Any, others: list[Any] = (), *, bots=(), **options: Any) -> Game:
    """A started game with ``creator`` in the first human seat and ``others`` after."""
    players = options.pop("players", 1 + len(others) + len(bots))
    game = services.game_create(creator=creator, players=players, bots=list(bots), **options)
    for user in others:
        services.game_join(game=game, user=user)
    if game.status != GameStatus.OPEN:  # every other seat a bot: started at creation
        return game
    return services.game_start(game=game, user=creator)


def user_of_seat(game: Game, seat: int) -> Any:
    return game.seats.get(index=seat).user


def play_one(game: Game, *, queue_bots: bool = False) -> services.MoveResult:
    """The seat to move plays the heuristic bot's choice (bots and humans alike)."""
    game.refresh_from_db()
    seat = game.seats.get(index=game.current_seat)
    if seat.bot:
        return services.move_submit(game=game, user=None, queue_bots=queue_bots)
    state = replay.state_at(game)
    move = engine.bots.choose_move(state, seat.index, kind="heuristic")
    return services.move_submit(
        game=game,
        user=seat.user,
        move=move,
        expected_version=game.version,
        queue_bots=queue_bots,
    )


def play_to_end(game: Game, max_moves: int = 5000) -> Game:
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != "active":
            return game
        play_one(game)
    raise AssertionError(f"the game did not end within {max_moves} moves")


def find_undoable_position(game, limit: int = 400):
    """Play on until the seat to move has a move that reveals nothing and keeps its turn."""
    for _ in range(limit):
        game.refresh_from_db()
        state = replay.state_at(game)
        seat = game.current_seat
        for move in engine.legal_moves(state, seat):
            after = engine.apply(state, seat, move)
            if not engine.move_revealed(after) and engine.current_player(after) == seat:
                return seat, move
        play_one(game)
    raise AssertionError("no undoable decision found")


def moves_passing_the_turn(
    game: Game, user: Any, *, before_each: Any = None
) -> list[dict[str, Any]]:
    """Play ``user``'s seat 0 (bots not queued) until some of its legal moves would give the
    turn to seat 1; those moves. ``before_each(game)`` runs before each look at the state."""
    while True:
        game.refresh_from_db()
        if before_each is not None:
            before_each(game)
        state = replay.state_at(game)
        moves = engine.legal_moves(state, 0)
        passing = [m for m in moves if engine.current_player(engine.apply(state, 0, m)) == 1]
        if passing:
            return passing
        services.move_submit(game=game, user=user, move=moves[0], queue_bots=False)


def end_a_turn_quietly(game: Game, seat: int = 0, limit: int = 600) -> tuple[int, dict[str, Any]]:
    """Play on (the heuristic bot's choices) until ``seat`` can end its turn with a decision
    that reveals nothing, and play that decision: its seq, and the state before it."""
    for _ in range(limit):
        game.refresh_from_db()
        state = replay.state_at(game)
        if game.current_seat == seat:
            for move in engine.legal_moves(state, seat):
                after = engine.apply(state, seat, move)
                if engine.current_player(after) != seat and not engine.move_revealed(after):
                    result = services.move_submit(
                        game=game,
                        user=user_of_seat(game, seat),
                        move=move,
                        expected_version=game.version,
                        queue_bots=False,
                    )
                    game.refresh_from_db()
                    return result.version, engine.to_json(state)
        play_one(game)
    raise AssertionError("no quiet end of a turn found")


@contextmanager
def another_transaction_writing(write: Callable[[], object]) -> Iterator[None]:
    """Inside the block, another connection's transaction has run ``write`` and neither
    committed nor rolled back (it rolls back after the block): the rows it wrote are
    uncommitted, and their advisory locks held (``games.interning``)."""
    writing, done = threading.Event(), threading.Event()

    def run() -> None:
        try:
            with transaction.atomic():
                write()
                writing.set()
                done.wait(timeout=10)
                transaction.set_rollback(True)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert writing.wait(timeout=10)
        yield
    finally:
        done.set()
        thread.join(timeout=30)


def refused_to_the_application_role(sql: str) -> None:
    """``sql`` fails with "permission denied" when run as the application role
    (``gwt_site.db_roles``), and changes nothing (PostgreSQL only)."""
    from gwt_site.db_roles import grant_application_role

    role = "gwt_test_application"
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE ROLE {role} NOLOGIN")
    grant_application_role(connection, role)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL ROLE {role}")
        with pytest.raises(DatabaseError, match="permission denied"), transaction.atomic():
            cursor.execute(sql)
        transaction.set_rollback(True)

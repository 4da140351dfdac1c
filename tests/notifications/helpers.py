"""Playing decisions in tests: the seat to move plays, keeping its turn or ending it."""

from __future__ import annotations

from typing import Any

import engine
import engine.bots
from games import replay, services
from games.models import Game


def decide(game: Game, *, keep_turn: bool | None = None) -> services.MoveResult:
    """The seat to move makes one decision: the heuristic bot's choice, or, with
    ``keep_turn``, the first legal one that keeps (True) or ends (False) its turn."""
    game.refresh_from_db()
    seat = game.seats.get(index=game.current_seat)
    state = replay.state_at(game)
    move = engine.bots.choose_move(state, seat.index, kind="heuristic")
    if keep_turn is not None:
        candidates = [move, *engine.legal_moves(state, seat.index)]
        move = next(
            m
            for m in candidates
            if (engine.current_player(engine.apply(state, seat.index, m)) == seat.index)
            == keep_turn
        )
    return services.move_submit(game=game, user=seat.user, move=move, expected_version=game.version)


def pass_turn(game: Game, limit: int = 100) -> list[services.MoveResult]:
    """The seat to move plays its turn to the end (heuristic decisions)."""
    game.refresh_from_db()
    seat = game.current_seat
    results = []
    for _ in range(limit):
        results.append(decide(game))
        game.refresh_from_db()
        if game.current_seat != seat:
            return results
    raise AssertionError("the turn did not end")


def user_to_move(game: Game) -> Any:
    game.refresh_from_db()
    return game.seats.get(index=game.current_seat).user

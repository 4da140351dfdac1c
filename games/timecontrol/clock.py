"""What a game's clock may be set to, and setting it before the game starts.

A clock is a turn time limit (1 minute to 60 days), what happens when a turn runs out of time
(``Game.timeout_policy``) and the vacation days each player may use (see
``games.timecontrol.deadlines`` for what happens when a deadline passes).
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction

from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from games.models import Game, GameStatus, TimeoutPolicy

MAX_TURN_TIME_LIMIT = timedelta(days=60)
MAX_VACATION_DAYS = 60


def time_control_check(
    *, turn_time_limit: timedelta | None, timeout_policy: str, vacation_days: int
) -> None:
    """Refuse a time control out of range, before anything is written."""
    if turn_time_limit is not None and not (
        timedelta(minutes=1) <= turn_time_limit <= MAX_TURN_TIME_LIMIT
    ):
        raise InvalidRequestError(
            "bad_turn_time_limit", "The turn time limit is 1 minute to 60 days."
        )
    if timeout_policy not in TimeoutPolicy.values:
        raise InvalidRequestError(
            "bad_timeout_policy", f"The policy is one of: {', '.join(TimeoutPolicy.values)}."
        )
    if not 0 <= vacation_days <= MAX_VACATION_DAYS:
        raise InvalidRequestError(
            "bad_vacation_days", f"Vacation is 0 to {MAX_VACATION_DAYS} days per player."
        )


def time_control_set(
    *,
    game: Game,
    user: User,
    turn_time_limit: timedelta | None,
    timeout_policy: str = TimeoutPolicy.BOT_MOVE,
    vacation_days: int = 0,
) -> Game:
    """The creator sets the time control of a game that has not started yet."""
    time_control_check(
        turn_time_limit=turn_time_limit,
        timeout_policy=timeout_policy,
        vacation_days=vacation_days,
    )
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if user.pk != game.created_by_id:
            raise NotAllowedError("not_creator", "Only the game's creator can set its clock.")
        if game.status != GameStatus.OPEN:
            raise ConflictError("game_not_open", "The clock is set before the game starts.")
        game.turn_time_limit = turn_time_limit
        game.timeout_policy = timeout_policy
        game.vacation_days = vacation_days
        game.save(
            update_fields=["turn_time_limit", "timeout_policy", "vacation_days", "updated_at"]
        )
    return game

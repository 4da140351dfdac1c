"""What a game's clock may be set to, and setting it before the game starts.

A clock is a turn time limit (1 minute to 60 days), what happens when a turn runs out of time
(``Game.timeout_policy``) and the vacation days each player may use (see
``games.timecontrol.deadlines`` for what happens when a deadline passes). For a game of weeks
between people who sleep at different times, it may also have a time bank (days each player
may spend beyond the turn time limit, plus time added each time a turn of theirs ends), quiet
hours and a weekend pause, both in each player's own time zone: the arithmetic is
``common.waking_time``, the deadlines it gives are set by ``games.ledger.turn_start``.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from common.waking_time import ClockRules
from games.models import Game, GameStatus, TimeoutPolicy

MAX_TURN_TIME_LIMIT = timedelta(days=60)
MAX_VACATION_DAYS = 60
MAX_BANK_DAYS = 60
MAX_BANK_PER_TURN = timedelta(hours=24)
MIN_WAKING_HOURS = 8
# What the creation form and API offer unless told otherwise: nobody's clock runs at night.
DEFAULT_QUIET_START, DEFAULT_QUIET_END = 23, 7


def time_control_check(
    *,
    turn_time_limit: timedelta | None,
    timeout_policy: str,
    vacation_days: int,
    bank_days: int = 0,
    bank_per_turn: timedelta = timedelta(0),
    quiet_start: int | None = None,
    quiet_end: int | None = None,
) -> None:
    """Refuse a time control out of range, before anything is written."""
    if turn_time_limit is not None and not (
        timedelta(minutes=1) <= turn_time_limit <= MAX_TURN_TIME_LIMIT
    ):
        raise InvalidRequestError(
            "bad_turn_time_limit", gettext("The turn time limit is 1 minute to 60 days.")
        )
    if timeout_policy not in TimeoutPolicy.values:
        raise InvalidRequestError(
            "bad_timeout_policy",
            gettext("The policy is one of: %(policies)s.")
            % {"policies": ", ".join(TimeoutPolicy.values)},
        )
    if not 0 <= vacation_days <= MAX_VACATION_DAYS:
        raise InvalidRequestError(
            "bad_vacation_days",
            gettext("Vacation is 0 to %(max)d days per player.") % {"max": MAX_VACATION_DAYS},
        )
    if not 0 <= bank_days <= MAX_BANK_DAYS:
        raise InvalidRequestError(
            "bad_bank_days",
            gettext("The time bank is 0 to %(max)d days per player.") % {"max": MAX_BANK_DAYS},
        )
    if not timedelta(0) <= bank_per_turn <= MAX_BANK_PER_TURN:
        raise InvalidRequestError(
            "bad_bank_per_turn", gettext("The time added per turn is 0 to 24 hours.")
        )
    if bank_per_turn and not bank_days:
        raise InvalidRequestError(
            "bad_bank_per_turn",
            gettext("Time added per turn needs a time bank of at least one day."),
        )
    quiet_check(quiet_start, quiet_end)


def quiet_check(quiet_start: int | None, quiet_end: int | None) -> None:
    """Quiet hours are whole hours (0-23), both or neither, and leave a player at least
    ``MIN_WAKING_HOURS`` of clock a day."""
    if quiet_start is None and quiet_end is None:
        return
    if quiet_start is None or quiet_end is None:
        raise InvalidRequestError(
            "bad_quiet_hours", gettext("Quiet hours need a start and an end.")
        )
    if not (0 <= quiet_start <= 23 and 0 <= quiet_end <= 23):
        raise InvalidRequestError(
            "bad_quiet_hours", gettext("Quiet hours are given as hours 0 to 23.")
        )
    quiet = ClockRules(quiet_start=quiet_start, quiet_end=quiet_end).quiet_hours
    if quiet == 0 or 24 - quiet < MIN_WAKING_HOURS:
        raise InvalidRequestError(
            "bad_quiet_hours",
            gettext("Quiet hours last 1 to %(max)d hours a day.") % {"max": 24 - MIN_WAKING_HOURS},
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
            raise NotAllowedError(
                "not_creator", gettext("Only the game's creator can set its clock.")
            )
        if game.status != GameStatus.OPEN:
            raise ConflictError(
                "game_not_open", gettext("The clock is set before the game starts.")
            )
        game.turn_time_limit = turn_time_limit
        game.timeout_policy = timeout_policy
        game.vacation_days = vacation_days
        game.save(
            update_fields=["turn_time_limit", "timeout_policy", "vacation_days", "updated_at"]
        )
    return game

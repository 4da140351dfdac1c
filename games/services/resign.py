"""Resigning from a game in progress.

With two players the game ends at once and the other seat wins (``finished``). With more,
the heuristic bot takes over the resigning seat and the game goes on; if no human is left
playing, the game is ``abandoned``.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import ConflictError
from games import ledger
from games.models import BotKind, EventKind, Game, GameStatus, SeatStatus
from games.permissions import require_not_suspended, seat_of


def game_resign(*, game: Game, user: User) -> Game:
    """Resign (see the module docstring for what happens to the game)."""
    require_not_suspended(user)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = seat_of(game, user, seats)
        if game.status not in {GameStatus.ACTIVE, GameStatus.PAUSED}:
            raise ConflictError(
                "game_not_active", gettext("Only a game in progress can be resigned.")
            )
        if seat.status == SeatStatus.RESIGNED:
            raise ConflictError(
                "already_resigned", gettext("You have already resigned from this game.")
            )

        now = timezone.now()
        before_seat = game.current_seat
        seat.status = SeatStatus.RESIGNED
        others = [other for other in seats if other.index != seat.index]
        if game.players == 2:
            outcome = "finished"
            ending = (
                GameStatus.FINISHED,
                {
                    "reason": "resignation",
                    "resigned": seat.index,
                    "winners": [other.index for other in others],
                },
            )
        else:
            seat.bot = BotKind.HEURISTIC
            humans_left = [o for o in others if not o.bot and o.status == SeatStatus.PLAYING]
            if humans_left:
                outcome, ending = "replaced_by_bot", None
            else:
                outcome = "abandoned"
                ending = (
                    GameStatus.ABANDONED,
                    {"reason": "abandoned", "resigned": seat.index, "winners": []},
                )
        seat.save(update_fields=["status", "bot"])
        ledger.append(
            game,
            kind=EventKind.RESIGN,
            seat=seat.index,
            payload={"seat": seat.index, "outcome": outcome},
            actor=user,
        )
        if ending is not None:
            status, result = ending
            ledger.finish(game, status=status, result=result, now=now)
        elif game.current_seat == seat.index:
            game.turn_deadline = None  # the bot now plays this turn: bots have no deadline
        ledger.write(game, before_seat=before_seat, seats=seats, announce=True)
        return game

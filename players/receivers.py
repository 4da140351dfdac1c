"""The ratings follow the games: a rated game that finished (or was abandoned when a player's
time ran out), or that a moderator rolled back, gets the ratings task once its transaction
commits (after the answer to the request)."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from common import after_response
from games import signals
from games.models import EventKind, Game, GameStatus

logger = logging.getLogger(__name__)


def queue_settle(game_id: int) -> None:
    from players.tasks import settle_game_rating

    try:
        settle_game_rating.delay(game_id)
    except Exception:  # the game is committed; the beat sweep counts it later
        logger.exception("could not queue the ratings of game %s", game_id)


def _queue_on_commit(game: Game) -> None:
    game_id = game.pk
    transaction.on_commit(lambda: after_response.defer(lambda: queue_settle(game_id)))


@receiver(signals.game_advanced, dispatch_uid="players.receivers.on_game_advanced")
def on_game_advanced(sender: Any, *, game: Game, **kwargs: Any) -> None:
    """A rated game ended (by its last move, or a resignation)."""
    if game.rated and game.status == GameStatus.FINISHED:
        _queue_on_commit(game)


@receiver(signals.moderator_acted, dispatch_uid="players.receivers.on_moderator_acted")
def on_moderator_acted(sender: Any, *, game: Game, action: str, **kwargs: Any) -> None:
    """A rolled-back game may have been counted: it no longer is until it finishes again."""
    if game.rated and action == EventKind.ROLLBACK:
        _queue_on_commit(game)


@receiver(signals.deadline_passed, dispatch_uid="players.receivers.on_deadline_passed")
def on_deadline_passed(sender: Any, *, game: Game, **kwargs: Any) -> None:
    """A rated game abandoned because a player's time ran out counts as that player's loss."""
    if game.rated and game.status == GameStatus.ABANDONED:
        _queue_on_commit(game)

from __future__ import annotations

from celery import shared_task

from players import ratings


@shared_task(name="players.settle_game_rating", ignore_result=True)
def settle_game_rating(game_id: int) -> str:
    """Queued when a rated game finishes or is rolled back: the ratings follow it. Safe to
    deliver twice (``players.ratings.game_settle`` is idempotent per game)."""
    return ratings.game_settle(game_id)


@shared_task(name="players.sweep_ratings", ignore_result=True)
def sweep_ratings() -> int:
    """Scheduled by beat: settle the finished rated games a lost task left uncounted."""
    game_ids = ratings.unsettled_games()
    for game_id in game_ids:
        ratings.game_settle(game_id)
    return len(game_ids)

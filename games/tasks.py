from __future__ import annotations

from celery import shared_task

from games import final_positions
from games.retention import ended_games_trim
from games.services.bots import BOT_STALL_AFTER, bot_turns_play, bot_turns_requeue_stalled
from games.services.plans import plan_play


@shared_task(name="games.play_bot_turns", ignore_result=True)
def play_bot_turns(game_id: int, version: int) -> int:
    """Queued after a commit that leaves a bot to move: bots play until a human is to move."""
    return bot_turns_play(game_id=game_id, version=version)


@shared_task(name="games.sweep_bot_turns", ignore_result=True)
def sweep_bot_turns() -> int:
    """Scheduled by beat: queue the bots again of any game left waiting on one (a lost task)."""
    return bot_turns_requeue_stalled(older_than=BOT_STALL_AFTER)


@shared_task(name="games.play_plan", ignore_result=True)
def play_plan(game_id: int, version: int) -> int:
    """Queued after a commit that gave the turn to a player with a plan: it plays the plan."""
    return plan_play(game_id=game_id, version=version)


@shared_task(name="games.trim_ended_games", ignore_result=True)
def trim_ended_games() -> int:
    """Scheduled daily: delete the snapshots and idempotency keys that ended games no longer
    keep (``games.retention``), and give older ended games their final position for a
    minute and a half (``games.final_positions``); how many rows."""
    trimmed = ended_games_trim()
    written = final_positions.write_missing(limit=10**9, seconds=final_positions.DAILY_SECONDS)
    return trimmed.snapshots + trimmed.keys + written

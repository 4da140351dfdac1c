"""What an ended game keeps besides its events.

A game's events are kept for ever, every one (``games.models.Event``). Two other tables hold
rows of a game that matter only while it is played:

* **snapshots** (``Snapshot``), a cache of the engine state every ``GAME_SNAPSHOT_EVERY``
  events: once the game has ended, a past position is asked for rarely (the replay viewer,
  ``state/?at=N``) and is replayed from the nearest snapshot kept, so only those at a
  multiple of ``GAME_FINISHED_SNAPSHOT_EVERY`` stay, with the final position's
  (``games.final_positions``; 0: none at all). The number bounds the
  replay: at 200, at most 199 moves (about 23 ms of CPU for the longest recorded game's,
  ``bench/README.md``, "Storage"), where replaying a whole game from its setup takes up to
  60 ms, beyond the 50 ms a page of a finished game may take.
* **idempotency keys** (``IdempotencyKey``), which make a retried request answer as the
  first one did: the transaction that ends a game keeps those of its last events
  (``games.ledger.KEYS_KEPT_AT_THE_END``), for a client retrying the request that ended it;
  ``GAME_ENDED_KEYS_KEEP_HOURS`` later no client is still retrying, and they go too.

``games.ledger.finish`` thins the snapshots as the game ends; ``ended_games_trim`` (the daily
task ``games.trim_ended_games`` and ``manage.py trim_ended_games``) does the rest: the keys
once their time has passed, the snapshots of games that ended before this policy or under
a smaller ``GAME_FINISHED_SNAPSHOT_EVERY``, and, after an upgrade that changed the layout of
the states (``engine.ENGINE_VERSION``), every snapshot of the earlier layout, which nothing
reads any more (a game in play writes its next one within ``GAME_SNAPSHOT_EVERY`` events).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Mod
from django.utils import timezone

import engine
from common.batches import delete_in_batches
from games.models import ENDED, Game, IdempotencyKey, Snapshot

# Rows deleted per statement: a first run works through a large backlog in short transactions.
TRIM_BATCH = 5000


def finished_snapshot_every() -> int:
    """Which snapshots of an ended game stay: those at a multiple of this (0: none)."""
    return max(0, int(getattr(settings, "GAME_FINISHED_SNAPSHOT_EVERY", 0) or 0))


def snapshots_not_kept(games: QuerySet[Game] | None = None) -> QuerySet[Snapshot]:
    """The snapshots (of ``games``, default all) that are not kept: those of ended games but
    the sparse set and the final position's, and those of any game written by another
    engine version (``engine.ENGINE_VERSION``, the layout of the states), which no reader of
    this release reads."""
    snapshots = Snapshot.objects.all()
    if games is not None:
        snapshots = snapshots.filter(game__in=games)
    ended = Q(game__status__in=ENDED)
    every = finished_snapshot_every()
    if every > 0:
        snapshots = snapshots.annotate(off=Mod("seq", every))
        ended &= ~Q(off=0) & ~Q(seq=F("game__version"))  # the final position stays
    return snapshots.filter(ended | ~Q(engine_version=engine.ENGINE_VERSION))


def keys_not_kept(now: datetime) -> QuerySet[IdempotencyKey]:
    """The idempotency keys of games that ended over ``GAME_ENDED_KEYS_KEEP_HOURS`` before
    ``now``."""
    hours = max(0, int(getattr(settings, "GAME_ENDED_KEYS_KEEP_HOURS", 0) or 0))
    return IdempotencyKey.objects.filter(
        game__status__in=ENDED, game__finished_at__lt=now - timedelta(hours=hours)
    )


@dataclass(frozen=True)
class Trimmed:
    """How many rows a trim deleted."""

    snapshots: int
    keys: int


def ended_games_trim(*, now: datetime | None = None, limit: int = 1_000_000) -> Trimmed:
    """Delete what ended games no longer keep: their snapshots but the sparse set, their
    idempotency keys once their time has passed (at most ``limit`` rows of each)."""
    now = now or timezone.now()
    return Trimmed(
        snapshots=delete_in_batches(snapshots_not_kept(), limit=limit, batch=TRIM_BATCH),
        keys=delete_in_batches(keys_not_kept(now), limit=limit, batch=TRIM_BATCH),
    )

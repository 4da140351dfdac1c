"""An ended game's final position, kept as a snapshot.

A finished game is read at its end far more than anywhere else: the replay viewer opens
there, the game page and the API's state show it, and every later step back starts from it.
With only the sparse snapshots an ended game keeps (``games.retention``), each of those reads
replayed up to ``GAME_FINISHED_SNAPSHOT_EVERY`` - 1 moves from the nearest one. So
``games.ledger.finish`` writes the state after the game's last event as a snapshot too, one
row a game, and the trims keep it (it is a cache like the others: never the truth, always
rebuildable, and read only when its engine version is the running one).

Games that ended before a site kept final positions, or whose final position was written by
another engine version, get theirs from ``write_missing``: ``manage.py
keep_final_positions``, and through the daily trim task, for a minute and a half each day.
"""

from __future__ import annotations

import time

from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet

import engine
from engine import State
from games import replay, retention
from games.models import ENDED, Game, Snapshot

# The time each run of the daily task spends giving older games their final position (a
# replay of up to ``GAME_FINISHED_SNAPSHOT_EVERY`` moves each, about a hundred games a
# second on one core): well inside the tasks' time limit (``CELERY_TASK_SOFT_TIME_LIMIT``,
# 240 s), and a site of 100,000 ended games catches up within about ten days.
DAILY_SECONDS = 90.0


def kept() -> bool:
    """Whether ended games keep their final position: when they keep snapshots at all
    (``GAME_FINISHED_SNAPSHOT_EVERY`` > 0; 0 keeps none, for the least storage)."""
    return retention.finished_snapshot_every() > 0


def final_snapshot(game: Game) -> QuerySet[Snapshot]:
    """The snapshot of ``game``'s final position under the running engine (none or one)."""
    return Snapshot.objects.filter(
        game=game, seq=game.version, engine_version=engine.ENGINE_VERSION
    )


def keep(game: Game, state: State | None = None) -> bool:
    """Write the snapshot of the state after ``game``'s last event (``state``, or replayed),
    unless it is there already or ended games keep no snapshots; whether it was written.
    Called in the transaction that ends the game, after ``replay.snapshots_thin`` (which
    spares it), and by ``write_missing``."""
    if game.version < 1 or not kept() or final_snapshot(game).exists():
        return False
    if state is None:
        state = replay.state_at(game, game.version)
    replay.snapshot_write(game, game.version, state)
    return True


def missing() -> QuerySet[Game]:
    """The ended games with a started record and no final position under the running engine,
    oldest end first."""
    return (
        Game.objects.filter(status__in=ENDED, version__gte=1)
        .exclude(
            Exists(
                Snapshot.objects.filter(
                    game=OuterRef("pk"),
                    seq=OuterRef("version"),
                    engine_version=engine.ENGINE_VERSION,
                )
            )
        )
        .order_by("finished_at", "pk")
    )


def write_missing(*, limit: int, seconds: float | None = None) -> int:
    """Give at most ``limit`` ended games their final position, each in a transaction of its
    own (a game that changed meanwhile is read again there), and stop starting new ones
    after ``seconds`` (default: no end); how many were written."""
    if not kept():
        return 0
    ends = None if seconds is None else time.monotonic() + seconds
    written = 0
    for pk in list(missing().values_list("pk", flat=True)[:limit]):
        if ends is not None and written and time.monotonic() >= ends:
            break
        with transaction.atomic():
            game = Game.objects.select_for_update().filter(pk=pk, status__in=ENDED).first()
            if game is not None and keep(game):
                written += 1
    return written

"""The games app's own Prometheus metrics: moves played, and how long a state takes to rebuild.

Counted in the process that did the work (a web process for a player's move, a Celery worker
for the bots'); ``gwt_site.metrics`` adds up the processes of a container
(``PROMETHEUS_MULTIPROC_DIR``) and serves them. A move is counted once its transaction has
committed, so a rolled-back move (a 409, a conflict retried) is never counted.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from prometheus_client import Counter, Histogram

from games.models import Event, EventKind

MOVES = Counter(
    "gwt_moves",
    "Moves appended to games' event logs, by who played them (player or bot).",
    ["by"],
)
PLAYER_MOVES = MOVES.labels(by="player")
BOT_MOVES = MOVES.labels(by="bot")

# A rebuild is a replay from the nearest snapshot (a few ms) or, for an old position of a
# long game without one, from the start (tens of ms).
REPLAY_SECONDS = Histogram(
    "gwt_state_rebuild_seconds",
    "Time to rebuild a game's engine state from its events (cache misses only).",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)


def count_moves_on_commit(events: Iterable[Event]) -> None:
    """Count the ``move`` events among ``events`` once the transaction commits."""
    players = bots = 0
    for event in events:
        if event.kind == EventKind.MOVE:
            if event.actor_id is None:
                bots += 1
            else:
                players += 1
    if players or bots:
        transaction.on_commit(lambda: _count(players, bots))


def _count(players: int, bots: int) -> None:
    if players:
        PLAYER_MOVES.inc(players)
    if bots:
        BOT_MOVES.inc(bots)

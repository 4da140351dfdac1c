"""Delete the snapshots and idempotency keys that ended games no longer keep.

    python manage.py trim_ended_games
    python manage.py trim_ended_games --limit 200000

What the daily task ``games.trim_ended_games`` does (``games.retention``), at once: after an
upgrade, for the games that ended before, or after lowering ``GAME_FINISHED_SNAPSHOT_EVERY``'s
density (raising the number); after an upgrade that changed the layout of the states
(``engine.ENGINE_VERSION``), it deletes every game's snapshots of the earlier layout too.
Deletes in batches of a few thousand rows, each its own short transaction: safe on the live
database. The events are never touched.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.retention import ended_games_trim


class Command(BaseCommand):
    help = "Delete the snapshots and idempotency keys that ended games no longer keep."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--limit",
            type=int,
            default=10**9,
            help="at most this many rows of each table (default: all of them)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        trimmed = ended_games_trim(limit=options["limit"])
        self.stdout.write(
            f"{trimmed.snapshots} snapshots and {trimmed.keys} idempotency keys deleted"
        )

"""Give ended games their final position as a snapshot, where they have none.

    python manage.py keep_final_positions
    python manage.py keep_final_positions --limit 20000

A game keeps its final position from the moment it ends (``games.final_positions``); the games
that ended before a site kept them, or whose final position was written by another engine
version, are given theirs here, oldest first, each game in a short transaction of its own: safe
on the live database. The daily task ``games.trim_ended_games`` does the same for a minute
and a half a day; this does it at once, after an upgrade.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games import final_positions


class Command(BaseCommand):
    help = "Keep the final position of ended games that have none as a snapshot."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--limit",
            type=int,
            default=10**9,
            help="at most this many games (default: all of them)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        written = final_positions.write_missing(limit=options["limit"])
        self.stdout.write(f"{written} final positions kept")

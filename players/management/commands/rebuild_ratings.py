"""``manage.py rebuild_ratings [--edition 1e]``: recompute the ratings from finished games."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from players import ratings


class Command(BaseCommand):
    help = (
        "Recompute every rating from the finished rated games, in the order they finished "
        "(the ratings are derived data: this is always safe)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--edition", action="append", help="Only this edition (repeatable); default: all."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        editions = options["edition"] or list(ratings.editions_with_games())
        for edition in editions:
            counted = ratings.rebuild(edition)
            self.stdout.write(f"{edition}: {counted} rated games counted")

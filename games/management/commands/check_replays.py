"""Replay every stored game (or some) under its recorded rules, and report the differences.

    python manage.py check_replays                     # every game that has started
    python manage.py check_replays k3x9mnpq2rst ...    # these games
    python manage.py check_replays --status finished --batch-size 500

Prints one line per problem (``<game>: <what differs>``) and a summary; exits with 1 when any
game does not replay as recorded (see ``games.replay_check``). Read-only, no locks, in
batches: safe to run on the live database, before and after each release (docs/deployment.md).
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from games.models import Game, GameStatus
from games.replay_check import check_game


class Command(BaseCommand):
    help = "Replay stored games under their recorded rules and report any difference."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="*", help="public ids of the games (default: all)")
        parser.add_argument(
            "--status", choices=GameStatus.values, help="only the games in this status"
        )
        parser.add_argument(
            "--batch-size", type=int, default=200, help="games read per query (default 200)"
        )
        parser.add_argument(
            "--no-progress", action="store_true", help="no progress bar (it goes to stderr)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.filter(version__gte=1)
        if options["games"]:
            games = games.filter(public_id__in=options["games"])
            missing = set(options["games"]) - set(games.values_list("public_id", flat=True))
            if missing:
                raise CommandError(f"No started game with the id {', '.join(sorted(missing))}.")
        if options["status"]:
            games = games.filter(status=options["status"])
        total = games.count()
        checked = failed = 0
        progress = tqdm(
            total=total, unit="game", file=sys.stderr, disable=options["no_progress"] or None
        )
        last_pk = 0
        batch = max(1, options["batch_size"])
        with progress:
            while True:
                rows = list(games.filter(pk__gt=last_pk).order_by("pk")[:batch])
                if not rows:
                    break
                for game in rows:
                    problems = check_game(game)
                    checked += 1
                    if problems:
                        failed += 1
                        with tqdm.external_write_mode(file=sys.stderr):
                            for problem in problems:
                                self.stdout.write(f"{game.public_id}: {problem}")
                    progress.update(1)
                last_pk = rows[-1].pk
        summary = f"{checked} game{'s' if checked != 1 else ''} replayed"
        if failed:
            raise CommandError(f"{summary}: {failed} do not replay as recorded.")
        self.stdout.write(f"{summary}: all as recorded.")

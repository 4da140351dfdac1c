"""Replay a game record (from ``GET /api/games/{id}/record/``) with the engine, under the
rules version the record names (records made before rules versions: their engine version,
the same string, or the edition's first revision).

    python manage.py replay_record game.json

Prints one line per move and the final scores. Moves may be given as move objects or as
their text notation. The record needs its seed: the API includes it once the game is over.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

import engine
from games.lineage import setup_rules_version


class Command(BaseCommand):
    help = "Replay a game record with the engine; print the moves and the final scores."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the record (JSON); '-' reads standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        record = self._load(options["file"])
        if "seed" not in record:
            raise CommandError("The record has no seed (records include it once a game is over).")
        rules = str(record.get("rules_version") or setup_rules_version(record))
        try:
            edition, revision = engine.parse_rules_version(rules)
            state = engine.new_game(
                players=int(record["players"]),
                seed=int(record["seed"]),
                edition=record.get("edition", edition),
                options=record.get("options") or {},
                revision=revision,
            )
        except engine.IllegalMove as exc:
            raise CommandError(f"Cannot set the game up: {exc.message}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise CommandError(f"Cannot set the game up: {exc}") from exc
        names = {
            seat.get("index"): seat.get("user") or f"bot:{seat.get('bot')}"
            for seat in record.get("seats", [])
            if isinstance(seat, dict)
        }
        self.stdout.write(
            f"Great Western Trail {record.get('edition', '1e')} (rules {rules}), "
            f"{record['players']} players, seed {record['seed']}, "
            f"options {json.dumps(record.get('options') or {})}"
        )
        for number, entry in enumerate(record.get("moves", []), start=1):
            seat = entry.get("seat") if isinstance(entry, dict) else None
            if seat is None:
                seat = engine.current_player(state)
            if seat is None:  # nobody is to move: the game is over
                raise CommandError(f"Move {number} ({entry!r}) is illegal: the game is over.")
            move = entry.get("move") if isinstance(entry, dict) else None
            try:
                if move is None:
                    text = entry.get("text") if isinstance(entry, dict) else entry
                    move = engine.parse_move(state, seat, str(text))
                text = engine.describe(state, seat, move)
                state = engine.apply(state, seat, move)
            except engine.IllegalMove as exc:
                raise CommandError(f"Move {number} ({entry!r}) is illegal: {exc.message}") from exc
            self.stdout.write(f"{number:4d}. seat {seat} ({names.get(seat, '?')}): {text}")
        self.stdout.write("")
        self.stdout.write("Game over." if engine.is_over(state) else "The game is not over.")
        for seat, score in enumerate(engine.scores(state)):
            categories = ", ".join(f"{k} {v}" for k, v in score.get("categories", {}).items())
            self.stdout.write(
                f"seat {seat} ({names.get(seat, '?')}): {score['total']}"
                + (f"  ({categories})" if categories else "")
            )

    def _load(self, name: str) -> dict[str, Any]:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
            record = json.loads(text)
        except (OSError, ValueError) as exc:
            raise CommandError(f"Cannot read the record {name}: {exc}") from exc
        if not isinstance(record, dict) or "players" not in record:
            raise CommandError("This is not a game record (no 'players').")
        return record

"""How long the ratings take: the update after one finished game, and a whole rebuild.

    .venv/bin/python bench/ratings.py                    # 5,000 games of 200 players, SQLite
    .venv/bin/python bench/ratings.py --games 20000 --players 1000
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/gwt_bench \
        .venv/bin/python bench/ratings.py

Builds a scratch database (SQLite under var/bench-ratings unless DATABASE_URL names a
PostgreSQL database, which is dropped and made again) with finished rated games of 2 to 4 players
as stored results (the ratings read results, never moves), then measures:

* the update after each game (``players.ratings.game_settle``, what the Celery task runs),
  game by game in finish order: per-game median and p99, and its SQL statements;
* a task delivered twice (the game already counted): median;
* ``rebuild`` of the whole edition (``manage.py rebuild_ratings``): seconds and games/s;
* that the rebuild left exactly what the updates did.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        import psycopg

        # A fresh database each run (the event log's triggers refuse TRUNCATE, so no flush).
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
        os.environ.setdefault("GWT_ENV", "development")
        import django

        django.setup()
        from django.core.management import call_command

        call_command("ensuredb", verbosity=0)
        call_command("migrate", verbosity=0, interactive=False)
    else:
        from gwt_site import scratch

        scratch.configure(ROOT / "var" / "bench-ratings")


def build(games: int, players: int) -> list[int]:
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from games.models import SEAT_COLOURS, Game, GameStatus, Seat

    rng = random.Random(19)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"p{i}", email=f"p{i}@example.com") for i in range(players)
    )
    skill = {user.pk: rng.gauss(0, 10) for user in users}
    start = datetime(2026, 1, 1, tzinfo=UTC)
    ids = []
    with transaction.atomic():
        for n in range(games):
            seated = rng.sample(users, rng.randint(2, 4))
            totals = [int(60 + skill[u.pk] + rng.gauss(0, 12)) for u in seated]
            best = max(totals)
            game = Game.objects.create(
                players=len(seated),
                rated=True,
                status=GameStatus.FINISHED,
                result={
                    "reason": "game_over",
                    "scores": [{"total": t, "categories": {"cattle": t}} for t in totals],
                    "winners": [i for i, t in enumerate(totals) if t == best],
                },
                created_by=seated[0],
                finished_at=start + timedelta(minutes=n),
                version=1,
            )
            Seat.objects.bulk_create(
                Seat(game=game, index=i, colour=SEAT_COLOURS[i], user=u)
                for i, u in enumerate(seated)
            )
            ids.append(game.pk)
    return ids


def snapshot() -> list[tuple[object, ...]]:
    from players.models import Rating

    return list(
        Rating.objects.order_by("user_id").values_list("user_id", "mu", "sigma", "games", "wins")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=200)
    args = parser.parse_args()
    setup()
    from django.db import connection

    from players import ratings

    print(f"Python {platform.python_version()} on {platform.machine()}, {connection.vendor}")
    started = time.perf_counter()
    ids = build(args.games, args.players)
    print(
        f"built {len(ids)} games of {args.players} players in {time.perf_counter() - started:.1f} s"
    )

    from django.test.utils import CaptureQueriesContext

    per_game = []
    for game_id in ids[:-1]:
        t = time.perf_counter()
        assert ratings.game_settle(game_id) == "counted"
        per_game.append(time.perf_counter() - t)
    with CaptureQueriesContext(connection) as queries:
        assert ratings.game_settle(ids[-1]) == "counted"
    print(f"SQL statements of one update: {len(queries)} (BEGIN and COMMIT included)")
    per_game.sort()
    p99 = per_game[int(len(per_game) * 0.99)]
    print(
        f"update after a game: median {statistics.median(per_game) * 1000:.2f} ms, "
        f"p99 {p99 * 1000:.2f} ms"
    )
    again = []
    for game_id in ids[-200:]:
        t = time.perf_counter()
        assert ratings.game_settle(game_id) == "already_counted"
        again.append(time.perf_counter() - t)
    print(f"task delivered twice: median {statistics.median(again) * 1000:.2f} ms")

    updated = snapshot()
    t = time.perf_counter()
    counted = ratings.rebuild("1e")
    seconds = time.perf_counter() - t
    print(f"rebuild: {counted} games in {seconds:.2f} s ({counted / seconds:,.0f} games/s)")
    same = snapshot() == updated
    print(f"rebuild == the updates after each game: {same}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()

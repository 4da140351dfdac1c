"""What one move costs the server, request by request, without load.

`bench/api.py` measures latency under load, which depends on everything else the machine
runs. This measures what that latency is made of, and varies much less: the CPU time,
the SQL statements and the Redis commands of each request a player makes per move, through
Django's request handling (middleware, DRF, the service, the JSON) but without an HTTP
server, on PostgreSQL and Redis. One process plays games against the heuristic bot like a
`bench/api.py` client: legal moves (unless the last move's answer gave them), a random one
of them, `GET /api/me/`; the bots' turn is timed apart when the turn passes to them: as "bots after
the answer" (`bot_turns_play_here`, what the web process runs once its answer is sent) or,
with `BOT_MOVES_AFTER_RESPONSE=0` or past that many decisions, as "bot task"
(`bot_turns_play`, what the Celery worker runs);
at the end, one delivery run handles every "your turn" the bot runs queued, as the delayed
delivery tasks do once the rows are due.

    .venv/bin/python bench/move_cost.py                  # 600 moves
    .venv/bin/python bench/move_cost.py --moves 2000 --profile /tmp/move.prof
    .venv/bin/python bench/move_cost.py --moves 2000 --sample    # where each kind's CPU goes
    .venv/bin/python bench/move_cost.py --moves 1500 --gc        # the garbage collector's share

`--gc` first freezes what start-up loaded, as the servers do (`gwt_site.collector`), then
counts the collections of each generation and their CPU, and prints what the collector
still tracks at the end and what the process's caches of states and views hold of it.
Django's test client leaves a few objects per request that a server does not (the
finalizers of signal receivers it connects again for each request), so the count is
higher than a server's.

Needs PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL, as for bench/api.py). The
bot tasks queued by the moves go to the broker; nothing consumes them, so use a Redis
database of its own (default 3, as bench/api.py, which starts its worker without them).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from functools import partial
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
sys.path.insert(0, str(ROOT))


def configure() -> None:
    os.environ.update(
        {
            "GWT_ENV": "production",
            "SECRET_KEY": secrets.token_urlsafe(40),
            "DEBUG": "0",
            "DATABASE_URL": os.environ.get(
                "BENCH_DATABASE_URL",
                "postgres://postgres@127.0.0.1:5432/gwt_bench?conn_max_age=600",
            ),
            "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3"),
            "LOG_LEVEL": "WARNING",
            "VAR_DIR": tempfile.mkdtemp(prefix="gwt-bench-"),
            "DJANGO_SETTINGS_MODULE": "gwt_site.settings",
            "ALLOWED_HOSTS": "testserver",
        }
    )
    for command in (["ensuredb"], ["migrate", "--noinput", "-v", "0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True)


class Sampler:
    """Where each kind of request spends its CPU, by sampling: every few milliseconds of the
    process's CPU (``SIGPROF``) the running stack is noted under the kind being measured.
    cProfile's hooks slow down most the code that makes many small calls (the engine, the
    ORM), and so overstate it; samples do not. Prints, per kind, the functions on the most
    samples (inclusive: a function and what it calls) and the share where it was itself
    running."""

    def __init__(self) -> None:
        import signal

        self.kind = ""
        self.stacks: dict[str, list[list[str]]] = {}
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)

    def _sample(self, signum, frame) -> None:
        if not self.kind:
            return
        stack = []
        while frame is not None and frame.f_code.co_name != "measure":
            code = frame.f_code
            path = code.co_filename.replace(str(ROOT) + "/", "").split("site-packages/")[-1]
            stack.append(f"{path}:{code.co_firstlineno}({code.co_name})")
            frame = frame.f_back
        self.stacks.setdefault(self.kind, []).append(stack)

    def report(self, top: int = 40) -> None:
        import collections
        import signal

        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        for kind, stacks in self.stacks.items():
            inclusive: collections.Counter[str] = collections.Counter()
            itself: collections.Counter[str] = collections.Counter()
            for stack in stacks:
                inclusive.update(set(stack))
                if stack:
                    itself[stack[0]] += 1
            print(f"\n{kind}: {len(stacks)} samples (inclusive %, own %)")
            for name, count in inclusive.most_common(top):
                share, own = 100 * count / len(stacks), 100 * itself[name] / len(stacks)
                print(f"{share:5.1f} {own:5.1f}  {name}")


class CollectorWatch:
    """The garbage collector's collections by generation and the CPU they took."""

    def __init__(self) -> None:
        import gc

        from gwt_site import collector

        collector.settle()  # as gwt_site/wsgi.py and the Celery worker's processes do
        self.runs = {0: [0, 0.0], 1: [0, 0.0], 2: [0, 0.0]}
        self._started = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            run = self.runs[info["generation"]]
            run[0] += 1
            run[1] += time.process_time() - self._started

    def report(self, moves: int) -> None:
        import gc

        from games import replay, seat_views

        def tracked(root: object) -> int:
            found, stack = 0, [root]
            while stack:
                item = stack.pop()
                found += gc.is_tracked(item)
                if isinstance(item, dict):
                    stack.extend(item.values())
                elif isinstance(item, (list, tuple)):
                    stack.extend(item)
            return found

        total = sum(seconds for _, seconds in self.runs.values())
        print(
            "garbage collector: "
            + ", ".join(
                f"generation {generation} {count} runs {seconds * 1000:.1f} ms"
                for generation, (count, seconds) in self.runs.items()
            )
            + f"; {total / moves * 1000:.3f} ms per client move"
        )
        print(
            f"tracked at the end: {len(gc.get_objects())} objects; the process's states "
            f"{sum(map(tracked, replay.local_states._entries.values()))} in "
            f"{len(replay.local_states._entries)} entries, its views "
            f"{sum(map(tracked, seat_views._views.values()))} in {len(seat_views._views)}"
        )


class Meter:
    """CPU seconds, SQL statements and Redis commands of each call, by kind of request."""

    def __init__(self) -> None:
        import redis.client
        from django.db import connection

        self.connection = connection
        self.figures: dict[str, dict[str, list[float]]] = {}
        self.redis_commands = 0
        self.profile_kind = ""
        self.sampler: Sampler | None = None
        meter = self
        command, pipeline = redis.client.Redis.execute_command, redis.client.Pipeline.execute

        def counted_command(client, *args, **kwargs):
            meter.redis_commands += 1
            return command(client, *args, **kwargs)

        def counted_pipeline(pipe, *args, **kwargs):
            meter.redis_commands += 1
            return pipeline(pipe, *args, **kwargs)

        redis.client.Redis.execute_command = counted_command
        redis.client.Pipeline.execute = counted_pipeline

    def measure(self, kind: str, call, profiler=None):
        from django.test.utils import CaptureQueriesContext

        if profiler is not None and kind != self.profile_kind:
            profiler = None
        with CaptureQueriesContext(self.connection) as queries:
            redis_before, started = self.redis_commands, time.process_time()
            if profiler is not None:
                profiler.enable()
            if self.sampler is not None:
                self.sampler.kind = kind
            result = call()
            if self.sampler is not None:
                self.sampler.kind = ""
            if profiler is not None:
                profiler.disable()
            cpu = time.process_time() - started
        figures = self.figures.setdefault(kind, {"cpu": [], "sql": [], "redis": []})
        figures["cpu"].append(cpu)
        figures["sql"].append(len(queries))
        figures["redis"].append(self.redis_commands - redis_before)
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--games", type=int, default=4, help="games played in turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", help="write a cProfile of one kind of request (CPU time)")
    parser.add_argument(
        "--profile-kind",
        default="POST moves/",
        help="which kind --profile covers: 'POST moves/', 'GET legal-moves/', 'GET /api/me/', "
        "'bots after the answer', 'bot task', 'delivery, all'",
    )
    parser.add_argument(
        "--sample",
        action="store_true",
        help="sample the stacks of every kind of request and print where their CPU goes",
    )
    parser.add_argument(
        "--gc",
        action="store_true",
        help="freeze the start-up objects as the servers do, and report the garbage "
        "collector's runs and what it tracks",
    )
    args = parser.parse_args()

    configure()
    import django

    django.setup()
    import cProfile

    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from games import services
    from games.models import Game
    from games.services import bots
    from notifications.delivery import deliver_due

    user, _ = get_user_model().objects.get_or_create(username="bench-cost")
    token, _ = Token.objects.get_or_create(user=user)
    client = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    rng = random.Random(args.seed)
    meter = Meter()
    meter.profile_kind = args.profile_kind
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    meter.sampler = Sampler() if args.sample else None
    if args.gc:
        from django.urls import get_resolver

        get_resolver().url_patterns  # noqa: B018 (the views, imported as gwt_site/wsgi.py does)
    watch = CollectorWatch() if args.gc else None
    bot_turns: list[tuple[int, int]] = []
    queue = bots.queue_bot_turns

    def queue_and_note(game_id: int, version: int) -> None:
        bot_turns.append((game_id, version))
        queue(game_id, version)  # the broker publish is part of the move's cost

    bots.queue_bot_turns = queue_and_note
    bots_here: list[tuple[int, int]] = []
    play_here = bots.bot_turns_play_here
    bots.bot_turns_play_here = lambda game_id, version: bots_here.append((game_id, version))
    bot_moves = 0

    def play_bots() -> None:
        nonlocal bot_moves
        while bots_here or bot_turns:
            while bots_here:
                after = partial(play_here, *bots_here.pop())
                bot_moves += meter.measure("bots after the answer", after, profiler)
            while bot_turns:
                game_id, version = bot_turns.pop()
                task = partial(services.bot_turns_play, game_id=game_id, version=version)
                bot_moves += meter.measure("bot task", task, profiler)

    def new_game() -> str:
        created = client.post(
            "/api/games/", {"players": 2, "bots": [1], "quiet_hours": None}, "application/json"
        )
        game_id = created.json()["id"]  # against a bot: started at creation
        play_bots()
        return game_id

    # Rows left waiting by earlier runs (bench/api.py's too) are not this run's to time.
    deliver_due(now=timezone.now() + timedelta(days=1))
    games = [new_game() for _ in range(args.games)]
    known: dict[str, dict] = {}
    moves = 0
    while moves < args.moves:
        for i, game_id in enumerate(games):
            legal = known.pop(game_id, None)  # the last move's answer gave the next options
            if legal is None:
                legal_moves = partial(client.get, f"/api/games/{game_id}/legal-moves/")
                legal = meter.measure("GET legal-moves/", legal_moves, profiler).json()
            if not legal["moves"]:
                if Game.objects.get(public_id=game_id).status != "active":
                    games[i] = new_game()
                continue
            body = {
                "move": rng.choice(legal["moves"]),
                "expected_version": legal["version"],
                "idempotency_key": uuid.uuid4().hex,
            }
            move = partial(client.post, f"/api/games/{game_id}/moves/", body, "application/json")
            answer = meter.measure("POST moves/", move, profiler)
            if answer.status_code != 201:
                raise SystemExit(f"a move was refused: {answer.status_code} {answer.content!r}")
            meter.measure("GET /api/me/", partial(client.get, "/api/me/"), profiler)
            moves += 1
            if answer.json()["moves"]:
                known[game_id] = answer.json()
            play_bots()

    # The "your turn" rows the bot runs queued wait while the player is on the site; the
    # delayed delivery tasks (one per few seconds for every game) find them due later.
    later = timezone.now() + timedelta(minutes=5)
    meter.measure("delivery, all", partial(deliver_due, now=later), profiler)

    print(
        f"bench/move_cost.py: {moves} moves against the heuristic bot, through Django's test "
        f"client (no HTTP server); PostgreSQL + Redis; Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores"
    )
    for kind, figures in meter.figures.items():
        cpu = [seconds * 1000 for seconds in figures["cpu"]]
        print(
            f"{kind:<21} n={len(cpu):>5}  CPU p50 {statistics.median(cpu):5.2f} ms  "
            f"mean {statistics.fmean(cpu):5.2f} ms   SQL {statistics.fmean(figures['sql']):5.2f}"
            f"   Redis {statistics.fmean(figures['redis']):4.2f}  (per request, mean)"
        )
    total_cpu = sum(sum(figures["cpu"]) for figures in meter.figures.values())
    total_sql = sum(sum(figures["sql"]) for figures in meter.figures.values())
    print(
        f"bot moves: {bot_moves} ({bot_moves / moves:.2f} per move of the client); whole cycle "
        f"per client move (legal moves, move, /api/me/, the bots' turns): "
        f"CPU {total_cpu / moves * 1000:.2f} ms, SQL {total_sql / moves:.2f}"
    )
    if watch is not None:
        watch.report(moves)
    if meter.sampler is not None:
        meter.sampler.report()
    if profiler is not None:
        profiler.dump_stats(args.profile)
        print(f"profile of the {args.profile_kind!r} requests: {args.profile}")


if __name__ == "__main__":
    main()

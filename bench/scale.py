"""Do the pages stay quick with 1,000, 10,000 or 100,000 games?

Builds a PostgreSQL database of that many games, then measures the requests players and
moderators make with Django's test client under the production settings, and prints a
table: p50 / p99 milliseconds, the CPU time of the request (this process's, and with that
of the PostgreSQL process serving it when the server runs on this machine: on a busy
machine the wall clock is mostly waiting for a CPU), SQL statements per request, and which
big tables a request reads whole (a sequential scan in PostgreSQL's plan: the figure that
does not depend on how busy the machine is).

The samples are taken in a process settled as a production worker is: every request is
made twice first (the warm-up), then the process collects its garbage and freezes what is
left (``gwt_site.collector.settle``, as ``gwt_site.wsgi`` does once the application is
loaded), with the bench's test clients, their sessions and targets among what is frozen;
``--gc-thresholds`` measures the collector under other thresholds than Python's.
The clients share one handler (a worker has one middleware chain), and the test client's
response is let go before the next sample. The collector stays on: a full collection that
requests bring on runs inside a sample and counts in it, and the table says how many ran
during each request's samples, how long they took, and whether the two slowest samples
(between which the p99 of 40 lies) include one.

    .venv/bin/python bench/scale.py --games 1000
    .venv/bin/python bench/scale.py --games 10000 --samples 50
    .venv/bin/python bench/scale.py --games 100000 --keep     # keep the database afterwards
    .venv/bin/python bench/scale.py --games 100000 --reuse    # measure the kept one again (kept)
    .venv/bin/python bench/scale.py --games 100000 --reuse --garbage   # what requests leave

The database is built in two steps:

1. **Seed** (``gwt_scale_seed``, kept between runs; ``--reseed`` builds it again): games
   (``--seed-games``, 30 by default) played through the game services by the players of
   ``tests/records/build.py`` (random and heuristic players, bots, undos, resignations,
   timeouts, moderators' pauses and rollbacks), with the emails' outbox rows written (their
   delivery tasks are left in the broker: sending costs more than playing), chat lines and
   reports. One game in five is left in play, stopped after a random number of events.
   Playing is the slow part (6 to 10 s a game on a busy 2-CPU machine).
2. **Copies** (``gwt_scale_<N>``, ``bench/scale_copy.py``): the seed database as a
   template, then its games copied in SQL (one ``INSERT ... SELECT`` over
   ``generate_series`` per table for all the copies, ids shifted per copy, a copy's games
   played by a copy's own users, indexes and keys dropped during the load and built again
   after it) until there are N games; one player then gets a seat in 2,000 of them (a
   player with thousands of games); ``VACUUM ANALYZE``. The events of the copies are
   inserted interleaved (by seq, then game), as games played at the same time write them,
   not one game after another. The idempotency keys that web and API clients send with a
   person's moves (the corpus's players send none) are added as the ledger keeps them. The
   outbox is then as a month later: its rows sent, and those of ended games purged
   (``notifications.retention``); so are the ended games' snapshots and keys, as the daily
   trim leaves them (``games.retention``). The seed's rows are purged and trimmed through
   those modules, and the copies are made without what they delete. The ratings are then
   counted as ``manage.py rebuild_ratings`` counts them (SQL runs no task), so that the
   profiles show a rating history (``--reuse`` counts them in a kept database that has none).

The databases are named ``gwt_scale_seed`` and ``gwt_scale_<N>``, or with another prefix
(``BENCH_SCALE_PREFIX``). Needs PostgreSQL (``BENCH_PG``, default
``postgres://postgres@127.0.0.1:5432``) and Redis
(``BENCH_REDIS_URL``, default database 3). Not part of ``make test``; figures in
``bench/README.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import platform
import random
import resource
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).absolute().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scale_copy import (  # noqa: E402
    PREFIX,
    SEED_DB,
    build_copies,
    pg_url,
    psql,
    ratings_counted,
    use_database,
)

SEED_USERS = 24  # players of the seed games; each copy has its own
BIG_TABLE_ROWS = 5000  # a sequential scan of a table larger than this is reported
# Plan nodes that read their whole input before their first row.
BLOCKING_NODES = {"Sort", "Hash", "Aggregate", "Materialize", "SetOp", "WindowAgg"}


def database_exists(name: str) -> bool:
    return psql("postgres", f"SELECT 1 FROM pg_database WHERE datname = '{name}'") == "1"


def configure(database: str) -> None:
    """Production settings on ``database``, before anything reads them."""
    os.environ.update(
        {
            "GWT_ENV": "production",
            "SECRET_KEY": secrets.token_urlsafe(40),
            "DEBUG": "0",
            "DATABASE_URL": pg_url(database) + "?conn_max_age=600",
            "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3"),
            "EMAIL_URL": "dummy://",
            "LOG_LEVEL": "ERROR",
            "VAR_DIR": tempfile.mkdtemp(prefix="gwt-scale-"),
            "DJANGO_SETTINGS_MODULE": "gwt_site.settings",
            "ALLOWED_HOSTS": "testserver",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command

    from gwt_site.celery import app

    # The seed's bots are played by the corpus's table itself; the emails' delivery tasks go
    # to the broker and wait there (the outbox rows are written all the same): sending them
    # would cost more than playing the games.
    app.conf.task_always_eager = False
    static = Path(os.environ["VAR_DIR"]) / "static"
    from django.conf import settings

    settings.STATIC_ROOT = static
    call_command("collectstatic", interactive=False, verbosity=0)


# --- building ----------------------------------------------------------------------------


def build_seed(games: int) -> None:
    """Play ``games`` games through the services into a fresh seed database."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from games import chat
    from games.models import Game, GameStatus
    from games.moderation.reports import report_create
    from tests.records import build

    psql("postgres", f"DROP DATABASE IF EXISTS {SEED_DB}")
    psql("postgres", f"CREATE DATABASE {SEED_DB}")
    # A scratch database: a commit need not wait for the disk (hundreds per game).
    psql("postgres", f"ALTER DATABASE {SEED_DB} SET synchronous_commit = off")
    use_database(SEED_DB)
    call_command("migrate", verbosity=0, interactive=False)
    users_model = get_user_model().objects
    users = [
        users_model.create_user(f"p{i}", f"p{i}@example.test", "pw") for i in range(SEED_USERS)
    ]
    moderator = users_model.create_superuser("mod", "mod@example.test", "pw")
    rng = random.Random(1)
    started = time.monotonic()
    whole_game = build.MAX_EVENTS
    for number in range(games):
        players = rng.sample(users, 4)
        in_play = number % 5 == 4
        # A game left in play: the corpus's table stops it after that many events.
        build.MAX_EVENTS = rng.randint(40, 300) if in_play else whole_game
        try:
            build.Table(number, players, moderator).play()
        except RuntimeError:
            if not in_play:
                raise
        game = Game.objects.order_by("-pk").first()
        assert game is not None
        seated = [s.user for s in game.seats.all() if s.user is not None]
        if len(seated) >= 2 and game.status == GameStatus.ACTIVE:
            chat.chat_post(game=game, user=seated[0], text=f"good game {number}")
            report_create(
                game=game, reporter=seated[0], reported_user=seated[1], reason="stalling", text="x"
            )
        if (number + 1) % 10 == 0:
            print(f"  seed: {number + 1} games, {time.monotonic() - started:.0f} s", flush=True)
    build.MAX_EVENTS = whole_game
    use_database("postgres")


# --- measuring ---------------------------------------------------------------------------


def format_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


class Request:
    """One line of the table: a request made ``samples`` times over rotating targets."""

    def __init__(
        self, name: str, make: Callable[[int], Any], before: Callable[[int], None] | None = None
    ) -> None:
        self.name, self.make, self.before = name, make, before


def seq_scans(sql_list: list[str], sizes: dict[str, int]) -> set[str]:
    """The big tables the plans of these statements read whole: a sequential scan that no
    LIMIT stops early (a bounded count reads at most its limit)."""
    from django.db import connection

    found: set[str] = set()

    def walk(node: dict[str, Any], limited: bool) -> None:
        kind = node.get("Node Type")
        # A sort, a hash or an aggregate reads all its input before giving a row: a LIMIT
        # above it stops nothing below it.
        limited = (limited or kind == "Limit") and kind not in BLOCKING_NODES
        table = node.get("Relation Name", "")
        big = sizes.get(table, 0) > BIG_TABLE_ROWS
        if node.get("Node Type") == "Seq Scan" and not limited and big:
            found.add(table)
        for child in node.get("Plans", []):
            walk(child, limited)

    with connection.cursor() as cursor:
        for sql in sql_list:
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}")
            plan = cursor.fetchone()[0]
            plan = json.loads(plan) if isinstance(plan, str) else plan
            walk(plan[0]["Plan"], False)
    return found


def server_cpu() -> tuple[int, float] | None:
    """(pid, CPU seconds) of the PostgreSQL process that serves Django's connection, read in
    its ``/proc`` entry (nanoseconds on a CPU); None when the server is on another machine.
    The process's own CPU time leaves out what its statements cost the server, which on a
    machine shared with other work is the one figure of that cost the load does not swell."""
    from django.db import connection

    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    try:
        return pid, int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


class Collections:
    """Counts the garbage collector's full collections (those of its oldest generation) and
    the time they take, and the time of the younger generations' collections, through
    ``gc.callbacks``: a sample during which a full one ran is slower by all of it, and with
    40 samples the p99 is the slowest but one, so a reader must see whether the p99
    includes one. Their time does not depend on how busy the machine is as the wall clock
    does."""

    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0
        self.young_seconds = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.count += info["generation"] == 2
            self._started = time.perf_counter()
        elif info["generation"] == 2:
            self.seconds += time.perf_counter() - self._started
        else:
            self.young_seconds += time.perf_counter() - self._started


def release(response: Any) -> None:
    """Let the test client's response go as a worker's does. The test client sets
    ``response.json`` to a partial of the response itself: a cycle that holds the response
    and its request (the session, the user, the parsed body) until a collection frees them,
    which a production response does not make. Broken, they go when the bench drops them,
    and do not pile up in the collector's oldest generation to bring on its full
    collections in later samples."""
    response.__dict__.pop("json", None)


def settle(thresholds: tuple[int, ...] | None = None) -> None:
    """What ``gwt_site.wsgi`` does once the application is loaded (``collector.settle``):
    collect, then freeze what is left (there, Django, the views and the engine's tables;
    here also the bench's test clients, their sessions and targets, which a worker does not
    hold) out of the collector's reach. Full collections then walk only what requests leave
    behind, as in a worker; the collector stays on (turning it off would hide what requests
    cost it). ``thresholds``: the collector's, as ``gc.set_threshold`` takes them."""
    from gwt_site import collector

    collector.settle()
    if thresholds is not None:
        gc.set_threshold(*thresholds)


def warm(requests: list[Request], sizes: dict[str, int]) -> list[set[str]]:
    """Each request twice (the first requests fill the process's caches: templates, the
    URL resolver, prepared plans), and the big tables the plan of the second reads whole."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    scans = []
    for request in requests:
        for i in range(2):
            with CaptureQueriesContext(connection) as captured:
                made(request, i)
        scans.append(seq_scans([q["sql"] for q in captured.captured_queries], sizes))
    return scans


def made(request: Request, i: int) -> None:
    """The request made once (on its ``i``-th target), checked and its response let go."""
    if request.before is not None:
        request.before(i)
    response = request.make(i)
    check(request, response)
    release(response)


def garbage(requests: list[Request]) -> None:
    """What each request leaves to the garbage collector: the objects that only a collection
    frees (held by reference cycles) once it is done, counted with the collector off during
    one request after the warm-up, and their most common types. Their number does not
    depend on the machine; every collection walks them, and under Python's thresholds the
    young collections during the request move them on to the oldest generation, where the
    full collections find them (the p99 of the lists)."""
    from collections import Counter

    for request in requests:
        for i in range(3):
            made(request, i)
        gc.collect()
        gc.disable()
        try:
            made(request, 3)
            gc.set_debug(gc.DEBUG_SAVEALL)
            found = gc.collect()
            kinds = Counter(type(thing).__name__ for thing in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
        common = ", ".join(f"{name} {n:,}" for name, n in kinds.most_common(6))
        print(f"| {request.name} | {found:,} | {common} |", flush=True)


def check(request: Request, response: Any) -> None:
    if response.status_code >= 300:
        raise SystemExit(f"{request.name}: {response.status_code} {response.content[:300]!r}")


def measure(
    requests: list[Request],
    samples: int,
    profile_path: str | None = None,
    thresholds: tuple[int, ...] | None = None,
) -> list[dict[str, Any]]:
    """Each request ``samples`` times, once every request has been made twice and the
    process settled as a worker's (``settle``): wall-clock p50 and p99, the CPU time of
    this process and of the PostgreSQL process it talks to, queries, the big tables read
    whole, and the collections that ran during the samples (full ones apart). With
    ``profile_path`` the samples (not the warm-up) also run under cProfile, which slows
    them: its figures show where the time goes, not how much there is."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with connection.cursor() as cursor:
        cursor.execute("SELECT relname, reltuples::bigint FROM pg_class WHERE relkind = 'r'")
        sizes = dict(cursor.fetchall())
    all_scans = warm(requests, sizes)
    settle(thresholds)
    collections = Collections()
    gc.callbacks.append(collections)
    profiler = cProfile.Profile(time.process_time) if profile_path else None
    results = []
    try:
        for request, scans in zip(requests, all_scans, strict=True):
            times: list[float] = []
            cpus: list[float] = []
            both: list[float] = []  # this process's CPU time and the server's
            queries: list[int] = []
            full: list[int] = []  # full collections per sample
            full_seconds = 0.0
            young_total = 0.0  # seconds in the younger generations' collections
            paused: list[float] = []  # ms in collections of any generation, per sample
            # The targets rotate from where the warm-up left them.
            for i in range(2, samples + 2):
                if request.before is not None:
                    request.before(i)
                server_started = server_cpu()
                count, seconds = collections.count, collections.seconds
                young_seconds = collections.young_seconds
                with CaptureQueriesContext(connection) as captured:
                    started, cpu_started = time.perf_counter(), time.process_time()
                    if profiler is not None:
                        profiler.enable()
                    response = request.make(i)
                    if profiler is not None:
                        profiler.disable()
                    elapsed = time.perf_counter() - started
                    cpu = time.process_time() - cpu_started
                full.append(collections.count - count)
                full_seconds += collections.seconds - seconds
                young_total += collections.young_seconds - young_seconds
                paused.append(
                    (collections.seconds - seconds + collections.young_seconds - young_seconds)
                    * 1000
                )
                server_ended = server_cpu()
                check(request, response)
                release(response)
                times.append(elapsed * 1000)
                cpus.append(cpu * 1000)
                # The same server process before and after (the connection is kept open).
                if server_started and server_ended and server_started[0] == server_ended[0]:
                    both.append((cpu + server_ended[1] - server_started[1]) * 1000)
                queries.append(len(captured))
                # Gone before the next sample, not freed (or collected) inside it.
                del response, captured
            # With 40 samples the p99 lies between the two slowest.
            slowest = sorted(range(len(times)), key=times.__getitem__)[-2:]
            results.append(
                {
                    "name": request.name,
                    "p50": statistics.median(times),
                    "p99": percentile(times, 99),
                    "cpu": statistics.median(cpus),
                    "both_p50": statistics.median(both) if both else None,
                    "both_p99": percentile(both, 99) if both else None,
                    "queries": max(queries),
                    "scans": sorted(scans),
                    "full": sum(full),
                    "full_ms": full_seconds * 1000,
                    "full_in_slowest": sum(full[k] for k in slowest),
                    "young_ms": young_total * 1000,
                    "paused_p99": percentile(paused, 99),
                    "paused_max": max(paused),
                }
            )
            r = results[-1]
            print(
                f"  {r['name']}: {r['p50']:.1f} / {r['p99']:.1f} ms,"
                f" CPU {format_ms(r['both_p50'])} / {format_ms(r['both_p99'])} ms,"
                f" {r['queries']} queries, {r['full']} full collections",
                flush=True,
            )
    finally:
        gc.callbacks.remove(collections)
    if profiler is not None and profile_path:
        profiler.dump_stats(profile_path)
    return results


def requests_to_measure() -> list[Request]:
    """The requests of the table, each over a rotating set of games and players."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db.models import Count
    from django.test import Client
    from django.test.client import ClientHandler

    from games import replay
    from games.models import Event, Game, GameStatus, Seat
    from games.web import replay_log

    users = get_user_model().objects
    finished = list(Game.objects.filter(status=GameStatus.FINISHED).order_by("?")[:40])
    active = list(Game.objects.filter(status=GameStatus.ACTIVE, version__gt=30).order_by("?")[:40])
    heavy = users.get(username="p0")
    # A typical player: one of a copy's players, in a dozen games or so.
    typical = [
        s.user
        for s in Seat.objects.filter(game__in=active, user__isnull=False)
        .exclude(user=heavy)
        .select_related("user")[:20]
    ]
    superuser = users.filter(is_superuser=True).order_by("pk").first()

    # One handler for all the clients, as a worker has one: each test client otherwise
    # loads the middleware again on its first request (WhiteNoise then indexes every static
    # file anew, thousands of objects per client), during the samples of the requests whose
    # clients the warm-up did not use.
    handler = ClientHandler(enforce_csrf_checks=False)

    def new_client(**defaults: Any) -> Client:
        client = Client(**defaults)
        client.handler = handler
        return client

    def client_of(user: Any) -> Client:
        client = new_client()
        client.force_login(user)
        return client

    players = [client_of(u) for u in typical]
    heavy_client = client_of(heavy)
    admin = client_of(superuser)
    from rest_framework.authtoken.models import Token

    def api_of(user: Any) -> Client:
        token, _ = Token.objects.get_or_create(user=user)
        return new_client(HTTP_AUTHORIZATION=f"Token {token.key}")

    apis = [api_of(u) for u in typical]
    heavy_api = api_of(heavy)
    seated = {g.pk: Seat.objects.filter(game=g, user__isnull=False).first() for g in active}
    player_api = {g.pk: api_of(seated[g.pk].user) for g in active if seated[g.pk] is not None}
    player_web = {g.pk: client_of(seated[g.pk].user) for g in active if seated[g.pk] is not None}
    active = [g for g in active if g.pk in player_api]
    long_game = Game.objects.filter(status=GameStatus.FINISHED).order_by("-version").first()
    some_events = list(
        Event.objects.filter(game__in=finished[:5])
        .values_list("game__public_id", flat=True)
        .distinct()
    )

    deep_page = max(1, Seat.objects.filter(user=heavy).count() // 100)  # half-way
    # The player who finished most games with the heavy player: their head to head.
    rival = users.get(
        pk=Seat.objects.filter(game__seats__user=heavy, game__status=GameStatus.FINISHED)
        .exclude(user=heavy)
        .exclude(user__isnull=True)
        .values("user")
        .annotate(shared=Count("game"))
        .order_by("-shared", "user")
        .values_list("user", flat=True)[0]
    )

    def cold(i: int = 0) -> None:
        replay.local_states.clear()
        replay_log.local_logs.clear()
        cache.clear()

    def replay_page(i: int, at: str = "", **headers: str) -> Any:
        return pick(players, i).get(f"/games/{pick(finished, i).public_id}/replay/{at}", **headers)

    def opened(i: int) -> None:
        """The replay viewer opened on the game, cold: its next step back is measured."""
        cold()
        replay_page(i)

    def pick(items: list[Any], i: int) -> Any:
        return items[i % len(items)]

    def state_at(i: int) -> Any:
        game = pick(finished, i)
        at = 1 + (i * 37) % game.version
        return pick(apis, i).get(f"/api/games/{game.public_id}/state/?at={at}")

    return [
        Request("GET /api/me/ (for comparison)", lambda i: pick(apis, i).get("/api/me/")),
        Request("my games, a typical player (page)", lambda i: pick(players, i).get("/games/")),
        Request("my games, a typical player (API)", lambda i: pick(apis, i).get("/api/games/")),
        Request(
            "my games, a player with 2,000 games (page)", lambda i: heavy_client.get("/games/")
        ),
        Request(
            "my games, a player with 2,000 games (API)", lambda i: heavy_api.get("/api/games/")
        ),
        Request(
            f"my games, 2,000 games, page {deep_page} (page)",
            lambda i: heavy_client.get(f"/games/?page={deep_page}"),
        ),
        Request("profile, a typical player", lambda i: pick(players, i).get("/accounts/profile/")),
        Request(
            "profile, a player with 2,000 games", lambda i: heavy_client.get("/accounts/profile/")
        ),
        Request(
            "a player's page, a typical player",
            lambda i: pick(players, i).get(f"/players/{pick(typical, i + 1).username}/"),
        ),
        Request(
            "a player's page, the player with 2,000 games",
            lambda i: pick(players, i).get(f"/players/{heavy.username}/"),
        ),
        Request(
            "a player's page (API), the player with 2,000 games",
            lambda i: pick(apis, i).get(f"/api/players/{heavy.username}/"),
        ),
        Request(
            "a player's page, head to head with the player with 2,000 games",
            lambda i: pick(players, i).get(f"/players/{rival.username}/?vs={heavy.username}"),
        ),
        Request("leaderboard", lambda i: pick(players, i).get("/players/")),
        Request("new game (page)", lambda i: pick(players, i).get("/games/new/")),
        Request("open games (page)", lambda i: pick(players, i).get("/games/open/")),
        Request("open games (API)", lambda i: pick(apis, i).get("/api/lobby/")),
        Request(
            "game page, a game in play",
            lambda i: player_web[pick(active, i).pk].get(f"/games/{pick(active, i).public_id}/"),
        ),
        Request(
            "game state (API), a game in play",
            lambda i: player_api[pick(active, i).pk].get(
                f"/api/games/{pick(active, i).public_id}/state/"
            ),
        ),
        Request(
            "legal moves (API), a game in play",
            lambda i: player_api[pick(active, i).pk].get(
                f"/api/games/{pick(active, i).public_id}/legal-moves/"
            ),
        ),
        Request(
            "game history (API), first page",
            lambda i: pick(apis, i).get(f"/api/games/{pick(finished, i).public_id}/events/"),
        ),
        Request("state of a finished game at move N, cold cache", state_at, before=cold),
        Request("replay viewer page, cold cache", replay_page, before=cold),
        Request(
            "replay viewer, a step back after the page (htmx)",
            lambda i: replay_page(
                i, f"?at={pick(finished, i).version - 1}", HTTP_HX_REQUEST="true"
            ),
            before=opened,
        ),
        Request("admin games list", lambda i: admin.get("/admin/games/game/")),
        Request(
            "admin games list, finished, page 3",
            lambda i: admin.get("/admin/games/game/?status__exact=finished&p=3"),
        ),
        Request(
            "admin games list, reported", lambda i: admin.get("/admin/games/game/?reported=yes")
        ),
        Request(
            "admin games list, 2nd edition", lambda i: admin.get("/admin/games/game/?edition=2e")
        ),
        Request(
            "admin games, search by id",
            lambda i: admin.get(f"/admin/games/game/?q={pick(finished, i).public_id}"),
        ),
        Request(
            "admin games, search by username",
            lambda i: admin.get(f"/admin/games/game/?q={pick(typical, i).username}"),
        ),
        Request("admin events list", lambda i: admin.get("/admin/games/event/")),
        Request(
            "admin events list, moves, page 50",
            lambda i: admin.get("/admin/games/event/?kind__exact=move&p=50"),
        ),
        Request(
            "admin events, search by game id",
            lambda i: admin.get(f"/admin/games/event/?q={pick(some_events, i)}"),
        ),
        Request("admin reports list", lambda i: admin.get("/admin/games/report/")),
        Request(
            "admin game page (the longest game)",
            lambda i: admin.get(f"/admin/games/game/{long_game.pk}/change/"),
        ),
    ]


# The tables a game's rows are in, with how a row names its game; the other tables hold
# what games share (users, the log's lines) or nothing that grows with them.
GAME_TABLES = {
    "games_game": "id",
    "games_seat": "game_id",
    "games_event": "game_id",
    "games_snapshot": "game_id",
    "games_idempotencykey": "game_id",
    "games_chatmessage": "game_id",
    "games_report": "game_id",
    "notifications_notification": "game_id",
}


def storage_by_table(database: str) -> list[tuple[str, int, int, float]]:
    """Per table: its size with indexes and TOAST, that of its indexes, and the share of its
    rows that belong to finished games (how much of it a finished game costs)."""
    found = []
    for table, column in GAME_TABLES.items():
        total, indexes = (
            int(value)
            for value in psql(
                database,
                f"SELECT pg_total_relation_size('{table}'), pg_indexes_size('{table}')",
            ).split("|")
        )
        share = psql(
            database,
            f"""SELECT coalesce(avg(CASE WHEN g.status = 'finished' THEN 1.0 ELSE 0 END), 0)
            FROM {table} t JOIN games_game g ON g.id = t.{column}""",
        )
        found.append((table, total, indexes, float(share)))
    return found


def print_storage(database: str) -> None:
    """What a game costs, table by table: on average, and a finished game."""
    games = int(psql(database, "SELECT count(*) FROM games_game"))
    finished = int(psql(database, "SELECT count(*) FROM games_game WHERE status = 'finished'"))
    print(f"storage of {games:,} games ({finished:,} finished), kB per game:")
    print("| table | per game (indexes) | per finished game |")
    print("|---|---|---|")
    sums = [0.0, 0.0]
    for table, total, indexes, share in storage_by_table(database):
        per_game, per_finished = total / games, total * share / max(finished, 1)
        sums[0] += per_game
        sums[1] += per_finished
        print(
            f"| {table} | {per_game / 1000:.1f} ({indexes / games / 1000:.1f})"
            f" | {per_finished / 1000:.1f} |"
        )
    print(f"| all of them | {sums[0] / 1000:.1f} | {sums[1] / 1000:.1f} |")


def storage(database: str) -> dict[str, Any]:
    """The database's size per game, and the largest tables and indexes."""
    games = int(psql(database, "SELECT count(*) FROM games_game"))
    total = int(psql(database, "SELECT pg_database_size(current_database())"))
    rows = psql(
        database,
        """SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i')
        ORDER BY pg_relation_size(c.oid) DESC LIMIT 12""",
    )
    return {
        "games": games,
        "events": int(psql(database, "SELECT count(*) FROM games_event")),
        "total": total,
        "per_game": total / max(games, 1),
        "largest": [(line.split("|")[0], int(line.split("|")[1])) for line in rows.splitlines()],
    }


def print_measures(results: list[dict[str, Any]], size: dict[str, Any]) -> None:
    """The table of ``measure``'s figures, and the largest tables and indexes."""
    print()
    print(
        f"{size['games']:,} games, {size['events']:,} events,"
        f" database {size['total'] / 1e9:.2f} GB,"
        f" {size['per_game'] / 1000:.0f} kB a game; Python {platform.python_version()},"
        f" {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f};"
        f" collector's thresholds {gc.get_threshold()},"
        f" peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    )
    print()
    print(
        "| request | p50 ms | p99 ms | CPU p50 ms | CPU with PostgreSQL's, p50 / p99 ms"
        " | queries | big tables read whole | full collections: in the samples, ms,"
        " in the two slowest | younger collections, ms in the samples"
        " | all collections, ms per sample, p99 / max |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        scans = ", ".join(r["scans"]) or "-"
        print(
            f"| {r['name']} | {r['p50']:.1f} | {r['p99']:.1f} | {r['cpu']:.1f}"
            f" | {format_ms(r['both_p50'])} / {format_ms(r['both_p99'])}"
            f" | {r['queries']} | {scans}"
            f" | {r['full']}, {r['full_ms']:.0f} ms, {r['full_in_slowest']}"
            f" | {r['young_ms']:.0f} | {r['paused_p99']:.1f} / {r['paused_max']:.1f} |"
        )
    print()
    print("largest tables and indexes (with their indexes and TOAST):")
    for name, bytes_ in size["largest"]:
        print(f"  {name}: {bytes_ / 1e6:,.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games in the database")
    parser.add_argument("--seed-games", type=int, default=30, help="games played for the seed")
    parser.add_argument("--reseed", action="store_true", help="play the seed games again")
    parser.add_argument("--samples", type=int, default=40, help="measures of each request")
    parser.add_argument(
        "--reuse", action="store_true", help="measure an existing gwt_scale_N (implies --keep)"
    )
    parser.add_argument("--keep", action="store_true", help="keep gwt_scale_N afterwards")
    parser.add_argument(
        "--storage-only", action="store_true", help="print the storage table, measure nothing"
    )
    parser.add_argument(
        "--only", help="measure only the requests whose name contains this (case-insensitive)"
    )
    parser.add_argument(
        "--profile", help="write a cProfile (CPU time) of the measured samples to this file"
    )
    parser.add_argument(
        "--garbage",
        action="store_true",
        help="print what each request leaves to the garbage collector instead of timing it",
    )
    parser.add_argument(
        "--gc-thresholds",
        type=lambda text: tuple(int(n) for n in text.split(",")),
        help="the collector's thresholds instead of Python's (700,10,10), as gc.set_threshold"
        " takes them",
    )
    args = parser.parse_args()
    # A database measured again is one somebody kept: others may be measuring it too.
    args.keep = args.keep or args.reuse

    database = f"{PREFIX}_{args.games}"
    configure("postgres")
    if args.reseed or not database_exists(SEED_DB):
        print(f"playing {args.seed_games} seed games into {SEED_DB} ...", flush=True)
        build_seed(args.seed_games)
    if not (args.reuse and database_exists(database)):
        print(f"copying them into {database} ...", flush=True)
        started = time.monotonic()
        steps = build_copies(database, args.games)
        print(f"built in {time.monotonic() - started:.0f} s", flush=True)
        slowest = sorted(steps.items(), key=lambda item: -item[1])[:6]
        print("  slowest steps: " + ", ".join(f"{name} {s:.0f} s" for name, s in slowest))
    use_database(database)
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)  # a kept database, older schema
    counted = ratings_counted()
    if counted is not None:
        print(f"ratings counted in {counted:.0f} s", flush=True)
    size = storage(database)
    print_storage(database)
    if args.storage_only:
        use_database("postgres")
        if not args.keep:
            psql("postgres", f"DROP DATABASE IF EXISTS {database}")
        return
    chosen = [r for r in requests_to_measure() if (args.only or "").lower() in r.name.lower()]
    if args.garbage:
        print("| request | objects left to the collector | most common |\n|---|---|---|")
        garbage(chosen)
    else:
        print(
            f"measuring ({args.samples} samples each, load {os.getloadavg()[0]:.1f}) ...",
            flush=True,
        )
        results = measure(chosen, args.samples, args.profile, args.gc_thresholds)
        print_measures(results, size)
    use_database("postgres")
    from django.db import connections

    connections.close_all()
    if not args.keep:
        psql("postgres", f"DROP DATABASE IF EXISTS {database}")


if __name__ == "__main__":
    main()

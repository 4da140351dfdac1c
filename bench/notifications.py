"""How many turn emails does one Celery worker send per second, and how soon after commit?

Queues N "your turn" notifications (default 2,000, one game each: the games are kept in the
bench database for the next runs), each in its own transaction through the same service a
move uses (``notification_queue``: the outbox row, then the sending task on commit), from a
producer process; the worker builds each email's summary and options as it sends it. One
Celery worker (by default the prefork pool with two processes, Celery's default on a 2-core
machine; ``--pool solo`` for a single process) sends them to an SMTP server on loopback
(aiosmtpd, in this process), which notes when each message arrives. Prints:

* notifications per second: N / (last SMTP hand-off - first commit);
* the delay from each notification's commit to its hand-off to SMTP: p50, p95, p99, max;
* checks: every row ``sent``, every message received exactly once.

With ``--rate 0`` (the default) the producer commits as fast as it can, so the delays include
the queue that builds up whenever the producer outpaces the worker; ``--rate R`` commits R per
second, which measures the delay of a worker that keeps up.

    .venv/bin/python bench/notifications.py
    .venv/bin/python bench/notifications.py --rate 200
    .venv/bin/python bench/notifications.py --pool solo --count 2000 --rate 100

Needs PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL; defaults: a ``gwt_bench``
database at 127.0.0.1:5432 and Redis database 3 at 127.0.0.1:6379). The bench database is
created and migrated if needed. Not part of ``make test``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import platform
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).absolute().parent.parent
# Run as a script, this file's folder comes first on sys.path, where its own name would hide
# the ``notifications`` package: the project's root takes its place.
if sys.path and Path(sys.path[0] or ".").absolute() == Path(__file__).absolute().parent:
    sys.path[0] = str(ROOT)
PYTHON = sys.executable
MESSAGE_ID = re.compile(rb"^Message-ID: <notification-(\d+)@", re.MULTILINE | re.IGNORECASE)
PLAYERS = 100  # the players of the bench's games, two by two


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Sink:
    """aiosmtpd handler: when each notification's message arrived (and how many times)."""

    def __init__(self, latency: float = 0.0) -> None:
        self.arrived: dict[int, float] = {}
        self.duplicates = 0
        self.unknown = 0
        self.lock = threading.Lock()
        self.latency = latency  # seconds before answering RCPT and DATA (a distant server)

    async def handle_RCPT(  # noqa: N802
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        if self.latency:
            await asyncio.sleep(self.latency)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        if self.latency:
            await asyncio.sleep(self.latency)
        now = time.time()
        found = MESSAGE_ID.search(envelope.content)
        with self.lock:
            if found is None:
                self.unknown += 1
            else:
                notification_id = int(found[1])
                if notification_id in self.arrived:
                    self.duplicates += 1
                else:
                    self.arrived[notification_id] = now
        return "250 OK"

    def count(self) -> int:
        with self.lock:
            return len(self.arrived)


def django_setup() -> None:
    import django

    django.setup()


def prepare(count: int) -> list[tuple[int, int, int, dict]]:
    """Users and ``count`` started games (kept in the bench database for the next runs), and
    for each game the "your turn" a move would queue.

    Returns (game id, recipient id, event seq, context) for each game: the recipient is the
    seat to move, the seq the game's version, the context what ``notifications_for_event``
    stores (the game's name and the seat; the summary and options are built by the worker
    when it sends). One game per notification: a game's later "your turn" replaces an earlier
    one that is still unsent. Earlier notifications of the bench database are deleted.
    """
    django_setup()
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Game, GameStatus
    from notifications.context import game_name, seats_of
    from notifications.models import Notification

    users = []
    for i in range(PLAYERS):
        user, _ = get_user_model().objects.get_or_create(
            username=f"bench-mail-{i}", defaults={"email": f"bench{i}@example.test"}
        )
        users.append(user)
    games = list(
        Game.objects.filter(
            status=GameStatus.ACTIVE, seats__user__username__startswith="bench-mail-"
        )
        .distinct()
        .order_by("pk")[:count]
    )
    for i in range(len(games), count):
        creator, other = users[(2 * i) % PLAYERS], users[(2 * i + 1) % PLAYERS]
        game = services.game_create(creator=creator, players=2)
        services.game_join(game=game, user=other)
        games.append(services.game_start(game=game, user=creator))
    targets = []
    for game in Game.objects.filter(pk__in=[g.pk for g in games]).order_by("pk"):
        seats = seats_of(game)
        seat = next(s for s in seats if s.index == game.current_seat)
        context = {"game_name": game_name(game, seats), "seat": seat.index}
        targets.append((game.pk, seat.user_id, game.version, context))
    Notification.objects.all().delete()  # the start notifications, and any earlier run's
    return targets


def produce(targets: list, count: int, rate: float, out: Any) -> None:
    """The producer process: N transactions, each queueing one notification."""
    django_setup()
    from django.db import transaction

    from games.models import Game
    from notifications.models import Kind
    from notifications.outbox import notification_queue

    games = Game.objects.in_bulk([game_id for game_id, _, _, _ in targets])
    committed: list[tuple[int, float]] = []
    started = time.perf_counter()
    for i in range(count):
        if rate:
            delay = started + i / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
        game_id, user_id, seq, context = targets[i]
        moment: list[float] = []
        with transaction.atomic():
            # Registered before the row's own on_commit (the task): runs first, at commit.
            transaction.on_commit(lambda moment=moment: moment.append(time.time()))
            notification_id = notification_queue(
                recipient_id=user_id,
                kind=Kind.YOUR_TURN,
                game=games[game_id],
                event_seq=seq,
                context=context,
            )
        committed.append((notification_id, moment[0]))
    out.send(committed)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of a process and its descendants (Linux), or NaN."""

    def stat(path: Path) -> list[str]:
        return path.read_text().rsplit(")", 1)[1].split()

    try:
        parents = {}
        for entry in Path("/proc").glob("[0-9]*/stat"):
            try:
                parents[int(entry.parent.name)] = int(stat(entry)[1])
            except (OSError, IndexError, ValueError):
                continue
        family, grew = {pid}, True
        while grew:
            more = {child for child, parent in parents.items() if parent in family}
            grew = not more <= family
            family |= more
        total = 0
        for member in family:
            fields = stat(Path(f"/proc/{member}/stat"))
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--count", type=int, default=2_000, help="notifications, one game each (kept for reuse)"
    )
    parser.add_argument("--rate", type=float, default=0.0, help="commits per second (0: max)")
    parser.add_argument(
        "--pool", default="prefork", choices=["solo", "prefork"], help="the worker's pool"
    )
    parser.add_argument(
        "--concurrency", type=int, default=2, help="processes of the one worker (prefork)"
    )
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument(
        "--backlog",
        action="store_true",
        help="commit every notification first, then start the worker: the rate is the "
        "worker's alone (from its start to the last hand-off), whatever the producer manages",
    )
    parser.add_argument(
        "--smtp-latency-ms",
        type=float,
        default=0.0,
        help="the SMTP server answers RCPT and DATA after this long (a mail relay over a "
        "network rather than loopback)",
    )
    args = parser.parse_args()

    from aiosmtpd.controller import Controller

    var_dir = Path(tempfile.mkdtemp(prefix="gwt-bench-mail-"))
    smtp_port = free_port()
    queue = f"bench-notify-{uuid.uuid4().hex[:8]}"
    env = {
        "GWT_ENV": "production",
        "SECRET_KEY": secrets.token_urlsafe(40),
        "DEBUG": "0",
        "DATABASE_URL": os.environ.get(
            "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/gwt_bench?conn_max_age=600"
        ),
        "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3"),
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
        "NOTIFICATIONS_QUEUE": queue,
        "LOG_LEVEL": "WARNING",
        "VAR_DIR": str(var_dir),
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "gwt_site.settings",
    }
    os.environ.update(env)
    subprocess.run([PYTHON, "manage.py", "ensuredb"], cwd=ROOT, check=True)
    subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
    targets = prepare(args.count)

    sink = Sink(latency=args.smtp_latency_ms / 1000)
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    log_path = var_dir / "worker.log"
    worker_args = [f"--pool={args.pool}"]
    if args.pool == "prefork":
        worker_args.append(f"--concurrency={args.concurrency}")

    def start_worker() -> subprocess.Popen:
        worker = subprocess.Popen(
            [PYTHON, "-m", "celery", "-A", "gwt_site", "worker", "--loglevel=INFO", *worker_args,
             f"--queues={queue}", "--without-gossip", "--without-mingle", "--without-heartbeat",
             f"--hostname=bench-{uuid.uuid4().hex[:8]}@localhost"],
            cwd=ROOT, start_new_session=True,
            stdout=log_path.open("wb"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while " ready." not in log_path.read_text(errors="replace"):
            if worker.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the worker did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.1)
        return worker

    worker: subprocess.Popen | None = None
    worker_ready = 0.0
    try:
        if not args.backlog:
            worker = start_worker()
        receiver, sender = multiprocessing.get_context("spawn").Pipe(duplex=False)
        producer = multiprocessing.get_context("spawn").Process(
            target=produce, args=(targets, args.count, args.rate, sender)
        )
        producer.start()
        committed = receiver.recv()
        producer.join()
        produced_at = time.time()
        if worker is None:  # --backlog: everything is committed; now the worker starts
            worker = start_worker()
        worker_ready = time.time()

        deadline = time.monotonic() + args.timeout
        while sink.count() < args.count and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # anything sent twice would arrive now
        worker_cpu = cpu_seconds(worker.pid)
    finally:
        if worker is not None:
            stop(worker)
        controller.stop()

    django_setup()
    from notifications.models import Notification

    ids = [notification_id for notification_id, _ in committed]
    statuses: dict[str, int] = {}
    for status in Notification.objects.filter(pk__in=ids).values_list("status", flat=True):
        statuses[status] = statuses.get(status, 0) + 1
    commits = dict(committed)
    delays = [(sink.arrived[i] - commits[i]) * 1000 for i in ids if i in sink.arrived]
    first_commit = min(commits.values())
    last_handoff = max(sink.arrived.values()) if sink.arrived else float("nan")
    span = last_handoff - first_commit
    producer_span = max(commits.values()) - first_commit

    print(
        f"bench/notifications.py: {args.count:,} 'your turn' notifications, one Celery worker "
        f"(pool={args.pool}"
        + (f", concurrency={args.concurrency}" if args.pool == "prefork" else "")
        + "), SMTP sink on loopback"
        + (
            f" answering RCPT and DATA after {args.smtp_latency_ms:g} ms"
            if args.smtp_latency_ms
            else ""
        )
        + "; PostgreSQL + Redis; producer "
        + (f"paced at {args.rate:g}/s" if args.rate else "unpaced (as fast as it commits)")
        + (", all committed before the worker starts" if args.backlog else "")
    )
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {platform.system()} {platform.release()}"
    )
    print(
        f"producer: {args.count:,} commits in {producer_span:.1f} s "
        f"({args.count / producer_span:,.0f}/s); done at +{produced_at - first_commit:.1f} s"
    )
    if args.backlog:  # the worker's own rate: from its start, with everything waiting
        span = last_handoff - worker_ready
    rate = len(delays) / span if span > 0 else float("nan")
    behind = last_handoff - max(commits.values())
    if args.rate:
        verdict = (
            f"the worker kept up with the offered {args.rate:g}/s"
            if behind < 1.0
            else f"the worker fell behind the offered {args.rate:g}/s"
        )
    else:
        verdict = f"target >= 500/s per worker: {'met' if rate >= 500 else 'NOT met'}"
    start_text = "the worker's start" if args.backlog else "the first commit"
    print(
        f"sent: {len(delays):,} in {span:.1f} s from {start_text} to the last hand-off "
        f"({behind:.1f} s after the last commit): {rate:,.1f} notifications/s  [{verdict}]"
    )
    print(
        f"commit -> SMTP hand-off: p50 {percentile(delays, 50):,.0f} ms, "
        f"p95 {percentile(delays, 95):,.0f} ms, p99 {percentile(delays, 99):,.0f} ms, "
        f"max {max(delays, default=float('nan')):,.0f} ms, "
        f"mean {statistics.fmean(delays) if delays else float('nan'):,.0f} ms"
    )
    sink_cpu = sum(os.times()[:2])
    print(
        f"CPU: worker {worker_cpu:.1f} s ({worker_cpu / max(len(delays), 1) * 1000:.1f} ms per "
        f"notification); SMTP sink and this script {sink_cpu:.1f} s"
    )
    print(
        f"checks: rows {', '.join(f'{k} {v:,}' for k, v in sorted(statuses.items()))}; "
        f"received {sink.count():,}, duplicates {sink.duplicates}, unknown {sink.unknown}"
    )


if __name__ == "__main__":
    main()

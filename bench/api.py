"""How fast is a move through the HTTP API under load?

N clients on loopback each play games against a bot through the REST API, served by
gunicorn as the image runs it (3 sync worker processes: one request at a time each, the
connection closed after the answer, as nginx's requests arrive) on PostgreSQL, with a real
Celery worker (Redis broker); the bot seats play in the web process once its answer is sent,
or in the worker (`BOT_MOVES_AFTER_RESPONSE=0`). `--worker-class gthread --threads 4` gives
the layout the figures before 2026-11-29 were measured with (keep-alive connections, which a
gthread process keeps: when one process accepted most of them, it serves most requests on
one interpreter lock while the others idle, and the closed loop measures that process; the
line of the worker processes' CPU shows it). Each
client process loops: poll its legal moves until it is its turn (they are [] while the bot
plays), "think", POST one chosen at random with its expected version and an idempotency
key; the answer to a move lists the next decision's options when the turn goes on, and then
the client thinks and moves again without asking. After each move it also calls a trivial
authenticated endpoint (`GET /api/me/`), so that both are measured in the same run, under the
same load. Prints p50/p95/p99 latency and throughput of both, how long a player waits for
the bot's answer (from the move that gave the bot the turn to the player's next options,
polls and their pauses included), and the CPU time used during the
measured window by gunicorn, Celery, the clients, PostgreSQL and Redis, and by anything else
running on the machine (which makes the figures worse).

A client is a player: by default it thinks about a second before each decision (0.5 to
1.5 s at random), far quicker than people playing over days, so 16 of them make as many
moves per second as hundreds of real players. With `--think-ms 0` the loop is closed: every
client always has a request in the server, the machine's two cores are saturated, and the
latency only says how much CPU a request costs (about clients x CPU per request / cores,
whatever the server does); that run measures the capacity (its throughput), not the
latency a player sees.

    .venv/bin/python bench/api.py                      # 16 players, 60 s
    .venv/bin/python bench/api.py --think-ms 250       # busier players
    .venv/bin/python bench/api.py --think-ms 0         # closed loop: capacity
    .venv/bin/python bench/api.py --clients 4 --seconds 10
    .venv/bin/python bench/api.py --think-ms 0 --wait stream   # hear the turn, do not poll
    .venv/bin/python bench/api.py --think-ms 0 --trivial-only  # the floor: GET /api/me/ alone
    .venv/bin/python bench/api.py --think-ms 0 --server uwsgi  # another WSGI server, same layout

`--trivial-only`: the clients only call `GET /api/me/`, in a closed loop, and the figures are
per call: what a request that does nothing costs the machine (the HTTP server, Django's
middleware, DRF and the token check, the client), the floor under every request of a move.

With `--wait stream` each client opens its live stream on uvicorn (the `live` service) with
its token and, while the bot plays, waits there for the signal that its turn has come
instead of polling; uvicorn's CPU is then counted with the service's.

Needs PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL; defaults: a `gwt_bench`
database at 127.0.0.1:5432 and Redis database 3 at 127.0.0.1:6379). The bench database is
created and migrated if needed. Not part of `make test`.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import multiprocessing
import os
import platform
import queue
import random
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

ROOT = Path(__file__).absolute().parent.parent
PYTHON = sys.executable
# The WSGI servers --server runs, and what to install for each.
WEB_SERVERS = {"gunicorn": "gunicorn", "uwsgi": "uWSGI==2.0.31", "granian": "granian==2.8.9"}


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


class Client:
    """One player on one HTTP connection: kept alive by a gthread server, opened again for
    each request by a sync one (which answers ``Connection: close``)."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.requests = 0

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        self.requests += 1
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=data, headers=self.headers)
                response = self.conn.getresponse()
                payload = response.read()
                return response.status, json.loads(payload) if payload else {}
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")


class TurnStream:
    """The player's live stream (``/games/live/`` on the ASGI server), opened with the client's
    token and kept for all its games: instead of polling its legal moves while the bot plays,
    the client waits here for the signal that its turn has come (or that the game is over).
    Its events are read by a thread, as an EventSource would."""

    def __init__(self, port: int, token: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", "/games/live/", headers={"Authorization": f"Token {token}"})
        self.response = self.conn.getresponse()
        self.events: queue.Queue[tuple[str, dict]] = queue.Queue()
        self.open = self.response.status == 200
        if self.open:
            threading.Thread(target=self._read, daemon=True).start()
            self.open = self.next_event(5.0) == ("ready", {})

    def _read(self) -> None:
        name, data = "message", ""
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data = line[5:].strip()
                elif not line and data:
                    self.events.put((name, json.loads(data)))
                    name, data = "message", ""
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed
        self.events.put(("closed", {}))

    def next_event(self, timeout: float) -> tuple[str, dict] | None:
        try:
            return self.events.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return None

    def wait_turn(self, game_id: str, after: int, timeout: float) -> str | None:
        """Wait for a signal of the game after version ``after``: "turn" when it says it is
        the client's turn, "over" when it says the game ended; None if neither came within
        ``timeout`` seconds or the stream closed (the client then polls)."""
        deadline = time.monotonic() + timeout
        while (event := self.next_event(deadline - time.monotonic())) is not None:
            name, data = event
            if name == "closed":
                self.open = False
                return None
            if name != "games" or data["game"] != game_id or data["version"] <= after:
                continue
            if data["status"] != "active":
                return "over"
            if data["your_turn"]:
                return "turn"
        return None

    def close(self) -> None:
        if self.conn.sock is not None:
            with contextlib.suppress(OSError):
                self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


class Results:
    """What one client measured (returned from its process)."""

    def __init__(self) -> None:
        self.moves: list[float] = []
        self.trivial: list[float] = []
        # From the answer of a move that gave the bot the turn to the player's next options.
        self.bot_answers: list[float] = []
        self.errors: dict[str, int] = {}
        self.games_finished = 0
        self.requests = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def add(self, other: Results) -> None:
        self.moves += other.moves
        self.trivial += other.trivial
        self.bot_answers += other.bot_answers
        self.games_finished += other.games_finished
        self.requests += other.requests
        for what, count in other.errors.items():
            self.errors[what] = self.errors.get(what, 0) + count


def play(
    port: int,
    token: str,
    start_at: float,
    stop_at: float,
    seed: int,
    poll: float,
    think: float,
    live_port: int | None = None,
) -> Results:
    """One client: play games against a bot; measure from ``start_at`` to ``stop_at``.
    With ``live_port``, it waits for its turn on its live stream instead of polling."""
    results = Results()
    rng = random.Random(seed)
    client = Client(port, token)
    game_id = None
    stream: TurnStream | None = None
    known: dict | None = None
    waiting_after: int | None = None  # the version after which the bot plays
    turn_passed: float | None = None  # when the answer gave the bot the turn
    empty_polls = 0
    if live_port is not None:
        stream = TurnStream(live_port, token)
        if not stream.open:
            results.error("stream")
    while time.time() < stop_at + TAIL_SECONDS:
        if game_id is None:
            turn_passed = None
            status, game = client.request(
                "POST", "/api/games/", {"players": 2, "bots": [1], "quiet_hours": None}
            )
            if status != 201:
                results.error(f"create {status}")
                return results
            game_id = game["id"]  # against a bot: started at creation
            if game.get("status") == "open":  # a tree before 9b8f05b starts it apart
                client.request("POST", f"/api/games/{game_id}/start/")
        if known is not None:  # the last move's answer gave the next decision's options
            legal, known = known, None
        else:
            if stream is not None and stream.open and waiting_after is not None:
                outcome = stream.wait_turn(game_id, waiting_after, timeout=5.0)
                waiting_after = None
                if outcome == "over":
                    results.games_finished += 1
                    game_id = None
                    continue
            # Waiting for its turn, a client polls its legal moves: [] while the bot plays.
            status, legal = client.request("GET", f"/api/games/{game_id}/legal-moves/")
            if status != 200:
                results.error(f"legal-moves {status}")
                game_id = None
                continue
        if not legal["moves"]:
            empty_polls += 1
            if empty_polls % 10 == 0:  # the bot may have ended the game
                status, game = client.request("GET", f"/api/games/{game_id}/")
                if game.get("status") != "active":
                    results.games_finished += 1
                    game_id = None
                    continue
            time.sleep(poll)
            continue
        empty_polls = 0
        if turn_passed is not None:
            if start_at <= time.time() < stop_at:
                results.bot_answers.append(time.perf_counter() - turn_passed)
            turn_passed = None
        if think:
            time.sleep(think * rng.uniform(0.5, 1.5))
        body = {
            "move": rng.choice(legal["moves"]),
            "expected_version": legal["version"],
            "idempotency_key": uuid.uuid4().hex,
        }
        started = time.perf_counter()
        status, answer = client.request("POST", f"/api/games/{game_id}/moves/", body)
        elapsed = time.perf_counter() - started
        if status != 201:
            results.error(f"move {status}")
            continue
        trivial = call_me(client, results)
        if start_at <= time.time() < stop_at:
            results.moves.append(elapsed)
            if trivial is not None:
                results.trivial.append(trivial)
        if answer["view"].get("over"):
            results.games_finished += 1
            game_id = None
        elif answer.get("moves"):
            known = {"version": answer["version"], "moves": answer["moves"]}
        else:
            waiting_after = answer["version"]
            turn_passed = time.perf_counter()
    if stream is not None:
        stream.close()
    results.requests = client.requests
    return results


def call_trivial(port: int, token: str, start_at: float, stop_at: float) -> Results:
    """One client of ``--trivial-only``: ``GET /api/me/``, measured from ``start_at`` to
    ``stop_at``."""
    results = Results()
    client = Client(port, token)
    while time.time() < stop_at + TAIL_SECONDS:
        elapsed = call_me(client, results)
        if elapsed is not None and start_at <= time.time() < stop_at:
            results.trivial.append(elapsed)
    results.requests = client.requests
    return results


def call_me(client: Client, results: Results) -> float | None:
    """One ``GET /api/me/``, the trivial call: its latency, or None when it failed (the
    error counted in ``results``)."""
    started = time.perf_counter()
    status, _ = client.request("GET", "/api/me/")
    elapsed = time.perf_counter() - started
    if status != 200:
        results.error(f"me {status}")
        return None
    return elapsed


Snapshot = dict[int, tuple[int, str, float]]

# The clients go on this long after the measured window, unmeasured, so that they are still
# running when the window's CPU is read at its end (a process that has ended is not seen).
TAIL_SECONDS = 1.0


def cpu_snapshot() -> Snapshot:
    """Every process's (parent, name, CPU seconds so far)."""
    ticks = os.sysconf("SC_CLK_TCK")
    procs: dict[int, tuple[int, str, float]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                stat = handle.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        procs[int(entry)] = (int(fields[1]), name, (int(fields[11]) + int(fields[12])) / ticks)
    return procs


def database_backends(database_url: str) -> set[int]:
    """The pids of the PostgreSQL server processes connected to the bench database."""
    import psycopg

    url = database_url.split("?", 1)[0]
    try:
        with psycopg.connect(url, connect_timeout=5) as conn:
            rows = conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid()"
            ).fetchall()
    except psycopg.Error:
        return set()
    return {pid for (pid,) in rows}


def spent_since(before: Snapshot, pid: int, name: str, seconds: float) -> float:
    """CPU seconds process ``pid`` used since ``before``: all of them if it was not there
    then, or if its pid now names another program (a pid reused in between)."""
    earlier = before.get(pid)
    return seconds - earlier[2] if earlier and earlier[1] == name else seconds


def cpu_by_role(
    before: Snapshot, after: Snapshot, roots: dict[int, str], backends: set[int] | None = None
) -> dict[str, float]:
    """CPU seconds between two snapshots: each of ``roots`` (pid: role) with its descendants,
    the clients (this process's other descendants), PostgreSQL, Redis, and "other": every
    other process (anything else running here; processes that ended in between are missed).
    With ``backends`` (the server processes connected to the bench database), "postgres" is
    only theirs; the rest of PostgreSQL (other databases' backends, the background writer,
    WAL writer and autovacuum) goes to "postgres, other" (on a shared machine, other people's
    work).
    """
    procs = after
    roots = {**roots, os.getpid(): "clients"}
    totals = dict.fromkeys([*roots.values(), "postgres", "redis", "other"], 0.0)
    if backends is not None:
        totals["postgres, other"] = 0.0
    for pid, (_, name, seconds) in procs.items():
        used = spent_since(before, pid, name, seconds)
        role, up = "other", pid
        while up in procs and up > 1:
            if up in roots:
                role = roots[up]
                break
            up = procs[up][0]
        if role == "other" and name.startswith("postgres"):
            role = "postgres" if backends is None or pid in backends else "postgres, other"
        elif role == "other" and name.startswith("redis"):
            role = "redis"
        totals[role] += used
    return totals


def cpu_by_child(before: Snapshot, after: Snapshot, root: int) -> list[float]:
    """CPU seconds between two snapshots of each direct child of ``root`` (gunicorn's worker
    processes), busiest first. A gthread worker keeps the keep-alive connections it accepted,
    and one worker that accepted most of them serves most of the requests on one interpreter
    lock while the others idle: the closed loop then measures that process, not the machine."""
    spent = [
        spent_since(before, pid, name, seconds)
        for pid, (parent, name, seconds) in after.items()
        if parent == root
    ]
    return sorted(spent, reverse=True)


def prepare(env: dict[str, str], clients: int) -> list[str]:
    """Create and migrate the database; one user and token per client. Where the server
    runs without autovacuum, the bench database is vacuumed and analyzed first: the rows
    earlier runs left (updated notifications, pruned keys) and statistics of a far smaller
    table made a run on it cost more than the same run on a new database."""
    subprocess.run([PYTHON, "manage.py", "ensuredb"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    code = (
        "import django, json, sys\n"
        "django.setup()\n"
        "from django.contrib.auth import get_user_model\n"
        "from rest_framework.authtoken.models import Token\n"
        "from django.db import connection\n"
        "if connection.vendor == 'postgresql':\n"
        "    with connection.cursor() as cursor:\n"
        "        cursor.execute('SHOW autovacuum')\n"
        "        if cursor.fetchone()[0] == 'off':\n"
        "            print('autovacuum is off on this server: VACUUM ANALYZE of the bench "
        "database first')\n"
        "            cursor.execute('VACUUM ANALYZE')\n"
        "tokens = []\n"
        f"for i in range({clients}):\n"
        "    user, _ = get_user_model().objects.get_or_create(username=f'bench{i}')\n"
        "    tokens.append(Token.objects.get_or_create(user=user)[0].key)\n"
        "print(json.dumps(tokens))\n"
    )
    out = subprocess.run(
        [PYTHON, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    *said, tokens = out.stdout.strip().splitlines()
    for line in said:
        print(line)
    return json.loads(tokens)


def profile_children(roots: dict[int, str], folder: Path, seconds: float) -> None:
    """Start py-spy (non-blocking sampling) on each child process of ``roots`` (the server's
    and the Celery worker's processes that do the work). Only while a process holds the
    interpreter's lock (``--gil``): on a saturated machine, samples by the clock pile up in
    socket sends, where the process was preempted for the server it woke, which is not its
    own CPU."""
    folder.mkdir(parents=True, exist_ok=True)
    for pid, (parent, _, _) in cpu_snapshot().items():
        if parent in roots:
            subprocess.Popen(
                [str(Path(PYTHON).parent / "py-spy"), "record", "--nonblocking", "--gil",
                 "--format", "raw", "--rate", "200", "--duration", str(int(seconds)),
                 "--pid", str(pid), "-o", str(folder / f"{roots[parent]}-{pid}.txt")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip


def wait_until_up(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"the server on port {port} did not come up")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def report(name: str, values: list[float], seconds: float) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    figures = {
        "n": len(ms),
        "p50": percentile(ms, 50),
        "p95": percentile(ms, 95),
        "p99": percentile(ms, 99),
        "mean": statistics.fmean(ms) if ms else float("nan"),
        "per_s": len(ms) / seconds,
    }
    print(
        f"{name:<22} n={figures['n']:>6}  p50={figures['p50']:6.1f} ms  "
        f"p95={figures['p95']:6.1f} ms  p99={figures['p99']:6.1f} ms  "
        f"mean={figures['mean']:6.1f} ms  throughput={figures['per_s']:7.1f}/s"
    )
    return figures


def arguments(description: str) -> argparse.ArgumentParser:
    """The move benchmark's options (bench/streams.py adds its own)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds not measured")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--workers", type=int, default=3, help="the WSGI server's worker processes")
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per gunicorn worker (gthread)"
    )
    parser.add_argument(
        "--worker-class",
        default="sync",
        choices=["gthread", "sync"],
        help="sync: the image's layout (gunicorn's default worker)",
    )
    parser.add_argument(
        "--server",
        default="gunicorn",
        choices=sorted(WEB_SERVERS),
        help="the WSGI server: gunicorn (the image's), or uWSGI or Granian to compare "
        "(installed apart: pip install uWSGI==2.0.31 granian==2.8.9), each as --workers "
        "processes of one request at a time, answering Connection: close",
    )
    parser.add_argument(
        "--access-log",
        action="store_true",
        help="gunicorn with the image's settings (gwt_site/gunicorn_conf.py): a JSON line per "
        "request in its access log, written to the bench's web.log",
    )
    parser.add_argument(
        "--poll-ms", type=float, default=50.0, help="pause between polls while the bot plays"
    )
    parser.add_argument(
        "--wait",
        choices=["poll", "stream"],
        default="poll",
        help="how a client waits while the bot plays: poll its legal moves, or hear its turn "
        "on its live stream (uvicorn, opened with its token)",
    )
    parser.add_argument("--live-port", type=int, default=8767, help="the ASGI server's port")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=1000.0,
        help="mean pause before each decision (a player reading the board; 0.5 to 1.5 times "
        "this at random); 0: closed loop",
    )
    parser.add_argument(
        "--trivial-only",
        action="store_true",
        help="the clients only call GET /api/me/ (no games); the figures are per call",
    )
    parser.add_argument("--celery-concurrency", type=int, default=2)
    parser.add_argument(
        "--celery-nice",
        type=int,
        default=0,
        help="run the Celery worker with this niceness (as if it ran on other machines)",
    )
    parser.add_argument(
        "--py-spy",
        metavar="DIR",
        help="sample the WSGI server's and Celery's worker processes with py-spy during the "
        "measured window (collapsed stacks in DIR/<role>-<pid>.txt; pip install py-spy)",
    )
    return parser


def environment() -> dict[str, str]:
    """The servers' environment: production settings on the bench database and Redis."""
    return {
        **os.environ,
        "GWT_ENV": "production",
        "SECRET_KEY": secrets.token_urlsafe(40),
        "DEBUG": "0",
        "DATABASE_URL": os.environ.get(
            "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/gwt_bench?conn_max_age=600"
        ),
        "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3"),
        "LOG_LEVEL": "WARNING",
        "VAR_DIR": tempfile.mkdtemp(prefix="gwt-bench-"),
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "gwt_site.settings",
    }


def web_command(args: argparse.Namespace) -> list[str]:
    """The WSGI server's command line. uWSGI and Granian are laid out as the image's
    gunicorn: ``--workers`` processes, each importing the application itself (uWSGI's
    ``lazy-apps``, as gunicorn without ``--preload``) and serving one request at a time,
    closing the connection after each answer (uWSGI's HTTP socket closes it without saying
    so, and a client would first try the closed connection again: the header says so)."""
    if args.server == "uwsgi":
        return [str(Path(PYTHON).parent / "uwsgi"), "--http-socket", f"127.0.0.1:{args.port}",
                "--module", "gwt_site.wsgi:application", "--master", "--lazy-apps",
                "--processes", str(args.workers), "--enable-threads", "--need-app",
                "--die-on-term", "--disable-logging", "--buffer-size", "32768",
                "--add-header", "Connection: close"]  # fmt: skip
    if args.server == "granian":
        return [str(Path(PYTHON).parent / "granian"), "--interface", "wsgi", "--host",
                "127.0.0.1", "--port", str(args.port), "--workers", str(args.workers),
                "--blocking-threads", "1", "--runtime-threads", "1", "--http", "1",
                "--no-http1-keep-alive", "--no-ws", "--log-level", "warning",
                "gwt_site.wsgi:application"]  # fmt: skip
    # The image's own settings (gwt_site/gunicorn_conf.py) write its access log.
    settings = ["--config", "python:gwt_site.gunicorn_conf"] if args.access_log else []
    return [PYTHON, "-m", "gunicorn", "gwt_site.wsgi:application",
            "--bind", f"127.0.0.1:{args.port}", "--workers", str(args.workers),
            "--worker-class", args.worker_class, "--threads", str(args.threads),
            "--keep-alive", "30", "--log-level", "warning", *settings]  # fmt: skip


def server_layout(args: argparse.Namespace) -> str:
    """The WSGI server and its processes, as the benches' first line says them."""
    if args.server == "gunicorn":
        log = ", access log" if args.access_log else ""
        return f"gunicorn {args.workers} {args.worker_class} workers x {args.threads} threads{log}"
    return f"{args.server} {args.workers} processes"


def start_servers(
    args: argparse.Namespace, env: dict[str, str]
) -> tuple[subprocess.Popen, subprocess.Popen]:
    """The WSGI server and a Celery worker, logging under VAR_DIR; (web, worker)."""
    if args.threads > 1:  # gunicorn runs sync workers with threads as gthread: say so
        if args.server != "gunicorn":
            raise SystemExit(f"--threads is gunicorn's; {args.server} runs one per process")
        args.worker_class = "gthread"
    if args.access_log and args.server != "gunicorn":
        raise SystemExit(f"--access-log is the image's gunicorn's; not {args.server}'s")
    command = web_command(args)
    if not Path(command[0]).exists():
        raise SystemExit(f"{args.server} is not installed: pip install {WEB_SERVERS[args.server]}")
    logs = Path(env["VAR_DIR"])
    web = subprocess.Popen(
        command,
        cwd=ROOT, env=env, start_new_session=True,
        stdout=(logs / "web.log").open("wb"), stderr=subprocess.STDOUT,
    )  # fmt: skip
    worker = subprocess.Popen(
        [*(["nice", "-n", str(args.celery_nice)] if args.celery_nice else []),
         PYTHON, "-m", "celery", "-A", "gwt_site", "worker", "--loglevel=WARNING",
         f"--concurrency={args.celery_concurrency}", "--without-gossip", "--without-mingle",
         "--without-heartbeat", f"--hostname=bench-{uuid.uuid4().hex[:8]}@localhost"],
        cwd=ROOT, env=env, start_new_session=True,
        stdout=(logs / "worker.log").open("wb"), stderr=subprocess.STDOUT,
    )  # fmt: skip
    return web, worker


def start_live(args: argparse.Namespace, env: dict[str, str]) -> subprocess.Popen:
    """The ASGI server of the live streams (uvicorn, as the ``live`` service runs it)."""
    return subprocess.Popen(
        [PYTHON, "-m", "uvicorn", "gwt_site.asgi:application", "--host", "127.0.0.1",
         "--port", str(args.live_port), "--workers", "1", "--no-access-log",
         "--log-level", "warning", "--timeout-graceful-shutdown", "2"],
        cwd=ROOT, env=env, start_new_session=True,
        stdout=(Path(env["VAR_DIR"]) / "live.log").open("wb"), stderr=subprocess.STDOUT,
    )  # fmt: skip


def run_players(
    args: argparse.Namespace,
    tokens: list[str],
    env: dict[str, str],
    roots: dict[int, str],
) -> tuple[Results, list[Snapshot], set[int]]:
    """Every client plays for the warm-up and ``args.seconds``: what they measured, the CPU
    snapshots at the start and the end of the measured window, and the bench database's
    backends. ``roots``: the server processes py-spy samples (with ``--py-spy``)."""
    poll = args.poll_ms / 1000
    start_at = time.time() + args.warmup
    stop_at = start_at + args.seconds
    cpu: list[Snapshot] = []
    backends: set[int] = set()

    def snapshot() -> None:
        backends.update(database_backends(env["DATABASE_URL"]))
        cpu.append(cpu_snapshot())

    if args.py_spy:
        timer = threading.Timer(
            start_at - time.time(),
            lambda: profile_children(roots, Path(args.py_spy), args.seconds),
        )
        timer.daemon = True
        timer.start()
    for at in (start_at, stop_at):  # CPU use over the measured window
        timer = threading.Timer(at - time.time(), snapshot)
        timer.daemon = True
        timer.start()
    # One process per client: the clients' own work never queues behind each other.
    with multiprocessing.get_context("fork").Pool(args.clients) as pool:
        if args.trivial_only:
            parts = pool.starmap(
                call_trivial, [(args.port, token, start_at, stop_at) for token in tokens]
            )
        else:
            parts = pool.starmap(
                play,
                [
                    (
                        args.port,
                        token,
                        start_at,
                        stop_at,
                        i,
                        poll,
                        args.think_ms / 1000,
                        args.live_port if args.wait == "stream" else None,
                    )
                    for i, token in enumerate(tokens)
                ],
            )
    results = Results()
    for part in parts:
        results.add(part)
    return results, cpu, backends


def main() -> None:
    args = arguments(__doc__.split("\n\n")[0]).parse_args()
    env = environment()
    tokens = prepare(env, args.clients)
    web, worker = start_servers(args, env)
    roots = {web.pid: args.server, worker.pid: "celery"}
    live = start_live(args, env) if args.wait == "stream" else None
    if live is not None:
        roots[live.pid] = "uvicorn"
    try:
        wait_until_up(args.port)
        if live is not None:
            wait_until_up(args.live_port)
        results, cpu, backends = run_players(args, tokens, env, roots)
        elapsed = args.seconds
    finally:
        for process in (web, worker, live):
            if process is not None:
                stop(process)

    print(
        f"bench/api.py: {args.clients} clients (one process each), {elapsed:.0f} s measured "
        f"(+{args.warmup:.0f} s warm-up), "
        + (
            "calling GET /api/me/ only, in a closed loop"
            if args.trivial_only
            else f"thinking {args.think_ms:.0f} ms on average before each decision, "
            + (
                f"polling every {args.poll_ms:.0f} ms while the bot plays"
                if args.wait == "poll"
                else "hearing its turn on its live stream while the bot plays (uvicorn)"
            )
        )
        + f"; {server_layout(args)}, Celery worker x{args.celery_concurrency}"
        + (f" at niceness {args.celery_nice}" if args.celery_nice else "")
        + "; PostgreSQL + Redis"
    )
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {platform.system()} {platform.release()}"
    )
    # What the CPU is counted per: a client's move, or with --trivial-only a trivial call.
    unit, done = ("call", results.trivial) if args.trivial_only else ("move", results.moves)
    if not args.trivial_only:
        move = report("POST /moves/", results.moves, elapsed)
    trivial = report("GET /api/me/ (trivial)", results.trivial, elapsed)
    if args.trivial_only:
        print(f"errors: {results.errors or 'none'}")
    else:
        report("the bot's answer", results.bot_answers, elapsed)
        print(
            f"games finished: {results.games_finished}; errors: {results.errors or 'none'}; "
            f"{results.requests / max(len(results.moves), 1):.1f} requests per move in all "
            "(polls, legal moves, the move, the trivial call, new games)"
        )
    if len(cpu) == 2:
        used = cpu_by_role(cpu[0], cpu[1], roots, backends or None)
        print(
            f"CPU seconds in the {elapsed:.0f} s window ({os.cpu_count()} cores): "
            + ", ".join(f"{role} {seconds:.1f}" for role, seconds in used.items())
        )
        spread = cpu_by_child(cpu[0], cpu[1], web.pid)
        busy = sum(used.values()) / ((os.cpu_count() or 1) * elapsed)
        print(
            f"{args.server}'s worker processes, CPU seconds each: "
            + ", ".join(f"{seconds:.1f}" for seconds in spread)
            + f"; the machine {busy:.0%} busy"
        )
        moves = max(len(done), 1)
        print(
            f"CPU ms per {unit} of a client: "
            + ", ".join(
                f"{role} {seconds / moves * 1000:.2f}"
                for role, seconds in used.items()
                if role not in {"other", "postgres, other"}
            )
        )
        service = sum(
            used[role]
            for role in (args.server, "celery", "uvicorn", "postgres", "redis")
            if role in used
        )
        print(
            f"service CPU ({args.server} + Celery"
            + (" + uvicorn" if live is not None else "")
            + f" + the bench database's PostgreSQL backends + Redis) per {unit}: "
            + f"{service / moves * 1000:.2f} ms"
        )
        whole = sum(used.values())
        print(
            f"whole machine per {unit} (every process, the clients and other work included): "
            f"{whole / moves * 1000:.2f} ms; at that cost {os.cpu_count()} cores would make "
            f"{(os.cpu_count() or 1) / whole * moves:.0f} {unit}s/s"
        )
    if args.trivial_only:
        return
    ratio = move["p50"] / trivial["p50"] if trivial["p50"] else float("nan")
    print(
        f"targets (16 clients): move p99 <= 50 ms: {move['p99']:.1f} ms "
        f"({'met' if move['p99'] <= 50 else 'NOT met'}); move p50 <= 3x trivial p50: "
        f"{ratio:.2f}x ({'met' if ratio <= 3 else 'NOT met'})"
    )


if __name__ == "__main__":
    main()

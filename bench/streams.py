"""Do open live streams slow the moves down, and how soon does a move reach every open page?

Runs the move benchmark of bench/api.py (its clients, servers and figures: gunicorn, a Celery
worker playing the bots, PostgreSQL, Redis) on this machine with no live stream open, then
with ``--streams`` (1,000) open on the ASGI server (uvicorn, as the `live` service runs it),
``--rounds`` times alternately. The streams are the players' own pages (``/games/live/``,
signed in as the benchmark's players, spread evenly over them), so every move of a client's
game, its own or the bot's, is a signal to each page of that player. A separate process
holds the streams and notes, for every signal on every stream, the time from the
publication (``at``: sent once the move's transaction committed) to its arrival.

Prints the move p50/p99 both ways (the target: with the streams, p99 at most 20 % worse),
the commit-to-arrival latency p50/p99/max over every arrival, how many arrived, and the CPU
used by the stream server and the stream holder.

    .venv/bin/python bench/streams.py                        # 1,000 streams, 2 rounds of 2 x 30 s
    .venv/bin/python bench/streams.py --streams 200 --seconds 15 --rounds 1

Needs PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL as bench/api.py). Raises the
soft limit of open files to the hard one for itself and its servers. Not part of `make test`.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).absolute().parent))

import api  # bench/api.py: the move benchmark, reused here

ROOT = api.ROOT
PYTHON = api.PYTHON


def raise_file_limit(needed: int) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        soft = hard if hard == resource.RLIM_INFINITY else min(hard, max(needed, soft))
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def sessions(env: dict[str, str], clients: int) -> list[str]:
    """A signed-in session of each benchmark player (bench/api.py's ``prepare`` made them)."""
    code = (
        "import django, json\n"
        "django.setup()\n"
        "from importlib import import_module\n"
        "from django.conf import settings\n"
        "from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY\n"
        "from django.contrib.auth import get_user_model\n"
        "store = import_module(settings.SESSION_ENGINE).SessionStore\n"
        "keys = []\n"
        f"for i in range({clients}):\n"
        "    user = get_user_model().objects.get(username=f'bench{i}')\n"
        "    session = store()\n"
        "    session[SESSION_KEY] = str(user.pk)\n"
        "    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]\n"
        "    session[HASH_SESSION_KEY] = user.get_session_auth_hash()\n"
        "    session.create()\n"
        "    keys.append(session.session_key)\n"
        "print(json.dumps(keys))\n"
    )
    out = subprocess.run(
        [PYTHON, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# --- the stream holder (its own process) ---------------------------------------------------


async def _one_stream(
    port: int, cookie: str, opened: asyncio.Event, latencies: list[float], stop: asyncio.Event
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /games/live/ HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: sessionid={cookie}\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        opened.set()  # refused: counted as not open
        writer.close()
        return
    try:
        while not stop.is_set():
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"event: ready"):
                opened.set()
            elif line.startswith(b"data: {"):
                data = json.loads(line[6:])
                if "at" in data:
                    latencies.append(time.time() - data["at"])
    finally:
        writer.close()


async def _hold(port: int, cookies: list[str], count: int, conn) -> None:
    stop = asyncio.Event()
    latencies: list[float] = []
    ready = [asyncio.Event() for _ in range(count)]
    tasks = []
    for i in range(count):
        tasks.append(
            asyncio.create_task(
                _one_stream(port, cookies[i % len(cookies)], ready[i], latencies, stop)
            )
        )
        if i % 10 == 9:  # pages load over a few seconds, not all at the same instant
            await asyncio.sleep(0.05)
    await asyncio.wait_for(asyncio.gather(*(event.wait() for event in ready)), 300)
    conn.send(("open", sum(1 for t in tasks if not t.done())))
    loop = asyncio.get_running_loop()
    command = await loop.run_in_executor(None, conn.recv)  # "measure": forget the opening
    assert command == "measure"
    latencies.clear()
    command = await loop.run_in_executor(None, conn.recv)  # "stop": report
    stop.set()
    alive = sum(1 for t in tasks if not t.done())
    conn.send(("done", list(latencies), alive))
    for task in tasks:
        task.cancel()


def hold_streams(port: int, cookies: list[str], count: int, conn) -> None:
    raise_file_limit(count + 100)
    asyncio.run(_hold(port, cookies, count, conn))


# --- the benchmark -------------------------------------------------------------------------


def main() -> None:
    parser = api.arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2, help="without, then with, this often")
    parser.set_defaults(seconds=30.0)
    args = parser.parse_args()
    limit = raise_file_limit(args.streams + 200)
    if limit < args.streams + 100:
        raise SystemExit(f"open files limited to {limit}: too few for {args.streams} streams")

    env = api.environment()
    tokens = api.prepare(env, args.clients)
    cookies = sessions(env, args.clients)
    web, worker = api.start_servers(args, env)
    live = api.start_live(args, env)
    holders: list[multiprocessing.process.BaseProcess] = []
    without, with_streams = api.Results(), api.Results()
    cpu_without: list = []
    cpu_with: list = []
    backends: set[int] = set()
    latencies: list[float] = []
    opened = alive = 0
    context = multiprocessing.get_context("spawn")
    try:
        api.wait_until_up(args.port)
        api.wait_until_up(args.live_port)
        # Alternate, so that whatever else the machine runs weighs on both alike.
        servers = {web.pid: args.server, worker.pid: "celery"}
        for _ in range(args.rounds):
            results, cpu, backends = api.run_players(args, tokens, env, servers)
            without.add(results)
            cpu_without = cpu_without or cpu
            ours, theirs = context.Pipe()
            holder = context.Process(
                target=hold_streams, args=(args.live_port, cookies, args.streams, theirs)
            )
            holders.append(holder)
            holder.start()
            _, opened = ours.recv()
            ours.send("measure")
            results, cpu, backends = api.run_players(args, tokens, env, servers)
            with_streams.add(results)
            cpu_with = cpu_with or cpu
            ours.send("stop")
            _, arrived, alive = ours.recv()
            latencies += arrived
            holder.join(timeout=20)
    finally:
        for holder in holders:
            if holder.is_alive():
                holder.terminate()
        for process in (web, worker, live):
            api.stop(process)
    holder_pid = holders[0].pid if holders else None

    print(
        f"bench/streams.py: bench/api.py's {args.clients} clients, {args.rounds} x "
        f"{args.seconds:.0f} s measured each way, alternating (+{args.warmup:.0f} s warm-up "
        f"each), thinking {args.think_ms:.0f} ms; {api.server_layout(args)}, "
        f"Celery x{args.celery_concurrency}; streams on one "
        f"uvicorn process; PostgreSQL + Redis; {os.cpu_count()} cores; open files {limit}"
    )
    print(f"streams: {opened} opened, {alive} still open at the end")
    measured = args.seconds * args.rounds
    before = api.report("POST /moves/, no streams", without.moves, measured)
    after = api.report(f"POST /moves/, {opened} streams", with_streams.moves, measured)
    ms = sorted(1000 * value for value in latencies)
    moves_per_page = len(with_streams.moves)
    print(
        f"commit -> arrival over every open stream: n={len(ms)}  "
        f"p50={api.percentile(ms, 50):.1f} ms  p99={api.percentile(ms, 99):.1f} ms  "
        f"max={ms[-1] if ms else float('nan'):.1f} ms  "
        f"({moves_per_page} client moves measured, bots' moves too)"
    )
    for name, cpu, roots in (
        ("no streams", cpu_without, {web.pid: args.server, worker.pid: "celery"}),
        (
            "streams",
            cpu_with,
            {web.pid: args.server, worker.pid: "celery", live.pid: "uvicorn"}
            | ({holder_pid: "stream holder"} if holder_pid else {}),
        ),
    ):
        if len(cpu) == 2:
            used = api.cpu_by_role(cpu[0], cpu[1], roots, backends or None)
            print(
                f"CPU seconds ({name}, first round's {args.seconds:.0f} s): "
                + ", ".join(f"{role} {seconds:.1f}" for role, seconds in used.items())
            )
    worse = (after["p99"] / before["p99"] - 1) * 100 if before["p99"] else float("nan")
    print(
        f"target: move p99 at most 20 % worse with the streams: {worse:+.0f} % "
        f"({'met' if worse <= 20 else 'NOT met'}); errors: "
        f"{without.errors or 'none'} / {with_streams.errors or 'none'}"
    )


if __name__ == "__main__":
    main()

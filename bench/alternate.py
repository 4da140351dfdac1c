"""Two trees measured alternately by the same benchmark: is a change worth what it claims?

On a shared virtual machine the same tree's figures move by a fifth between two runs of
`bench/api.py` (the machine's speed drifts), more than most changes do. Runs taken in turn,
this tree then the other, pair each run with one taken under nearly the same conditions;
the ratio within each pair says more than either figure. This checks out REV in a scratch
worktree (sharing this checkout's `.venv`), gives each tree a bench database of its own
(their migrations may differ), runs the benchmark of each tree's own `bench/` ROUNDS times
in turn, and prints each figure it knows per run and the median of the pairs' ratios.

    .venv/bin/python bench/alternate.py 94ccb7c -- bench/api.py --think-ms 0 --seconds 30
    .venv/bin/python bench/alternate.py main~3 --rounds 4 --fresh -- bench/move_cost.py --moves 1500
    .venv/bin/python bench/alternate.py 825f57a --this-bench -- bench/api.py --think-ms 0

``--this-bench`` runs this checkout's version of the benchmark script in both trees: the same
clients, server layout and figures against the other tree's service, where each tree's own
script would also differ in what it measures (an older ``bench/api.py`` ran other gunicorn
workers and clients).

Needs git, PostgreSQL and Redis (as the benchmark it runs). The scratch worktree is removed
at the end. The data that earlier runs left in a bench database weighs on the figures (one
of 3,000 games and 420 MB made a move cost the machine 15 % more than a new one): it prints
both databases' sizes, and `--fresh` drops both first.

Figures it reads (a figure the other tree does not print shows as "-"): moves per second and
the move's p50 and p99 (`bench/api.py`), the whole machine's CPU per move (`bench/api.py`;
for a tree that does not print it yet, added up from its CPU seconds by role), the whole
cycle's CPU per client move and the garbage collector's share (`bench/move_cost.py`).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
PYTHON = sys.executable

# Figure name: pattern of the line that holds it (first group: the number).
FIGURES = {
    "moves/s": re.compile(r"^POST /moves/ .* throughput=\s*([\d.]+)/s"),
    "move p50 ms": re.compile(r"^POST /moves/ .* p50=\s*([\d.]+) ms"),
    "move p99 ms": re.compile(r"^POST /moves/ .* p99=\s*([\d.]+) ms"),
    "machine ms/move": re.compile(r"^whole machine per move .*: ([\d.]+) ms"),
    "cycle CPU ms": re.compile(r"whole cycle per client move .* CPU ([\d.]+) ms"),
    "GC ms/move": re.compile(r"^garbage collector: .*; ([\d.]+) ms per client move"),
}


# bench/api.py's CPU seconds by role in its window, and the moves measured in it: what
# gives the whole machine's CPU per move where a tree does not print it yet.
WINDOW_CPU = re.compile(r"^CPU seconds in the .* window \(\d+ cores\): (.*)$")
MOVES = re.compile(r"^POST /moves/\s+n=\s*(\d+)")


def figures(output: str) -> dict[str, float]:
    found: dict[str, float] = {}
    window_cpu, moves = None, None
    for line in output.splitlines():
        for name, pattern in FIGURES.items():
            match = pattern.search(line)
            if match and name not in found:
                found[name] = float(match.group(1))
        if match := WINDOW_CPU.search(line):
            window_cpu = sum(map(float, re.findall(r"\d+\.\d+", match.group(1))))
        if match := MOVES.search(line):
            moves = int(match.group(1))
    if "machine ms/move" not in found and window_cpu is not None and moves:
        found["machine ms/move"] = round(window_cpu / moves * 1000, 2)
    return found


def bench_database(name: str) -> str:
    """The bench database URL of one tree: this checkout's is the benchmark's default."""
    base = os.environ.get(
        "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/gwt_bench?conn_max_age=600"
    )
    if not name:
        return base
    address, _, query = base.partition("?")
    return f"{address}_{name}" + (f"?{query}" if query else "")


def database_size(url: str, *, drop: bool = False) -> str:
    """The bench database's size (or "none"), after dropping it first with ``drop``."""
    import psycopg

    address = url.split("?", 1)[0]
    server, _, name = address.rpartition("/")
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        if drop:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        row = conn.execute(
            "SELECT pg_size_pretty(pg_database_size(datname)) FROM pg_database WHERE datname = %s",
            [name],
        ).fetchone()
    return row[0] if row else "none"


def run(tree: Path, database: str, command: list[str]) -> str:
    env = {**os.environ, "BENCH_DATABASE_URL": database}
    done = subprocess.run(
        [PYTHON, *command], cwd=tree, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed in {tree}:\n{done.stdout}{done.stderr}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.usage = "%(prog)s REV [--rounds N] -- bench/<script>.py [its options]"
    parser.add_argument("rev", help="the other tree: any git revision")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree, in turn")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="drop both trees' bench databases first: the data earlier runs left weighs on "
        "every figure, so compare trees on databases of the same size",
    )
    parser.add_argument(
        "--this-bench",
        action="store_true",
        help="run this checkout's version of the benchmark script in the other tree too, so "
        "that both trees are measured the same way",
    )
    argv = sys.argv[1:]
    at = argv.index("--") if "--" in argv else len(argv)
    args, command = parser.parse_args(argv[:at]), argv[at + 1 :]
    if not command:
        parser.error("give the benchmark to run after --")
    script = Path(command[0])
    if args.this_bench and (script.is_absolute() or not (ROOT / script).is_file()):
        parser.error(f"--this-bench: give the script as a path under this checkout, not {script}")

    commit = subprocess.run(
        ["git", "rev-parse", "--short", args.rev], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    if not commit:
        raise SystemExit(f"{args.rev}: no such revision")
    scratch = Path(tempfile.mkdtemp(prefix="gwt-alternate-")) / commit
    subprocess.run(
        ["git", "worktree", "add", "--detach", "-q", str(scratch), commit], cwd=ROOT, check=True
    )
    (scratch / ".venv").symlink_to(ROOT / ".venv")
    if args.this_bench:
        (scratch / script).parent.mkdir(parents=True, exist_ok=True)
        (scratch / script).write_bytes((ROOT / script).read_bytes())
    trees = {"this tree": (ROOT, bench_database("")), commit: (scratch, bench_database(commit))}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    sizes = {name: database_size(url, drop=args.fresh) for name, (_, url) in trees.items()}
    print("bench databases at the start: " + ", ".join(f"{n} {s}" for n, s in sizes.items()))
    try:
        for round_ in range(1, args.rounds + 1):
            for name, (tree, database) in trees.items():
                found = figures(run(tree, database, command))
                results[name].append(found)
                shown = ", ".join(f"{key} {value:g}" for key, value in found.items())
                print(f"round {round_}, {name}: {shown}", flush=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(scratch)], cwd=ROOT)

    sizes = {name: database_size(url) for name, (_, url) in trees.items()}
    print("bench databases at the end: " + ", ".join(f"{n} {s}" for n, s in sizes.items()))
    names = [name for name in FIGURES if any(name in run_ for run_ in results["this tree"])]
    whose = " (this tree's script in both)" if args.this_bench else ""
    print(f"\n{' '.join(command)}{whose}: this tree against {commit}, {args.rounds} rounds in turn")
    print(f"{'figure':<18}{'this tree':>24}{commit:>24}{'median ratio':>14}")
    for name in names:
        ours = [found.get(name) for found in results["this tree"]]
        theirs = [found.get(name) for found in results[commit]]
        ratios = [a / b for a, b in zip(ours, theirs, strict=True) if a and b]
        print(
            f"{name:<18}{_spread(ours):>24}{_spread(theirs):>24}"
            f"{(f'{statistics.median(ratios):.3f}' if ratios else '-'):>14}"
        )


def _spread(values: list[float | None]) -> str:
    known = [value for value in values if value is not None]
    if not known:
        return "-"
    return f"{statistics.median(known):g} ({min(known):g}-{max(known):g})"


if __name__ == "__main__":
    main()

"""What reading one timestamp from PostgreSQL costs: Django's loader against the site's.

Django's psycopg 3 support parses every ``timestamptz`` with psycopg's pure-Python loader;
the site's backend reads them with psycopg's compiled one
(``gwt_site.postgresql.timestamps``). This reads the same rows of timestamps (four to a row,
as a game's row has them) through the site's connection, in turn with Django's loader on
the cursor and without, and prints the CPU per value, the best of the rounds of each.

    .venv/bin/python bench/timestamps.py
    .venv/bin/python bench/timestamps.py --rows 50000 --rounds 9

Needs PostgreSQL (``BENCH_PG``, as ``bench/scale.py``: its ``postgres`` database); it
reads ``generate_series`` and writes nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
sys.path.insert(0, str(ROOT))

SQL = """
    SELECT now() - n * interval '1 second', now() - n * interval '7 minutes',
           now() - n * interval '13.5 seconds', now() + n * interval '1 day'
    FROM generate_series(1, %s) n
"""


def read(rows: int, *, django_loader: bool) -> float:
    """CPU seconds to run the statement and fetch its rows."""
    from django.db import connection
    from django.db.backends.postgresql.psycopg_any import register_tzloader

    with connection.cursor() as cursor:
        if django_loader:
            register_tzloader(connection.timezone, cursor.cursor)
        started = time.process_time()
        cursor.execute(SQL, [rows])
        fetched = cursor.fetchall()
        spent = time.process_time() - started
    assert len(fetched) == rows
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=20_000, help="rows of four timestamps")
    parser.add_argument("--rounds", type=int, default=7, help="reads of each loader")
    args = parser.parse_args()
    from bench.scale import configure

    configure("postgres")  # production settings; the statement reads no table
    from django.db import connection

    if connection.vendor != "postgresql":
        raise SystemExit("needs PostgreSQL (BENCH_PG)")
    best = {"Django's loader": float("inf"), "the site's loader": float("inf")}
    for _ in range(args.rounds):
        best["Django's loader"] = min(best["Django's loader"], read(args.rows, django_loader=True))
        best["the site's loader"] = min(
            best["the site's loader"], read(args.rows, django_loader=False)
        )
    values = args.rows * 4
    print(
        f"{values:,} timestamps a read, best of {args.rounds} reads, load {os.getloadavg()[0]:.1f}"
    )
    print("| loader | CPU per value, µs (the statement and its rows included) |\n|---|---|")
    for name, seconds in best.items():
        print(f"| {name} | {seconds / values * 1e6:.2f} |")


if __name__ == "__main__":
    main()

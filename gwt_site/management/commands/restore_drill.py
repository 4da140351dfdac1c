"""Prove that a backup restores: load it into a scratch database and replay every game there.

    python manage.py restore_drill                          # a fresh pg_dump of the database
    python manage.py restore_drill --dump gwt-2026-11-26.dump   # a backup file (pg_dump -Fc)
    python manage.py restore_drill --dump base.sql --keep   # plain SQL; keep the scratch copy

A backup nobody has restored is a hope, not a backup. The drill restores one into a new
database (``<name>_restore_drill`` on the same server, dropped first if a previous drill left
it), counts what it holds, and runs ``check_replays`` against it in a separate process, with
no shared cache (a restored database must not read the live site's cached states). It exits
with 1 when the restore or any game's replay fails. The live database is only read (by
pg_dump, when no ``--dump`` is given). PostgreSQL only; ``pg_dump``, ``pg_restore`` and
``psql`` (the server's major version or newer) must be on the PATH, and the role must be
allowed to create databases (the schema owner's ``DATABASE_MIGRATE_URL`` is used when set).
The procedure around it: docs/deployment.md, "Backup and restore".
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

# Tables whose rows the drill reports, so that an empty or partial restore is obvious.
COUNTED_TABLES = ("auth_user", "games_game", "games_event", "notifications_notification")


class Command(BaseCommand):
    help = "Restore a backup into a scratch database and check that every game replays there."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dump",
            type=Path,
            help="a pg_dump file: custom format (-Fc) or plain SQL (.sql); default: a fresh "
            "pg_dump of the configured database",
        )
        parser.add_argument(
            "--keep", action="store_true", help="keep the scratch database afterwards"
        )
        parser.add_argument(
            "--scratch",
            default="",
            help="name of the scratch database (default <name>_restore_drill)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        alias = "owner" if "owner" in connections else "default"
        source = connections[alias].settings_dict
        if not source["ENGINE"].endswith("postgresql"):
            raise CommandError("The restore drill needs PostgreSQL (DATABASE_URL).")
        scratch = options["scratch"] or f"{source['NAME']}_restore_drill"[:63]
        if scratch == source["NAME"]:
            raise CommandError("The scratch database cannot be the configured database.")
        libpq = _libpq_env(source)
        started = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="gwt-restore-drill-") as work:
            dump: Path | None = options["dump"]
            if dump is None:
                dump = Path(work) / "backup.dump"
                _run(["pg_dump", "-Fc", "--no-owner", "-f", str(dump)], {**libpq})
                self.stdout.write(f"Dumped {source['NAME']!r}: {_size(dump)}.")
            elif not dump.is_file():
                raise CommandError(f"No backup file at {dump}.")
            _recreate(scratch, libpq)
            try:
                self._restore(dump, scratch, libpq)
                self.stdout.write(
                    f"Restored {dump.name} ({_size(dump)}) into {scratch!r} in "
                    f"{time.monotonic() - started:.1f} s: " + _counts(scratch, libpq)
                )
                self._check_replays(source, scratch)
            finally:
                if options["keep"]:
                    self.stdout.write(f"Kept the scratch database {scratch!r}.")
                else:
                    _drop(scratch, libpq)
        self.stdout.write(f"Restore drill passed in {time.monotonic() - started:.1f} s.")

    def _restore(self, dump: Path, scratch: str, libpq: dict[str, str]) -> None:
        env = {**libpq, "PGDATABASE": scratch}
        if _is_custom_format(dump):
            command = ["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error"]
            _run([*command, "-d", scratch, str(dump)], env)
        else:
            _run(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-d", scratch, "-f", str(dump)], env)

    def _check_replays(self, source: dict[str, Any], scratch: str) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": _url(source, scratch),
            "REDIS_URL": "",  # no shared cache: only what was restored is read
            "DATABASE_MIGRATE_URL": "",
            "GWT_ENV": os.environ.get("GWT_ENV") or settings.GWT_ENV,
            "SECRET_KEY": settings.SECRET_KEY,
            "METRICS_TOKEN": "",
            "SENTRY_DSN": "",
        }
        result = subprocess.run(
            [sys.executable, "manage.py", "check_replays", "--no-progress"],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        output = (result.stdout + result.stderr).strip()
        self.stdout.write(f"check_replays on {scratch!r}:\n{output}")
        if result.returncode != 0:
            raise CommandError("The restored database does not replay as recorded.")


def _libpq_env(source: dict[str, Any]) -> dict[str, str]:
    """The connection of ``source`` for pg_dump, pg_restore and psql (PG* variables: the
    password never appears on a command line)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
    for variable, key in (
        ("PGHOST", "HOST"),
        ("PGPORT", "PORT"),
        ("PGUSER", "USER"),
        ("PGPASSWORD", "PASSWORD"),
        ("PGDATABASE", "NAME"),
    ):
        if source.get(key):
            env[variable] = str(source[key])
    env.setdefault("PGCONNECT_TIMEOUT", "5")
    return env


def _url(source: dict[str, Any], name: str) -> str:
    user = quote(str(source.get("USER") or ""), safe="")
    password = quote(str(source.get("PASSWORD") or ""), safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = source.get("HOST") or "localhost"
    port = f":{source['PORT']}" if source.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{quote(name, safe='')}"


def _run(command: list[str], env: dict[str, str]) -> None:
    try:
        result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise CommandError(f"{command[0]} is not installed (the PostgreSQL client).") from None
    if result.returncode != 0:
        raise CommandError(f"{command[0]} failed: {result.stderr.strip()[-2000:]}")


def _maintenance(libpq: dict[str, str], sql_text: str) -> str:
    """Run one statement on the server's ``postgres`` database; its output."""
    env = {**libpq, "PGDATABASE": "postgres"}
    result = subprocess.run(
        ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql_text],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise CommandError(f"psql failed: {result.stderr.strip()}")
    return result.stdout.strip()


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _recreate(scratch: str, libpq: dict[str, str]) -> None:
    _drop(scratch, libpq)
    _maintenance(libpq, f"CREATE DATABASE {_quoted(scratch)}")


def _drop(scratch: str, libpq: dict[str, str]) -> None:
    _maintenance(libpq, f"DROP DATABASE IF EXISTS {_quoted(scratch)} WITH (FORCE)")


def _counts(scratch: str, libpq: dict[str, str]) -> str:
    selects = " UNION ALL ".join(
        f"SELECT '{table}', count(*) FROM {table}" for table in COUNTED_TABLES
    )
    rows = _psql_rows({**libpq, "PGDATABASE": scratch}, selects)
    return ", ".join(f"{count} rows in {table}" for table, count in rows)


def _psql_rows(env: dict[str, str], query: str) -> list[tuple[str, str]]:
    result = subprocess.run(
        ["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", query],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise CommandError(f"The restored database is not usable: {result.stderr.strip()}")
    return [
        (table, count)
        for table, count in (line.split("\t") for line in result.stdout.splitlines() if line)
    ]


def _is_custom_format(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(5) == b"PGDMP"


def _size(path: Path) -> str:
    return f"{path.stat().st_size / 1024:,.0f} kB"

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand
from django.db import connections


class Command(BaseCommand):
    help = "Create the configured database if it does not exist yet (PostgreSQL or SQLite)."

    def handle(self, *args: Any, **options: Any) -> None:
        settings_dict = connections["default"].settings_dict
        engine = settings_dict["ENGINE"]
        name = settings_dict["NAME"]
        if engine.endswith("sqlite3"):
            if name != ":memory:":
                Path(name).parent.mkdir(parents=True, exist_ok=True)
            return
        if not engine.endswith("postgresql"):
            return

        import psycopg
        from psycopg import sql

        params: dict[str, Any] = {
            "dbname": "postgres",
            "user": settings_dict["USER"] or None,
            "password": settings_dict["PASSWORD"] or None,
            "host": settings_dict["HOST"] or None,
            "port": settings_dict["PORT"] or None,
            "connect_timeout": 5,
        }
        with psycopg.connect(
            **{k: v for k, v in params.items() if v is not None}, autocommit=True
        ) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if exists:
                return
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        self.stdout.write(f"Created PostgreSQL database {name!r}.")

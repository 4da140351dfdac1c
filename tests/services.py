"""Choose the database and broker for a test run, before Django reads its settings.

PostgreSQL and Redis are used when they answer (at DATABASE_URL / REDIS_URL, or the local
defaults); otherwise the run falls back to SQLite and kombu's filesystem broker, and says so.
With REQUIRE_SERVICES=1 a service that does not answer is an error instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/gwt"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
# Tests use their own Redis database so that they never see a development queue or cache;
# TEST_REDIS_DB picks another one so that two runs on one machine keep apart.
TEST_REDIS_DB = 15
PROBE_TIMEOUT_SECONDS = 2


class ServicesUnavailableError(Exception):
    """REQUIRE_SERVICES=1 was given and PostgreSQL or Redis did not answer."""


@dataclass(frozen=True)
class Selection:
    database_url: str
    redis_url: str | None  # None: kombu's filesystem transport and the local-memory cache
    summary: str


def select_services(environ: Mapping[str, str], var_dir: Path, *, worker: int = 0) -> Selection:
    """The services of a run, or of worker ``worker`` of a parallel run: each worker has its
    own Redis database, counting down from TEST_REDIS_DB (its own PostgreSQL database is
    pytest-django's doing)."""
    require = environ.get("REQUIRE_SERVICES", "").strip().lower() in {"1", "true", "yes", "on"}
    problems: list[str] = []

    database_url = environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    db = urlsplit(database_url)
    if db.scheme in {"postgres", "postgresql", "pgsql"}:
        where = f"{db.hostname or 'localhost'}:{db.port or 5432}"
        error = probe_postgres(database_url)
        if error is None:
            database = f"postgresql ({where})"
        else:
            problems.append(f"PostgreSQL at {where}: {error}")
            database_url = f"sqlite:///{var_dir / 'db.sqlite3'}"
            database = f"sqlite (fallback: PostgreSQL at {where} did not answer: {error})"
    else:
        problems.append(f"DATABASE_URL is not PostgreSQL ({db.scheme}://)")
        database = f"{db.scheme} (from DATABASE_URL)"

    redis_db = int(environ.get("TEST_REDIS_DB") or TEST_REDIS_DB) - worker
    if redis_db < 1:  # database 0 is the development service's
        raise ServicesUnavailableError(
            f"worker {worker} would use Redis database {redis_db}: run fewer workers (-n) "
            "or set a higher TEST_REDIS_DB"
        )
    redis_url: str | None = with_redis_db(environ.get("REDIS_URL") or DEFAULT_REDIS_URL, redis_db)
    red = urlsplit(redis_url)
    where = f"{red.hostname or 'localhost'}:{red.port or 6379}"
    error = probe_redis(redis_url)
    if error is None:
        broker = f"redis ({where}, db {redis_db})"
    else:
        problems.append(f"Redis at {where}: {error}")
        redis_url = None
        broker = f"filesystem (fallback: Redis at {where} did not answer: {error})"

    if require and problems:
        raise ServicesUnavailableError(
            "REQUIRE_SERVICES=1, but: " + "; ".join(problems) + ". Start PostgreSQL and Redis "
            "(or point DATABASE_URL / REDIS_URL at them), or unset REQUIRE_SERVICES."
        )
    return Selection(
        database_url=database_url,
        redis_url=redis_url,
        summary=f"tests: database={database}, broker={broker}",
    )


def worker_number(environ: Mapping[str, str]) -> int:
    """The number of pytest-xdist's worker running this process ("gw1": 1), 0 without one."""
    return int(environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def with_redis_db(url: str, db: int) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{db}", parts.query, ""))


def probe_postgres(url: str) -> str | None:
    """None if the server accepts a connection (to its maintenance database), else why not."""
    import psycopg

    parts = urlsplit(url)
    params = {
        "host": unquote(parts.hostname or "") or None,
        "port": parts.port,
        "user": unquote(parts.username or "") or None,
        "password": unquote(parts.password or "") or None,
        "dbname": "postgres",
        "connect_timeout": PROBE_TIMEOUT_SECONDS,
    }
    try:
        with psycopg.connect(**{k: v for k, v in params.items() if v is not None}) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return _short(exc)
    return None


def probe_redis(url: str) -> str | None:
    """None if Redis answers PING, else why not."""
    import redis

    try:
        client = redis.Redis.from_url(
            url, socket_connect_timeout=PROBE_TIMEOUT_SECONDS, socket_timeout=PROBE_TIMEOUT_SECONDS
        )
        try:
            client.ping()
        finally:
            client.close()
    except Exception as exc:
        return _short(exc)
    return None


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    text = text.split(" Is the server running")[0]  # libpq's long hint adds nothing here
    return text[:160].rstrip(".")

"""Typed readers for settings that come from the environment.

Every reader takes the variable's name, a default, and optionally the mapping to read
(``os.environ`` unless given), so that tests can pass a plain dict.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def _source(environ: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def env_str(name: str, default: str = "", environ: Mapping[str, str] | None = None) -> str:
    """The variable's value, or ``default`` when it is unset or empty."""
    value = _source(environ).get(name, "")
    return value if value != "" else default


def env_required(name: str, environ: Mapping[str, str] | None = None, *, why: str = "") -> str:
    """The variable's value; ImproperlyConfigured when it is unset or empty."""
    value = _source(environ).get(name, "")
    if value == "":
        raise ImproperlyConfigured(f"{name} must be set{': ' + why if why else ''}.")
    return value


def env_bool(name: str, default: bool = False, environ: Mapping[str, str] | None = None) -> bool:
    """1/true/yes/on or 0/false/no/off (any case); ``default`` when unset."""
    raw = _source(environ).get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no).")


def env_int(name: str, default: int, environ: Mapping[str, str] | None = None) -> int:
    """An integer; ``default`` when unset or empty."""
    raw = _source(environ).get(name, "").strip()
    if raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def env_float(name: str, default: float, environ: Mapping[str, str] | None = None) -> float:
    """A number; ``default`` when unset or empty."""
    raw = _source(environ).get(name, "").strip()
    if raw == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number.") from None


def env_list(
    name: str, default: list[str] | None = None, environ: Mapping[str, str] | None = None
) -> list[str]:
    """A comma-separated list, blanks dropped; ``default`` when unset or empty."""
    raw = _source(environ).get(name, "")
    if raw.strip() == "":
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(
    name: str, choices: tuple[str, ...], default: str, environ: Mapping[str, str] | None = None
) -> str:
    """One of ``choices``; ``default`` when unset or empty."""
    value = env_str(name, default, environ).strip().lower()
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r} must be one of: {', '.join(choices)}.")
    return value


# --- URLs -------------------------------------------------------------------------------


_POSTGRES_SCHEMES = {"postgres", "postgresql", "pgsql"}


def _count_or(value: str, word: str, *, name: str, counted: str) -> int | None:
    """``value`` as a count (0 or more), or None where it is ``word``; anything else is a
    configuration error that names the setting ``name``. Case and spaces around do not
    matter."""
    value = value.strip().lower()
    if value == word:
        return None
    try:
        count = int(value)
    except ValueError:
        count = -1
    if count < 0:
        raise ImproperlyConfigured(
            f"{name}={value!r}: a number of {counted} (0 or more) or {word!r}."
        )
    return count


def with_parallel_workers(options: Mapping[str, Any], workers: str) -> dict[str, Any]:
    """PostgreSQL connection ``options`` that set ``max_parallel_workers_per_gather`` to
    ``workers`` for every session (libpq's ``options``, added to any the URL gives), or left
    as they are with ``workers`` "server" or where the URL's ``options`` already set it."""
    kept = dict(options)
    count = _count_or(workers, "server", name="DATABASE_PARALLEL_WORKERS", counted="workers")
    if count is None:
        return kept
    given = str(kept.get("options", ""))
    if "max_parallel_workers_per_gather" not in given:
        kept["options"] = f"{given} -c max_parallel_workers_per_gather={count}".strip()
    return kept


def with_prepared_statements(options: Mapping[str, Any], threshold: str) -> dict[str, Any]:
    """PostgreSQL connection ``options`` under which psycopg prepares a statement on the
    server once a connection has run it ``threshold`` times (server-side parameters, which
    preparing needs: Django's ``server_side_binding``), or left as they are with ``threshold``
    "off" (client-side parameters, each statement parsed and planned anew: what a pooler
    that cannot keep a session's prepared statements needs)."""
    kept = dict(options)
    count = _count_or(threshold, "off", name="DATABASE_PREPARE_THRESHOLD", counted="runs")
    if count is None:
        return kept
    kept["server_side_binding"] = True
    kept["prepare_threshold"] = count
    return kept


# The development service writes from several processes (web, worker, beat). SQLite's
# default (deferred) transactions start as readers, and a reader that then writes while
# another connection writes fails at once with "database is locked", whatever the timeout:
# an immediate transaction takes the write lock at its start and waits for it instead.
SQLITE_OPTIONS: dict[str, Any] = {"transaction_mode": "IMMEDIATE", "timeout": 20}


def _sqlite_timeout(query: Mapping[str, str], url: str) -> dict[str, float]:
    """``?timeout=N`` as the number of seconds sqlite3 takes (the URL gives text)."""
    if "timeout" not in query:
        return {}
    try:
        return {"timeout": float(query["timeout"])}
    except ValueError:
        raise ImproperlyConfigured(
            f"DATABASE_URL {redact_url(url)!r}: timeout must be a number of seconds."
        ) from None


def parse_database_url(url: str, base_dir: Path) -> dict[str, Any]:
    """A Django ``DATABASES`` entry from ``postgres://`` or ``sqlite://`` URL.

    * ``postgres://user:password@host:5432/name?sslmode=require`` -- query parameters become
      connection OPTIONS, except ``conn_max_age`` (seconds, ``CONN_MAX_AGE``).
    * ``sqlite:///var/db.sqlite3`` is relative to ``base_dir``; ``sqlite:////abs/path.db`` is
      absolute; ``sqlite://:memory:`` is an in-memory database. A file database gets a file
      test database beside it, so that a worker process started by a test can open it.
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    query = dict(parse_qsl(parts.query))
    conn_max_age = int(query.pop("conn_max_age", "0"))

    if scheme == "sqlite":
        raw_path = url[len("sqlite://") :].split("?", 1)[0]
        if raw_path in {"", "/", ":memory:", "/:memory:"}:
            return {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}
        # sqlite:///relative -> "/relative" -> "relative"; sqlite:////abs -> "//abs" -> "/abs"
        path = Path(unquote(raw_path[1:] if raw_path.startswith("/") else raw_path))
        if not path.is_absolute():
            path = base_dir / path
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(path),
            "CONN_MAX_AGE": conn_max_age,
            "OPTIONS": {**SQLITE_OPTIONS, **query, **_sqlite_timeout(query, url)},
            "TEST": {"NAME": str(path.with_name(f"test-{path.name}"))},
        }

    if scheme in _POSTGRES_SCHEMES:
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise ImproperlyConfigured(f"DATABASE_URL {redact_url(url)!r} names no database.")
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": unquote(parts.hostname or ""),
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": conn_max_age,
            "OPTIONS": query,
        }

    raise ImproperlyConfigured(
        f"DATABASE_URL scheme {scheme!r} is not supported (use postgres:// or sqlite://)."
    )


_EMAIL_BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
    "file": "django.core.mail.backends.filebased.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "dummy": "django.core.mail.backends.dummy.EmailBackend",
}


def parse_email_url(url: str, base_dir: Path) -> dict[str, Any]:
    """Django ``EMAIL_*`` settings from an email URL.

    * ``smtp://user:password@host:587?tls=1`` (STARTTLS), ``smtps://...`` (implicit TLS,
      port 465 unless given); ``smtp`` uses port 25 unless given.
    * ``file:///abs/dir`` or ``file://relative/dir`` (relative to ``base_dir``).
    * ``console://``, ``locmem://``, ``dummy://``.
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    query = {key: value.lower() for key, value in parse_qsl(parts.query)}

    if scheme in {"smtp", "smtps"}:
        use_ssl = scheme == "smtps" or query.get("ssl") in _TRUE
        use_tls = not use_ssl and query.get("tls") in _TRUE
        return {
            "EMAIL_BACKEND": _EMAIL_BACKENDS["smtp"],
            "EMAIL_HOST": unquote(parts.hostname or "localhost"),
            "EMAIL_PORT": parts.port or (465 if use_ssl else 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_TLS": use_tls,
            "EMAIL_USE_SSL": use_ssl,
            "EMAIL_TIMEOUT": int(query.get("timeout", "10")),
        }
    if scheme == "file":
        raw_path = unquote(parts.netloc + parts.path)
        if not raw_path:
            raise ImproperlyConfigured("EMAIL_URL file:// needs a directory, e.g. file://var/mail.")
        path = Path(raw_path)
        return {
            "EMAIL_BACKEND": _EMAIL_BACKENDS["file"],
            "EMAIL_FILE_PATH": str(path if path.is_absolute() else base_dir / path),
        }
    if scheme in {"console", "locmem", "dummy"}:
        return {"EMAIL_BACKEND": _EMAIL_BACKENDS[scheme]}
    raise ImproperlyConfigured(
        f"EMAIL_URL scheme {scheme!r} is not supported "
        "(use smtp://, smtps://, file://, console://, locmem:// or dummy://)."
    )


def redact_url(url: str) -> str:
    """The URL with its password (if any) replaced by ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{user}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))

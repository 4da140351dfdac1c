"""Reachability checks for the database and the Celery broker, used by ``/healthz``.

Each check returns a JSON-ready dict with at least ``"ok"``; none raises.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlsplit

import redis
from django.db import connections
from kombu import Connection

from gwt_site.env import redact_url

BROKER_TIMEOUT_SECONDS = 2


def check_database(alias: str = "default") -> dict[str, Any]:
    connection = connections[alias]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return {"ok": False, "vendor": connection.vendor, "error": _describe(exc)}
    return {"ok": True, "vendor": connection.vendor}


def check_broker(url: str, transport_options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Can a message be handed to the broker at ``url`` right now (within two seconds)?"""
    scheme = urlsplit(url).scheme.lower()
    result: dict[str, Any] = {"transport": scheme, "url": redact_url(url)}
    try:
        if scheme in {"redis", "rediss"}:
            client = redis.Redis.from_url(
                url,
                socket_connect_timeout=BROKER_TIMEOUT_SECONDS,
                socket_timeout=BROKER_TIMEOUT_SECONDS,
            )
            try:
                client.ping()
            finally:
                client.close()
        elif scheme == "filesystem":
            folder = (transport_options or {}).get("data_folder_in", "")
            if not folder or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
                raise OSError(f"queue folder {folder!r} is missing or not writable")
        else:
            with Connection(url, connect_timeout=BROKER_TIMEOUT_SECONDS) as connection:
                connection.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception as exc:
        return {"ok": False, **result, "error": _describe(exc)}
    return {"ok": True, **result}


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:300]

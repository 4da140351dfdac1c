"""The API token's user, remembered by each web process between a player's requests.

Every API request authenticates its token (``accounts.auth``): one SQL statement for the
token, its user, whether a suspension is in force and the user's language. A player makes
two or three requests per move, so that statement was the largest single cost of a request
after the move itself. Each process now keeps what the statement gave, per token, for
``API_TOKEN_CACHE_SECONDS``, and asks the shared cache (Redis) one question per request
instead: has anything about this user changed since?

That question is a *generation* per user (``_generation_key``), a value written anew
whenever something the statement reads changes: the user row (deactivated, renamed, a new
password, which also deletes the tokens), a token made or deleted, a suspension made, a
language chosen (``bump``, connected in ``accounts.apps`` to those models' saves and
deletes). A request whose remembered generation is not the current one reads the database
again, so a revoked token or a suspension stops the very next request in every process. The
generation is written again once the change commits, so that no process remembers a row
read between the change and its commit under the new generation.

What is never remembered: a refusal (unknown, expired, inactive, suspended: each request
asks the database again), and anything when the shared cache cannot be read (the statement
then runs as before). Time-bound facts are checked per request from what was remembered:
the token's age (``common.api_tokens.is_expired``); a suspension ending by itself only lets
the user back in, which the next read after ``API_TOKEN_CACHE_SECONDS`` sees. A change
written behind the models' back (a raw UPDATE) is seen after that time as well.

Without a shared cache (``make run``'s in-memory one is per process), the cache is off
(``API_TOKEN_CACHE_SECONDS`` is 0 unless ``REDIS_URL`` is set).
"""

from __future__ import annotations

import itertools
import logging
import os
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

#: Tokens a process remembers at most; past that the oldest half is forgotten.
MAX_ENTRIES = 5000
#: How long a user's generation lives in the shared cache: longer than any process
#: remembers a token (an expired generation reads as "changed", never as "unchanged").
GENERATION_SECONDS = 24 * 3600
#: How far apart the clocks of the machines writing a generation may be (``settled``).
CLOCK_MARGIN_SECONDS = 2.0


@dataclass(frozen=True)
class Remembered:
    """What the token statement gave for one token, and when and under which generation."""

    user_id: int
    fields: tuple[str, ...]  # the user row's columns, as ``Model.from_db`` takes them
    values: tuple[Any, ...]
    token_created: datetime
    language: str | None
    generation: Any
    read_at: float  # time.monotonic()


_entries: dict[str, Remembered] = {}
_lock = threading.Lock()
_counter = itertools.count()


def lifetime() -> float:
    return float(getattr(settings, "API_TOKEN_CACHE_SECONDS", 0))


def enabled() -> bool:
    return lifetime() > 0


def _generation_key(user_id: int) -> str:
    return f"auth-gen:{user_id}"


def generation(user_id: int) -> Any:
    """The user's current generation (None when none was written or it expired); raises
    when the shared cache cannot be read."""
    return cache.get(_generation_key(user_id))


def settled(current: Any, *, read_started: float) -> bool:
    """Whether a row read from ``read_started`` (``time.time()``) on may be remembered under
    the generation ``current`` read after it: not if that generation was written at about
    the time of the read or later, when the change it marks may have committed between the
    read and the generation (``CLOCK_MARGIN_SECONDS`` allows for the clocks of the machines
    writing it). The next request then reads the database again."""
    if current is None:
        return True
    try:
        written = float(current[0])
    except (TypeError, ValueError, IndexError):
        return False
    return written < read_started - CLOCK_MARGIN_SECONDS


def recall(key: str) -> Remembered | None:
    """What this process remembers of token ``key`` if it still holds: read within the
    lifetime and under the user's current generation; else None (read the database)."""
    entry = _entries.get(key)
    if entry is None:
        return None
    if time.monotonic() - entry.read_at >= lifetime():
        _entries.pop(key, None)
        return None
    try:
        current = generation(entry.user_id)
    except Exception:  # the shared cache is down: trust only the database
        return None
    if current != entry.generation:
        _entries.pop(key, None)
        return None
    return entry


def remember(key: str, entry: Remembered) -> None:
    with _lock:
        if len(_entries) >= MAX_ENTRIES:
            for old in list(_entries)[: MAX_ENTRIES // 2]:
                _entries.pop(old, None)
        _entries[key] = entry


def forget_all() -> None:
    """Forget every remembered token of this process (tests that change rows by raw SQL)."""
    _entries.clear()


def bump(user_id: int | None) -> None:
    """Something the token statement reads about ``user_id`` changed: every process reads
    it again at that user's next request. Written now and again once the transaction
    commits (see the module's docstring)."""
    if user_id is None or not enabled():
        return
    _write_generation(user_id)
    transaction.on_commit(lambda: _write_generation(user_id), robust=True)


def _write_generation(user_id: int) -> None:
    value = (time.time(), os.getpid(), next(_counter))
    try:
        cache.set(_generation_key(user_id), value, GENERATION_SECONDS)
    except Exception:  # the processes read the database while the shared cache is down
        logger.exception("the API token generation of user %s was not written", user_id)


# --- the receivers connected in accounts.apps --------------------------------------------


def user_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    bump(instance.pk)


def user_field_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A token, a suspension or a preference: the user it belongs to changed."""
    bump(instance.user_id)

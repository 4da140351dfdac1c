"""The version of an edition's ratings, kept in the cache: what the leaderboard's counts are
kept under (how many players it lists, a player's rank on it).

Those counts read every listed rating joined to its player (70 ms at 56,000 ratings, on
every view of the leaderboard and of a rated player's page). They change when the edition's
ratings do, which only ``players.ratings`` writes, under the edition's lock: it calls
``changed`` once the change is committed. A version the cache lost is replaced by a new one.
A player whose account is closed or opened again changes who is listed without a new
version, so the counts are kept ``COUNTS_KEPT_SECONDS`` at most.
"""

from __future__ import annotations

from uuid import uuid4

from django.core.cache import cache

COUNTS_KEPT_SECONDS = 300


def _key(edition: str) -> str:
    return f"players:ratings-version:{edition}"


def version(edition: str) -> str:
    current = cache.get(_key(edition))
    if current is None:
        cache.add(_key(edition), uuid4().hex, None)
        current = cache.get(_key(edition))
    return str(current)


def changed(edition: str) -> None:
    """The edition's ratings changed: counts kept for an earlier version are not read."""
    cache.set(_key(edition), uuid4().hex, None)

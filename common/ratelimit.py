"""Fixed-window counters in the cache: "at most N of these per subject per window".

Counted in Django's cache so that every web and worker process shares the count (Redis in
production; the in-process cache of development counts per process only). A window starts
at a subject's first event and lasts ``window`` seconds from then: events inside it do not
extend it, so a subject that keeps trying is let through again when it ends.

Subjects (addresses, IPs) are hashed into the key: the cache never holds them in clear.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.utils.translation import gettext, ngettext


def _key(scope: str, subject: str) -> str:
    return f"{scope}:{hashlib.sha256(subject.encode()).hexdigest()[:32]}"


def reached(scope: str, subject: str, *, limit: int) -> bool:
    """True when ``subject`` has already had ``limit`` events of ``scope`` in its window
    (nothing is counted: for limits that count only failures, ``count`` them after)."""
    if limit <= 0:
        return False
    found = cache.get(_key(scope, subject))
    return isinstance(found, int) and found >= limit


def count(scope: str, subject: str, *, window: int) -> None:
    """Count one event of ``scope`` for ``subject`` (in a window that starts now if none)."""
    key = _key(scope, subject)
    if cache.add(key, 1, timeout=window):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr: a new window
        cache.add(key, 1, timeout=window)


def over_limit(scope: str, subject: str, *, limit: int, window: int) -> bool:
    """Count one event of ``scope`` for ``subject``; True when over ``limit`` in its window.

    ``limit`` 0 or less turns the limit off (nothing is counted). Every call counts, refused
    ones included, so that someone who keeps trying stays refused until the window ends.
    """
    if limit <= 0:
        return False
    key = _key(scope, subject)
    if cache.add(key, 1, timeout=window):
        return False
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr: a new window
        cache.add(key, 1, timeout=window)
        return False
    return count > limit


def window_text(seconds: int) -> str:
    """A window's length for a person ("an hour", "15 minutes"), for "try again" messages."""
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = seconds // 3600
        if hours == 1:
            return gettext("an hour")
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    minutes = max(1, round(seconds / 60))
    if minutes == 1:
        return gettext("a minute")
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}

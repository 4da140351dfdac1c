"""Work that a request's answer need not wait for: run once the response has been sent.

A move's commit is followed by chores that matter to other processes but not to the player
who moved: publishing the bot task, kicking the notification worker, writing the new state to
the shared cache. Run as ``on_commit`` hooks they delay the answer by their round trips to
Redis; deferred, they run on the same thread right after the server has sent the response
(Django's ``request_finished``, sent when the WSGI server closes the response), before the
thread serves anything else. Outside a request (Celery tasks, management commands) there is
nothing to wait for and ``defer`` runs the work at once.

If the process dies between the response and the deferred work, that work is lost: only
work that something else repairs may be deferred (the bot sweep requeues a bot that did not
move, the outbox sweep sends what no task was queued for, a cache miss replays).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from django.core.signals import request_finished, request_started

logger = logging.getLogger(__name__)

_local = threading.local()


def defer(work: Callable[[], Any]) -> None:
    """Run ``work`` after the current request's response, or now outside a request."""
    pending: list[Callable[[], Any]] | None = getattr(_local, "pending", None)
    if pending is None:
        _run([work])
    else:
        pending.append(work)


def serving() -> bool:
    """Whether this thread is serving a request whose response is not yet sent: work
    deferred now runs after that response, on this thread."""
    return getattr(_local, "pending", None) is not None


def _run(works: list[Callable[[], Any]]) -> None:
    for work in works:
        try:
            work()
        except Exception:  # the answer is sent; one failed chore must not stop the others
            logger.exception("deferred work %r failed", work)


def _request_started(**kwargs: Any) -> None:
    leftover = getattr(_local, "pending", None)
    _local.pending = []
    if leftover:  # a request whose response was never closed: its work still runs
        _run(leftover)


def _request_finished(**kwargs: Any) -> None:
    pending = getattr(_local, "pending", None)
    _local.pending = None
    if pending:
        _run(pending)


def connect() -> None:
    request_started.connect(_request_started, dispatch_uid="common.after_response.start")
    request_finished.connect(_request_finished, dispatch_uid="common.after_response.finish")

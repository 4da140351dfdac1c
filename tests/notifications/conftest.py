"""Fixtures for the notification tests: a started game of the shared users (tests/conftest.py,
each with an email address), the SMTP sink and real worker processes.

Django is imported inside the fixtures: this file is loaded before the root conftest has
configured Django (when pytest is given this folder).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def inbound_email(settings) -> None:
    """Play by email configured (inbound domain, provider, keys) and the rate limits' cache
    empty: for the modules that receive replies (``pytest.mark.usefixtures``)."""
    from django.core.cache import cache

    from tests.notifications.inbound_support import configure

    configure(settings)
    cache.clear()


@pytest.fixture
def two_player_game(alice, bob):
    """A started game: alice (seat 0, to move) against bob (seat 1)."""
    from tests.games.helpers import started_game

    return started_game(alice, [bob])


@pytest.fixture
def turn_context_calls(monkeypatch) -> list[int]:
    """The seqs for which a "your turn" summary and options were built (they still are)."""
    from notifications import context

    calls: list[int] = []
    build = context.turn_context

    def spy(game: Any, seat: Any, seats: Any, state: Any, seq: int, **kw: Any) -> dict[str, Any]:
        calls.append(seq)
        return build(game, seat, seats, state, seq, **kw)

    monkeypatch.setattr(context, "turn_context", spy)
    return calls


@pytest.fixture(scope="module")
def smtp_sink() -> Iterator[Any]:
    from tests.notifications.support import SmtpSink

    sink = SmtpSink().start()
    try:
        yield sink
    finally:
        sink.stop()


@pytest.fixture
def sink(smtp_sink: Any) -> Any:
    smtp_sink.clear()
    return smtp_sink


@pytest.fixture(scope="module")
def worker_queue() -> Iterator[str]:
    from tests.notifications.support import drop_queue, new_queue

    queue = new_queue()
    try:
        yield queue
    finally:
        drop_queue(queue)


@pytest.fixture
def send_to_worker_queue(settings, worker_queue: str) -> str:
    """The sending tasks queued by this process go to the test workers' queue."""
    settings.NOTIFICATIONS_QUEUE = worker_queue
    return worker_queue


@pytest.fixture(scope="module")
def worker(django_db_setup, smtp_sink, worker_queue, tmp_path_factory):
    """One worker for the module, sending to the SMTP sink."""
    from tests.notifications.support import Worker

    process = Worker(
        worker_queue, tmp_path_factory.mktemp("worker"), EMAIL_URL=smtp_sink.url
    ).start()
    try:
        yield process
    finally:
        process.stop()

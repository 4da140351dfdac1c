"""Delivery through the real broker and real worker processes, to an SMTP server on loopback.

Exactly once: one "your turn" email when the turn passes, none within a turn, one after a
worker is killed before sending, one after a broker outage during the move.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games.models import Game
from notifications.delivery import outbox_sweep
from notifications.models import Kind, Notification, Status
from tests.games.helpers import started_game
from tests.notifications.helpers import decide, pass_turn
from tests.notifications.support import Worker, broker_unreachable, new_queue, wait_until

# Time given to a worker to send anything it might (wrongly) still send.
SETTLE_SECONDS = 1.5

pytestmark = pytest.mark.django_db(transaction=True)


def new_game(alice, bob, sink) -> Game:
    """alice (to move) against bob; the start emails are sent and forgotten."""
    game = started_game(alice, [bob])
    started = sink.wait_for(2)
    assert sorted(m.recipients[0] for m in started) == ["alice@example.test", "bob@example.test"]
    sink.clear()
    return game


def your_turn_for(user) -> Notification:
    return Notification.objects.get(recipient=user, kind=Kind.YOUR_TURN)


def test_a_move_that_passes_the_turn_sends_exactly_one_your_turn_email_to_the_next_player(
    send_to_worker_queue, worker, sink, alice, bob
):
    game = new_game(alice, bob, sink)

    pass_turn(game)

    [message] = sink.wait_for(1)
    time.sleep(SETTLE_SECONDS)
    assert len(sink.messages()) == 1
    notification = your_turn_for(bob)
    assert message.recipients == ["bob@example.test"]
    assert message.subject == f"Your turn in game {game.public_id} (alice, bob)"
    assert message.message_id == f"<notification-{notification.pk}@127.0.0.1>"
    assert f"/games/{game.public_id}/" in message.part("text/plain")
    assert f"/games/{game.public_id}/" in message.part("text/html")
    notification.refresh_from_db()
    assert (notification.status, notification.attempts) == (Status.SENT, 1)


def test_a_decision_within_the_same_turn_sends_no_email(
    send_to_worker_queue, worker, sink, alice, bob
):
    game = new_game(alice, bob, sink)
    before = Notification.objects.count()

    decide(game, keep_turn=True)
    decide(game, keep_turn=True)

    time.sleep(SETTLE_SECONDS)
    game.refresh_from_db()
    assert game.current_seat == 0
    assert sink.messages() == []
    assert Notification.objects.count() == before


def test_a_worker_killed_before_sending_is_replaced_and_the_email_goes_out_exactly_once(
    settings, sink, alice, bob, tmp_path
):
    queue = new_queue()
    settings.NOTIFICATIONS_QUEUE = queue
    game = started_game(alice, [bob])
    Notification.objects.update(status=Status.SKIPPED)  # the start emails are not the point
    gate = tmp_path / "gate"
    gate.touch()
    lease = {"NOTIFY_CLAIM_LEASE": "3", "EMAIL_URL": sink.url}
    doomed = Worker(
        queue,
        tmp_path,
        EMAIL_BACKEND="tests.notifications.gated_backend.GatedSMTPBackend",
        GWT_TEST_MAIL_GATE=str(gate),
        **lease,
    ).start()
    try:
        pass_turn(game)
        # The worker has claimed the notification and stopped just before the SMTP hand-off.
        assert wait_until(lambda: (tmp_path / "gate.reached").exists()), doomed.log()
        notification = your_turn_for(bob)
        assert (notification.status, notification.attempts) == (Status.SENDING, 1)
        doomed.kill()
    finally:
        doomed.kill()
    gate.unlink()
    assert sink.messages() == []

    replacement = Worker(queue, tmp_path, **lease).start()
    try:
        # The dead worker's claim expires; the sweep queues the notification again.
        assert wait_until(lambda: your_turn_for(bob).claimed_until < timezone.now(), timeout=10)
        assert outbox_sweep() == 1
        [message] = sink.wait_for(1)
        time.sleep(SETTLE_SECONDS)
        assert outbox_sweep() == 0
        time.sleep(0.5)
    finally:
        replacement.stop()
    assert len(sink.messages()) == 1, replacement.log()
    notification.refresh_from_db()
    assert message.recipients == ["bob@example.test"]
    assert message.message_id == f"<notification-{notification.pk}@127.0.0.1>"
    assert (notification.status, notification.attempts) == (Status.SENT, 2)


def test_with_the_broker_down_a_move_is_accepted_and_the_sweep_sends_its_email_once_it_is_back(
    send_to_worker_queue, worker, sink, alice, bob
):
    if not settings.REDIS_URL:
        pytest.skip("needs Redis: the embedded broker cannot be stopped")
    game = new_game(alice, bob, sink)

    with broker_unreachable():
        started = time.monotonic()
        results = pass_turn(game)
        elapsed = time.monotonic() - started

    assert results[-1].version == Game.objects.get(pk=game.pk).version  # the move stands
    assert elapsed < 15
    notification = your_turn_for(bob)
    assert (notification.status, notification.attempts) == (Status.PENDING, 0)
    time.sleep(SETTLE_SECONDS)
    assert sink.messages() == []  # no task reached the worker

    later = timezone.now() + timedelta(seconds=settings.NOTIFY_SWEEP_AFTER + 1)
    assert outbox_sweep(now=later) == 1
    [message] = sink.wait_for(1)
    assert outbox_sweep(now=later) == 0
    time.sleep(SETTLE_SECONDS)

    assert len(sink.messages()) == 1
    assert message.recipients == ["bob@example.test"]
    notification.refresh_from_db()
    assert (notification.status, notification.attempts) == (Status.SENT, 1)

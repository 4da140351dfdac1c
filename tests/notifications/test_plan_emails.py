"""The your-turn email of a player whose plan ran: what it played, where it stopped and why;
and no email while a plan plays the whole turn."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.models import TurnPlan
from notifications.models import Notification, Status
from tests.games.helpers import moves_passing_the_turn, started_game
from tests.notifications.inbound_support import deliver_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(alice, bob):
    game = started_game(alice, [bob])
    passing = moves_passing_the_turn(game, alice)
    game.refresh_from_db()
    deliver_all()
    mail.outbox.clear()
    return game, passing


def plan(game, bob, n):
    for _ in range(n):
        made = services.plan_add_step(game=game.public_id, user=bob, index=0)
        if made.closed:
            break
    return made


def pass_the_turn(game, alice, passing, capture):
    with capture(execute=True):
        services.move_submit(
            game=game, user=alice, move=passing[0], expected_version=game.version, queue_bots=False
        )
    game.refresh_from_db()


def test_the_turn_email_says_where_the_plan_stopped_and_why(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    made = plan(game, bob, 3)
    if len(made.steps) < 2:
        pytest.skip("this position's first option ends the plan at once")
    steps = made.steps
    steps[1]["price"] = {"cost": 7, "cost_text": "$7 in fees", "gains": {"money": -7}}
    TurnPlan.objects.filter(pk=made.pk).update(steps=steps)

    pass_the_turn(game, alice, passing, django_capture_on_commit_callbacks)
    deliver_all()
    sent = [m for m in mail.outbox if bob.email in m.to]

    assert len(sent) == 1
    [email] = sent
    assert f"Your plan played: {steps[0]['notation']}." in email.body
    assert f'Your plan stopped before "{steps[1]["notation"]}": it was planned at $7' in email.body
    assert "Your plan" not in "".join(m.body for m in mail.outbox if alice.email in m.to)


def test_a_plan_stopped_at_its_first_step_is_told_in_the_turn_email(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    made = plan(game, bob, 1)
    steps = made.steps
    steps[0]["move"] = {"type": "move_herder", "to": "nowhere"}
    TurnPlan.objects.filter(pk=made.pk).update(steps=steps)

    pass_the_turn(game, alice, passing, django_capture_on_commit_callbacks)
    deliver_all()
    sent = [m for m in mail.outbox if bob.email in m.to]

    assert len(sent) == 1
    assert "it is no longer possible" in sent[0].body
    assert "Your plan played" not in sent[0].body


def test_the_turn_email_waits_for_the_plan_to_play(two, alice, bob):
    """Delivered before the plan's task ran, the email waits; then it says what the plan did,
    once."""
    game, passing = two
    made = plan(game, bob, 1)
    steps = made.steps
    steps[0]["move"] = {"type": "move_herder", "to": "nowhere"}
    TurnPlan.objects.filter(pk=made.pk).update(steps=steps)
    services.move_submit(
        game=game, user=alice, move=passing[0], expected_version=game.version, queue_bots=False
    )
    game.refresh_from_db()

    assert [m for m in deliver_all() if bob.email in m.to] == []  # the plan has not played

    services.plan_play(game_id=game.pk, version=game.version)
    # The row comes back when its wait is over (PLAN_WAIT).
    Notification.objects.filter(status=Status.PENDING).update(next_attempt_at=timezone.now())
    deliver_all()
    sent = [m for m in mail.outbox if bob.email in m.to]
    assert len(sent) == 1
    assert "it is no longer possible" in sent[0].body

"""A claimed row is released by one hand-written statement (``delivery._release``): it
writes what the ORM's update wrote, and only while the claim still holds the row."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone

from notifications import delivery
from notifications.models import Kind, Notification, Status

pytestmark = pytest.mark.django_db


@pytest.fixture
def claimed(alice) -> Notification:
    return Notification.objects.create(
        recipient=alice,
        kind=Kind.GAME_STARTED,
        status=Status.SENDING,
        claim="token-1",
        claimed_until=timezone.now() + timedelta(minutes=5),
        attempts=1,
        context={"game_name": "old"},
    )


def test_the_claim_holder_records_the_outcome_and_lets_go_of_the_row(claimed):
    sent_at = timezone.now()
    context = {"game_name": "g <&> 'é'", "choices": [{"n": 1, "text": "end"}], "seat": None}

    assert delivery._release(
        claimed.pk, "token-1", status=Status.SENT, sent_at=sent_at, context=context
    )

    claimed.refresh_from_db()
    assert (claimed.status, claimed.sent_at, claimed.context) == (Status.SENT, sent_at, context)
    assert (claimed.claim, claimed.claimed_until, claimed.attempts) == ("", None, 1)


def test_a_lost_claim_changes_nothing(claimed):
    assert not delivery._release(claimed.pk, "token-2", status=Status.SENT, reason="x")

    claimed.refresh_from_db()
    assert (claimed.status, claimed.claim, claimed.reason) == (Status.SENDING, "token-1", "")


def test_expressions_are_written_too(claimed):
    assert delivery._release(
        claimed.pk, "token-1", status=Status.PENDING, attempts=F("attempts") - 1
    )

    claimed.refresh_from_db()
    assert (claimed.status, claimed.attempts, claimed.claim) == (Status.PENDING, 0, "")

"""The daily digest: one email per user, at their hour in their time zone, listing the games
waiting for them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from notifications.delivery import notification_send
from notifications.models import (
    GameNotificationPreference,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
)
from notifications.scheduled import digests_queue
from tests.games.helpers import started_game
from tests.notifications.helpers import pass_turn

# 18:05 in Paris (UTC+1 in March).
PARIS_SIX_PM = datetime(2026, 3, 10, 17, 5, tzinfo=UTC)


@pytest.fixture
def waiting_for_alice(alice, bob, carol):
    """Two games where alice is to move, one where she waits for bob."""
    first = started_game(alice, [bob])
    second = started_game(alice, [carol])
    elsewhere = started_game(alice, [bob])
    pass_turn(elsewhere)
    Notification.objects.all().delete()
    return first, second, elsewhere


def digests() -> list[Notification]:
    return list(Notification.objects.filter(kind=Kind.DIGEST).order_by("id"))


@pytest.mark.django_db
def test_one_digest_lists_every_game_waiting_for_the_user_at_their_local_hour(
    alice, waiting_for_alice
):
    first, second, elsewhere = waiting_for_alice
    NotificationPreference.objects.create(
        user=alice, mode=Mode.DIGEST, digest_hour=18, time_zone="Europe/Paris"
    )

    assert digests_queue(now=PARIS_SIX_PM - timedelta(hours=1)) == 0  # 17:05 in Paris
    assert digests_queue(now=PARIS_SIX_PM) == 1

    [digest] = digests()
    assert digest.recipient == alice
    assert str(digest.digest_date) == "2026-03-10"
    assert [g["id"] for g in digest.context["games"]] == [first.public_id, second.public_id]
    notification_send(notification_id=digest.pk)
    [message] = mail.outbox
    assert message.subject == "2 games waiting for you"
    for game in (first, second):
        assert f"/games/{game.public_id}/" in message.body
        assert f"game {game.public_id} (" in message.alternatives[0][0]
    assert elsewhere.public_id not in message.body
    assert "(Europe/Paris)" in message.body  # times in the user's time zone


@pytest.mark.django_db
def test_the_digest_is_written_once_per_local_day_however_often_the_task_runs(
    alice, waiting_for_alice
):
    NotificationPreference.objects.create(
        user=alice, mode=Mode.DIGEST, digest_hour=18, time_zone="Europe/Paris"
    )

    assert digests_queue(now=PARIS_SIX_PM) == 1
    assert digests_queue(now=PARIS_SIX_PM + timedelta(minutes=30)) == 0
    assert digests_queue(now=PARIS_SIX_PM + timedelta(days=1)) == 1

    assert [str(d.digest_date) for d in digests()] == ["2026-03-10", "2026-03-11"]


@pytest.mark.django_db
def test_no_games_waiting_means_no_digest(alice, bob):
    game = started_game(alice, [bob])
    pass_turn(game)
    NotificationPreference.objects.create(user=alice, mode=Mode.DIGEST, digest_hour=17)

    assert digests_queue(now=PARIS_SIX_PM) == 0


@pytest.mark.django_db
def test_per_game_modes_choose_what_the_digest_lists(alice, waiting_for_alice):
    first, second, _ = waiting_for_alice
    # Immediate in general, but the first game in the digest; the second is not listed.
    NotificationPreference.objects.create(user=alice, mode=Mode.IMMEDIATE, digest_hour=17)
    GameNotificationPreference.objects.create(user=alice, game=first, mode=Mode.DIGEST)

    assert digests_queue(now=PARIS_SIX_PM) == 1
    assert [g["id"] for g in digests()[0].context["games"]] == [first.public_id]

    # Digest in general, but the second game is off: only the first is listed.
    GameNotificationPreference.objects.create(user=alice, game=second, mode=Mode.OFF)
    NotificationPreference.objects.filter(user=alice).update(mode=Mode.DIGEST)
    assert digests_queue(now=PARIS_SIX_PM + timedelta(days=1)) == 1
    assert [g["id"] for g in digests()[1].context["games"]] == [first.public_id]


@pytest.mark.django_db
def test_in_digest_mode_the_your_turn_email_is_replaced_by_the_digest(alice, bob):
    NotificationPreference.objects.create(user=bob, mode=Mode.DIGEST)
    game = started_game(alice, [bob])
    pass_turn(game)

    your_turn = Notification.objects.get(recipient=bob, kind=Kind.YOUR_TURN)
    result = notification_send(notification_id=your_turn.pk)

    assert (result.outcome, result.detail) == ("skipped", "daily digest instead")
    assert mail.outbox == []


@pytest.mark.django_db
def test_users_who_turned_emails_off_get_no_digest(alice, waiting_for_alice):
    first, _, _ = waiting_for_alice
    NotificationPreference.objects.create(user=alice, mode=Mode.OFF, digest_hour=17)
    GameNotificationPreference.objects.create(user=alice, game=first, mode=Mode.DIGEST)

    assert digests_queue(now=PARIS_SIX_PM) == 0

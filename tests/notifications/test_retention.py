"""The outbox keeps what it sent while it may matter (notifications.retention): rows sent or
skipped NOTIFY_KEEP_SENT_DAYS ago go once their game has ended, or when they are about no
game; a game in play keeps all of its rows, failed and unsent rows stay, 0 keeps everything."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Event, GameStatus
from notifications.models import Kind, Notification, Status
from notifications.retention import sent_purge
from notifications.tasks import purge_sent

pytestmark = pytest.mark.django_db


@pytest.fixture
def keep_30_days(settings):
    settings.NOTIFY_KEEP_SENT_DAYS = 30


def row(user, game, *, days_ago, status=Status.SENT, kind=Kind.GAME_OVER, seq=None):
    return Notification.objects.create(
        recipient=user,
        kind=kind,
        game=game,
        event_seq=seq if seq is not None else (game.version if game else None),
        digest_date=timezone.localdate() - timedelta(days=days_ago) if game is None else None,
        status=status,
        created_at=timezone.now() - timedelta(days=days_ago),
    )


def end(game, status=GameStatus.FINISHED):
    game.status = status
    game.save(update_fields=["status"])
    return game


@pytest.mark.usefixtures("keep_30_days")
def test_rows_sent_long_ago_go_once_their_game_has_ended(alice, bob, two_player_game):
    Notification.objects.all().delete()
    game = end(two_player_game)
    old = row(alice, game, days_ago=31)
    skipped = row(bob, game, days_ago=40, status=Status.SKIPPED)
    recent = row(bob, game, days_ago=29, seq=game.version + 1)
    failed = row(alice, game, days_ago=60, status=Status.FAILED, kind=Kind.YOUR_TURN)

    assert purge_sent() == 2

    left = set(Notification.objects.values_list("pk", flat=True))
    assert left == {recent.pk, failed.pk}
    assert old.pk not in left
    assert skipped.pk not in left
    assert Event.objects.filter(game=game).exists()  # the game's record is untouched


@pytest.mark.usefixtures("keep_30_days")
def test_an_abandoned_games_rows_and_rows_about_no_game_go_too(alice, bob, make_user):
    from tests.games.helpers import started_game

    game = end(started_game(alice, [bob]), GameStatus.ABANDONED)
    Notification.objects.all().delete()
    about_game = row(alice, game, days_ago=31)
    digest = row(make_user("carol2"), None, days_ago=31, kind=Kind.DIGEST)

    assert sent_purge() == 2
    assert not Notification.objects.filter(pk__in=[about_game.pk, digest.pk]).exists()


@pytest.mark.usefixtures("keep_30_days")
def test_a_game_in_play_keeps_every_row(alice, two_player_game):
    Notification.objects.all().delete()
    kept = row(alice, two_player_game, days_ago=365, kind=Kind.REMINDER)

    assert sent_purge() == 0
    assert Notification.objects.filter(pk=kept.pk).exists()


def test_zero_days_keeps_everything(settings, alice, two_player_game):
    settings.NOTIFY_KEEP_SENT_DAYS = 0
    Notification.objects.all().delete()
    row(alice, end(two_player_game), days_ago=3650)

    assert sent_purge() == 0
    assert Notification.objects.count() == 1


@pytest.mark.usefixtures("keep_30_days")
def test_a_backlog_goes_in_batches_up_to_the_limit(monkeypatch, make_user, two_player_game):
    from notifications import retention

    monkeypatch.setattr(retention, "PURGE_BATCH", 2)
    Notification.objects.all().delete()
    game = end(two_player_game)
    for i in range(5):
        row(make_user(f"reader{i}"), game, days_ago=31)

    assert sent_purge(limit=3) == 3
    assert sent_purge() == 2
    assert not Notification.objects.exists()


@pytest.mark.usefixtures("keep_30_days")
def test_a_row_whose_webhook_delivery_is_still_to_send_stays(alice, two_player_game):
    from notifications.models import ChannelDelivery, ChannelKind, ChatWebhook, WebhookStyle

    Notification.objects.all().delete()
    game = end(two_player_game)
    hook = ChatWebhook.objects.create(
        user=alice, url="https://chat.example.test/hook", style=WebhookStyle.SLACK
    )
    waiting, settled = row(alice, game, days_ago=31), row(alice, game, days_ago=31, seq=99)
    for notification, status in ((waiting, Status.PENDING), (settled, Status.SENT)):
        ChannelDelivery.objects.create(
            notification=notification, channel=ChannelKind.WEBHOOK, webhook=hook, status=status
        )

    assert sent_purge() == 1
    assert list(Notification.objects.values_list("pk", flat=True)) == [waiting.pk]
    assert list(ChannelDelivery.objects.values_list("notification", flat=True)) == [waiting.pk]

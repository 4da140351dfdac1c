"""The hand-written lookups of a turn passing to a person give what the ORM queries they
replaced give, in the same order (``notifications.statements``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import Q
from django.utils import timezone

from notifications import statements
from notifications.models import (
    ChatWebhook,
    NotificationPreference,
    PushSubscription,
    WebhookStyle,
)
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_always_notified_is_the_preference(alice, bob, carol):
    NotificationPreference.objects.update_or_create(user=alice, defaults={"always_notify": True})
    NotificationPreference.objects.update_or_create(user=bob, defaults={"always_notify": False})
    for user in (alice, bob, carol):
        orm = NotificationPreference.objects.filter(user_id=user.pk, always_notify=True).exists()
        assert statements.always_notified(user.pk) is orm
    assert statements.always_notified(alice.pk)


def test_webhooks_and_subscriptions_are_those_the_orm_finds(alice, bob, carol):
    game, other = started_game(alice, [bob]), started_game(carol, [bob])
    now = timezone.now()
    for n, (user, hook_game, disabled) in enumerate(
        [
            (alice, None, False),
            (bob, None, False),
            (carol, None, False),
            (alice, None, True),
            (alice, game, False),
            (bob, game, True),
            (carol, other, False),
            (bob, game, False),
        ]
    ):
        ChatWebhook.objects.create(
            user=user,
            game=hook_game,
            url=f"https://chat.example.test/{n}",
            style=WebhookStyle.SLACK,
            disabled_at=now if disabled else None,
            created_at=now - timedelta(minutes=n % 3),  # not in pk order
        )
        PushSubscription.objects.create(
            user=user,
            endpoint=f"https://push.example.test/{n}",
            p256dh="key",
            auth="secret",
            disabled_at=now if disabled else None,
            created_at=now - timedelta(minutes=n % 3),
        )
    cases = [
        ({alice.pk}, set()),
        ({alice.pk, bob.pk}, {game.pk}),
        (set(), {game.pk, other.pk}),
        ({carol.pk}, {other.pk}),
        (set(), set()),
    ]
    for users, games in cases:
        hooks = (
            ChatWebhook.objects.filter(disabled_at__isnull=True)
            .filter(Q(game__isnull=True, user_id__in=users) | Q(game_id__in=games))
            .values_list("pk", "user_id", "game_id")
        )
        assert statements.chat_webhooks(users=users, games=games) == list(hooks)
        subscriptions = PushSubscription.objects.filter(
            user_id__in=users, disabled_at__isnull=True
        ).values_list("pk", "user_id")
        assert statements.push_subscriptions(users=users) == list(subscriptions)
    assert statements.chat_webhooks(users={alice.pk, bob.pk}, games={game.pk})  # not all empty

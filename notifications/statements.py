"""Hand-written SQL for the lookups a turn that passes to a person makes, every time.

A bot's run that hands the turn back to its human opponent writes the player's "your turn"
row, and on the way asks whether the player wants it even while on the site and which chat
webhooks and push subscriptions the row goes to. Built by the ORM (an ``exists()``, an OR of
two ``Q``), these were a sixth of the bot task's CPU for answers that are nearly always "no"
and "none". The statements here are written once per process from the models' metadata and
give what the ORM queries they replace give, in the same order.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import Any

from django.db import connection

from games.prepared import parameter_marks, quoted_column, quoted_table
from notifications.models import ChatWebhook, NotificationPreference, PushSubscription


@cache
def _always_notified_statement() -> str:
    model = NotificationPreference
    user, always = quoted_column(model, "user"), quoted_column(model, "always_notify")
    return f"SELECT 1 FROM {quoted_table(model)} WHERE {user} = %s AND {always} LIMIT 1"


def always_notified(user_id: int) -> bool:
    """What ``NotificationPreference.objects.filter(user_id=user_id, always_notify=True)
    .exists()`` says: the user asked to be told even while their page is open."""
    with connection.cursor() as cursor:
        cursor.execute(_always_notified_statement(), [user_id])
        return cursor.fetchone() is not None


@cache
def _webhooks_statement(users: int, games: int) -> str:
    model = ChatWebhook
    pk, user, game = (quoted_column(model, name) for name in ("id", "user", "game"))
    wanted = []
    if users:
        wanted.append(f"({game} IS NULL AND {user} IN ({parameter_marks(users)}))")
    if games:
        wanted.append(f"{game} IN ({parameter_marks(games)})")
    return (
        f"SELECT {pk}, {user}, {game} FROM {quoted_table(model)}"
        f" WHERE {quoted_column(model, 'disabled_at')} IS NULL AND ({' OR '.join(wanted)})"
        f" ORDER BY {quoted_column(model, 'created_at')}, {pk}"
    )


def chat_webhooks(
    *, users: Collection[int], games: Collection[int]
) -> list[tuple[int, int, int | None]]:
    """(pk, user id, game id) of the enabled webhooks that are one of ``users``' own (no
    game) or one of ``games``', in the model's order: what
    ``ChatWebhook.objects.filter(disabled_at__isnull=True).filter(Q(game__isnull=True,
    user_id__in=users) | Q(game_id__in=games)).values_list("pk", "user_id", "game_id")``
    gives."""
    if not users and not games:
        return []
    params: list[Any] = [*sorted(users), *sorted(games)]
    with connection.cursor() as cursor:
        cursor.execute(_webhooks_statement(len(users), len(games)), params)
        return [(int(pk), int(user), game) for pk, user, game in cursor.fetchall()]


@cache
def _subscriptions_statement(users: int) -> str:
    model = PushSubscription
    pk, user, disabled = (quoted_column(model, name) for name in ("id", "user", "disabled_at"))
    return (
        f"SELECT {pk}, {user} FROM {quoted_table(model)}"
        f" WHERE {user} IN ({parameter_marks(users)}) AND {disabled} IS NULL"
        f" ORDER BY {quoted_column(model, 'created_at')}, {pk}"
    )


def push_subscriptions(*, users: Collection[int]) -> list[tuple[int, int]]:
    """(pk, user id) of ``users``' enabled push subscriptions, in the model's order: what
    ``PushSubscription.objects.filter(user_id__in=users, disabled_at__isnull=True)
    .values_list("pk", "user_id")`` gives."""
    if not users:
        return []
    with connection.cursor() as cursor:
        cursor.execute(_subscriptions_statement(len(users)), sorted(users))
        return [(int(pk), int(user)) for pk, user in cursor.fetchall()]

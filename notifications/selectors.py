"""Read-only queries: heartbeats, preferences, and the games waiting for someone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from django.db.models import Exists, OuterRef, QuerySet, Subquery

from games.models import Game, GameStatus, Seat, SeatStatus
from notifications.models import (
    GameNotificationPreference,
    NotificationPreference,
    WorkerHeartbeat,
)

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class GameModeAnnotation(TypedDict):
    """``mode``: the user's notification mode for the game (None: no override)."""

    mode: str | None


def worker_heartbeat_latest() -> WorkerHeartbeat | None:
    """The most recent heartbeat of any worker, or None if no worker has reported yet."""
    return WorkerHeartbeat.objects.order_by("-last_seen").first()


def preference_of(*, user: Any) -> NotificationPreference:
    """The user's preferences (the defaults, unsaved, when they never chose)."""
    preference = NotificationPreference.objects.filter(user_id=user.pk).first()
    return preference or NotificationPreference(user_id=user.pk)


# The attribute of a user instance holding their preference's time zone as read with the
# user (the session's user: ``accounts.auth``; None when they never chose), so that a page
# showing times does not read the preference again.
USER_TIME_ZONE = "stored_time_zone"


def time_zone_of(*, user: Any) -> str:
    """The user's time zone (``preference_of``'s), from the user instance when it was read
    with them (``USER_TIME_ZONE``)."""
    if hasattr(user, USER_TIME_ZONE):
        stored = getattr(user, USER_TIME_ZONE)
        if stored is not None:
            return str(stored)
        return str(NotificationPreference._meta.get_field("time_zone").get_default())
    return preference_of(user=user).time_zone


def games_waiting_for(*, user_id: int) -> QuerySet[WithAnnotations[Game, GameModeAnnotation]]:
    """Active games where it is this user's decision (as a human, not replaced by a bot),
    annotated with ``mode``: the user's override for that game, or None."""
    to_move = Seat.objects.filter(
        game=OuterRef("pk"),
        index=OuterRef("current_seat"),
        user_id=user_id,
        bot="",
        status=SeatStatus.PLAYING,
    )
    override = GameNotificationPreference.objects.filter(
        user_id=user_id, game=OuterRef("pk")
    ).values("mode")[:1]
    return (
        Game.objects.filter(status=GameStatus.ACTIVE)
        .filter(Exists(to_move))
        .annotate(mode=Subquery(override))
        .order_by("turn_since", "pk")
    )

"""What the notifications app does when the games app announces an event (``games.signals``).

The receivers run in the event's transaction, so the outbox rows they write commit or roll
back with it (``notifications.outbox``). Connected by ``NotificationsConfig.ready``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.dispatch import receiver

from games import signals
from games.models import Game, Seat
from notifications import outbox
from notifications.middleware import activity_seen
from notifications.selectors import preference_of


@receiver(signals.game_advanced, dispatch_uid="notifications.game_advanced")
def on_game_advanced(
    sender: Any,
    *,
    game: Game,
    seq: int,
    before_seat: int | None,
    seats: list[Seat] | None,
    **kwargs: Any,
) -> None:
    outbox.notifications_for_event(game=game, seq=seq, before_seat=before_seat, seats=seats)


@receiver(signals.plan_stopped, dispatch_uid="notifications.plan_stopped")
def on_plan_stopped(
    sender: Any, *, game: Game, seq: int, seats: list[Seat] | None, **kwargs: Any
) -> None:
    """A plan left its owner to decide: their "your turn" email, at the position it left
    (delivery sends only the latest of a game's pending ones; it says what the plan did)."""
    outbox.notifications_for_event(game=game, seq=seq, before_seat=None, seats=seats)


@receiver(signals.seat_taken, dispatch_uid="notifications.seat_taken")
def on_seat_taken(sender: Any, *, seat: Seat, **kwargs: Any) -> None:
    """The seat's clock runs in its player's time zone (their preferences')."""
    time_zone = preference_of(user=seat.user).time_zone
    if seat.time_zone != time_zone:
        seat.time_zone = time_zone
        seat.save(update_fields=["time_zone"])


@receiver(signals.page_watched, dispatch_uid="notifications.page_watched")
def on_page_watched(sender: Any, *, user_id: int, **kwargs: Any) -> None:
    """A player with a live page open is on the site, as one whose page polls is: no email
    about a game they are looking at (``notifications.middleware``)."""
    activity_seen(user_id=user_id)


@receiver(signals.deadline_passed, dispatch_uid="notifications.deadline_passed")
def on_deadline_passed(
    sender: Any,
    *,
    game: Game,
    seq: int,
    seat: int,
    action: str,
    deadline: datetime,
    recipients: list[int] | None,
    details: dict[str, Any],
    **kwargs: Any,
) -> None:
    outbox.deadline_passed_queue(
        game=game,
        seq=seq,
        seat=seat,
        action=action,
        deadline=deadline,
        to=recipients,
        details=details,
    )


@receiver(signals.moderator_acted, dispatch_uid="notifications.moderator_acted")
def on_moderator_acted(
    sender: Any,
    *,
    game: Game,
    seq: int,
    action: str,
    reason: str,
    details: dict[str, Any],
    **kwargs: Any,
) -> None:
    outbox.moderation_queue(game=game, seq=seq, action=action, reason=reason, details=details)


@receiver(signals.seat_changed, dispatch_uid="notifications.seat_changed")
def on_seat_changed(
    sender: Any,
    *,
    game: Game,
    seq: int,
    action: str,
    leaver: str,
    substitute: str | None,
    actor_id: int | None,
    **kwargs: Any,
) -> None:
    outbox.seat_change_queue(
        game=game,
        seq=seq,
        action=action,
        leaver=leaver,
        substitute=substitute,
        actor_id=actor_id,
    )


@receiver(signals.takeback_changed, dispatch_uid="notifications.takeback_changed")
def on_takeback_changed(
    sender: Any,
    *,
    game: Game,
    seq: int,
    action: str,
    request: int,
    asker: int,
    decision: int,
    text: str,
    by: int | None,
    waiting: tuple[int, ...],
    reason: str,
    **kwargs: Any,
) -> None:
    outbox.takeback_queue(
        game=game,
        seq=seq,
        action=action,
        request=request,
        asker=asker,
        decision=decision,
        text=text,
        by=by,
        waiting=waiting,
        reason=reason,
    )

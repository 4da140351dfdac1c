"""What moderators do to a game: keyword-only functions, each one transaction.

Every action takes the moderator and a reason, and in one transaction (the game row locked):

* appends an ``Event`` (kind ``pause``, ``resume``, ``abandon``, ``replace_by_bot``,
  ``restore``, ``extend_deadline`` or ``rollback``) with the moderator as its actor and
  ``{"reason": ..., ...}`` as its payload;
* writes a ``ModerationAction`` row (the audit log);
* for pause, resume, abandon, replacement and rollback, queues a notification to every
  player through the outbox.

Only ``rollback`` changes the engine state (replay treats it like an undo: the state after
it is the state after ``to_seq``); the others change the game or seat rows only. Every action
can be undone by another: pause/resume, replace_by_bot/restore, an abandoned game is
resumed, a deadline is extended again (or shortened), a rollback is rolled back to the seq
before it.

Users are suspended and reinstated with ``user_suspend`` / ``user_unsuspend``: a
``Suspension`` row and an audit row (no game event of their own). Chat messages are hidden
and shown again with ``chat_message_hide`` / ``chat_message_unhide`` (an audit row naming the
message; no game event: the chat is not part of the game's history). Reports are worked in
``games.moderation.reports``.

Who is a moderator: ``may_moderate`` (the ``games.moderate_game`` permission, which the
"Moderators" group and superusers have).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Permission
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games import replay, services
from games.errors import ConflictError, InvalidRequestError
from games.models import (
    BotKind,
    ChatMessage,
    Event,
    EventKind,
    Game,
    GameStatus,
    ModerationAction,
    ModerationKind,
    Seat,
    SeatStatus,
    Suspension,
)
from games.timecontrol import deadlines
from notifications.services import moderation_queue

logger = logging.getLogger(__name__)

MAX_REASON_CHARS = 2000
MODERATE_PERMISSION = "games.moderate_game"


def may_moderate(user: AbstractBaseUser | None) -> bool:
    """Whether ``user`` may use the moderation tools (and see what players do not)."""
    return bool(
        user is not None
        and user.is_authenticated
        and user.is_active
        and user.has_perm(MODERATE_PERMISSION)
    )


def moderator_users() -> QuerySet:
    """Active staff who may moderate (a report's possible assignees)."""
    permission = Q(
        codename="moderate_game", content_type__app_label="games", content_type__model="game"
    )
    granted = Permission.objects.filter(permission)
    return (
        get_user_model()
        .objects.filter(is_active=True, is_staff=True)
        .filter(
            Q(is_superuser=True)
            | Q(user_permissions__in=granted)
            | Q(groups__permissions__in=granted)
        )
        .distinct()
        .order_by("username")
    )


def check_reason(reason: str) -> str:
    """The reason stripped; refused when empty or too long (every action must say why)."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidRequestError("reason_required", "Say why: a reason is required.")
    if len(reason) > MAX_REASON_CHARS:
        raise InvalidRequestError("reason_too_long", "The reason is too long.")
    return reason


def _record(
    game: Game,
    *,
    moderator: AbstractBaseUser,
    kind: str,
    reason: str,
    seat: Seat | None = None,
    notify: bool = False,
    **details: Any,
) -> int:
    """Append the event at version + 1, the audit row and the notifications; the seq."""
    game.version += 1
    payload = {"reason": reason, **details}
    if seat is not None:
        payload["seat"] = seat.index
    Event.objects.create(
        game=game,
        seq=game.version,
        kind=kind,
        seat=seat.index if seat is not None else None,
        payload=payload,
        actor=moderator,
    )
    ModerationAction.objects.create(
        moderator=moderator,
        action=kind,
        game=game,
        event_seq=game.version,
        target_user=seat.user if seat is not None and seat.user_id else None,
        reason=reason,
        details={k: v for k, v in payload.items() if k != "reason"},
    )
    if notify:
        moderation_queue(
            game=game,
            seq=game.version,
            action=kind,
            reason=reason,
            details={k: v for k, v in payload.items() if k != "reason"},
        )
    return game.version


def _seat(seats: list[Seat], index: int) -> Seat:
    seat = next((s for s in seats if s.index == index), None)
    if seat is None:
        raise InvalidRequestError("bad_seat", f"This game has no seat {index}.")
    return seat


def _started(game: Game) -> None:
    if game.status == GameStatus.OPEN or game.version < 1:
        raise ConflictError("game_not_started", "The game has not started.")


def _queue_bots_if_needed(game: Game, seats: list[Seat]) -> None:
    seat = next((s for s in seats if s.index == game.current_seat), None)
    if game.status == GameStatus.ACTIVE and seat is not None and seat.bot:
        services._queue_bot_turns_on_commit(game)


def game_pause(*, game: Game, moderator: AbstractBaseUser, reason: str) -> Game:
    """Stop the game's clocks: no move can be made and no deadline passes until resumed."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, _ = services._lock_with_seats(game)
        if game.status != GameStatus.ACTIVE:
            raise ConflictError("game_not_active", "Only an active game can be paused.")
        now = timezone.now()
        remaining = game.turn_deadline - now if game.turn_deadline else None
        game.status = GameStatus.PAUSED
        game.paused_remaining = max(remaining, timedelta(0)) if remaining is not None else None
        game.turn_deadline = None
        details = {"remaining_seconds": int(remaining.total_seconds())} if remaining else {}
        _record(
            game, moderator=moderator, kind=EventKind.PAUSE, reason=reason, notify=True, **details
        )
        game.save()
        return game


def game_resume(*, game: Game, moderator: AbstractBaseUser, reason: str) -> Game:
    """Start a paused game's clocks again (the turn gets the time it had left), or bring
    back a game a moderator abandoned."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = services._lock_with_seats(game)
        now = timezone.now()
        if game.status == GameStatus.PAUSED:
            if game.paused_remaining is not None:
                game.turn_deadline = now + game.paused_remaining
            details: dict[str, Any] = {"from": "paused"}
        elif game.status == GameStatus.ABANDONED and (game.result or {}).get("reason") == (
            "moderator"
        ):
            _started(game)
            game.result = None
            game.finished_at = None
            game.turn_since = now
            seat = next((s for s in seats if s.index == game.current_seat), None)
            human = seat is not None and not seat.bot
            game.turn_deadline = (
                now + game.turn_time_limit if human and game.turn_time_limit else None
            )
            details = {"from": "abandoned"}
        else:
            raise ConflictError(
                "game_not_paused", "Only a paused game, or one a moderator abandoned, can resume."
            )
        game.status = GameStatus.ACTIVE
        game.paused_remaining = None
        _record(
            game, moderator=moderator, kind=EventKind.RESUME, reason=reason, notify=True, **details
        )
        game.save()
        _queue_bots_if_needed(game, seats)
        return game


def game_abandon(*, game: Game, moderator: AbstractBaseUser, reason: str) -> Game:
    """End the game with no winner (``abandoned``); ``game_resume`` brings it back."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, _ = services._lock_with_seats(game)
        _started(game)
        if game.status not in {GameStatus.ACTIVE, GameStatus.PAUSED}:
            raise ConflictError("game_not_active", "Only a game in progress can be abandoned.")
        previous = game.status
        game.status = GameStatus.ABANDONED
        game.result = {"reason": "moderator", "winners": []}
        game.finished_at = timezone.now()
        game.turn_deadline = None
        game.paused_remaining = None
        _record(
            game,
            moderator=moderator,
            kind=EventKind.ABANDON,
            reason=reason,
            notify=True,
            previous_status=previous,
        )
        game.save()
        return game


def seat_replace_by_bot(*, game: Game, seat: int, moderator: AbstractBaseUser, reason: str) -> Seat:
    """The heuristic bot plays ``seat`` from now on; the player keeps the seat (restorable)."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = services._lock_with_seats(game)
        _started(game)
        if game.is_over:
            raise ConflictError("game_over", "The game is over.")
        target = _seat(seats, seat)
        if target.bot:
            raise ConflictError("already_a_bot", "A bot already plays this seat.")
        target.bot = BotKind.HEURISTIC
        target.save(update_fields=["bot"])
        if game.current_seat == target.index:
            game.turn_deadline = None
            game.paused_remaining = None
        _record(
            game,
            moderator=moderator,
            kind=EventKind.REPLACE_BY_BOT,
            reason=reason,
            seat=target,
            notify=True,
            user=target.user.get_username() if target.user_id else None,
        )
        game.save()
        _queue_bots_if_needed(game, seats)
        return target


def seat_restore(*, game: Game, seat: int, moderator: AbstractBaseUser, reason: str) -> Seat:
    """The player whose seat a bot plays takes it back (undoes a replacement or resignation)."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = services._lock_with_seats(game)
        _started(game)
        if game.is_over:
            raise ConflictError("game_over", "The game is over.")
        target = _seat(seats, seat)
        if not target.bot or not target.user_id:
            raise ConflictError("nothing_to_restore", "No player's seat is played by a bot here.")
        target.bot = ""
        target.status = SeatStatus.PLAYING
        target.save(update_fields=["bot", "status"])
        if game.current_seat == target.index:
            now = timezone.now()
            game.turn_since = now
            limit = game.turn_time_limit
            if game.status == GameStatus.PAUSED:
                game.paused_remaining = limit
            else:
                game.turn_deadline = now + limit if limit else None
        _record(
            game,
            moderator=moderator,
            kind=EventKind.RESTORE,
            reason=reason,
            seat=target,
            user=target.user.get_username(),
        )
        game.save()
        return target


def deadline_extend(*, game: Game, moderator: AbstractBaseUser, reason: str, by: timedelta) -> Game:
    """Move the current turn's deadline by ``by`` (negative: earlier, but not in the past)."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, _ = services._lock_with_seats(game)
        now = timezone.now()
        if game.status == GameStatus.PAUSED and game.paused_remaining is not None:
            new = game.paused_remaining + by
            if new < timedelta(0):
                raise InvalidRequestError("bad_deadline", "The deadline would be in the past.")
            game.paused_remaining = new
            details = {
                "by_seconds": int(by.total_seconds()),
                "remaining_seconds": int(new.total_seconds()),
            }
        elif game.status == GameStatus.ACTIVE and game.turn_deadline is not None:
            new_deadline = game.turn_deadline + by
            if new_deadline <= now:
                raise InvalidRequestError("bad_deadline", "The deadline would be in the past.")
            details = {
                "by_seconds": int(by.total_seconds()),
                "old_deadline": game.turn_deadline.isoformat(),
                "new_deadline": new_deadline.isoformat(),
            }
            game.turn_deadline = new_deadline
        else:
            raise ConflictError("no_deadline", "The current turn has no deadline.")
        _record(game, moderator=moderator, kind=EventKind.EXTEND_DEADLINE, reason=reason, **details)
        game.save()
        return game


def game_rollback(*, game: Game, to_seq: int, moderator: AbstractBaseUser, reason: str) -> Game:
    """Make the position after event ``to_seq`` current again, with a new ``rollback`` event.

    Nothing is removed: the events after ``to_seq`` stay in the history. A finished game
    rolled back to a position before its end is active again; a paused game stays paused.
    """
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = services._lock_with_seats(game)
        _started(game)
        if not 1 <= to_seq < game.version:
            raise InvalidRequestError(
                "bad_seq", f"Roll back to a seq from 1 to {game.version - 1}."
            )
        if game.status == GameStatus.ABANDONED:
            raise ConflictError("game_abandoned", "Resume the abandoned game first.")
        paused = game.status == GameStatus.PAUSED
        state = replay.state_at(game, to_seq)
        from_seq = game.version
        seq = _record(
            game,
            moderator=moderator,
            kind=EventKind.ROLLBACK,
            reason=reason,
            notify=False,
            to_seq=to_seq,
            from_seq=from_seq,
        )
        services._snapshot_if_due(game, seq, state)
        now = timezone.now()
        if game.status == GameStatus.FINISHED:
            game.result = None
            game.finished_at = None
        game.status = GameStatus.ACTIVE
        game.turn_since = None  # a fresh turn (and deadline) for the seat to move
        services._advance(game, state, seq=seq, now=now, seats=seats, queue_bots=not paused)
        if paused and game.status == GameStatus.ACTIVE:
            game.status = GameStatus.PAUSED
            game.paused_remaining = (
                game.turn_deadline - now if game.turn_deadline is not None else None
            )
            game.turn_deadline = None
            game.save()
        moderation_queue(
            game=game,
            seq=seq,
            action=EventKind.ROLLBACK,
            reason=reason,
            details={"to_seq": to_seq, "from_seq": from_seq},
        )
        return game


def user_suspend(
    *,
    user: AbstractBaseUser,
    moderator: AbstractBaseUser,
    reason: str,
    until: datetime | None = None,
) -> Suspension:
    """Keep ``user`` out until ``until`` (None: until lifted), in one transaction.

    While suspended the user cannot log in or get an API token, their token is refused, and
    joining, moving, undoing and resigning are refused (``NotAllowedError("suspended")``).

    Their games in progress must not wait for them: they follow each game's timeout policy
    (``games.timecontrol.deadlines``), as if every turn of theirs had run out of time, with no
    vacation —
    ``bot_move``: a bot plays their turns while the suspension lasts and the seat stays
    theirs; ``replace_by_bot``: a bot takes the seat (a moderator can ``seat_restore`` it);
    ``abandon``: the game ends. Games where it is their turn now are dealt with as soon as
    this commits; the others when the turn reaches them (the minute's deadline sweep looks
    for suspended players to move). Seats in open games are left as they are.
    """
    reason = check_reason(reason)
    now = timezone.now()
    if until is not None and until <= now:
        raise InvalidRequestError("bad_until", "A suspension must end in the future.")
    with transaction.atomic():
        # One suspension at a time: concurrent requests for the same user queue here.
        get_user_model().objects.select_for_update().get(pk=user.pk)
        if Suspension.objects.active(now).filter(user_id=user.pk).exists():
            raise ConflictError("already_suspended", "This user is already suspended.")
        suspension = Suspension.objects.create(
            user=user, reason=reason, until=until, created_by=moderator
        )
        games = list(
            Game.objects.filter(
                seats__user_id=user.pk,
                seats__bot="",
                seats__status=SeatStatus.PLAYING,
                status__in=[GameStatus.ACTIVE, GameStatus.PAUSED],
            )
            .distinct()
            .order_by("pk")
            .values_list("pk", "public_id")
        )
        transaction.on_commit(lambda: _suspended_turns_apply([pk for pk, _ in games]))
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.SUSPEND,
            target_user=user,
            reason=reason,
            details={
                "suspension": suspension.pk,
                "until": until.isoformat() if until else None,
                "games": [public_id for _, public_id in games],
            },
        )
        return suspension


def _suspended_turns_apply(game_ids: list[int]) -> None:
    """Apply the timeout policy now where the newly suspended player is to move (the sweep
    would within a minute; a failure here leaves it to the sweep)."""
    for game_id in game_ids:
        try:
            deadlines.turn_deadline_apply(game_id=game_id)
        except Exception:
            logger.exception("could not apply the timeout policy of game %s", game_id)


def user_unsuspend(
    *, user: AbstractBaseUser, moderator: AbstractBaseUser, reason: str
) -> list[Suspension]:
    """Lift the user's suspensions in force (one transaction, an audit row); those lifted."""
    reason = check_reason(reason)
    with transaction.atomic():
        get_user_model().objects.select_for_update().get(pk=user.pk)
        now = timezone.now()
        lifted = list(Suspension.objects.active(now).filter(user_id=user.pk))
        if not lifted:
            raise ConflictError("not_suspended", "This user is not suspended.")
        Suspension.objects.filter(pk__in=[s.pk for s in lifted]).update(
            lifted_at=now, lifted_by=moderator
        )
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.UNSUSPEND,
            target_user=user,
            reason=reason,
            details={"suspensions": [s.pk for s in lifted]},
        )
        for suspension in lifted:
            suspension.lifted_at, suspension.lifted_by = now, moderator
        return lifted


def chat_message_hide(
    *, message: ChatMessage, moderator: AbstractBaseUser, reason: str
) -> ChatMessage:
    """Hide a chat message from the players (moderators still see it, marked)."""
    reason = check_reason(reason)
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().get(pk=message.pk)
        if message.hidden_at is not None:
            raise ConflictError("already_hidden", "This message is already hidden.")
        message.hidden_at = timezone.now()
        message.hidden_by = moderator
        message.hidden_reason = reason
        message.save(update_fields=["hidden_at", "hidden_by", "hidden_reason"])
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.HIDE_MESSAGE,
            game_id=message.game_id,
            chat_message=message,
            target_user_id=message.author_id,
            reason=reason,
            details={"message": message.pk},
        )
        return message


def chat_message_unhide(
    *, message: ChatMessage, moderator: AbstractBaseUser, reason: str
) -> ChatMessage:
    """Show a hidden chat message to the players again (undoes ``chat_message_hide``)."""
    reason = check_reason(reason)
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().get(pk=message.pk)
        if message.hidden_at is None:
            raise ConflictError("not_hidden", "This message is not hidden.")
        details = {
            "message": message.pk,
            "hidden_by": message.hidden_by.get_username() if message.hidden_by_id else None,
            "hidden_reason": message.hidden_reason,
        }
        message.hidden_at = None
        message.hidden_by = None
        message.hidden_reason = ""
        message.save(update_fields=["hidden_at", "hidden_by", "hidden_reason"])
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.UNHIDE_MESSAGE,
            game_id=message.game_id,
            chat_message=message,
            target_user_id=message.author_id,
            reason=reason,
            details=details,
        )
        return message

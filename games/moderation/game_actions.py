"""What moderators do to a game: keyword-only functions, each one transaction.

Every action takes the moderator and a reason, and in one transaction (the game row locked,
``games.ledger``):

* appends an ``Event`` (kind ``pause``, ``resume``, ``abandon``, ``replace_by_bot``,
  ``restore``, ``extend_deadline`` or ``rollback``) with the moderator as its actor and
  ``{"reason": ..., ...}`` as its payload;
* writes a ``ModerationAction`` row (the audit log);
* for pause, resume, abandon, replacement and rollback, announces it to the players
  (``games.signals.moderator_acted``: the notifications app emails them).

Only ``rollback`` changes the engine state (replay treats it like an undo: the state after
it is the state after ``to_seq``); the others change the game or seat rows only. Every action
can be undone by another: pause/resume, replace_by_bot/restore, an abandoned game is
resumed, a deadline is extended again (or shortened), a rollback is rolled back to the seq
before it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import engine
from common.errors import ConflictError, InvalidRequestError
from engine import State
from games import final_positions, ledger, replay
from games.models import (
    BotKind,
    EventKind,
    Game,
    GameStatus,
    ModerationAction,
    ModerationKind,
    Seat,
    SeatStatus,
)
from games.moderation.audit import check_reason
from games.services import bots, plans, substitutes


def record_action(
    game: Game,
    *,
    moderator: User,
    kind: str,
    reason: str,
    seat: Seat | None = None,
    notify: bool = False,
    state: State | None = None,
    **details: Any,
) -> int:
    """Append the event at version + 1 and the audit row, and (``notify``) announce it to
    the players; the seq."""
    payload = {"reason": reason, **details}
    if seat is not None:
        payload["seat"] = seat.index
    seq = ledger.append(
        game,
        kind=kind,
        seat=seat.index if seat is not None else None,
        payload=payload,
        actor=moderator,
        state=state,
    )
    ModerationAction.objects.create(
        moderator=moderator,
        action=kind,
        game=game,
        event_seq=seq,
        target_user=seat.user if seat is not None and seat.user_id else None,
        reason=reason,
        details={k: v for k, v in payload.items() if k != "reason"},
    )
    if notify:
        ledger.announce_moderation(
            game,
            seq=seq,
            action=kind,
            reason=reason,
            details={k: v for k, v in payload.items() if k != "reason"},
        )
    return seq


def advance_keeping_pause(game: Game, state: State, *, seq: int, seats: list[Seat]) -> None:
    """Bring the row to ``state`` after event ``seq`` (``ledger.advance``); a paused game
    stays paused, and the clock of a turn that starts meanwhile waits with it."""
    now = timezone.now()
    paused = game.status == GameStatus.PAUSED
    game.status = GameStatus.ACTIVE
    ledger.advance(game, state, seq=seq, now=now, seats=seats, bots_may_move=not paused)
    if paused and game.status == GameStatus.ACTIVE:
        game.status = GameStatus.PAUSED
        if game.turn_deadline is not None:
            game.paused_remaining = ledger.turn_time_left(game, seats, now=now)
            game.turn_deadline = None
        ledger.write(game)


def _seat(seats: list[Seat], index: int) -> Seat:
    seat = next((s for s in seats if s.index == index), None)
    if seat is None:
        raise InvalidRequestError(
            "bad_seat", gettext("This game has no seat %(seat)s.") % {"seat": index}
        )
    return seat


def _started(game: Game) -> None:
    if game.status == GameStatus.OPEN or game.version < 1:
        raise ConflictError("game_not_started", gettext("The game has not started."))


def game_pause(*, game: Game, moderator: User, reason: str) -> Game:
    """Stop the game's clocks: no move can be made and no deadline passes until resumed."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        if game.status != GameStatus.ACTIVE:
            raise ConflictError("game_not_active", gettext("Only an active game can be paused."))
        now = timezone.now()
        remaining = ledger.turn_time_left(game, seats, now=now)
        game.status = GameStatus.PAUSED
        game.paused_remaining = max(remaining, timedelta(0)) if remaining is not None else None
        game.turn_deadline = None
        details: dict[str, Any] = (
            {"remaining_seconds": int(remaining.total_seconds())} if remaining else {}
        )
        record_action(
            game, moderator=moderator, kind=EventKind.PAUSE, reason=reason, notify=True, **details
        )
        ledger.write(game)
        return game


def game_resume(*, game: Game, moderator: User, reason: str) -> Game:
    """Start a paused game's clocks again (the turn gets the time it had left), or bring
    back a game a moderator abandoned."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        now = timezone.now()
        if game.status == GameStatus.PAUSED:
            if game.paused_remaining is not None:
                game.turn_deadline = ledger.turn_deadline_after(
                    game, seats, game.paused_remaining, now=now
                )
            details: dict[str, Any] = {"from": "paused"}
        elif game.status == GameStatus.ABANDONED and (game.result or {}).get("reason") == (
            "moderator"
        ):
            _started(game)
            game.result = None
            game.finished_at = None
            to_move = engine.current_player(replay.state_at(game, game.version))
            ledger.turn_start(game, seats, to_move, now=now)
            details = {"from": "abandoned"}
        else:
            raise ConflictError(
                "game_not_paused",
                gettext("Only a paused game, or one a moderator abandoned, can resume."),
            )
        game.status = GameStatus.ACTIVE
        game.paused_remaining = None
        record_action(
            game, moderator=moderator, kind=EventKind.RESUME, reason=reason, notify=True, **details
        )
        ledger.write(game)
        bots.queue_if_bot_to_move(game, seats)
        return game


def game_abandon(*, game: Game, moderator: User, reason: str) -> Game:
    """End the game with no winner (``abandoned``); ``game_resume`` brings it back."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, _ = ledger.lock(game)
        _started(game)
        if game.status not in {GameStatus.ACTIVE, GameStatus.PAUSED}:
            raise ConflictError(
                "game_not_active", gettext("Only a game in progress can be abandoned.")
            )
        previous = game.status
        ledger.finish(
            game,
            status=GameStatus.ABANDONED,
            result={"reason": "moderator", "winners": []},
            now=timezone.now(),
            final=False,  # the abandon event comes after
        )
        record_action(
            game,
            moderator=moderator,
            kind=EventKind.ABANDON,
            reason=reason,
            notify=True,
            previous_status=previous,
        )
        final_positions.keep(game)
        ledger.write(game)
        return game


def seat_replace_by_bot(*, game: Game, seat: int, moderator: User, reason: str) -> Seat:
    """The heuristic bot plays ``seat`` from now on; the player keeps the seat (restorable)."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        _started(game)
        if game.is_over:
            raise ConflictError("game_over", gettext("The game is over."))
        target = _seat(seats, seat)
        if target.bot:
            raise ConflictError("already_a_bot", gettext("A bot already plays this seat."))
        target.bot = BotKind.HEURISTIC
        target.save(update_fields=["bot"])
        if game.current_seat == target.index:
            game.turn_deadline = None
            game.paused_remaining = None
        record_action(
            game,
            moderator=moderator,
            kind=EventKind.REPLACE_BY_BOT,
            reason=reason,
            seat=target,
            notify=True,
            user=target.user.get_username() if target.user else None,
        )
        ledger.write(game)
        bots.queue_if_bot_to_move(game, seats)
        return target


def seat_restore(*, game: Game, seat: int, moderator: User, reason: str) -> Seat:
    """The player whose seat a bot plays takes it back (undoes a replacement or resignation)."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        _started(game)
        if game.is_over:
            raise ConflictError("game_over", gettext("The game is over."))
        target = _seat(seats, seat)
        if not target.bot or target.user is None:
            raise ConflictError(
                "nothing_to_restore", gettext("No player's seat is played by a bot here.")
            )
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
                game.turn_deadline = ledger.turn_deadline_of(game, target, since=now)
        record_action(
            game,
            moderator=moderator,
            kind=EventKind.RESTORE,
            reason=reason,
            seat=target,
            user=target.user.get_username(),
        )
        ledger.write(game)
        return target


def seat_assign_substitute(
    *, game: Game, seat: int, username: str, moderator: User, reason: str
) -> Seat:
    """Give a seat seeking a substitute to the user called ``username``: as if they had
    taken it over (``games.services.substitutes``), except that the game's join condition
    is the moderator's to weigh. The ``take_over`` event has the moderator as its actor."""
    reason = check_reason(reason)
    name = username.strip()
    user = User.objects.filter(username=name).first()
    if user is None:
        raise InvalidRequestError(
            "unknown_user",
            gettext("No player is called %(name)s: check the spelling of the username.")
            % {"name": repr(name)},
        )
    with transaction.atomic():
        game, seats = ledger.lock(game)
        _started(game)
        target = substitutes.seeking_seat(game, seats, seat)
        substitutes.seat_give_locked(
            game, seats, target, user, actor=moderator, reason=reason, assigned=True
        )
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.TAKE_OVER,
            game=game,
            event_seq=game.version,
            target_user=user,
            reason=reason,
            details={"seat": target.index, "user": user.get_username()},
        )
        return target


def deadline_extend(*, game: Game, moderator: User, reason: str, by: timedelta) -> Game:
    """Move the current turn's deadline by ``by`` (negative: earlier, but not in the past).

    ``by`` is time on the mover's clock as the game's clock counts it: their waking time
    (``common.waking_time``), so a day added to a game with quiet hours is a day of the
    mover's waking hours and lands where a day's more turn time would have, not a calendar
    day that may end in their night. Without quiet hours or a weekend pause the two are the
    same. A paused game's remaining time is already waking time."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        now = timezone.now()
        details: dict[str, Any]
        if game.status == GameStatus.PAUSED and game.paused_remaining is not None:
            new = game.paused_remaining + by
            if new < timedelta(0):
                raise InvalidRequestError(
                    "bad_deadline", gettext("The deadline would be in the past.")
                )
            game.paused_remaining = new
            details = {
                "by_seconds": int(by.total_seconds()),
                "remaining_seconds": int(new.total_seconds()),
            }
        elif game.status == GameStatus.ACTIVE and game.turn_deadline is not None:
            left = ledger.turn_time_left(game, seats, now=now)
            assert left is not None  # the turn has a deadline
            if left + by <= timedelta(0):
                raise InvalidRequestError(
                    "bad_deadline", gettext("The deadline would be in the past.")
                )
            new_deadline = ledger.turn_deadline_after(game, seats, left + by, now=now)
            if new_deadline <= now:
                raise InvalidRequestError(
                    "bad_deadline", gettext("The deadline would be in the past.")
                )
            details = {
                "by_seconds": int(by.total_seconds()),
                "old_deadline": game.turn_deadline.isoformat(),
                "new_deadline": new_deadline.isoformat(),
            }
            game.turn_deadline = new_deadline
        else:
            raise ConflictError("no_deadline", gettext("The current turn has no deadline."))
        record_action(
            game, moderator=moderator, kind=EventKind.EXTEND_DEADLINE, reason=reason, **details
        )
        ledger.write(game)
        return game


def game_rollback(*, game: Game, to_seq: int, moderator: User, reason: str) -> Game:
    """Make the position after event ``to_seq`` current again, with a new ``rollback`` event.

    Nothing is removed: the events after ``to_seq`` stay in the history. A finished game
    rolled back to a position before its end is active again; a paused game stays paused.
    """
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        _started(game)
        if not 1 <= to_seq < game.version:
            raise InvalidRequestError(
                "bad_seq",
                gettext("Roll back to a seq from 1 to %(last)d.") % {"last": game.version - 1},
            )
        if game.status == GameStatus.ABANDONED:
            raise ConflictError("game_abandoned", gettext("Resume the abandoned game first."))
        state = replay.state_at(game, to_seq)
        from_seq = game.version
        seq = record_action(
            game,
            moderator=moderator,
            kind=EventKind.ROLLBACK,
            reason=reason,
            notify=False,
            state=state,
            to_seq=to_seq,
            from_seq=from_seq,
        )
        if game.status == GameStatus.FINISHED:
            game.result = None
            game.finished_at = None
            game.status = GameStatus.ACTIVE
        game.turn_since = None  # a fresh turn (and deadline) for the seat to move
        game.paused_remaining = None
        plans.plans_drop_after(game, 0)  # every plan was made against what is undone
        advance_keeping_pause(game, state, seq=seq, seats=seats)
        ledger.announce_moderation(
            game,
            seq=seq,
            action=EventKind.ROLLBACK,
            reason=reason,
            details={"to_seq": to_seq, "from_seq": from_seq},
        )
        return game

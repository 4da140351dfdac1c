"""Seats that survive a leaver: handing one's seat over, and taking over a seat so left.

A player who can no longer play hands their seat over (``seat_hand_over``): a ``hand_over``
event records it, the seat is "seeking a substitute" and loses its player (they no longer
see its hand, get its emails or count as seated), and the heuristic bot plays it
meanwhile, through the same bot task that plays a seat a timeout gave to a bot. Anyone
with the game's link who is not at its table and meets its join condition takes it over
(``seat_take_over``), or a moderator gives it to someone (``games.moderation``): a
``take_over`` event, and from then on the seat, its hand, its turn emails and its clock are
the new player's. The position never changes: the events are recorded only
(``games.lineage``); the ``Stint`` rows written beside them say who held the seat when
(``games.stints``), for the ratings (docs/ratings.md), the reliability signal and the log.

A person comes to a table once: whoever left a seat of a game cannot take one over there
(their leaving counted as not finishing it), and the last person at a table cannot hand
over (no one would be left to play on: they resign instead).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import ConflictError, InvalidRequestError
from games import ledger, reliability, signals
from games.models import (
    BotKind,
    EventKind,
    Game,
    GameStatus,
    PlanStatus,
    Seat,
    SeatStatus,
    Stint,
    TurnPlan,
)
from games.permissions import require_not_suspended, seat_of

IN_PROGRESS = (GameStatus.ACTIVE, GameStatus.PAUSED)


def seat_hand_over(*, game: Game | str, user: User) -> Seat:
    """Leave ``user``'s seat to a substitute (see the module docstring); the seat."""
    require_not_suspended(user)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = seat_of(game, user, seats)
        if game.status not in IN_PROGRESS:
            raise ConflictError(
                "game_not_active", gettext("Only a seat of a game in progress can be handed over.")
            )
        if seat.status != SeatStatus.PLAYING:
            raise ConflictError(
                "already_resigned", gettext("You have resigned from this game: a bot plays on.")
            )
        others = [
            s
            for s in seats
            if s.index != seat.index and s.user_id and not s.bot and s.status == SeatStatus.PLAYING
        ]
        if not others:
            raise ConflictError(
                "last_player",
                gettext(
                    "You are the last person playing this game: nobody would be left to play "
                    "on with a substitute. Resign instead if you must leave."
                ),
            )
        before_seat = game.current_seat
        seq = ledger.append(
            game,
            kind=EventKind.HAND_OVER,
            seat=seat.index,
            payload={"seat": seat.index, "user": user.get_username()},
            actor=user,
        )
        _close_stint(game, seat, user, seq)
        TurnPlan.objects.filter(game=game, seat=seat.index, status=PlanStatus.PENDING).update(
            status=PlanStatus.DROPPED
        )
        seat.user = None
        seat.bot = BotKind.HEURISTIC
        seat.seeking_substitute = True
        seat.save(update_fields=["user", "bot", "seeking_substitute"])
        if game.current_seat == seat.index:
            game.turn_deadline = None  # the bot plays this turn: bots have no deadline
            game.paused_remaining = None
        ledger.write(game, before_seat=before_seat, seats=seats, announce=True)
        ledger.announce_seat_change(
            game,
            seq=seq,
            seat=seat.index,
            action=EventKind.HAND_OVER,
            leaver=user.get_username(),
            substitute=None,
            actor_id=user.pk,
        )
        return seat


def seat_take_over(*, game: Game | str, user: User, seat: int | None = None) -> Seat:
    """``user`` takes over a seat seeking a substitute (``seat``, or the first one); the
    seat. The game's join condition applies, as for joining it."""
    require_not_suspended(user)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        target = seeking_seat(game, seats, seat)
        reliability.join_condition_check(game, user.pk)
        return seat_give_locked(game, seats, target, user, actor=user)


def seeking_seat(game: Game, seats: list[Seat], index: int | None) -> Seat:
    """The seat ``index`` of ``game`` (the first seeking one when None), refused unless it
    seeks a substitute in a game in progress."""
    if game.status not in IN_PROGRESS:
        raise ConflictError(
            "game_not_active", gettext("Only a seat of a game in progress can be taken over.")
        )
    if index is None:
        target = next((s for s in seats if s.seeking_substitute), None)
        if target is None:
            raise ConflictError(
                "no_seat_seeking", gettext("No seat of this game is seeking a substitute.")
            )
        return target
    target = next((s for s in seats if s.index == index), None)
    if target is None:
        raise InvalidRequestError(
            "bad_seat", gettext("This game has no seat %(seat)s.") % {"seat": index + 1}
        )
    if not target.seeking_substitute:
        raise ConflictError(
            "seat_not_seeking",
            gettext("Seat %(seat)s is not seeking a substitute.") % {"seat": index + 1},
        )
    return target


def seat_give_locked(
    game: Game, seats: list[Seat], target: Seat, user: User, *, actor: User, **details: Any
) -> Seat:
    """Give ``target`` (seeking a substitute) to ``user`` in the caller's transaction, the
    game locked: ``actor`` is the user themselves, or the moderator who chose them
    (``details``: what the event records besides)."""
    if any(s.user_id == user.pk for s in seats):
        raise ConflictError(
            "already_seated", gettext("You already have a seat in this game: one is enough.")
        )
    if Stint.objects.filter(game=game, user=user).exists():
        raise ConflictError(
            "left_this_game",
            gettext("%(name)s left a seat of this game: someone else must take it over.")
            % {"name": user.get_username()},
        )
    if not user.is_active:
        raise ConflictError(
            "inactive_user",
            gettext("%(name)s cannot play: the account is not active.")
            % {"name": user.get_username()},
        )
    leaver = (
        Stint.objects.filter(game=game, seat=target.index, ended_seq__isnull=False)
        .order_by("-ended_seq")
        .select_related("user")
        .first()
    )
    leaver_name = leaver.user.get_username() if leaver is not None else ""
    before_seat = game.current_seat
    seq = ledger.append(
        game,
        kind=EventKind.TAKE_OVER,
        seat=target.index,
        payload={
            "seat": target.index,
            "user": user.get_username(),
            "left_by": leaver_name,
            **details,
        },
        actor=actor,
    )
    Stint.objects.create(game=game, seat=target.index, user=user, started_seq=seq)
    target.user = user
    target.bot = ""
    target.seeking_substitute = False
    target.save(update_fields=["user", "bot", "seeking_substitute"])
    signals.seat_taken.send(sender=Seat, seat=target)  # its clock runs in their time zone
    if game.current_seat == target.index:
        # The turn is theirs now: a fresh one, with the seat's time bank, as a restored
        # player's is; told by their "your turn" email (``before_seat`` None).
        now = timezone.now()
        game.turn_since = now
        if game.status == GameStatus.PAUSED:
            game.paused_remaining = game.turn_time_limit
        else:
            game.turn_deadline = ledger.turn_deadline_of(game, target, since=now)
        before_seat = None
    ledger.write(game, before_seat=before_seat, seats=seats, announce=True)
    ledger.announce_seat_change(
        game,
        seq=seq,
        seat=target.index,
        action=EventKind.TAKE_OVER,
        leaver=leaver_name,
        substitute=user.get_username(),
        actor_id=actor.pk,
    )
    return target


def _close_stint(game: Game, seat: Seat, user: User, seq: int) -> None:
    """End ``user``'s stint at ``seat`` with the hand-over ``seq`` (its first player's,
    from the setup, is written now: a seat that never changed hands has none)."""
    updated = Stint.objects.filter(
        game=game, seat=seat.index, user=user, ended_seq__isnull=True
    ).update(ended_seq=seq)
    if not updated:
        Stint.objects.create(game=game, seat=seat.index, user=user, started_seq=1, ended_seq=seq)

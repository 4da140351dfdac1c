"""Turn deadlines: what happens when the seat to move does not move in time.

A game with a time control (``Game.turn_time_limit``: 24 h, 72 h, 7 days per turn, ...) gives
the human seat to move a deadline, ``Game.turn_deadline``, set when the turn passes to it.
Deadlines live in the database and a beat task (every minute) finds the ones that passed:
no Celery countdown is involved, so a restarted worker or broker loses none.

When a deadline passes:

1. **Vacation.** Each player has ``Game.vacation_days`` for the whole game. While some are
   left, one day (or what is left of the last one) is used up and the deadline moves out by
   as much: the player's clock stops while they are away, without their having to say so.
   The player is told, and can see what is left (``Seat.vacation_used``). A deadline
   already includes the seat's time bank and skips their quiet hours and weekend
   (``games.ledger.turn_start``); a vacation day that would end in them is lengthened to
   the player's morning.
2. **The game's policy** (``Game.timeout_policy``) once the vacation is used up:

   * ``bot_move``: the heuristic bot plays the rest of this turn for the seat; the next
     turn is the player's again;
   * ``replace_by_bot``: the bot plays the seat for the rest of the game (when no other
     human is left playing, the game is abandoned instead);
   * ``abandon``: the game ends, ``abandoned``.

A **suspended** player (``games.moderation.user_suspend``) cannot move, so their turn is
due at once whatever its deadline, and without vacation: the game's policy applies as soon
as the sweep sees them to move (within a minute), and the ``timeout`` event says
``"suspended": true``. With ``bot_move`` their seat stays theirs, so they play again once
the suspension ends; with ``replace_by_bot`` a moderator can restore the seat.

Either way a ``timeout`` event records what happened (the bot's decisions follow as ordinary
move events, with no actor), and the players are told by email.

Exactly once: the sweep locks the game row, skipping it if another transaction holds it (a
concurrent sweep, or a move being submitted), and checks again under the lock that the
deadline has passed. Applying the policy moves or clears the deadline in the same
transaction, so a sweep that comes after finds nothing left to do.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

import engine
import engine.bots
from common.timefmt import zone
from common.waking_time import next_waking
from games import ledger, replay
from games.models import (
    BotKind,
    EventKind,
    Game,
    GameStatus,
    Seat,
    SeatStatus,
    Suspension,
    TimeoutPolicy,
)

# The bot playing a late player's turn makes at most this many decisions in one go.
MAX_BOT_DECISIONS = 500
VACATION_STEP = timedelta(days=1)


def turn_deadlines_sweep(*, now: datetime | None = None, limit: int = 200) -> int:
    """Apply the policy of every active game whose turn deadline has passed, or whose seat to
    move belongs to a suspended player; how many."""
    now = now or timezone.now()
    due = list(
        Game.objects.filter(status=GameStatus.ACTIVE, turn_deadline__lte=now)
        .order_by("turn_deadline")
        .values_list("pk", flat=True)[:limit]
    )
    due += [pk for pk in _suspended_to_move(now)[:limit] if pk not in due]
    return sum(1 for game_id in due if turn_deadline_apply(game_id=game_id, now=now))


def _suspended_to_move(now: datetime) -> list[int]:
    """Active games waiting for a human seat whose player is suspended now."""
    suspended = Suspension.objects.active(now).values("user_id")
    to_move = Seat.objects.filter(
        game_id=OuterRef("pk"),
        index=OuterRef("current_seat"),
        bot="",
        user_id__in=suspended,
    )
    return list(
        Game.objects.filter(status=GameStatus.ACTIVE)
        .filter(Exists(to_move))
        .order_by("turn_since")
        .values_list("pk", flat=True)
    )


def turn_deadline_apply(*, game_id: int, now: datetime | None = None) -> str | None:
    """What was done about the passed deadline of this game, or None (nothing was due, or
    another transaction holds the game: the next sweep will see)."""
    now = now or timezone.now()
    with transaction.atomic():
        # SKIP LOCKED: a concurrent sweep is applying this very deadline (or a move is being
        # made); waiting for it would only find the deadline gone.
        locked = ledger.lock_unless_busy(game_id)
        if locked is None or locked[0].status != GameStatus.ACTIVE:
            return None
        game, seats = locked
        seat = next((s for s in seats if s.index == game.current_seat), None)
        suspended = (
            seat is not None
            and not seat.bot
            and seat.user_id is not None
            and Suspension.objects.active(now).filter(user_id=seat.user_id).exists()
        )
        if not suspended and (game.turn_deadline is None or game.turn_deadline > now):
            return None
        if seat is None or seat.bot:
            game.turn_deadline = None  # a bot's turn has no deadline
            ledger.write(game, fields=["turn_deadline"])
            return None
        deadline = game.turn_deadline or now

        vacation_left = timedelta(days=game.vacation_days) - seat.vacation_used
        if vacation_left > timedelta(0) and not suspended:
            return _use_vacation(game, seat, deadline, min(vacation_left, VACATION_STEP))

        policy = game.timeout_policy
        humans_left = [
            s
            for s in seats
            if s.index != seat.index and s.user_id and not s.bot and s.status == SeatStatus.PLAYING
        ]
        if policy == TimeoutPolicy.REPLACE_BY_BOT and not humans_left:
            policy = TimeoutPolicy.ABANDON
        why = {"suspended": True} if suspended else {}
        seq = _record(game, seat, policy, deadline, **why)
        if policy == TimeoutPolicy.ABANDON:
            ledger.finish(
                game,
                status=GameStatus.ABANDONED,
                now=now,
                result={
                    "reason": "suspended" if suspended else "timeout",
                    "seat": seat.index,
                    "winners": [],
                },
            )
            ledger.write(game)
            ledger.announce_deadline_passed(
                game, seq=seq, seat=seat.index, action=policy, deadline=deadline, details=why
            )
            return policy

        if policy == TimeoutPolicy.REPLACE_BY_BOT:
            seat.bot = BotKind.HEURISTIC
            seat.save(update_fields=["bot"])
        state = replay.state_at(game, game.version)
        for _ in range(MAX_BOT_DECISIONS):
            if engine.current_player(state) != seat.index:
                break
            move = engine.bots.choose_move(state, seat.index, kind=BotKind.HEURISTIC)
            state = ledger.append_move(game, seat, state, move, actor=None)
        ledger.announce_deadline_passed(
            game, seq=seq, seat=seat.index, action=policy, deadline=deadline, details=why
        )
        ledger.advance(game, state, seq=game.version, now=now, seats=seats)
        return policy


def _use_vacation(game: Game, seat: Seat, deadline: datetime, step: timedelta) -> str:
    seat.vacation_used += step
    seat.save(update_fields=["vacation_used"])
    # A vacation day is a calendar day; one that ends in the player's night (or weekend)
    # lasts until their clock runs again, as every deadline does.
    game.turn_deadline = next_waking(deadline + step, game.clock_rules, zone(seat.time_zone))
    left = timedelta(days=game.vacation_days) - seat.vacation_used
    details = {
        "vacation_used_seconds": int(step.total_seconds()),
        "vacation_left_seconds": int(left.total_seconds()),
    }
    seq = _record(
        game, seat, "vacation_day", deadline, new_deadline=game.turn_deadline.isoformat(), **details
    )
    ledger.write(game, fields=["version", "turn_deadline"])
    assert seat.user_id is not None  # the seat to move of an active game, no bot's: a player's
    ledger.announce_deadline_passed(
        game,
        seq=seq,
        seat=seat.index,
        action="vacation_day",
        deadline=deadline,
        recipients=[seat.user_id],
        details=details,
    )
    return "vacation_day"


def _record(game: Game, seat: Seat, action: str, deadline: datetime, **details: object) -> int:
    """Append the ``timeout`` event (the game row is locked); its seq."""
    return ledger.append(
        game,
        kind=EventKind.TIMEOUT,
        seat=seat.index,
        payload={"seat": seat.index, "action": action, "deadline": deadline.isoformat(), **details},
        actor=None,
    )

"""Planned turns: a player prepares their next turn while the others move, and it plays itself.

A plan is a list of decisions chosen against ``engine.turn_preview``: the seat's next turn as
if it began in the position the player sees now. Each step keeps the move, its notation and
its price (``engine.price``: fees, prices, gains) as the player was shown them. A plan is
closed after a move that revealed something (``engine.move_revealed``: a draw, a refill, a
shuffle), since the decisions after it depend on what nobody could see, and after the move
that ends the turn.

When the turn passes to the seat (the ledger announces it: any move, a bot's, a reply by
email), a task plays the plan through the ledger, step by step, each only while it is still
legal and priced the same; the first difference stops it and says why. The plan is private:
only its owner reads it (``plan_of``), the events of the moves it played are those of any
move, and the owner's log learns which they were from the plan's ``played`` seqs. A takeback
(an undo or an agreed takeback) or a moderator's rollback drops the plans made after the
position it returns to. Why a plan stopped is kept as data (``games.plan_stops``) and said
in the reader's language.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from common import after_response
from common.errors import ConflictError, InvalidRequestError, NotAllowedError, ServiceError
from common.task_registry import task_named
from engine import Move, Price, State
from games import ledger, plan_stops, prepared, replay, signals
from games.errors import GameNotFoundError, StaleVersionError
from games.models import Event, Game, GameStatus, PlanStatus, Seat, TurnPlan
from games.permissions import require_not_suspended, seat_of

logger = logging.getLogger(__name__)

# A turn has a handful of decisions; a longer plan is not one turn.
MAX_PLAN_STEPS = 30


@dataclass
class PlanPreview:
    """A seat's plan as its owner sees it: the steps, and what they may add next."""

    plan: TurnPlan | None
    state: State | None  # the preview after the steps (never shown: its moves are)
    moves: list[Move] = field(default_factory=list)  # what the next step may be
    problem: str = ""  # why the plan cannot be extended (it no longer fits the game)

    @property
    def closed(self) -> bool:
        return self.plan is not None and self.plan.closed


def plan_outcome(plan: TurnPlan | None, seq: int) -> dict[str, Any] | None:
    """What a plan that ran did, for its owner's email of event ``seq`` (the position that
    gave them the turn, or the one after the plan's moves); None for another position."""
    if (
        plan is None
        or plan.ran_at is None
        or plan.status not in (PlanStatus.RAN, PlanStatus.STOPPED)
    ):
        return None
    if seq not in (plan.ran_at, plan.played[-1] if plan.played else plan.ran_at):
        return None
    steps = [step["notation"] for step in plan.steps]
    index = plan.stop_index
    return {
        "played": steps[: len(plan.played)],
        "stopped_before": steps[index] if index is not None and index < len(steps) else "",
        "reason": plan_stops.stop_words(plan.stop, plan.stop_reason),
    }


def plan_of(*, game: Game, user: User) -> TurnPlan | None:
    """The user's own plan in ``game`` (pending, or the last one and its outcome)."""
    seat = next((s for s in game.seats.all() if s.user_id == user.pk and not s.bot), None)
    if seat is None:
        return None
    return seat_plan(game=game, seat=seat)


def seat_plan(*, game: Game, seat: Seat) -> TurnPlan | None:
    """``plan_of`` for a caller that has the player's seat already (a turn email has the
    game's seats): one query instead of two."""
    if seat.bot or seat.user_id is None:
        return None
    return prepared.seat_plan(game_pk=game.pk, seat=seat.index, user_id=seat.user_id)


def plan_preview(*, game: Game, user: User, state: State) -> PlanPreview:
    """The user's plan against the game's current ``state``: its steps replayed on the turn
    preview, and the moves a next step may be. Empty while planning is not possible (the
    user's turn, a bot's seat, a game that is not active)."""
    plan = plan_of(game=game, user=user)
    seat = _planning_seat(game, user)
    if seat is None:
        return PlanPreview(plan=plan, state=None)
    pending = plan if plan is not None and plan.status == PlanStatus.PENDING else None
    preview = engine.turn_preview(state, seat.index)
    if preview is None:
        return PlanPreview(plan=plan, state=None, problem=_("You have no turn left to plan."))
    steps = pending.steps if pending is not None else []
    try:
        preview = _played(preview, seat.index, steps)
    except engine.IllegalMove:
        return PlanPreview(
            plan=plan,
            state=None,
            problem=_(
                "The game has moved on: your plan no longer fits it. It is checked again "
                "when your turn comes; cancel it to plan afresh."
            ),
        )
    closed = pending is not None and pending.closed
    moves = [] if closed else engine.legal_moves(preview, seat.index)
    return PlanPreview(plan=plan, state=preview, moves=moves)


def plan_add_step(
    *,
    game: Game | str,
    user: User,
    index: int | None = None,
    text: str | None = None,
    expected_version: int | None = None,
) -> TurnPlan:
    """Add a decision to the user's plan: the ``index``-th of the moves the preview offers,
        or a move's notation (``text``, as in an email); ``expected_version``: the game's version
    the offered moves were listed at (a stale one is a 409). A 409 when the plan is closed or no
        longer fits the game, a 400 for a move that is not one of those offered."""
    require_not_suspended(user)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = _require_planning_seat(game, user, seats)
        if expected_version is not None and expected_version != game.version:
            raise StaleVersionError(expected=expected_version, current=game.version)
        state = replay.state_at(game, game.version)
        plan = _pending_or_new(game, seat, user)
        if plan.closed:
            raise ConflictError("plan_closed", _("Your plan stops here: it cannot go further."))
        if len(plan.steps) >= MAX_PLAN_STEPS:
            raise InvalidRequestError("plan_too_long", _("A plan is one turn: it is full."))
        preview = engine.turn_preview(state, seat.index)
        if preview is None:
            raise ConflictError("no_turn_left", _("You have no turn left to plan."))
        try:
            preview = _played(preview, seat.index, plan.steps)
        except engine.IllegalMove as exc:
            raise ConflictError(
                "plan_outdated",
                _("The game has moved on: your plan no longer fits it. Cancel it to plan afresh."),
            ) from exc
        moves = engine.legal_moves(preview, seat.index)
        move = _chosen(preview, seat.index, moves, index, text)
        step = {
            "move": move,
            "notation": engine.describe(preview, seat.index, move),
            "price": engine.price(preview, seat.index, move),
        }
        after = engine.apply(preview, seat.index, move)
        plan.steps = [*plan.steps, step]
        plan.closed = (
            engine.move_revealed(after)
            or engine.is_over(after)
            or engine.current_player(after) != seat.index
        )
        plan.planned_at = game.version
        plan.save()
        return plan


def plan_replace(*, game: Game | str, user: User, lines: list[str]) -> TurnPlan | None:
    """The user's plan made anew from ``lines`` (moves' notations, as in a reply by email),
    all or none: a line that is not a move the plan may make next leaves the former plan as
    it was and says which line. No line: the plan is cancelled. None when no plan is left."""
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = _require_planning_seat(game, user, seats)
        TurnPlan.objects.filter(game=game, seat=seat.index).delete()
        plan = None
        for number, line in enumerate(lines, start=1):
            try:
                plan = plan_add_step(game=game, user=user, text=line)
            except ServiceError as exc:
                raise InvalidRequestError(
                    exc.code,
                    _("Line %(number)s (%(line)s): %(reason)s")
                    % {"number": number, "line": line, "reason": exc.message},
                ) from exc
        return plan


def plan_remove_last(*, game: Game | str, user: User) -> TurnPlan | None:
    """Take the plan's last step off (the plan is cancelled with its only step)."""
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = _require_seat(game, user, seats)
        plan = _pending(game, seat)
        if plan is None or not plan.steps:
            raise ConflictError("no_plan", _("You have no plan to change."))
        if len(plan.steps) == 1:
            plan.delete()
            return None
        plan.steps = plan.steps[:-1]
        plan.closed = False
        plan.planned_at = game.version
        plan.save()
        return plan


def plan_cancel(*, game: Game | str, user: User) -> None:
    """Cancel the user's pending plan: nothing will be played for them."""
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = _require_seat(game, user, seats)
        plan = _pending(game, seat)
        if plan is None:
            raise ConflictError("no_plan", _("You have no plan to cancel."))
        plan.delete()


def plans_drop_after(game: Game, seq: int) -> int:
    """A takeback or a rollback returned the game to event ``seq``: the pending plans made
    after it were made against a position that no longer is, and are dropped."""
    return TurnPlan.objects.filter(game=game, status=PlanStatus.PENDING, planned_at__gt=seq).update(
        status=PlanStatus.DROPPED, stop=plan_stops.stop(plan_stops.DROPPED), stop_reason=""
    )


# --- playing a plan ------------------------------------------------------------------------


def plan_play(*, game_id: int, version: int) -> int:
    """Play the pending plan of the seat to move, at ``version`` (the position that gave it
    the turn). Each step is played only while it is still legal and priced as when it was
    planned; the first that is not stops the plan, which then says why. Idempotent: a task for
    a version the game has left does nothing. Returns the number of moves played."""
    with transaction.atomic():
        try:
            game, seats = ledger.lock(game_id)
        except GameNotFoundError:
            return 0
        if game.version != version or game.status != GameStatus.ACTIVE:
            return 0
        seat = next((s for s in seats if s.index == game.current_seat), None)
        if seat is None or seat.bot or seat.user is None:
            return 0
        plan = (
            TurnPlan.objects.select_for_update()
            .filter(game=game, seat=seat.index, user=seat.user, status=PlanStatus.PENDING)
            .first()
        )
        if plan is None:
            return 0
        state = replay.state_at(game, game.version)
        events: list[Event] = []
        stop: tuple[int, dict[str, Any]] | None = None
        for number, step in enumerate(plan.steps):
            if engine.current_player(state) != seat.index:
                stop = (number, plan_stops.stop(plan_stops.TURN_ENDED))
                break
            difference = _difference(state, seat.index, step)
            if difference is not None:
                stop = (number, difference)
                break
            state, event = ledger.move_event(game, seat, state, step["move"], actor=seat.user)
            events.append(event)
        plan.played = [event.seq for event in events]
        plan.ran_at = version
        if stop is None:
            plan.status = PlanStatus.RAN
        else:
            plan.status = PlanStatus.STOPPED
            plan.stop_index, plan.stop = stop
        plan.save()
        if events:
            ledger.advance(
                game, state, seq=game.version, now=timezone.now(), seats=seats, events=events
            )
        if game.status == GameStatus.ACTIVE and game.current_seat == seat.index:
            signals.plan_stopped.send(sender=Game, game=game, seq=game.version, seats=seats)
        return len(events)


def _difference(state: State, seat: int, step: dict[str, Any]) -> dict[str, Any] | None:
    """Why ``step`` may not be played now (None when it may): not legal any more, or
    presented otherwise than when it was planned (its price, fees or gains); a stop as
    ``games.plan_stops`` stores it."""
    move: Move = step["move"]
    if move not in engine.legal_moves(state, seat):
        return plan_stops.stop(plan_stops.NO_LONGER_POSSIBLE)
    now: Price = engine.price(state, seat, move)
    planned: Price = step["price"]
    if _same_price(now, planned):
        return None
    return plan_stops.price_changed(planned, now)


def _same_price(a: Price, b: Price) -> bool:
    return a["cost"] == b["cost"] and a["cost_text"] == b["cost_text"] and a["gains"] == b["gains"]


def queue_on_commit(game: Game) -> None:
    """Queue the plan's task once the transaction commits, after the answer to the request.
    Unlike a bot's turn (``games.services.bots``), a plan is never played by the web process
    after its answer: no sweep would play one that a process dying then left unplayed, while
    the task outlives a worker's death (late acknowledgement)."""
    game_id, version = game.pk, game.version
    transaction.on_commit(lambda: after_response.defer(lambda: queue_plan(game_id, version)))


def queue_plan(game_id: int, version: int) -> None:
    try:
        task_named("games.play_plan").delay(game_id, version)
    except Exception:  # the move is committed; the player plays their turn themselves
        logger.exception("could not queue the plan of game %s at version %s", game_id, version)


@receiver(signals.game_advanced, dispatch_uid="games.services.plans.on_game_advanced")
def on_game_advanced(
    sender: Any,
    *,
    game: Game,
    before_seat: int | None = None,
    seats: list[Seat] | None = None,
    **kwargs: Any,
) -> None:
    """The turn passed to a player: if they have a plan, a task plays it after the commit
    (not while a moderator keeps the game paused). Only a turn that passes to a human costs
    a query; a move within a turn costs none."""
    if game.status != GameStatus.ACTIVE or seats is None:
        return
    to_move = game.current_seat
    if to_move is None or to_move == before_seat:
        return
    seat = next((s for s in seats if s.index == to_move), None)
    if seat is None or seat.bot or seat.user_id is None:
        return
    if prepared.pending_plan_exists(game_pk=game.pk, seat=to_move):
        queue_on_commit(game)


# --- helpers -------------------------------------------------------------------------------


def _played(preview: State, seat: int, steps: list[dict[str, Any]]) -> State:
    for step in steps:
        preview = engine.apply(preview, seat, step["move"])
    return preview


def _chosen(
    preview: State, seat: int, moves: list[Move], index: int | None, text: str | None
) -> Move:
    if index is not None:
        if not 0 <= index < len(moves):
            raise InvalidRequestError("bad_move", _("Choose one of the moves shown."))
        return moves[index]
    if text is None or not text.strip():
        raise InvalidRequestError("bad_move", _("Give a move to add to your plan."))
    move = ledger.engine_call(engine.parse_move, preview, seat, text.strip())
    if move not in moves:
        raise InvalidRequestError(
            "illegal_move", _("That is not one of the moves your plan may make next.")
        )
    return move  # type: ignore[no-any-return]


def _planning_seat(game: Game, user: User) -> Seat | None:
    seat = next((s for s in game.seats.all() if s.user_id == user.pk), None)
    if seat is None or seat.bot or game.status != GameStatus.ACTIVE:
        return None
    if game.current_seat == seat.index:
        return None
    return seat


def _require_seat(game: Game, user: User, seats: list[Seat]) -> Seat:
    seat = seat_of(game, user, seats)
    if seat.bot:
        raise NotAllowedError("bot_seat", _("A bot plays your seat."))
    return seat


def _require_planning_seat(game: Game, user: User, seats: list[Seat]) -> Seat:
    seat = _require_seat(game, user, seats)
    if game.status != GameStatus.ACTIVE:
        raise ConflictError("game_not_active", _("The game is not in progress."))
    if game.current_seat == seat.index:
        raise ConflictError("your_turn", _("It is your turn: play it rather than plan it."))
    return seat


def _pending(game: Game, seat: Seat) -> TurnPlan | None:
    return TurnPlan.objects.filter(game=game, seat=seat.index, status=PlanStatus.PENDING).first()


def _pending_or_new(game: Game, seat: Seat, user: User) -> TurnPlan:
    plan = TurnPlan.objects.select_for_update().filter(game=game, seat=seat.index).first()
    if plan is None:
        return TurnPlan(game=game, seat=seat.index, user=user, steps=[], planned_at=game.version)
    if plan.status != PlanStatus.PENDING or plan.user_id != user.pk:
        plan.user = user
        plan.steps, plan.played, plan.closed = [], [], False
        plan.status, plan.stop_index, plan.stop, plan.stop_reason, plan.ran_at = (
            PlanStatus.PENDING,
            None,
            {},
            "",
            None,
        )
    return plan

"""The event log of every game: the one module that appends ``Event`` rows and moves the game
row along with them.

Every change to a started game is an event with seq = version + 1, appended while the game
row is locked (``lock``): two requests for the same game queue on that lock, and the second
sees the first one's version (a stale ``expected_version`` is then a 409). In the same
transaction the game row follows the events: its version, its status, the seat to move and
since when, the turn's deadline, and how the game ended (``advance`` after a new engine
position, ``finish`` when the game ends for any reason, ``write`` for the rest).

Every save of the game row here also tells the open pages, once the transaction commits
(``games.live``): they ask for what changed through their own views.

Once the row is up to date, the ledger announces what happened (``games.signals``): the
notifications app writes its outbox rows and the bots' task is queued by receivers that run
in this same transaction, so an email is written if and only if its event commits. Nothing
else in the project creates ``Event`` rows; the admin and a PostgreSQL trigger refuse to
change or delete them (``games.models.Event``).

Snapshots of the engine state (a cache: always rebuildable from the events) are written
here too, every ``GAME_SNAPSHOT_EVERY`` events; when the game ends, all but a sparse set
of them go (``GAME_FINISHED_SNAPSHOT_EVERY``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db.models.fields.json import KT

import engine
from common.errors import InvalidRequestError
from common.timefmt import zone
from common.waking_time import USUAL_NIGHT, bank_after_turn, deadline_after, waking_time
from engine import Move, State
from games import (
    final_positions,
    journal_store,
    live,
    metrics,
    move_store,
    prepared,
    progress,
    replay,
    seat_views,
    signals,
)
from games.errors import GameNotFoundError
from games.models import (
    JOURNAL,
    JOURNALS,
    OUT_OF_TURN,
    Event,
    EventKind,
    Game,
    GameStatus,
    IdempotencyKey,
    Seat,
    TurnTime,
)
from games.terms.journal import journal_lines
from games.terms.refusals import not_legal_now, refusal_text

# The game row's fields that follow the events (a full save would also rewrite the options,
# the seed, ...).
ADVANCE_FIELDS = [
    "version",
    "status",
    "started_at",
    "rules_version",
    "current_seat",
    "turn_since",
    "turn_deadline",
    "result",
    "finished_at",
    "progress",
    "takeback_asked",
    "updated_at",
]
# What ending a game sets, whatever ended it (the engine, a resignation, a timeout, a
# moderator, the creator leaving an open game).
FINISH_FIELDS = [
    "status",
    "result",
    "finished_at",
    "current_seat",
    "turn_since",
    "turn_deadline",
    "paused_remaining",
    "takeback_asked",
]

Actor = User | None

# The idempotency keys of a game's last events kept once it has ended (``finish``).
KEYS_KEPT_AT_THE_END = 20

logger = logging.getLogger(__name__)


# --- locking -----------------------------------------------------------------------------


def lock(game: Game | str | int) -> tuple[Game, list[Seat]]:
    """The game (a Game, its public id or its pk), locked, with its seats, in one query.

    The lock serializes every change to one game: the second of two concurrent requests waits
    here, then reads the first one's version (and gets a 409 if it expected the older one).
    Every move starts here, so the statement is a prepared one (``games.prepared``).
    """
    if isinstance(game, Game | int):
        rows = prepared.game_seats(pk=game.pk if isinstance(game, Game) else game, lock=True)
    else:
        rows = prepared.game_seats(public_id=game, lock=True)
    if not rows:
        raise GameNotFoundError(game.public_id if isinstance(game, Game) else str(game))
    return rows[0].game, rows


def lock_unless_busy(game_id: int) -> tuple[Game, list[Seat]] | None:
    """The game locked with its seats (and their users), or None when another transaction
    holds it (a sweep that finds a game busy leaves it to its next run)."""
    game = Game.objects.select_for_update(skip_locked=True).filter(pk=game_id).first()
    if game is None:
        return None
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    for seat in seats:
        seat.game = game
    return game, seats


# --- appending ---------------------------------------------------------------------------


def append(
    game: Game,
    *,
    kind: str,
    payload: dict[str, Any],
    actor: Actor,
    seat: int | None = None,
    idempotency_key: str = "",
    state: State | None = None,
) -> int:
    """Append an event that is not a move (setup, undo, resign, timeout, a moderator's) at
    version + 1, now; its seq. ``state``: the engine state after it, when it has one, so that
    a snapshot that falls due is written. ``idempotency_key``: the request's, kept beside."""
    game.version += 1
    Event.objects.create(
        game=game, seq=game.version, kind=kind, seat=seat, payload=payload, actor=actor
    )
    if idempotency_key:
        IdempotencyKey.objects.create(game=game, key=idempotency_key, seq=game.version)
    if state is not None:
        _snapshot_if_due(game, game.version, state)
    return game.version


def move_event(
    game: Game, seat: Seat, state: State, move: Move, *, actor: Actor
) -> tuple[State, Event]:
    """Apply ``move`` for ``seat``: the new state and its event at version + 1, not saved yet
    (``advance`` inserts it, with the events of the moves after it, in one statement). A
    snapshot that falls due is written at once. A move of a seat that was not to move says so
    (``OUT_OF_TURN``). Beside the notation the event keeps the number of the log's line for
    the move, in the game's terms and with its amounts (``Event.line``), written from the
    mover's view now: the log never replays the game to tell it. The line's words in each
    language are stored once for every move that reads the same (``games.journal_store``);
    while another transaction is writing the same new line, the words stay in the payload
    (``JOURNAL``, ``JOURNALS``), as events written before the lines keep them.

    A takeback request waiting for answers lapses (a ``takeback_lapse`` event just before
    the move's): the others agreed to take back a position that is no longer the game's.

    The move is played on ``state`` itself unless the line needs the position before it
    (``engine.priced_from_position``): the caller goes on with the state returned and keeps
    no other reference to the one it gave (the state's copies were 7 % of a move's request:
    ``bench/README.md``).

    Raises InvalidRequestError (nothing written, version unchanged) when the engine refuses
    the move.
    """
    notation = engine_call(engine.describe, state, seat.index, move)
    out_of_turn = engine.current_player(state) != seat.index
    before = seat_views.recall(game, seat.index)  # the view the last move's answer showed
    if before is None:
        before = engine.view(state, seat.index)
    # The position before the move, kept only when the line is priced from it.
    position = state if engine.priced_from_position(move) else None
    if position is None:
        engine_call(engine.apply_in_place, state, seat.index, move)
        after = state
    else:
        after = engine_call(engine.apply, state, seat.index, move)
    if game.takeback_asked is not None:
        takeback_lapse(game, reason="moved", seat=seat.index, actor=actor)
    journal, journals = move_journal(position, before, seat.index, move, after)
    state = after
    game.version += 1
    payload = {"move": move, "text": notation}
    if engine.move_revealed(state):
        # Said only when true (most moves reveal nothing): every reader takes its absence,
        # as in the events written with ``"revealed": false``, for false.
        payload["revealed"] = True
    if out_of_turn:
        payload[OUT_OF_TURN] = True
    line = journal_store.line_id(journal, journals) if journal else None
    if journal and line is None:  # another transaction is writing this new line right now
        payload[JOURNAL], payload[JOURNALS] = journal, journals
    event = Event(
        game=game,
        seq=game.version,
        kind=EventKind.MOVE,
        seat=seat.index,
        payload=payload,
        actor=actor,
        line_id=line,
        # The move and notation are written as this number (None: another transaction is
        # writing the same new row, and they stay in the payload); in memory the payload
        # stays whole.
        played_id=move_store.played_id(move, notation),
    )
    _snapshot_if_due(game, game.version, state)
    return state, event


def takeback_lapse(game: Game, *, reason: str, seat: int | None, actor: Actor) -> int:
    """The takeback request waiting for answers lapses (``reason``: "moved", a seat made a
    decision; "gone", the decision can no longer be taken back): its
    ``takeback_lapse`` event; the caller saves the game row."""
    request = game.takeback_asked
    game.takeback_asked = None
    asked = request and (
        Event.objects.filter(game=game, seq=request)
        .annotate(asked_text=KT("payload__text"))  # text: SQLite's would decode "12" as 12
        .values_list("seat", "payload__decision", "asked_text")
        .first()
    )
    asker, decision, text = asked or (None, None, "")
    seq = append(
        game,
        kind=EventKind.TAKEBACK_LAPSE,
        seat=seat,
        payload={"request": request, "decision": decision, "reason": reason},
        actor=actor,
    )
    if request and asker is not None and decision is not None:
        announce_takeback(
            game,
            seq=seq,
            action="lapse",
            request=request,
            asker=asker,
            decision=int(decision),
            text=str(text or ""),
            by=seat,
            reason=reason,
        )
    return seq


def append_move(game: Game, seat: Seat, state: State, move: Move, *, actor: Actor) -> State:
    """Like ``move_event``, with the event inserted at once; the new state."""
    state, event = move_event(game, seat, state, move, actor=actor)
    prepared.insert(event)
    return state


def move_journal(
    position: State | None, before: Any, seat: int, move: Move, after: State
) -> tuple[str, dict[str, str]]:
    """The log's line for ``move`` (``games.terms.journal``); empty if it cannot be said,
    which never stops the move. The money a move made or cost is read from the mover's view
    before it (``before``) and the position after it; a move given the ``position`` it was
    played in (a delivery, whose transport is paid a decision later, and a building, paid
    when placed: ``engine.priced_from_position``) takes its price from ``engine.price``
    there, which for them does not play the move again."""
    try:
        spent = after["players"][seat]["money"]  # what the view shows, without drawing one
        change = int(spent) - int(before["players"][seat]["money"])
        if position is not None:
            price = engine.price(position, seat, move)
        else:
            price = {"cost": -change or None, "cost_text": "", "gains": {"money": change}}
        return journal_lines(before, move, price, change)
    except Exception:  # a log line is a nicety: never let it stop a move
        logger.warning("no journal line for %r", move, exc_info=True)
        return "", {}


def engine_call(function: Any, *args: Any) -> Any:
    """Call the engine on a player's input: its IllegalMove becomes a 400 with its code, said
    in the reader's language (``games.terms.refusals``)."""
    try:
        return function(*args)
    except engine.IllegalMove as exc:
        raise InvalidRequestError(exc.code, refusal_text(exc)) from exc
    except Exception as exc:
        # Malformed input may trip the engine before it says IllegalMove: still a bad move,
        # but worth a look, so it is logged.
        logger.warning("engine.%s refused %r: %r", function.__name__, args[2:], exc)
        raise InvalidRequestError("illegal_move", not_legal_now()) from exc


def _snapshot_if_due(game: Game, seq: int, state: State) -> None:
    if replay.snapshot_due(seq):
        replay.snapshot_write(game, seq, state)


# --- the game row ------------------------------------------------------------------------


def advance(
    game: Game,
    state: State,
    *,
    seq: int,
    now: datetime,
    seats: list[Seat],
    bots_may_move: bool = True,
    events: Iterable[Event] = (),
    idempotency_key: str = "",
) -> None:
    """Bring the game row to the engine state after event ``seq``, and announce it.

    The event was just appended, or is among ``events``, which are inserted together with
    the update (``prepared.insert_and_update``: one round trip for a move). A game the engine
    says is over is finished (``finish``); otherwise a turn that passed to another seat
    starts its clock. ``bots_may_move``: whether a bot to move may be queued now (not while a
    moderator keeps the game paused). ``idempotency_key``: the key of the request that wrote
    event ``seq``, inserted in the same statement.
    """
    before_seat = game.current_seat
    game.version = seq
    game.progress = progress.progress_after(game.progress, state)
    if engine.is_over(state):
        scores = engine.scores(state)
        best = max(score["total"] for score in scores)
        finish(
            game,
            status=GameStatus.FINISHED,
            now=now,
            state=state,
            result={
                "reason": "game_over",
                "scores": scores,
                "winners": [i for i, score in enumerate(scores) if score["total"] == best],
            },
        )
    else:
        to_move = engine.current_player(state)
        if to_move != game.current_seat or game.turn_since is None:
            turn_start(game, seats, to_move, now=now)
    appended = list(events)
    key = IdempotencyKey(game=game, key=idempotency_key, seq=seq) if idempotency_key else None
    prepared.insert_and_update(list(appended), game, ADVANCE_FIELDS, also=key)
    metrics.count_moves_on_commit(appended)
    replay.cache_state(game, seq, state)
    live.game_changed(game, seats)
    signals.game_advanced.send(
        sender=Game,
        game=game,
        seq=seq,
        before_seat=before_seat,
        seats=seats,
        bots_may_move=bots_may_move,
        state=state,
    )


def turn_start(game: Game, seats: list[Seat], to_move: int | None, *, now: datetime) -> None:
    """``to_move``'s turn starts now: a human seat gets the game's turn time limit and what is
    left of their time bank, counted in their waking time (``common.waking_time``).

    The seat whose turn ends first settles its bank: what it used beyond the turn time limit
    is taken from it, the time added per turn is given (only in a game with a time bank,
    whose seats are then saved: one more statement per turn, not per decision).
    """
    ending = next((s for s in seats if s.index == game.current_seat), None)
    if (
        ending is not None
        and game.turn_since is not None
        and not ending.bot
        and ending.user_id is not None
        and ending.index != to_move
    ):
        _turn_ended(game, ending, since=game.turn_since, now=now)
    game.current_seat = to_move
    game.turn_since = now
    seat = next((s for s in seats if s.index == to_move), None)
    game.turn_deadline = None
    if seat is not None and not seat.bot:
        game.turn_deadline = turn_deadline_of(game, seat, since=now)


def _turn_ended(game: Game, seat: Seat, *, since: datetime, now: datetime) -> None:
    """A person's turn passed on: how long they took (``TurnTime``, their waking hours and
    not their vacation), and in a game with a time bank what is left of theirs."""
    tz = zone(seat.time_zone)
    rules = game.clock_rules if game.clock_rules.stops else USUAL_NIGHT
    taken = waking_time(since, now, rules, tz)
    if game.vacation_days:
        away = Event.objects.filter(
            game=game, kind=EventKind.TIMEOUT, seat=seat.index, created_at__gte=since
        ).values_list("payload", flat=True)
        taken -= timedelta(seconds=sum(int(p.get("vacation_used_seconds", 0)) for p in away))
    assert seat.user_id is not None
    turn = TurnTime(
        user_id=seat.user_id, game=game, ended_at=now, seconds=max(0, int(taken.total_seconds()))
    )
    prepared.insert(turn)  # what create() writes, without the ORM's building of the INSERT
    if game.has_time_bank:
        seat.bank_left = bank_after_turn(
            bank=seat.bank_left,
            limit=game.turn_time_limit,
            used=waking_time(since, now, game.clock_rules, tz),
            per_turn=game.bank_per_turn,
        )
        seat.save(update_fields=["bank_left"])


def turn_time_left(game: Game, seats: list[Seat], *, now: datetime) -> timedelta | None:
    """What is left of the running turn's time (a moderator pauses the game): its mover's
    waking time until the deadline, so that a turn paused at night gets its whole morning
    back. None without a deadline; may be negative for a deadline already passed."""
    if game.turn_deadline is None:
        return None
    seat = next((s for s in seats if s.index == game.current_seat), None)
    if seat is None or not game.clock_rules.stops or game.turn_deadline <= now:
        return game.turn_deadline - now
    return waking_time(now, game.turn_deadline, game.clock_rules, zone(seat.time_zone))


def turn_deadline_after(
    game: Game, seats: list[Seat], left: timedelta, *, now: datetime
) -> datetime:
    """The deadline of a turn that has ``left`` of its time from ``now`` (a resumed game)."""
    seat = next((s for s in seats if s.index == game.current_seat), None)
    if seat is None:
        return now + left
    return deadline_after(now, left, game.clock_rules, zone(seat.time_zone))


def turn_deadline_of(game: Game, seat: Seat, *, since: datetime) -> datetime | None:
    """When ``seat``'s turn started at ``since`` runs out: the turn time limit plus their
    time bank, in their waking time; None when the game has no clock."""
    if game.turn_time_limit is None and not game.has_time_bank:
        return None
    budget = (game.turn_time_limit or timedelta(0)) + seat.bank_left
    return deadline_after(since, budget, game.clock_rules, zone(seat.time_zone))


def finish(
    game: Game,
    *,
    status: str,
    result: dict[str, Any] | None,
    now: datetime,
    state: State | None = None,
    final: bool = True,
) -> None:
    """End the game (``finished`` or ``abandoned``), whatever ended it: the one set of fields
    an ended game has. Saved by the caller's ``advance`` or ``write``. Its snapshots are
    thinned out and its requests' idempotency keys dropped but the last ones: a finished
    game is only read again, and rarely. Its final position (``state``, the state after the
    last event, or replayed) is kept as a snapshot (``games.final_positions``); a caller that
    appends the game's last event after this passes ``final=False`` and keeps it then."""
    game.status = status
    game.result = result
    game.finished_at = now
    game.current_seat = None
    game.turn_since = now
    game.turn_deadline = None
    game.paused_remaining = None
    game.takeback_asked = None  # an ended game takes nothing back
    if final and state is None and final_positions.kept() and game.version >= 1:
        state = replay.state_at(game, game.version)  # while the game's snapshots are near
    replay.snapshots_thin(game, final=game.version if final else None)
    if final:
        final_positions.keep(game, state)
    # The keys of the last requests stay, for a client retrying the one that ended the game.
    IdempotencyKey.objects.filter(game=game, seq__lte=game.version - KEYS_KEPT_AT_THE_END).delete()


def write(
    game: Game,
    *,
    fields: list[str] | None = None,
    before_seat: int | None = None,
    seats: list[Seat] | None = None,
    announce: bool = False,
) -> None:
    """Save the game row after a change that is not a new engine position (a resignation, a
    timeout, a moderator's action, a clock): the whole row, or ``fields``.

    ``announce``: tell the receivers of ``games.signals.game_advanced`` about the last event,
    as ``advance`` does (a resignation may end the game or hand the turn to a bot).
    """
    if fields is None:
        game.save()
    else:
        game.save(update_fields=[*fields, "updated_at"])
    live.game_changed(game, seats)
    if announce:
        signals.game_advanced.send(
            sender=Game,
            game=game,
            seq=game.version,
            before_seat=before_seat,
            seats=seats,
            bots_may_move=True,
        )


# --- announcements -----------------------------------------------------------------------


def announce_deadline_passed(
    game: Game,
    *,
    seq: int,
    seat: int,
    action: str,
    deadline: datetime,
    recipients: list[int] | None = None,
    details: dict[str, Any] | None = None,
) -> None:
    """Announce that ``seat``'s turn deadline passed and what its ``timeout`` event ``seq``
    did about it (``games.signals.deadline_passed``)."""
    signals.deadline_passed.send(
        sender=Game,
        game=game,
        seq=seq,
        seat=seat,
        action=action,
        deadline=deadline,
        recipients=recipients,
        details=dict(details or {}),
    )


def announce_moderation(
    game: Game, *, seq: int, action: str, reason: str, details: dict[str, Any]
) -> None:
    """Announce a moderator's action that the players are told of
    (``games.signals.moderator_acted``)."""
    signals.moderator_acted.send(
        sender=Game, game=game, seq=seq, action=action, reason=reason, details=dict(details)
    )


def announce_seat_change(
    game: Game,
    *,
    seq: int,
    seat: int,
    action: str,
    leaver: str,
    substitute: str | None,
    actor_id: int | None,
) -> None:
    """Announce that ``seat`` changed hands with event ``seq`` (``games.signals.seat_changed``)."""
    signals.seat_changed.send(
        sender=Game,
        game=game,
        seq=seq,
        seat=seat,
        action=action,
        leaver=leaver,
        substitute=substitute,
        actor_id=actor_id,
    )


def announce_takeback(
    game: Game,
    *,
    seq: int,
    action: str,
    request: int,
    asker: int,
    decision: int,
    text: str,
    by: int | None = None,
    waiting: tuple[int, ...] = (),
    reason: str = "",
) -> None:
    """Announce that a takeback request moved on with event ``seq``
    (``games.signals.takeback_changed``: asked, refused, lapsed or taken back)."""
    signals.takeback_changed.send(
        sender=Game,
        game=game,
        seq=seq,
        action=action,
        request=request,
        asker=asker,
        decision=decision,
        text=text,
        by=by,
        waiting=tuple(waiting),
        reason=reason,
    )

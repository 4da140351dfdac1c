"""Bots at the table: playing their turns, in the web process that handed them the turn or in
a Celery task.

When the turn passes to a bot (the ledger announces every new position:
``games.signals.game_advanced``), the bots' decisions are played once the transaction
commits, until a human is to move. A web request's move is answered first: the same thread
then plays the bots (``common.after_response``), up to ``BOT_MOVES_AFTER_RESPONSE`` decisions,
and a longer run goes on in a Celery task. A task costs its worker 2.6 to 3.3 ms in Celery's own
work (the message, its acknowledgement, the tracing) on top of the bots' 1.5 ms or so per
decision, and the player waits for the broker and the worker before seeing the answer
(bench/README.md). Elsewhere (a task, a command) and with ``BOT_MOVES_AFTER_RESPONSE=0`` a
task is queued. Either way a lost run (the process killed after the answer, a broker outage)
is requeued by the minute's sweep (``bot_turns_requeue_stalled``).

A bot seat may also owe a decision while it is not to move (2nd edition: the discards of an
exchange token used out of turn, when a player who used one left the seat to a bot before
discarding; ``engine.side_decision``). The task settles those first, and is queued for them
as for a bot to move.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import Exists, OuterRef
from django.dispatch import receiver
from django.utils import timezone

import engine
import engine.bots
from common import after_response
from common.task_registry import task_named
from engine import State
from games import ledger, replay, signals
from games.errors import GameNotFoundError
from games.models import Event, Game, GameStatus, Seat

logger = logging.getLogger(__name__)

# A bot task plays at most this many moves (one transaction) before a fresh task goes on.
BOT_MOVES_PER_TASK = 200
# A game whose bot has not moved for this long has lost its task: the sweep queues another.
BOT_STALL_AFTER = timedelta(seconds=60)


def bot_turns_play(*, game_id: int, version: int, limit: int = BOT_MOVES_PER_TASK) -> int:
    """Play the bot seats from ``version`` until a human is to move or the game is over.

    The bots' consecutive decisions are one transaction (one lock, one update of the game
    row) but each is its own ``move`` event, exactly as if submitted one by one. Idempotent:
    a task for a version the game has left (another task played, a human resigned) does
    nothing. Returns the number of moves played.
    """
    with transaction.atomic():
        try:
            game, seats = ledger.lock(game_id)
        except GameNotFoundError:
            return 0
        if game.version != version or game.status != GameStatus.ACTIVE:
            return 0
        state, events = None, list[Event]()
        if any(seat.bot and seat.index != game.current_seat for seat in seats):
            state = replay.state_at(game, game.version)  # a bot may owe a side decision
        seat = _bot_to_play(game.current_seat, seats, state)
        while seat is not None and len(events) < limit:
            if state is None:
                state = replay.state_at(game, game.version)
            move = engine.bots.choose_move(state, seat.index, kind=seat.bot)
            state, event = ledger.move_event(game, seat, state, move, actor=None)
            events.append(event)
            seat = _bot_to_play(engine.current_player(state), seats, state)
        if events:  # moves were played: one statement for their events and the row
            assert state is not None
            # The new position is announced as any other: if a bot is still to move (the
            # run reached ``limit``), a task goes on from it (``on_game_advanced``).
            ledger.advance(
                game, state, seq=game.version, now=timezone.now(), seats=seats, events=events
            )
    return len(events)


def _bot_to_play(to_move: int | None, seats: list[Seat], state: State | None) -> Seat | None:
    """The bot seat that plays next: one owing a side decision (``engine.side_decision``:
    it does not wait for its turn, and comes first within it), else the bot to move."""
    if state is not None:
        for seat in seats:
            if seat.bot and engine.side_decision(state, seat.index) is not None:
                return seat
    to_play = next((s for s in seats if s.index == to_move), None)
    return to_play if to_play is not None and to_play.bot else None


def bot_turns_requeue_stalled(*, older_than: timedelta) -> int:
    """Queue the bot task again for active games where a bot should have moved by now.

    A task can be lost (a broker outage when it was queued, a worker killed, a bot error):
    the beat schedule runs this every minute so that such a game moves on. Returns how many
    games were queued.
    """
    bot_to_move = Seat.objects.filter(game=OuterRef("pk"), index=OuterRef("current_seat")).exclude(
        bot=""
    )
    stalled = Game.objects.filter(
        Exists(bot_to_move), status=GameStatus.ACTIVE, updated_at__lt=timezone.now() - older_than
    )
    queued = 0
    for game_id, version in stalled.values_list("pk", "version")[:1000]:
        queue_bot_turns(game_id, version)
        queued += 1
    return queued


def queue_if_bot_to_move(game: Game, seats: list[Seat], state: State | None = None) -> None:
    """Queue the bots' task (on commit) when the game is active and a bot is to move, or a
    bot seat owes a side decision (``state``: the game's, if the caller has it)."""
    if game.status != GameStatus.ACTIVE:
        return
    seat = next((s for s in seats if s.index == game.current_seat), None)
    if seat is not None and seat.bot:
        queue_on_commit(game)
        return
    if any(s.bot for s in seats):
        state = replay.state_at(game, game.version) if state is None else state
        if _bot_to_play(game.current_seat, seats, state) is not None:
            queue_on_commit(game)


def queue_on_commit(game: Game) -> None:
    """Have the bots play once the transaction commits, after the answer to the request
    (``common.after_response``): on this thread if it serves a request, else by a task. The
    bot sweep requeues a run that never happened."""
    game_id, version = game.pk, game.version
    here = bool(settings.BOT_MOVES_AFTER_RESPONSE) and after_response.serving()

    def play() -> None:
        (bot_turns_play_here if here else queue_bot_turns)(game_id, version)

    transaction.on_commit(lambda: after_response.defer(play))


def bot_turns_play_here(game_id: int, version: int) -> int:
    """Play the bots after a request's answer, on its thread; a run longer than
    ``BOT_MOVES_AFTER_RESPONSE`` goes on in a task, and so does one that fails here (the
    worker then retries it and logs what fails there too). Returns the moves played here."""
    try:
        return bot_turns_play(
            game_id=game_id, version=version, limit=settings.BOT_MOVES_AFTER_RESPONSE
        )
    except Exception:
        logger.exception(
            "the bots of game %s at version %s failed after a request", game_id, version
        )
        queue_bot_turns(game_id, version)
        return 0
    finally:
        if not connection.in_atomic_block:  # (a test's transaction around the request)
            close_old_connections()  # as at a request's end: CONN_MAX_AGE, broken ones


def queue_bot_turns(game_id: int, version: int) -> None:
    try:
        task_named("games.play_bot_turns").delay(game_id, version)
    except Exception:  # the move is committed; a broker outage must not turn it into an error
        logger.exception("could not queue the bot turns of game %s at version %s", game_id, version)


@receiver(signals.game_advanced, dispatch_uid="games.services.bots.on_game_advanced")
def on_game_advanced(
    sender: Any,
    *,
    game: Game,
    seats: list[Seat] | None,
    bots_may_move: bool,
    state: State | None = None,
    **kwargs: Any,
) -> None:
    """A new position: if a bot is to move (or owes a side decision), its task is queued."""
    if bots_may_move and seats is not None:
        queue_if_bot_to_move(game, seats, state)

"""Everything that changes a game: keyword-only functions, each one transaction.

Every change to a started game is a new ``Event`` with seq = version + 1, written while the
game row is locked (``select_for_update``): two requests for the same game queue on that
lock, so the second sees the first one's version and gets a 409 if it expected the old one.

Resignation policy: with two players, the game ends at once and the other seat wins
(status ``finished``). With more, the resigning seat is taken over by the heuristic bot and
the game goes on; if no human is left playing, the game is ``abandoned``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

import engine
import engine.bots
from common import after_response
from games import prepared, replay
from games.errors import (
    ConflictError,
    GameNotFoundError,
    InvalidRequestError,
    NotAllowedError,
    StaleVersionError,
)
from games.models import (
    SEAT_COLOURS,
    BotKind,
    Event,
    EventKind,
    Game,
    GameStatus,
    Layout,
    Seat,
    SeatStatus,
    TimeoutPolicy,
    active_suspension,
)
from notifications.services import notifications_for_event

logger = logging.getLogger(__name__)

EDITIONS = ("1e",)
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_MOVE_JSON_CHARS = 4000
MAX_TURN_TIME_LIMIT = timedelta(days=60)
MAX_VACATION_DAYS = 60
# A bot task plays at most this many moves (one transaction) before a fresh task goes on.
BOT_MOVES_PER_TASK = 200
# A game whose bot has not moved for this long has lost its task: the sweep queues another.
BOT_STALL_AFTER = timedelta(seconds=60)


# What _advance changes (a full save would also rewrite the options, seed, ...).
ADVANCE_FIELDS = [
    "version",
    "status",
    "started_at",
    "engine_version",
    "current_seat",
    "turn_since",
    "turn_deadline",
    "result",
    "finished_at",
    "updated_at",
]


@dataclass(frozen=True)
class MoveResult:
    """What a move (or undo) led to: the new version and state, as seen by ``seat``."""

    game: Game
    version: int
    seat: int
    state: Any
    repeated: bool = False  # True: an idempotent retry, answered from the first request


# --- lobby -----------------------------------------------------------------------------


def game_create(
    *,
    creator: AbstractBaseUser,
    players: int,
    edition: str = "1e",
    options: dict[str, Any] | None = None,
    bots: list[int] | tuple[int, ...] = (),
    bot_kind: str = BotKind.HEURISTIC,
    turn_time_limit: timedelta | None = None,
    timeout_policy: str = TimeoutPolicy.BOT_MOVE,
    vacation_days: int = 0,
    lobby: bool = False,
) -> Game:
    """A new open game; the creator takes the first seat that is not a bot."""
    options = dict(options or {})
    _validate_setup(edition=edition, players=players, options=options)
    bot_seats = set(bots)
    if not bot_seats <= set(range(players)):
        raise InvalidRequestError(
            "bad_bots", f"Bot seats must be seat numbers from 0 to {players - 1}."
        )
    if len(bot_seats) == players:
        raise InvalidRequestError("bad_bots", "At least one seat must be left for you.")
    if bot_kind not in BotKind.values:
        raise InvalidRequestError("bad_bots", f"Unknown bot kind {bot_kind!r}.")
    time_control_check(
        turn_time_limit=turn_time_limit,
        timeout_policy=timeout_policy,
        vacation_days=vacation_days,
    )

    with transaction.atomic():
        game = Game.objects.create(
            edition=edition,
            options=options,
            players=players,
            lobby=lobby,
            turn_time_limit=turn_time_limit,
            timeout_policy=timeout_policy,
            vacation_days=vacation_days,
            created_by=creator,
        )
        creator_seat = min(set(range(players)) - bot_seats)
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=index,
                colour=SEAT_COLOURS[index],
                user=creator if index == creator_seat else None,
                bot=bot_kind if index in bot_seats else "",
            )
            for index in range(players)
        )
    return game


def time_control_check(
    *, turn_time_limit: timedelta | None, timeout_policy: str, vacation_days: int
) -> None:
    """Refuse a time control out of range, before anything is written."""
    if turn_time_limit is not None and not (
        timedelta(minutes=1) <= turn_time_limit <= MAX_TURN_TIME_LIMIT
    ):
        raise InvalidRequestError(
            "bad_turn_time_limit", "The turn time limit is 1 minute to 60 days."
        )
    if timeout_policy not in TimeoutPolicy.values:
        raise InvalidRequestError(
            "bad_timeout_policy", f"The policy is one of: {', '.join(TimeoutPolicy.values)}."
        )
    if not 0 <= vacation_days <= MAX_VACATION_DAYS:
        raise InvalidRequestError(
            "bad_vacation_days", f"Vacation is 0 to {MAX_VACATION_DAYS} days per player."
        )


def _validate_setup(*, edition: str, players: int, options: dict[str, Any]) -> None:
    if edition not in EDITIONS:
        raise InvalidRequestError("bad_edition", f"Edition {edition!r} is not available (use 1e).")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidRequestError("bad_players", "A game has 2 to 4 players.")
    layout = options.get("layout", Layout.BEGINNER)
    if layout not in Layout.values:
        raise InvalidRequestError("bad_options", "The layout is 'beginner' or 'random'.")
    try:
        engine.new_game(players=players, seed=0, edition=edition, options=options)
    except Exception as exc:  # the engine is the judge of its own options
        raise InvalidRequestError(
            "bad_options", f"The engine refuses these options: {exc}"
        ) from exc


def game_join(*, game: Game, user: AbstractBaseUser) -> Seat:
    """Take the first free seat of an open game (joining twice gives the same seat)."""
    _check_not_suspended(user)
    with transaction.atomic():
        game, seats = _lock_with_seats(game)
        mine = next((seat for seat in seats if seat.user_id == user.pk), None)
        if mine is not None:
            return mine
        if game.status != GameStatus.OPEN:
            raise ConflictError("game_not_open", "This game is not open for joining.")
        free = next((seat for seat in seats if not seat.is_filled), None)
        if free is None:
            raise ConflictError("game_full", "Every seat of this game is taken.")
        free.user = user
        free.save(update_fields=["user"])
        game.save(update_fields=["updated_at"])
        return free


def game_leave(*, game: Game, user: AbstractBaseUser) -> Game:
    """Give up a seat before the game starts; when the creator leaves, the game is abandoned."""
    with transaction.atomic():
        game, seats = _lock_with_seats(game)
        seat = _seat_of(game, user, seats)
        if game.status != GameStatus.OPEN:
            raise ConflictError("game_not_open", "The game has started: resign instead of leaving.")
        if user.pk == game.created_by_id:
            game.status = GameStatus.ABANDONED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at", "updated_at"])
        else:
            seat.user = None
            seat.save(update_fields=["user"])
            game.save(update_fields=["updated_at"])
        return game


def game_start(*, game: Game, user: AbstractBaseUser) -> Game:
    """The creator starts a full game: the setup is event 1."""
    with transaction.atomic():
        game, seats = _lock_with_seats(game)
        if user.pk != game.created_by_id:
            raise NotAllowedError("not_creator", "Only the game's creator can start it.")
        if game.status != GameStatus.OPEN:
            raise ConflictError("game_not_open", "This game has already started or was abandoned.")
        if not all(seat.is_filled for seat in seats):
            raise ConflictError("game_not_full", "Every seat must be taken before the game starts.")
        payload = {
            "players": game.players,
            "edition": game.edition,
            "options": game.options,
            "engine_version": engine.ENGINE_VERSION,
            "seats": [
                {
                    "index": seat.index,
                    "colour": seat.colour,
                    "user": seat.user.get_username() if seat.user_id else None,
                    "bot": seat.bot or None,
                }
                for seat in seats
            ],
        }
        state = replay.initial_state(game, payload)
        Event.objects.create(game=game, seq=1, kind=EventKind.SETUP, payload=payload, actor=user)
        now = timezone.now()
        game.status = GameStatus.ACTIVE
        game.started_at = now
        game.engine_version = engine.ENGINE_VERSION
        _advance(game, state, seq=1, now=now, seats=seats)
        return game


# --- play ------------------------------------------------------------------------------


def move_submit(
    *,
    game: Game | str,
    user: AbstractBaseUser | None,
    move: dict[str, Any] | None = None,
    text: str | None = None,
    expected_version: int | None = None,
    idempotency_key: str = "",
    queue_bots: bool = True,
) -> MoveResult:
    """Apply one move for ``user``'s seat, or, with ``user=None``, for the bot to move.

    ``game`` is a Game or its public id. A bot's move is chosen here by ``engine.bots`` when
    none is given. Raises StaleVersionError (409) when ``expected_version`` is not the game's
    version, NotAllowedError (403) when it is not the user's seat to move, and
    InvalidRequestError (400) with the engine's code and sentence for an illegal move. A
    repeated ``idempotency_key`` gets the first answer again and writes nothing.
    """
    _check_not_suspended(user)
    try:
        with transaction.atomic():
            game, seats = _lock_with_seats(game)
            if user is not None:
                seat = _seat_of(game, user, seats)
                repeated = _check_turn(game, seat, user, expected_version, idempotency_key)
                if repeated is not None:
                    return repeated
            else:
                seat = _bot_to_move(game, seats)
                _check_turn(game, seat, user, expected_version, "")

            state = replay.state_at(game, game.version)
            if move is None and text is None and user is None:
                move = engine.bots.choose_move(state, seat.index, kind=seat.bot)
            move = _read_move(state, seat.index, move, text)
            state, event = _next_move(game, seat, state, move, actor=user, key=idempotency_key)
            seq = game.version
            _advance(
                game,
                state,
                seq=seq,
                now=timezone.now(),
                seats=seats,
                queue_bots=queue_bots,
                events=[event],
            )
            return MoveResult(game=game, version=seq, seat=seat.index, state=state)
    except IntegrityError:
        repeated = _repeated_after_conflict(game, user, idempotency_key)
        if repeated is None:
            raise
        return repeated


def move_undo(
    *,
    game: Game | str,
    user: AbstractBaseUser,
    expected_version: int | None = None,
    idempotency_key: str = "",
) -> MoveResult:
    """Take back the user's last decision of their current turn (an ``undo`` event).

    Refused for a decision that revealed hidden information or used chance, and for
    anything before the user's current turn.
    """
    _check_not_suspended(user)
    try:
        with transaction.atomic():
            game, seats = _lock_with_seats(game)
            seat = _seat_of(game, user, seats)
            repeated = _check_turn(game, seat, user, expected_version, idempotency_key)
            if repeated is not None:
                return repeated

            lineage = replay.Lineage(replay.event_refs(game))
            last = lineage.refs[lineage.node[game.version]]
            if last.kind != EventKind.MOVE or last.seat != seat.index:
                raise ConflictError(
                    "nothing_to_undo", "You have no decision of this turn to take back."
                )
            if last.revealed:
                raise ConflictError(
                    "undo_blocked",
                    "Your last decision revealed hidden information or used chance: it stands.",
                )
            to_seq = lineage.parent[last.seq]
            seq = game.version + 1
            Event.objects.create(
                game=game,
                seq=seq,
                kind=EventKind.UNDO,
                seat=seat.index,
                payload={"to_seq": to_seq, "undone": last.seq},
                actor=user,
                idempotency_key=idempotency_key,
            )
            state = replay.state_at(game, to_seq)
            _snapshot_if_due(game, seq, state)
            _advance(game, state, seq=seq, now=timezone.now(), seats=seats)
            return MoveResult(game=game, version=seq, seat=seat.index, state=state)
    except IntegrityError:
        repeated = _repeated_after_conflict(game, user, idempotency_key)
        if repeated is None:
            raise
        return repeated


def game_resign(*, game: Game, user: AbstractBaseUser) -> Game:
    """Resign (see the module docstring for what happens to the game)."""
    _check_not_suspended(user)
    with transaction.atomic():
        game, seats = _lock_with_seats(game)
        seat = _seat_of(game, user, seats)
        if game.status not in {GameStatus.ACTIVE, GameStatus.PAUSED}:
            raise ConflictError("game_not_active", "Only a game in progress can be resigned.")
        if seat.status == SeatStatus.RESIGNED:
            raise ConflictError("already_resigned", "You have already resigned from this game.")

        now = timezone.now()
        before_seat = game.current_seat
        seat.status = SeatStatus.RESIGNED
        others = [other for other in seats if other.index != seat.index]
        if game.players == 2:
            outcome = "finished"
            game.status = GameStatus.FINISHED
            game.result = {
                "reason": "resignation",
                "resigned": seat.index,
                "winners": [other.index for other in others],
            }
        else:
            seat.bot = BotKind.HEURISTIC
            humans_left = [o for o in others if not o.bot and o.status == SeatStatus.PLAYING]
            if humans_left:
                outcome = "replaced_by_bot"
            else:
                outcome = "abandoned"
                game.status = GameStatus.ABANDONED
                game.result = {"reason": "abandoned", "resigned": seat.index, "winners": []}
        seat.save(update_fields=["status", "bot"])
        game.version += 1
        Event.objects.create(
            game=game,
            seq=game.version,
            kind=EventKind.RESIGN,
            seat=seat.index,
            payload={"seat": seat.index, "outcome": outcome},
            actor=user,
        )
        if game.is_over:
            game.finished_at = now
            game.current_seat = None
            game.turn_deadline = None
        elif game.current_seat == seat.index:
            game.turn_deadline = None
        game.save()
        notifications_for_event(game=game, seq=game.version, before_seat=before_seat)
        if game.status == GameStatus.ACTIVE and game.current_seat == seat.index:
            _queue_bot_turns_on_commit(game)
        return game


def bot_turns_play(*, game_id: int, version: int, limit: int = BOT_MOVES_PER_TASK) -> int:
    """Play the bot seats from ``version`` until a human is to move or the game is over.

    The bots' consecutive decisions are one transaction (one lock, one update of the game
    row) but each is its own ``move`` event, exactly as if submitted one by one. Idempotent:
    a task for a version the game has left (another task played, a human resigned) does
    nothing. Returns the number of moves played.
    """
    with transaction.atomic():
        try:
            game, seats = _lock_with_seats(game_id)
        except GameNotFoundError:
            return 0
        if game.version != version or game.status != GameStatus.ACTIVE:
            return 0
        by_index = {seat.index: seat for seat in seats}
        to_move, state, events = game.current_seat, None, []
        while to_move is not None and by_index[to_move].bot and len(events) < limit:
            seat = by_index[to_move]
            if state is None:
                state = replay.state_at(game, game.version)
            move = engine.bots.choose_move(state, seat.index, kind=seat.bot)
            state, event = _next_move(game, seat, state, move, actor=None, key="")
            events.append(event)
            to_move = engine.current_player(state)
        played = len(events)
        if played:  # one statement for the whole run's events and the game row
            _advance(game, state, seq=game.version, now=timezone.now(), seats=seats, events=events)
        if played == limit:
            _queue_bot_turns_on_commit(game)  # a long run of bots: a fresh task goes on
    return played


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
        _queue_bot_turns(game_id, version)
        queued += 1
    return queued


# --- helpers ---------------------------------------------------------------------------


def _lock_with_seats(game: Game | str | int) -> tuple[Game, list[Seat]]:
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
        raise GameNotFoundError(game.public_id if isinstance(game, Game) else game)
    return rows[0].game, rows


def _check_not_suspended(user: AbstractBaseUser | None) -> None:
    """A suspended user (see ``games.moderation.user_suspend``) may not act in any game."""
    suspension = active_suspension(user)
    if suspension is not None:
        raise NotAllowedError("suspended", suspension.message)


def _seat_of(game: Game, user: AbstractBaseUser, seats: list[Seat] | None = None) -> Seat:
    seats = list(game.seats.all()) if seats is None else seats
    for seat in seats:
        if seat.user_id == user.pk:
            return seat
    raise NotAllowedError("not_seated", "You do not have a seat in this game.")


def _bot_to_move(game: Game, seats: list[Seat]) -> Seat:
    seat = next((s for s in seats if s.index == game.current_seat), None)
    if seat is None or not seat.bot:
        raise NotAllowedError("not_a_bot", "The seat to move is not played by a bot.")
    return seat


def _check_turn(
    game: Game,
    seat: Seat,
    user: AbstractBaseUser | None,
    expected_version: int | None,
    idempotency_key: str,
) -> MoveResult | None:
    """Check that ``seat`` may act now; or give the first answer to a repeated request.

    A key already used was used at an earlier version, so it is looked up only when the
    request does not fit the game as it is now (or names no version); a key reused at the
    current version is caught by the unique constraint instead.
    """
    fits = (
        game.status == GameStatus.ACTIVE
        and expected_version == game.version
        and game.current_seat == seat.index
    )
    if idempotency_key and user is not None and not fits:
        repeated = _repeated(game, seat, user, idempotency_key)
        if repeated is not None:
            return repeated
    _require_active(game)
    _check_version(game, expected_version)
    if game.current_seat != seat.index:
        raise NotAllowedError("not_your_turn", "It is not your turn.")
    return None


def _repeated_after_conflict(
    game: Game | str, user: AbstractBaseUser | None, idempotency_key: str
) -> MoveResult | None:
    """After a unique-constraint error: if the key was taken, the answer given the first time."""
    if not idempotency_key or user is None:
        return None
    game = game if isinstance(game, Game) else Game.objects.get(public_id=game)
    return _repeated(game, _seat_of(game, user), user, idempotency_key)


def _repeated(
    game: Game, seat: Seat, user: AbstractBaseUser, idempotency_key: str
) -> MoveResult | None:
    """The first answer again when this idempotency key was already used in this game."""
    if not idempotency_key:
        return None
    event = Event.objects.filter(game=game, idempotency_key=idempotency_key).first()
    if event is None:
        return None
    if event.actor_id != user.pk:
        raise ConflictError(
            "idempotency_key_reused", "This idempotency key was used for another request."
        )
    return MoveResult(
        game=game,
        version=event.seq,
        seat=seat.index,
        state=replay.state_at(game, event.seq),
        repeated=True,
    )


def _require_active(game: Game) -> None:
    if game.status != GameStatus.ACTIVE:
        raise ConflictError("game_not_active", f"The game is {game.status}: no move can be made.")


def _check_version(game: Game, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != game.version:
        raise StaleVersionError(expected=expected_version, current=game.version)


def _read_move(state: Any, seat: int, move: Any, text: str | None) -> dict[str, Any]:
    if (move is None) == (text is None):
        raise InvalidRequestError("bad_move", "Give either a move or its text notation.")
    if move is None:
        move = _engine_call(engine.parse_move, state, seat, text)
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise InvalidRequestError("bad_move", "A move is an object with a string 'type'.")
    if len(repr(move)) > MAX_MOVE_JSON_CHARS:
        raise InvalidRequestError("bad_move", "This move is too long to be a move of this game.")
    return move


def _engine_call(function: Any, *args: Any) -> Any:
    """Call the engine on a player's input: its IllegalMove becomes a 400 with its code."""
    try:
        return function(*args)
    except engine.IllegalMove as exc:
        raise InvalidRequestError(exc.code, exc.message) from exc
    except Exception as exc:
        # Malformed input may trip the engine before it says IllegalMove: still a bad move,
        # but worth a look, so it is logged.
        logger.warning("engine.%s refused %r: %r", function.__name__, args[2:], exc)
        raise InvalidRequestError("illegal_move", "This is not a legal move now.") from exc


def _append_move(
    game: Game, seat: Seat, state: Any, move: dict[str, Any], *, actor: Any, key: str
) -> Any:
    """Apply ``move`` for ``seat`` and append its event at version + 1; the new state.

    Raises InvalidRequestError (nothing written) when the engine refuses the move.
    """
    state, event = _next_move(game, seat, state, move, actor=actor, key=key)
    prepared.insert(event)
    return state


def _next_move(
    game: Game, seat: Seat, state: Any, move: dict[str, Any], *, actor: Any, key: str
) -> tuple[Any, Event]:
    """Like ``_append_move``, but the event is returned unsaved (to be inserted in bulk with
    the next ones); a snapshot that falls due is written at once."""
    notation = _engine_call(engine.describe, state, seat.index, move)
    state = _engine_call(engine.apply, state, seat.index, move)
    game.version += 1
    event = Event(
        game=game,
        seq=game.version,
        kind=EventKind.MOVE,
        seat=seat.index,
        payload={"move": move, "text": notation, "revealed": engine.move_revealed(state)},
        actor=actor,
        idempotency_key=key,
    )
    _snapshot_if_due(game, game.version, state)
    return state, event


def _snapshot_if_due(game: Game, seq: int, state: Any) -> None:
    if replay.snapshot_due(seq):
        replay.snapshot_write(game, seq, state)


def _advance(
    game: Game,
    state: Any,
    *,
    seq: int,
    now: Any,
    seats: list[Seat],
    queue_bots: bool = True,
    events: list[Event] | None = None,
) -> None:
    """Update the game row to the state after event ``seq``, and write the notifications it
    causes (in the same transaction: the outbox).

    The event was just appended, or is among ``events``, which are inserted together with
    the update (``prepared.insert_and_update``: one round trip for a move).
    """
    before_seat = game.current_seat
    game.version = seq
    if engine.is_over(state):
        scores = engine.scores(state)
        best = max(score["total"] for score in scores)
        game.status = GameStatus.FINISHED
        game.result = {
            "reason": "game_over",
            "scores": scores,
            "winners": [i for i, score in enumerate(scores) if score["total"] == best],
        }
        game.finished_at = now
        game.current_seat = None
        game.turn_since = now
        game.turn_deadline = None
    else:
        to_move = engine.current_player(state)
        if to_move != game.current_seat or game.turn_since is None:
            game.current_seat = to_move
            game.turn_since = now
            seat = next((s for s in seats if s.index == to_move), None)
            human = seat is not None and not seat.bot
            game.turn_deadline = (
                now + game.turn_time_limit if human and game.turn_time_limit else None
            )
    prepared.insert_and_update(events or [], game, ADVANCE_FIELDS)
    replay.cache_state(game, seq, state)
    notifications_for_event(game=game, seq=seq, before_seat=before_seat, seats=seats)
    if queue_bots and game.status == GameStatus.ACTIVE:
        seat = next((s for s in seats if s.index == game.current_seat), None)
        if seat is not None and seat.bot:
            _queue_bot_turns_on_commit(game)


def _queue_bot_turns_on_commit(game: Game) -> None:
    """Queue the bots' task once the transaction commits, after the answer to the request
    (``common.after_response``: the bot sweep requeues a task that was never published)."""
    game_id, version = game.pk, game.version
    transaction.on_commit(lambda: after_response.defer(lambda: _queue_bot_turns(game_id, version)))


def _queue_bot_turns(game_id: int, version: int) -> None:
    from games.tasks import play_bot_turns

    try:
        play_bot_turns.delay(game_id, version)
    except Exception:  # the move is committed; a broker outage must not turn it into an error
        logger.exception("could not queue the bot turns of game %s at version %s", game_id, version)


# --- several moves at once -------------------------------------------------------------

MAX_BATCH_LINES = 60


class BatchLineError(InvalidRequestError):
    """One line of a batch could not be played: nothing of the batch was written.

    ``index`` is the 0-based position of the line in the batch; ``code`` and ``reason`` are
    the engine's (or the service's) own, so the caller can say exactly what went wrong.
    """

    def __init__(self, *, index: int, line: str, code: str, reason: str) -> None:
        super().__init__(
            code,
            f"Line {index + 1} ({line!r}): {reason}",
            line_index=index,
            line=line,
            reason=reason,
        )
        self.index = index
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class BatchResult:
    """What a batch led to: the version after its last move, and the moves' notations."""

    game: Game
    version: int
    seat: int
    state: Any
    applied: list[str]
    repeated: bool = False


def move_batch_submit(
    *,
    game: Game | str,
    user: AbstractBaseUser,
    lines: list[str],
    expected_version: int | None = None,
    idempotency_key: str = "",
) -> BatchResult:
    """Apply the moves written in ``lines`` (notations) in order, all or nothing.

    Each line is one ``move_submit`` inside a single transaction, so the game row stays
    locked from the first line to the last and a failing line undoes the lines before it.
    ``expected_version`` is checked against the first line only (the later lines follow
    from it). Raises BatchLineError naming the failing line; StaleVersionError and the
    errors about the game as a whole (not active, not your turn) as ``move_submit`` does
    for the first line. A repeated ``idempotency_key`` returns the first answer.
    """
    lines = [line.strip() for line in lines]
    if not lines or not all(lines):
        raise InvalidRequestError("bad_batch", "Give one or more moves, one per line.")
    if len(lines) > MAX_BATCH_LINES:
        raise InvalidRequestError(
            "bad_batch", f"At most {MAX_BATCH_LINES} moves can be sent at once."
        )
    with transaction.atomic():
        version, first, result = expected_version, None, None
        for index, line in enumerate(lines):
            key = f"{idempotency_key[:90]}#{index}" if idempotency_key else ""
            try:
                result = move_submit(
                    game=game, user=user, text=line, expected_version=version, idempotency_key=key
                )
            except StaleVersionError:
                raise
            except (InvalidRequestError, NotAllowedError, ConflictError) as exc:
                if index == 0 and not isinstance(exc, InvalidRequestError):
                    raise  # about the game as a whole, not about this line
                raise BatchLineError(
                    index=index, line=line, code=exc.code, reason=_batch_reason(exc, index)
                ) from exc
            if result.repeated:
                return _batch_repeated(result, idempotency_key)
            first = result if first is None else first
            version = result.version
            game = result.game
        applied = list(
            Event.objects.filter(
                game=result.game, kind=EventKind.MOVE, seq__gte=first.version, seq__lte=version
            )
            .order_by("seq")
            .values_list("payload__text", flat=True)
        )
        return BatchResult(
            game=result.game,
            version=result.version,
            seat=result.seat,
            state=result.state,
            applied=applied,
        )


def _batch_reason(exc: InvalidRequestError | NotAllowedError | ConflictError, index: int) -> str:
    if exc.code == "not_your_turn" and index:
        return "your turn ended with the line before: this line has nothing left to answer."
    if exc.code == "game_not_active" and index:
        return "the game ended with the line before."
    return exc.message


def _batch_repeated(result: MoveResult, idempotency_key: str) -> BatchResult:
    """The first answer to a batch sent again: up to its last line's event."""
    events = list(
        Event.objects.filter(
            game=result.game, idempotency_key__startswith=f"{idempotency_key[:90]}#"
        ).order_by("seq")
    )
    last = events[-1].seq if events else result.version
    return BatchResult(
        game=result.game,
        version=last,
        seat=result.seat,
        state=replay.state_at(result.game, last),
        applied=[event.payload.get("text", "") for event in events],
        repeated=True,
    )

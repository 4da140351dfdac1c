"""Playing: a seat's move (or the bot's, for a bot seat), and taking back one's last decision.

Each is one transaction on the locked game (``games.ledger``): the engine applies the move to
the state rebuilt from the events, the move becomes the next event, and the game row follows.
A stale ``expected_version`` is a 409; a repeated idempotency key gets the first answer again
and writes nothing.

Out of turn: in the 2nd edition a seat that is not to move may still have moves (an exchange
token, and the discards it leads to: R2-TURN-01). The engine says so: ``engine.legal_moves``
lists them for that seat. Such a move is accepted from the seat's player like any other and
recorded as that seat's event; the seat to move stays the same, so the turn's clock and
deadline go on and nobody is told it is their turn (``ledger.advance``). Taking a decision
back stays with the seat to move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

import engine
import engine.bots
from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from engine import Move, State
from games import ledger, replay
from games.errors import StaleVersionError
from games.lineage import Lineage
from games.models import Event, EventKind, Game, GameStatus, IdempotencyKey, Seat, SeatStatus
from games.permissions import require_not_suspended, seat_of
from games.services.plans import plans_drop_after

MAX_MOVE_JSON_CHARS = 4000


@dataclass(frozen=True)
class MoveResult:
    """What a move (or undo) led to: the new version and state, as seen by ``seat``."""

    game: Game
    version: int
    seat: int
    state: State
    repeated: bool = False  # True: an idempotent retry, answered from the first request


def move_submit(
    *,
    game: Game | str,
    user: User | None,
    move: Mapping[str, Any] | None = None,
    text: str | None = None,
    expected_version: int | None = None,
    idempotency_key: str = "",
    queue_bots: bool = True,
) -> MoveResult:
    """Apply one move for ``user``'s seat, or, with ``user=None``, for the bot to move.

    ``game`` is a Game or its public id. A bot's move is chosen here by ``engine.bots`` when
    none is given. Raises StaleVersionError (409) when ``expected_version`` is not the game's
    version, NotAllowedError (403) when the user's seat has nothing to decide (it is not to
    move and the engine lists no move for it out of turn), and InvalidRequestError (400) with
    the engine's code and sentence for an illegal move. A repeated ``idempotency_key`` gets
    the first answer again and writes nothing.
    """
    require_not_suspended(user)
    try:
        with transaction.atomic():
            game, seats = ledger.lock(game)
            if user is not None:
                seat = seat_of(game, user, seats)
                repeated = _check_turn(
                    game, seat, user, expected_version, idempotency_key, out_of_turn=True
                )
                if repeated is not None:
                    return repeated
            else:
                seat = _bot_to_move(game, seats)
                _check_turn(game, seat, user, expected_version, "")

            state = replay.state_at(game, game.version)
            if game.current_seat != seat.index:
                _require_out_of_turn_move(state, seat)
            if move is None and text is None and user is None:
                move = engine.bots.choose_move(state, seat.index, kind=seat.bot)
            move = _read_move(state, seat.index, move, text)
            state, event = ledger.move_event(game, seat, state, move, actor=user)
            seq = game.version
            ledger.advance(
                game,
                state,
                seq=seq,
                now=timezone.now(),
                seats=seats,
                bots_may_move=queue_bots,
                events=[event],
                idempotency_key=idempotency_key,
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
    user: User,
    expected_version: int | None = None,
    idempotency_key: str = "",
) -> MoveResult:
    """Take back the user's last decision of their current turn (an ``undo`` event).

    Refused for a decision that revealed hidden information or used chance, and for
    anything before the user's current turn.
    """
    require_not_suspended(user)
    try:
        with transaction.atomic():
            game, seats = ledger.lock(game)
            seat = seat_of(game, user, seats)
            repeated = _check_turn(game, seat, user, expected_version, idempotency_key)
            if repeated is not None:
                return repeated

            lineage = Lineage(replay.event_refs(game))
            last = lineage.refs[lineage.node[game.version]]
            if last.kind != EventKind.MOVE or last.seat != seat.index:
                raise ConflictError(
                    "nothing_to_undo", gettext("You have no decision of this turn to take back.")
                )
            if last.revealed:
                raise ConflictError(
                    "undo_blocked",
                    gettext(
                        "Your last decision revealed hidden information or used chance: it stands."
                    ),
                )
            to_seq = lineage.parent[last.seq]
            state = replay.state_at(game, to_seq)
            seq = ledger.append(
                game,
                kind=EventKind.UNDO,
                seat=seat.index,
                payload={"to_seq": to_seq, "undone": last.seq},
                actor=user,
                idempotency_key=idempotency_key,
                state=state,
            )
            plans_drop_after(game, to_seq)  # plans made against the position taken back
            ledger.advance(game, state, seq=seq, now=timezone.now(), seats=seats)
            return MoveResult(game=game, version=seq, seat=seat.index, state=state)
    except IntegrityError:
        repeated = _repeated_after_conflict(game, user, idempotency_key)
        if repeated is None:
            raise
        return repeated


def _bot_to_move(game: Game, seats: list[Seat]) -> Seat:
    seat = next((s for s in seats if s.index == game.current_seat), None)
    if seat is None or not seat.bot:
        raise NotAllowedError("not_a_bot", gettext("The seat to move is not played by a bot."))
    return seat


def _check_turn(
    game: Game,
    seat: Seat,
    user: User | None,
    expected_version: int | None,
    idempotency_key: str,
    *,
    out_of_turn: bool = False,
) -> MoveResult | None:
    """Check that ``seat`` may act now; or give the first answer to a repeated request.

    ``out_of_turn``: a seat that is not to move may still go on (its player, not a bot, still
    playing it); the caller then asks the engine whether it has a move
    (``_require_out_of_turn_move``). A key already used was used at an earlier version, so
    it is looked up only when the request does not fit the game as it is now (or names no
    version); a key reused at the current version is caught by the unique constraint instead.
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
        playing = seat.status == SeatStatus.PLAYING and not seat.bot
        if not (out_of_turn and playing):
            raise NotAllowedError("not_your_turn", gettext("It is not your turn."))
    return None


def _require_out_of_turn_move(state: State, seat: Seat) -> None:
    """A seat that is not to move may act only when the engine lists a move for it now (an
    exchange token or its discards, 2nd edition); otherwise it is simply not its turn."""
    if not engine.legal_moves(state, seat.index):
        raise NotAllowedError("not_your_turn", gettext("It is not your turn."))


def _repeated_after_conflict(
    game: Game | str, user: User | None, idempotency_key: str
) -> MoveResult | None:
    """After a unique-constraint error: if the key was taken, the answer given the first time."""
    if not idempotency_key or user is None:
        return None
    game = game if isinstance(game, Game) else Game.objects.get(public_id=game)
    return _repeated(game, seat_of(game, user), user, idempotency_key)


def _repeated(game: Game, seat: Seat, user: User, idempotency_key: str) -> MoveResult | None:
    """The first answer again when this idempotency key was already used in this game."""
    if not idempotency_key:
        return None
    seq = (
        IdempotencyKey.objects.filter(game=game, key=idempotency_key)
        .values_list("seq", flat=True)
        .first()
    )
    if seq is None:
        return None
    event = Event.objects.get(game=game, seq=seq)
    if event.actor_id != user.pk:
        raise ConflictError(
            "idempotency_key_reused", gettext("This idempotency key was used for another request.")
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
        raise ConflictError(
            "game_not_active",
            gettext("The game is %(status)s: no move can be made.")
            % {"status": game.get_status_display()},
        )


def _check_version(game: Game, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != game.version:
        raise StaleVersionError(expected=expected_version, current=game.version)


def _read_move(state: State, seat: int, move: object, text: str | None) -> Move:
    """The move a request gives (an object or its notation), in the shape of a move; whether
    it is legal is for the engine to say when it is applied."""
    if (move is None) == (text is None):
        raise InvalidRequestError("bad_move", gettext("Give either a move or its text notation."))
    if move is None:
        move = ledger.engine_call(engine.parse_move, state, seat, text)
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise InvalidRequestError("bad_move", gettext("A move is an object with a string 'type'."))
    if len(repr(move)) > MAX_MOVE_JSON_CHARS:
        raise InvalidRequestError(
            "bad_move", gettext("This move is too long to be a move of this game.")
        )
    return cast(Move, move)

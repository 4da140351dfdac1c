"""Several moves at once, all or nothing: the lines of an email reply (or any client's batch).

Each line is one ``move_submit`` inside a single transaction, so the game row stays locked
from the first line to the last and a failing line undoes the lines before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from engine import State
from games import move_store, replay
from games.errors import StaleVersionError
from games.models import Event, EventKind, Game, IdempotencyKey
from games.services.moves import MoveResult, move_submit

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
    state: State
    applied: list[str]
    repeated: bool = False


def move_batch_submit(
    *,
    game: Game | str,
    user: User,
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
        raise InvalidRequestError("bad_batch", gettext("Give one or more moves, one per line."))
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
        # There is at least one line, so a result of the first and of the last.
        assert first is not None
        assert result is not None
        payloads = move_store.payloads(
            Event.objects.filter(
                game=result.game, kind=EventKind.MOVE, seq__gte=first.version, seq__lte=version
            )
            .order_by("seq")
            .values_list("seq", *move_store.READ)
        )
        applied = [str(payload.get("text", "")) for payload in payloads.values()]
        return BatchResult(
            game=result.game,
            version=result.version,
            seat=result.seat,
            state=result.state,
            applied=applied,
        )


def _batch_reason(exc: InvalidRequestError | NotAllowedError | ConflictError, index: int) -> str:
    if exc.code == "not_your_turn" and index:
        return gettext(
            "your turn ended with the line before: this line has nothing left to answer."
        )
    if exc.code == "game_not_active" and index:
        return gettext("the game ended with the line before.")
    return exc.message


def _batch_repeated(result: MoveResult, idempotency_key: str) -> BatchResult:
    """The first answer to a batch sent again: up to its last line's event."""
    seqs = IdempotencyKey.objects.filter(
        game=result.game, key__startswith=f"{idempotency_key[:90]}#"
    ).values_list("seq", flat=True)
    events = list(Event.objects.filter(game=result.game, seq__in=list(seqs)).order_by("seq"))
    last = events[-1].seq if events else result.version
    return BatchResult(
        game=result.game,
        version=last,
        seat=result.seat,
        state=replay.state_at(result.game, last),
        applied=[event.payload.get("text", "") for event in events],
        repeated=True,
    )

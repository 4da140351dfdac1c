"""Takebacks: taking back a decision the turn has already passed on from, when everyone agrees.

Undo (``games.services.moves.move_undo``) takes back a decision of one's own running turn.
Once the turn has passed on, the others have seen the decision and may have answered it, so
taking it back needs their word:

* a player asks (a ``takeback_ask`` event naming their last decision and the position before
  it); it can be asked only when no decision from that one on revealed anything
  (``engine.move_revealed``: a card drawn, a tile turned, a display refilled, a shuffle):
  going back across a reveal would let everyone play again knowing what it showed;
* every other seat still played by a person answers (``takeback_agree`` or
  ``takeback_refuse``); a bot agrees at once, in the same transaction as the request;
* when the last one agrees, the ``takeback`` event returns the game to the position before
  the decision (it replays like an undo: ``games.lineage``), the turn back to the asker; the
  decisions taken back stay in the log and the replay, marked;
* a refusal ends the request, and so does any move (``games.ledger.move_event`` writes a
  ``takeback_lapse``): the others agreed to take back the game as it was, not as it is now.

One request at a time per game (``Game.takeback_asked``). The clock: see docs/playing.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import ConflictError, NotAllowedError
from games import ledger, move_store, replay
from games.errors import StaleVersionError
from games.lineage import Lineage
from games.models import Event, EventKind, Game, GameStatus, Seat, SeatStatus
from games.permissions import require_not_suspended, seat_of
from games.services.plans import plans_drop_after


@dataclass(frozen=True)
class TakebackTarget:
    """The decision a seat would take back now and the position before it."""

    decision: int  # the seq of the seat's decision
    back_to: int  # the seq whose position the takeback returns to
    text: str  # the decision's notation, for the log


@dataclass(frozen=True)
class TakebackRequest:
    """A request waiting for answers, as the page and the API show it."""

    seq: int
    seat: int
    decision: int
    back_to: int
    text: str
    agreed: tuple[int, ...]  # seats that agreed (bots at once)
    waiting: tuple[int, ...]  # seats whose answer is still awaited


def _deciders(seats: list[Seat], asker: int) -> list[Seat]:
    """The seats whose player must agree: every other seat still played by a person."""
    return [
        s
        for s in seats
        if s.index != asker and s.status == SeatStatus.PLAYING and not s.bot and s.user_id
    ]


def _bots(seats: list[Seat], asker: int) -> list[Seat]:
    """The other seats a bot plays (each agrees at once)."""
    return [s for s in seats if s.index != asker and s.status == SeatStatus.PLAYING and s.bot]


def takeback_target(game: Game, seat: int, lineage: Lineage | None = None) -> TakebackTarget:
    """The decision ``seat`` may ask to take back now: its last decision on the game's
    lineage, once the turn has passed on from it, when no decision from it on revealed
    anything. Raises ConflictError with the reason otherwise."""
    lineage = lineage or Lineage(replay.event_refs(game))
    moves = [seq for seq in lineage.path(game.version) if lineage.refs[seq].kind == EventKind.MOVE]
    mine = next((seq for seq in reversed(moves) if lineage.refs[seq].seat == seat), None)
    if mine is None:
        raise ConflictError(
            "nothing_to_take_back", gettext("You have made no decision in this game yet.")
        )
    after = [seq for seq in moves if seq > mine]
    if game.current_seat == seat and all(lineage.refs[seq].seat == seat for seq in after):
        raise ConflictError(
            "takeback_own_turn",
            gettext(
                "Your last decision is of the turn you are playing: take it back with "
                "'Undo my last decision'."
            ),
        )
    revealed = next((seq for seq in [mine, *after] if lineage.refs[seq].revealed), None)
    if revealed is not None:
        raise ConflictError(
            "takeback_revealed",
            gettext(
                "Decision #%(seq)s revealed hidden information or used chance (a card drawn, "
                "a tile turned, a display refilled): your decision #%(mine)s can no longer "
                "be taken back."
            )
            % {"seq": revealed, "mine": mine},
        )
    payloads = move_store.payloads(
        Event.objects.filter(game=game, seq=mine).values_list("seq", *move_store.READ)
    )
    text = str(payloads.get(mine, {}).get("text") or "")
    return TakebackTarget(decision=mine, back_to=lineage.parent[mine], text=text)


def takeback_request(game: Game, seats: list[Seat] | None = None) -> TakebackRequest | None:
    """The request waiting for answers in ``game``, if any (read without a lock)."""
    if game.takeback_asked is None:
        return None
    seats = list(game.seats.all()) if seats is None else seats
    events = list(
        Event.objects.filter(game=game, seq__gte=game.takeback_asked)
        .filter(kind__in=(EventKind.TAKEBACK_ASK, EventKind.TAKEBACK_AGREE))
        .order_by("seq")
        .values_list("seq", "kind", "seat", "payload")
    )
    if not events or events[0][1] != EventKind.TAKEBACK_ASK:
        return None
    seq, _kind, asker, payload = events[0]
    if asker is None:
        return None
    agreed = tuple(
        seat
        for _seq, kind, seat, data in events[1:]
        if kind == EventKind.TAKEBACK_AGREE and data.get("request") == seq and seat is not None
    )
    waiting = tuple(s.index for s in _deciders(seats, asker) if s.index not in agreed)
    return TakebackRequest(
        seq=seq,
        seat=asker,
        decision=int(payload["decision"]),
        back_to=int(payload["back_to"]),
        text=str(payload.get("text", "")),
        agreed=agreed,
        waiting=waiting,
    )


def takeback_ask(*, game: Game | str, user: User, expected_version: int | None = None) -> int:
    """``user`` asks to take back their last decision; the game's version after it.

    The other seats' bots agree at once; with no person left to ask, the decision is taken
    back at once. Raises ConflictError (409) when the game is not running, a request is
    already waiting, or the decision cannot be taken back (``takeback_target`` says why),
    NotAllowedError (403) for a user who does not play a seat, StaleVersionError (409) for
    a stale ``expected_version``.
    """
    require_not_suspended(user)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = seat_of(game, user, seats)
        _require_running(game, expected_version)
        if seat.bot or seat.status != SeatStatus.PLAYING:
            raise NotAllowedError(
                "not_playing", gettext("You no longer play this seat: you cannot take back.")
            )
        if game.takeback_asked is not None:
            raise ConflictError(
                "takeback_waiting",
                gettext("A takeback is already asked in this game: wait for the players' answers."),
            )
        target = takeback_target(game, seat.index)
        request = ledger.append(
            game,
            kind=EventKind.TAKEBACK_ASK,
            seat=seat.index,
            payload={"decision": target.decision, "back_to": target.back_to, "text": target.text},
            actor=user,
        )
        game.takeback_asked = request
        for bot in _bots(seats, seat.index):
            ledger.append(
                game,
                kind=EventKind.TAKEBACK_AGREE,
                seat=bot.index,
                payload={"request": request, "decision": target.decision},
                actor=None,
            )
        deciders = _deciders(seats, seat.index)
        if not deciders:
            _take_back(
                game, seats, request=request, asker=seat.index, target=target, actor=user, by=None
            )
        else:
            ledger.write(game, fields=["version", "takeback_asked"], seats=seats)
            ledger.announce_takeback(
                game,
                seq=request,
                action="ask",
                request=request,
                asker=seat.index,
                decision=target.decision,
                text=target.text,
                waiting=tuple(s.index for s in deciders),
            )
        return game.version


def takeback_answer(
    *, game: Game | str, user: User, agree: bool, request: int | None = None
) -> int:
    """``user`` agrees to (or refuses) the takeback waiting for answers; the game's version
    after it. ``request``: the request's seq the player answered (a page drawn before
    another request was asked must not answer the new one). The last agreement takes the
    decision back, when it still can be (otherwise the request lapses and says why)."""
    require_not_suspended(user)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = seat_of(game, user, seats)
        _require_running(game, None)
        pending = takeback_request(game, seats)
        if pending is None or (request is not None and request != pending.seq):
            raise ConflictError(
                "no_takeback_asked",
                gettext("No takeback is waiting for your answer in this game now."),
            )
        if seat.index == pending.seat:
            raise NotAllowedError(
                "takeback_yours", gettext("You asked for this takeback: the others answer it.")
            )
        if seat.index not in pending.waiting:
            raise ConflictError(
                "takeback_answered", gettext("You have already answered this takeback.")
            )
        kind = EventKind.TAKEBACK_AGREE if agree else EventKind.TAKEBACK_REFUSE
        answer = ledger.append(
            game,
            kind=kind,
            seat=seat.index,
            payload={"request": pending.seq, "decision": pending.decision},
            actor=user,
        )
        if not agree:
            game.takeback_asked = None
        elif len(pending.waiting) == 1:
            try:
                target = takeback_target(game, pending.seat)
            except ConflictError:
                target = None
            if target is None or target.decision != pending.decision:
                ledger.takeback_lapse(game, reason="gone", seat=None, actor=None)
            else:
                _take_back(
                    game,
                    seats,
                    request=pending.seq,
                    asker=pending.seat,
                    target=target,
                    actor=user,
                    by=seat.index,
                )
                return game.version
        ledger.write(game, fields=["version", "takeback_asked"], seats=seats)
        if not agree:
            ledger.announce_takeback(
                game,
                seq=answer,
                action="refuse",
                request=pending.seq,
                asker=pending.seat,
                decision=pending.decision,
                text=pending.text,
                by=seat.index,
            )
        return game.version


def _take_back(
    game: Game,
    seats: list[Seat],
    *,
    request: int,
    asker: int,
    target: TakebackTarget,
    actor: User,
    by: int | None,
) -> None:
    """Everyone agreed: the ``takeback`` event, back to the position before the decision;
    plans made since are dropped, the turn (and its clock) goes to the asker. ``by``: the
    seat whose agreement was the last one (None: nobody had to be asked)."""
    state = replay.state_at(game, target.back_to)
    game.takeback_asked = None
    seq = ledger.append(
        game,
        kind=EventKind.TAKEBACK,
        seat=asker,
        payload={
            "to_seq": target.back_to,
            "decision": target.decision,
            "request": request,
            "text": target.text,
        },
        actor=actor,
        state=state,
    )
    plans_drop_after(game, target.back_to)
    ledger.advance(game, state, seq=seq, now=timezone.now(), seats=seats)
    ledger.announce_takeback(
        game,
        seq=seq,
        action="takeback",
        request=request,
        asker=asker,
        decision=target.decision,
        text=target.text,
        by=by,
    )


def _require_running(game: Game, expected_version: int | None) -> None:
    if game.status != GameStatus.ACTIVE:
        raise ConflictError(
            "game_not_active", gettext("The game is not running: nothing can be taken back.")
        )
    if expected_version is not None and expected_version != game.version:
        raise StaleVersionError(expected=expected_version, current=game.version)

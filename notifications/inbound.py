"""Play by email: one received message in, at most one batch of moves and one answer out.

Both ways in use ``receive``: the provider's webhook (django-anymail's ``inbound`` signal,
connected in ``apps.py``) and ``manage.py read_mailbox`` (an mbox file or a Maildir).

The order of the checks, and why:

1. **Once per Message-ID.** An ``InboundEmail`` row with a unique message id is written in
   the same transaction as the moves: a message delivered twice applies once (the second
   delivery finds the row, or waits on the first one's insert and then finds it).
2. **No automatic replies** (Auto-Submitted, Precedence: bulk, vacation responders):
   refused without an answer, so two robots cannot mail each other forever.
3. **Who is it?** The recipient must be a genuine reply address (``reply_address``) and
   the From address must be the email address of the seat's player. A forged, altered or
   unknown address is refused with no answer at all: answering would tell an arbitrary
   sender something, and a forged From would turn the answer into spam. A genuine address
   from another sender is refused too; the player (not the sender) is told once per rate
   window, so that someone writing from a second address learns why nothing happens.
4. **Two rate limits, and neither lets a stranger silence a player.** A message refused by
   steps 2 and 3 counts against its *origin*, the envelope sender (Return-Path) or else the
   From address (INBOUND_ORIGIN_RATE_LIMIT per INBOUND_RATE_WINDOW): past it such messages
   are refused without even the wrong-sender notice. A message that passed step 3 counts
   against its *player* (INBOUND_RATE_LIMIT per INBOUND_RATE_WINDOW) and nothing else, so
   mail forged in a player's name, which fails step 3, never uses up their own limit.
5. **From here on the player is known, and every outcome is answered to them** (through
   the outbox, ``reply_confirmation`` or ``reply_error``): an expired address, an
   oversized message (INBOUND_MAX_BYTES), one without any text (attachments only), a game
   that is over or not active, no move lines, a line that is not a legal move.
6. **A reply address is good for one decision: the one it was issued for.** Its version
   names the position the email showed. Once a reply to that version has been played, or
   once the turn has passed to anyone else since (an event of another seat, or of nobody's,
   after that version), a reply to it plays nothing: the player is told that this turn has
   passed, with their options now. So a captured reply sent again later, under a new
   Message-ID, can never be applied to a later turn. A move another seat made out of turn
   (2nd edition exchange tokens, R2-TURN-01: its event says ``out_of_turn``) passes no turn.
   **Out of turn**, a player who is not to move may still play what the engine lists for
   their seat (``exchange 2`` and the discards it owes): for them the decision at hand is
   not a turn but their seat's own step, so a reply that no other reply to the same address
   has played is taken even after the turn it was sent in passed; anything else from them
   is answered "not your turn".
7. **The version rule, within the turn.** The lines are read against the position the email
   was sent for (option numbers mean that email's options) and applied if the game is still
   at that version. If the player has moved on in the same turn (on the web, or undone a
   decision), they are applied only if every line is still legal now, and the confirmation
   says so. Either way, all lines or none (``move_batch_submit``).

**Takeback answers.** A takeback email's reply address is signed with the request's seq as
its version. A reply whose first line is AGREE or REFUSE (French: ACCEPTER, REFUSER;
``reply_words.takeback_answer``) answers that request through ``takeback_answer``, the
service the page and the API use, after the checks of steps 1 to 5: a request that is no
longer waiting is answered with the reason, and nothing changes. Asking and answering pass
no turn: they do not make a turn email's reply "turn passed" (step 6).

**No poison message.** Text PostgreSQL cannot store (a NUL byte) is dropped from what is
kept (``common.text.storable``), and a message whose processing fails for any other reason
than the database being unreachable is recorded as ``quarantined`` (with its source, for the
admin's Inbound emails) instead of failing again on every delivery or mailbox run. Only an
unreachable database (``DATABASE_UNAVAILABLE``) leaves a message for the next try.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from email.message import Message
from email.utils import getaddresses, parseaddr
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.utils.translation import gettext_lazy as _

import engine
from common import ratelimit
from common.errors import ServiceError
from common.text import storable
from games import replay
from games.errors import StaleVersionError
from games.models import OUT_OF_TURN, Event, EventKind, Game, GameStatus, Seat
from games.services import BatchLineError, move_batch_submit, plan_replace, takeback_answer
from notifications import languages, metrics, reply_address, reply_moves, reply_words
from notifications.context import colour_name, game_name, playable_context
from notifications.models import InboundEmail, InboundOutcome, Kind
from notifications.outbox import notification_queue
from notifications.reply_text import message_text, reply_lines

logger = logging.getLogger(__name__)

DUPLICATE = "duplicate"
# The reasons recorded for a reply that answered a takeback request: it played no move, so
# it does not use up the reply address for one.
TAKEBACK_AGREED = "takeback_agreed"
TAKEBACK_REFUSED = "takeback_refused"
# Asking for a takeback and answering it change no position and pass no turn: a turn email
# sent before them is still good (a takeback itself, or a lapse, does count).
TAKEBACK_TALK = (EventKind.TAKEBACK_ASK, EventKind.TAKEBACK_AGREE, EventKind.TAKEBACK_REFUSE)
# The database did not answer: the message is left for the next try (mailbox run, or the
# provider's retry of the webhook), never quarantined.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
# How much of a quarantined message's source is kept for the admin.
QUARANTINE_KEEP_CHARS = 64 * 1024


@dataclass
class InboundResult:
    """What became of one message (``outcome``: applied, failed, refused or duplicate)."""

    outcome: str
    reason: str = ""
    record_id: int | None = None
    applied: list[str] = field(default_factory=list)
    answer_id: int | None = None


def max_bytes() -> int:
    return int(getattr(settings, "INBOUND_MAX_BYTES", 256 * 1024))


def receive(message: Message, *, source: str, size: int | None = None) -> InboundResult:
    """Process one received message (see the module docstring).

    Never raises for a bad message: one that cannot be processed is quarantined. Raises only
    when the database is unreachable (``DATABASE_UNAVAILABLE``), to be tried again later."""
    if size is None:
        size = _size(message)
    message_id = storable(_message_id(message))
    try:
        return _receive(message, message_id=message_id, source=source, size=size)
    except DATABASE_UNAVAILABLE:
        raise
    except Exception as exc:
        logger.exception("inbound %s could not be processed: quarantined", message_id)
        return _quarantine(message, message_id=message_id, source=source, size=size, exc=exc)


def _receive(message: Message, *, message_id: str, source: str, size: int) -> InboundResult:
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundEmail.objects.create(
                    message_id=message_id,
                    source=source[:40],
                    size=size,
                    outcome=InboundOutcome.REFUSED,
                    reason="received",
                )
        except IntegrityError:
            logger.info("inbound %s: already received", message_id)
            metrics.count_inbound(DUPLICATE)
            return InboundResult(DUPLICATE, reason=DUPLICATE)
        result = _Processing(record, message).run()
        record.save()
    metrics.count_inbound(record.outcome)
    logger.info(
        "inbound %s from %s: %s %s", message_id, record.sender, record.outcome, record.reason
    )
    return result


def _quarantine(
    message: Message, *, message_id: str, source: str, size: int, exc: Exception
) -> InboundResult:
    """Set the message aside, recorded under its Message-ID: a later delivery of it is then a
    duplicate, so it is never processed (and never fails) again. Moderators see it in the
    admin (outcome ``quarantined``) with its source and the error."""
    try:
        raw = message.as_bytes().decode("utf-8", errors="replace")
    except Exception:
        raw = str(message)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundEmail.objects.create(
                    message_id=message_id,
                    sender=storable(_sender(message)),
                    source=source[:40],
                    size=size,
                    outcome=InboundOutcome.QUARANTINED,
                    reason="quarantined",
                    error=storable(f"{type(exc).__name__}: {exc}")[:2000],
                    raw=storable(raw)[:QUARANTINE_KEEP_CHARS],
                )
        except IntegrityError:
            metrics.count_inbound(DUPLICATE)
            return InboundResult(DUPLICATE, reason=DUPLICATE)
    metrics.count_inbound(InboundOutcome.QUARANTINED)
    return InboundResult(InboundOutcome.QUARANTINED, "quarantined", record.pk)


def _size(message: Message) -> int:
    try:
        return len(message.as_bytes())
    except Exception:  # an unusual message that cannot be written back: measure its text
        return len(str(message).encode("utf-8", errors="replace"))


def _message_id(message: Message) -> str:
    found = " ".join(str(message.get("Message-ID", "") or "").split())
    if found:
        return found[:255]
    # No Message-ID (rare, but legal): the message's own bytes identify a redelivery.
    try:
        raw = message.as_bytes()
    except Exception:
        raw = str(message).encode("utf-8", errors="replace")
    return f"<sha256-{hashlib.sha256(raw).hexdigest()}@inbound>"


def _sender(message: Message) -> str:
    _, address = parseaddr(str(message.get("From", "") or ""))
    return storable(address.strip().lower())[:254]


def _origin(message: Message) -> str:
    """Who sent the message as the mail server saw it: the envelope sender (the provider's,
    or the Return-Path the delivering server wrote), else the From address."""
    envelope = getattr(message, "envelope_sender", None) or ""
    if not envelope:
        _, envelope = parseaddr(str(message.get("Return-Path", "") or ""))
    return (str(envelope).strip().lower() or _sender(message) or "(none)")[:254]


def _recipients(message: Message) -> list[str]:
    """Where it was sent: the envelope recipient first, then the address headers."""
    found = []
    envelope = getattr(message, "envelope_recipient", None)
    if envelope:
        found.append(str(envelope))
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        values = [str(value) for value in message.get_all(header, [])]
        found.extend(address for _, address in getaddresses(values) if address)
    return found


AUTO_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply"})


def is_automatic(message: Message) -> bool:
    """An out-of-office or other machine-sent message (RFC 3834 and common practice)."""
    auto = str(message.get("Auto-Submitted", "") or "").strip().lower()
    if auto and auto != "no":
        return True
    if str(message.get("Precedence", "") or "").strip().lower() in AUTO_PRECEDENCE:
        return True
    if message.get("X-Autoreply") or message.get("X-Autorespond"):
        return True
    return _sender(message).startswith(("mailer-daemon@", "postmaster@"))


def over_player_rate(user_id: int) -> bool:
    """Count an authenticated message of the player ``user_id``; True when over the limit."""
    return ratelimit.over_limit(
        "inbound-player",
        str(user_id),
        limit=int(getattr(settings, "INBOUND_RATE_LIMIT", 30)),
        window=int(getattr(settings, "INBOUND_RATE_WINDOW", 3600)),
    )


def over_origin_rate(origin: str) -> bool:
    """Count a message from ``origin`` that failed the checks; True when over the limit."""
    return ratelimit.over_limit(
        "inbound-origin",
        origin,
        limit=int(getattr(settings, "INBOUND_ORIGIN_RATE_LIMIT", 100)),
        window=int(getattr(settings, "INBOUND_RATE_WINDOW", 3600)),
    )


def _once_per_window(key: str) -> bool:
    window = int(getattr(settings, "INBOUND_RATE_WINDOW", 3600))
    return cache.add("inbound-once:" + key, 1, timeout=window)


ERROR_TEXTS = {
    "expired": _(
        "This reply address has expired. Reply to your latest email from the game, "
        "or play on the game's page."
    ),
    "too_large": _(
        "Your message was too large to be read ({size} bytes; at most {limit}). "
        "Reply with just your moves, without attachments."
    ),
    "not_text": _(
        "Your message had no text to read (only attachments?). Write your moves "
        "as plain text, one per line."
    ),
    "no_moves": _(
        "We found no move in your message. Write one move per line above the "
        "quoted email (an option number or its notation)."
    ),
    "game_over": _("This game is over: nothing more can be played."),
    "game_not_active": _("This game is {status}: no move can be made now."),
    "unknown_version": _(
        "This email does not match the game's history (it may have been "
        "rolled back). Reply to your latest email from the game."
    ),
    "not_your_turn": _("It is not your turn now: you will get an email when it is."),
    "turn_passed": _(
        "The turn this email was sent for has passed: nothing was played from it. "
        "Reply to your latest email from the game."
    ),
    "already_answered": _(
        "A reply to this email has already been played: nothing more was "
        "played from it. Reply to your latest email from the game."
    ),
    "not_a_takeback": _(
        "This email asked you no takeback: AGREE and REFUSE answer a takeback email. "
        "To play, write your moves."
    ),
    "wrong_sender": _(
        "A reply to your email for this game came from {sender}, not from your "
        "address, and was refused. If it was you, reply from the address of your account."
    ),
}


def _may_act_out_of_turn(game: Game, seat: Seat) -> bool:
    """Whether the engine lists a move for ``seat`` although it is not to move (2nd edition:
    an exchange token, or the discards it owes; R2-TURN-01)."""
    return bool(engine.legal_moves(replay.state_at(game), seat.index))


class _Processing:
    """One message's way through the checks (see the module docstring), filling its record."""

    def __init__(self, record: InboundEmail, message: Message) -> None:
        self.record = record
        self.message = message

    def run(self) -> InboundResult:
        record, message = self.record, self.message
        record.sender = _sender(message)
        if is_automatic(message):
            return self._refuse_unauthenticated("auto_reply", "an automatic message")
        address, token, error = reply_address.find(_recipients(message))
        record.recipient = storable(address)[:254]
        expired = False
        if isinstance(error, reply_address.ExpiredReplyAddressError):
            expired, token = True, error.address
        elif error is not None or token is None:
            return self._refuse_unauthenticated("bad_address", str(error))
        game = Game.objects.filter(public_id=token.game).first()
        seat = (
            Seat.objects.filter(game=game, index=token.seat).select_related("user").first()
            if game
            else None
        )
        if game is None or seat is None or seat.user is None or seat.bot:
            return self._refuse_unauthenticated("unknown_seat", "no player in that seat")
        record.game, record.seat, record.version = game, seat.index, token.version
        user = seat.user
        if not record.sender or record.sender != (user.email or "").strip().lower():
            result = self._refuse_unauthenticated(
                "wrong_sender", "the sender is not the seat's player"
            )
            if result.reason == "wrong_sender" and _once_per_window(
                f"wrong-sender:{game.pk}:{seat.index}"
            ):
                with languages.for_user(user_id=user.pk):
                    self._answer(game, seat, "wrong_sender", sender=record.sender, options=False)
            return result
        record.user = user
        if over_player_rate(user.pk):
            return self._refuse("rate_limited", "too many messages from this player")
        # The moves' refusals and the answer are in the player's language, as their emails.
        with languages.for_user(user_id=user.pk):
            return self._authenticated(game, seat, token, expired)

    def _refuse_unauthenticated(self, reason: str, error: str) -> InboundResult:
        """Refuse a message that did not pass the checks, counted against its origin (over
        the origin's limit, refused as rate-limited)."""
        if over_origin_rate(_origin(self.message)):
            return self._refuse("rate_limited", f"too many refused messages ({reason})")
        return self._refuse(reason, error)

    def _authenticated(
        self, game: Game, seat: Seat, token: reply_address.ReplyAddress, expired: bool
    ) -> InboundResult:
        record = self.record
        if expired:
            return self._fail(game, seat, "expired")
        if record.size > max_bytes():
            return self._fail(game, seat, "too_large", size=record.size, limit=max_bytes())
        text = message_text(self.message)
        if text is None:
            return self._fail(game, seat, "not_text")
        record.lines = reply_lines(storable(text))[:200]
        if game.status == GameStatus.FINISHED:
            return self._fail(game, seat, "game_over", options=False)
        if game.status != GameStatus.ACTIVE:
            return self._fail(game, seat, "game_not_active", status=game.status, options=False)
        if token.version > game.version or token.version < 1:
            return self._fail(game, seat, "unknown_version")
        agree = reply_words.takeback_answer(record.lines)
        if agree is not None:
            return self._takeback(game, seat, token.version, agree=agree)
        planned = reply_moves.plan_lines(record.lines)
        if planned is not None:
            return self._plan(game, seat, planned)
        out_of_turn = game.current_seat != seat.index and _may_act_out_of_turn(game, seat)
        passed = self._decision_passed(game, seat, token.version)
        if passed is not None and not (passed == "turn_passed" and out_of_turn):
            return self._fail(game, seat, passed)
        if not record.lines:
            return self._fail(game, seat, "no_moves")
        if game.current_seat != seat.index and not out_of_turn:
            return self._fail(game, seat, "not_your_turn", options=False)
        try:
            notations = reply_moves.resolve(
                replay.state_at(game, token.version), seat.index, record.lines
            )
            user = seat.user
            assert user is not None  # run() answers only for a seat with its player
            try:
                result = move_batch_submit(
                    game=game, user=user, lines=notations, expected_version=token.version
                )
                stale = False
            except StaleVersionError:
                result = move_batch_submit(
                    game=game, user=user, lines=notations, expected_version=None
                )
                stale = True
        except BatchLineError as exc:
            return self._fail(
                game, seat, exc.code, message=exc.reason, line_number=exc.index + 1, line=exc.line
            )
        except ServiceError as exc:
            return self._fail(game, seat, exc.code, message=exc.message)
        record.outcome = InboundOutcome.APPLIED
        record.reason = "applied_stale" if stale else "applied"
        record.applied = result.applied
        game = result.game
        answer = self._queue(
            game,
            seat,
            Kind.REPLY_CONFIRMATION,
            {
                "applied": result.applied,
                "stale": stale,
                "email_version": token.version,
                "game_over": game.status != GameStatus.ACTIVE,
            },
            options=True,
        )
        return InboundResult(
            InboundOutcome.APPLIED,
            record.reason,
            record.pk,
            list(result.applied),
            answer,
        )

    def _plan(self, game: Game, seat: Seat, lines: list[str]) -> InboundResult:
        """A reply that plans the player's next turn (``PLAN: ...``): made anew from its
        lines, all or none, at any time while it is not their turn (a plan is not bound to
        the position an email showed: each step is checked when the turn comes)."""
        record, user = self.record, seat.user
        assert user is not None  # run() answers only for a seat with its player
        try:
            plan = plan_replace(game=game, user=user, lines=lines)
        except ServiceError as exc:
            return self._fail(game, seat, exc.code, message=exc.message, options=False)
        steps = [] if plan is None else [step["notation"] for step in plan.steps]
        record.outcome = InboundOutcome.APPLIED
        record.reason = "planned"
        answer = self._queue(
            game,
            seat,
            Kind.REPLY_CONFIRMATION,
            {"plan_reply": True, "planned": steps, "plan_closed": plan is not None and plan.closed},
            options=False,
        )
        return InboundResult(InboundOutcome.APPLIED, record.reason, record.pk, [], answer)

    def _takeback(self, game: Game, seat: Seat, request: int, *, agree: bool) -> InboundResult:
        """A reply AGREE or REFUSE to a takeback email: it answers the request the email was
        signed for (its version is the request's seq) through the service the page uses,
        which refuses a request that is no longer waiting (answered, refused, lapsed): then
        the player is told why and nothing changes."""
        record, user = self.record, seat.user
        assert user is not None  # run() answers only for a seat with its player
        asked = Event.objects.filter(game=game, seq=request, kind=EventKind.TAKEBACK_ASK).first()
        if asked is None:
            return self._fail(game, seat, "not_a_takeback")
        try:
            takeback_answer(game=game, user=user, agree=agree, request=request)
        except ServiceError as exc:
            return self._fail(game, seat, exc.code, message=exc.message)
        record.outcome = InboundOutcome.APPLIED
        record.reason = TAKEBACK_AGREED if agree else TAKEBACK_REFUSED
        answer = self._queue(
            game,
            seat,
            Kind.REPLY_CONFIRMATION,
            {
                "takeback_reply": "agreed" if agree else "refused",
                "decision": asked.payload.get("decision"),
                "text": str(asked.payload.get("text", "")),
            },
            options=False,
        )
        return InboundResult(InboundOutcome.APPLIED, record.reason, record.pk, [], answer)

    def _decision_passed(self, game: Game, seat: Seat, version: int) -> str | None:
        """Why a reply to the email of ``version`` may no longer play anything, or None.

        ``already_answered``: a reply to that version was played. ``turn_passed``: since that
        version, an event of another seat (or of nobody's: a timeout, a moderator) was
        written, so the turn the email was about is over; another seat's move out of turn
        (2nd edition) does not end anyone's turn."""
        answered = (
            InboundEmail.objects.filter(
                game=game, seat=seat.index, version=version, outcome=InboundOutcome.APPLIED
            )
            .exclude(pk=self.record.pk)
            .exclude(reason__in=(TAKEBACK_AGREED, TAKEBACK_REFUSED))
            .exists()
        )
        if answered:
            return "already_answered"
        later = (
            Event.objects.filter(game=game, seq__gt=version)
            .exclude(seat=seat.index)
            .exclude(payload__has_key=OUT_OF_TURN)
            .exclude(kind__in=TAKEBACK_TALK)
        )
        if later.exists():
            return "turn_passed"
        return None

    def _refuse(self, reason: str, error: str) -> InboundResult:
        self.record.outcome = InboundOutcome.REFUSED
        self.record.reason = reason
        self.record.error = error
        return InboundResult(InboundOutcome.REFUSED, reason, self.record.pk)

    def _fail(
        self,
        game: Game,
        seat: Seat,
        reason: str,
        *,
        message: str = "",
        options: bool = True,
        line_number: int | None = None,
        line: str = "",
        **details: Any,
    ) -> InboundResult:
        record = self.record
        text = message or str(ERROR_TEXTS.get(reason, reason)).format(**details)
        record.outcome = InboundOutcome.FAILED
        record.reason = reason[:40]
        record.error = text
        answer = self._answer(
            game, seat, reason, text=text, line_number=line_number, line=line, options=options
        )
        return InboundResult(InboundOutcome.FAILED, reason, record.pk, answer_id=answer)

    def _answer(
        self, game: Game, seat: Seat, reason: str, *, options: bool, **details: Any
    ) -> int | None:
        text = details.pop("text", "") or str(ERROR_TEXTS.get(reason, reason)).format(**details)
        context = {"reason": reason, "error": text, **details}
        return self._queue(game, seat, Kind.REPLY_ERROR, context, options=options)

    def _queue(
        self, game: Game, seat: Seat, kind: str, context: dict[str, Any], *, options: bool
    ) -> int | None:
        """The answer to the player, with their options when it is (still) their turn, or
        when they may act out of turn (2nd edition: discards their exchange token still
        owes, or a token to use): then it is playable by reply too."""
        game = Game.objects.get(pk=game.pk)  # as committed: a failed batch left no trace
        active = game.status == GameStatus.ACTIVE
        their_turn = active and game.current_seat == seat.index
        state = replay.state_at(game) if active and options else None
        may_act = (
            state is not None and not their_turn and bool(engine.legal_moves(state, seat.index))
        )
        owed = state is not None and may_act and engine.side_decision(state, seat.index) is not None
        context = {
            **context,
            "game_name": game_name(game),
            "seat": seat.index,
            "colour": colour_name(seat.colour),
            "in_reply_to": self.record.message_id,
            "version": game.version,
            "their_turn": their_turn,
            "out_of_turn": owed,
            "may_exchange": may_act and not owed,
        }
        if state is not None and (their_turn or may_act):
            context.update(playable_context(seat=seat, state=state, version=game.version))
        assert seat.user_id is not None  # run() answers only for a seat with its player
        answer = notification_queue(
            recipient_id=seat.user_id, kind=kind, game=game, context=context
        )
        self.record.answer_id = answer
        return answer

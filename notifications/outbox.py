"""Telling players what happened: the outbox, reminders, digests, preferences.

How a notification travels, and why it is sent once:

1. **Queued in the event's transaction.** The games app announces each event it appends
   (``games.signals``, sent by ``games.ledger``); ``notifications.receivers`` calls
   ``notifications_for_event`` (or another ``*_queue`` function) inside its transaction: the
   ``Notification`` rows commit or roll back with the event. A unique constraint on
   (game, event seq, recipient, kind, channel) makes a second write of the same
   notification a no-op, so every writer may simply try again. What costs more than a few
   reads waits for delivery: a "your turn" email's summary and options are built when it is
   sent (``your_turn_context``), not by the move that gave the turn.
2. **Sent after commit.** ``transaction.on_commit`` kicks the Celery task
   ``notifications.deliver`` (once the response is sent, when a request wrote the rows:
   ``common.after_response``). If the broker is down the move still succeeds; the row waits.
   A "your turn" for a player who is on the site is due only when they would count as gone
   (``delivery.active_until``): its kick is a delayed one, merged with the others of the
   same few seconds, and delivery puts it back if they are still there then.
3. **Claimed before sending** (``notifications/delivery.py``): a worker turns due rows from
   ``pending`` to ``sending`` with a claim token and a lease, in one transaction that skips
   rows another worker has locked and re-checks that they are still pending. Only the claim's
   holder sends a row; a second task, a redelivered message or a sweep finds nothing to claim.
4. **Marked sent** by the claim's holder as soon as the mail server took the message.
   Transient failures put the row back to ``pending`` with an exponential backoff and a
   delayed task; permanent ones, or too many attempts, make it ``failed`` (shown in the
   admin, which can send it again).
5. **Swept.** Every minute ``outbox_sweep`` kicks delivery for what is still ``pending`` a
   while after it was due (lost task, broker outage) and what is ``sending`` with an expired
   lease (a worker killed while sending).

The one window left: a worker that dies *after* the mail server accepted a message and
*before* its UPDATE to ``sent`` committed leaves a claimed row that is sent again once the
lease expires. Nothing can close that window without the mail server's help (SMTP has no
idempotent submission), so it is kept to one statement, and each message's Message-ID is
derived from the notification id, so that the duplicate is at least recognisable. A worker
killed at any other moment causes neither a loss nor a duplicate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common import after_response
from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from common.timefmt import zone
from common.waking_time import next_waking
from games import prepared
from games.models import Game, GameStatus, Seat
from notifications import languages, statements
from notifications.channel_delivery import deliveries_queue
from notifications.context import (
    game_name,
    human_to_move,
    result_context,
    seat_at,
    seat_label,
    seats_of,
)
from notifications.delivery import active_until, kick_delivery
from notifications.models import Kind, Notification


def notification_queue(
    *,
    recipient_id: int,
    kind: str,
    game: Game | None = None,
    event_seq: int | None = None,
    digest_date: Any = None,
    context: dict[str, Any] | None = None,
) -> int | None:
    """Write one notification (in the caller's transaction) and send it after commit.

    Returns its id, or None when the same notification exists already.
    """
    ids = queue_rows(
        [
            Notification(
                recipient_id=recipient_id,
                kind=kind,
                game=game,
                event_seq=event_seq,
                digest_date=digest_date,
                context=context or {},
            )
        ]
    )
    return ids[0] if ids else None


def queue_rows(rows: Iterable[Notification]) -> list[int]:
    now = timezone.now()
    written = []
    for row in rows:
        # A row queued before (the same event seen twice, two sweeps at once) is skipped:
        # by the INSERT itself where the database can (one statement), else in a savepoint
        # that leaves the caller's transaction usable after the duplicate.
        inserted = prepared.insert_new(row)
        if inserted is None:
            try:
                with transaction.atomic():
                    row.save(force_insert=True)
            except IntegrityError:
                continue
        elif not inserted:
            continue
        written.append(row)
    # The same notifications by push and webhook, in the same transaction (exactly once each).
    channel_due = deliveries_queue(written)
    for kick in _kicks_for([row.next_attempt_at for row in written] + channel_due, now):
        # After the answer to the request, if any: the outbox sweep covers a lost kick.
        transaction.on_commit(partial(after_response.defer, kick))
    return [row.pk for row in written]


def _kicks_for(due_times: list[datetime], now: datetime) -> list[Callable[[], bool]]:
    """The delivery kicks the rows just written need (``due_times``: when each is due): one
    at once if any is due now, and a delayed one (merged per bucket by ``kick_delivery``)
    for each time some are due later."""
    kicks: list[Callable[[], bool]] = []
    if any(due <= now for due in due_times):
        kicks.append(kick_delivery)
    later = sorted({due for due in due_times if due > now})
    kicks.extend(partial(kick_delivery, due=due) for due in later)
    return kicks


def notifications_for_event(
    *,
    game: Game,
    seq: int,
    before_seat: int | None,
    seats: list[Seat] | None = None,
) -> list[int]:
    """The notifications caused by event ``seq`` of ``game``, which was just appended.

    Call it in the event's transaction, after the game row was brought up to date (status,
    current seat, deadline). ``before_seat`` is the seat that was to move before the event.

    * the setup event (seq 1): "your turn" to the first player, "game started" to the others;
    * the game is over: "game over" to every player;
    * otherwise "your turn" to the seat to move, but only when the turn passed to another
      seat: a seat's own consecutive decisions within its turn notify nobody.

    Bots get nothing. A "your turn" row holds only the game's name and the seat: what the
    player did not see yet and may do now is built when the email is actually sent
    (``your_turn_context``), since most of them are never sent (the player, on the site,
    moves before they leave it) and pricing every legal move here would slow down every move
    and bot turn. It is due once the player would count as gone from the site
    (``_your_turn_due``), read with the seats.
    ``seats``: the game's seats as the caller's transaction has them (locked with the game
    row, users not needed); with them, a turn that passes to a bot reads nothing, which is
    every human move of a game against bots.
    """
    started = seq == 1 and game.status == GameStatus.ACTIVE
    passed = game.status == GameStatus.ACTIVE and game.current_seat != before_seat
    if not (game.is_over or started or passed):
        return []  # a decision within a turn: nobody is told (and nothing is read)
    if not (game.is_over or started) and seats is not None and not human_to_move(game, seats):
        return []  # the turn passed to a bot (or an empty seat): nobody is told
    seats = seats_of(game, with_activity=True)
    rows: list[Notification] = []
    if game.is_over:
        players = [seat.user_id for seat in seats if seat.user_id]
        rows += rows_in_languages(
            game,
            seq,
            Kind.GAME_OVER,
            players,
            lambda: {"game_name": game_name(game, seats), "result": result_context(game, seats)},
        )
        return queue_rows(rows)
    to_move = human_to_move(game, seats)
    if to_move is not None:
        # Its name is said again, in its player's language, when the email is built.
        context = {"game_name": game_name(game, seats), "seat": to_move.index}
        assert to_move.user_id is not None  # human_to_move: a seat with its player
        row = outbox_row(game, seq, to_move.user_id, Kind.YOUR_TURN, context)
        row.next_attempt_at = _your_turn_due(game, to_move, now=row.next_attempt_at)
        rows.append(row)
    if started:
        others = [
            seat.user_id for seat in seats if seat.user_id and not seat.bot and seat is not to_move
        ]
        rows += rows_in_languages(
            game,
            seq,
            Kind.GAME_STARTED,
            others,
            lambda: {
                "game_name": game_name(game, seats),
                "first": seat_label(seat_at(seats, game.current_seat)),
            },
        )
    return queue_rows(rows)


def rows_in_languages(
    game: Game,
    seq: int,
    kind: str,
    user_ids: Iterable[int],
    context: Callable[[], dict[str, Any]],
) -> list[Notification]:
    """One row of ``kind`` per user, its ``context`` (the texts stored with it) built in
    its recipient's language: once per language, whoever's action queued them."""
    wanted = list(dict.fromkeys(user_ids))
    if not wanted:
        return []
    rows: dict[int, Notification] = {}
    for language, users in languages.by_language(wanted).items():
        with languages.override(language):
            built = context()
        for user_id in users:
            rows[user_id] = outbox_row(game, seq, user_id, kind, built)
    return [rows[user_id] for user_id in wanted]


def deadline_passed_queue(
    *,
    game: Game,
    seq: int,
    seat: int,
    action: str,
    deadline: datetime,
    to: Iterable[int] | None = None,
    details: dict[str, Any] | None = None,
) -> list[int]:
    """Tell the players what happened when ``seat``'s ``deadline`` passed (event ``seq``).

    ``action``: ``vacation_day``, ``bot_move``, ``replace_by_bot`` or ``abandon``. ``to``
    limits the recipients (user ids); by default every player is told.
    """
    seats = seats_of(game)
    late = seat_at(seats, seat)
    wanted = None if to is None else set(to)
    return queue_rows(
        rows_in_languages(
            game,
            seq,
            Kind.DEADLINE_PASSED,
            [s.user_id for s in seats if s.user_id and (wanted is None or s.user_id in wanted)],
            lambda: {
                **(details or {}),
                "game_name": game_name(game, seats),
                "action": action,
                "late": seat_label(late),
                "late_user": late.user_id if late else None,
                "missed_deadline": deadline.isoformat(),
            },
        )
    )


def invitation_send(*, game: Game, inviter: Any, invitee: Any) -> int | None:
    """Invite ``invitee`` (a user) to the open ``game`` in which ``inviter`` has a seat.

    Once per (game, invitee): inviting again is a no-op (None).
    """
    seats = seats_of(game)
    if game.status != GameStatus.OPEN:
        raise ConflictError(
            "game_not_open", _("Only a game that has not started takes invitations.")
        )
    if not any(seat.user_id == inviter.pk for seat in seats):
        raise NotAllowedError("not_seated", _("Only a player of this game can invite others."))
    if any(seat.user_id == invitee.pk for seat in seats):
        raise ConflictError(
            "already_seated",
            _("%(name)s already plays here.") % {"name": invitee.get_username()},
        )
    with transaction.atomic(), languages.for_user(user_id=invitee.pk):
        return notification_queue(
            recipient_id=invitee.pk,
            kind=Kind.INVITATION,
            game=game,
            context={"game_name": game_name(game, seats), "inviter": inviter.get_username()},
        )


def invitation_by_username(*, game: Game, inviter: Any, username: str) -> tuple[Any, int | None]:
    """Invite the user called ``username`` (case aside when only one matches): (the user,
    the new row's id or None when they had been invited before). An unknown name is a 400
    and writes nothing."""
    name = username.strip()
    users = get_user_model().objects
    invitee = users.filter(username=name).first()
    if invitee is None:
        matches = list(users.filter(username__iexact=name)[:2])
        invitee = matches[0] if len(matches) == 1 else None
    if invitee is None or not invitee.is_active:
        raise InvalidRequestError(
            "unknown_user",
            _("No player is called %(name)s: check the spelling of the username.")
            % {"name": repr(name)},
        )
    return invitee, invitation_send(game=game, inviter=inviter, invitee=invitee)


MODERATION_TEXTS = {
    "pause": gettext_lazy("paused the game (the clocks are stopped)"),
    "resume": gettext_lazy("resumed the game"),
    "abandon": gettext_lazy("ended the game: it is abandoned"),
    "replace_by_bot": gettext_lazy("handed {seat} to a bot"),
    "rollback": gettext_lazy("rolled the game back to the position after move #{to_seq}"),
    "rules_upgrade": gettext_lazy(
        "moved the game to the newest rules ({to}): the moves so far stand"
    ),
}


def moderation_queue(
    *, game: Game, seq: int, action: str, reason: str, details: dict[str, Any] | None = None
) -> list[int]:
    """Tell every human player of ``game`` about a moderator's ``action`` (event ``seq``)."""
    details = dict(details or {})
    seats = seats_of(game)
    seat = seat_at(seats, details.get("seat"))

    def context() -> dict[str, Any]:
        text = str(MODERATION_TEXTS.get(action, action.replace("_", " "))).format(
            seat=seat_label(seat), to_seq=details.get("to_seq"), to=details.get("to")
        )
        return {
            **details,
            "game_name": game_name(game, seats),
            "action": action,
            "action_text": text,
            "reason": reason,
        }

    return queue_rows(
        rows_in_languages(
            game, seq, Kind.MODERATION, [s.user_id for s in seats if s.user_id], context
        )
    )


def seat_change_queue(
    *,
    game: Game,
    seq: int,
    action: str,
    leaver: str,
    substitute: str | None,
    actor_id: int | None,
) -> list[int]:
    """Tell the game's players that a seat changed hands (event ``seq``): "X left; a bot
    plays their seat until someone takes over", then "Y took over X's seat". Whoever did it
    is not told, nor the leaver (no longer at the table: they get none of its emails)."""
    seats = seats_of(game)
    return queue_rows(
        rows_in_languages(
            game,
            seq,
            Kind.SEAT_CHANGE,
            [s.user_id for s in seats if s.user_id and not s.bot and s.user_id != actor_id],
            lambda: {
                "game_name": game_name(game, seats),
                "action": action,
                "leaver": leaver,
                "substitute": substitute or "",
            },
        )
    )


def takeback_queue(
    *,
    game: Game,
    seq: int,
    action: str,
    request: int,
    asker: int,
    decision: int,
    text: str,
    by: int | None,
    waiting: tuple[int, ...],
    reason: str,
) -> list[int]:
    """Tell the players what became of a takeback request (event ``seq``, ``action`` as
    ``games.signals.takeback_changed`` says).

    * ``ask``: each player asked (``waiting``) gets the request, signed for their seat and
      the request (``reply_version``): a reply AGREE or REFUSE answers it
      (``notifications.inbound``);
    * ``takeback``, ``refuse``, ``lapse``: the asker is told the outcome, unless it was
      their own doing (nobody had to be asked, or their own decision lapsed it).
    """
    seats = seats_of(game)
    asking = seat_at(seats, asker)
    if action == "ask":
        asked = [seat for seat in seats if seat.index in waiting and seat.user_id and not seat.bot]
        rows = rows_in_languages(
            game,
            seq,
            Kind.TAKEBACK_ASKED,
            [seat.user_id for seat in asked if seat.user_id],
            lambda: {
                "game_name": game_name(game, seats),
                "asker": seat_label(asking),
                "request": request,
                "decision": decision,
                "text": text,
                "reply_version": request,
            },
        )
        seat_of_user = {seat.user_id: seat.index for seat in asked}
        for row in rows:
            row.context["seat"] = seat_of_user[row.recipient_id]
        return queue_rows(rows)
    if by == asker or (action == "takeback" and by is None):
        return []
    if asking is None or asking.user_id is None or asking.bot:
        return []
    answerer = seat_at(seats, by)
    return queue_rows(
        rows_in_languages(
            game,
            seq,
            Kind.TAKEBACK_OUTCOME,
            [asking.user_id],
            lambda: {
                "game_name": game_name(game, seats),
                "outcome": action,
                "reason": reason,
                "request": request,
                "decision": decision,
                "text": text,
                "by": seat_label(answerer),
            },
        )
    )


def outbox_row(
    game: Game, seq: int, user_id: int, kind: str, context: dict[str, Any]
) -> Notification:
    return Notification(
        recipient_id=user_id, kind=kind, game=game, event_seq=seq, context=dict(context)
    )


def _your_turn_due(game: Game, seat: Seat, *, now: datetime) -> datetime:
    """When the "your turn" email to ``seat``'s player is due: now, or when they would count
    as gone if they are on the site (looking at the game, they need no email yet)."""
    activity = getattr(seat.user, "activity", None)  # selected with the seats, or absent
    due = active_until(activity.last_seen if activity else None, now) or now
    if due > now and _always_notified(seat):
        due = now  # "even when my page is open": read only for a player who is on the site
    return morning_of(game, seat, due)


def _always_notified(seat: Seat) -> bool:
    """Whether the seat's player asked to be told even while their page is open."""
    return seat.user_id is not None and statements.always_notified(seat.user_id)


def morning_of(game: Game, seat: Seat, instant: datetime) -> datetime:
    """``instant``, or, when it falls in the quiet hours (or weekend) of ``seat``'s game in
    its player's own time zone, their next morning: nobody is woken by a game that has
    promised them quiet nights (``common.waking_time``)."""
    return next_waking(instant, game.clock_rules, zone(seat.time_zone))

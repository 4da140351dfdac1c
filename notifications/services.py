"""Telling players what happened: the outbox, reminders, digests, preferences.

How a notification travels, and why it is sent once:

1. **Queued in the event's transaction.** The service that appends a game event calls
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

import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from common import after_response
from games import prepared, replay
from games.errors import ConflictError, InvalidRequestError, NotAllowedError
from games.models import Event, EventKind, Game, GameStatus, Seat, SeatStatus, TimeoutPolicy
from games.selectors import event_text
from notifications import links
from notifications.delivery import active_until, kick_delivery
from notifications.models import (
    GameNotificationPreference,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
    UserActivity,
    WorkerHeartbeat,
)
from notifications.selectors import games_waiting_for
from notifications.turn_facts import turn_facts

logger = logging.getLogger(__name__)

# What a "your turn" email lists at most: the latest decisions of the others, your options.
MAX_SUMMARY_LINES = 40
MAX_OPTION_LINES = 100


def _seconds(name: str, default: int) -> timedelta:
    return timedelta(seconds=int(getattr(settings, name, default)))


# --- heartbeat -------------------------------------------------------------------------------


def worker_heartbeat_record(*, worker: str, at: datetime) -> None:
    """Record that ``worker`` was alive at ``at``."""
    updated = WorkerHeartbeat.objects.filter(worker=worker).update(
        last_seen=at, beats=F("beats") + 1
    )
    if updated:
        return
    try:
        # The savepoint keeps an outer transaction usable if another process created the
        # row between the update above and this insert.
        with transaction.atomic():
            WorkerHeartbeat.objects.create(worker=worker, last_seen=at, beats=1)
    except IntegrityError:
        WorkerHeartbeat.objects.filter(worker=worker).update(last_seen=at, beats=F("beats") + 1)


# --- queueing --------------------------------------------------------------------------------


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
    ids = _queue(
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


def _queue(rows: Iterable[Notification]) -> list[int]:
    now = timezone.now()
    written = []
    for row in rows:
        try:
            # A savepoint: a duplicate leaves the caller's transaction usable.
            with transaction.atomic():
                row.save(force_insert=True)
        except IntegrityError:
            continue  # queued before (the same event seen twice, two sweeps at once)
        written.append(row)
    for kick in _kicks_for(written, now):
        # After the answer to the request, if any: the outbox sweep covers a lost kick.
        transaction.on_commit(lambda kick=kick: after_response.defer(kick))
    return [row.pk for row in written]


def _kicks_for(written: list[Notification], now: datetime) -> list[Callable[[], bool]]:
    """The delivery kicks the ``written`` rows need: one at once if any is due now, and a
    delayed one (merged per bucket by ``kick_delivery``) for each time some are due later."""
    kicks: list[Callable[[], bool]] = []
    if any(row.next_attempt_at <= now for row in written):
        kicks.append(kick_delivery)
    later = sorted({row.next_attempt_at for row in written if row.next_attempt_at > now})
    kicks.extend(lambda due=due: kick_delivery(due=due) for due in later)
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
    if not (game.is_over or started) and seats is not None and not _human_to_move(game, seats):
        return []  # the turn passed to a bot (or an empty seat): nobody is told
    seats = _seats(game, with_activity=True)
    name = game_name(game, seats)
    rows: list[Notification] = []
    if game.is_over:
        context = {"game_name": name, "result": _result_context(game, seats)}
        for seat in seats:
            if seat.user_id:
                rows.append(_row(game, seq, seat.user_id, Kind.GAME_OVER, context))
        return _queue(rows)
    to_move = _human_to_move(game, seats)
    if to_move is not None:
        context = {"game_name": name, "seat": to_move.index}
        row = _row(game, seq, to_move.user_id, Kind.YOUR_TURN, context)
        row.next_attempt_at = _your_turn_due(to_move, now=row.next_attempt_at)
        rows.append(row)
    if started:
        context = {"game_name": name, "first": _seat_label(_seat_at(seats, game.current_seat))}
        for seat in seats:
            if seat.user_id and not seat.bot and seat is not to_move:
                rows.append(_row(game, seq, seat.user_id, Kind.GAME_STARTED, context))
    return _queue(rows)


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
    seats = _seats(game)
    late = _seat_at(seats, seat)
    context = {
        **(details or {}),
        "game_name": game_name(game, seats),
        "action": action,
        "late": _seat_label(late),
        "late_user": late.user_id if late else None,
        "missed_deadline": deadline.isoformat(),
    }
    wanted = None if to is None else set(to)
    return _queue(
        _row(game, seq, s.user_id, Kind.DEADLINE_PASSED, context)
        for s in seats
        if s.user_id and (wanted is None or s.user_id in wanted)
    )


def invitation_send(*, game: Game, inviter: Any, invitee: Any) -> int | None:
    """Invite ``invitee`` (a user) to the open ``game`` in which ``inviter`` has a seat.

    Once per (game, invitee): inviting again is a no-op (None).
    """
    seats = _seats(game)
    if game.status != GameStatus.OPEN:
        raise ConflictError("game_not_open", "Only a game that has not started takes invitations.")
    if not any(seat.user_id == inviter.pk for seat in seats):
        raise NotAllowedError("not_seated", "Only a player of this game can invite others.")
    if any(seat.user_id == invitee.pk for seat in seats):
        raise ConflictError("already_seated", f"{invitee.get_username()} already plays here.")
    with transaction.atomic():
        return notification_queue(
            recipient_id=invitee.pk,
            kind=Kind.INVITATION,
            game=game,
            context={"game_name": game_name(game, seats), "inviter": inviter.get_username()},
        )


def _row(game: Game, seq: int, user_id: int, kind: str, context: dict[str, Any]) -> Notification:
    return Notification(
        recipient_id=user_id, kind=kind, game=game, event_seq=seq, context=dict(context)
    )


def _seats(game: Game, *, with_activity: bool = False) -> list[Seat]:
    """The game's seats with their users (and, ``with_activity``, when each user was last
    seen on the site: ``seat.user.activity``, absent for one never seen), in one query; the
    plain one prepared (``games.prepared``), as every email sent reads it."""
    if not with_activity:
        return prepared.seats_with_users(game_pk=game.pk)
    related = ("user", "user__activity")
    return list(Seat.objects.filter(game=game).select_related(*related).order_by("index"))


def _your_turn_due(seat: Seat, *, now: datetime) -> datetime:
    """When the "your turn" email to ``seat``'s player is due: now, or when they would count
    as gone if they are on the site (looking at the game, they need no email yet)."""
    activity = getattr(seat.user, "activity", None)  # selected with the seats, or absent
    return active_until(activity.last_seen if activity else None, now) or now


def _seat_at(seats: list[Seat], index: int | None) -> Seat | None:
    return next((seat for seat in seats if seat.index == index), None)


def _human_to_move(game: Game, seats: list[Seat]) -> Seat | None:
    if game.status != GameStatus.ACTIVE:
        return None
    seat = _seat_at(seats, game.current_seat)
    if seat is None or seat.bot or not seat.user_id or seat.status != SeatStatus.PLAYING:
        return None
    return seat


def _seat_label(seat: Seat | None) -> str:
    if seat is None:
        return ""
    if seat.user_id and not seat.bot:
        return f"{seat.user.get_username()} ({seat.colour})"
    if seat.user_id:
        return f"{seat.user.get_username()}'s bot ({seat.colour})"
    return f"{seat.bot or 'empty'} bot ({seat.colour})"


def game_name(game: Game, seats: list[Seat] | None = None) -> str:
    """How emails name a game: 'game k3x9mnpq2rst (alice, bob, heuristic bot)'."""
    seats = _seats(game) if seats is None else seats
    names = [
        seat.user.get_username() if seat.user_id else f"{seat.bot} bot"
        for seat in seats
        if seat.is_filled
    ]
    return f"game {game.public_id} ({', '.join(names)})" if names else f"game {game.public_id}"


def your_turn_context(notification: Notification) -> dict[str, Any]:
    """The whole context of a "your turn" email, built by the delivery that sends it.

    Built for the row's ``event_seq`` (the event that gave the turn), not for the game as
    it is now: the email shows what it would have shown when it was queued, its option
    numbers are those of the version its reply address signs, and every attempt at the same
    row builds the same context.
    """
    game, seq = notification.game, notification.event_seq
    seats = _seats(game)
    seat = _seat_at(seats, notification.context["seat"])
    state = replay.state_at(game, seq)
    return {**notification.context, **_turn_context(game, seat, seats, state, seq)}


def _turn_context(
    game: Game, seat: Seat, seats: list[Seat], state: Any, seq: int
) -> dict[str, Any]:
    """What changed since the seat's last decision, and what it may do now."""
    events = prepared.events_since_own_move(game_pk=game.pk, seat=seat.index, upto=seq)
    by_index = {s.index: s for s in seats}
    lines = []
    for event in events:
        text = _event_text(event)
        who = _seat_label(by_index.get(event.seat)) if event.seat is not None else ""
        lines.append(f"{who}: {text}" if who else text)
    playable = playable_context(seat=seat, state=state, version=seq)
    options = [option["text"] for option in playable["choices"]]
    return {
        "summary": lines[-MAX_SUMMARY_LINES:],
        "summary_more": max(0, len(lines) - MAX_SUMMARY_LINES),
        "options": options[:MAX_OPTION_LINES],
        "options_more": max(0, len(options) - MAX_OPTION_LINES),
        **playable,
    }


def playable_context(*, seat: Seat, state: Any, version: int) -> dict[str, Any]:
    """What makes an email playable by reply, for ``seat`` at game ``version`` (``state``).

    Every email sent while it is the player's turn carries it (your turn, reminder, deadline
    warning, the answers to replies): the player's facts and numbered options, and the
    version that its reply address signs, so that the option numbers of a reply are read
    against exactly the position that email showed (``notifications/inbound.py``).
    """
    return {
        "seat": seat.index,
        "colour": seat.colour,
        "reply_version": version,
        **facts_context(turn_facts(state, seat.index)),
    }


def facts_context(facts: dict[str, Any]) -> dict[str, Any]:
    """The turn facts as the email templates read them (``choices``: the numbered options)."""
    return {
        "money": facts["money"],
        "hand": facts["hand"],
        "herder": facts["herder"],
        "engine_at": facts["engine_at"],
        "certificates": facts["certificates"],
        "workers": facts["workers"],
        "objectives": facts["objectives"],
        "draw_pile": facts["draw_pile"],
        "decision": facts["decision"],
        "choices": facts["options"],
    }


TIMEOUT_TEXTS = {
    "vacation_day": "missed the deadline: a vacation day was used",
    TimeoutPolicy.BOT_MOVE: "missed the deadline: a bot played the turn",
    TimeoutPolicy.REPLACE_BY_BOT: "missed the deadline: a bot plays on for them",
    TimeoutPolicy.ABANDON: "missed the deadline: the game is abandoned",
}


def _event_text(event: Event) -> str:
    if event.kind == EventKind.TIMEOUT:
        return TIMEOUT_TEXTS.get((event.payload or {}).get("action"), "missed the deadline")
    return event_text(event)


def _result_context(game: Game, seats: list[Seat]) -> dict[str, Any]:
    result = game.result or {}
    scores = result.get("scores") or []
    winners = set(result.get("winners") or [])
    rows = []
    for seat in seats:
        score = scores[seat.index] if seat.index < len(scores) else None
        rows.append(
            {
                "player": _seat_label(seat),
                "total": score.get("total") if score else None,
                "winner": seat.index in winners,
            }
        )
    rows.sort(key=lambda row: -(row["total"] if row["total"] is not None else -1))
    return {"reason": result.get("reason", ""), "status": game.status, "rows": rows}


# --- reminders and deadline warnings -----------------------------------------------------------


def _human_to_move_q() -> Exists:
    return Exists(
        Seat.objects.filter(
            game=OuterRef("pk"),
            index=OuterRef("current_seat"),
            user__isnull=False,
            bot="",
            status=SeatStatus.PLAYING,
        )
    )


def reminders_queue(*, now: datetime | None = None, limit: int = 1000) -> int:
    """Remind players who have not moved for NOTIFY_REMINDER_AFTER (once per position).

    A game whose deadline is near gets the deadline warning instead.
    """
    now = now or timezone.now()
    after = _seconds("NOTIFY_REMINDER_AFTER", 86400)
    warn = _seconds("NOTIFY_DEADLINE_WARNING_BEFORE", 43200)
    already = Notification.objects.filter(
        game=OuterRef("pk"), event_seq=OuterRef("version"), kind=Kind.REMINDER
    )
    games = (
        Game.objects.filter(
            status=GameStatus.ACTIVE, turn_since__lte=now - after, updated_at__lte=now - after
        )
        .filter(Q(turn_deadline__isnull=True) | Q(turn_deadline__gt=now + warn))
        .filter(_human_to_move_q())
        .exclude(Exists(already))
        .order_by("updated_at")[:limit]
    )
    return _queue_for_seat_to_move(list(games), Kind.REMINDER)


def deadline_warnings_queue(*, now: datetime | None = None, limit: int = 1000) -> int:
    """Warn the seat to move before its deadline (once per turn).

    The warning goes out NOTIFY_DEADLINE_WARNING_BEFORE before the deadline, but never in
    the first half of the turn's time (a one-hour turn is warned after 30 minutes).
    """
    now = now or timezone.now()
    warn = _seconds("NOTIFY_DEADLINE_WARNING_BEFORE", 43200)
    warned = Notification.objects.filter(
        game=OuterRef("pk"),
        kind=Kind.DEADLINE_WARNING,
        created_at__gte=OuterRef("turn_since"),
    )
    candidates = (
        Game.objects.filter(
            status=GameStatus.ACTIVE, turn_deadline__gt=now, turn_deadline__lte=now + warn
        )
        .filter(_human_to_move_q())
        .exclude(Exists(warned))
        .order_by("turn_deadline")[:limit]
    )
    due = [
        game
        for game in candidates
        if game.turn_since is None
        or now >= game.turn_since + (game.turn_deadline - game.turn_since) / 2
    ]
    return _queue_for_seat_to_move(due, Kind.DEADLINE_WARNING)


def _queue_for_seat_to_move(games: list[Game], kind: str) -> int:
    queued = 0
    for game in games:
        seats = _seats(game)
        seat = _human_to_move(game, seats)
        if seat is None:
            continue
        context = {"game_name": game_name(game, seats), "waiting_since": _iso(game.turn_since)}
        if kind == Kind.DEADLINE_WARNING:
            context["policy_text"] = _policy_text(game, seat)
        context.update(_playable_or_nothing(game, seat))
        with transaction.atomic():
            queued += len(_queue([_row(game, game.version, seat.user_id, kind, context)]))
    return queued


def _playable_or_nothing(game: Game, seat: Seat) -> dict[str, Any]:
    """The playable context of the game's current version for a sweep's email.

    The row is queued for ``game.version`` (its ``event_seq``) and is not sent once the game
    has moved on (``delivery``), so the options it shows are those of the version it is sent
    for. A game whose state cannot be rebuilt still gets its reminder, without options or
    reply address: one broken game must not stop the sweep for all the others.
    """
    try:
        state = replay.state_at(game, game.version)
    except Exception:
        logger.exception(
            "game %s: no state to show seat %s its options", game.public_id, seat.index
        )
        return {}
    return playable_context(seat=seat, state=state, version=game.version)


def _policy_text(game: Game, seat: Seat) -> str:
    """What happens if the seat does not move in time, for the deadline warning."""
    if timedelta(days=game.vacation_days) > seat.vacation_used:
        return "one of your vacation days will be used (your clock stops for a day)"
    return {
        TimeoutPolicy.BOT_MOVE: "a bot will play that turn for you",
        TimeoutPolicy.REPLACE_BY_BOT: "a bot will take your seat for the rest of the game",
        TimeoutPolicy.ABANDON: "the game will be abandoned",
    }.get(game.timeout_policy, "")


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


# --- daily digest ----------------------------------------------------------------------------


def digests_queue(*, now: datetime | None = None) -> int:
    """One digest per user whose chosen hour it is now in their time zone (scheduled often).

    It lists the games waiting for them whose mode is "digest"; none, no email. Once per user
    and local date (a unique row), however often this runs.
    """
    now = now or timezone.now()
    user_ids = set(
        NotificationPreference.objects.filter(mode=Mode.DIGEST).values_list("user_id", flat=True)
    ) | set(
        GameNotificationPreference.objects.filter(mode=Mode.DIGEST).values_list(
            "user_id", flat=True
        )
    )
    preferences = NotificationPreference.objects.in_bulk(list(user_ids))
    queued = 0
    for user_id in sorted(user_ids):
        preference = preferences.get(user_id) or NotificationPreference(user_id=user_id)
        if preference.mode == Mode.OFF:
            continue
        try:
            zone = ZoneInfo(preference.time_zone)
        except (KeyError, ValueError):
            zone = ZoneInfo("UTC")
        local = now.astimezone(zone)
        if local.hour != preference.digest_hour:
            continue
        waiting = [
            game
            for game in games_waiting_for(user_id=user_id)
            if (game.mode or preference.mode) == Mode.DIGEST
        ]
        if not waiting:
            continue
        context = {
            "games": [
                {
                    "id": game.public_id,
                    "name": game_name(game),
                    "url": links.game_url(game),
                    "waiting_since": _iso(game.turn_since),
                    "deadline": _iso(game.turn_deadline),
                    # The seat to move is the user's: its reply address for this version.
                    "seat": game.current_seat,
                    "version": game.version,
                }
                for game in waiting
            ]
        }
        with transaction.atomic():
            queued += len(
                _queue(
                    [
                        Notification(
                            recipient_id=user_id,
                            kind=Kind.DIGEST,
                            digest_date=local.date(),
                            context=context,
                        )
                    ]
                )
            )
    return queued


# --- preferences and unsubscribing ---------------------------------------------------------


def preference_set(
    *,
    user: Any,
    mode: str | None = None,
    digest_hour: int | None = None,
    time_zone: str | None = None,
) -> NotificationPreference:
    """Change some of the user's preferences (those given)."""
    if mode is not None and mode not in Mode.values:
        raise InvalidRequestError("bad_mode", "The mode is 'immediate', 'digest' or 'off'.")
    if digest_hour is not None and not 0 <= digest_hour <= 23:
        raise InvalidRequestError("bad_digest_hour", "The digest hour is 0 to 23.")
    if time_zone is not None and time_zone not in available_timezones():
        raise InvalidRequestError("bad_time_zone", f"Unknown time zone {time_zone!r}.")
    changes = {
        key: value
        for key, value in {
            "mode": mode,
            "digest_hour": digest_hour,
            "time_zone": time_zone,
        }.items()
        if value is not None
    }
    with transaction.atomic():
        preference, created = NotificationPreference.objects.select_for_update().get_or_create(
            user_id=user.pk, defaults=changes
        )
        if not created and changes:
            for key, value in changes.items():
                setattr(preference, key, value)
            preference.save()
    return preference


def game_preference_set(*, user: Any, game: Game, mode: str | None) -> None:
    """Override the user's mode for one game in which they have a seat (None: no override)."""
    if not Seat.objects.filter(game=game, user_id=user.pk).exists():
        raise NotAllowedError("not_seated", "You do not have a seat in this game.")
    if mode is None:
        GameNotificationPreference.objects.filter(user_id=user.pk, game=game).delete()
        return
    if mode not in Mode.values:
        raise InvalidRequestError("bad_mode", "The mode is 'immediate', 'digest' or 'off'.")
    GameNotificationPreference.objects.update_or_create(
        user_id=user.pk, game=game, defaults={"mode": mode}
    )


class BadUnsubscribeTokenError(Exception):
    """The unsubscribe token was altered, forged, or names no user."""


def unsubscribe_read(*, token: str) -> tuple[Any, Game | None]:
    """(user, game or None) named by a token; BadUnsubscribeTokenError if it is not genuine."""
    try:
        data = signing.loads(token, salt=links.UNSUBSCRIBE_SALT)
        user_id, game_id = data["u"], data.get("g")
    except (signing.BadSignature, KeyError, TypeError, ValueError) as exc:
        raise BadUnsubscribeTokenError("bad token") from exc
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise BadUnsubscribeTokenError("no such user")
    game = Game.objects.filter(pk=game_id).first() if game_id is not None else None
    return user, game


def unsubscribe(*, token: str, only_game: bool = False) -> tuple[Any, Game | None]:
    """Stop the emails of the token's user: all of them, or with ``only_game`` only the
    emails about the token's game. Needs no login: the token is the proof."""
    user, game = unsubscribe_read(token=token)
    if only_game and game is not None:
        game_preference_set(user=user, game=game, mode=Mode.OFF)
        return user, game
    preference_set(user=user, mode=Mode.OFF)
    return user, None


# --- activity ------------------------------------------------------------------------------------


def activity_record(*, user_id: int, at: datetime) -> None:
    """Note that the user did something on the site at ``at``."""
    UserActivity.objects.bulk_create(
        [UserActivity(user_id=user_id, last_seen=at)],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["last_seen"],
    )


MODERATION_TEXTS = {
    "pause": "paused the game (the clocks are stopped)",
    "resume": "resumed the game",
    "abandon": "ended the game: it is abandoned",
    "replace_by_bot": "handed {seat} to a bot",
    "rollback": "rolled the game back to the position after move #{to_seq}",
}


def moderation_queue(
    *, game: Game, seq: int, action: str, reason: str, details: dict[str, Any] | None = None
) -> list[int]:
    """Tell every human player of ``game`` about a moderator's ``action`` (event ``seq``)."""
    details = dict(details or {})
    seats = _seats(game)
    seat = _seat_at(seats, details.get("seat"))
    text = MODERATION_TEXTS.get(action, action.replace("_", " ")).format(
        seat=_seat_label(seat), to_seq=details.get("to_seq")
    )
    context = {
        **details,
        "game_name": game_name(game, seats),
        "action": action,
        "action_text": text,
        "reason": reason,
    }
    return _queue(_row(game, seq, s.user_id, Kind.MODERATION, context) for s in seats if s.user_id)

"""The emails beat sends on a schedule: reminders, deadline warnings and the daily digest.

Each sweep is safe to run as often as wanted and by several workers at once: a reminder is
once per position, a warning once per turn, a digest once per user and local date (unique
rows in the outbox, ``notifications.outbox``).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from common.conf import duration_setting
from common.timefmt import zone
from common.waking_time import is_quiet
from games import replay
from games.models import Game, GameStatus, Seat, SeatStatus, TimeoutPolicy
from notifications import languages, links
from notifications.context import game_name, human_to_move, playable_context, seats_of
from notifications.models import (
    GameNotificationPreference,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
)
from notifications.outbox import outbox_row, queue_rows
from notifications.selectors import games_waiting_for

logger = logging.getLogger(__name__)


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
    after = duration_setting("NOTIFY_REMINDER_AFTER", 86400)
    warn = duration_setting("NOTIFY_DEADLINE_WARNING_BEFORE", 43200)
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
    return _queue_for_seat_to_move(list(games), Kind.REMINDER, now=now)


def deadline_warnings_queue(*, now: datetime | None = None, limit: int = 1000) -> int:
    """Warn the seat to move before its deadline (once per turn).

    The warning goes out NOTIFY_DEADLINE_WARNING_BEFORE before the deadline, but never in
    the first half of the turn's time (a one-hour turn is warned after 30 minutes).
    """
    now = now or timezone.now()
    warn = duration_setting("NOTIFY_DEADLINE_WARNING_BEFORE", 43200)
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
        if game.turn_deadline is not None  # always, by the query
        and (
            game.turn_since is None
            or now >= game.turn_since + (game.turn_deadline - game.turn_since) / 2
        )
    ]
    return _queue_for_seat_to_move(due, Kind.DEADLINE_WARNING, now=now)


def _queue_for_seat_to_move(games: list[Game], kind: str, *, now: datetime) -> int:
    """Reminders and warnings wait for the player's morning: in a game with quiet hours
    (or a weekend pause), a sweep during them leaves the player's row unwritten, and the
    first sweep after them writes it (once per position or turn, as ever)."""
    queued = 0
    for game in games:
        seats = seats_of(game)
        seat = human_to_move(game, seats)
        if seat is None or is_quiet(now, game.clock_rules, zone(seat.time_zone)):
            continue
        assert seat.user_id is not None  # human_to_move: a seat with its player
        with languages.for_user(user_id=seat.user_id):
            context = {
                "game_name": game_name(game, seats),
                "waiting_since": _iso(game.turn_since),
            }
            if kind == Kind.DEADLINE_WARNING:
                context["policy_text"] = _policy_text(game, seat)
            context.update(_playable_or_nothing(game, seat))
        with transaction.atomic():
            queued += len(queue_rows([outbox_row(game, game.version, seat.user_id, kind, context)]))
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
        return _("one of your vacation days will be used (your clock stops for a day)")
    texts: dict[str, str] = {
        TimeoutPolicy.BOT_MOVE: _("a bot will play that turn for you"),
        TimeoutPolicy.REPLACE_BY_BOT: _("a bot will take your seat for the rest of the game"),
        TimeoutPolicy.ABANDON: _("the game will be abandoned"),
    }
    return texts.get(game.timeout_policy, "")


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


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
        with languages.override(preference.language):
            names = {game.pk: game_name(game) for game in waiting}
        context = {
            "games": [
                {
                    "id": game.public_id,
                    "name": names[game.pk],
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
                queue_rows(
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

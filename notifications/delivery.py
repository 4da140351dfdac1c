"""Sending the outbox: claiming rows, sending each email once, retrying, sweeping.

Rows are claimed before they are sent, in batches: one transaction selects due rows (``FOR
UPDATE SKIP LOCKED`` on PostgreSQL, so concurrent workers take different rows) and turns
them from ``pending`` to ``sending`` with a claim token and a lease, with a compare-and-swap
condition (still pending and due) that keeps the claim exclusive on databases without row
locks too. Each claimed row is then checked, rendered, handed to the mail server and marked
``sent`` at once, by the holder of the claim token only: a worker that dies mid-batch leaves
every row it had not yet handed over unsent, and the sweep sends them once their lease expires.
A "your turn" row gets its summary and options only here, once the checks let it go out.

A worker runs ``deliver_due`` when kicked: after every commit that wrote notifications
(``kick_delivery``; repeated kicks are merged while one is queued, so that a burst of moves
does not queue a burst of tasks), after a retry delay, and by the sweep.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games.models import GameStatus, Seat, SeatStatus
from notifications import emails, links
from notifications.models import (
    ANSWER_KINDS,
    DIGESTIBLE_KINDS,
    GameNotificationPreference,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
    Status,
    UserActivity,
)

logger = logging.getLogger(__name__)

# Rows claimed at once: one lease covers a batch, so keep it short enough to send within it.
BATCH = 20
# One task sends for at most this long, then queues a successor (well within time limits).
BUDGET_SECONDS = 60.0
# These are only worth sending while the game still waits for the recipient.
TURN_KINDS = frozenset({Kind.YOUR_TURN, Kind.REMINDER, Kind.DEADLINE_WARNING})
# Clocks of web servers and workers may differ a little: a row is due this much early.
CLOCK_TOLERANCE = timedelta(seconds=5)
# While this cache key exists a delivery task is queued and not started: kicks are merged.
KICK_TIMEOUT_SECONDS = 60


def _seconds(name: str, default: int) -> timedelta:
    return timedelta(seconds=int(getattr(settings, name, default)))


# --- kicking a worker ------------------------------------------------------------------------


def _kick_key() -> str:
    return f"notifications:kick:{settings.NOTIFICATIONS_QUEUE}"


def _cache_is_shared() -> bool:
    """Merging kicks needs a cache that the web servers and the workers share."""
    backend = settings.CACHES["default"]["BACKEND"]
    return not backend.endswith(("LocMemCache", "DummyCache"))


def kick_delivery(*, countdown: float | None = None, merge: bool = True) -> bool:
    """Queue a ``notifications.deliver`` task; False (logged) if the broker is unreachable.

    Never raises: the rows are committed, and the sweep sends what no task was queued for.
    With ``merge``, nothing is queued while an earlier kick's task has not started yet: that
    task will see this commit's rows (it looks for due rows after it starts).
    """
    from notifications.tasks import deliver

    key = _kick_key()
    merging = merge and countdown is None and _cache_is_shared()
    try:
        if merging and not cache.add(key, 1, KICK_TIMEOUT_SECONDS):
            return True
    except Exception:  # the cache is down: kick without merging
        merging = False
    try:
        deliver.apply_async(
            queue=settings.NOTIFICATIONS_QUEUE,
            countdown=countdown,
            retry=True,
            retry_policy={"max_retries": 1, "interval_start": 0.2, "interval_step": 0.2},
        )
    except Exception as exc:
        logger.warning("could not queue the delivery task (%s); the outbox sweep will", exc)
        if merging:
            _forget_kick()
        return False
    return True


def _forget_kick() -> None:
    try:
        cache.delete(_kick_key())
    except Exception:
        logger.warning("could not clear the delivery kick", exc_info=True)


# --- sending ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SendResult:
    outcome: str  # sent, skipped, failed, retry, busy (claimed elsewhere, done, or not due)
    retry_in: float | None = None
    detail: str = ""


def deliver_due(
    *, now: datetime | None = None, budget_seconds: float = BUDGET_SECONDS
) -> dict[str, int]:
    """Send what is due, batch after batch, until nothing is left or the budget is spent.

    Run by the ``notifications.deliver`` task. A full batch queues one more task first, so
    that a backlog spreads over every worker. Returns the count of each outcome.
    """
    outcomes: Counter[str] = Counter()
    started = time.monotonic()
    retry_in: float | None = None
    while True:
        # Forget the kick before looking: a commit after this point kicks a new task.
        _forget_kick()
        if time.monotonic() - started > budget_seconds:
            kick_delivery(merge=False)
            break
        token, rows = _claim(now=now or timezone.now(), ids=None, limit=BATCH)
        if len(rows) == BATCH:
            kick_delivery(merge=False)
        for result in _send_claimed(rows, token, now):
            outcomes[result.outcome] += 1
            if result.retry_in is not None:
                retry_in = min(retry_in or result.retry_in, result.retry_in)
        if len(rows) < BATCH:
            # Nothing else was due; a commit since the kick was forgotten kicked a new task.
            break
    if retry_in is not None:
        kick_delivery(countdown=retry_in, merge=False)
    return dict(outcomes)


def notification_send(*, notification_id: int, now: datetime | None = None) -> SendResult:
    """Claim and send this one notification if it is due (the same steps as a batch)."""
    token, rows = _claim(now=now or timezone.now(), ids=[notification_id], limit=1)
    if not rows:
        return SendResult("busy")
    return _send_claimed(rows, token, now)[0]


def _claim(
    *, now: datetime, ids: Iterable[int] | None, limit: int
) -> tuple[str, list[Notification]]:
    """Claim up to ``limit`` due rows (of ``ids`` if given): (claim token, the rows)."""
    token = uuid.uuid4().hex
    due = Q(status=Status.PENDING, next_attempt_at__lte=now + CLOCK_TOLERANCE) | Q(
        status=Status.SENDING, claimed_until__lt=now
    )
    lease = _seconds("NOTIFY_CLAIM_LEASE", 300)
    with transaction.atomic():
        candidates = Notification.objects.filter(due)
        if ids is not None:
            candidates = candidates.filter(pk__in=list(ids))
        # SKIP LOCKED: rows another worker is claiming right now are left to it.
        pks = list(
            candidates.order_by("next_attempt_at", "pk")
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)[:limit]
        )
        if not pks:
            return token, []
        # The same condition again: the claim stays exclusive where rows cannot be locked.
        Notification.objects.filter(due, pk__in=pks).update(
            status=Status.SENDING,
            claim=token,
            claimed_until=now + lease,
            attempts=F("attempts") + 1,
        )
    rows = list(
        Notification.objects.filter(claim=token).select_related("recipient", "game").order_by("pk")
    )
    return token, rows


@dataclass
class _Facts:
    """What the checks need about the recipients of a batch (four queries per batch)."""

    preferences: dict[int, NotificationPreference]
    last_seen: dict[int, datetime]
    overrides: dict[tuple[int, int], str]
    their_turn: set[tuple[int, int]]  # (user, game) where the user's seat is to move

    @classmethod
    def of(cls, rows: list[Notification]) -> _Facts:
        users = {row.recipient_id for row in rows}
        games = {row.game_id for row in rows if row.game_id}
        overrides: dict[tuple[int, int], str] = {}
        their_turn: set[tuple[int, int]] = set()
        if games:
            overrides = {
                (user, game): mode
                for user, game, mode in GameNotificationPreference.objects.filter(
                    user_id__in=users, game_id__in=games
                ).values_list("user_id", "game_id", "mode")
            }
            to_move = {row.game_id: row.game.current_seat for row in rows if row.game_id}
            for game, index, user in Seat.objects.filter(
                game_id__in=games,
                user_id__in=users,
                bot="",
                status=SeatStatus.PLAYING,
            ).values_list("game_id", "index", "user_id"):
                if to_move.get(game) == index:
                    their_turn.add((user, game))
        return cls(
            preferences=NotificationPreference.objects.in_bulk(list(users)),
            last_seen=dict(
                UserActivity.objects.filter(user_id__in=users).values_list("user_id", "last_seen")
            ),
            overrides=overrides,
            their_turn=their_turn,
        )


def _send_claimed(rows: list[Notification], token: str, now: datetime | None) -> list[SendResult]:
    facts = _Facts.of(rows)
    results = []
    for row in rows:
        results.append(_send_one(row, token, facts, now or timezone.now()))
    return results


def _send_one(row: Notification, token: str, facts: _Facts, now: datetime) -> SendResult:
    preference = facts.preferences.get(row.recipient_id)
    reason = _skip_reason(row, facts, preference, now)
    if reason:
        _release(row.pk, token, status=Status.SKIPPED, reason=reason)
        return SendResult("skipped", detail=reason)
    built: dict[str, Any] = {}
    try:
        built = _build_context(row)
        message = emails.build(
            row,
            unsubscribe_token=links.unsubscribe_token(
                user_id=row.recipient_id, game_id=row.game_id
            ),
            time_zone=preference.time_zone if preference else "UTC",
        )
        emails.deliver(message)
    except Exception as exc:
        return _failed(row, token, exc, now, **built)
    if not _release(row.pk, token, status=Status.SENT, sent_at=timezone.now(), **built):
        logger.warning(
            "notification %s was sent after its claim had expired: it may be sent twice", row.pk
        )
    return SendResult("sent")


def _build_context(row: Notification) -> dict[str, Any]:
    """Complete a "your turn" row's context now that it is sent: the fields to store with it.

    Its event queued it with the game's name and the seat only (``notifications_for_event``):
    the summary and the priced options are only worth building for an email that goes out.
    They are stored with the outcome (sent, or failed for a retry), so that the admin shows
    what was sent and a retry sends the same; a row that has them already is left as it is.
    """
    if row.kind != Kind.YOUR_TURN or "summary" in row.context:
        return {}
    # Imported here: services queues rows and kicks delivery, so it imports this module.
    from notifications.services import your_turn_context

    row.context = your_turn_context(row)
    return {"context": row.context}


def _skip_reason(
    row: Notification, facts: _Facts, preference: NotificationPreference | None, now: datetime
) -> str:
    """Why this notification should not be sent now ('' to send it)."""
    user = row.recipient
    if not user.is_active:
        return "the account is inactive"
    if not user.email:
        return "no email address"
    if row.kind in ANSWER_KINDS:
        return ""  # the answer to a message the player just sent: they are waiting for it
    user_mode = preference.mode if preference else Mode.IMMEDIATE
    if row.kind == Kind.DIGEST:
        return "notifications are off" if user_mode == Mode.OFF else ""
    mode = facts.overrides.get((row.recipient_id, row.game_id)) or user_mode
    if mode == Mode.OFF:
        return "notifications are off"
    if mode == Mode.DIGEST and row.kind in DIGESTIBLE_KINDS:
        return "daily digest instead"
    if row.kind in TURN_KINDS:
        game = row.game
        if (
            game is None
            or game.status != GameStatus.ACTIVE
            or (row.recipient_id, row.game_id) not in facts.their_turn
        ):
            return "no longer their turn"
        if row.kind != Kind.YOUR_TURN and game.version != row.event_seq:
            return "they have moved since"
    window = _seconds("NOTIFY_SKIP_IF_ACTIVE_WITHIN", 60)
    last_seen = facts.last_seen.get(row.recipient_id)
    if window and last_seen is not None and last_seen >= now - window:
        return "active on the site"
    return ""


def _failed(
    row: Notification, token: str, exc: Exception, now: datetime, **stored: Any
) -> SendResult:
    """Retry later, or give up; ``stored``: more fields to write with the outcome."""
    error = f"{type(exc).__name__}: {exc}"[:2000]
    attempts = row.attempts
    max_attempts = int(getattr(settings, "NOTIFY_MAX_ATTEMPTS", 6))
    if emails.is_permanent(exc) or attempts >= max_attempts:
        logger.error("notification %s failed (attempt %s): %s", row.pk, attempts, error)
        _release(row.pk, token, status=Status.FAILED, last_error=error, **stored)
        return SendResult("failed", detail=error)
    delay = retry_delay(attempts)
    logger.warning(
        "notification %s: attempt %s failed (%s); next in %.0f s",
        row.pk,
        attempts,
        error,
        delay.total_seconds(),
    )
    _release(
        row.pk,
        token,
        status=Status.PENDING,
        last_error=error,
        next_attempt_at=now + delay,
        **stored,
    )
    return SendResult("retry", retry_in=delay.total_seconds(), detail=error)


def retry_delay(attempts: int) -> timedelta:
    """Exponential backoff after ``attempts`` failed attempts, at most an hour."""
    base = float(getattr(settings, "NOTIFY_RETRY_BACKOFF", 30))
    return timedelta(seconds=min(3600.0, base * 2 ** max(0, attempts - 1)))


def _release(notification_id: int, token: str, **fields: Any) -> bool:
    """Update the row if this claim still holds it; False if the claim was lost."""
    return (
        Notification.objects.filter(pk=notification_id, claim=token).update(
            claim="", claimed_until=None, **fields
        )
        == 1
    )


# --- the sweep and the admin -------------------------------------------------------------------


def outbox_sweep(*, now: datetime | None = None) -> int:
    """Kick delivery for what was left unsent (scheduled by beat every minute); how many.

    Rows still ``pending`` NOTIFY_SWEEP_AFTER seconds after they were due (their task was
    lost, or never queued because the broker was down), and rows ``sending`` whose lease
    expired (the worker died). One task per batch of them is queued: kicking too often is
    harmless, since only one worker can claim a row.
    """
    now = now or timezone.now()
    grace = _seconds("NOTIFY_SWEEP_AFTER", 60)
    left = Notification.objects.filter(
        Q(status=Status.PENDING, next_attempt_at__lte=now - grace)
        | Q(status=Status.SENDING, claimed_until__lt=now)
    ).count()
    for _ in range(min(8, -(-left // (BATCH * 10)))):
        kick_delivery(merge=False)
    if left:
        logger.info("outbox sweep: %s notification(s) left unsent; delivery kicked", left)
    return left


def notifications_requeue(*, ids: Iterable[int]) -> int:
    """Send failed (or skipped) notifications again, e.g. after fixing the mail settings."""
    count = Notification.objects.filter(
        pk__in=list(ids), status__in=[Status.FAILED, Status.SKIPPED]
    ).update(
        status=Status.PENDING,
        attempts=0,
        reason="",
        next_attempt_at=timezone.now(),
        claim="",
        claimed_until=None,
    )
    if count:
        kick_delivery(merge=False)
    return count

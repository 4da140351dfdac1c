"""Sending the outbox: claiming rows, sending each email once, retrying, sweeping.

Rows are claimed before they are sent, in batches: one transaction selects due rows (``FOR
UPDATE SKIP LOCKED`` on PostgreSQL, so concurrent workers take different rows) and turns
them from ``pending`` to ``sending`` with a claim token and a lease, with a compare-and-swap
condition (still pending and due) that keeps the claim exclusive on databases without row
locks too. Each claimed row is then checked, rendered, handed to the mail server and marked
``sent`` at once, by the holder of the claim token only: a worker that dies mid-batch leaves
every row it had not yet handed over unsent, and the sweep sends them once their lease expires.
A "your turn" row gets its summary and options only here, once the checks let it go out.

A "your turn" email waits while its player is on the site (a request within
NOTIFY_SKIP_IF_ACTIVE_WITHIN): they are looking at the game, but may leave without moving.
It is queued due when they would count as gone (``active_until``), and a row claimed while
they are still there is put back until then (``_postpone``, outcome "postponed"), attempt
not counted. Once it is due and they are gone, it is sent if it is still their turn and
they have decided nothing since it was queued (a turn is many decisions: one made on the
page makes the email out of date even though the turn is still theirs), with the position
and options of the moment it is sent; otherwise it is skipped.

A worker runs ``deliver_due`` when kicked: after every commit that wrote notifications
(``kick_delivery``; repeated kicks are merged while one is queued, so that a burst of moves
does not queue a burst of tasks), at the time rows waiting for their player become due
(merged per NOTIFY_DELAYED_KICK_BUCKET), after a retry delay, and by the sweep.
"""

from __future__ import annotations

import functools
import logging
import math
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.mail import EmailMultiAlternatives
from django.db import connection, transaction
from django.db.models import F, Field, Q
from django.utils import timezone

from common.conf import duration_setting
from common.task_registry import task_named
from games import prepared
from games.models import GameStatus
from notifications import (
    batch_statements,
    bounces,
    emails,
    languages,
    links,
    metrics,
    quiet_hours,
    quiet_summary,
)
from notifications.context import TurnReads, your_turn_context
from notifications.models import (
    ANSWER_KINDS,
    DIGESTIBLE_KINDS,
    NEWS_KINDS,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
    Status,
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
# Why a player gets no email now: they are looking at the site (a "your turn" waits instead).
ACTIVE_ON_THE_SITE = "active on the site"
PLAN_TO_PLAY = "a planned turn is about to play"
# The provider reported a hard bounce, a complaint or a refusal for the address.
STOPPED_ADDRESS = "the address bounced or reported spam: email to it is stopped"
# A "your turn" row whose player's plan has not played yet waits this long at a time (its
# task runs moments after the commit), and no longer than PLAN_WAIT_AT_MOST after the row
# was written (a lost task must not hold the email back).
PLAN_WAIT = timedelta(seconds=15)
PLAN_WAIT_AT_MOST = timedelta(minutes=2)


# --- kicking a worker ------------------------------------------------------------------------


def _kick_key() -> str:
    return f"notifications:kick:{settings.NOTIFICATIONS_QUEUE}"


def _cache_is_shared() -> bool:
    """Merging kicks needs a cache that the web servers and the workers share."""
    backend = settings.CACHES["default"]["BACKEND"]
    return not backend.endswith(("LocMemCache", "DummyCache"))


def kick_delivery(
    *, countdown: float | None = None, merge: bool = True, due: datetime | None = None
) -> bool:
    """Queue a ``notifications.deliver`` task; False (logged) if the broker is unreachable.

    Never raises: the rows are committed, and the sweep sends what no task was queued for.
    With ``merge``, nothing is queued while an earlier kick's task has not started yet: that
    task will see this commit's rows (it looks for due rows after it starts).

    ``due``: the rows kicked for are due then, not now (a "your turn" waiting for its player
    to leave the site). The task starts at the end of the NOTIFY_DELAYED_KICK_BUCKET that
    ``due`` falls in and, with ``merge``, only the first kick for a bucket queues one: the
    moves of every game against bots during those seconds cost one task, not one each. A
    ``due`` that has come is an immediate kick. ``countdown`` alone (a retry, a successor) is
    never merged.
    """
    countdown, key, hold = _kick_plan(countdown, due)
    merging = merge and key is not None and _cache_is_shared()
    try:
        if merging and not cache.add(key, 1, hold):
            return True
    except Exception:  # the cache is down: kick without merging
        merging = False
    try:
        task_named("notifications.deliver").apply_async(
            queue=settings.NOTIFICATIONS_QUEUE,
            # None is no delay for Celery (Task.apply_async); its stubs want a number.
            countdown=countdown,  # type: ignore[arg-type]
            retry=True,
            retry_policy={"max_retries": 1, "interval_start": 0.2, "interval_step": 0.2},
        )
    except Exception as exc:
        logger.warning("could not queue the delivery task (%s); the outbox sweep will", exc)
        if merging:
            _forget_kick(key)
        return False
    return True


def _kick_plan(
    countdown: float | None, due: datetime | None
) -> tuple[float | None, str | None, int]:
    """(countdown, the cache key that merges the kick or None, seconds the key is kept)."""
    if due is not None:
        now = timezone.now()
        if due > now:
            bucket = max(1, int(getattr(settings, "NOTIFY_DELAYED_KICK_BUCKET", 15)))
            end = math.ceil(due.timestamp() / bucket) * bucket
            wait = end - now.timestamp()
            # Kept past the task's start: a key gone early merely queues a second task.
            return wait, f"{_kick_key()}:at:{end}", math.ceil(wait) + KICK_TIMEOUT_SECONDS
        countdown = None
    if countdown is not None:
        return countdown, None, 0
    return None, _kick_key(), KICK_TIMEOUT_SECONDS


def _forget_kick(key: str | None = None) -> None:
    try:
        cache.delete(key or _kick_key())
    except Exception:
        logger.warning("could not clear the delivery kick", exc_info=True)


# --- sending ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SendResult:
    # sent, skipped, failed, retry, postponed (its player is on the site: back to pending),
    # busy (claimed elsewhere, done, or not due)
    outcome: str
    retry_in: float | None = None
    detail: str = ""


def deliver_due(
    *, now: datetime | None = None, budget_seconds: float = BUDGET_SECONDS
) -> dict[str, int]:
    """Send what is due, batch after batch, until nothing is left or the budget is spent.

    Run by the ``notifications.deliver`` task. Its first full batch queues one more task
    first, which does the same when it finds a full batch, so that a backlog spreads over
    every worker, one more task at a time; a task queued for every batch (80 for a backlog
    of 1,600) cost the worker a task's start and an empty claim for most of them, which
    found nothing left. Returns the count of each outcome.
    """
    outcomes: Counter[str] = Counter()
    started = time.monotonic()
    retry_in: float | None = None
    helped = False  # one more task queued for a backlog
    while True:
        # Forget the kick before looking: a commit after this point kicks a new task.
        _forget_kick()
        if time.monotonic() - started > budget_seconds:
            kick_delivery(merge=False)
            break
        token, rows = _claim(now=now or timezone.now(), ids=None, limit=BATCH)
        if len(rows) == BATCH and not helped:
            helped = kick_delivery(merge=False)
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
    lease = duration_setting("NOTIFY_CLAIM_LEASE", 300)
    if connection.vendor == "postgresql":  # one statement (``batch_statements``)
        rows = batch_statements.claim_rows(
            token=token,
            ready_by=now + CLOCK_TOLERANCE,
            now=now,
            until=now + lease,
            ids=None if ids is None else list(ids),
            limit=limit,
        )
        return token, rows
    return token, _claim_by_orm(token, now=now, lease=lease, ids=ids, limit=limit)


def _claim_by_orm(
    token: str, *, now: datetime, lease: timedelta, ids: Iterable[int] | None, limit: int
) -> list[Notification]:
    """``_claim`` where one statement cannot lock, claim and read (not PostgreSQL)."""
    due = Q(status=Status.PENDING, next_attempt_at__lte=now + CLOCK_TOLERANCE) | Q(
        status=Status.SENDING, claimed_until__lt=now
    )
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
            return []
        # The same condition again: the claim stays exclusive where rows cannot be locked.
        Notification.objects.filter(due, pk__in=pks).update(
            status=Status.SENDING,
            claim=token,
            claimed_until=now + lease,
            attempts=F("attempts") + 1,
        )
    return list(
        Notification.objects.filter(claim=token).select_related("recipient", "game").order_by("pk")
    )


@dataclass
class Facts:
    """What the checks need about the recipients of a batch (four or five queries a batch)."""

    preferences: dict[int, NotificationPreference]
    last_seen: dict[int, datetime]
    # Keyed by (user, game) and looked up with a row's (recipient, game), whose game may be
    # None (nothing found then).
    overrides: dict[tuple[int, int | None], str]
    their_turn: set[tuple[int, int]]  # (user, game) where the user's seat is to move
    # (user, game) -> event seq of the user's latest "your turn" row in that game
    latest_turn: dict[tuple[int, int | None], int]
    # ids of the "your turn" rows whose seat has decided something since the row's event
    decided_since: set[int]
    # ids of the "your turn" rows whose seat has a planned turn still to play
    plan_to_play: set[int]
    # the recipients' addresses (lowercased) that bounced or complained: no email to them
    stopped_addresses: set[str]

    @classmethod
    def of(cls, rows: list[Notification]) -> Facts:
        users = {row.recipient_id for row in rows}
        games = {row.game_id for row in rows if row.game_id}
        overrides: dict[tuple[int, int | None], str] = {}
        their_turn: set[tuple[int, int]] = set()
        if games:
            overrides = batch_statements.overrides(users, games)
            to_move = {row.game_id: row.game.current_seat for row in rows if row.game}
            for game, index, user in batch_statements.playing_seats(games, users):
                if to_move.get(game) == index:
                    their_turn.add((user, game))
        return cls(
            preferences=batch_statements.preferences(users),
            last_seen=batch_statements.last_seen(users),
            overrides=overrides,
            their_turn=their_turn,
            latest_turn=_latest_turns(rows),
            decided_since=_decided_since(rows),
            plan_to_play=_plan_to_play(rows),
            stopped_addresses=bounces.stopped_addresses(row.recipient.email for row in rows),
        )


def _plan_to_play(rows: list[Notification]) -> set[int]:
    """The batch's "your turn" rows whose seat has a pending plan (docs/plans.md), at the
    position that gave it the turn: the plan plays first, and the email then says what it
    did (or is skipped, the turn having passed). One query, only for such rows."""
    turns = [
        row
        for row in rows
        if row.kind == Kind.YOUR_TURN and row.game is not None and row.game.version == row.event_seq
    ]
    if not turns:
        return set()
    pending = batch_statements.pending_plans({row.game_id for row in turns if row.game_id})
    return {row.pk for row in turns if (row.game_id, row.context.get("seat")) in pending}


def _decided_since(rows: list[Notification]) -> set[int]:
    """The batch's "your turn" rows whose seat made a decision (or took one back) after the
    event that queued the row, in one query.

    Such an email is out of date even when the turn is still the player's (a turn is many
    decisions): they have seen the game since, and its options would not be theirs now.
    """
    return prepared.decided_after(
        [
            (row.pk, row.game_id, row.context.get("seat"), row.event_seq)
            for row in rows
            if row.kind == Kind.YOUR_TURN and row.game_id and row.event_seq is not None
        ]
    )


def _latest_turns(rows: list[Notification]) -> dict[tuple[int, int | None], int]:
    """For the batch's "your turn" rows: the event of each (user, game)'s latest one.

    A row postponed while its player is on the site may still be pending when the turn has
    come back to them (a game against bots): the later row replaces it.
    """
    turns = [row for row in rows if row.kind == Kind.YOUR_TURN and row.game_id]
    if not turns:
        return {}
    return batch_statements.latest_turns(
        {row.recipient_id for row in turns}, {row.game_id for row in turns if row.game_id}
    )


def _send_claimed(rows: list[Notification], token: str, now: datetime | None) -> list[SendResult]:
    """Decide, build and send a claimed batch: the messages go to the mail server together
    (``emails.deliver_each``, over several connections), and each row is released as soon as
    its message is handed over."""
    facts = Facts.of(rows)
    results: list[SendResult | None] = [
        _decide(row, token, facts, now or timezone.now()) for row in rows
    ]
    # What the turn emails to build read, for all of them at once.
    reads = TurnReads.of(
        [
            row
            for row, result in zip(rows, results, strict=True)
            if result is None and _to_build(row)
        ]
    )
    outgoing: list[tuple[int, EmailMultiAlternatives, dict[str, Any]]] = []
    for index, row in enumerate(rows):
        if results[index] is not None:
            continue
        ready = _prepare(row, token, facts, reads, now or timezone.now())
        if isinstance(ready, SendResult):
            results[index] = ready
        else:
            outgoing.append((index, *ready))
    for k, error in emails.deliver_each([message for _, message, _ in outgoing]):
        index, _, built = outgoing[k]
        results[index] = _settle(rows[index], token, error, now or timezone.now(), built)
    done = [result for result in results if result is not None]
    for result in done:
        metrics.count_email(result.outcome)
    return done


def _decide(row: Notification, token: str, facts: Facts, now: datetime) -> SendResult | None:
    """What became of the row if it is not sent (skipped, postponed, held), else None."""
    preference = facts.preferences.get(row.recipient_id)
    reason = _skip_reason(row, facts, preference, now)
    if reason:
        _release(row.pk, token, status=Status.SKIPPED, reason=reason)
        return SendResult("skipped", detail=reason)
    always = bool(preference and preference.always_notify)
    if row.kind == Kind.YOUR_TURN:
        until = None if always else active_until(facts.last_seen.get(row.recipient_id), now)
        if until is not None:
            return _postpone(row, token, until)
        if row.pk in facts.plan_to_play and row.created_at > now - PLAN_WAIT_AT_MOST:
            return _postpone(row, token, now + PLAN_WAIT, detail=PLAN_TO_PLAY)
    if preference is not None and row.kind in NEWS_KINDS:
        morning = quiet_hours.held_until(row, preference, now)
        gathered = quiet_summary.gather(row, preference, morning) if morning else None
        if morning is not None and gathered is not None:
            _release(row.pk, token, status=Status.SKIPPED, reason=quiet_summary.GATHERED)
            if gathered[1]:
                kick_delivery(due=morning)
            return SendResult("held", detail=quiet_summary.GATHERED)
    return None


def _prepare(
    row: Notification, token: str, facts: Facts, reads: TurnReads, now: datetime
) -> SendResult | tuple[EmailMultiAlternatives, dict[str, Any]]:
    """The message of a row to send and the fields to store with it, or the failure to
    build it."""
    preference = facts.preferences.get(row.recipient_id)
    built: dict[str, Any] = {}
    # Everything the email says (its options, words and times included) is in the
    # recipient's language, whoever's action queued it.
    try:
        with languages.override(preference.language if preference else None):
            built = _build_context(row, reads)
            message = emails.build(
                row,
                unsubscribe_token=links.unsubscribe_token(
                    user_id=row.recipient_id, game_id=row.game_id
                ),
                time_zone=preference.time_zone if preference else "UTC",
            )
    except Exception as exc:
        return _failed(row, token, exc, now, **built)
    return message, built


def _settle(
    row: Notification, token: str, error: Exception | None, now: datetime, built: dict[str, Any]
) -> SendResult:
    """Record what the mail server did with the row's message."""
    if error is not None:
        return _failed(row, token, error, now, **built)
    if not _release(row.pk, token, status=Status.SENT, sent_at=timezone.now(), **built):
        logger.warning(
            "notification %s was sent after its claim had expired: it may be sent twice", row.pk
        )
    return SendResult("sent")


def active_until(last_seen: datetime | None, now: datetime) -> datetime | None:
    """Until when a player last seen on the site at ``last_seen`` counts as on it (a request
    within NOTIFY_SKIP_IF_ACTIVE_WITHIN), or None if they no longer do at ``now``.

    Within CLOCK_TOLERANCE of that time they count as gone already: a claim takes a row that
    early, and a row put back for less would be claimed and put back again at once.
    """
    window = duration_setting("NOTIFY_SKIP_IF_ACTIVE_WITHIN", 60)
    if not window or last_seen is None:
        return None
    until = last_seen + window
    return until if until > now + CLOCK_TOLERANCE else None


def _postpone(
    row: Notification, token: str, until: datetime, *, detail: str = ACTIVE_ON_THE_SITE
) -> SendResult:
    """Put a "your turn" row back until its player has left the site, as if never claimed.

    Waiting is not a failed attempt: the claim's attempt is given back, so that a player
    who stays on the site for hours never exhausts NOTIFY_MAX_ATTEMPTS. Nothing is built
    (they may move meanwhile, and then it is skipped). A delayed kick, merged per bucket,
    comes back for it; the outbox sweep covers a lost one.
    """
    if _release(
        row.pk,
        token,
        status=Status.PENDING,
        next_attempt_at=until,
        attempts=F("attempts") - 1,
    ):
        kick_delivery(due=until)
    return SendResult("postponed", detail=detail)


def _to_build(row: Notification) -> bool:
    """Whether the row's context is built when it is sent (``_build_context``)."""
    if row.kind != Kind.YOUR_TURN:
        return False
    built_for = row.context.get("reply_version")
    return "summary" not in row.context or (row.game is not None and built_for != row.game.version)


def _build_context(row: Notification, reads: TurnReads | None = None) -> dict[str, Any]:
    """Complete a "your turn" row's context now that it is sent: the fields to store with it.

    Its event queued it with the game's name and the seat only (``notifications_for_event``):
    the summary and the priced options are only worth building for an email that goes out.
    They are built for the game as it is now (``your_turn_context``) and stored with the
    outcome (sent, or failed for a retry), so that the admin shows what was sent and a retry
    sends the same, unless the game has moved on since that attempt: then they are built
    again, so that the options are always those of the moment the email goes out.
    """
    if not _to_build(row):
        return {}
    row.context = your_turn_context(row, reads)
    return {"context": row.context}


def _skip_reason(
    row: Notification, facts: Facts, preference: NotificationPreference | None, now: datetime
) -> str:
    """Why this notification should not be sent at all ('' to send it, or for a "your turn"
    whose player is on the site, to wait: ``_send_one``)."""
    user = row.recipient
    if not user.is_active:
        return "the account is inactive"
    if not user.email:
        return "no email address"
    if bounces.normalize(user.email) in facts.stopped_addresses:
        return STOPPED_ADDRESS
    if row.kind in ANSWER_KINDS:
        return ""  # the answer to a message the player just sent: they are waiting for it
    user_mode = preference.mode if preference else Mode.IMMEDIATE
    if row.kind in (Kind.DIGEST, Kind.QUIET_SUMMARY):
        return "notifications are off" if user_mode == Mode.OFF else ""
    mode = facts.overrides.get((row.recipient_id, row.game_id)) or user_mode
    if mode == Mode.OFF:
        return "notifications are off"
    if mode == Mode.DIGEST and row.kind in DIGESTIBLE_KINDS:
        return "daily digest instead"
    stale = stale_reason(row, facts)
    if stale:
        return stale
    if row.kind == Kind.YOUR_TURN:
        return ""  # on the site: it waits for them to leave (``_send_one``)
    if preference is not None and preference.always_notify:
        return ""  # even while their page is open, as they asked
    window = duration_setting("NOTIFY_SKIP_IF_ACTIVE_WITHIN", 60)
    last_seen = facts.last_seen.get(row.recipient_id)
    if window and last_seen is not None and last_seen >= now - window:
        return ACTIVE_ON_THE_SITE
    return ""


def stale_reason(row: Notification, facts: Facts, *, for_group: bool = False) -> str:
    """Why a notification about the recipient's turn is out of date ('' if it is not), for
    every channel: the turn has passed, a later one replaces it, or they decided since.

    ``for_group``: the line is for the game's group ("ann's turn in ..."), which stays
    true while the turn is hers, whatever she decided within it.
    """
    if row.kind == Kind.TAKEBACK_ASKED:
        # Answered on the page, refused by another, lapsed: there is nothing left to answer.
        if row.game is None or row.game.takeback_asked != row.context.get("request"):
            return "the takeback is no longer asked"
        return ""
    if row.kind not in TURN_KINDS:
        return ""
    game = row.game
    if (
        game is None
        or game.status != GameStatus.ACTIVE
        or (row.recipient_id, row.game_id) not in facts.their_turn
    ):
        return "no longer their turn"
    latest = facts.latest_turn.get((row.recipient_id, row.game_id), 0)
    if row.kind == Kind.YOUR_TURN and (row.event_seq or 0) < latest:
        return "a later your-turn email replaces it"
    if for_group:
        return ""
    if row.kind != Kind.YOUR_TURN and game.version != row.event_seq:
        return "they have moved since"
    if row.kind == Kind.YOUR_TURN and row.pk in facts.decided_since:
        return "they have decided since"
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
    """Update the row if this claim still holds it; False if the claim was lost.

    Every row a worker handles ends here, so the statement is written once per set of
    fields (``_release_sql``) rather than built by the ORM each time, which cost more CPU
    than the rest of the update; the values go through the fields' own conversions
    (``get_db_prep_save``), as ``QuerySet.update`` does."""
    fields = {"claim": "", "claimed_until": None, **fields}
    if any(hasattr(value, "resolve_expression") for value in fields.values()):  # F(), ...
        claimed = Notification.objects.filter(pk=notification_id, claim=token)
        return claimed.update(**fields) == 1
    sql, prepared = _release_sql(tuple(fields))
    params = [prep(value) for prep, value in zip(prepared, fields.values(), strict=True)]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, notification_id, token])
        return bool(cursor.rowcount == 1)


@functools.cache
def _release_sql(names: tuple[str, ...]) -> tuple[str, list[Callable[[Any], Any]]]:
    """``UPDATE … SET <names> WHERE pk = %s AND claim = %s`` and each value's conversion."""
    meta, qn = Notification._meta, connection.ops.quote_name
    fields = [_concrete(name) for name in names]
    columns = ", ".join(f"{qn(str(field.column))} = %s" for field in fields)
    sql = (
        f"UPDATE {qn(meta.db_table)} SET {columns}"
        f" WHERE {qn(str(_concrete('id').column))} = %s"
        f" AND {qn(str(_concrete('claim').column))} = %s"
    )
    return sql, [
        functools.partial(field.get_db_prep_save, connection=connection) for field in fields
    ]


def _concrete(name: str) -> Field[Any, Any]:
    field = Notification._meta.get_field(name)
    if not isinstance(field, Field) or not field.column:
        raise TypeError(f"Notification.{name} is not a column")
    return field


# --- the sweep and the admin -------------------------------------------------------------------


def outbox_sweep(*, now: datetime | None = None) -> int:
    """Kick delivery for what was left unsent (scheduled by beat every minute); how many.

    Rows still ``pending`` NOTIFY_SWEEP_AFTER seconds after they were due (their task was
    lost, or never queued because the broker was down), and rows ``sending`` whose lease
    expired (the worker died). One task per batch of them is queued: kicking too often is
    harmless, since only one worker can claim a row.
    """
    now = now or timezone.now()
    grace = duration_setting("NOTIFY_SWEEP_AFTER", 60)
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

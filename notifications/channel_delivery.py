"""The channels besides email: a push message per subscribed browser and a post per chat
webhook, through the same outbox as the emails.

* **Queued with the notification.** ``deliveries_queue`` runs in the transaction that writes
  the ``Notification`` rows (``outbox.queue_rows``): one ``ChannelDelivery`` row per
  (notification, endpoint), for the recipient's browsers and own webhooks, and for a turn
  change or a game's end, the webhooks of the game (its group's channel). A unique
  constraint per (notification, endpoint) makes every write happen once.
* **Claimed, sent once, settled**, as an email row is (``delivery``): a worker claims due
  rows with a token and a lease, only the claim's holder sends, and marks the row sent at
  once. The checks are the email's: a turn that has passed is not announced, a player on the
  site is not pushed (unless they asked to be, ``always_notify``), a channel turned off (for
  all games or one) is skipped. A game's webhook tells the group as long as the turn is the
  player's, whether or not that player is on the site.
* **Quiet hours.** What is not urgent (``quiet_hours``) is held until the recipient's quiet
  hours end; then everything held for one endpoint goes out as a single message.
* **Failures.** A transient failure is retried with the email's backoff; a permanent one,
  or too many attempts, fails the row. Every failure counts against the endpoint: after
  NOTIFY_ENDPOINT_MAX_FAILURES in a row it is disabled, which its owner sees on their
  account page and can undo. A push service's 404 or 410 (the browser unsubscribed) deletes
  the subscription at once.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from common.conf import duration_setting
from common.errors import ServiceError
from notifications import (
    channel_texts,
    chat_posts,
    endpoints,
    languages,
    metrics,
    push,
    quiet_hours,
    statements,
)
from notifications.delivery import (
    ACTIVE_ON_THE_SITE,
    BATCH,
    BUDGET_SECONDS,
    CLOCK_TOLERANCE,
    PLAN_WAIT,
    PLAN_WAIT_AT_MOST,
    Facts,
    active_until,
    kick_delivery,
    retry_delay,
    stale_reason,
)
from notifications.models import (
    NEWS_KINDS,
    ChannelDelivery,
    ChannelKind,
    ChannelPreference,
    ChatWebhook,
    Kind,
    Notification,
    PushSubscription,
    Status,
)

logger = logging.getLogger(__name__)

# What a game's webhook posts to its group: each turn change, and the game's end.
GROUP_KINDS = frozenset({Kind.YOUR_TURN, Kind.GAME_OVER})


# --- queueing ---------------------------------------------------------------------------------


def deliveries_queue(written: Iterable[Notification]) -> list[datetime]:
    """Write the channel rows of the notifications just ``written`` (in their transaction);
    the times they are due, for the kicks."""
    rows = [row for row in written if row.kind in NEWS_KINDS]
    if not rows:
        return []
    users = {row.recipient_id for row in rows}
    # One post per game event: the game's end reaches every player, its group once.
    group_rows: dict[tuple[int, int | None], Notification] = {}
    for row in rows:
        if row.kind in GROUP_KINDS and row.game_id:
            group_rows.setdefault((row.game_id, row.event_seq), row)
    games = {game for game, _ in group_rows}
    subscriptions: dict[int, list[int]] = defaultdict(list)
    if push.is_configured():
        for pk, user in statements.push_subscriptions(users=users):
            subscriptions[user].append(pk)
    own_hooks: dict[int, list[int]] = defaultdict(list)
    game_hooks: dict[int, list[int]] = defaultdict(list)
    for pk, user, game in statements.chat_webhooks(users=users, games=games):
        if game is None:
            own_hooks[user].append(pk)
        else:
            game_hooks[game].append(pk)
    now = timezone.now()
    deliveries: list[ChannelDelivery] = []
    for row in rows:
        for pk in subscriptions.get(row.recipient_id, []):
            deliveries.append(
                ChannelDelivery(
                    notification=row,
                    channel=ChannelKind.PUSH,
                    push_subscription_id=pk,
                    next_attempt_at=row.next_attempt_at,
                )
            )
        for pk in own_hooks.get(row.recipient_id, []):
            deliveries.append(
                ChannelDelivery(
                    notification=row,
                    channel=ChannelKind.WEBHOOK,
                    webhook_id=pk,
                    next_attempt_at=row.next_attempt_at,
                )
            )
        if row.game_id and group_rows.get((row.game_id, row.event_seq)) is row:
            for pk in game_hooks.get(row.game_id, []):
                deliveries.append(
                    ChannelDelivery(
                        notification=row,
                        channel=ChannelKind.WEBHOOK,
                        webhook_id=pk,
                        next_attempt_at=now,  # the group is told at once
                    )
                )
    if not deliveries:
        return []
    ChannelDelivery.objects.bulk_create(deliveries, ignore_conflicts=True)
    return [delivery.next_attempt_at for delivery in deliveries]


# --- sending ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Message:
    """One push message or post: the claimed rows it carries (several when gathered)."""

    rows: list[ChannelDelivery]
    text: channel_texts.ChannelText


def channels_deliver_due(
    *, now: datetime | None = None, budget_seconds: float = BUDGET_SECONDS
) -> dict[str, int]:
    """Send the channel rows that are due, batch after batch (run by the delivery task)."""
    outcomes: Counter[str] = Counter()
    started = time.monotonic()
    retry_in: float | None = None
    while True:
        if time.monotonic() - started > budget_seconds:
            kick_delivery(merge=False)
            break
        moment = now or timezone.now()
        token = uuid.uuid4().hex
        rows = _claim(token, moment, Q(), BATCH)
        if not rows:
            break
        held = [row for row in rows if row.held]
        if held:  # everything held for these endpoints goes out in the same message
            rows += _claim(
                token,
                moment,
                Q(held=True)
                & (
                    Q(push_subscription_id__in={row.push_subscription_id for row in held})
                    | Q(webhook_id__in={row.webhook_id for row in held})
                ),
                BATCH * 10,
            )
        for outcome, delay in _send_claimed(rows, token, moment):
            outcomes[outcome] += 1
            if delay is not None:
                retry_in = min(retry_in or delay, delay)
        if len(rows) < BATCH:
            break
    if retry_in is not None:
        kick_delivery(countdown=retry_in, merge=False)
    return dict(outcomes)


def _claim(token: str, now: datetime, extra: Q, limit: int) -> list[ChannelDelivery]:
    """Claim up to ``limit`` due rows matching ``extra`` for ``token`` (the email's claim:
    SKIP LOCKED, then a compare-and-swap on the same condition)."""
    due = Q(status=Status.PENDING, next_attempt_at__lte=now + CLOCK_TOLERANCE) | Q(
        status=Status.SENDING, claimed_until__lt=now
    )
    lease = duration_setting("NOTIFY_CLAIM_LEASE", 300)
    with transaction.atomic():
        pks = list(
            ChannelDelivery.objects.filter(due & extra)
            .order_by("next_attempt_at", "pk")
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)[:limit]
        )
        if not pks:
            return []
        ChannelDelivery.objects.filter(due, pk__in=pks).update(
            status=Status.SENDING,
            claim=token,
            claimed_until=now + lease,
            attempts=F("attempts") + 1,
        )
    return list(
        ChannelDelivery.objects.filter(claim=token, pk__in=pks)
        .select_related(
            "notification__recipient", "notification__game", "push_subscription", "webhook"
        )
        .order_by("pk")
    )


def _release(row: ChannelDelivery, token: str, **fields: object) -> bool:
    fields = {"claim": "", "claimed_until": None, **fields}
    return ChannelDelivery.objects.filter(pk=row.pk, claim=token).update(**fields) == 1


def _send_claimed(
    rows: list[ChannelDelivery], token: str, now: datetime
) -> list[tuple[str, float | None]]:
    """Check each claimed row, gather what was held per endpoint, send, and settle."""
    notifications = list({row.notification_id: row.notification for row in rows}.values())
    facts = Facts.of(notifications)
    enabled = _enabled_channels(rows)
    results: list[tuple[str, float | None]] = []
    ready: dict[tuple[str, int], list[ChannelDelivery]] = defaultdict(list)
    singles: list[ChannelDelivery] = []
    for row in rows:
        outcome = _check(row, token, facts, enabled, now)
        if outcome is not None:
            results.append((outcome, None))
            metrics.count_channel(row.channel, outcome)
        elif row.held:
            ready[_endpoint_key(row)].append(row)
        else:
            singles.append(row)
    messages = [_message([row], facts) for row in singles]
    messages += [_message(group, facts) for group in ready.values()]
    for message in messages:
        for outcome, delay in _deliver(message, token, now):
            results.append((outcome, delay))
            metrics.count_channel(message.rows[0].channel, outcome)
    return results


def _endpoint_key(row: ChannelDelivery) -> tuple[str, int]:
    if row.push_subscription_id is not None:
        return ChannelKind.PUSH, row.push_subscription_id
    assert row.webhook_id is not None  # a row has exactly one endpoint (a check constraint)
    return ChannelKind.WEBHOOK, row.webhook_id


def _is_group(row: ChannelDelivery) -> bool:
    return row.webhook is not None and row.webhook.game_id is not None


def _enabled_channels(rows: list[ChannelDelivery]) -> dict[tuple[int, int | None, str], bool]:
    """The batch's channel preferences: (user, game or None, channel) -> on or off."""
    users = {row.notification.recipient_id for row in rows}
    return {
        (user, game, channel): enabled
        for user, game, channel, enabled in ChannelPreference.objects.filter(
            user_id__in=users
        ).values_list("user_id", "game_id", "channel", "enabled")
    }


def channel_on(
    enabled: dict[tuple[int, int | None, str], bool], user: int, game: int | None, channel: str
) -> bool:
    """A game's own setting, else the user's, else on."""
    if game is not None and (user, game, channel) in enabled:
        return enabled[(user, game, channel)]
    return enabled.get((user, None, channel), True)


def _check(
    row: ChannelDelivery,
    token: str,
    facts: Facts,
    enabled: dict[tuple[int, int | None, str], bool],
    now: datetime,
) -> str | None:
    """Skip, postpone or hold the row (the outcome), or None when it is to be sent now."""
    notification = row.notification
    endpoint = row.push_subscription or row.webhook
    user = notification.recipient
    preference = facts.preferences.get(user.pk)
    group = _is_group(row)
    reason = ""
    if endpoint is None or endpoint.disabled:
        reason = "the endpoint is disabled"
    elif row.channel == ChannelKind.PUSH and not push.is_configured():
        reason = "push is not configured"
    elif not user.is_active and not group:
        reason = "the account is inactive"
    else:
        reason = stale_reason(notification, facts, for_group=group)
    if not reason and not group:
        if not channel_on(enabled, user.pk, notification.game_id, row.channel):
            reason = "this channel is off"
        elif not (preference and preference.always_notify):
            until = active_until(facts.last_seen.get(user.pk), now)
            if until is not None and notification.kind == Kind.YOUR_TURN:
                return _put_back(row, token, until, held=row.held, outcome="postponed")
            if until is not None:
                reason = ACTIVE_ON_THE_SITE
        if (
            not reason
            and notification.pk in facts.plan_to_play
            and notification.created_at > now - PLAN_WAIT_AT_MOST
        ):
            return _put_back(row, token, now + PLAN_WAIT, held=row.held, outcome="postponed")
    if reason:
        _release(row, token, status=Status.SKIPPED, reason=reason)
        return "skipped"
    if not group:
        morning = quiet_hours.held_until(notification, preference, now)
        if morning is not None:
            return _put_back(row, token, morning, held=True, outcome="held")
    return None


def _put_back(
    row: ChannelDelivery, token: str, until: datetime, *, held: bool, outcome: str
) -> str:
    """Pending again until ``until``, the attempt given back (waiting is not failing)."""
    if _release(
        row,
        token,
        status=Status.PENDING,
        next_attempt_at=until,
        held=held,
        attempts=F("attempts") - 1,
    ):
        kick_delivery(due=until)
    row.held = held
    return outcome


def _message(rows: list[ChannelDelivery], facts: Facts) -> _Message:
    """The text of one message, in its reader's language."""
    first = rows[0]
    group = _is_group(first)
    reader = first.webhook.user_id if group and first.webhook else first.notification.recipient_id
    preference = facts.preferences.get(reader)
    language = preference.language if preference else languages.language_of(user_id=reader)
    webhook = first.channel == ChannelKind.WEBHOOK
    emphasis = channel_texts.starred if webhook else channel_texts.plain
    with languages.override(language):
        texts = [
            channel_texts.notification_text(row.notification, emphasis=emphasis, for_group=group)
            for row in rows
        ]
        text = channel_texts.summary_text(texts)
    return _Message(rows=rows, text=text)


def _deliver(message: _Message, token: str, now: datetime) -> list[tuple[str, float | None]]:
    """Send one message and settle each of its rows (and its endpoint's health)."""
    first = message.rows[0]
    try:
        if first.push_subscription is not None:
            tag = f"gwt-{first.notification.game_id or 'site'}"
            push.push_send(first.push_subscription, push.payload(message.text, tag=tag))
        elif first.webhook is not None:
            chat_posts.post(first.webhook, message.text)
    except push.PushRefusedError as exc:
        if exc.gone and first.push_subscription is not None:
            logger.info("push subscription %s is gone: removed", first.push_subscription.pk)
            first.push_subscription.delete()  # its delivery rows go with it
            return [("gone", None) for _ in message.rows]
        return _failed(message, token, str(exc), exc.permanent, now)
    except chat_posts.PostRefusedError as exc:
        return _failed(message, token, str(exc), exc.permanent, now)
    except ServiceError as exc:  # the address is no longer one the site may post to
        return _failed(message, token, exc.message, True, now)
    sent_at = timezone.now()
    for row in message.rows:
        _release(row, token, status=Status.SENT, sent_at=sent_at, gathered=len(message.rows))
    _endpoint_model(first).objects.filter(pk=_endpoint_key(first)[1]).update(
        failures=0, last_success_at=sent_at, last_error=""
    )
    return [("sent", None) for _ in message.rows]


def _endpoint_model(row: ChannelDelivery) -> type[PushSubscription] | type[ChatWebhook]:
    return PushSubscription if row.push_subscription_id is not None else ChatWebhook


def _failed(
    message: _Message, token: str, error: str, permanent: bool, now: datetime
) -> list[tuple[str, float | None]]:
    """Count the failure against the endpoint (disabling it after too many in a row), then
    retry each row later or give it up."""
    first = message.rows[0]
    model = _endpoint_model(first)
    pk = _endpoint_key(first)[1]
    model.objects.filter(pk=pk).update(failures=F("failures") + 1, last_error=error[:2000])
    limit = int(getattr(settings, "NOTIFY_ENDPOINT_MAX_FAILURES", 5))
    if model.objects.filter(pk=pk, failures__gte=limit, disabled_at__isnull=True).update(
        disabled_at=now
    ):
        logger.warning("%s %s disabled after %s failures: %s", model.__name__, pk, limit, error)
        owner = model.objects.filter(pk=pk).values_list("user_id", flat=True).first()
        if owner is not None:
            endpoints.dead_endpoints_changed(owner)
    results: list[tuple[str, float | None]] = []
    max_attempts = int(getattr(settings, "NOTIFY_MAX_ATTEMPTS", 6))
    for row in message.rows:
        if permanent or row.attempts >= max_attempts:
            _release(row, token, status=Status.FAILED, last_error=error[:2000])
            results.append(("failed", None))
            continue
        delay = retry_delay(row.attempts)
        _release(
            row, token, status=Status.PENDING, last_error=error[:2000], next_attempt_at=now + delay
        )
        results.append(("retry", delay.total_seconds()))
    return results


# --- the sweep ----------------------------------------------------------------------------------


def channels_left_unsent(*, now: datetime | None = None) -> int:
    """Channel rows still pending a while after they were due, or claimed by a dead worker
    (the outbox sweep kicks delivery for them as for emails)."""
    now = now or timezone.now()
    grace = duration_setting("NOTIFY_SWEEP_AFTER", 60)
    return ChannelDelivery.objects.filter(
        Q(status=Status.PENDING, next_attempt_at__lte=now - grace)
        | Q(status=Status.SENDING, claimed_until__lt=now)
    ).count()

"""What the email provider reports about delivery, and what the service does with it.

A hard bounce, a spam complaint or the provider's own refusal means that more mail to the
address only harms the site's reputation with the provider and the receiving servers, and
tells the player nothing: email to the address stops (the outbox skips it,
``notifications.delivery``) and its owner is told on every page until they fix it. Delays and
soft bounces do not stop anything; after ``NOTIFY_SOFT_BOUNCES_SHOWN`` of them without a
delivery in between the owner is told too, since their mail is probably not arriving.

The reports come through django-anymail's tracking webhooks (``notifications.webhooks``),
which parse each provider's format into one ``AnymailTrackingEvent``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from notifications import batch_statements, metrics
from notifications.models import (
    STOPPED_STATES,
    AddressState,
    DeliveryReport,
    EmailAddressStatus,
)

logger = logging.getLogger(__name__)

# Anymail's event types that stop email to the address, and the state each leads to.
_STOPPING = {
    "bounced": AddressState.BOUNCED,
    "complained": AddressState.COMPLAINED,
    "rejected": AddressState.REJECTED,
}
# Not a bounce of ours, but the mail did not arrive yet: counted as soft.
_SOFT = {"deferred"}
# A report of the mail arriving clears soft bounces (and only them: a delivery reported
# after a hard bounce is an older message's).
_DELIVERED = {"delivered", "opened", "clicked"}
# The address's status as shown on pages is kept in the cache this long (seconds); a report
# or the owner's own action forgets it at once.
_BANNER_TTL = 600


def normalize(address: str) -> str:
    return address.strip().lower()


def _soft_bounce(provider: str, event: Any) -> bool:
    """A bounce that the provider itself calls temporary (Anymail reports some of them as
    "bounced" with the hard ones: this reads the provider's own field)."""
    raw = event.esp_event
    try:
        if provider == "postmark":
            return raw.get("Type") in {"SoftBounce", "Transient", "DnsError"}
        if provider in {"brevo", "sendinblue"}:
            return bool(raw.get("event") == "soft_bounce")
        if provider == "amazon_ses":
            return raw.get("bounce", {}).get("bounceType") in {"Transient", "Undetermined"}
        if provider == "mailjet":
            return bool(raw.get("event") == "bounce" and not raw.get("hard_bounce", True))
        if provider == "sendgrid":
            return bool(raw.get("event") == "bounce" and raw.get("type") == "blocked")
    except AttributeError:  # a raw event that is not a mapping: nothing to read
        return False
    return False


@dataclass(frozen=True)
class Report:
    """One tracking event reduced to what the service keeps."""

    provider: str
    event_id: str
    event_type: str
    soft: bool
    address: str
    message_id: str
    reason: str
    reported_at: datetime


def report_from_event(event: Any, *, provider: str) -> Report | None:
    """The report an Anymail tracking event makes (None: no recipient to file it under)."""
    if not event.recipient:
        return None
    event_type = str(event.event_type)
    soft = event_type in _SOFT or (event_type == "bounced" and _soft_bounce(provider, event))
    reason = event.description or event.mta_response or event.reject_reason or ""
    return Report(
        provider=provider,
        event_id=str(event.event_id or "")[:255],
        event_type=event_type[:20],
        soft=soft,
        address=normalize(event.recipient),
        message_id=str(event.message_id or "")[:255],
        reason=str(reason)[:300],
        reported_at=event.timestamp or timezone.now(),
    )


def report_record(report: Report) -> bool:
    """File one report and update its address's status; False when the same report (same
    provider and event id) was filed already."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                DeliveryReport.objects.create(
                    provider=report.provider,
                    event_id=report.event_id,
                    event_type=report.event_type,
                    soft=report.soft,
                    address=report.address,
                    message_id=report.message_id,
                    reason=report.reason,
                    reported_at=report.reported_at,
                )
        except IntegrityError:
            return False
        _status_update(report)
    metrics.count_delivery_report(report.provider, _kind(report))
    forget(report.address)
    return True


def _kind(report: Report) -> str:
    if report.soft:
        return "soft_bounce"
    return report.event_type


def _status_update(report: Report) -> None:
    status, _ = EmailAddressStatus.objects.select_for_update().get_or_create(address=report.address)
    state = _STOPPING.get(report.event_type)
    if state is not None and not report.soft:
        if status.cleared_at and report.reported_at < status.cleared_at:
            return  # about mail sent before the owner fixed the mailbox
        if status.state != state:
            status.state = state
            status.since = report.reported_at
        status.provider = report.provider
        status.reason = report.reason
        status.save()
        logger.info("email to %s stopped: %s (%s)", report.address, state, report.provider)
        return
    if status.state in STOPPED_STATES:
        return  # only the owner clears a stop (``address_retry``)
    if report.soft or report.event_type in _SOFT:
        status.soft_bounces += 1
        status.provider = report.provider
        status.reason = report.reason or status.reason
        if (
            status.soft_bounces >= soft_bounces_shown()
            and status.state != AddressState.SOFT_BOUNCING
        ):
            status.state = AddressState.SOFT_BOUNCING
            status.since = report.reported_at
        status.save()
    elif report.event_type in _DELIVERED and (
        status.soft_bounces or status.state != AddressState.OK
    ):
        status.soft_bounces = 0
        status.state = AddressState.OK
        status.since = report.reported_at
        status.save()


def soft_bounces_shown() -> int:
    return max(1, int(getattr(settings, "NOTIFY_SOFT_BOUNCES_SHOWN", 3)))


def stopped_addresses(addresses: Iterable[str]) -> set[str]:
    """Which of these addresses get no email (lowercased), in one query."""
    wanted = {normalize(address) for address in addresses if address}
    if not wanted:
        return set()
    return batch_statements.stopped(wanted)  # asked for every batch delivery sends


def status_of(address: str) -> EmailAddressStatus | None:
    if not address:
        return None
    return EmailAddressStatus.objects.filter(address=normalize(address)).first()


def _cache_key(address: str) -> str:
    digest = hashlib.sha256(normalize(address).encode()).hexdigest()[:32]
    return f"notifications:address-status:{digest}"


def problem_of(address: str) -> dict[str, Any] | None:
    """What the pages say about the address (None: nothing to say): its state and since
    when, read from the cache so that a page costs no query."""
    if not address:
        return None
    key = _cache_key(address)
    kept = cache.get(key)
    if kept is None:
        status = status_of(address)
        shown = status is not None and (
            status.stopped or status.state == AddressState.SOFT_BOUNCING
        )
        kept = (
            {"state": status.state, "since": status.since, "reason": status.reason}
            if shown and status is not None
            else {}
        )
        cache.set(key, kept, _BANNER_TTL)
    return kept or None


def local_naive(moment: datetime, time_zone: str) -> datetime:
    """``moment`` as the wall-clock time in ``time_zone``, naive: what a page shows as is
    (templates would turn an aware one back into the request's zone)."""
    return timezone.make_naive(moment, ZoneInfo(time_zone))


def forget(address: str) -> None:
    cache.delete(_cache_key(address))


def address_retry(*, address: str) -> bool:
    """The owner says the mailbox is fixed: send to it again. A new hard bounce stops it
    again; reports about mail sent before now are ignored. False when nothing was stopped
    or soft-bouncing."""
    with transaction.atomic():
        status = (
            EmailAddressStatus.objects.select_for_update()
            .filter(address=normalize(address))
            .first()
        )
        if status is None or status.state == AddressState.OK:
            return False
        now = timezone.now()
        status.state = AddressState.OK
        status.since = now
        status.cleared_at = now
        status.soft_bounces = 0
        status.save()
    forget(address)
    return True

"""The notifications app's own Prometheus metrics.

Counters (per process, added up by ``gwt_site.metrics``): emails by what became of them when
a worker handled them, push messages and webhook posts by channel and outcome, and inbound
replies by outcome. Gauges of the outbox are read from the
database when Prometheus scrapes (``OutboxCollector``), so every web container reports the
same figures however many workers send: take ``max()`` of them across containers.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from django.db.models import Count, Min, Q
from django.utils import timezone
from prometheus_client import Counter
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from notifications.models import OPEN_STATUSES, Notification, Status

EMAILS = Counter(
    "gwt_notifications",
    "Notifications a worker handled, by outcome (sent, skipped, postponed, held, retry, failed, "
    "busy).",
    ["outcome"],
)
CHANNELS = Counter(
    "gwt_channel_deliveries",
    "Push messages and webhook posts a worker handled, by channel and outcome (sent, skipped, "
    "postponed, held, retry, failed, gone).",
    ["channel", "outcome"],
)
INBOUND = Counter(
    "gwt_inbound_emails",
    "Email replies received, by outcome (applied and failed: processed; refused; "
    "quarantined; duplicate).",
    ["outcome"],
)
DELIVERY_REPORTS = Counter(
    "gwt_email_delivery_reports",
    "Delivery reports from the email provider's tracking webhook, by provider and kind "
    "(bounced, soft_bounce, complained, rejected, deferred, delivered...).",
    ["provider", "kind"],
)


def count_email(outcome: str) -> None:
    EMAILS.labels(outcome=outcome).inc()


def count_channel(channel: str, outcome: str) -> None:
    CHANNELS.labels(channel=channel, outcome=outcome).inc()


def count_inbound(outcome: str) -> None:
    INBOUND.labels(outcome=outcome).inc()


def count_delivery_report(provider: str, kind: str) -> None:
    DELIVERY_REPORTS.labels(provider=provider, kind=kind).inc()


class OutboxCollector(Collector):
    """How far behind the outbox is, read in one query on the open rows' partial index.

    * ``gwt_outbox_unsent``: rows still to send (pending, or claimed by a worker);
    * ``gwt_outbox_lag_seconds``: how long the most overdue due row has waited past the time
      it was due (0 when nothing due is waiting): the figure to alert on;
    * ``gwt_outbox_oldest_unsent_age_seconds``: the age of the oldest unsent row, including
      "your turn" emails deliberately held while their player is on the site.
    """

    def collect(self) -> Iterator[GaugeMetricFamily]:
        now = timezone.now()
        figures = Notification.objects.filter(status__in=OPEN_STATUSES).aggregate(
            unsent=Count("pk"),
            oldest=Min("created_at"),
            most_overdue=Min(
                "next_attempt_at",
                filter=Q(status=Status.PENDING, next_attempt_at__lte=now)
                | Q(status=Status.SENDING, claimed_until__lt=now),
            ),
        )
        yield GaugeMetricFamily(
            "gwt_outbox_unsent", "Notifications not sent yet.", value=figures["unsent"]
        )
        yield GaugeMetricFamily(
            "gwt_outbox_lag_seconds",
            "How long the most overdue notification has waited past its due time.",
            value=_age(figures["most_overdue"], now),
        )
        yield GaugeMetricFamily(
            "gwt_outbox_oldest_unsent_age_seconds",
            "Age of the oldest notification not sent yet.",
            value=_age(figures["oldest"], now),
        )


def _age(since: datetime | None, now: datetime) -> float:
    return max(0.0, (now - since).total_seconds()) if since is not None else 0.0

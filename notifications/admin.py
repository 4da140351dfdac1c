"""Moderation screens: the outbox (read-only, with a requeue action), preferences, heartbeats,
the email replies received (read-only), the addresses that bounced with the provider's
delivery reports, and the push subscriptions and chat webhooks (dead ones filtered out at a
click, and enabled again) with their deliveries."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from notifications import bounces, endpoints
from notifications.delivery import notifications_requeue
from notifications.models import (
    ChannelDelivery,
    ChannelPreference,
    ChatWebhook,
    DeliveryReport,
    EmailAddressStatus,
    GameNotificationPreference,
    InboundEmail,
    Kind,
    Notification,
    NotificationPreference,
    PushSubscription,
    Status,
    UserActivity,
    WorkerHeartbeat,
)


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    list_display = ["worker", "last_seen", "beats", "first_seen"]
    readonly_fields = ["worker", "first_seen", "last_seen", "beats"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """The outbox. Rows are written by the services only; failed ones can be sent again."""

    list_display = [
        "id",
        "kind",
        "recipient",
        "game",
        "event_seq",
        "channel",
        "status",
        "attempts",
        "created_at",
        "due",
        "sent_at",
        "short_error",
    ]
    list_filter = ["status", "kind", "channel", "created_at"]
    search_fields = ["recipient__username", "recipient__email", "game__public_id", "last_error"]
    list_select_related = ["recipient", "game"]
    date_hierarchy = "created_at"
    readonly_fields = [
        "recipient",
        "kind",
        "channel",
        "game",
        "event_seq",
        "digest_date",
        "status",
        "reason",
        "attempts",
        "last_error",
        "next_attempt_at",
        "claim",
        "claimed_until",
        "created_at",
        "sent_at",
        "context",
    ]
    actions = ["requeue"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.display(description=_("due"), ordering="next_attempt_at")
    def due(self, obj: Notification) -> datetime | None:
        """When a pending row is sent: later than it was written for a retry, or for a
        "your turn" waiting for its player to leave the site."""
        return obj.next_attempt_at if obj.status == Status.PENDING else None

    @admin.display(description=_("last error"))
    def short_error(self, obj: Notification) -> str:
        if obj.last_error or obj.reason:
            return obj.last_error[:80] or obj.reason[:80]
        waiting = obj.status == Status.PENDING and obj.next_attempt_at > timezone.now()
        if waiting and obj.kind == Kind.YOUR_TURN:
            return gettext("waits: the player is on the site")
        return ""

    @admin.action(description=_("Send the selected failed or skipped notifications again"))
    def requeue(self, request: HttpRequest, queryset: QuerySet[Notification]) -> None:
        ids = list(
            queryset.filter(status__in=[Status.FAILED, Status.SKIPPED]).values_list("pk", flat=True)
        )
        count = notifications_requeue(ids=ids)
        self.message_user(
            request,
            ngettext(
                "%(count)d notification queued again.",
                "%(count)d notifications queued again.",
                count,
            )
            % {"count": count},
            messages.SUCCESS,
        )


@admin.register(NotificationPreference)
class NotificationPreferenceAdmin(admin.ModelAdmin):
    list_display = [
        "user",
        "mode",
        "digest_hour",
        "time_zone",
        "language",
        "always_notify",
        "quiet_start",
        "quiet_end",
        "updated_at",
    ]
    list_filter = ["mode", "language"]
    search_fields = ["user__username", "user__email"]
    raw_id_fields = ["user"]


@admin.register(GameNotificationPreference)
class GameNotificationPreferenceAdmin(admin.ModelAdmin):
    list_display = ["user", "game", "mode", "updated_at"]
    list_filter = ["mode"]
    search_fields = ["user__username", "game__public_id"]
    raw_id_fields = ["user", "game"]


@admin.register(UserActivity)
class UserActivityAdmin(admin.ModelAdmin):
    list_display = ["user", "last_seen"]
    search_fields = ["user__username"]
    readonly_fields = ["user", "last_seen"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(InboundEmail)
class InboundEmailAdmin(admin.ModelAdmin):
    """Every email received at a reply address and what became of it (written by the
    inbound pipeline only: a record, never edited)."""

    list_display = ["id", "created_at", "sender", "game", "seat", "outcome", "reason", "source"]
    list_filter = ["outcome", "reason", "source", "created_at"]
    search_fields = ["message_id", "sender", "recipient", "game__public_id", "error"]
    list_select_related = ["game"]
    date_hierarchy = "created_at"
    readonly_fields = [
        "message_id",
        "sender",
        "recipient",
        "source",
        "size",
        "game",
        "seat",
        "version",
        "user",
        "outcome",
        "reason",
        "error",
        "raw",
        "lines",
        "applied",
        "answer",
        "created_at",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class ProviderFilter(admin.SimpleListFilter):
    """The providers that reported something (an address without one is not listed: an
    empty choice would be a link without words)."""

    title = _("provider")
    parameter_name = "provider"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        providers = (
            model_admin.get_queryset(request)
            .exclude(provider="")
            .order_by("provider")
            .values_list("provider", flat=True)
            .distinct()
        )
        return [(provider, provider) for provider in providers]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(provider=self.value()) if self.value() else queryset


@admin.register(EmailAddressStatus)
class EmailAddressStatusAdmin(admin.ModelAdmin):
    """Addresses the provider reported trouble with; a stopped one gets no email until its
    owner (or a moderator, with the action) says it is fixed."""

    list_display = ["address", "owner", "state", "since", "provider", "soft_bounces", "reason"]
    list_filter = ["state", ProviderFilter]
    # Exact values only: an address, or its owner's username (looked up first).
    search_fields = ["=address"]
    readonly_fields = [
        "address",
        "state",
        "since",
        "provider",
        "reason",
        "soft_bounces",
        "cleared_at",
        "updated_at",
    ]
    actions = ["retry"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[EmailAddressStatus]:
        owners = get_user_model().objects.filter(email__iexact=OuterRef("address"))
        rows: QuerySet[EmailAddressStatus] = (
            super()
            .get_queryset(request)
            .annotate(owner_name=Subquery(owners.values("username")[:1]))
        )
        return rows

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[EmailAddressStatus], search_term: str
    ) -> tuple[QuerySet[EmailAddressStatus], bool]:
        term = search_term.strip()
        if not term:
            return queryset, False
        addresses = [term.lower()]
        addresses += [
            email.lower()
            for email in get_user_model()
            .objects.filter(username=term)
            .values_list("email", flat=True)
            if email
        ]
        return queryset.filter(address__in=addresses), False

    @admin.display(description=_("owner"), ordering="owner_name")
    def owner(self, obj: EmailAddressStatus) -> str:
        return getattr(obj, "owner_name", None) or "—"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=_("Send email to these addresses again"), permissions=["change"])
    def retry(self, request: HttpRequest, queryset: QuerySet[EmailAddressStatus]) -> None:
        done = sum(bounces.address_retry(address=status.address) for status in queryset)
        self.message_user(
            request,
            ngettext(
                "%(count)d address gets email again.",
                "%(count)d addresses get email again.",
                done,
            )
            % {"count": done},
            messages.SUCCESS,
        )


@admin.register(DeliveryReport)
class DeliveryReportAdmin(admin.ModelAdmin):
    """The provider's delivery reports as received (read-only)."""

    list_display = ["received_at", "provider", "event_type", "soft", "address", "reason"]
    list_filter = ["event_type", "soft", ProviderFilter]
    search_fields = ["=address", "=message_id"]
    date_hierarchy = "received_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class DisabledFilter(admin.SimpleListFilter):
    """Endpoints disabled after repeated failures (dead), or still in use."""

    title = _("state")
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("dead", gettext("disabled (dead)")), ("live", gettext("in use"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "dead":
            return queryset.filter(disabled_at__isnull=False)
        if self.value() == "live":
            return queryset.filter(disabled_at__isnull=True)
        return queryset


class EndpointAdmin(admin.ModelAdmin):
    """What the push subscriptions and webhooks share: their health, and enabling again."""

    list_filter = [DisabledFilter, "created_at"]
    search_fields = ["user__username", "user__email", "last_error"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]
    actions = ["enable_again"]
    health_fields = ["failures", "disabled_at", "last_error", "last_success_at", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a browser or a player sets them up, from the account page

    @admin.action(description=_("Enable the selected endpoints again"))
    def enable_again(self, request: HttpRequest, queryset: QuerySet) -> None:
        dead = queryset.filter(disabled_at__isnull=False)
        owners = set(dead.values_list("user_id", flat=True))
        count = dead.update(disabled_at=None, failures=0, last_error="")
        for owner in owners:
            endpoints.dead_endpoints_changed(owner)
        self.message_user(
            request,
            ngettext(
                "%(count)d endpoint enabled again.", "%(count)d endpoints enabled again.", count
            )
            % {"count": count},
            messages.SUCCESS,
        )


@admin.register(PushSubscription)
class PushSubscriptionAdmin(EndpointAdmin):
    list_display = ["id", "user", "browser", "failures", "disabled_at", "last_success_at"]

    def get_readonly_fields(self, request: HttpRequest, obj: object = None) -> list[str]:
        return ["user", "endpoint", "p256dh", "auth", "browser", *self.health_fields]


@admin.register(ChatWebhook)
class ChatWebhookAdmin(EndpointAdmin):
    list_display = ["id", "user", "game", "style", "failures", "disabled_at", "last_success_at"]
    list_filter = [DisabledFilter, "style", "created_at"]
    search_fields = [*EndpointAdmin.search_fields, "game__public_id", "url"]
    list_select_related = ["user", "game"]
    raw_id_fields = ["user", "game"]

    def get_readonly_fields(self, request: HttpRequest, obj: object = None) -> list[str]:
        return ["user", "game", "url", "style", *self.health_fields]


@admin.register(ChannelDelivery)
class ChannelDeliveryAdmin(admin.ModelAdmin):
    """The channels' outbox: one row per notification and endpoint (read-only)."""

    list_display = [
        "id",
        "notification",
        "channel",
        "status",
        "attempts",
        "held",
        "gathered",
        "next_attempt_at",
        "sent_at",
        "reason",
    ]
    list_filter = ["status", "channel", "held", "created_at"]
    search_fields = ["notification__recipient__username", "last_error", "reason"]
    list_select_related = ["notification"]
    date_hierarchy = "created_at"

    def get_readonly_fields(self, request: HttpRequest, obj: object = None) -> list[str]:
        return [field.name for field in ChannelDelivery._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(ChannelPreference)
class ChannelPreferenceAdmin(admin.ModelAdmin):
    list_display = ["user", "game", "channel", "enabled"]
    list_filter = ["channel", "enabled"]
    search_fields = ["user__username", "game__public_id"]
    raw_id_fields = ["user", "game"]

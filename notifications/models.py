"""The notification outbox, the players' preferences, and their last activity on the site.

A ``Notification`` row is written in the same transaction as the game event that causes it,
so the row exists exactly when the event does. Sending is a separate step (a Celery task
after commit, and a periodic sweep for anything left behind) that claims the row, hands the
email to the mail server and marks the row ``sent``: the row, not the broker, is the truth
about what was sent. See ``notifications/outbox.py``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class WorkerHeartbeat(models.Model):
    """The last time each Celery worker ran the periodic heartbeat task.

    Shows that the broker, beat and at least one worker are all working: ``/healthz``
    reports the age of the newest heartbeat.
    """

    worker = models.CharField(max_length=255, unique=True, help_text=_("Celery worker hostname."))
    first_seen = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField(db_index=True)
    beats = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["-last_seen"]

    def __str__(self) -> str:
        return f"{self.worker} (last seen {self.last_seen:%Y-%m-%d %H:%M:%S})"


class Kind(models.TextChoices):
    INVITATION = "invitation", _("invitation")
    GAME_STARTED = "game_started", _("game started")
    YOUR_TURN = "your_turn", _("your turn")
    REMINDER = "reminder", _("reminder")
    DEADLINE_WARNING = "deadline_warning", _("deadline warning")
    DEADLINE_PASSED = "deadline_passed", _("deadline passed")
    GAME_OVER = "game_over", _("game over")
    DIGEST = "digest", _("daily digest")
    MODERATION = "moderation", _("moderator action")
    SEAT_CHANGE = "seat_change", _("a seat changed hands")
    # A player asks to take back a decision: the others answer (by replying, or on the page).
    TAKEBACK_ASKED = "takeback_asked", _("takeback asked")
    # What became of the asker's request: taken back, refused, or lapsed.
    TAKEBACK_OUTCOME = "takeback_outcome", _("takeback answered")
    REPLY_CONFIRMATION = "reply_confirmation", _("reply applied")
    REPLY_ERROR = "reply_error", _("reply not applied")
    # What was held through the recipient's quiet hours, in one email when they end.
    QUIET_SUMMARY = "quiet_summary", _("quiet hours summary")


# What happens in a game, told by every channel (email, push, webhooks) and held through
# the recipient's quiet hours when it can wait. Not the answers to an email reply (they
# answer that email), nor the digests and summaries (an email's own ways of gathering).
NEWS_KINDS = frozenset(
    {
        Kind.YOUR_TURN,
        Kind.REMINDER,
        Kind.DEADLINE_WARNING,
        Kind.DEADLINE_PASSED,
        Kind.GAME_STARTED,
        Kind.GAME_OVER,
        Kind.INVITATION,
        Kind.MODERATION,
        Kind.SEAT_CHANGE,
        Kind.TAKEBACK_ASKED,
        Kind.TAKEBACK_OUTCOME,
    }
)

# What the "daily digest" mode replaces: the emails that say a game waits for you.
DIGESTIBLE_KINDS = frozenset({Kind.YOUR_TURN, Kind.REMINDER})

# Answers to an email the player sent: sent whatever the mode (they asked), never digested.
ANSWER_KINDS = frozenset({Kind.REPLY_CONFIRMATION, Kind.REPLY_ERROR})

# The emails whose Reply-To is the player's signed reply address (their options are in them):
# every email sent while it is the player's turn about one game, and the takeback request
# (signed for the request: a reply answers it). The digest covers several games and lists
# one reply address per game in its text instead.
REPLYABLE_KINDS = frozenset(
    {
        Kind.YOUR_TURN,
        Kind.REMINDER,
        Kind.DEADLINE_WARNING,
        Kind.REPLY_CONFIRMATION,
        Kind.REPLY_ERROR,
        Kind.TAKEBACK_ASKED,
    }
)


class Channel(models.TextChoices):
    EMAIL = "email", _("email")


class Status(models.TextChoices):
    PENDING = "pending", _("pending")  # to be sent (not before next_attempt_at)
    SENDING = "sending", _("sending")  # claimed by a worker until claimed_until
    SENT = "sent", _("sent")  # handed to the mail server
    FAILED = "failed", _("failed")  # a permanent error, or too many transient ones
    SKIPPED = "skipped", _("skipped")  # deliberately not sent (see reason)


OPEN_STATUSES = (Status.PENDING, Status.SENDING)


class Notification(models.Model):
    """One message to one person about one thing that happened (the outbox).

    The event that caused it is (game, event_seq), the same pair that identifies a game
    ``Event``; the unique constraints make writing the same notification twice impossible,
    so a sweep or a retried transaction can always try again safely.
    """

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    channel = models.CharField(max_length=10, choices=Channel.choices, default=Channel.EMAIL)
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notifications",
    )
    event_seq = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("Seq of the game event that caused it.")
    )
    digest_date = models.DateField(
        null=True, blank=True, help_text=_("Daily digest: the recipient's local date.")
    )
    context = models.JSONField(
        default=dict,
        blank=True,
        help_text=_(
            "What the message says, fixed when it was queued (a your-turn email's "
            "summary and options: when it was sent, for its event)."
        ),
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=200, blank=True, help_text=_("Why it was skipped."))
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    claim = models.CharField(max_length=32, blank=True, help_text=_("Token of the current claim."))
    claimed_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "event_seq", "recipient", "kind", "channel"],
                condition=Q(event_seq__isnull=False),
                name="notification_unique_event",
            ),
            models.UniqueConstraint(
                fields=["recipient", "kind", "channel", "digest_date"],
                condition=Q(digest_date__isnull=False),
                name="notification_unique_digest",
            ),
            models.UniqueConstraint(
                fields=["game", "recipient", "kind", "channel"],
                condition=Q(kind="invitation"),
                name="notification_unique_invitation",
            ),
        ]
        indexes = [
            # What the sweep looks for: rows still to be sent, by when they are due.
            models.Index(
                fields=["next_attempt_at"],
                condition=Q(status__in=["pending", "sending"]),
                name="notification_open_due",
            ),
            models.Index(fields=["status", "kind"], name="notification_status_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to user {self.recipient_id} ({self.status})"


class Mode(models.TextChoices):
    IMMEDIATE = "immediate", _("immediately")
    DIGEST = "digest", _("daily digest")
    OFF = "off", _("off (no email)")


class NotificationPreference(models.Model):
    """How a user wants to be told (no row: immediately, digest at 8:00 UTC)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="notification_preference",
    )
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.IMMEDIATE)
    digest_hour = models.PositiveSmallIntegerField(
        default=8, help_text=_("Local hour (0-23) at which the daily digest is sent.")
    )
    time_zone = models.CharField(max_length=64, default="UTC", help_text=_("IANA name."))
    # The pages they see once logged in and every email they get, whoever's action sent it.
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    # Send even while the player's page is open (otherwise an open page holds the turn's
    # email and push, and the other notifications are not sent at all).
    always_notify = models.BooleanField(default=False)
    # The player's own quiet hours (local whole hours, through midnight when start > end):
    # the notifications that can wait are held until they end and then gathered into one.
    quiet_start = models.PositiveSmallIntegerField(null=True, blank=True)
    quiet_end = models.PositiveSmallIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(digest_hour__gte=0, digest_hour__lte=23),
                name="preference_digest_hour_range",
            )
        ]

    def __str__(self) -> str:
        return f"user {self.user_id}: {self.mode}"


class GameNotificationPreference(models.Model):
    """One game's override of the user's mode (e.g. a fast game: immediate; a slow one: off)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    mode = models.CharField(max_length=10, choices=Mode.choices)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="game_preference_unique")
        ]

    def __str__(self) -> str:
        return f"user {self.user_id}, game {self.game_id}: {self.mode}"


class UserActivity(models.Model):
    """When the user last made a request on the site (written at most every few seconds)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="activity",
    )
    last_seen = models.DateTimeField()

    class Meta:
        verbose_name_plural = _("user activity")

    def __str__(self) -> str:
        return f"user {self.user_id} seen {self.last_seen:%Y-%m-%d %H:%M:%S}"


class InboundOutcome(models.TextChoices):
    APPLIED = "applied", _("applied")  # every line was played
    FAILED = "failed", _("failed")  # authenticated, but a line (or the game) refused it
    REFUSED = "refused", _("refused")  # not authenticated, or not acceptable as a message
    # Could not be processed at all: set aside for moderators, never tried again.
    QUARANTINED = "quarantined", _("quarantined")


class InboundEmail(models.Model):
    """Every email received at a reply address, and what became of it.

    The unique Message-ID is what makes a message delivered twice (a provider's retry, the
    same mailbox read again) apply once: the row is written in the same transaction as the
    moves it applies.
    """

    message_id = models.CharField(max_length=255, unique=True)
    sender = models.CharField(max_length=254, blank=True, db_index=True)
    recipient = models.CharField(max_length=254, blank=True, help_text=_("The reply address."))
    source = models.CharField(max_length=40, blank=True, help_text=_("webhook:<provider>, mailbox"))
    size = models.PositiveIntegerField(default=0)
    game = models.ForeignKey(
        "games.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("The game version the answered email was sent for.")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    outcome = models.CharField(max_length=16, choices=InboundOutcome.choices)
    reason = models.CharField(
        max_length=40, blank=True, help_text=_("Machine code of the outcome.")
    )
    error = models.TextField(blank=True)
    lines = models.JSONField(default=list, blank=True, help_text=_("The move lines read."))
    raw = models.TextField(
        blank=True, help_text=_("A quarantined message's source (the start of it), to look into.")
    )
    applied = models.JSONField(default=list, blank=True, help_text=_("Notations applied."))
    answer = models.ForeignKey(
        Notification, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "inbound email"

    def __str__(self) -> str:
        return f"{self.message_id} from {self.sender or '?'}: {self.outcome} {self.reason}"


class AddressState(models.TextChoices):
    """Whether mail goes to an address, as the email provider's reports left it."""

    OK = "ok", _("delivering")
    SOFT_BOUNCING = "soft", _("delays and soft bounces")  # still sent to
    BOUNCED = "bounced", _("bounced")  # a hard bounce: the mailbox does not exist or refuses us
    COMPLAINED = "complained", _("marked as spam")  # the recipient reported our mail
    REJECTED = "rejected", _("refused by the provider")  # on the provider's suppression list


#: The states in which no email is sent to the address until its owner says it is fixed.
STOPPED_STATES = (AddressState.BOUNCED, AddressState.COMPLAINED, AddressState.REJECTED)


class EmailAddressStatus(models.Model):
    """What the provider last reported about mail to one address (no row: nothing reported).

    Keyed by the address, not the user: a bounce is a fact about a mailbox, and an account
    that changes to a new address starts clean while the old one keeps its record.
    """

    address = models.CharField(max_length=254, unique=True, help_text=_("Lowercased."))
    state = models.CharField(max_length=10, choices=AddressState.choices, default=AddressState.OK)
    since = models.DateTimeField(
        default=timezone.now, help_text=_("When the address entered this state.")
    )
    provider = models.CharField(max_length=40, blank=True)
    reason = models.CharField(
        max_length=300,
        blank=True,
        help_text=_("The provider's description or the server's answer."),
    )
    soft_bounces = models.PositiveSmallIntegerField(
        default=0, help_text=_("Delays and soft bounces since the last delivery.")
    )
    cleared_at = models.DateTimeField(
        null=True, blank=True, help_text=_("When the owner last said the mailbox is fixed.")
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("email address status")
        verbose_name_plural = _("email address statuses")
        indexes = [
            models.Index(
                fields=["address"],
                condition=Q(state__in=["bounced", "complained", "rejected"]),
                name="address_status_stopped",
            )
        ]

    def __str__(self) -> str:
        return f"{self.address}: {self.state}"

    @property
    def stopped(self) -> bool:
        return self.state in STOPPED_STATES


class DeliveryReport(models.Model):
    """One delivery report from the email provider's tracking webhook, kept as received.

    The provider's event id makes a report sent twice (a webhook retry) count once.
    """

    provider = models.CharField(max_length=40)
    event_id = models.CharField(max_length=255, blank=True)
    event_type = models.CharField(max_length=20, help_text=_("Anymail's normalized event type."))
    soft = models.BooleanField(
        default=False, help_text=_("A bounce the provider reports as temporary.")
    )
    address = models.CharField(max_length=254, db_index=True)
    message_id = models.CharField(max_length=255, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    reported_at = models.DateTimeField(help_text=_("When the provider says it happened."))
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-received_at", "-id"]
        verbose_name = _("delivery report")
        verbose_name_plural = _("delivery reports")
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "event_id"],
                condition=~Q(event_id=""),
                name="delivery_report_unique_event",
            )
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.event_type} {self.address}"


# --- channels besides email (notifications/channel_delivery.py, docs/notifications.md) ------


class ChannelKind(models.TextChoices):
    """The channels a notification may also travel by, besides its email."""

    PUSH = "push", _("Web Push")
    WEBHOOK = "webhook", _("chat webhook")


class EndpointHealth(models.Model):
    """What every endpoint keeps about its failures: after NOTIFY_ENDPOINT_MAX_FAILURES in a
    row it is disabled (nothing more is sent to it) until its owner enables it again."""

    failures = models.PositiveSmallIntegerField(
        default=0, help_text=_("Failed deliveries in a row (a success resets it).")
    )
    disabled_at = models.DateTimeField(
        null=True, blank=True, db_index=True, help_text=_("Disabled after repeated failures.")
    )
    last_error = models.TextField(blank=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True

    @property
    def disabled(self) -> bool:
        return self.disabled_at is not None


class PushSubscription(EndpointHealth):
    """One browser's Web Push subscription (what ``PushManager.subscribe`` returned there)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200, help_text=_("The browser's public key."))
    auth = models.CharField(max_length=100, help_text=_("The subscription's auth secret."))
    browser = models.CharField(
        max_length=200, blank=True, help_text=_("Which browser, as it named itself.")
    )

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"push to user {self.user_id}: {self.browser or self.endpoint[:60]}"


class WebhookStyle(models.TextChoices):
    DISCORD = "discord", _("Discord")
    SLACK = "slack", _("Slack")


class ChatWebhook(EndpointHealth):
    """A chat channel's incoming webhook: a player's own (``game`` empty: their notifications
    go there) or a game's (every turn change of that game is posted there, for its group)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="chat_webhooks",
        help_text=_("Who set it up (and is told when it stops working)."),
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    url = models.URLField(max_length=500)
    style = models.CharField(max_length=10, choices=WebhookStyle.choices)

    class Meta:
        verbose_name = _("chat webhook")
        verbose_name_plural = _("chat webhooks")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "url"], condition=Q(game__isnull=True), name="webhook_unique_own"
            ),
            models.UniqueConstraint(
                fields=["game", "url"], condition=Q(game__isnull=False), name="webhook_unique_game"
            ),
        ]

    def __str__(self) -> str:
        where = f"game {self.game_id}" if self.game_id else f"user {self.user_id}"
        return f"{self.style} webhook of {where}"


class ChannelDelivery(models.Model):
    """One notification's delivery to one push subscription or webhook (the outbox of the
    channels besides email): claimed, sent once, retried and settled like an email row."""

    notification = models.ForeignKey(
        Notification, on_delete=models.CASCADE, related_name="channel_deliveries"
    )
    channel = models.CharField(max_length=10, choices=ChannelKind.choices)
    push_subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    webhook = models.ForeignKey(
        ChatWebhook, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=200, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    held = models.BooleanField(
        default=False, help_text=_("Held through its recipient's quiet hours, to be gathered.")
    )
    gathered = models.PositiveSmallIntegerField(
        default=0, help_text=_("How many notifications the message that carried it summed up.")
    )
    claim = models.CharField(max_length=32, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("channel delivery")
        verbose_name_plural = _("channel deliveries")
        constraints = [
            models.UniqueConstraint(
                fields=["notification", "push_subscription"],
                condition=Q(push_subscription__isnull=False),
                name="channel_delivery_unique_push",
            ),
            models.UniqueConstraint(
                fields=["notification", "webhook"],
                condition=Q(webhook__isnull=False),
                name="channel_delivery_unique_webhook",
            ),
            models.CheckConstraint(
                condition=(Q(push_subscription__isnull=False) & Q(webhook__isnull=True))
                | (Q(push_subscription__isnull=True) & Q(webhook__isnull=False)),
                name="channel_delivery_one_endpoint",
            ),
        ]
        indexes = [
            models.Index(
                fields=["next_attempt_at"],
                condition=Q(status__in=["pending", "sending"]),
                name="channel_delivery_open_due",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.channel} delivery of notification {self.notification_id} ({self.status})"


class ChannelPreference(models.Model):
    """Whether a channel is used for the user's notifications: for all of them (``game``
    empty) or one game's (overriding). No row: on (subscribing is the opt-in)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    channel = models.CharField(max_length=10, choices=ChannelKind.choices)
    enabled = models.BooleanField()

    class Meta:
        verbose_name = _("channel preference")
        verbose_name_plural = _("channel preferences")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "channel"],
                condition=Q(game__isnull=True),
                name="channel_preference_unique_user",
            ),
            models.UniqueConstraint(
                fields=["user", "game", "channel"],
                condition=Q(game__isnull=False),
                name="channel_preference_unique_game",
            ),
        ]

    def __str__(self) -> str:
        return f"user {self.user_id} {self.channel} game {self.game_id}: {self.enabled}"

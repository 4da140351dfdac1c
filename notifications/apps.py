from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        from anymail.signals import inbound, tracking

        from notifications import (
            receivers,  # noqa: F401 - connects the game event receivers
            tasks,  # noqa: F401 - registers the tasks queued by name
        )
        from notifications.webhooks import on_inbound, on_tracking

        # Replies to turn emails, from the provider's inbound webhook.
        inbound.connect(on_inbound, dispatch_uid="notifications.inbound")
        # Delivery reports (bounces, complaints) from the provider's tracking webhook.
        tracking.connect(on_tracking, dispatch_uid="notifications.tracking")

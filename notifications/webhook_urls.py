"""The provider's webhooks (mounted under /email/anymail/ by gwt_site/urls.py)."""

from django.urls import re_path

from notifications import webhooks

urlpatterns = [
    re_path(
        r"^(?P<provider>[a-z_]+)/inbound(_mime)?/$",
        webhooks.inbound_webhook,
        name="notifications-inbound-webhook",
    ),
    re_path(
        r"^(?P<provider>[a-z_]+)/tracking/$",
        webhooks.tracking_webhook,
        name="notifications-tracking-webhook",
    ),
]

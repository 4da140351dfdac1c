"""The inbound-email webhook: django-anymail's view for the one configured provider.

Only the provider named by INBOUND_EMAIL_PROVIDER answers (any other is a 404), so a
deployment exposes one inbound endpoint, protected by that provider's own checks (basic auth
with ANYMAIL_WEBHOOK_SECRET, and Mailgun's signature). Anymail turns the provider's post
into an ``AnymailInboundMessage`` and sends the ``inbound`` signal; ``on_inbound`` hands the
message to ``notifications.inbound.receive``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.module_loading import import_string
from django.views.decorators.csrf import csrf_exempt

from notifications import inbound

INBOUND_VIEWS = {
    "amazon_ses": "anymail.webhooks.amazon_ses.AmazonSESInboundWebhookView",
    "brevo": "anymail.webhooks.brevo.BrevoInboundWebhookView",
    "mailersend": "anymail.webhooks.mailersend.MailerSendInboundWebhookView",
    "mailgun": "anymail.webhooks.mailgun.MailgunInboundWebhookView",
    "mailjet": "anymail.webhooks.mailjet.MailjetInboundWebhookView",
    "mailtrap": "anymail.webhooks.mailtrap.MailtrapInboundWebhookView",
    "postal": "anymail.webhooks.postal.PostalInboundWebhookView",
    "postmark": "anymail.webhooks.postmark.PostmarkInboundWebhookView",
    "resend": "anymail.webhooks.resend.ResendInboundWebhookView",
    "sendgrid": "anymail.webhooks.sendgrid.SendGridInboundWebhookView",
    "sparkpost": "anymail.webhooks.sparkpost.SparkPostInboundWebhookView",
}


@csrf_exempt
def inbound_webhook(request: HttpRequest, provider: str) -> HttpResponse:
    """``/email/anymail/<provider>/inbound/`` (``inbound_mime/`` too: Mailgun posts the raw
    message only to a URL that contains "mime")."""
    if provider != getattr(settings, "INBOUND_EMAIL_PROVIDER", "") or provider not in (
        INBOUND_VIEWS
    ):
        raise Http404("No inbound email here.")
    view = import_string(INBOUND_VIEWS[provider]).as_view()
    response: HttpResponse = view(request)
    return response


def on_inbound(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    """Receiver of anymail's ``inbound`` signal (connected in ``apps.py``)."""
    name = esp_name.lower().replace(" ", "_")
    inbound.receive(event.message, source=f"webhook:{name}")

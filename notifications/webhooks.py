"""The email provider's webhooks: django-anymail's views for the configured provider.

Inbound replies and delivery reports (tracking: bounces, complaints, deliveries) each answer
for one provider only.

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

from notifications import bounces, inbound

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


TRACKING_VIEWS = {
    "amazon_ses": "anymail.webhooks.amazon_ses.AmazonSESTrackingWebhookView",
    "brevo": "anymail.webhooks.brevo.BrevoTrackingWebhookView",
    "mailersend": "anymail.webhooks.mailersend.MailerSendTrackingWebhookView",
    "mailgun": "anymail.webhooks.mailgun.MailgunTrackingWebhookView",
    "mailjet": "anymail.webhooks.mailjet.MailjetTrackingWebhookView",
    "mailtrap": "anymail.webhooks.mailtrap.MailtrapTrackingWebhookView",
    "postal": "anymail.webhooks.postal.PostalTrackingWebhookView",
    "postmark": "anymail.webhooks.postmark.PostmarkTrackingWebhookView",
    "resend": "anymail.webhooks.resend.ResendTrackingWebhookView",
    "sendgrid": "anymail.webhooks.sendgrid.SendGridTrackingWebhookView",
    "sparkpost": "anymail.webhooks.sparkpost.SparkPostTrackingWebhookView",
}


def _provider_view(
    request: HttpRequest, provider: str, configured: str, views: dict[str, str], refusal: str
) -> HttpResponse:
    """Anymail's view of ``views`` for ``provider`` when it is the ``configured`` one; any
    other provider's URL is a 404, so a deployment exposes only the endpoints it uses."""
    if provider != configured or provider not in views:
        raise Http404(refusal)
    view = import_string(views[provider]).as_view()
    response: HttpResponse = view(request)
    return response


@csrf_exempt
def inbound_webhook(request: HttpRequest, provider: str) -> HttpResponse:
    """``/email/anymail/<provider>/inbound/`` (``inbound_mime/`` too: Mailgun posts the raw
    message only to a URL that contains "mime")."""
    configured = getattr(settings, "INBOUND_EMAIL_PROVIDER", "")
    return _provider_view(request, provider, configured, INBOUND_VIEWS, "No inbound email here.")


def on_inbound(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    """Receiver of anymail's ``inbound`` signal (connected in ``apps.py``)."""
    inbound.receive(event.message, source=f"webhook:{provider_key(esp_name)}")


@csrf_exempt
def tracking_webhook(request: HttpRequest, provider: str) -> HttpResponse:
    """``/email/anymail/<provider>/tracking/``: the provider's delivery reports (bounces,
    complaints, deliveries), for the provider named by EMAIL_TRACKING_PROVIDER only."""
    configured = getattr(settings, "EMAIL_TRACKING_PROVIDER", "")
    return _provider_view(
        request, provider, configured, TRACKING_VIEWS, "No delivery reports taken here."
    )


def provider_key(esp_name: str) -> str:
    """Anymail's display name of a provider as this site's key ("Amazon SES": amazon_ses)."""
    return esp_name.lower().replace(" ", "_")


def on_tracking(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    """Receiver of anymail's ``tracking`` signal (connected in ``apps.py``)."""
    report = bounces.report_from_event(event, provider=provider_key(esp_name))
    if report is not None:
        bounces.report_record(report)

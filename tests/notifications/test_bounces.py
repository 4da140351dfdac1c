"""Delivery reports from the email provider: a hard bounce or a complaint stops email to the
address, its owner sees it on every page and fixes it on the account page, moderators see it in
the admin. The payloads are the providers' own sample events (tests/notifications/
tracking_samples/), posted to the tracking webhook as each provider posts them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.core.cache import cache
from django.utils import timezone

from notifications import bounces
from notifications.delivery import STOPPED_ADDRESS, notification_send
from notifications.metrics import DELIVERY_REPORTS
from notifications.models import (
    AddressState,
    DeliveryReport,
    EmailAddressStatus,
    Kind,
    Notification,
    Status,
)
from tests.notifications.helpers import pass_turn

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).parent / "tracking_samples"
SECRET = "anymail:tracking-password"
SIGNING_KEY = "mailgun-signing-key-for-tests"


@pytest.fixture(autouse=True)
def provider(settings):
    """Delivery reports taken from Postmark unless a test says otherwise; the cache (which
    keeps the banner's facts) empty."""
    settings.EMAIL_TRACKING_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    cache.clear()
    yield
    cache.clear()


def sample(name: str) -> Any:
    return json.loads((SAMPLES / name).read_text())


def auth() -> dict[str, str]:
    token = base64.b64encode(SECRET.encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def post(client, provider: str, payload: Any, **headers: str):
    return client.post(
        f"/email/anymail/{provider}/tracking/",
        data=json.dumps(payload),
        content_type="application/json",
        **auth(),
        **headers,
    )


def signed_mailgun(payload: dict[str, Any]) -> dict[str, Any]:
    """Mailgun signs each post: HMAC-SHA256 of timestamp + token with the signing key."""
    signature = payload["signature"]
    signature["timestamp"] = str(int(time.time()))
    signature["signature"] = hmac.new(
        SIGNING_KEY.encode(),
        (signature["timestamp"] + signature["token"]).encode(),
        hashlib.sha256,
    ).hexdigest()
    return payload


def state_of(address: str) -> str | None:
    status = EmailAddressStatus.objects.filter(address=address).first()
    return status.state if status else None


def bobs_turn_email(game) -> Notification:
    Notification.objects.all().delete()
    pass_turn(game)
    return Notification.objects.get(kind=Kind.YOUR_TURN)


# --- each provider's samples ----------------------------------------------------------------


def test_a_postmark_hard_bounce_stops_email_to_the_address(client, bob):
    response = post(client, "postmark", sample("postmark_hard_bounce.json"))

    assert response.status_code == 200
    status = EmailAddressStatus.objects.get(address="bob@example.test")
    assert (status.state, status.provider) == (AddressState.BOUNCED, "postmark")
    assert status.since.date().isoformat() == "2026-05-03"
    assert "unable to deliver" in status.reason
    assert bounces.stopped_addresses(["Bob@Example.test"]) == {"bob@example.test"}


def test_a_postmark_spam_complaint_stops_email_too(client, bob):
    post(client, "postmark", sample("postmark_spam_complaint.json"))

    assert state_of("bob@example.test") == AddressState.COMPLAINED


def test_postmark_soft_bounces_do_not_stop_email_but_several_are_shown(client, settings, bob):
    settings.NOTIFY_SOFT_BOUNCES_SHOWN = 2
    soft = sample("postmark_soft_bounce.json")
    post(client, "postmark", soft)
    assert state_of("bob@example.test") == AddressState.OK
    assert bounces.problem_of("bob@example.test") is None

    soft["ID"] += 1
    post(client, "postmark", soft)

    assert state_of("bob@example.test") == AddressState.SOFT_BOUNCING
    assert bounces.stopped_addresses(["bob@example.test"]) == set()
    assert bounces.problem_of("bob@example.test")["state"] == AddressState.SOFT_BOUNCING

    # A delivery in between says the mail arrives again.
    post(client, "postmark", sample("postmark_delivery.json"))
    assert state_of("bob@example.test") == AddressState.OK
    assert EmailAddressStatus.objects.get().soft_bounces == 0


def test_a_report_sent_twice_counts_once(client, settings, bob):
    settings.NOTIFY_SOFT_BOUNCES_SHOWN = 2
    soft = sample("postmark_soft_bounce.json")
    post(client, "postmark", soft)
    post(client, "postmark", soft)  # the provider's retry of the same event

    assert DeliveryReport.objects.count() == 1
    assert EmailAddressStatus.objects.get().soft_bounces == 1


def test_sendgrid_batches_a_bounce_and_a_spam_report(client, settings, bob, carol):
    settings.EMAIL_TRACKING_PROVIDER = "sendgrid"

    assert post(client, "sendgrid", sample("sendgrid_events.json")).status_code == 200

    assert state_of("bob@example.test") == AddressState.BOUNCED
    assert state_of("carol@example.test") == AddressState.COMPLAINED


def test_a_sendgrid_block_by_the_receiving_server_is_a_soft_bounce(client, settings, bob):
    settings.EMAIL_TRACKING_PROVIDER = "sendgrid"

    post(client, "sendgrid", sample("sendgrid_blocked.json"))

    assert state_of("bob@example.test") == AddressState.OK
    assert DeliveryReport.objects.get().soft


def test_a_signed_mailgun_permanent_failure_and_complaint(client, settings, bob):
    settings.EMAIL_TRACKING_PROVIDER = "mailgun"

    response = post(client, "mailgun", signed_mailgun(sample("mailgun_permanent_failure.json")))
    assert response.status_code == 200
    assert state_of("bob@example.test") == AddressState.BOUNCED

    post(client, "mailgun", signed_mailgun(sample("mailgun_complained.json")))
    assert state_of("bob@example.test") == AddressState.COMPLAINED


def test_a_mailgun_report_with_a_wrong_signature_is_refused_and_changes_nothing(
    client, settings, bob
):
    settings.EMAIL_TRACKING_PROVIDER = "mailgun"
    payload = signed_mailgun(sample("mailgun_permanent_failure.json"))
    payload["signature"]["signature"] = "0" * 64

    assert post(client, "mailgun", payload).status_code == 400
    assert not EmailAddressStatus.objects.exists()


def test_brevo_hard_and_soft_bounces(client, settings, bob):
    settings.EMAIL_TRACKING_PROVIDER = "brevo"

    post(client, "brevo", sample("brevo_soft_bounce.json"))
    assert state_of("bob@example.test") == AddressState.OK
    assert DeliveryReport.objects.get().soft

    post(client, "brevo", sample("brevo_hard_bounce.json"))
    assert state_of("bob@example.test") == AddressState.BOUNCED


def test_mailjet_batches_a_hard_bounce_and_a_spam_report(client, settings, bob, carol):
    settings.EMAIL_TRACKING_PROVIDER = "mailjet"

    assert post(client, "mailjet", sample("mailjet_events.json")).status_code == 200

    assert state_of("bob@example.test") == AddressState.BOUNCED
    assert state_of("carol@example.test") == AddressState.COMPLAINED


# --- the webhook's own checks ---------------------------------------------------------------


def test_only_the_configured_provider_takes_reports(client, settings, bob):
    assert post(client, "sendgrid", sample("sendgrid_events.json")).status_code == 404
    settings.EMAIL_TRACKING_PROVIDER = ""
    assert post(client, "postmark", sample("postmark_hard_bounce.json")).status_code == 404
    assert not EmailAddressStatus.objects.exists()


def test_reports_without_the_webhook_secret_are_refused(client, bob):
    response = client.post(
        "/email/anymail/postmark/tracking/",
        data=json.dumps(sample("postmark_hard_bounce.json")),
        content_type="application/json",
        HTTP_AUTHORIZATION="Basic " + base64.b64encode(b"anymail:wrong").decode(),
    )

    assert response.status_code == 400
    assert not EmailAddressStatus.objects.exists()


def test_reports_are_counted_for_prometheus(client, settings, bob, carol):
    settings.EMAIL_TRACKING_PROVIDER = "sendgrid"
    before = DELIVERY_REPORTS.labels(provider="sendgrid", kind="bounced")._value.get()

    post(client, "sendgrid", sample("sendgrid_events.json"))

    assert DELIVERY_REPORTS.labels(provider="sendgrid", kind="bounced")._value.get() == before + 1


# --- what stops, and what the owner sees ----------------------------------------------------


def test_no_game_email_goes_to_a_bounced_address(client, two_player_game):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    notification = bobs_turn_email(two_player_game)

    result = notification_send(notification_id=notification.pk)

    assert result.outcome == "skipped"
    notification.refresh_from_db()
    assert (notification.status, notification.reason) == (Status.SKIPPED, STOPPED_ADDRESS)
    assert mail.outbox == []


def test_the_owner_sees_the_bounce_on_every_page(client, bob):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    client.force_login(bob)

    for url in ("/games/", "/games/new/", "/accounts/profile/", "/players/"):
        page = client.get(url).content.decode()
        assert "Your email address bounced on 3 May 2026" in page, url
        assert 'href="/accounts/profile/#email-heading"' in page


def test_the_banner_is_in_the_owners_language_and_time_zone(client, bob):
    from notifications.models import NotificationPreference

    NotificationPreference.objects.create(user=bob, language="fr", time_zone="Pacific/Kiritimati")
    payload = sample("postmark_hard_bounce.json")
    payload["BouncedAt"] = "2026-05-03T22:30:00Z"  # already 4 May at UTC+14
    post(client, "postmark", payload)
    client.force_login(bob)

    page = client.get("/games/").content.decode()

    assert "Votre adresse e-mail a été rejetée le 4 mai 2026" in page


def test_nobody_else_sees_the_banner(client, alice, bob):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    client.force_login(alice)

    assert "bounced" not in client.get("/games/").content.decode()


def test_the_account_page_shows_the_status_and_the_owner_can_try_again(
    client, two_player_game, bob
):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    client.force_login(bob)

    page = client.get("/accounts/profile/").content.decode()
    assert "bounced" in page
    assert "unable to deliver your message" in page
    assert "My mailbox is fixed: try again" in page

    response = client.post("/accounts/profile/email/retry/", follow=True)

    assert "We will send email to bob@example.test again" in response.content.decode()
    assert "Your email address bounced" not in response.content.decode()
    assert state_of("bob@example.test") == AddressState.OK
    notification = bobs_turn_email(two_player_game)
    # Later, once bob has left the site (an open page holds the email back).
    later = timezone.now() + timedelta(minutes=10)
    assert notification_send(notification_id=notification.pk, now=later).outcome == "sent"
    assert [message.to for message in mail.outbox] == [["bob@example.test"]]


def test_a_report_about_mail_sent_before_the_fix_does_not_stop_it_again(client, bob):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    bounces.address_retry(address="bob@example.test")
    late = sample("postmark_hard_bounce.json")
    late["ID"] += 1  # another report of the same old bounce, dated before the fix

    post(client, "postmark", late)

    assert state_of("bob@example.test") == AddressState.OK
    fresh = sample("postmark_hard_bounce.json")
    fresh["ID"] += 2
    fresh["BouncedAt"] = (timezone.now()).isoformat()
    post(client, "postmark", fresh)
    assert state_of("bob@example.test") == AddressState.BOUNCED


def test_changing_to_a_new_address_starts_clean(client, bob):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    bob.email = "bob.new@example.test"
    bob.save()
    client.force_login(bob)

    assert "bounced" not in client.get("/games/").content.decode()
    assert state_of("bob@example.test") == AddressState.BOUNCED  # the old one's record stays


def test_retrying_an_address_that_was_not_stopped_says_so(client, bob):
    client.force_login(bob)

    response = client.post("/accounts/profile/email/retry/", follow=True)

    assert "was not stopped" in response.content.decode()


# --- moderators ------------------------------------------------------------------------------


def test_moderators_see_bounced_addresses_and_reports_in_the_admin(
    client, moderator, bob, settings
):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    client.force_login(moderator)

    listing = client.get("/admin/notifications/emailaddressstatus/?state__exact=bounced")
    assert listing.status_code == 200
    page = listing.content.decode()
    assert "bob@example.test" in page
    assert ">bob<" in page  # the address's owner

    by_username = client.get("/admin/notifications/emailaddressstatus/?q=bob")
    assert "bob@example.test" in by_username.content.decode()
    reports = client.get("/admin/notifications/deliveryreport/")
    assert reports.status_code == 200
    assert "bob@example.test" in reports.content.decode()


def test_a_moderator_can_let_email_go_to_an_address_again(client, moderator, bob):
    post(client, "postmark", sample("postmark_hard_bounce.json"))
    client.force_login(moderator)
    status = EmailAddressStatus.objects.get()

    client.post(
        "/admin/notifications/emailaddressstatus/",
        {"action": "retry", "_selected_action": [status.pk]},
    )

    assert state_of("bob@example.test") == AddressState.OK

"""A claimed batch goes to the mail server over several kept SMTP connections at once
(NOTIFY_SMTP_CONNECTIONS), each row released as its message is handed over (issue 20:
emails per second per worker)."""

from __future__ import annotations

import pytest

from notifications import delivery, emails
from notifications.models import Notification, Status
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp(settings, sink):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    yield sink
    emails.close_connection()


@pytest.fixture
def eight_rows(alice, bob):
    """Four started games: a "your turn" and a "game started" each, pending."""
    for _ in range(4):
        started_game(alice, [bob])
    assert Notification.objects.filter(status=Status.PENDING).count() == 8


def test_a_batch_goes_out_over_several_connections_once_each(smtp, settings, eight_rows):
    settings.NOTIFY_SMTP_CONNECTIONS = 4

    outcomes = delivery.deliver_due()

    assert outcomes == {"sent": 8}
    received = smtp.wait_for(8)
    assert len(received) == 8
    assert len({message.message_id for message in received}) == 8
    assert len({message.peer for message in received}) > 1
    assert set(Notification.objects.values_list("status", flat=True)) == {Status.SENT}


def test_one_connection_when_told(smtp, settings, eight_rows):
    settings.NOTIFY_SMTP_CONNECTIONS = 1

    assert delivery.deliver_due() == {"sent": 8}
    assert len({message.peer for message in smtp.wait_for(8)}) == 1


def test_a_refused_message_fails_only_its_own_row(smtp, settings, eight_rows, monkeypatch, bob):
    import smtplib

    settings.NOTIFY_SMTP_CONNECTIONS = 4
    send = emails._deliver_smtp

    def refusing_bob(message):
        if message.to == [bob.email]:
            raise smtplib.SMTPRecipientsRefused({bob.email: (550, b"no such mailbox")})
        send(message)

    monkeypatch.setattr(emails, "_deliver_smtp", refusing_bob)

    assert delivery.deliver_due() == {"sent": 4, "failed": 4}
    assert len(smtp.wait_for(4)) == 4
    assert dict(Notification.objects.filter(recipient=bob).values_list("status", "last_error")) == {
        Status.FAILED: "SMTPRecipientsRefused: {'bob@example.test': (550, b'no such mailbox')}"
    }
    assert set(Notification.objects.exclude(recipient=bob).values_list("status", flat=True)) == {
        Status.SENT
    }

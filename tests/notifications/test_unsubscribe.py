"""The unsubscribe link in every email works without logging in and cannot be forged."""

from __future__ import annotations

import re

import pytest
from django.core import mail, signing
from django.test import Client

from notifications.delivery import notification_send
from notifications.links import unsubscribe_token
from notifications.models import GameNotificationPreference, Kind, Mode, Notification
from notifications.selectors import preference_of
from tests.notifications.helpers import pass_turn


@pytest.fixture
def unsubscribe_path(two_player_game):
    """The unsubscribe link (its path) from the "your turn" email bob received."""
    Notification.objects.all().delete()
    pass_turn(two_player_game)
    notification_send(notification_id=Notification.objects.get(kind=Kind.YOUR_TURN).pk)
    [message] = mail.outbox
    url = re.search(r"Unsubscribe \(one click, no login needed\): (\S+)", message.body)[1]
    assert message.extra_headers["List-Unsubscribe"] == f"<{url}>"
    assert f'href="{url}"' in message.alternatives[0][0]
    return url.removeprefix("http://127.0.0.1:8000")


@pytest.mark.django_db
def test_the_link_shows_a_confirmation_and_one_click_turns_every_email_off(unsubscribe_path, bob):
    client = Client()  # nobody logged in

    page = client.get(unsubscribe_path)
    assert page.status_code == 200
    assert "Stop the emails to bob?" in page.content.decode()
    assert preference_of(user=bob).mode == Mode.IMMEDIATE  # a GET changes nothing

    done = client.post(unsubscribe_path, {"scope": "all"})
    assert done.status_code == 200
    assert "bob gets no more emails" in done.content.decode()
    assert preference_of(user=bob).mode == Mode.OFF


@pytest.mark.django_db
def test_mail_clients_can_unsubscribe_with_the_rfc_8058_one_click_post(unsubscribe_path, bob):
    answer = Client(enforce_csrf_checks=True).post(
        unsubscribe_path,
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )

    assert answer.status_code == 200
    assert preference_of(user=bob).mode == Mode.OFF


@pytest.mark.django_db
def test_the_link_can_stop_only_the_emails_about_its_game(unsubscribe_path, bob, two_player_game):
    Client().post(unsubscribe_path, {"scope": "game"})

    assert preference_of(user=bob).mode == Mode.IMMEDIATE
    override = GameNotificationPreference.objects.get(user=bob)
    assert (override.game, override.mode) == (two_player_game, Mode.OFF)


@pytest.mark.django_db
def test_after_unsubscribing_the_next_notification_is_not_sent(unsubscribe_path, two_player_game):
    Client().post(unsubscribe_path)
    pass_turn(two_player_game)  # bob
    pass_turn(two_player_game)  # alice: bob would be told

    latest = Notification.objects.filter(recipient__username="bob").latest("id")
    result = notification_send(notification_id=latest.pk)

    assert (result.outcome, result.detail) == ("skipped", "notifications are off")


def _forgeries(alice, bob) -> list[str]:
    genuine = unsubscribe_token(user_id=bob.pk)
    value, signature = genuine.split(":", 1)
    other_user = signing.dumps({"u": alice.pk, "g": None}, salt="notifications.unsubscribe")
    return [
        # Someone else's id with bob's signature.
        other_user.split(":", 1)[0] + ":" + signature,
        # Signed with another key, or for another purpose.
        signing.dumps({"u": alice.pk, "g": None}, salt="notifications.unsubscribe", key="x" * 50),
        signing.dumps({"u": alice.pk, "g": None}, salt="something-else"),
        # Altered or cut.
        genuine[:-1] + ("A" if genuine[-1] != "A" else "B"),
        value,
        "not-a-token",
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["get", "post"])
def test_an_altered_or_forged_token_gets_400_and_changes_nothing(alice, bob, method):
    client = Client()
    for token in _forgeries(alice, bob):
        answer = getattr(client, method)(f"/notifications/unsubscribe/{token}/")
        assert answer.status_code == 400, token
        assert "not valid" in answer.content.decode()

    assert preference_of(user=alice).mode == Mode.IMMEDIATE
    assert preference_of(user=bob).mode == Mode.IMMEDIATE

"""Inviting a player by username from a game's waiting room (``/notifications/invite/<id>/``).

The form sits in the room beside the invite link; it writes the same invitation as the API
(one email per game and player) and answers with the room, saying what happened.
"""

from __future__ import annotations

import pytest
from django.core import mail

from games import services
from notifications.delivery import deliver_due
from notifications.models import Kind, Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_game(alice):
    return services.game_create(creator=alice, players=3)


def invite_path(game) -> str:
    return f"/notifications/invite/{game.public_id}/"


def test_the_room_offers_the_invite_by_username_form_to_its_players(client, alice, open_game):
    client.force_login(alice)

    page = client.get(f"/games/join/{open_game.public_id}/").content.decode()

    assert f'action="{invite_path(open_game)}"' in page
    assert 'name="username"' in page
    assert "data-copy=" in page, "the copy button, shown by the script"


def test_an_existing_player_invited_by_username_gets_the_invitation(client, alice, bob, open_game):
    client.force_login(alice)

    response = client.post(invite_path(open_game), {"username": "bob"}, follow=True)

    assert response.status_code == 200
    assert response.redirect_chain == [(f"/games/join/{open_game.public_id}/", 302)]
    assert "bob is invited" in response.content.decode()
    invitation = Notification.objects.get(kind=Kind.INVITATION)
    assert (invitation.recipient, invitation.game) == (bob, open_game)
    deliver_due()
    [message] = [m for m in mail.outbox if m.to == [bob.email]]
    assert "alice invites you" in message.subject
    assert f"/games/join/{open_game.public_id}/" in message.body


def test_an_unknown_username_is_a_form_error_and_changes_nothing(client, alice, open_game):
    client.force_login(alice)

    response = client.post(invite_path(open_game), {"username": "nobody-here"})

    assert response.status_code == 400
    page = response.content.decode()
    assert "No player is called &#x27;nobody-here&#x27;" in page
    assert 'value="nobody-here"' in page, "what was typed stays in the field"
    assert 'aria-invalid="true"' in page
    assert not Notification.objects.exists()


def test_an_empty_username_is_refused(client, alice, open_game):
    client.force_login(alice)

    response = client.post(invite_path(open_game), {"username": "  "})

    assert response.status_code == 400
    assert "Type the username of a player" in response.content.decode()
    assert not Notification.objects.exists()


def test_htmx_gets_the_room_panel_with_what_happened(client, alice, bob, open_game):
    client.force_login(alice)

    first = client.post(invite_path(open_game), {"username": "BOB"}, HTTP_HX_REQUEST="true")
    again = client.post(invite_path(open_game), {"username": "bob"}, HTTP_HX_REQUEST="true")

    assert first.status_code == 200
    assert 'id="lobby-room"' in first.content.decode()
    assert "bob is invited" in first.content.decode()
    assert "bob had been invited already" in again.content.decode()
    assert Notification.objects.filter(kind=Kind.INVITATION, recipient=bob).count() == 1


def test_only_a_player_of_the_game_may_invite(client, bob, carol, open_game):
    client.force_login(bob)

    response = client.post(invite_path(open_game), {"username": "carol"})

    assert response.status_code == 403
    assert not Notification.objects.exists()


def test_a_started_game_takes_no_invitation(client, alice, bob, carol):
    game = services.game_create(creator=alice, players=2)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, user=alice)
    Notification.objects.all().delete()
    client.force_login(alice)

    response = client.post(invite_path(game), {"username": "carol"})

    assert response.status_code == 409
    assert not Notification.objects.exists()


def test_inviting_needs_a_login(client, open_game):
    response = client.post(invite_path(open_game), {"username": "bob"})

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")

"""Preferences and invitations through the REST API; activity on the site."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from games import services
from notifications.delivery import notification_send
from notifications.models import Kind, Notification, UserActivity
from tests.games.helpers import client_for
from tests.notifications.helpers import pass_turn


@pytest.mark.django_db
def test_a_user_reads_and_changes_their_preferences(alice):
    api = client_for(alice)

    assert api.get("/api/notifications/preferences/").json() == {
        "mode": "immediate",
        "digest_hour": 8,
        "time_zone": "UTC",
        "language": "en",
        "always_notify": False,
        "quiet_start": None,
        "quiet_end": None,
        "push": True,
        "webhook": True,
    }
    changed = api.put(
        "/api/notifications/preferences/",
        {"mode": "digest", "digest_hour": 19, "time_zone": "America/Denver"},
        format="json",
    )
    assert changed.status_code == 200
    assert changed.json() == {
        "mode": "digest",
        "digest_hour": 19,
        "time_zone": "America/Denver",
        "language": "en",
        "always_notify": False,
        "quiet_start": None,
        "quiet_end": None,
        "push": True,
        "webhook": True,
    }
    assert api.patch("/api/notifications/preferences/", {"mode": "off"}, format="json").json() == {
        "mode": "off",
        "digest_hour": 19,
        "time_zone": "America/Denver",
        "language": "en",
        "always_notify": False,
        "quiet_start": None,
        "quiet_end": None,
        "push": True,
        "webhook": True,
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [{"mode": "sometimes"}, {"digest_hour": 24}, {"time_zone": "Mars/Olympus_Mons"}],
)
def test_bad_preferences_are_refused_with_400(alice, body):
    answer = client_for(alice).put("/api/notifications/preferences/", body, format="json")

    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid"


@pytest.mark.django_db
def test_a_player_overrides_their_mode_for_one_game(two_player_game, alice, carol):
    path = f"/api/notifications/games/{two_player_game.public_id}/"
    api = client_for(alice)

    assert api.get(path).json() == {
        "game": two_player_game.public_id,
        "mode": None,
        "push": None,
        "webhook": None,
    }
    assert api.put(path, {"mode": "off"}, format="json").json()["mode"] == "off"
    assert api.put(path, {"mode": None}, format="json").json()["mode"] is None
    assert client_for(carol).put(path, {"mode": "off"}, format="json").status_code == 403


@pytest.mark.django_db
def test_a_player_invites_someone_to_an_open_game_once(alice, bob):
    game = services.game_create(creator=alice, players=2)
    api = client_for(alice)
    body = {"game": game.public_id, "username": "bob"}

    assert api.post("/api/notifications/invitations/", body, format="json").status_code == 201
    again = api.post("/api/notifications/invitations/", body, format="json")
    assert (again.status_code, again.json()["new"]) == (200, False)

    [invitation] = Notification.objects.filter(kind=Kind.INVITATION)
    assert (invitation.recipient, invitation.context["inviter"]) == (bob, "alice")
    assert notification_send(notification_id=invitation.pk).outcome == "sent"
    unknown = api.post(
        "/api/notifications/invitations/", {**body, "username": "nobody"}, format="json"
    )
    assert unknown.status_code == 400
    services.game_join(game=game, user=bob)
    assert api.post("/api/notifications/invitations/", body, format="json").status_code == 409


@pytest.mark.django_db
def test_a_request_on_the_site_counts_as_activity_and_delays_the_turn_email(
    two_player_game, bob, settings
):
    settings.NOTIFY_SKIP_IF_ACTIVE_WITHIN = 60
    cache.delete(f"notifications:seen:{bob.pk}")
    before = timezone.now()

    assert client_for(bob).get("/api/me/").status_code == 200  # a token request (DRF)

    seen = UserActivity.objects.get(user=bob).last_seen
    assert before <= seen <= timezone.now()
    Notification.objects.all().delete()
    pass_turn(two_player_game)
    your_turn = Notification.objects.get(recipient=bob)
    assert your_turn.next_attempt_at == seen + timedelta(seconds=60)
    assert notification_send(notification_id=your_turn.pk).outcome == "busy", "not due yet"
    gone = your_turn.next_attempt_at + timedelta(seconds=1)
    assert notification_send(notification_id=your_turn.pk, now=gone).outcome == "sent"


@pytest.mark.django_db
def test_activity_is_written_at_most_every_few_seconds(bob):
    cache.delete(f"notifications:seen:{bob.pk}")
    api = client_for(bob)
    api.get("/api/me/")
    first = UserActivity.objects.get(user=bob).last_seen
    UserActivity.objects.filter(user=bob).update(last_seen=first - timedelta(minutes=5))

    api.get("/api/me/")

    assert UserActivity.objects.get(user=bob).last_seen == first - timedelta(minutes=5)


@pytest.mark.django_db
def test_a_game_without_your_seat_has_no_mode_for_you(two_player_game, carol):
    """Issue 17, item 9: the same 404 as for no game at all."""
    api = client_for(carol)

    seatless = api.get(f"/api/notifications/games/{two_player_game.public_id}/")
    missing = api.get("/api/notifications/games/nosuchgame/")

    assert (seatless.status_code, seatless.json()["code"]) == (404, "game_not_found")
    assert missing.status_code == 404

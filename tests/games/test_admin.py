"""Moderators see games and their events in the admin, and can change no event there."""

from __future__ import annotations

import pytest
from django.contrib.admin.sites import site

from games.models import Event, Game
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(make_user):
    """Here a superuser (the shared ``moderator`` is in the "Moderators" group instead)."""
    return make_user("mod", is_staff=True, is_superuser=True)


def test_the_admin_shows_a_game_and_its_events_without_the_seed(client, moderator, alice, bob):
    game = started_game(alice, [bob])
    client.force_login(moderator)

    page = client.get(f"/admin/games/game/{game.pk}/change/")
    events = client.get("/admin/games/event/")

    assert page.status_code == 200
    assert str(game.seed) not in page.content.decode()
    assert events.status_code == 200
    assert game.public_id in events.content.decode()


@pytest.mark.parametrize("model", [Event, Game])
def test_the_admin_offers_no_way_to_add_change_or_delete(rf, moderator, model):
    request = rf.get("/admin/")
    request.user = moderator
    admin = site._registry[model]

    assert not admin.has_add_permission(request)
    assert not admin.has_change_permission(request)
    assert not admin.has_delete_permission(request)
    assert admin.get_actions(request) == {}


def test_posting_to_the_event_change_page_changes_nothing(client, moderator, alice, bob):
    game = started_game(alice, [bob])
    event = Event.objects.get(game=game, seq=1)
    client.force_login(moderator)

    response = client.post(f"/admin/games/event/{event.pk}/change/", {"kind": "move"})
    deleted = client.post(f"/admin/games/event/{event.pk}/delete/", {"post": "yes"})

    assert response.status_code == 403
    assert deleted.status_code == 403
    assert Event.objects.get(pk=event.pk).kind == "setup"

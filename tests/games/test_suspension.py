"""Suspended users are kept out: no login, no token, no game action; lifting restores."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone
from rest_framework.test import APIClient

from games import moderation, services
from games.errors import InvalidRequestError, NotAllowedError
from games.models import (
    Event,
    GameStatus,
    ModerationAction,
    ModerationKind,
    Suspension,
    user_is_suspended,
)
from tests.games.conftest import PASSWORD
from tests.games.helpers import client_for, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(django_user_model):
    user = django_user_model.objects.create_user("mod", password="mod-password-1", is_staff=True)
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


def suspend(user, moderator, **kwargs):
    return moderation.user_suspend(user=user, moderator=moderator, reason="spam", **kwargs)


def test_a_suspended_user_gets_no_token_and_cannot_log_in(client, alice, moderator):
    suspend(alice, moderator)
    response = APIClient().post(
        "/api/token/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 400
    assert not client.login(username="alice", password=PASSWORD)


def test_a_suspended_staff_user_cannot_log_in_to_the_admin(client, django_user_model, moderator):
    staff = django_user_model.objects.create_user("st", password=PASSWORD, is_staff=True)
    suspend(staff, moderator)
    response = client.post("/admin/login/", {"username": "st", "password": PASSWORD})
    assert response.status_code == 200  # the form again, with an error
    assert "_auth_user_id" not in client.session


def test_a_suspended_users_token_is_refused(alice, moderator):
    api = client_for(alice)
    assert api.get("/api/me/").status_code == 200
    suspend(alice, moderator)
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "suspended"
    assert "suspended until" in response.json()["message"]


def test_join_and_moves_are_refused_and_change_nothing(alice, bob, carol, moderator):
    open_game = services.game_create(creator=alice, players=2)
    game = started_game(alice, [bob])
    Suspension.objects.create(user=carol, reason="x", created_by=moderator)
    api = APIClient()
    api.force_authenticate(carol)
    response = api.post(f"/api/games/{open_game.public_id}/join/")
    assert response.status_code == 403
    assert response.json()["code"] == "suspended"
    assert not open_game.seats.filter(user=carol).exists()

    # A seated player suspended without the service (their seat is still theirs).
    mover = game.seats.get(index=game.current_seat).user
    Suspension.objects.create(user=mover, reason="x", created_by=moderator)
    version = game.version
    for call in (services.move_undo, services.game_resign):
        with pytest.raises(NotAllowedError) as error:
            call(game=game, user=mover)
        assert error.value.code == "suspended"
    with pytest.raises(NotAllowedError):
        services.move_submit(game=game, user=mover, move={}, expected_version=version)
    api.force_authenticate(mover)
    response = api.post(
        f"/api/games/{game.public_id}/moves/",
        {"move": {"x": 1}, "expected_version": version},
        format="json",
    )
    assert response.status_code == 403
    assert response.json()["code"] == "suspended"
    game.refresh_from_db()
    assert game.version == version
    assert game.status == GameStatus.ACTIVE


def test_unsuspend_restores_access(client, alice, moderator):
    suspend(alice, moderator)
    lifted = moderation.user_unsuspend(user=alice, moderator=moderator, reason="appeal")
    assert [s.lifted_by for s in lifted] == [moderator]
    assert not user_is_suspended(alice)
    assert client.login(username="alice", password=PASSWORD)
    response = APIClient().post(
        "/api/token/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert client_for(alice).get("/api/me/").status_code == 200


def test_an_expired_suspension_no_longer_blocks(client, alice, moderator):
    now = timezone.now()
    suspension = suspend(alice, moderator, until=now + timedelta(hours=1))
    assert user_is_suspended(alice)
    assert not user_is_suspended(alice, now=now + timedelta(hours=2))
    Suspension.objects.filter(pk=suspension.pk).update(until=now - timedelta(minutes=1))
    assert not user_is_suspended(alice)
    assert client.login(username="alice", password=PASSWORD)
    assert client_for(alice).get("/api/me/").status_code == 200
    services.game_join(game=services.game_create(creator=moderator, players=2), user=alice)


def test_suspend_and_unsuspend_are_audited_and_need_a_reason(alice, moderator):
    with pytest.raises(InvalidRequestError) as error:
        moderation.user_suspend(user=alice, moderator=moderator, reason=" ")
    assert error.value.code == "reason_required"
    assert not Suspension.objects.exists()
    suspend(alice, moderator)
    moderation.user_unsuspend(user=alice, moderator=moderator, reason="appeal")
    rows = list(
        ModerationAction.objects.filter(target_user=alice)
        .order_by("id")
        .values_list("action", "moderator", "reason")
    )
    assert rows == [
        (ModerationKind.SUSPEND, moderator.pk, "spam"),
        (ModerationKind.UNSUSPEND, moderator.pk, "appeal"),
    ]


def test_suspension_hands_the_seat_in_an_active_game_to_a_bot(alice, bob, carol, moderator):
    game = started_game(alice, [bob, carol])
    suspend(bob, moderator)
    seat = game.seats.get(user=bob)
    assert seat.bot == "heuristic"
    event = Event.objects.filter(game=game).order_by("-seq").first()
    assert event.kind == "replace_by_bot"
    assert event.seat == seat.index
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_suspending_the_last_human_abandons_the_game(alice, moderator):
    game = started_game(alice, bots=[1], players=2)
    suspend(alice, moderator)
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED


def test_moderators_suspend_and_lift_from_the_admin(client, alice, moderator):
    client.force_login(moderator)
    response = client.post(
        "/admin/games/suspension/add/", {"user": alice.pk, "reason": "abuse", "until": ""}
    )
    assert response.status_code == 302, response.content[:2000]
    suspension = Suspension.objects.get(user=alice)
    assert suspension.created_by == moderator
    assert client.get("/admin/games/suspension/").status_code == 200
    response = client.post(f"/admin/games/suspension/{suspension.pk}/lift/", {"reason": "ok"})
    assert response.status_code == 302
    assert not user_is_suspended(alice)

"""Suspended users are kept out: no login, no token, no game action; lifting restores."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from common.errors import InvalidRequestError, NotAllowedError
from games import moderation, services
from games.models import (
    Event,
    GameStatus,
    ModerationAction,
    ModerationKind,
    Suspension,
    user_is_suspended,
)
from games.timecontrol import deadlines
from notifications import emails
from notifications.models import Kind, Notification
from tests.games.helpers import client_for, play_one, started_game
from tests.users import PASSWORD

pytestmark = pytest.mark.django_db


def suspend(user, moderator, **kwargs):
    return moderation.user_suspend(user=user, moderator=moderator, reason="spam", **kwargs)


def test_a_suspended_user_gets_no_token_and_cannot_log_in(client, alice, moderator):
    suspend(alice, moderator)
    response = APIClient().post(
        "/api/token/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 400
    assert not client.login(username="alice", password=PASSWORD)


def test_a_suspended_staff_user_cannot_log_in_to_the_admin(client, make_user, moderator):
    staff = make_user("st", is_staff=True)
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


def suspend_now(user, moderator, capture):
    """Suspend, running what the suspension does once it commits."""
    with capture(execute=True):
        return suspend(user, moderator)


def last_event(game):
    return Event.objects.filter(game=game).order_by("-seq").first()


def to_move(game):
    game.refresh_from_db()
    return game.seats.get(index=game.current_seat)


def test_with_bot_move_a_bot_plays_the_suspended_players_turn_and_the_seat_stays_theirs(
    alice, bob, moderator, django_capture_on_commit_callbacks
):
    """The game's timeout policy (bot_move) applies at once to a suspended player's turn,
    without using their vacation days."""
    game = started_game(alice, [bob], timeout_policy="bot_move", vacation_days=3)
    mover = to_move(game)
    suspend_now(mover.user, moderator, django_capture_on_commit_callbacks)
    timeout = Event.objects.filter(game=game, kind="timeout").get()
    assert timeout.payload["action"] == "bot_move"
    assert timeout.payload["suspended"] is True
    assert timeout.seat == mover.index
    mover.refresh_from_db()
    assert mover.bot == ""
    assert mover.vacation_used == timedelta(0)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.current_seat != mover.index  # the bot finished that turn
    assert last_event(game).kind == "move"


def test_a_suspended_players_later_turns_are_played_by_the_sweep(
    alice, bob, moderator, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob], timeout_policy="bot_move")
    waiting = next(s for s in game.seats.all() if s.index != game.current_seat)
    suspend_now(waiting.user, moderator, django_capture_on_commit_callbacks)
    assert not Event.objects.filter(game=game, kind="timeout").exists()  # not their turn

    while to_move(game).index != waiting.index:
        play_one(game)
    assert deadlines.turn_deadlines_sweep() == 1
    assert to_move(game).index != waiting.index
    assert Event.objects.filter(game=game, kind="timeout", seat=waiting.index).count() == 1
    assert deadlines.turn_deadlines_sweep() == 0  # once only


def test_an_unsuspended_player_has_their_turns_again(
    alice, bob, moderator, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob], timeout_policy="bot_move")
    waiting = next(s for s in game.seats.all() if s.index != game.current_seat)
    suspend_now(waiting.user, moderator, django_capture_on_commit_callbacks)
    moderation.user_unsuspend(user=waiting.user, moderator=moderator, reason="appeal")
    while to_move(game).index != waiting.index:
        play_one(game)
    assert deadlines.turn_deadlines_sweep() == 0
    assert to_move(game).index == waiting.index


def test_with_replace_by_bot_the_seat_goes_to_a_bot(
    alice, bob, carol, moderator, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob, carol], timeout_policy="replace_by_bot")
    mover = to_move(game)
    suspend_now(mover.user, moderator, django_capture_on_commit_callbacks)
    mover.refresh_from_db()
    assert mover.bot == "heuristic"
    timeout = Event.objects.filter(game=game, kind="timeout").get()
    assert (timeout.payload["action"], timeout.payload["suspended"]) == ("replace_by_bot", True)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_with_abandon_the_game_ends(alice, bob, moderator, django_capture_on_commit_callbacks):
    game = started_game(alice, [bob], timeout_policy="abandon")
    suspend_now(to_move(game).user, moderator, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED
    assert game.result["reason"] == "suspended"


def test_replace_by_bot_for_the_last_human_abandons_the_game(
    alice, moderator, django_capture_on_commit_callbacks
):
    game = started_game(alice, bots=[1], players=2, timeout_policy="replace_by_bot")
    while to_move(game).index != 0:
        play_one(game)
    suspend_now(alice, moderator, django_capture_on_commit_callbacks)
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


def test_the_players_are_told_the_suspended_player_cannot_play_but_not_why(
    alice, bob, moderator, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob], timeout_policy="bot_move")
    mover = to_move(game)
    other = next(s for s in game.seats.all() if s.index != mover.index)
    suspend_now(mover.user, moderator, django_capture_on_commit_callbacks)
    type(alice).objects.filter(pk__in=[alice.pk, bob.pk]).update(email="player@example.test")
    rows = Notification.objects.filter(game=game, kind=Kind.DEADLINE_PASSED)
    theirs = emails.build(rows.get(recipient=mover.user), unsubscribe_token="t")
    others = emails.build(rows.get(recipient=other.user), unsubscribe_token="t")
    assert "cannot play for now" in others.subject
    theirs, others = theirs.body, others.body
    assert "Your account is suspended, so you cannot move" in theirs
    assert f"{mover.user.username} ({mover.colour}) cannot play for now" in others
    assert "suspend" not in others.lower()
    assert "deadline" not in others.lower().split("cannot play for now")[0]

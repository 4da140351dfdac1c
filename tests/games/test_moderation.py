"""Moderators act on games from the admin: each action is an event and an audit row."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group

import engine
from games import replay, selectors
from games.models import Event, Game, GameStatus, ModerationAction
from notifications.models import Kind, Notification
from tests.games.helpers import play_one, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def mod_client(client, moderator):
    client.force_login(moderator)
    return client


def act(client, game, action, **data):
    data.setdefault("reason", f"reason for {action}")
    return client.post(f"/admin/games/game/{game.pk}/moderate/{action}/", data)


def last_event(game):
    return Event.objects.filter(game=game).order_by("-seq").first()


def assert_recorded(game, moderator, kind, reason):
    event = last_event(game)
    assert (event.kind, event.actor, event.payload["reason"]) == (kind, moderator, reason)
    audit = ModerationAction.objects.get(game=game, event_seq=event.seq)
    assert (audit.moderator, audit.action, audit.reason) == (moderator, kind, reason)
    return event


def moderation_mails(game, seq):
    return sorted(
        n.recipient.username
        for n in Notification.objects.filter(game=game, event_seq=seq, kind=Kind.MODERATION)
    )


def test_pause_stops_the_clock_and_resume_gives_the_time_left(mod_client, moderator, alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=24))
    page = mod_client.get(f"/admin/games/game/{game.pk}/moderate/pause/")
    assert page.status_code == 200
    assert "reason" in page.content.decode()

    response = act(mod_client, game, "pause", reason="spam in chat")

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.PAUSED
    assert game.turn_deadline is None
    assert timedelta(hours=23) < game.paused_remaining <= timedelta(hours=24)
    event = assert_recorded(game, moderator, "pause", "spam in chat")
    assert moderation_mails(game, event.seq) == ["alice", "bob"]

    act(mod_client, game, "resume", reason="sorted out")

    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.turn_deadline is not None
    event = assert_recorded(game, moderator, "resume", "sorted out")
    assert moderation_mails(game, event.seq) == ["alice", "bob"]


def test_a_paused_game_takes_no_move(mod_client, alice, bob):
    game = started_game(alice, [bob])
    act(mod_client, game, "pause")

    with pytest.raises(Exception, match="paused"):
        play_one(game)


def test_abandon_then_resume(mod_client, moderator, alice, bob):
    game = started_game(alice, [bob])

    act(mod_client, game, "abandon", reason="cheating")

    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED
    event = assert_recorded(game, moderator, "abandon", "cheating")
    assert moderation_mails(game, event.seq) == ["alice", "bob"]

    act(mod_client, game, "resume", reason="mistake")
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.result is None


def test_replace_by_bot_then_restore(mod_client, moderator, alice, bob, carol):
    game = started_game(alice, [bob, carol])

    act(mod_client, game, "replace_by_bot", seat=1, reason="gone for good")

    seat = game.seats.get(index=1)
    assert seat.bot == "heuristic"
    assert seat.user == bob
    event = assert_recorded(game, moderator, "replace_by_bot", "gone for good")
    assert event.seat == 1
    assert ModerationAction.objects.get(game=game, event_seq=event.seq).target_user == bob
    assert moderation_mails(game, event.seq) == ["alice", "bob", "carol"]
    # The log names the seat as the page does (its player and colour), not by its index.
    assert selectors.event_text(event) == (
        "a moderator let a bot play for bob (red): \u201cgone for good\u201d"
    )

    act(mod_client, game, "restore", seat=1, reason="back again")

    seat.refresh_from_db()
    assert seat.bot == ""
    restored = assert_recorded(game, moderator, "restore", "back again")
    assert selectors.event_text(restored) == (
        "a moderator gave bob (red) their seat back: \u201cback again\u201d"
    )


def test_extend_deadline(mod_client, moderator, alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=24))
    before = game.turn_deadline

    act(mod_client, game, "extend_deadline", hours=48, reason="travelling")

    game.refresh_from_db()
    assert game.turn_deadline == before + timedelta(hours=48)
    event = assert_recorded(game, moderator, "extend_deadline", "travelling")
    assert event.payload["by_seconds"] == 48 * 3600


def test_rollback_then_replay_gives_the_state_at_seq_n(mod_client, moderator, alice, bob):
    game = started_game(alice, [bob])
    for _ in range(6):
        play_one(game)
    game.refresh_from_db()
    at_3 = engine.to_json(replay.replay_from_scratch(game, 3))
    history = game.version

    act(mod_client, game, "rollback", to_seq=3, reason="a bug in move 4")

    game.refresh_from_db()
    event = assert_recorded(game, moderator, "rollback", "a bug in move 4")
    assert event.payload["to_seq"] == 3
    assert event.seq == history + 1
    assert Event.objects.filter(game=game).count() == history + 1  # nothing removed
    assert engine.to_json(replay.replay_from_scratch(game)) == at_3
    assert engine.to_json(replay.state_at(game)) == at_3
    assert game.current_seat == engine.current_player(replay.state_at(game))
    assert moderation_mails(game, event.seq) == ["alice", "bob"]
    play_one(game)  # the game goes on from there


def test_a_reason_is_required(mod_client, alice, bob):
    game = started_game(alice, [bob])

    response = act(mod_client, game, "pause", reason="")

    assert response.status_code == 200
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert not ModerationAction.objects.exists()


def test_a_refused_action_shows_why_and_writes_nothing(mod_client, alice, bob):
    game = started_game(alice, [bob])

    response = act(mod_client, game, "resume")

    assert response.status_code == 200
    assert "paused" in response.content.decode()
    assert not ModerationAction.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/game/",
        "/admin/games/game/{pk}/change/",
        "/admin/games/event/",
        "/admin/games/moderationaction/",
    ],
)
def test_moderators_see_the_moderation_pages(mod_client, alice, bob, url):
    game = started_game(alice, [bob])
    assert mod_client.get(url.format(pk=game.pk)).status_code == 200


def test_the_game_page_shows_seats_timeline_and_actions(mod_client, alice, bob):
    game = started_game(alice, [bob])
    play_one(game)
    act(mod_client, game, "pause", reason="looking into it")

    page = mod_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()

    assert "timeline" in page.lower()
    assert "looking into it" in page
    assert f"/admin/games/game/{game.pk}/moderate/rollback/" in page
    assert f"/games/{game.public_id}/replay/" in page


@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/game/",
        "/admin/games/event/",
        "/admin/games/moderationaction/",
        "/admin/games/game/{pk}/moderate/pause/",
    ],
)
def test_plain_staff_see_nothing(client, staff, alice, bob, url):
    game = started_game(alice, [bob])
    client.force_login(staff)

    assert client.get(url.format(pk=game.pk)).status_code == 403
    assert act(client, game, "pause").status_code == 403
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_the_moderators_group_has_exactly_the_needed_permissions():
    group = Group.objects.get(name="Moderators")
    perms = {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}
    assert perms == {
        "games.view_game",
        "games.moderate_game",
        "games.view_seat",
        "games.view_event",
        "games.view_moderationaction",
        "games.view_suspension",
        "games.add_suspension",
        "games.view_chatmessage",
        "games.view_report",
        "games.view_player",
        "notifications.view_emailaddressstatus",
        "notifications.change_emailaddressstatus",
        "notifications.view_deliveryreport",
        "notifications.view_pushsubscription",
        "notifications.view_chatwebhook",
        "notifications.view_channeldelivery",
    }


def test_events_and_audit_rows_cannot_be_changed_even_by_a_superuser(
    client, superuser, moderator, alice, bob
):
    game = started_game(alice, [bob])
    from games import moderation

    moderation.game_pause(game=game, moderator=moderator, reason="why")
    root = superuser
    client.force_login(root)
    event = last_event(game)
    audit = ModerationAction.objects.get()

    for url in (
        f"/admin/games/event/{event.pk}/change/",
        f"/admin/games/moderationaction/{audit.pk}/change/",
    ):
        assert client.post(url, {"kind": "move", "reason": "x"}).status_code == 403
    for url in (
        f"/admin/games/event/{event.pk}/delete/",
        f"/admin/games/moderationaction/{audit.pk}/delete/",
    ):
        assert client.post(url, {"post": "yes"}).status_code == 403
    assert client.get("/admin/games/event/add/").status_code == 403
    bulk = client.post(
        "/admin/games/event/", {"action": "delete_selected", "_selected_action": [event.pk]}
    )
    assert bulk.status_code in {200, 302}
    assert Event.objects.get(pk=event.pk).kind == "pause"
    assert ModerationAction.objects.get(pk=audit.pk).reason == "why"
    assert Game.objects.get(pk=game.pk).status == GameStatus.PAUSED


def test_the_moderation_email_says_what_and_why(mod_client, alice, bob):
    from notifications import emails

    alice.email = "alice@example.com"
    alice.save()
    game = started_game(alice, [bob])
    act(mod_client, game, "pause", reason="a heated chat")
    notification = Notification.objects.get(kind=Kind.MODERATION, recipient=alice)

    message = emails.build(notification, unsubscribe_token="t")

    assert "A moderator changed" in message.subject
    assert "paused the game" in message.body
    assert "a heated chat" in message.body

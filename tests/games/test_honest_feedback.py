"""What a player is told: a click from an out-of-date page, decisions taken back, deadlines
in their own time zone."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

import engine
from games import replay, services
from games.models import Event, EventKind
from games.moderation.game_actions import game_rollback
from notifications.preferences import preference_set
from tests.games.helpers import find_undoable_position, play_one, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(alice, bob):
    return started_game(alice, [bob])


def _play_to_seat(game, seat: int) -> None:
    while True:
        game.refresh_from_db()
        if game.current_seat == seat:
            return
        play_one(game)


def test_a_stale_click_names_who_moved_with_javascript(game, alice, bob):
    _play_to_seat(game, 1)
    page_version = game.version
    play_one(game)  # bob, from another device
    game.refresh_from_db()
    before = Event.objects.filter(game=game).count()
    stale_seen_by = client_of(alice)

    response = stale_seen_by.post(
        f"/games/{game.public_id}/move/", {"move": "0", "expected_version": page_version}, **HTMX
    )

    assert response.status_code == 409
    text = response.content.decode()
    assert "bob moved since this page was loaded; your click was not played — choose again." in (
        text
    )
    assert Event.objects.filter(game=game).count() == before


def test_a_stale_click_names_who_moved_without_javascript(game, alice):
    page_version = game.version
    move = engine.legal_moves(replay.state_at(game), 0)[0]
    services.move_submit(game=game, user=alice, move=move, expected_version=page_version)
    game.refresh_from_db()
    client = client_of(alice)

    response = client.post(
        f"/games/{game.public_id}/move/", {"move": "0", "expected_version": page_version}
    )

    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.public_id}/"
    page = client.get(response["Location"]).content.decode()
    assert (
        "You moved (in another window) since this page was loaded; your click was not played"
        in page
    )
    game.refresh_from_db()
    assert game.version == page_version + 1


def test_a_stale_undo_names_the_moderator(game, alice, moderator):
    seat, move = find_undoable_position(game)
    game.refresh_from_db()
    user = game.seats.get(index=seat).user
    services.move_submit(game=game, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    page_version = game.version
    from games.moderation.game_actions import game_pause, game_resume

    game_pause(game=game, moderator=moderator, reason="checking a report")
    game_resume(game=game, moderator=moderator, reason="all clear")

    response = client_of(user).post(
        f"/games/{game.public_id}/undo/", {"expected_version": page_version}, **HTMX
    )

    assert response.status_code == 409
    assert (
        "A moderator paused the game and a moderator resumed the game since this page was "
        "loaded; your click was not played" in response.content.decode()
    )


def _log_seqs(html: str) -> set[int]:
    return {int(n) for n in re.findall(r'<li value="(\d+)"', html)}


def test_decisions_taken_back_leave_the_log_and_the_replay_but_not_the_admin(
    game, client, superuser
):
    seat, move = find_undoable_position(game)
    game.refresh_from_db()
    user = game.seats.get(index=seat).user
    services.move_submit(game=game, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    undone = game.version
    services.move_undo(game=game.public_id, user=user, expected_version=game.version)
    game.refresh_from_db()
    undo_seq = game.version
    play_one(game)  # the decision made instead
    game.refresh_from_db()
    player = client_of(user)

    page = player.get(f"/games/{game.public_id}/").content.decode()
    replay_page = player.get(f"/games/{game.public_id}/replay/").content.decode()
    at_undone = player.get(f"/games/{game.public_id}/replay/?at={undone}").content.decode()

    assert undone not in _log_seqs(page)
    assert undo_seq not in _log_seqs(page)
    assert undone - 1 in _log_seqs(page)
    assert game.version in _log_seqs(page)
    assert undone not in _log_seqs(replay_page)
    assert undo_seq not in _log_seqs(replay_page)
    assert "took back" not in page
    assert "took back" not in replay_page
    # The replay's steps skip it: the step before the new decision is the one before it.
    assert f"?at={undone - 1}" in replay_page
    assert f'data-seq="{undone - 1}"' in at_undone
    client.force_login(superuser)
    undone_event = Event.objects.get(game=game, seq=undone, kind=EventKind.MOVE)
    undo_list = client.get(f"/admin/games/event/?q={game.public_id}&kind__exact=undo")
    undone_page = client.get(f"/admin/games/event/{undone_event.pk}/change/")
    assert undo_list.status_code == 200
    assert "1 event" in undo_list.content.decode()
    assert undone_page.status_code == 200
    assert undone_event.payload["text"] in undone_page.content.decode()


def test_a_rollback_stays_in_the_log_and_hides_what_it_rolled_back(game, moderator, alice):
    for _ in range(3):
        play_one(game)
    game.refresh_from_db()
    last_move = game.version
    game_rollback(game=game, to_seq=last_move - 2, moderator=moderator, reason="misclick")
    game.refresh_from_db()

    page = client_of(alice).get(f"/games/{game.public_id}/").content.decode()

    seqs = _log_seqs(page)
    assert {last_move, last_move - 1}.isdisjoint(seqs)
    assert game.version in seqs  # the rollback itself
    assert "rolled back" in page


def test_the_deadline_shows_in_the_readers_time_zone(alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=24))
    preference_set(user=alice, time_zone="Asia/Tokyo")
    preference_set(user=bob, time_zone="America/New_York")
    game.refresh_from_db()
    deadline = game.turn_deadline

    alice_page = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    bob_page = client_of(bob).get(f"/games/{game.public_id}/").content.decode()

    from zoneinfo import ZoneInfo

    tokyo = deadline.astimezone(ZoneInfo("Asia/Tokyo"))
    new_york = deadline.astimezone(ZoneInfo("America/New_York"))
    assert f"{tokyo:%H:%M} (Asia/Tokyo)" in alice_page
    assert f"{new_york:%H:%M} (America/New_York)" in bob_page

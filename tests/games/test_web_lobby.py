"""The lobby pages through Django's test client: my games, new game, open games, the room."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, GameStatus
from notifications.preferences import preference_set
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

NEW_GAME = {
    "players": "3",
    "bots": ["2"],
    "bot_kind": "heuristic",
    "layout": "random",
    "turn_limit_hours": "24",
    "timeout_policy": "replace_by_bot",
    "vacation_days": "3",
    "visibility": "invite",
}


@pytest.fixture
def web(client):
    """A test client logged in as the given user."""

    def as_user(user):
        client.force_login(user)
        return client

    return as_user


@pytest.mark.parametrize(
    "path", ["/games/", "/games/new/", "/games/open/", "/games/join/abcdefghijkm/"]
)
def test_lobby_pages_need_a_login(client, path):
    response = client.get(path)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_a_new_game_is_created_from_the_form(web, alice):
    response = web(alice).post("/games/new/", NEW_GAME)

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/join/{game.public_id}/"
    room = web(alice).get(response["Location"]).content.decode()
    assert "turn time limit 1 day, then a bot replaces the player; 3 vacation days each" in room
    assert (game.players, game.lobby, game.options) == (3, False, {"layout": "random"})
    assert game.turn_time_limit == timedelta(hours=24)
    assert (game.timeout_policy, game.vacation_days) == ("replace_by_bot", 3)
    seats = list(game.seats.order_by("index"))
    assert [(seat.user, seat.bot) for seat in seats] == [
        (alice, ""),
        (None, ""),
        (None, "heuristic"),
    ]


def test_a_game_against_bots_only_starts_from_the_form_and_opens_the_game_page(web, alice):
    response = web(alice).post("/games/new/", {**NEW_GAME, "bots": ["1", "2"]})

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.public_id}/"
    assert game.status == GameStatus.ACTIVE
    page = web(alice).get(response["Location"]).content.decode()
    assert "started" in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": "2", "bots": ["2"]}, "untick seat 3"),
        ({"players": "2", "bots": ["0", "1"]}, "Leave at least one seat for yourself"),
        ({"players": "5"}, "Select a valid choice"),
        ({"layout": "spiral"}, "Select a valid choice"),
        ({"turn_limit_hours": "5"}, "Select a valid choice"),
        ({"timeout_policy": "shrug"}, "Select a valid choice"),
        ({"vacation_days": "61"}, "less than or equal to 60"),
        ({"visibility": ""}, "This field is required"),
    ],
)
def test_a_bad_new_game_is_refused_with_a_reason_and_nothing_is_created(
    web, alice, changes, message
):
    response = web(alice).post("/games/new/", {**NEW_GAME, **changes})

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_the_waiting_room_shows_the_invite_link_and_start_only_when_full(web, alice, bob):
    game = services.game_create(creator=alice, players=2)
    page = web(alice).get(f"/games/join/{game.public_id}/").content.decode()
    assert f"/games/join/{game.public_id}/" in page
    assert "Start the game" not in page

    services.game_join(game=game, user=bob)
    page = web(alice).get(f"/games/join/{game.public_id}/").content.decode()

    assert "Start the game" in page


def test_joining_by_the_invite_link_and_refusals(web, alice, bob, carol):
    game = services.game_create(creator=alice, players=2)

    joined = web(bob).post(f"/games/join/{game.public_id}/")
    full = web(carol).post(f"/games/join/{game.public_id}/")

    assert joined.status_code == 302
    assert game.seats.get(index=1).user == bob
    assert full.status_code == 409
    assert "Every seat of this game is taken" in full.content.decode()
    assert not game.seats.filter(user=carol).exists()
    missing = web(carol).post("/games/join/nosuchgame23/")
    assert missing.status_code == 404


def test_htmx_join_answers_with_the_room_fragment(web, alice, bob):
    game = services.game_create(creator=alice, players=2)

    response = web(bob).post(f"/games/join/{game.public_id}/", HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="lobby-room"' in body
    assert "<html" not in body
    assert "bob (you)" in body


def test_only_the_creator_starts_and_only_a_full_game(web, alice, bob):
    game = services.game_create(creator=alice, players=2)

    not_full = web(alice).post(f"/games/join/{game.public_id}/start/")
    assert not_full.status_code == 409
    assert "Every seat must be taken" in not_full.content.decode()
    services.game_join(game=game, user=bob)
    not_creator = web(bob).post(f"/games/join/{game.public_id}/start/")
    assert not_creator.status_code == 403
    game.refresh_from_db()
    assert game.status == GameStatus.OPEN

    started = web(alice).post(f"/games/join/{game.public_id}/start/")

    assert started.status_code == 302
    assert started["Location"] == f"/games/{game.public_id}/"
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_htmx_start_redirects_the_browser_to_the_game(web, alice, bob):
    game = services.game_create(creator=alice, players=2)
    services.game_join(game=game, user=bob)

    response = web(alice).post(f"/games/join/{game.public_id}/start/", HTTP_HX_REQUEST="true")

    assert response.status_code == 204
    assert response["HX-Redirect"] == f"/games/{game.public_id}/"


def test_leaving_frees_the_seat_and_the_creator_leaving_abandons(web, alice, bob):
    game = services.game_create(creator=alice, players=2)
    services.game_join(game=game, user=bob)

    web(bob).post(f"/games/join/{game.public_id}/leave/")
    assert game.seats.get(index=1).user is None
    web(alice).post(f"/games/join/{game.public_id}/leave/")
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED


def test_leaving_a_started_game_is_refused(web, alice, bob):
    game = started_game(alice, [bob])

    response = web(bob).post(f"/games/join/{game.public_id}/leave/")

    assert response.status_code == 409
    assert "resign instead" in response.content.decode()


def test_a_seated_player_opening_the_link_of_a_started_game_goes_to_the_game(web, alice, bob):
    game = started_game(alice, [bob])

    response = web(bob).get(f"/games/join/{game.public_id}/")

    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.public_id}/"


def test_open_games_lists_only_listed_games_with_a_free_seat(web, alice, bob, carol):
    listed = services.game_create(creator=alice, players=2, lobby=True)
    private = services.game_create(creator=alice, players=2)
    full = services.game_create(creator=alice, players=2, lobby=True)
    services.game_join(game=full, user=bob)

    page = web(carol).get("/games/open/").content.decode()

    assert listed.public_id in page
    assert private.public_id not in page
    assert full.public_id not in page
    assert f'action="/games/join/{listed.public_id}/"' in page


def test_my_games_lists_waiting_for_you_first_with_whose_turn_and_since(web, alice, bob):
    finished = started_game(alice, [bob])
    services.game_resign(game=finished, user=bob)
    open_game = services.game_create(creator=alice, players=3)
    theirs = started_game(alice, [bob])
    if theirs.current_seat == 0:  # make it bob's turn in this one
        theirs = started_game(bob, [alice])
    mine = started_game(alice, [bob], bots=())
    if mine.current_seat != 0:
        mine = started_game(bob, [alice])
    Game.objects.filter(pk=mine.pk).update(turn_since=timezone.now() - timedelta(hours=5))
    preference_set(user=alice, time_zone="Asia/Tokyo")

    page = web(alice).get("/games/").content.decode()

    waiting = page.index("Waiting for you")
    assert waiting < page.index(mine.public_id)
    assert page.index(mine.public_id) < page.index("Other games in play")
    assert page.index("Other games in play") < page.index(theirs.public_id)
    assert page.index(theirs.public_id) < page.index("Not started yet")
    assert page.index(open_game.public_id) < page.index("Finished")
    assert page.index("Finished") < page.index(finished.public_id)
    assert "Your turn</strong>, for 5 hours" in page
    assert "(Asia/Tokyo)" in page
    assert "bob (red) to play" in page or "bob (blue) to play" in page
    assert f'href="/games/{finished.public_id}/replay/"' in page


def test_my_games_is_friendly_when_empty(web, alice):
    page = web(alice).get("/games/").content.decode()

    assert "You have no games yet" in page


def test_the_polling_room_answers_204_until_something_changes(web, alice, bob):
    game = services.game_create(creator=alice, players=2)
    page = web(alice).get(f"/games/join/{game.public_id}/").content.decode()
    since = re.search(r"\?since=([0-9.]+)", page).group(1)
    url = f"/games/join/{game.public_id}/?since={since}"

    unchanged = web(alice).get(url, HTTP_HX_REQUEST="true")
    services.game_join(game=game, user=bob)
    changed = web(alice).get(url, HTTP_HX_REQUEST="true")

    assert unchanged.status_code == 204
    assert changed.status_code == 200
    assert "bob" in changed.content.decode()


def test_a_polling_room_sends_its_players_to_the_started_game(web, alice):
    game = started_game(alice, bots=[1])

    response = web(alice).get(f"/games/join/{game.public_id}/?since=1", HTTP_HX_REQUEST="true")

    assert response.status_code == 204
    assert response["HX-Redirect"] == f"/games/{game.public_id}/"


def test_open_games_offers_no_join_button_for_your_own_game(web, alice):
    game = services.game_create(creator=alice, players=2, lobby=True)

    page = web(alice).get("/games/open/").content.decode()

    assert game.public_id in page
    assert f'action="/games/join/{game.public_id}/"' not in page


def test_a_signed_out_htmx_poll_sends_the_page_to_the_login_form(client, alice):
    game = services.game_create(creator=alice, players=2)

    response = client.get(
        f"/games/join/{game.public_id}/?since=1",
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"/games/join/{game.public_id}/",
    )

    assert response.status_code == 204
    assert response["HX-Redirect"].startswith("/accounts/login/?next=")


def test_the_form_names_the_bots_by_strength_and_still_takes_the_old_names(web, alice):
    page = web(alice).get("/games/new/").content.decode()
    select = re.search(r'<select name="bot_kind".*?</select>', page, re.S)
    assert select
    options = re.findall(r'<option value="([a-z]+)"[^>]*>([^<]*)</option>', select.group(0))
    assert [value for value, _ in options] == ["normal", "beginner"]
    assert all(label.startswith(value) for value, label in options)

    for posted, stored in [("beginner", "random"), ("normal", "heuristic"), ("random", "random")]:
        web(alice).post("/games/new/", {**NEW_GAME, "bot_kind": posted})
        assert Game.objects.latest("pk").seats.get(index=2).bot == stored

    refused = web(alice).post("/games/new/", {**NEW_GAME, "bot_kind": "grandmaster"})
    assert refused.status_code == 400
    assert Game.objects.count() == 3


def test_pages_name_the_bots_by_strength(web, alice, bob):
    game = services.game_create(creator=alice, players=3, bots=[2], bot_kind="beginner")

    room = web(alice).get(f"/games/join/{game.public_id}/").content.decode()

    assert game.seats.get(index=2).bot == "random"
    assert "beginner bot" in room

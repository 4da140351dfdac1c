"""Game names: given at creation (form and API, checked) or built from the players, shown in
the lists, on the game page and in emails' subjects."""

from __future__ import annotations

import re

import pytest

from common.errors import InvalidRequestError
from games import naming, services
from games.models import Game
from notifications.context import game_name
from tests.games.helpers import started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["ann"], "ann"),
        (["ann", "ben"], "ann vs ben"),
        (["ann", "ben", "cleo"], "ann, ben and cleo"),
        (["ann", "ben", "cleo", "dan"], "ann, ben, cleo and dan"),
    ],
)
def test_a_name_built_from_the_players(names, expected):
    assert naming.players_name(names) == expected


@pytest.mark.parametrize(
    ("raw", "expected"), [("  Sunday   table ", "Sunday table"), ("", ""), ("x" * 60, "x" * 60)]
)
def test_a_given_name_is_tidied(raw, expected):
    assert naming.name_check(raw) == expected


@pytest.mark.parametrize("raw", ["x" * 61, "bad\x00name", "tab\x07bell"])
def test_a_bad_name_is_refused(raw):
    with pytest.raises(InvalidRequestError) as refused:
        naming.name_check(raw)
    assert refused.value.code == "bad_name"


def test_without_a_name_the_game_is_called_after_its_players(alice, bob, carol):
    game = started_game(alice, [bob, carol])

    assert game.name == ""
    assert game.title == "alice, bob and carol"
    assert Game.objects.get(pk=game.pk).title == "alice, bob and carol"
    two = started_game(alice, [bob])
    assert two.title == "alice vs bob"
    with_bot = services.game_create(creator=alice, players=2, bots=[1])
    assert with_bot.title == "alice vs normal bot"


def test_the_new_game_form_gives_a_name_shown_on_the_lists_the_page_and_emails(alice, bob):
    client = client_of(alice)
    response = client.post(
        "/games/new/",
        {
            "name": "  Sunday   table ",
            "edition": "1e",
            "players": "2",
            "bot_kind": "heuristic",
            "layout": "beginner",
            "turn_limit_hours": "72",
            "timeout_policy": "bot_move",
            "vacation_days": "0",
            "visibility": "open",
        },
    )

    assert response.status_code == 302
    game = Game.objects.get(created_by=alice)
    assert game.name == "Sunday table"
    assert "Sunday table" in client.get("/games/open/").content.decode()
    services.game_join(game=game, user=bob)
    services.game_start(game=game, user=alice)
    page = client.get(f"/games/{game.public_id}/").content.decode()
    # The title may start with the count of games waiting for the reader, "(1) ".
    assert re.search(r"<title>(\(\d+\) )?Sunday table", page)
    assert "Sunday table" in client.get("/games/").content.decode()
    assert game_name(game) == f"Sunday table (game {game.public_id})"


def test_the_new_game_form_refuses_a_long_name_and_creates_nothing(alice):
    response = client_of(alice).post(
        "/games/new/",
        {"name": "x" * 61, "players": "2", "bot_kind": "heuristic", "layout": "beginner"},
    )

    assert response.status_code == 400
    assert "at most 60 characters" in response.content.decode()
    assert not Game.objects.filter(created_by=alice).exists()


def test_the_api_takes_a_name_or_builds_one(alice_api):
    given = alice_api.post("/api/games/", {"players": 2, "name": "Rematch"}, format="json")
    built = alice_api.post("/api/games/", {"players": 2, "bots": [1]}, format="json")
    bad = alice_api.post("/api/games/", {"players": 2, "name": "x\x01y"}, format="json")
    long = alice_api.post("/api/games/", {"players": 2, "name": "x" * 61}, format="json")

    assert given.status_code == 201
    assert (given.json()["name"], given.json()["name_given"]) == ("Rematch", True)
    assert (built.json()["name"], built.json()["name_given"]) == ("alice vs normal bot", False)
    assert bad.status_code == 400
    assert bad.json()["code"] == "bad_name"
    assert long.status_code == 400
    assert Game.objects.count() == 2


def test_a_built_name_is_said_in_the_readers_language_and_a_given_one_as_typed(alice, bob, carol):
    from django.utils import translation

    with_bot = services.game_create(creator=alice, players=2, bots=[1])
    three = started_game(alice, [bob, carol])
    given = services.game_create(creator=alice, players=2, bots=[1], name="Rematch vs Bob")

    with translation.override("fr"):
        assert with_bot.title == "alice contre bot normal"
        assert three.title == "alice, bob et carol"
        assert given.title == "Rematch vs Bob"
    with translation.override("en"):
        assert with_bot.title == "alice vs normal bot"
    assert Game.objects.get(pk=with_bot.pk).name == ""
    assert Game.objects.get(pk=given.pk).name == "Rematch vs Bob"


def test_a_french_reader_sees_the_built_name_in_french_on_the_game_page(alice, bob):
    from notifications.models import NotificationPreference

    game = started_game(alice, [bob])
    NotificationPreference.objects.update_or_create(user=alice, defaults={"language": "fr"})

    french = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    english = client_of(bob).get(f"/games/{game.public_id}/").content.decode()

    assert "alice contre bob" in french
    assert "alice vs bob" in english

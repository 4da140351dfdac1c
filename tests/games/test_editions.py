"""Which editions the site offers (the operator's GWT_EDITIONS and what the engine has), how a
new game's edition and options are checked, and how pages name a game's edition.

The 2nd edition's games themselves are in test_second_edition.py.
"""

from __future__ import annotations

import pytest
from django.core import checks

from common.errors import InvalidRequestError
from games import editions, services
from games.models import Game
from games.web.forms import NewGameForm
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_both_editions_are_offered_by_default_the_first_edition_first(settings):
    assert settings.GWT_EDITIONS == ["1e", "2e"]
    assert editions.offered() == ("1e", "2e")
    assert editions.default_edition() == "1e"


@pytest.fixture
def first_edition_only(settings):
    """The operator restricts new games to the 1st edition (GWT_EDITIONS=1e)."""
    settings.GWT_EDITIONS = ["1e"]


def test_an_operator_may_offer_the_first_edition_alone(first_edition_only):
    assert editions.offered() == ("1e",)
    assert editions.default_edition() == "1e"
    assert editions.check_editions() == []


def test_an_enabled_edition_the_engine_lacks_is_not_offered_and_the_check_says_so(settings):
    settings.GWT_EDITIONS = ["3e", "1e"]

    assert editions.offered() == ("1e",)
    assert editions.default_edition() == "1e"
    found = editions.check_editions()
    assert [(m.id, m.level) for m in found] == [("games.W001", checks.WARNING)]
    assert "'3e'" in found[0].msg


def test_the_check_is_an_error_when_no_edition_can_be_offered(settings):
    settings.GWT_EDITIONS = ["3e"]

    assert editions.offered() == ()
    assert {m.id for m in editions.check_editions()} == {"games.W001", "games.E001"}


def test_the_check_is_silent_for_the_default_setting():
    assert editions.check_editions() == []


@pytest.mark.parametrize(
    ("edition", "words"),
    [("2e", "is not offered here"), ("3e", "does not exist"), ("", "does not exist")],
)
def test_an_edition_not_offered_is_refused_naming_those_offered(
    first_edition_only, alice, edition, words
):
    with pytest.raises(InvalidRequestError) as error:
        services.game_create(creator=alice, players=2, edition=edition or "x")

    assert error.value.code == "bad_edition"
    assert words in error.value.message
    assert "the editions offered are 1e (1st edition)" in error.value.message
    assert error.value.status == 400


def test_a_first_edition_game_stores_its_layout_alone(alice):
    game = services.game_create(creator=alice, players=2, options={"simmental": False})
    default = services.game_create(creator=alice, players=2)

    assert (game.edition, game.options) == ("1e", {"layout": "beginner"})
    assert (default.edition, default.options) == ("1e", {"layout": "beginner"})
    assert game.edition_label == "1st edition"


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"simmental": True}, "The Simmental variant is played only with edition 2e"),
        ({"simmental": "yes"}, "on (true) or off (false)"),
        ({"layout": "spiral"}, "'beginner' or 'random'"),
    ],
)
def test_options_an_edition_does_not_have_are_refused_with_the_reason(alice, options, words):
    with pytest.raises(InvalidRequestError) as error:
        services.game_create(creator=alice, players=2, edition="1e", options=options)

    assert error.value.code == "bad_options"
    assert words in error.value.message
    assert not Game.objects.exists()


def test_an_edition_and_its_variants_in_words():
    assert editions.label("1e", {"layout": "random"}) == "1st edition"
    assert editions.label("2e", {"layout": "beginner", "simmental": False}) == "2nd edition"
    assert editions.label("2e", {"layout": "beginner", "simmental": True}) == (
        "2nd edition · Simmental"
    )
    assert editions.label("1e", {"simmental": True}) == "1st edition"  # not a 1e variant
    assert editions.label("9e") == "9e"


def test_the_setup_event_names_the_edition(alice, bob):
    game = started_game(alice, [bob])

    from games.selectors import event_history, event_text

    assert event_text(event_history(game=game).first()) == (
        "Game set up for 2 players (1st edition)"
    )


# --- the web form ---------------------------------------------------------------------------


FORM = {
    "players": "2",
    "bot_kind": "heuristic",
    "layout": "beginner",
    "turn_limit_hours": "0",
    "timeout_policy": "bot_move",
    "vacation_days": "0",
    "visibility": "invite",
}


def test_the_form_offers_both_editions_and_the_variant_by_default():
    form = NewGameForm()

    assert form.fields["edition"].choices == [("1e", "1st edition"), ("2e", "2nd edition")]
    assert "simmental" in form.fields
    assert form.fields["edition"].initial == "1e"


def test_the_form_offers_the_offered_editions_and_no_variant_of_an_edition_not_offered(
    first_edition_only,
):
    form = NewGameForm()

    assert form.fields["edition"].choices == [("1e", "1st edition")]
    assert "simmental" not in form.fields
    assert form.fields["edition"].initial == "1e"


def test_the_form_without_an_edition_creates_a_game_of_the_default_edition():
    form = NewGameForm(FORM)

    assert form.is_valid(), form.errors
    arguments = form.service_arguments()
    assert (arguments["edition"], arguments["options"]) == ("1e", {"layout": "beginner"})


def test_the_form_refuses_an_edition_not_offered(first_edition_only, client, alice):
    client.force_login(alice)

    response = client.post("/games/new/", {**FORM, "edition": "2e"})

    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Game.objects.exists()


# --- the API ----------------------------------------------------------------------------------


def test_the_api_lists_the_offered_editions(alice_api):
    response = alice_api.get("/api/editions/")

    assert response.status_code == 200
    assert response.json() == [
        {"edition": "1e", "name": "1st edition", "variants": {}},
        {"edition": "2e", "name": "2nd edition", "variants": {"simmental": "Simmental"}},
    ]


def test_the_api_lists_only_the_edition_an_operator_restricts_to(first_edition_only, alice_api):
    response = alice_api.get("/api/editions/")

    assert response.status_code == 200
    assert response.json() == [{"edition": "1e", "name": "1st edition", "variants": {}}]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"edition": "2e"}, "bad_edition", "the editions offered are 1e (1st edition)"),
        ({"options": {"simmental": True}}, "bad_options", "only with edition 2e"),
    ],
)
def test_the_api_refuses_an_edition_or_variant_with_a_clear_message(
    first_edition_only, alice_api, body, code, words
):
    response = alice_api.post("/api/games/", {"players": 2, **body}, format="json")

    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert words in response.json()["message"]


def test_the_api_shows_a_game_edition_and_its_label(alice_api):
    created = alice_api.post("/api/games/", {"players": 2}, format="json").json()

    assert (created["edition"], created["edition_label"]) == ("1e", "1st edition")
    assert created["options"] == {"layout": "beginner"}
    listed = alice_api.get("/api/games/").json()
    assert [g["edition_label"] for g in listed] == ["1st edition"]


# --- pages and the admin ---------------------------------------------------------------------


def test_the_lobby_the_room_and_the_game_pages_name_the_edition(client, alice, bob):
    game = started_game(alice, [bob])
    client.force_login(alice)

    for path in (
        "/games/",
        f"/games/join/{game.public_id}/",
        f"/games/{game.public_id}/",
        f"/games/{game.public_id}/replay/",
    ):
        page = client.get(path, follow=True)
        assert page.status_code == 200, path
        assert "1st edition" in page.content.decode(), path


@pytest.fixture
def superuser_client(client, make_user):
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    return client


def test_the_admin_lists_shows_and_filters_games_by_edition(superuser_client, alice, bob):
    game = started_game(alice, [bob])

    listed = superuser_client.get("/admin/games/game/").content.decode()
    detail = superuser_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    first = superuser_client.get("/admin/games/game/?edition=1e").content.decode()
    second = superuser_client.get("/admin/games/game/?edition=2e").content.decode()
    simmental = superuser_client.get("/admin/games/game/?edition=2e%2Bsimmental").content.decode()

    assert "1st edition" in listed
    assert "2nd edition · Simmental" in listed  # a choice of the filter
    assert "1st edition" in detail
    assert game.public_id in first
    assert game.public_id not in second
    assert game.public_id not in simmental

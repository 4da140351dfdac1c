"""A 2nd edition game through the service, as the operator enables it (GWT_EDITIONS):
created from the form and the API, named on every page, played by people and bots to the end,
replayed move by move, exported as a record and replayed from it under rules "2e-1".
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

import engine
import engine.bots
from common.errors import InvalidRequestError
from games import editions, replay, selectors, services
from games.models import Event, Game, GameStatus
from games.move_presentation import card_label, present_moves
from tests.games.helpers import client_for, play_to_end, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def second_edition(settings):
    settings.GWT_EDITIONS = ["1e", "2e"]


def test_both_editions_are_offered_once_enabled_and_the_engine_has_them():
    assert editions.offered() == ("1e", "2e")
    assert editions.check_editions() == []


def test_the_operator_order_makes_the_default(settings, alice):
    settings.GWT_EDITIONS = ["2e", "1e"]

    game = services.game_create(creator=alice, players=2)

    assert (game.edition, game.options) == ("2e", {"layout": "beginner", "simmental": False})


def test_a_second_edition_game_stores_its_layout_and_variant(alice):
    game = services.game_create(
        creator=alice, players=3, edition="2e", options={"layout": "random"}
    )

    assert (game.edition, game.options) == ("2e", {"layout": "random", "simmental": False})
    assert game.edition_label == "2nd edition"


def test_the_form_offers_both_editions_and_the_variant_and_creates_a_second_edition_game(
    client, alice
):
    client.force_login(alice)
    page = client.get("/games/new/").content.decode()
    assert "2nd edition" in page

    response = client.post(
        "/games/new/",
        {
            "edition": "2e",
            "players": "2",
            "bot_kind": "random",
            "bots": ["1"],
            "layout": "random",
            "turn_limit_hours": "0",
            "timeout_policy": "bot_move",
            "vacation_days": "0",
            "visibility": "open",
        },
    )

    game = Game.objects.get()
    assert response.status_code == 302
    assert (game.edition, game.options) == ("2e", {"layout": "random", "simmental": False})
    assert "2nd edition" in client.get("/games/").content.decode()


def test_the_form_refuses_the_variant_with_the_first_edition(client, alice):
    client.force_login(alice)

    response = client.post(
        "/games/new/",
        {
            "edition": "1e",
            "simmental": "on",
            "players": "2",
            "bot_kind": "heuristic",
            "layout": "beginner",
            "turn_limit_hours": "0",
            "timeout_policy": "bot_move",
            "vacation_days": "0",
            "visibility": "invite",
        },
    )

    assert response.status_code == 400
    assert "The Simmental variant is played only with the 2nd edition" in (
        response.content.decode()
    )
    assert not Game.objects.exists()


def test_the_api_lists_and_creates_second_edition_games(alice_api):
    offered = alice_api.get("/api/editions/").json()
    created = alice_api.post(
        "/api/games/",
        {"edition": "2e", "players": 2, "options": {"layout": "beginner"}},
        format="json",
    )

    assert offered == [
        {"edition": "1e", "name": "1st edition", "variants": {}},
        {"edition": "2e", "name": "2nd edition", "variants": editions.offered_variants("2e")},
    ]
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["edition"], body["edition_label"]) == ("2e", "2nd edition")
    assert body["options"] == {"layout": "beginner", "simmental": False}


def test_a_second_edition_game_starts_under_its_rules_and_names_its_cards(alice, bob):
    game = started_game(alice, [bob], edition="2e")
    setup = Event.objects.get(game=game, seq=1).payload

    assert (setup["edition"], setup["rules_version"], game.rules_version) == ("2e", "2e-1", "2e-1")
    assert selectors.event_text(Event.objects.get(game=game, seq=1)) == (
        "Game set up for 2 players (2nd edition)"
    )
    state = replay.state_at(game)
    view = engine.view(state, 0)
    hand = view["players"][0]["hand"]
    assert isinstance(hand, list)
    breeds = engine.edition_data("2e").cattle.BREEDS
    assert all(card["breed"] in breeds for card in hand)
    labels = {card_label(card, "2e") for card in hand}
    assert labels <= {"Criollo, value 1", "Santa Gertrudis, value 2", "Pineywoods, value 2"} | {
        "Galloway, value 2"
    }
    groups = present_moves(state, 0, engine.legal_moves(state, 0))
    assert {group.key for group in groups} >= {"start", "exchange"}
    assert {group.title for group in groups} >= {"Use an exchange token"}


def test_the_second_players_first_turn_begins_with_the_discard(alice, bob):
    game = started_game(alice, [bob], edition="2e")
    while game.current_seat == 0:  # alice's first turn, as she would play it
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, 0, "random", rng=game.version)
        services.move_submit(
            game=game, user=alice, move=move, expected_version=game.version, queue_bots=False
        )
        game.refresh_from_db()
    state = replay.state_at(game)

    assert engine.view(state, 1)["decision"]["kind"] == "first_discard"
    moves = engine.legal_moves(state, 1)
    discard = next(move for move in moves if move["type"] == "discard")
    result = services.move_submit(
        game=game,
        user=bob,
        text=engine.describe(state, 1, discard),
        expected_version=game.version,
        queue_bots=False,
    )
    assert result.version == game.version + 1
    hand = engine.view(result.state, 1)["players"][1]["hand"]
    assert isinstance(hand, list)
    assert len(hand) == 4
    assert discard["card"] not in {card["id"] for card in hand}


def test_pages_show_the_second_edition_game(client, alice, bob):
    game = started_game(alice, [bob], edition="2e", options={"layout": "random"})
    client.force_login(alice)

    for path in (
        "/games/",
        f"/games/{game.public_id}/",
        f"/games/{game.public_id}/replay/",
        f"/api/games/{game.public_id}/",
    ):
        page = client.get(path)
        assert page.status_code == 200, path
        assert "2nd edition" in page.content.decode(), path
    play = client.get(f"/games/{game.public_id}/").content.decode()
    assert "Use an exchange token" in play


def test_the_admin_filters_second_edition_games(client, make_user, alice, bob):
    first = started_game(alice, [bob])
    second = started_game(alice, [bob], edition="2e")
    client.force_login(make_user("root", is_staff=True, is_superuser=True))

    listed = client.get("/admin/games/game/?edition=2e").content.decode()
    detail = client.get(f"/admin/games/game/{second.pk}/change/").content.decode()

    assert second.public_id in listed
    assert first.public_id not in listed
    assert "2nd edition" in detail


def test_a_bot_seat_plays_a_second_edition_game_through_its_task(
    alice, eager_celery, django_capture_on_commit_callbacks
):
    api = client_for(alice)
    with django_capture_on_commit_callbacks(execute=True):
        game_id = api.post(
            "/api/games/",
            {"edition": "2e", "players": 3, "bots": [0, 2], "bot_kind": "random"},
            format="json",
        ).json()["id"]  # every other seat a bot: started at creation
    game = Game.objects.get(public_id=game_id)

    bot_moves = Event.objects.filter(game=game, kind="move", actor=None)
    assert bot_moves.filter(seat=0).exists()  # the bot opened the game
    assert game.current_seat == 1
    for _ in range(400):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        assert game.current_seat == 1  # the bots' task always plays on to alice
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, 1, "random", rng=game.version)
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(
                f"/api/games/{game_id}/moves/",
                {"move": move, "expected_version": game.version},
                format="json",
            )
        assert response.status_code == 201, response.content
    assert game.status == GameStatus.FINISHED
    assert bot_moves.filter(seat=2).exists()


@pytest.fixture
def finished_second_edition(alice, bob):
    return play_to_end(started_game(alice, [bob], edition="2e", options={"layout": "random"}))


def test_a_finished_second_edition_game_replays_move_by_move(finished_second_edition, carol):
    game = finished_second_edition
    client = client_of(carol)

    assert game.status == GameStatus.FINISHED
    for seq in range(1, game.version + 1, max(1, game.version // 12)):
        response = client.get(f"/games/{game.public_id}/replay/?at={seq}")
        assert response.status_code == 200, seq
        expected = engine.view(replay.state_at(game, seq), None, reveal_all=True)
        assert response.context["view"] == expected
        assert f'data-testid="replay-seq">{seq}<' in response.content.decode()
    last = client.get(f"/games/{game.public_id}/replay/")
    assert last.context["view"]["scores"] == game.result["scores"]
    assert "2nd edition" in last.content.decode()


def test_a_second_edition_record_replays_from_the_export(finished_second_edition, tmp_path):
    game = finished_second_edition
    record = selectors.game_record(game=game)
    assert (record["edition"], record["rules_version"]) == ("2e", "2e-1")
    assert record["options"] == {"layout": "random", "simmental": False}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))

    out = StringIO()
    call_command("replay_record", str(path), stdout=out)
    text = out.getvalue()

    assert "Great Western Trail 2e (rules 2e-1)" in text
    assert "Game over." in text
    for seat, score in enumerate(game.result["scores"]):
        assert f"seat {seat} " in text
        assert f": {score['total']}  (" in text
    checked = StringIO()
    call_command("check_replays", game.public_id, "--no-progress", stdout=checked)
    assert "all as recorded" in checked.getvalue()


# --- the Simmental variant --------------------------------------------------------------------


def test_the_variant_is_refused_while_the_engine_does_not_play_it(monkeypatch, client, alice):
    monkeypatch.setattr(editions, "engine_plays", lambda edition, variant: False)
    client.force_login(alice)

    with pytest.raises(InvalidRequestError) as error:
        services.game_create(creator=alice, players=2, edition="2e", options={"simmental": True})

    assert error.value.code == "bad_options"
    assert error.value.message == "The Simmental variant is not available on this site yet."
    assert "Simmental variant" not in client.get("/games/new/").content.decode()
    assert services.game_create(creator=alice, players=2, edition="2e").options == {
        "layout": "beginner",
        "simmental": False,
    }


def test_a_simmental_game_is_created_from_the_form_and_named_everywhere(
    client, make_user, alice, bob
):
    client.force_login(alice)
    assert "Simmental variant" in client.get("/games/new/").content.decode()
    response = client.post(
        "/games/new/",
        {
            "edition": "2e",
            "simmental": "on",
            "players": "2",
            "bot_kind": "random",
            "layout": "beginner",
            "turn_limit_hours": "0",
            "timeout_policy": "bot_move",
            "vacation_days": "0",
            "visibility": "invite",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options == {"layout": "beginner", "simmental": True}
    assert game.edition_label == "2nd edition · Simmental"
    services.game_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    assert "simmental" in replay.state_at(game)

    for path in ("/games/", f"/games/{game.public_id}/", f"/games/{game.public_id}/replay/"):
        assert "2nd edition · Simmental" in client.get(path).content.decode(), path
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    listed = client.get("/admin/games/game/?edition=2e%2Bsimmental").content.decode()
    assert game.public_id in listed


def test_the_api_creates_a_simmental_game(alice_api):
    offered = alice_api.get("/api/editions/").json()
    created = alice_api.post(
        "/api/games/",
        {"edition": "2e", "players": 3, "options": {"simmental": True}},
        format="json",
    ).json()

    assert offered[1]["variants"] == {"simmental": "Simmental"}
    assert created["options"] == {"layout": "beginner", "simmental": True}
    assert created["edition_label"] == "2nd edition · Simmental"


def test_a_simmental_game_with_bots_ends_and_replays_from_its_record(alice, tmp_path):
    game = started_game(
        alice, bots=[1, 2], bot_kind="random", edition="2e", options={"simmental": True}
    )
    game = play_to_end(game)
    record = selectors.game_record(game=game)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))

    out = StringIO()
    call_command("replay_record", str(path), stdout=out)

    assert game.status == GameStatus.FINISHED
    assert record["options"] == {"layout": "beginner", "simmental": True}
    assert "Game over." in out.getvalue()
    checked = StringIO()
    call_command("check_replays", game.public_id, "--no-progress", stdout=checked)
    assert "all as recorded" in checked.getvalue()

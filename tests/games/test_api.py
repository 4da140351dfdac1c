"""The REST API, through DRF's test client (the database is real PostgreSQL when available)."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

import engine
import engine.bots
from games import replay, selectors
from games.models import Event, Game
from tests.games.helpers import (
    client_for,
    find_undoable_position,
    play_one,
    play_to_end,
    started_game,
    user_of_seat,
)
from tests.users import PASSWORD

pytestmark = pytest.mark.django_db


def assert_error(response, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.content
    body = response.json()
    assert isinstance(body["code"], str)
    assert isinstance(body["message"], str)
    if code is not None:
        assert body["code"] == code
    return body


def assert_nothing_hidden(view: dict[str, Any], my_seat: int | None, seed: int) -> None:
    """Nothing the seat may not see: other hands, any draw order, face-down stacks, the seed."""
    for player in view["players"]:
        if player["seat"] != my_seat:
            assert set(player["hand"]) == {"count"}, f"seat {player['seat']}'s hand is shown"
        else:
            assert isinstance(player["hand"], list)
        assert set(player["draw_pile"]) == {"count"}, "a draw pile's order is shown"
    for key in ("market_stack", "objective_stack"):
        if key in view:
            assert set(view[key]) == {"count"}, f"the {key}'s order is shown"
    for bag in view.get("supply", {}).values():
        assert set(bag) == {"count"}, "a Kansas City supply bag's contents are shown"
    text = json.dumps(view)
    assert str(seed) not in text
    assert '"seed"' not in text
    assert '"rng"' not in text


def create_two_player_game(alice_api, bob_api) -> str:
    response = alice_api.post(
        "/api/games/",
        {"edition": "1e", "players": 2, "options": {"layout": "beginner"}},
        format="json",
    )
    assert response.status_code == 201, response.content
    game_id = response.json()["id"]
    assert bob_api.post(f"/api/games/{game_id}/join/").status_code == 200
    assert alice_api.post(f"/api/games/{game_id}/start/").status_code == 200
    return game_id


def test_a_token_is_given_for_a_username_and_password(client, alice):
    response = client.post(
        "/api/token/", {"username": "alice", "password": PASSWORD}, content_type="application/json"
    )

    assert response.status_code == 200
    token = response.json()["token"]
    me = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}")
    assert me.json()["username"] == "alice"


def test_a_wrong_password_gets_no_token(client, alice):
    response = client.post(
        "/api/token/", {"username": "alice", "password": "nope"}, content_type="application/json"
    )

    assert_error(response, 400, "invalid_credentials")


def test_the_api_wants_authentication(client):
    assert_error(client.get("/api/games/"), 401)
    assert_error(client.post("/api/games/", {}, content_type="application/json"), 401)


def test_a_session_also_authenticates(client, alice):
    client.force_login(alice)

    assert client.get("/api/me/").json()["username"] == "alice"


def test_two_players_create_join_start_play_and_finish_a_game(alice_api, bob_api, alice, bob):
    game_id = create_two_player_game(alice_api, bob_api)
    game = Game.objects.get(public_id=game_id)
    apis = {0: alice_api, 1: bob_api}

    detail = alice_api.get(f"/api/games/{game_id}/").json()
    assert detail["status"] == "active"
    assert detail["version"] == 1
    assert [seat["user"] for seat in detail["seats"]] == ["alice", "bob"]
    assert "seed" not in detail

    moves_made = 0
    version = 1
    while True:
        detail = alice_api.get(f"/api/games/{game_id}/").json()
        if detail["status"] != "active":
            break
        seat = detail["current_seat"]
        api = apis[seat]
        assert detail["version"] == version
        if moves_made % 25 == 0:
            legal = api.get(f"/api/games/{game_id}/legal-moves/").json()
            assert legal["version"] == version
            assert legal["moves"]
            other = apis[1 - seat].get(f"/api/games/{game_id}/legal-moves/").json()
            assert other["moves"] == []
        game.refresh_from_db()
        move = engine.bots.choose_move(replay.state_at(game), seat, kind="heuristic")
        response = api.post(
            f"/api/games/{game_id}/moves/",
            {"move": move, "expected_version": version, "idempotency_key": f"m{version}"},
            format="json",
        )
        assert response.status_code == 201, response.content
        body = response.json()
        assert body["version"] == version + 1
        if not body["view"]["over"]:
            assert_nothing_hidden(body["view"], seat, game.seed)
        version = body["version"]
        moves_made += 1
        assert moves_made < 5000

    assert detail["status"] == "finished"
    assert detail["result"]["scores"]
    assert detail["current_seat"] is None
    final = bob_api.get(f"/api/games/{game_id}/state/").json()
    assert final["view"]["over"] is True
    assert isinstance(final["view"]["players"][0]["hand"], list)  # everything, once over
    assert isinstance(final["view"]["players"][0]["draw_pile"], list)

    events = alice_api.get(f"/api/games/{game_id}/events/?page_size=50").json()
    assert events["count"] == version
    assert [e["seq"] for e in events["results"]] == list(range(1, min(version, 50) + 1))
    assert events["results"][1]["kind"] == "move"
    assert events["results"][1]["text"]

    record = alice_api.get(f"/api/games/{game_id}/record/").json()
    assert record["seed"] == game.seed
    assert len(record["moves"]) == moves_made
    assert record["result"]["scores"] == detail["result"]["scores"]


def test_replay_record_replays_a_finished_games_record(alice_api, alice, bob, tmp_path):
    game = started_game(alice, bots=[1], players=2)

    game = play_to_end(game)
    record = alice_api.get(f"/api/games/{game.public_id}/record/").json()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = StringIO()

    call_command("replay_record", str(path), stdout=out)

    output = out.getvalue()
    assert "Game over." in output
    assert record["moves"][0]["text"] in output
    for seat, score in enumerate(game.result["scores"]):
        assert f"seat {seat} " in output
        assert f": {score['total']}" in output


def test_a_record_has_no_seed_before_the_game_is_over(alice_api, bob_api):
    game_id = create_two_player_game(alice_api, bob_api)

    record = alice_api.get(f"/api/games/{game_id}/record/").json()

    assert "seed" not in record
    assert record["players"] == 2
    assert record["moves"] == []


def test_a_user_without_a_seat_sees_no_hand_and_cannot_move(alice_api, bob_api, carol_api):
    game_id = create_two_player_game(alice_api, bob_api)
    game = Game.objects.get(public_id=game_id)

    state = carol_api.get(f"/api/games/{game_id}/state/")
    assert state.status_code == 200
    assert_nothing_hidden(state.json()["view"], None, game.seed)
    assert_error(carol_api.get(f"/api/games/{game_id}/legal-moves/"), 403, "not_seated")
    move = engine.legal_moves(replay.state_at(game), 0)[0]
    assert_error(
        carol_api.post(f"/api/games/{game_id}/moves/", {"move": move}, format="json"),
        403,
        "not_seated",
    )
    assert_error(carol_api.post(f"/api/games/{game_id}/undo/", {}, format="json"), 403)
    assert_error(carol_api.post(f"/api/games/{game_id}/resign/"), 403, "not_seated")


def test_each_seat_sees_only_its_own_hand(alice_api, bob_api):
    game_id = create_two_player_game(alice_api, bob_api)
    seed = Game.objects.get(public_id=game_id).seed

    assert_nothing_hidden(alice_api.get(f"/api/games/{game_id}/state/").json()["view"], 0, seed)
    assert_nothing_hidden(bob_api.get(f"/api/games/{game_id}/state/").json()["view"], 1, seed)


def test_moving_out_of_turn_is_403_and_a_stale_version_is_409(alice_api, bob_api):
    game_id = create_two_player_game(alice_api, bob_api)
    game = Game.objects.get(public_id=game_id)
    move = engine.legal_moves(replay.state_at(game), 0)[0]

    assert_error(
        bob_api.post(f"/api/games/{game_id}/moves/", {"move": move}, format="json"),
        403,
        "not_your_turn",
    )
    assert (
        alice_api.post(
            f"/api/games/{game_id}/moves/", {"move": move, "expected_version": 1}, format="json"
        ).status_code
        == 201
    )
    body = assert_error(
        alice_api.post(
            f"/api/games/{game_id}/moves/", {"move": move, "expected_version": 1}, format="json"
        ),
        409,
        "stale_version",
    )
    assert body["current_version"] == 2


def test_an_illegal_move_is_400_with_the_engines_code(alice_api, bob_api):
    game_id = create_two_player_game(alice_api, bob_api)

    body = assert_error(
        alice_api.post(f"/api/games/{game_id}/moves/", {"move": {"type": "fly"}}, format="json"),
        400,
    )

    assert body["code"] != "invalid"
    assert Event.objects.filter(game__public_id=game_id).count() == 1


def test_a_retried_move_gets_the_first_answer_and_writes_nothing(alice_api, bob_api):
    game_id = create_two_player_game(alice_api, bob_api)
    game = Game.objects.get(public_id=game_id)
    move = engine.legal_moves(replay.state_at(game), 0)[0]
    request = {"move": move, "expected_version": 1, "idempotency_key": "retry-1"}

    first = alice_api.post(f"/api/games/{game_id}/moves/", request, format="json")
    second = alice_api.post(f"/api/games/{game_id}/moves/", request, format="json")

    assert first.status_code == 201
    assert second.status_code == 200
    assert second.json() == first.json()
    assert Event.objects.filter(game=game).count() == 2


def post_bot_choice(game: Game, apis: dict[int, Any]) -> tuple[int, Any]:
    """The seat to move posts the heuristic bot's choice through its API client: the seat,
    and the answer (201)."""
    game.refresh_from_db()
    seat = game.current_seat
    move = engine.bots.choose_move(replay.state_at(game), seat, kind="heuristic")
    answer = apis[seat].post(
        f"/api/games/{game.public_id}/moves/",
        {"move": move, "expected_version": game.version},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    return seat, answer


def test_a_moves_answer_lists_the_movers_next_options_as_legal_moves_does(alice_api, bob_api):
    """The answer to a move carries the mover's legal moves now, equal to GET legal-moves/:
    the next decision of the same turn, or [] once the decision passed to the other seat."""
    game_id = create_two_player_game(alice_api, bob_api)
    game = Game.objects.get(public_id=game_id)
    apis = {0: alice_api, 1: bob_api}
    seen = {"same seat": 0, "turn passed": 0}
    while min(seen.values()) < 3:
        seat, answer = post_bot_choice(game, apis)
        legal = apis[seat].get(f"/api/games/{game_id}/legal-moves/").json()
        assert answer.json()["moves"] == legal["moves"]
        assert answer.json()["version"] == legal["version"]
        seen["same seat" if legal["moves"] else "turn passed"] += 1


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"move": {"type": "x"}, "text": "x"},
        {"move": "north"},
        {"text": ""},
        {"move": {"type": "x"}, "expected_version": "soon"},
        {"move": {"type": "x"}, "expected_version": -1},
        ["move"],
        "move",
    ],
)
def test_a_malformed_move_request_is_400(alice_api, bob_api, body):
    game_id = create_two_player_game(alice_api, bob_api)

    assert_error(alice_api.post(f"/api/games/{game_id}/moves/", body, format="json"), 400)


def test_a_body_that_is_not_json_is_400(alice_api, bob_api):
    game_id = create_two_player_game(alice_api, bob_api)

    response = alice_api.post(
        f"/api/games/{game_id}/moves/", b"{not json", content_type="application/json"
    )

    assert_error(response, 400)


def test_an_unknown_game_is_404(alice_api):
    for path in ("", "state/", "legal-moves/", "events/", "record/"):
        assert_error(alice_api.get(f"/api/games/nosuchgame/{path}"), 404)
    assert_error(alice_api.post("/api/games/nosuchgame/join/"), 404, "game_not_found")


def test_past_states_are_served_up_to_the_current_version_only(alice_api, bob_api):
    game_id = create_two_player_game(alice_api, bob_api)
    game = Game.objects.get(public_id=game_id)
    move = engine.legal_moves(replay.state_at(game), 0)[0]
    alice_api.post(f"/api/games/{game_id}/moves/", {"move": move}, format="json")

    past = alice_api.get(f"/api/games/{game_id}/state/?at=1").json()
    now = alice_api.get(f"/api/games/{game_id}/state/").json()

    assert past["version"] == 1
    assert now["version"] == 2
    assert past["view"] == engine.view(replay.state_at(game, 1), 0)
    assert_error(alice_api.get(f"/api/games/{game_id}/state/?at=3"), 400, "bad_seq")
    assert_error(alice_api.get(f"/api/games/{game_id}/state/?at=0"), 400)
    assert_error(alice_api.get(f"/api/games/{game_id}/state/?at=soon"), 400)


def test_the_state_of_a_game_not_started_is_409(alice_api):
    game_id = alice_api.post("/api/games/", {"players": 2}, format="json").json()["id"]

    assert_error(alice_api.get(f"/api/games/{game_id}/state/"), 409, "game_not_started")


def test_my_games_list_puts_the_games_where_it_is_my_turn_first(alice, bob, alice_api):
    waiting = started_game(bob, [alice])  # bob (seat 0) is to move
    my_turn = started_game(alice, [bob])
    services_open = alice_api.post("/api/games/", {"players": 3}, format="json").json()["id"]

    games = alice_api.get("/api/games/").json()
    assert games[0]["id"] == my_turn.public_id
    assert {g["id"] for g in games} == {waiting.public_id, my_turn.public_id, services_open}
    assert games[0]["your_turn"] is True
    active = alice_api.get("/api/games/?status=active").json()
    assert {g["id"] for g in active} == {waiting.public_id, my_turn.public_id}
    assert_error(alice_api.get("/api/games/?status=bogus"), 400)


def test_the_lobby_lists_open_games_with_a_free_seat(alice_api, bob_api):
    listed = alice_api.post("/api/games/", {"players": 2, "lobby": True}, format="json").json()
    alice_api.post("/api/games/", {"players": 2}, format="json")  # invite only

    lobby = bob_api.get("/api/lobby/").json()

    assert [g["id"] for g in lobby] == [listed["id"]]
    bob_api.post(f"/api/games/{listed['id']}/join/")
    assert bob_api.get("/api/lobby/").json() == []


def test_leave_undo_and_resign_through_the_api(alice_api, bob_api, carol_api):
    game_id = alice_api.post("/api/games/", {"players": 2}, format="json").json()["id"]
    carol_api.post(f"/api/games/{game_id}/join/")
    assert carol_api.post(f"/api/games/{game_id}/leave/").json()["seats"][1]["user"] is None
    bob_api.post(f"/api/games/{game_id}/join/")
    assert_error(bob_api.post(f"/api/games/{game_id}/start/"), 403, "not_creator")
    alice_api.post(f"/api/games/{game_id}/start/")

    assert_error(alice_api.post(f"/api/games/{game_id}/undo/", {}, format="json"), 409)
    resigned = bob_api.post(f"/api/games/{game_id}/resign/").json()

    assert resigned["status"] == "finished"
    assert resigned["result"]["winners"] == [0]


def test_undo_and_text_notation_through_the_api(alice, bob):
    game = started_game(alice, [bob])
    seat, move = find_undoable_position(game)
    api = client_for(user_of_seat(game, seat))
    game.refresh_from_db()
    version = game.version
    text = engine.describe(replay.state_at(game), seat, move)

    moved = api.post(
        f"/api/games/{game.public_id}/moves/",
        {"text": text, "expected_version": version},
        format="json",
    )
    undone = api.post(
        f"/api/games/{game.public_id}/undo/", {"expected_version": version + 1}, format="json"
    )

    assert moved.status_code == 201, moved.content
    assert undone.status_code == 201, undone.content
    assert undone.json()["version"] == version + 2
    assert (
        undone.json()["view"]
        == api.get(f"/api/games/{game.public_id}/state/?at={version}").json()["view"]
    )
    kinds = [
        e["kind"]
        for e in api.get(f"/api/games/{game.public_id}/events/?page_size=1000").json()["results"]
    ]
    assert kinds[-2:] == ["move", "undo"]


def test_creating_a_game_validates_its_settings(alice_api):
    for body in (
        {"players": 5},
        {"players": 2, "bots": [0, 1]},
        {"players": 2, "bots": [7]},
        {"players": 2, "options": {"layout": "spiral"}},
        {"players": 2, "edition": "3e"},
        {"players": 2, "turn_time_limit": 1},
        {"players": "two"},
    ):
        assert_error(alice_api.post("/api/games/", body, format="json"), 400)


def test_a_game_against_a_bot_plays_itself_to_your_turn(
    alice, eager_celery, django_capture_on_commit_callbacks
):
    api = client_for(alice)
    with django_capture_on_commit_callbacks(execute=True):
        # The other seat is a bot: the game starts as it is created.
        game_id = api.post("/api/games/", {"players": 2, "bots": [0]}, format="json").json()["id"]
    game = Game.objects.get(public_id=game_id)
    bot_moves = Event.objects.filter(game=game, kind="move", seat=0, actor=None)
    assert bot_moves.exists()  # the bot (seat 0) opened the game

    turns = 0
    while turns < 3:  # three of alice's turns, each followed by the bot's
        detail = api.get(f"/api/games/{game_id}/").json()
        if detail["status"] == "finished":
            break
        assert detail["your_turn"] is True, detail
        assert detail["current_seat"] == 1
        game.refresh_from_db()
        move = engine.bots.choose_move(replay.state_at(game), 1)
        bot_moves_before = bot_moves.count()
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(
                f"/api/games/{game_id}/moves/",
                {"move": move, "expected_version": detail["version"]},
                format="json",
            )
        assert response.status_code == 201
        turns += bot_moves.count() > bot_moves_before
    assert turns >= 2


def test_the_api_documentation_is_served(client):
    assert client.get("/api/docs/").status_code == 200
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path in (
        "/api/token/",
        "/api/games/",
        "/api/games/{game_id}/",
        "/api/games/{game_id}/moves/",
        "/api/games/{game_id}/state/",
        "/api/games/{game_id}/legal-moves/",
        "/api/games/{game_id}/events/",
        "/api/games/{game_id}/record/",
    ):
        assert path in schema["paths"]


def test_replay_record_reads_moves_in_notation_and_needs_the_seed(alice, bob, tmp_path):
    from django.core.management.base import CommandError

    game = started_game(alice, [bob])
    for _ in range(5):
        play_one(game)
    game.refresh_from_db()
    record = selectors.game_record(game=game)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError, match="no seed"):
        call_command("replay_record", str(path), stdout=StringIO())

    record["seed"] = game.seed
    record["moves"] = [move["text"] for move in record["moves"]]
    path.write_text(json.dumps(record))
    out = StringIO()
    call_command("replay_record", str(path), stdout=out)

    assert "The game is not over." in out.getvalue()
    assert out.getvalue().count("seat ") >= 5


def test_replay_record_refuses_a_move_when_nobody_is_to_move(alice, bob, tmp_path, monkeypatch):
    from django.core.management.base import CommandError

    import engine

    game = started_game(alice, [bob])
    play_one(game)
    game.refresh_from_db()
    record = {**selectors.game_record(game=game), "seed": game.seed}
    record["moves"] = [{"move": move["move"]} for move in record["moves"]]  # no seat given
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    monkeypatch.setattr(engine, "current_player", lambda state: None)  # as once it is over

    with pytest.raises(CommandError, match=r"Move 1 .* is illegal: the game is over"):
        call_command("replay_record", str(path), stdout=StringIO())


def test_a_game_is_created_with_its_time_control(alice_api):
    response = alice_api.post(
        "/api/games/",
        {
            "players": 2,
            "turn_time_limit": 72 * 3600,
            "timeout_policy": "replace_by_bot",
            "vacation_days": 3,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["turn_time_limit"], body["timeout_policy"], body["vacation_days"]) == (
        72 * 3600,
        "replace_by_bot",
        3,
    )
    game = Game.objects.get(public_id=body["id"])
    assert (game.timeout_policy, game.vacation_days) == ("replace_by_bot", 3)


@pytest.mark.parametrize(
    "field",
    [{"timeout_policy": "forfeit"}, {"vacation_days": -1}, {"vacation_days": 61}],
)
def test_a_bad_time_control_is_400_and_creates_nothing(alice_api, field):
    before = Game.objects.count()
    response = alice_api.post("/api/games/", {"players": 2, **field}, format="json")
    assert_error(response, 400)
    assert Game.objects.count() == before


@pytest.mark.parametrize(
    ("bot_kind", "stored"), [("beginner", "random"), ("normal", "heuristic"), ("random", "random")]
)
def test_the_api_takes_bot_strengths_and_the_kinds_and_answers_with_the_kind(
    alice_api, bot_kind, stored
):
    response = alice_api.post(
        "/api/games/", {"players": 3, "bots": [2], "bot_kind": bot_kind}, format="json"
    )

    assert response.status_code == 201, response.content
    assert response.json()["status"] == "open", "a seat is left for someone else"
    assert [seat["bot"] for seat in response.json()["seats"]] == [None, None, stored]


def test_an_unknown_bot_strength_is_400_and_creates_nothing(alice_api):
    response = alice_api.post(
        "/api/games/", {"players": 2, "bots": [1], "bot_kind": "grandmaster"}, format="json"
    )

    assert_error(response, 400)
    assert not Game.objects.exists()

"""Rated or not at creation (service, form, API), and the ratings following the games app's
announcements: a resignation that ends a rated game, a moderator's rollback."""

from __future__ import annotations

from datetime import timedelta

import pytest

from common.errors import InvalidRequestError
from games import services
from games.models import GameStatus, TimeoutPolicy
from games.moderation import game_rollback
from games.timecontrol.deadlines import turn_deadline_apply
from games.web.forms import NewGameForm
from players.models import RatedGame, Rating
from tests.games.helpers import client_for, play_one, started_game

pytestmark = pytest.mark.django_db


def test_games_of_people_are_rated_by_default_and_games_with_bots_are_not(alice):
    assert services.game_create(creator=alice, players=3).rated
    assert not services.game_create(creator=alice, players=3, bots=[2]).rated
    assert services.game_create(creator=alice, players=3, bots=[2], rated=True).rated
    assert not services.game_create(creator=alice, players=2, rated=False).rated


def test_a_rated_game_needs_two_people(alice):
    with pytest.raises(InvalidRequestError) as raised:
        services.game_create(creator=alice, players=2, bots=[1], rated=True)
    assert raised.value.code == "bad_rated"


def test_the_api_takes_and_shows_the_choice(alice):
    api = client_for(alice)
    answer = api.post("/api/games/", {"players": 2}, format="json")
    assert answer.status_code == 201
    assert answer.json()["rated"] is True
    answer = api.post("/api/games/", {"players": 2, "rated": False}, format="json")
    assert answer.status_code == 201
    assert answer.json()["rated"] is False
    answer = api.post("/api/games/", {"players": 2, "bots": [1], "rated": True}, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_rated"
    assert alice.created_games.count() == 2


def form(**fields: object) -> NewGameForm:
    data = {
        "players": "3",
        "bot_kind": "heuristic",
        "layout": "beginner",
        "turn_limit_hours": "0",
        "timeout_policy": "bot_move",
        "vacation_days": "0",
        "visibility": "invite",
        **fields,
    }
    return NewGameForm(data=data)


def test_the_form_offers_default_rated_and_unrated():
    default = form()
    assert default.is_valid()
    assert default.service_arguments()["rated"] is None
    with_a_bot = form(rated="yes", bots=["2"])
    assert with_a_bot.is_valid()
    assert with_a_bot.service_arguments()["rated"] is True
    chosen = form(rated="no")
    assert chosen.is_valid()
    assert chosen.service_arguments()["rated"] is False
    too_few = form(rated="yes", bots=["1", "2"])
    assert not too_few.is_valid()
    assert "rated" in too_few.errors


@pytest.fixture
def settled(eager_celery, django_capture_on_commit_callbacks):
    """Run the commit hooks (the ratings task is queued by one) of whatever the test does."""

    def run(action, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return action(*args, **kwargs)

    return run


def test_a_resignation_that_ends_a_rated_game_counts_at_once(settled, alice, bob):
    game = started_game(alice, [bob])
    play_one(game)
    settled(services.game_resign, game=game, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert RatedGame.objects.filter(game=game).exists()
    assert Rating.objects.get(user=bob).ordinal > Rating.objects.get(user=alice).ordinal


def test_a_rollback_of_a_finished_rated_game_takes_it_out(settled, moderator, alice, bob):
    game = started_game(alice, [bob])
    play_one(game)
    play_one(game)
    settled(services.game_resign, game=game, user=bob)
    assert Rating.objects.filter(user=alice, games=1).exists()
    settled(game_rollback, game=game, to_seq=2, moderator=moderator, reason="resigned by mistake")
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert not RatedGame.objects.exists()
    assert not Rating.objects.exists()


def test_a_rated_game_abandoned_when_a_turn_runs_out_counts_against_the_late_player(
    settled, alice, bob
):
    game = started_game(
        alice, [bob], turn_time_limit=timedelta(hours=1), timeout_policy=TimeoutPolicy.ABANDON
    )
    game.refresh_from_db()
    late = game.seats.get(index=game.current_seat).user
    assert game.turn_deadline is not None
    action = settled(
        turn_deadline_apply, game_id=game.pk, now=game.turn_deadline + timedelta(seconds=1)
    )
    assert action == TimeoutPolicy.ABANDON
    other = bob if late == alice else alice
    assert Rating.objects.get(user=other).ordinal > Rating.objects.get(user=late).ordinal


def test_an_unrated_game_leaves_the_ratings_alone(settled, alice, bob):
    game = services.game_create(creator=alice, players=2, rated=False)
    services.game_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    settled(services.game_resign, game=game, user=alice)
    assert not Rating.objects.exists()


def test_the_waiting_room_and_the_game_page_say_whether_the_game_is_rated(alice, bob):
    from tests.games.play_helpers import client_of

    rated = services.game_create(creator=alice, players=2)
    unrated = services.game_create(creator=alice, players=2, rated=False)
    browser = client_of(alice)
    assert "· rated ·" in browser.get(f"/games/join/{rated.public_id}/").content.decode()
    assert "· unrated ·" in browser.get(f"/games/join/{unrated.public_id}/").content.decode()
    services.game_join(game=rated, user=bob)
    services.game_start(game=rated, user=alice)
    assert "layout · rated</p>" in browser.get(f"/games/{rated.public_id}/").content.decode()

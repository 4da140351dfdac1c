"""Finding one's games: the next game where it is my turn, how many wait (tab title and API),
My games by the nearest deadline, finished games by end date until dismissed (per user)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from common.errors import ConflictError
from games import selectors, services
from games.models import DismissedGame, Game
from games.services import notes
from tests.games.helpers import client_for, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_waiting(alice):
    """Three games against a bot, each waiting for alice, with deadlines in 3 h, 1 h, none."""
    games = [started_game(alice, bots=[1]) for _ in range(3)]
    now = timezone.now()
    for game, hours in zip(games, (3, 1, None), strict=True):
        deadline = now + timedelta(hours=hours) if hours else None
        Game.objects.filter(pk=game.pk).update(turn_deadline=deadline, current_seat=0)
    return games


def test_the_next_game_is_the_nearest_deadline_other_than_this_one(alice, three_waiting):
    later, sooner, no_deadline = three_waiting
    order = [g.public_id for g in selectors.waiting_games(user=alice)]
    assert order == [sooner.public_id, later.public_id, no_deadline.public_id]
    client = client_of(alice)
    answer = client.get(f"/games/next/?from={sooner.public_id}")
    assert answer.status_code == 302
    assert answer["Location"] == f"/games/{later.public_id}/"
    assert client.get("/games/next/")["Location"] == f"/games/{sooner.public_id}/"


def test_with_no_other_game_waiting_the_next_link_goes_to_my_games(alice, bob):
    game = started_game(alice, [bob])
    Game.objects.filter(pk=game.pk).update(current_seat=0)
    answer = client_of(alice).get(f"/games/next/?from={game.public_id}", follow=True)
    assert answer.redirect_chain[-1][0] == "/games/"
    assert "No other game is waiting for your move." in answer.content.decode()
    # bob: it is not his turn anywhere
    assert client_of(bob).get("/games/next/")["Location"] == "/games/"


def test_the_count_of_waiting_games_is_in_the_tab_title_and_the_api(alice, bob, three_waiting):
    later, sooner, _ = three_waiting
    html = client_of(alice).get(f"/games/{later.public_id}/").content.decode()
    assert "<title>(3) " in html
    assert 'id="next-game"' in html
    assert 'aria-keyshortcuts="n"' in html
    assert "<title>(3) " in client_of(alice).get("/games/").content.decode()
    assert client_of(alice).get("/games/waiting/").json() == {
        "count": 3,
        "next": f"/games/{sooner.public_id}/",
    }
    api = client_for(alice).get("/api/games/waiting/").json()
    assert api["count"] == 3
    assert api["games"][0] == sooner.public_id
    assert client_of(bob).get("/games/waiting/").json() == {"count": 0, "next": None}


def test_my_games_lists_the_nearest_deadline_first(alice, three_waiting):
    later, sooner, no_deadline = three_waiting
    html = client_of(alice).get("/games/").content.decode()
    positions = [html.index(f'data-game="{g.public_id}"') for g in (sooner, later, no_deadline)]
    assert positions == sorted(positions)
    listed = [g["id"] for g in client_for(alice).get("/api/games/").json()]
    assert listed == [sooner.public_id, later.public_id, no_deadline.public_id]


@pytest.fixture
def two_finished(alice, bob):
    """Two games alice and bob finished (bob resigned), the second ended last."""
    games = []
    for days in (2, 1):
        game = started_game(alice, [bob])
        services.game_resign(game=game, user=bob)
        Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - timedelta(days=days))
        games.append(game)
    return games


def test_finished_games_are_listed_by_end_date_until_dismissed_per_user(alice, bob, two_finished):
    first, last = two_finished
    html = client_of(alice).get("/games/").content.decode()
    where = {game: html.index(f'data-game="{game.public_id}"') for game in (first, last)}
    assert where[last] < where[first]
    assert 'data-testid="dismiss"' in html
    answer = client_of(alice).post(f"/games/{first.public_id}/dismiss/")
    assert answer.status_code == 302
    assert f'data-game="{first.public_id}"' not in client_of(alice).get("/games/").content.decode()
    # bob still has it; the game itself and its replay are untouched
    assert f'data-game="{first.public_id}"' in client_of(bob).get("/games/").content.decode()
    assert client_of(alice).get(f"/games/{first.public_id}/replay/").status_code == 200
    api = [g["id"] for g in client_for(alice).get("/api/games/").json()]
    assert api == [last.public_id]
    everything = client_for(alice).get("/api/games/?dismissed=true").json()
    assert [g["id"] for g in everything] == [last.public_id, first.public_id]
    client_of(alice).post(f"/games/{first.public_id}/dismiss/", {"undo": "1"})
    assert f'data-game="{first.public_id}"' in client_of(alice).get("/games/").content.decode()


def test_a_game_in_play_cannot_be_dismissed(alice, bob, carol):
    game = started_game(alice, [bob])
    with pytest.raises(ConflictError):
        notes.game_dismiss(game=game, user=alice)
    assert client_for(alice).post(f"/api/games/{game.public_id}/dismiss/").status_code == 409
    assert client_for(carol).post(f"/api/games/{game.public_id}/dismiss/").status_code == 403
    assert not DismissedGame.objects.exists()


def test_the_api_dismisses_and_lists_again(alice, two_finished):
    first, _ = two_finished
    url = f"/api/games/{first.public_id}/dismiss/"
    assert client_for(alice).post(url).status_code == 204
    assert client_for(alice).post(url).status_code == 204  # twice is once
    assert DismissedGame.objects.filter(game=first, user=alice).count() == 1
    assert client_for(alice).delete(url).status_code == 204
    assert not DismissedGame.objects.exists()

"""Bot seats move through the Celery task queued on commit, until a human is to move."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Event, Game, GameStatus
from games.services import bots
from games.tasks import play_bot_turns, sweep_bot_turns
from tests.games.helpers import client_for, play_one, started_game


@pytest.mark.django_db(transaction=True)
def test_after_a_commit_the_queued_task_plays_the_bots_to_the_humans_turn(alice, eager_celery):
    """The real path: commit, on_commit, Celery task (run in-process), the submit service."""
    api = client_for(alice)
    # Every other seat a bot: the game starts as it is created, and the first bot moves.
    started = api.post("/api/games/", {"players": 3, "bots": [0, 2]}, format="json").json()

    game = Game.objects.get(public_id=started["id"])
    assert started["status"] == "active"
    assert api.post(f"/api/games/{game.public_id}/start/").status_code == 409
    assert game.current_seat == 1
    assert Event.objects.filter(game=game, kind="move", seat=0, actor=None).exists()
    for _ in range(5000):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        assert game.current_seat == 1, "a bot is to move but no task played it"
        play_one(game, queue_bots=True)
    assert game.status == GameStatus.FINISHED
    assert set(Event.objects.filter(game=game, actor=None).values_list("seat", flat=True)) == {
        0,
        2,
    }


@pytest.mark.django_db
def test_the_bot_task_is_idempotent(alice):
    game = started_game(alice, bots=[0], players=2)

    first = play_bot_turns(game.pk, game.version)
    again = play_bot_turns(game.pk, game.version)

    game.refresh_from_db()
    assert first > 0
    assert again == 0
    assert game.current_seat == 1


@pytest.mark.django_db
def test_the_bot_task_does_nothing_when_a_human_is_to_move(alice, bob):
    game = started_game(alice, [bob])

    assert play_bot_turns(game.pk, game.version) == 0
    assert services.bot_turns_play(game_id=game.pk + 1000, version=1) == 0


@pytest.mark.django_db
def test_the_sweep_queues_the_bots_of_games_left_waiting_on_one(alice, bob, monkeypatch):
    waiting = started_game(alice, bots=[0], players=2)  # the bot is to move; no task ran
    started_game(alice, [bob])  # a human is to move: nothing to do
    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(bots, "queue_bot_turns", lambda *args: queued.append(args))

    assert sweep_bot_turns() == 0  # not waiting long enough yet
    Game.objects.filter(pk=waiting.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    assert sweep_bot_turns() == 1

    assert queued == [(waiting.pk, waiting.version)]

"""The event log (games/ledger.py): one way to append, one way to end a game, and an
announcement of each new position inside the event's transaction."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction

from games import moderation, services, signals
from games.models import Event, Game, GameStatus, TimeoutPolicy
from games.services import bots
from games.timecontrol.deadlines import turn_deadline_apply
from tests.games.helpers import play_one, play_to_end, started_game

pytestmark = pytest.mark.django_db


def assert_ended(game: Game, status: str) -> None:
    """The one set of fields every ended game has, whatever ended it."""
    game.refresh_from_db()
    assert game.status == status
    assert game.finished_at is not None
    assert game.turn_since == game.finished_at
    assert (game.current_seat, game.turn_deadline, game.paused_remaining) == (None, None, None)


def test_a_game_the_engine_ends_has_the_ended_fields(alice):
    game = started_game(alice, bots=[1])
    play_to_end(game)
    assert_ended(game, GameStatus.FINISHED)


def test_a_resignation_ends_a_two_player_game_with_the_same_fields(alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=1))
    services.game_resign(game=game, user=bob)
    assert_ended(game, GameStatus.FINISHED)


def test_a_timeout_that_abandons_the_game_ends_it_with_the_same_fields(alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=1))
    Game.objects.filter(pk=game.pk).update(
        timeout_policy=TimeoutPolicy.ABANDON, turn_deadline=game.turn_deadline - timedelta(days=1)
    )
    assert turn_deadline_apply(game_id=game.pk) == TimeoutPolicy.ABANDON
    assert_ended(game, GameStatus.ABANDONED)


def test_a_moderator_abandoning_a_paused_game_ends_it_with_the_same_fields(alice, bob, superuser):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=1))
    moderation.game_pause(game=game, moderator=superuser, reason="looking into it")
    moderation.game_abandon(game=game, moderator=superuser, reason="cheating")
    assert_ended(game, GameStatus.ABANDONED)


def test_the_creator_leaving_an_open_game_ends_it_with_the_same_fields(alice):
    game = services.game_create(creator=alice, players=2)
    services.game_leave(game=game, user=alice)
    assert_ended(game, GameStatus.ABANDONED)


def test_a_game_a_moderator_abandoned_resumes_with_the_seat_its_state_says_is_to_move(
    alice, bob, superuser
):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=1))
    for _ in range(12):
        play_one(game)
    game.refresh_from_db()
    to_move = game.current_seat
    moderation.game_abandon(game=game, moderator=superuser, reason="cheating")
    moderation.game_resume(game=game, moderator=superuser, reason="it was not")
    game.refresh_from_db()
    assert (game.status, game.current_seat) == (GameStatus.ACTIVE, to_move)
    assert game.turn_deadline == game.turn_since + timedelta(hours=1)


def test_each_new_position_is_announced_with_the_seat_that_was_to_move(alice, bob):
    game = started_game(alice, [bob])
    heard = []

    def listen(sender, *, game, seq, before_seat, seats, bots_may_move, **kwargs):
        heard.append((seq, before_seat, game.current_seat, len(seats), bots_may_move))

    signals.game_advanced.connect(listen)
    try:
        before = game.current_seat
        result = play_one(game)
    finally:
        signals.game_advanced.disconnect(listen)
    game.refresh_from_db()
    assert heard == [(result.version, before, game.current_seat, 2, False)]


def test_a_receiver_that_fails_rolls_the_event_back(alice, bob):
    game = started_game(alice, [bob])
    events = Event.objects.filter(game=game).count()

    def fail(sender, **kwargs):
        raise RuntimeError("the outbox is full")

    signals.game_advanced.connect(fail)
    try:
        with pytest.raises(RuntimeError):
            play_one(game)
    finally:
        signals.game_advanced.disconnect(fail)
    game.refresh_from_db()
    assert Event.objects.filter(game=game).count() == events
    assert game.version == events


def test_resigning_while_a_bot_is_to_move_queues_the_bot_at_the_new_version(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob], bots=[2])
    while True:  # play until the bot (seat 2) is to move
        game.refresh_from_db()
        if game.current_seat == 2:
            break
        play_one(game)
    queued = []
    monkeypatch.setattr(bots, "queue_bot_turns", lambda *args: queued.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=alice)
    game.refresh_from_db()
    assert queued == [(game.pk, game.version)]


def test_an_outer_transaction_that_rolls_back_takes_the_announced_rows_with_it(alice, bob):
    from notifications.models import Notification

    game = started_game(alice, [bob])
    rows = Notification.objects.count()
    written = []

    def resign_then_fail() -> None:
        with transaction.atomic():
            services.game_resign(game=game, user=bob)
            written.append(Notification.objects.count() - rows)  # "game over" to both
            raise RuntimeError("the request failed after the service")

    with pytest.raises(RuntimeError):
        resign_then_fail()
    assert written == [2]
    assert Notification.objects.count() == rows

"""Turn deadlines: found in the database by a sweep, the game's policy applied exactly once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone

from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from games.models import BotKind, Event, EventKind, Game, GameStatus, TimeoutPolicy
from games.timecontrol.clock import time_control_set
from games.timecontrol.deadlines import turn_deadline_apply, turn_deadlines_sweep
from notifications.models import Kind, Notification
from notifications.scheduled import deadline_warnings_queue, reminders_queue
from tests.games.helpers import started_game
from tests.notifications.helpers import decide

HOUR = timedelta(hours=1)


def timed_game(alice, others, *, policy=TimeoutPolicy.BOT_MOVE, vacation_days=0, limit=HOUR):
    game = started_game(alice, others, turn_time_limit=limit)
    Game.objects.filter(pk=game.pk).update(timeout_policy=policy, vacation_days=vacation_days)
    game.refresh_from_db()
    return game


def expire(game: Game, ago: timedelta = timedelta(minutes=1)) -> None:
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - ago)
    game.refresh_from_db()


def timeouts(game: Game) -> list[dict]:
    return [
        e.payload for e in Event.objects.filter(game=game, kind=EventKind.TIMEOUT).order_by("seq")
    ]


def kinds_by_user(game: Game) -> list[tuple[str, str]]:
    return sorted(Notification.objects.filter(game=game).values_list("recipient__username", "kind"))


@pytest.mark.django_db
def test_a_turn_passing_to_a_human_sets_a_deadline_from_the_time_control(alice, bob):
    before = timezone.now()
    game = timed_game(alice, [bob])

    assert before + HOUR <= game.turn_deadline <= timezone.now() + HOUR


@pytest.mark.django_db
def test_nothing_happens_before_the_deadline(alice, bob):
    game = timed_game(alice, [bob])

    assert turn_deadlines_sweep() == 0
    assert timeouts(game) == []


@pytest.mark.django_db
def test_bot_move_policy_a_bot_plays_the_late_turn_and_the_next_player_gets_their_turn(alice, bob):
    game = timed_game(alice, [bob], policy=TimeoutPolicy.BOT_MOVE)
    missed = game.turn_deadline = timezone.now() - timedelta(minutes=1)
    Game.objects.filter(pk=game.pk).update(turn_deadline=missed)
    Notification.objects.all().delete()

    assert turn_deadlines_sweep() == 1

    game.refresh_from_db()
    assert game.current_seat == 1
    assert game.turn_deadline > timezone.now() + timedelta(minutes=59)
    [timeout] = timeouts(game)
    assert timeout == {"seat": 0, "action": "bot_move", "deadline": missed.isoformat()}
    bot_moves = Event.objects.filter(game=game, kind=EventKind.MOVE, seat=0)
    assert bot_moves.exists()
    assert not bot_moves.exclude(actor=None).exists()
    assert game.seats.get(index=0).bot == ""  # still alice's seat for her next turn
    assert kinds_by_user(game) == [
        ("alice", Kind.DEADLINE_PASSED),
        ("bob", Kind.DEADLINE_PASSED),
        ("bob", Kind.YOUR_TURN),
    ]
    assert turn_deadlines_sweep() == 0


@pytest.mark.django_db
def test_replace_by_bot_policy_a_bot_takes_the_seat_for_the_rest_of_the_game(alice, bob):
    game = timed_game(alice, [bob], policy=TimeoutPolicy.REPLACE_BY_BOT)
    expire(game)

    assert turn_deadline_apply(game_id=game.pk) == TimeoutPolicy.REPLACE_BY_BOT

    game.refresh_from_db()
    seat = game.seats.get(index=0)
    assert (seat.bot, seat.user) == (BotKind.HEURISTIC, alice)
    assert game.status == GameStatus.ACTIVE
    assert game.current_seat == 1
    assert [t["action"] for t in timeouts(game)] == ["replace_by_bot"]


@pytest.mark.django_db
def test_replace_by_bot_with_no_other_human_left_abandons_the_game(alice):
    game = started_game(alice, bots=[1], players=2, turn_time_limit=HOUR)
    Game.objects.filter(pk=game.pk).update(timeout_policy=TimeoutPolicy.REPLACE_BY_BOT)
    expire(game)

    assert turn_deadline_apply(game_id=game.pk) == TimeoutPolicy.ABANDON

    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED


@pytest.mark.django_db
def test_abandon_policy_ends_the_game_and_tells_everyone(alice, bob):
    game = timed_game(alice, [bob], policy=TimeoutPolicy.ABANDON)
    expire(game)
    Notification.objects.all().delete()

    assert turn_deadlines_sweep() == 1

    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED
    assert game.result == {"reason": "timeout", "seat": 0, "winners": []}
    assert (game.current_seat, game.turn_deadline) == (None, None)
    assert kinds_by_user(game) == [("alice", Kind.DEADLINE_PASSED), ("bob", Kind.DEADLINE_PASSED)]
    assert turn_deadlines_sweep() == 0


@pytest.mark.django_db
def test_vacation_days_stop_the_clock_a_day_at_a_time_before_the_policy_applies(alice, bob):
    game = timed_game(alice, [bob], policy=TimeoutPolicy.ABANDON, vacation_days=2)
    expire(game)
    first = game.turn_deadline
    Notification.objects.all().delete()

    assert turn_deadline_apply(game_id=game.pk) == "vacation_day"

    game.refresh_from_db()
    assert game.turn_deadline == first + timedelta(days=1)
    assert game.seats.get(index=0).vacation_used == timedelta(days=1)
    assert game.status == GameStatus.ACTIVE
    assert game.current_seat == 0
    assert kinds_by_user(game) == [("alice", Kind.DEADLINE_PASSED)]  # only the late player
    assert timeouts(game)[0]["vacation_left_seconds"] == 86400

    now = game.turn_deadline + timedelta(seconds=1)
    assert turn_deadline_apply(game_id=game.pk, now=now) == "vacation_day"
    game.refresh_from_db()
    now = game.turn_deadline + timedelta(seconds=1)
    assert turn_deadline_apply(game_id=game.pk, now=now) == TimeoutPolicy.ABANDON
    assert [t["action"] for t in timeouts(game)] == ["vacation_day", "vacation_day", "abandon"]


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_racing_apply_the_policy_exactly_once(alice, bob, carol):
    if connection.vendor != "postgresql":
        pytest.skip("row locks with SKIP LOCKED need PostgreSQL")
    game = timed_game(alice, [bob, carol], policy=TimeoutPolicy.BOT_MOVE)
    for _ in range(4):  # several rounds: the threads meet at different moments
        expire(game)
        seat = game.current_seat
        before = len(timeouts(game))
        barrier = threading.Barrier(2)
        applied: list[int] = []
        threads = [threading.Thread(target=_sweep, args=(barrier, applied)) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)

        game.refresh_from_db()
        assert sorted(applied) == [0, 1]
        assert len(timeouts(game)) == before + 1
        assert game.current_seat == (seat + 1) % 3
        late = timeouts(game)[-1]["seat"]
        assert late == seat
        last = Event.objects.filter(game=game, kind=EventKind.TIMEOUT).latest("seq").seq
        told = Notification.objects.filter(kind=Kind.DEADLINE_PASSED, event_seq=last)
        assert told.count() == 3


def _sweep(barrier: threading.Barrier, applied: list[int]) -> None:
    """One sweeping thread (with its own database connection)."""
    try:
        barrier.wait(timeout=10)
        applied.append(turn_deadlines_sweep())
    finally:
        connections.close_all()


@pytest.mark.django_db
def test_the_deadline_warning_is_written_once_and_not_in_the_first_half_of_the_turn(
    alice, bob, settings
):
    settings.NOTIFY_DEADLINE_WARNING_BEFORE = 12 * 3600
    game = timed_game(alice, [bob])  # a one-hour turn: warned after 30 minutes
    Notification.objects.all().delete()

    assert deadline_warnings_queue(now=game.turn_since + timedelta(minutes=20)) == 0
    assert deadline_warnings_queue(now=game.turn_since + timedelta(minutes=40)) == 1
    assert deadline_warnings_queue(now=game.turn_since + timedelta(minutes=41)) == 0
    decide(game, keep_turn=True)  # a decision in the same turn: still one warning
    assert deadline_warnings_queue(now=game.turn_since + timedelta(minutes=45)) == 0

    [warning] = Notification.objects.filter(kind=Kind.DEADLINE_WARNING)
    assert warning.recipient == alice
    assert warning.context["policy_text"] == "a bot will play that turn for you"


@pytest.mark.django_db
def test_a_reminder_goes_to_a_player_who_has_not_moved_for_a_while_once_per_position(
    alice, bob, settings
):
    settings.NOTIFY_REMINDER_AFTER = 24 * 3600
    game = started_game(alice, [bob])  # no time control
    Notification.objects.all().delete()
    now = timezone.now()
    assert reminders_queue(now=now) == 0

    Game.objects.filter(pk=game.pk).update(
        turn_since=now - timedelta(days=2), updated_at=now - timedelta(days=2)
    )
    assert reminders_queue(now=now) == 1
    assert reminders_queue(now=now) == 0

    decide(game, keep_turn=True)  # alice did something, then went quiet again
    Game.objects.filter(pk=game.pk).update(updated_at=now - timedelta(days=2))
    assert reminders_queue(now=now) == 1
    reminded = Notification.objects.filter(kind=Kind.REMINDER)
    assert list(reminded.values_list("recipient__username", flat=True)) == ["alice", "alice"]


@pytest.mark.django_db
def test_only_the_creator_sets_the_clock_of_an_open_game(alice, bob):
    from games import services

    game = services.game_create(creator=alice, players=2)

    time_control_set(
        game=game,
        user=alice,
        turn_time_limit=timedelta(days=3),
        timeout_policy=TimeoutPolicy.REPLACE_BY_BOT,
        vacation_days=7,
    )
    game.refresh_from_db()
    assert (game.turn_time_limit, game.timeout_policy, game.vacation_days) == (
        timedelta(days=3),
        TimeoutPolicy.REPLACE_BY_BOT,
        7,
    )
    with pytest.raises(NotAllowedError):
        time_control_set(game=game, user=bob, turn_time_limit=None)
    with pytest.raises(InvalidRequestError):
        time_control_set(game=game, user=alice, turn_time_limit=timedelta(seconds=5))
    with pytest.raises(InvalidRequestError):
        time_control_set(game=game, user=alice, turn_time_limit=None, timeout_policy="nap")
    services.game_join(game=game, user=bob)
    services.game_start(game=game, user=alice)
    with pytest.raises(ConflictError):
        time_control_set(game=game, user=alice, turn_time_limit=None)

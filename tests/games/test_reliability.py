"""A fair reliability signal: games finished and median response time in waking hours,
without vacation; shown in the lobby and usable as a join condition."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from common.errors import ConflictError
from games import services
from games.models import Game, GameStatus, Seat, SeatStatus, TurnTime
from games.reliability import reliability_of
from games.timecontrol.deadlines import turn_deadline_apply
from tests.games.clock_helpers import end_turn, frozen, living_in, utc
from tests.games.helpers import client_for, started_game

H = timedelta(hours=1)


def ended_game(creator, user, *, left: bool = False, late: bool = False, moderator=False):
    """A started and ended 2-player game of ``user`` against ``creator``."""
    now = timezone.now()
    if late:
        status, result = GameStatus.ABANDONED, {"reason": "timeout", "seat": 1, "winners": []}
    elif moderator:
        status, result = GameStatus.ABANDONED, {"reason": "moderator", "winners": []}
    else:
        status, result = GameStatus.FINISHED, {"reason": "game_over", "winners": [0]}
    game = Game.objects.create(
        players=2,
        created_by=creator,
        status=status,
        started_at=now - timedelta(days=3),
        finished_at=now,
        result=result,
    )
    Seat.objects.create(game=game, index=0, colour="blue", user=creator)
    Seat.objects.create(
        game=game,
        index=1,
        colour="red",
        user=user,
        status=SeatStatus.RESIGNED if left else SeatStatus.PLAYING,
    )
    return game


@pytest.mark.django_db
def test_response_time_counts_only_the_players_waking_hours(alice, bob):
    living_in(alice, "Europe/Paris")
    with frozen(utc(2026, 2, 9, 21)):  # 22:00 in Paris; the game has no quiet hours
        game = started_game(alice, [bob], turn_time_limit=48 * H, quiet_hours=None)
    end_turn(game, utc(2026, 2, 10, 7))  # 08:00 in Paris: 1 hour before her night, 1 after
    [taken] = TurnTime.objects.filter(user=alice)
    assert taken.seconds == 2 * 3600
    assert reliability_of([alice.pk])[alice.pk].median_seconds == 7200


@pytest.mark.django_db
def test_response_time_leaves_the_vacation_out(alice, bob):
    monday = utc(2026, 2, 9, 8)
    with frozen(monday):
        game = started_game(alice, [bob], turn_time_limit=H, vacation_days=2, quiet_hours=None)
    with frozen(monday + 2 * H):
        assert turn_deadline_apply(game_id=game.pk) == "vacation_day"
    end_turn(game, utc(2026, 2, 11, 12))  # Wednesday noon
    # Awake 15 h on Monday, 16 h on Tuesday, 5 h on Wednesday; a day of it was vacation.
    assert TurnTime.objects.get(user=alice).seconds == 12 * 3600


@pytest.mark.django_db
def test_share_finished_counts_leaving_and_own_timeouts_only(alice, bob, carol):
    for _ in range(9):
        ended_game(alice, bob)
    ended_game(alice, bob, left=True)
    for _ in range(4):
        ended_game(alice, carol)
    ended_game(alice, carol, late=True)
    ended_game(alice, carol, moderator=True)  # not carol's doing: not counted
    signals = reliability_of([bob.pk, carol.pk, alice.pk])
    assert (signals[bob.pk].percent, signals[bob.pk].games) == (90, 10)
    assert (signals[carol.pk].percent, signals[carol.pk].games) == (80, 5)
    assert signals[alice.pk].percent == 100  # the other seat's timeout is not hers
    assert signals[bob.pk].text() == "finishes 90 %"


@pytest.mark.django_db
def test_join_condition_refuses_a_player_below_it_with_the_reason(alice, bob, carol, make_user):
    for _ in range(9):
        ended_game(alice, bob)
    ended_game(alice, bob, left=True)
    for _ in range(4):
        ended_game(alice, carol)
    ended_game(alice, carol, late=True)
    game = services.game_create(creator=alice, players=4, min_finished_percent=90)

    with pytest.raises(ConflictError) as refused:
        services.game_join(game=game, user=carol)
    assert refused.value.code == "below_join_condition"
    assert "finish at least 90 %" in refused.value.message
    assert "you have finished 4 of 5 (80 %)" in refused.value.message
    assert not game.seats.filter(user=carol).exists()

    assert services.game_join(game=game, user=bob).index == 1  # 90 %: just enough
    newcomer = make_user("dora")
    assert services.game_join(game=game, user=newcomer).index == 2  # nobody refused for being new

    answer = client_for(carol).post(f"/api/games/{game.public_id}/join/")
    assert answer.status_code == 409
    assert answer.json()["code"] == "below_join_condition"


@pytest.mark.django_db
def test_the_lobby_shows_the_signal_and_the_condition(client, alice, bob):
    for _ in range(3):
        ended_game(bob, alice)
    ended_game(bob, alice, left=True)
    TurnTime.objects.create(
        user=alice, game=Game.objects.first(), ended_at=timezone.now(), seconds=3 * 3600
    )
    game = services.game_create(creator=alice, players=2, lobby=True, min_finished_percent=75)
    client.force_login(bob)
    lobby = client.get("/games/open/").content.decode()
    assert "finishes 75 % · answers in 3 hours" in lobby
    assert "for players who finish 75 % of their games" in lobby
    room = client.get(f"/games/join/{game.public_id}/").content.decode()
    assert "finishes 75 % · answers in 3 hours" in room


@pytest.mark.django_db
@pytest.mark.parametrize("percent", [0, 101])
def test_a_bad_join_condition_is_refused(alice, percent):
    answer = client_for(alice).post(
        "/api/games/", {"players": 2, "min_finished_percent": percent}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_min_finished_percent"
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_lobby_api_gives_each_players_reliability(alice, bob):
    for _ in range(3):
        ended_game(bob, alice)
    ended_game(bob, alice, left=True)
    services.game_create(creator=alice, players=2, lobby=True, min_finished_percent=75)
    [listed] = client_for(bob).get("/api/lobby/").json()
    assert listed["min_finished_percent"] == 75
    mine = next(seat for seat in listed["seats"] if seat["user"] == "alice")
    assert mine["reliability"] == {
        "finished_percent": 75,
        "games": 4,
        "median_response_seconds": None,
    }

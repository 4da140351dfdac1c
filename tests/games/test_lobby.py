"""Creating, joining, leaving and starting games."""

from __future__ import annotations

from datetime import timedelta

import pytest

from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from games import services
from games.models import Event, GameStatus

pytestmark = pytest.mark.django_db


def test_the_creator_takes_the_first_seat_that_is_not_a_bot(alice):
    game = services.game_create(creator=alice, players=3, bots=[0])

    seats = list(game.seats.order_by("index"))
    assert [(s.index, s.bot, s.user) for s in seats] == [
        (0, "heuristic", None),
        (1, "", alice),
        (2, "", None),
    ]
    assert [s.colour for s in seats] == ["blue", "red", "yellow"]
    assert game.status == GameStatus.OPEN
    assert game.version == 0


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"players": 1}, "bad_players"),
        ({"players": 5}, "bad_players"),
        ({"players": 2, "edition": "9e"}, "bad_edition"),
        ({"players": 2, "bots": [0, 1]}, "bad_bots"),
        ({"players": 2, "bots": [2]}, "bad_bots"),
        ({"players": 2, "options": {"layout": "spiral"}}, "bad_options"),
        ({"players": 2, "turn_time_limit": timedelta(seconds=5)}, "bad_turn_time_limit"),
    ],
)
def test_a_game_is_not_created_from_bad_settings(alice, options, code):
    with pytest.raises(InvalidRequestError) as error:
        services.game_create(creator=alice, **options)
    assert error.value.code == code


def test_players_join_the_free_seats_in_order_and_joining_twice_changes_nothing(alice, bob):
    game = services.game_create(creator=alice, players=2)

    seat = services.game_join(game=game, user=bob)
    again = services.game_join(game=game, user=bob)

    assert seat.index == again.index == 1
    assert game.seats.filter(user=bob).count() == 1


def test_a_full_game_cannot_be_joined(alice, bob, carol):
    game = services.game_create(creator=alice, players=2)
    services.game_join(game=game, user=bob)

    with pytest.raises(ConflictError) as error:
        services.game_join(game=game, user=carol)
    assert error.value.code == "game_full"


def test_a_player_may_leave_before_the_start_and_the_seat_is_free_again(alice, bob, carol):
    game = services.game_create(creator=alice, players=2)
    services.game_join(game=game, user=bob)

    services.game_leave(game=game, user=bob)
    services.game_join(game=game, user=carol)

    assert game.seats.get(index=1).user == carol


def test_the_creator_leaving_abandons_the_game(alice):
    game = services.game_create(creator=alice, players=2)

    game = services.game_leave(game=game, user=alice)

    assert game.status == GameStatus.ABANDONED


def test_only_the_creator_starts_and_only_a_full_game(alice, bob):
    game = services.game_create(creator=alice, players=2)
    with pytest.raises(ConflictError) as error:
        services.game_start(game=game, user=alice)
    assert error.value.code == "game_not_full"

    services.game_join(game=game, user=bob)
    with pytest.raises(NotAllowedError) as error:
        services.game_start(game=game, user=bob)
    assert error.value.code == "not_creator"


def test_starting_writes_the_setup_as_event_1_without_the_seed(alice, bob):
    game = services.game_create(creator=alice, players=2, options={"layout": "random"})
    services.game_join(game=game, user=bob)

    game = services.game_start(game=game, user=alice)

    setup = Event.objects.get(game=game)
    assert (setup.seq, setup.kind, setup.actor) == (1, "setup", alice)
    assert setup.payload["players"] == 2
    assert setup.payload["options"] == {"layout": "random"}
    assert str(game.seed) not in repr(setup.payload)
    assert game.status == GameStatus.ACTIVE
    assert game.version == 1
    assert game.current_seat == 0
    assert game.turn_since is not None


def test_a_game_cannot_be_left_or_joined_once_started(alice, bob, carol):
    game = services.game_create(creator=alice, players=2)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, user=alice)

    with pytest.raises(ConflictError):
        services.game_leave(game=game, user=bob)
    with pytest.raises(ConflictError):
        services.game_join(game=game, user=carol)
    with pytest.raises(ConflictError):
        services.game_start(game=game, user=alice)


def test_a_turn_time_limit_sets_the_deadline_of_a_human_to_move(alice, bob):
    game = services.game_create(creator=alice, players=2, turn_time_limit=timedelta(hours=24))
    services.game_join(game=game, user=bob)

    game = services.game_start(game=game, user=alice)

    assert game.turn_deadline - game.turn_since == timedelta(hours=24)


def test_a_game_whose_other_seats_are_all_bots_starts_at_creation(alice):
    game = services.game_create(creator=alice, players=3, bots=[1, 2])

    assert game.status == GameStatus.ACTIVE
    assert game.version == 1
    assert list(Event.objects.filter(game=game).values_list("kind", flat=True)) == ["setup"]
    with pytest.raises(ConflictError):
        services.game_start(game=game, user=alice)


def test_a_game_with_a_seat_left_for_someone_else_waits_for_them(alice):
    game = services.game_create(creator=alice, players=3, bots=[2])

    assert game.status == GameStatus.OPEN


def test_a_bot_seated_first_in_a_game_started_at_creation_moves_once_it_commits(
    alice, monkeypatch, django_capture_on_commit_callbacks
):
    from games.services import bots

    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(bots, "queue_bot_turns", lambda *args: queued.append(args))

    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(creator=alice, players=2, bots=[0])

    assert game.current_seat == 0
    assert queued == [(game.pk, 1)]
    played = services.bot_turns_play(game_id=game.pk, version=1)
    game.refresh_from_db()
    assert played > 0
    assert game.current_seat == 1
    assert Event.objects.filter(game=game, kind="move", seat=0, actor=None).exists()


@pytest.mark.parametrize(
    ("name", "kind"),
    [("normal", "heuristic"), ("beginner", "random"), ("heuristic", "heuristic")],
)
def test_bots_are_chosen_by_strength_or_by_kind_and_stored_by_kind(alice, name, kind):
    game = services.game_create(creator=alice, players=3, bots=[1], bot_kind=name)

    assert game.seats.get(index=1).bot == kind


def test_an_unknown_bot_strength_is_refused_and_creates_nothing(alice):
    from games.models import Game

    with pytest.raises(InvalidRequestError):
        services.game_create(creator=alice, players=3, bots=[1], bot_kind="grandmaster")
    assert not Game.objects.exists()

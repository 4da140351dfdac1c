"""Submitting moves, versions, idempotency, undo and resignation (through the services)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from games import replay, selectors, services
from games.errors import StaleVersionError
from games.models import Event, GameStatus, SeatStatus
from tests.games.helpers import (
    find_undoable_position,
    play_one,
    play_to_end,
    started_game,
    user_of_seat,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return started_game(alice, [bob])


def legal(game) -> list[dict[str, Any]]:
    game.refresh_from_db()
    return engine.legal_moves(replay.state_at(game), game.current_seat)


def test_a_move_is_appended_at_version_plus_one_and_moves_the_game_on(game, alice):
    move = legal(game)[0]
    expected = engine.apply(replay.state_at(game), 0, move)

    result = services.move_submit(game=game, user=alice, move=move, expected_version=1)

    game.refresh_from_db()
    event = Event.objects.get(game=game, seq=2)
    assert result.version == game.version == 2
    assert (event.kind, event.seat, event.actor, event.payload["move"]) == ("move", 0, alice, move)
    assert event.payload["text"] == engine.describe(replay.state_at(game, 1), 0, move)
    assert engine.to_json(result.state) == engine.to_json(expected)
    assert game.current_seat == engine.current_player(expected)


def test_a_move_can_be_given_in_text_notation(game, alice):
    state = replay.state_at(game)
    move = legal(game)[0]
    text = engine.describe(state, 0, move)

    services.move_submit(game=game, user=alice, text=text, expected_version=1)

    assert Event.objects.get(game=game, seq=2).payload["move"] == engine.parse_move(state, 0, text)


def test_a_stale_expected_version_is_refused_with_the_current_version(game, alice):
    services.move_submit(game=game, user=alice, move=legal(game)[0], expected_version=1)

    with pytest.raises(StaleVersionError) as error:
        services.move_submit(game=game, user=alice, move=legal(game)[0], expected_version=1)

    assert error.value.status == 409
    assert error.value.extra == {"current_version": 2}


def test_only_the_seat_to_move_may_move(game, bob, carol):
    with pytest.raises(NotAllowedError) as error:
        services.move_submit(game=game, user=bob, move=legal(game)[0])
    assert error.value.code == "not_your_turn"

    with pytest.raises(NotAllowedError) as error:
        services.move_submit(game=game, user=carol, move=legal(game)[0])
    assert error.value.code == "not_seated"


def test_an_illegal_move_is_refused_with_the_engines_code_and_sentence(game, alice):
    with pytest.raises(InvalidRequestError) as error:
        services.move_submit(game=game, user=alice, move={"type": "no_such_move"})

    assert error.value.status == 400
    assert error.value.code
    assert error.value.message
    assert Event.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("move", [{}, {"type": 3}, {"type": "x" * 5000}, []])
def test_a_malformed_move_is_a_bad_move(game, alice, move):
    with pytest.raises(InvalidRequestError):
        services.move_submit(game=game, user=alice, move=move)


def test_unreadable_notation_is_refused(game, alice):
    with pytest.raises(InvalidRequestError):
        services.move_submit(game=game, user=alice, text="fly to the moon")


def test_the_same_idempotency_key_gives_the_first_answer_and_writes_nothing(game, alice):
    first = services.move_submit(
        game=game, user=alice, move=legal(game)[0], expected_version=1, idempotency_key="abc"
    )
    count = Event.objects.filter(game=game).count()

    again = services.move_submit(
        game=game, user=alice, move=legal(game)[0], expected_version=1, idempotency_key="abc"
    )

    assert Event.objects.filter(game=game).count() == count
    assert again.repeated
    assert not first.repeated
    assert again.version == first.version
    assert engine.to_json(again.state) == engine.to_json(first.state)


def test_another_users_idempotency_key_is_not_theirs_to_repeat(game, alice, bob):
    services.move_submit(game=game, user=alice, move=legal(game)[0], idempotency_key="abc")

    with pytest.raises(ConflictError) as error:
        services.move_submit(game=game, user=bob, move={"type": "x"}, idempotency_key="abc")
    assert error.value.code == "idempotency_key_reused"


def test_undo_takes_back_the_players_own_decision_and_is_an_event(game):
    seat, move = find_undoable_position(game)
    user = user_of_seat(game, seat)
    before_version = game.version
    before = engine.to_json(replay.state_at(game))
    services.move_submit(game=game, user=user, move=move, expected_version=before_version)

    result = services.move_undo(game=game, user=user, expected_version=before_version + 1)

    game.refresh_from_db()
    undo = Event.objects.get(game=game, seq=before_version + 2)
    assert (undo.kind, undo.seat, undo.payload["to_seq"]) == ("undo", seat, before_version)
    assert engine.to_json(result.state) == before
    assert engine.to_json(replay.state_at(game, use_cache=False)) == before
    assert engine.to_json(replay.replay_from_scratch(game)) == before
    assert game.version == before_version + 2
    assert game.current_seat == seat


def test_there_is_nothing_to_undo_at_the_start_of_a_turn(game, alice):
    with pytest.raises(ConflictError) as error:
        services.move_undo(game=game, user=alice)
    assert error.value.code == "nothing_to_undo"


def test_undo_stops_at_a_move_that_revealed_hidden_information(game):
    for _ in range(400):
        game.refresh_from_db()
        state, seat = replay.state_at(game), game.current_seat
        revealing = [
            move
            for move in engine.legal_moves(state, seat)
            if engine.move_revealed(after := engine.apply(state, seat, move))
            and engine.current_player(after) == seat
        ]
        if revealing:
            break
        play_one(game)
    else:
        pytest.fail("no revealing move that keeps the turn was found")
    user = user_of_seat(game, seat)
    services.move_submit(game=game, user=user, move=revealing[0], expected_version=game.version)

    with pytest.raises(ConflictError) as error:
        services.move_undo(game=game, user=user)
    assert error.value.code == "undo_blocked"


def test_undo_never_reaches_into_another_seats_decisions(game):
    for _ in range(400):
        game.refresh_from_db()
        seat = game.current_seat
        play_one(game)
        game.refresh_from_db()
        if game.current_seat != seat:
            break
    with pytest.raises(ConflictError):
        services.move_undo(game=game, user=user_of_seat(game, game.current_seat))


def test_resigning_a_two_player_game_ends_it_and_the_other_seat_wins(game, bob):
    game = services.game_resign(game=game, user=bob)

    assert game.status == GameStatus.FINISHED
    assert game.result == {"reason": "resignation", "resigned": 1, "winners": [0]}
    assert game.current_seat is None
    assert Event.objects.get(game=game, seq=2).kind == "resign"
    # The record now holds the seed: the game is over.
    assert selectors.game_record(game=game)["seed"] == game.seed


def test_resigning_a_larger_game_hands_the_seat_to_a_bot(alice, bob, carol, eager_celery):
    game = started_game(alice, [bob, carol])
    state_before = engine.to_json(replay.state_at(game))

    game = services.game_resign(game=game, user=carol)

    seat = game.seats.get(index=2)
    assert (seat.status, seat.bot) == (SeatStatus.RESIGNED, "heuristic")
    assert game.status == GameStatus.ACTIVE
    # A resignation changes who plays the seat, not the position.
    assert engine.to_json(replay.state_at(game, use_cache=False)) == state_before
    with pytest.raises(ConflictError):
        services.game_resign(game=game, user=carol)


def test_when_the_last_human_resigns_the_game_is_abandoned(alice):
    game = started_game(alice, bots=[1, 2])

    game = services.game_resign(game=game, user=alice)

    assert game.status == GameStatus.ABANDONED


def test_a_finished_game_has_final_scores_and_refuses_moves(alice, bob):
    game = play_to_end(started_game(alice, [bob]))

    state = replay.state_at(game)
    assert engine.is_over(state)
    assert game.status == GameStatus.FINISHED
    assert game.result["scores"] == engine.scores(state)
    assert game.current_seat is None
    with pytest.raises(ConflictError):
        services.move_submit(game=game, user=alice, move={"type": "pass"})


def test_keys_are_kept_beside_the_events_and_a_finished_game_keeps_only_its_last_ones(alice):
    """Every move of alice's has a key; once the game is over only the last ones stay, a
    retried last move still gets its first answer, and the game replays as it was played."""
    from io import StringIO

    from django.core.management import call_command

    import engine.bots
    from games.ledger import KEYS_KEPT_AT_THE_END
    from games.models import IdempotencyKey

    game = started_game(alice, bots=[1])
    keys_in_play: dict[str, int] = {}
    while True:
        game.refresh_from_db()
        if game.status != "active":
            break
        seat = game.seats.get(index=game.current_seat)
        if seat.bot:
            services.move_submit(game=game, user=None)
            continue
        request = {
            "game": game,
            "user": alice,
            "move": engine.bots.choose_move(replay.state_at(game), seat.index, kind="heuristic"),
            "expected_version": game.version,
            "idempotency_key": f"k{game.version}",
        }
        last = services.move_submit(**request)
        if len(keys_in_play) < 3:
            keys_in_play = dict(IdempotencyKey.objects.filter(game=game).values_list("key", "seq"))
    assert keys_in_play == {f"k{seq - 1}": seq for seq in keys_in_play.values()}

    kept = set(IdempotencyKey.objects.filter(game=game).values_list("seq", flat=True))
    again = services.move_submit(**request)

    assert game.status == "finished"
    assert kept
    assert all(seq > game.version - KEYS_KEPT_AT_THE_END for seq in kept)
    assert again.repeated
    assert again.version == last.version
    assert Event.objects.filter(game=game).count() == game.version
    out = StringIO()
    call_command("check_replays", game.public_id, "--no-progress", stdout=out)
    assert "all as recorded" in out.getvalue()

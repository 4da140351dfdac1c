"""The round and the scores kept on the game row for the lists (games.progress)."""

from __future__ import annotations

import pytest

import engine
from games import progress, replay, services
from tests.games.helpers import find_undoable_position, play_one, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


def test_a_started_game_is_in_round_one_with_everyones_score(alice, bob):
    game = started_game(alice, [bob])

    assert progress.standing_of(game.progress).round(2) == 1
    assert progress.scores_of(game.progress) == [
        s["total"] for s in engine.scores(replay.state_at(game))
    ]


def test_a_round_ends_when_every_seat_has_had_a_turn(alice, bob):
    game = started_game(alice, [bob])
    seats_seen = [game.current_seat]
    while len(seats_seen) < 3:  # seat 0, seat 1, seat 0 again
        play_one(game)
        game.refresh_from_db()
        if game.current_seat != seats_seen[-1]:
            seats_seen.append(game.current_seat)
            assert progress.standing_of(game.progress).round(2) == (len(seats_seen) - 1) // 2 + 1

    assert seats_seen == [0, 1, 0]
    assert progress.standing_of(game.progress).round(2) == 2
    assert progress.scores_of(game.progress) == [
        s["total"] for s in engine.scores(replay.state_at(game))
    ]


def test_an_undo_brings_the_summary_back_to_the_position_it_restores(alice, bob):
    game = started_game(alice, [bob])
    seat, move = find_undoable_position(game)
    game.refresh_from_db()
    before = game.progress
    user = game.seats.get(index=seat).user
    services.move_submit(game=game, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    services.move_undo(game=game.public_id, user=user, expected_version=game.version)

    game.refresh_from_db()
    assert game.progress == before


def test_turns_that_began_after_a_restored_position_drop_out():
    """Pure: a position with fewer moves applied forgets the turns begun after it."""
    state = engine.new_game(players=2, seed=3)
    later = {"turns": [[0, 0], [4, 1], [9, 0]], "scores": [0, 0]}
    state = dict(state)
    state["seq"] = 5
    to_move = engine.current_player(state)

    summary = progress.progress_after(later, state)  # type: ignore[arg-type]

    assert summary["turns"][:2] == [[0, 0], [4, 1]]
    assert summary["turns"][-1][1] == to_move


def test_the_lists_show_round_scores_and_whose_turn(alice, bob):
    started_game(alice, [bob])

    html = client_of(bob).get("/games/").content.decode()

    assert 'data-testid="round">round 1<' in html
    assert html.count('data-testid="score"') == 2
    assert "alice (blue) to play" in html
    assert "alice vs bob" in html


def test_a_game_started_before_the_summary_shows_no_round_rather_than_a_wrong_one():
    state = engine.new_game(players=2, seed=3)
    moved = engine.apply(state, 0, engine.legal_moves(state, 0)[0])

    summary = progress.progress_after({}, moved)

    assert progress.standing_of(summary).round(2) is None
    assert progress.scores_of(summary) == [s["total"] for s in engine.scores(moved)]

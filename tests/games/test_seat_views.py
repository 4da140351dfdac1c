"""The views a process answered moves with, kept for the same seat's next decision: the view
a move's log line is written from is the engine's view of the position before the move,
whether drawn again or recalled (``games.seat_views``)."""

from __future__ import annotations

import pytest

import engine
import engine.bots
from games import ledger, replay, seat_views
from games.models import Game
from tests.games.helpers import play_one, started_game
from tests.games.test_api import create_two_player_game, post_bot_choice

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_views_kept():
    seat_views.clear()
    yield
    seat_views.clear()


def test_every_recalled_view_is_the_engines_view_of_the_position_before_the_move(
    alice_api, bob_api, monkeypatch
):
    """Two players move through the API; every view a move took from the answer before it
    equals the engine's view of that position replayed from scratch, so the log's lines are
    those the view drawn again would give."""
    recalled: list[tuple[int, int, dict]] = []
    kept = seat_views.recall

    def recall(game: Game, seat: int) -> dict | None:
        view = kept(game, seat)
        if view is not None:
            recalled.append((game.version, seat, view))
        return view

    monkeypatch.setattr(ledger.seat_views, "recall", recall)
    game_id = create_two_player_game(alice_api, bob_api)
    game = Game.objects.get(public_id=game_id)
    apis = {0: alice_api, 1: bob_api}
    for _ in range(60):
        post_bot_choice(game, apis)

    assert len(recalled) >= 10  # most decisions follow one of the same turn
    for seq, seat, view in recalled:
        assert view == engine.view(replay.replay_from_scratch(game, seq), seat)


def test_a_view_is_recalled_only_for_the_position_and_seat_it_was_drawn_from(alice, bob):
    game = started_game(alice, [bob])
    play_one(game)
    game.refresh_from_db()
    view = engine.view(replay.state_at(game), 0)
    seat_views.remember(game, game.version, 0, view)

    assert seat_views.recall(game, 0) is view
    assert seat_views.recall(game, 1) is None
    play_one(game)
    game.refresh_from_db()
    assert seat_views.recall(game, 0) is None  # a later event
    seat_views.remember(game, game.version - 1, 0, view)  # not the game's position now
    assert seat_views.recall(game, 0) is None


def test_a_row_changed_since_the_view_was_drawn_is_a_miss(alice, bob):
    """The row's last update is part of the key: an entry of a timeline that did not last (a
    rolled back or restored row at the same version) never matches."""
    game = started_game(alice, [bob])
    seat_views.remember(game, game.version, 0, {"viewer": 0})
    game.save(update_fields=["updated_at"])

    assert seat_views.recall(game, 0) is None

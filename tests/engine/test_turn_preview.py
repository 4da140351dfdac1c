"""engine.turn_preview: a seat's next turn as if it began now, what planned turns are made on."""

from __future__ import annotations

import engine


def test_the_preview_of_the_seat_at_its_turns_start_is_that_turn():
    state = engine.new_game(players=3, seed=7)
    before = engine.to_json(state)
    preview = engine.turn_preview(state, 0)
    assert preview is not None
    assert engine.legal_moves(preview, 0) == engine.legal_moves(state, 0)
    assert engine.to_json(state) == before  # the game's own state is untouched


def test_another_seat_gets_its_turn_in_the_position_as_it_is():
    state = engine.new_game(players=3, seed=7)
    preview = engine.turn_preview(state, 2)
    assert preview is not None
    assert engine.current_player(preview) == 2
    assert engine.legal_moves(state, 2) == []
    assert engine.legal_moves(preview, 2)
    assert not engine.move_revealed(preview)
    assert (
        engine.view(preview, 2)["players"][2]["hand"] == engine.view(state, 2)["players"][2]["hand"]
    )


def test_no_preview_for_a_seat_without_a_turn_left():
    state = engine.new_game(players=2, seed=3)
    ended = engine.from_json(state)
    ended["over"] = True
    assert engine.turn_preview(ended, 1) is None
    last_round = engine.from_json(state)
    last_round["end"] = {"remaining": [0], "by": 1}
    assert engine.turn_preview(last_round, 1) is None
    assert engine.turn_preview(state, 5) is None

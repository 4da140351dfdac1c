"""Turn order and the three phases of a turn (R1-TURN-01..05)."""

from __future__ import annotations

import pytest

import engine
from tests.engine.helpers import clear_trail, in_phase_a, new, play, put_tile, set_hand, texts, top


def test_the_start_player_with_6_dollars_begins_and_turns_pass_clockwise():
    """R1-TURN-01"""
    state = new(3)
    assert engine.view(state, None)["players"][0]["money"] == 6
    order = []
    for _ in range(3):
        order.append(engine.current_player(state))
        state = play(play(state, "start A"), "end")
    order.append(engine.current_player(state))
    assert order == [0, 1, 2, 0]
    assert top(state) == "phase_a"


def test_a_turn_is_phase_a_then_phase_b_then_phase_c_then_the_next_player():
    """R1-TURN-02"""
    state = new(2)
    clear_trail(state)
    set_hand(state, 0, ["p0-guernsey-1", "p0-jersey-1", "p0-jersey-2", "p0-jersey-3"])
    state = in_phase_a(state, 0, "START")
    # Phase A: moving is mandatory, there is no way to skip it.
    assert top(state) == "phase_a"
    assert {m["type"] for m in engine.legal_moves(state, 0)} == {"move"}
    state = play(state, "move A")
    # Phase B at the reached location; the hand is not refilled yet.
    assert top(state) == "loc"
    assert state["players"][0]["herder"] == "A"
    state = play(state, "discard guernsey")
    assert len(state["players"][0]["hand"]) == 3
    assert engine.current_player(state) == 0
    # Phase C follows by itself once phase B ends: draw up to 4, then seat 1 plays.
    state = play(state, "end")
    assert len(state["players"][0]["hand"]) == 4
    assert engine.current_player(state) == 1


def test_on_the_first_turn_the_cattleman_is_placed_on_any_neutral_building():
    """R1-TURN-03"""
    state = new(3)
    assert texts(state) == [f"start {s}" for s in "ABCDEFG"]
    state = play(state, "start C")
    assert top(state) == "loc"
    assert state["players"][0]["herder"] == "C"
    assert "certificate" in texts(state)  # C's local actions: straight on with phase B
    state = play(state, "end")
    # A private building built before seat 1's first turn is not a starting place, and
    # several cattlemen may start on the same tile.
    put_tile(state, "A-1", "1a", owner=0)
    assert texts(state) == [f"start {s}" for s in "ABCDEFG"]
    state = play(state, "start C")
    assert [p["herder"] for p in state["players"]] == ["C", "C", None]


def test_the_first_placement_uses_no_steps_and_charges_no_fees():
    """R1-TURN-04"""
    state = new(2)
    put_tile(state, "ROCKFALL-1", "rockfall-1")  # green hand on the way to G
    put_tile(state, "F-1", "4a", owner=1)  # black hand
    state = play(state, "start G")  # 7 locations away, step limit 3
    assert state["players"][0]["herder"] == "G"
    assert [p["money"] for p in state["players"]] == [6, 7]


def test_nobody_acts_in_another_players_turn_and_only_fees_reach_him():
    """R1-TURN-05"""
    state = new(2)
    clear_trail(state)
    put_tile(state, "A-1", "4a", owner=1)  # black hand: $2 in a 2-player game
    state = in_phase_a(state, 0, "A")
    before = engine.view(state, None, reveal_all=True)["players"][1]
    seen = 0
    for move in ["move B via A-1", "end"]:
        assert engine.legal_moves(state, 1) == []
        with pytest.raises(engine.IllegalMove):
            engine.apply(state, 1, engine.legal_moves(state, 0)[0])
        state = play(state, move)
        seen += 1
    after = engine.view(state, None, reveal_all=True)["players"][1]
    assert after["money"] == before["money"] + 2
    assert {k: v for k, v in after.items() if k != "money"} == {
        k: v for k, v in before.items() if k != "money"
    }
    assert seen == 2
    assert engine.current_player(state) == 1

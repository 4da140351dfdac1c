"""Moving the cattleman: locations, steps, forks, Kansas City (R1-MOVE-01..16)."""

from __future__ import annotations

import pytest

import engine
from tests.engine.helpers import (
    at_location,
    clear_discs,
    clear_trail,
    in_phase_a,
    moves,
    new,
    play,
    put_tile,
    set_hand,
    texts,
    top,
)


def destinations(state) -> set[str]:
    return {m["to"] for m in moves(state, type="move")}


def bare(players: int = 2) -> dict:
    """A game whose trail holds only the 7 neutral buildings."""
    state = new(players)
    clear_trail(state)
    return state


def test_locations_are_tiles_on_the_trail_and_kansas_city():
    """R1-MOVE-01"""
    state = bare()
    put_tile(state, "FLOOD-1", "flood-1")  # hazard tile
    put_tile(state, "A-2", "1a", owner=1)  # private building
    state = in_phase_a(state, 0, "A")
    assert destinations(state) == {"FLOOD-1", "A-2", "B", "C"}
    state = bare()
    put_tile(state, "TP1", "green-01")  # teepee tile
    state = in_phase_a(state, 0, "C")
    assert "TP1" in destinations(state)
    state = bare()
    state = in_phase_a(state, 0, "G")
    assert texts(state) == ["move KC"]


def test_empty_spaces_are_passed_for_free_and_never_stopped_on():
    """R1-MOVE-02 R1-MOVE-03"""
    state = in_phase_a(bare(), 0, "A")
    # Three private spaces or six flood/risk spaces lie between A and B: all empty.
    assert texts(state) == ["move B", "move C via B", "move E via B C", "move D via B C"]


def test_every_location_entered_costs_one_step_the_destination_included():
    """R1-MOVE-03 R1-MOVE-04"""
    state = bare()
    put_tile(state, "FLOOD-1", "flood-1")
    put_tile(state, "FLOOD-3", "flood-2")
    state = in_phase_a(state, 0, "START")  # step limit 3
    assert sorted(texts(state)) == sorted(
        [
            "move A",
            "move FLOOD-1 via A",
            "move FLOOD-3 via A FLOOD-1",
            "move B via A",
            "move C via A B",
        ]
    )
    # At least one step: the cattleman cannot stay where it is.
    assert "A" not in destinations(in_phase_a(state, 0, "A"))


def test_the_cattleman_only_moves_forward():
    """R1-MOVE-05"""
    state = in_phase_a(bare(), 0, "C")
    assert destinations(state) == {"D", "E", "F", "G"}
    assert destinations(state).isdisjoint({"A", "B", "START"})


def test_at_a_fork_the_player_chooses_the_branch():
    """R1-MOVE-06"""
    state = bare()
    put_tile(state, "A-2", "1a", owner=1)
    put_tile(state, "FLOOD-4", "flood-3")
    state = in_phase_a(state, 0, "A")
    routes = {(m["to"], tuple(m["via"])) for m in moves(state, to="B")}
    assert routes == {("B", ("A-2",)), ("B", ("FLOOD-4",))}
    state = play(state, "move B via FLOOD-4")
    assert state["players"][0]["herder"] == "B"


def test_the_location_where_the_move_ends_is_used_in_phase_b():
    """R1-MOVE-07"""
    state = play(in_phase_a(bare(), 0, "START"), "move B via A")
    assert top(state) == "loc"
    assert state["stack"][-1]["space"] == "B"
    assert state["stack"][-1]["tile"] == "NB"
    assert "build 1a" in texts(state)  # B's local actions are offered


def test_kansas_city_cannot_be_passed_and_ends_the_move():
    """R1-MOVE-08"""
    state = bare()
    clear_discs(state, 0, ["STEP-CASH", "STEP-VP"])  # step limit 5
    state = in_phase_a(state, 0, "F")
    assert sorted(texts(state)) == ["move G", "move KC via G"]
    state = play(state, "move KC via G")
    assert state["players"][0]["herder"] == "KC"
    assert top(state) == "kc_foresight"


def test_other_cattlemen_never_block_and_may_share_a_location():
    """R1-MOVE-09"""
    state = bare()
    state["players"][1]["herder"] = "B"
    state = in_phase_a(state, 0, "A")
    assert {"B", "C", "D", "E"} <= destinations(state)
    state = play(state, "move B")
    assert [p["herder"] for p in state["players"]] == ["B", "B"]


def test_the_step_limit_rises_when_step_discs_are_cleared():
    """R1-MOVE-10"""
    state = bare()
    assert destinations(in_phase_a(state, 0, "START")) == {"A", "B", "C"}
    clear_discs(state, 0, ["STEP-CASH"])
    assert destinations(in_phase_a(state, 0, "START")) == {"A", "B", "C", "D", "E"}
    clear_discs(state, 0, ["STEP-VP"])
    assert destinations(in_phase_a(state, 0, "START")) == {"A", "B", "C", "D", "E", "F"}


@pytest.mark.parametrize(
    ("players", "limits"),
    [(2, [3, 4, 4, 5]), (3, [3, 5, 4, 6]), (4, [4, 6, 5, 7])],
)
def test_step_limits_by_player_count_and_cleared_step_discs(players, limits):
    """R1-MOVE-10 R1-SETUP-30 (sheet Q1: 2p 3/4/5; 3p 3, +2 cash disc, +1 VP disc; 4p 4, +2, +1)"""
    got = []
    for discs in ([], ["STEP-CASH"], ["STEP-VP"], ["STEP-CASH", "STEP-VP"]):
        state = new(players)
        clear_discs(state, 0, discs)
        got.append(engine.view(state, 0)["players"][0]["step_limit"])
    assert got == limits


def test_example_a_building_is_two_steps_by_the_private_tile_or_three_by_two_floods():
    """R1-MOVE-11 (example)"""
    state = bare()
    put_tile(state, "A-2", "2a", owner=0)  # Mary's own building on the upper path
    put_tile(state, "FLOOD-1", "flood-1")
    put_tile(state, "FLOOD-2", "flood-3")
    state = in_phase_a(state, 0, "A")
    routes = {tuple(m["via"]) for m in moves(state, to="B")}
    assert routes == {("A-2",), ("FLOOD-1", "FLOOD-2")}  # 2 steps and 3 steps
    # With 3 steps, C is reachable only over the short route.
    assert {tuple(m["via"]) for m in moves(state, to="C")} == {("A-2", "B")}


def test_example_blue_has_step_limit_3_while_red_has_5():
    """R1-MOVE-12 (example)"""
    state = bare()
    clear_discs(state, 1, ["STEP-CASH", "STEP-VP"])
    view = engine.view(state, None)
    assert [p["step_limit"] for p in view["players"]] == [3, 5]
    assert destinations(in_phase_a(state, 0, "START")) == {"A", "B", "C"}
    assert destinations(in_phase_a(state, 1, "START")) == {"A", "B", "C", "D", "E", "F"}


def test_after_kansas_city_the_cattleman_restarts_from_the_horseman_space():
    """R1-MOVE-13 R1-KC-43"""
    state = bare()
    state["players"][1]["herder"] = None
    state = play(in_phase_a(state, 0, "G"), "move KC")
    while engine.current_player(state) == 0:
        state = play(state, engine.legal_moves(state, 0)[0])
    assert state["players"][0]["herder"] == "START"
    state = play(play(state, "start A"), "end")  # seat 1's first turn
    assert engine.current_player(state) == 0
    assert texts(state) == ["move A", "move B via A", "move C via A B"]


def test_a_local_move_action_goes_1_to_n_steps_then_phase_b_again():
    """R1-MOVE-14"""
    state = bare()
    put_tile(state, "A-1", "4a", owner=0)  # move up to 2 steps
    put_tile(state, "A-3", "1a", owner=1)
    state = at_location(state, 0, "A-1")
    assert sorted((m["to"], tuple(m["via"])) for m in moves(state, id="move")) == [
        ("A-3", ()),
        ("B", ("A-3",)),
    ]
    state = play(state, "move B via A-3")
    frame = state["stack"][-1]
    assert (frame["t"], frame["space"], frame["used"]) == ("loc", "B", [])
    assert "build 1a" in texts(state)


def test_no_cards_are_drawn_before_the_repeated_phase_b():
    """R1-MOVE-15"""
    state = bare()
    put_tile(state, "A-1", "3a", owner=0)  # discard a pair for $3; move 1 step
    set_hand(state, 0, ["p0-jersey-1", "p0-jersey-2", "p0-guernsey-1", "p0-guernsey-2"])
    state = at_location(state, 0, "A-1")
    state = play(state, "discard pair jersey")
    state = play(state, "move B")
    assert len(state["players"][0]["hand"]) == 2
    state = play(state, "end")
    assert len(state["players"][0]["hand"]) == 4


def test_a_local_move_action_may_end_in_kansas_city():
    """R1-MOVE-16"""
    state = bare()
    put_tile(state, "G-1", "10b", owner=0)  # move up to 4 steps
    state = at_location(state, 0, "G-1")
    state = play(state, "move KC")
    assert state["players"][0]["herder"] == "KC"
    assert top(state) == "kc_foresight"
    assert not [m for m in engine.legal_moves(state, 0) if m["type"] in ("aux", "end")]

"""Objective cards in the 2nd edition (R2-OBJ-01..03, R2-SAME-15)."""

from __future__ import annotations

import engine
from engine.rules import scoring
from tests.engine import helpers as h
from tests.engine.second.helpers import GREEN, ORANGE, new


def _objectives(state: engine.State, cards: list[str]) -> int:
    h.set_objectives(state, 0, cards)
    return scoring.score_player(state, 0)["categories"]["objectives"]


def test_the_2e_tasks_are_counted_from_the_players_things():
    """R2-OBJ-01, R2-OBJ-03: building, green and orange outlaws, hazard, station disc, value-3
    card, Shorthorn, Hereford in the deck, disc on New York."""
    state = new()
    h.put_tile(state, "A-1", "1a", owner=0)
    h.give_tiles(state, 0, [GREEN[0], ORANGE[0], ORANGE[1], "flood-1"])
    h.put_disc(state, 0, "S2", "AUX-FWD-1")
    h.put_disc(state, 0, "NYC", "AUX-FWD-2")
    h.put_disc(state, 0, "NYC", "AUX-REMOVE-1")
    h.move_card(state, "m3_red-1", 0, "discard")
    h.move_card(state, "m4-2", 0, "discard")
    h.move_card(state, "m5-3", 0, "draw")
    assert scoring.task_supply(state, 0) == {
        "B": 1,
        "OG": 1,
        "OO": 2,
        "H": 1,
        "S": 1,
        "3": 1,
        "4": 1,
        "5": 1,
        "NY": 2,
    }


def test_a_new_york_card_is_fulfilled_by_a_disc_on_new_york():
    """R2-OBJ-01: "Have 1 of your discs on the city space of New York" (OBJ-06: +5 / -3)."""
    state = new()
    assert _objectives(state, ["OBJ-06"]) == -3
    h.put_disc(state, 0, "PHI", "AUX-FWD-1")
    assert _objectives(state, ["OBJ-06"]) == -3
    h.put_disc(state, 0, "NYC", "AUX-FWD-2")
    assert _objectives(state, ["OBJ-06"]) == 5


def test_orange_and_green_outlaw_tasks_each_need_their_own_tile():
    """R2-OBJ-01, R2-OBJ-03, R2-SAME-15 (R1-OBJ-19): OBJ-01 wants a building and 2 orange
    outlaws; a green one does not do; one tile never serves two cards."""
    state = new()
    h.put_tile(state, "A-1", "1a", owner=0)
    h.give_tiles(state, 0, [GREEN[0], ORANGE[0]])
    assert _objectives(state, ["OBJ-01"]) == -2
    h.give_tiles(state, 0, [ORANGE[1]])
    assert _objectives(state, ["OBJ-01"]) == 3
    assert _objectives(state, ["OBJ-01", "OBJ-02"]) == 3 - 2
    h.give_tiles(state, 0, [ORANGE[2]])
    h.put_tile(state, "A-2", "2a", owner=0)
    assert _objectives(state, ["OBJ-01", "OBJ-02"]) == 6
    assert _objectives(state, ["OBJ-S2"]) == 0


def test_cattle_tasks_ask_for_shorthorn_and_hereford():
    """R2-OBJ-01: OBJ-12 wants a Hereford and a hazard; a Shorthorn does not do."""
    state = new()
    h.give_tiles(state, 0, ["flood-1"])
    h.move_card(state, "m4-1", 0, "discard")
    assert _objectives(state, ["OBJ-12"]) == -2
    h.move_card(state, "m5-1", 0, "discard")
    assert _objectives(state, ["OBJ-12"]) == 3


def test_the_draw_objective_draws_up_to_three_then_discards_as_many():
    """R2-OBJ-02, R2-SAME-15: OBJ-10 (IA-DRAW3), played in phase A."""
    state = new()
    h.set_deck(state, 0, hand=["OBJ-10", "p0-p1-1"], draw=["p0-p1-2", "p0-p1-3", "p0-p2_green-1"])
    h.in_phase_a(state, 0, "A")
    state = h.play(state, {"type": "play_objective", "card": "OBJ-10"})
    assert [m["n"] for m in h.moves(state, id="draw")] == [1, 2, 3]
    state = h.play(state, {"type": "action", "id": "draw", "n": 3})
    assert state["stack"][-1] == {"t": "discard", "n": 3}
    assert state["players"][0]["objectives"][-1] == "OBJ-10"

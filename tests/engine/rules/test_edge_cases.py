"""General notes and special cases: unlimited money, an empty objective stack, disc
fallbacks, replaced buildings, removed tiles under cattlemen and deck thinning
(R1-EDGE-01..08), plus the checklist's open questions on empty supplies."""

from __future__ import annotations

import engine
from engine.data import player_board
from tests.engine.helpers import (
    at_location,
    clear_trail,
    give_worker,
    in_kansas_city,
    in_phase_a,
    moves,
    new,
    play,
    put_disc,
    put_tile,
    set_deck,
    set_foresight,
    set_job_market,
    texts,
    top,
)

DARK = [d for d, c in player_board.DISC_SPACES.items() if c == "dark"]
WHITE = [d for d, c in player_board.DISC_SPACES.items() if c == "white"]


def _disc_moves(s: dict) -> list[dict]:
    return moves(s, type="disc")


def test_money_is_unlimited():
    """R1-EDGE-01"""
    s = new(2)
    s["players"][0]["money"] = 10**6
    s["players"][1]["money"] = 10**6
    s = in_kansas_city(s, 0, 5, bv=0)
    s = play(play(s, "deliver KAN"), "disc AUX-GAIN")
    assert s["players"][0]["money"] == 10**6 + 6


def test_an_empty_objective_stack_leaves_display_gaps_and_an_empty_display_gives_nothing():
    """R1-EDGE-02"""
    s = new(2)
    s["removed_cards"].extend(s["objective_stack"])
    s["objective_stack"] = []
    display = list(s["objective_display"])
    s = at_location(s, 0, "C")
    assert [m["card"] for m in moves(s, id="objective")] == display  # no "stack"
    s = play(s, f"objective {display[0]}")
    assert s["objective_display"] == display[1:]  # not refilled
    s["removed_cards"].extend(s["objective_display"])
    s["objective_display"] = []
    s = at_location(s, 0, "C")
    assert moves(s, id="objective") == []
    assert moves(s, id="certificate") != []


def test_with_only_dark_cornered_discs_left_one_may_go_onto_a_white_city():
    """R1-EDGE-03 R1-KC-26"""
    s = new(2)
    for d in WHITE[:-1]:
        put_disc(s, 0, "KAN", d)
    s["players"][0]["money"] = 0
    one_white = play(in_kansas_city(s, 0, 5, bv=4), "deliver WIC")
    assert [m["space"] for m in _disc_moves(one_white)] == [WHITE[-1]]
    put_disc(s, 0, "KAN", WHITE[-1])
    only_dark = play(in_kansas_city(s, 0, 5, bv=4), "deliver WIC")
    # The $5 hand-limit discs stay out of reach without the money.
    assert [m["space"] for m in _disc_moves(only_dark)] == ["CERT-6", "STEP-CASH", "STEP-VP"]
    only_dark = play(only_dark, "disc CERT-6")
    assert 0 in only_dark["cities"]["WIC"]


def test_with_no_disc_on_the_board_a_disc_comes_back_from_a_station():
    """R1-EDGE-04"""
    s = new(2)
    discs = list(player_board.DISC_SPACES)
    put_disc(s, 0, "S1", discs[0])
    put_disc(s, 0, "S6", discs[1])
    for d in discs[2:]:
        put_disc(s, 0, "KAN", d)
    s = play(in_kansas_city(s, 0, 5, bv=4), "deliver WIC")
    assert _disc_moves(s) == [
        {"type": "disc", "station": "S1"},
        {"type": "disc", "station": "S6"},
    ]
    assert texts(s) == ["disc from S1", "disc from S6"]
    s = play(s, "disc from S6")
    assert s["stations"]["S6"] == []
    assert s["stations"]["S1"] == [0]
    assert 0 in s["cities"]["WIC"]


def test_when_only_unaffordable_hand_limit_discs_remain_a_station_disc_is_used():
    """R1-EDGE-04 R1-KC-29"""
    s = new(2)
    put_disc(s, 0, "S2", "AUX-GAIN")
    for d in player_board.DISC_SPACES:
        if d not in ("AUX-GAIN", "HAND-1", "HAND-2"):
            put_disc(s, 0, "KAN", d)
    s["players"][0]["money"] = 4
    s = play(in_kansas_city(s, 0, 5, bv=4), "deliver WIC")
    assert texts(s) == ["disc from S2"]
    s["players"][0]["money"] = 5
    s = play(in_kansas_city(s, 0, 5, bv=0), "deliver KAN")
    assert texts(s) == ["disc HAND-1", "disc HAND-2"]


def test_upgrading_a_station_with_no_disc_on_the_board_moves_a_disc_from_another_station():
    """R1-EDGE-04"""
    s = new(2)
    put_disc(s, 0, "S1", "AUX-GAIN")
    for d in player_board.DISC_SPACES:
        if d != "AUX-GAIN":
            put_disc(s, 0, "KAN", d)
    p = s["players"][0]
    p["engine"], p["money"] = "7", 10
    s = at_location(s, 0, "G")  # G: engine up to 1 space (1 engineer)
    s = play(s, "engine to 7.5")
    assert texts(s) == ["upgrade S2", "pass"]
    s = play(s, "upgrade S2")
    assert texts(s) == ["disc from S1"]
    s = play(s, "disc from S1")
    assert s["stations"]["S1"] == []
    assert s["stations"]["S2"] == [0]
    assert s["players"][0]["money"] == 8


def test_a_station_whose_disc_was_taken_back_no_longer_scores_and_can_be_upgraded_again():
    """R1-EDGE-05"""
    s = new(2)
    put_disc(s, 0, "S1", "AUX-GAIN")
    for d in player_board.DISC_SPACES:
        if d != "AUX-GAIN":
            put_disc(s, 0, "SFO", d)  # San Francisco takes any number of discs
    before = engine.scores(s)[0]["categories"]["stations"]
    s = play(play(in_kansas_city(s, 0, 5, bv=4), "deliver WIC"), "disc from S1")
    assert (before, engine.scores(s)[0]["categories"]["stations"]) == (1, 0)
    from engine.rules.scoring import task_supply

    assert task_supply(s, 0)["S"] == 0
    # Upgrading S1 again is possible: no disc of his is on it.
    put_disc(s, 1, "S1", "AUX-GAIN")  # an opponent's disc does not matter
    s["cities"]["SFO"].remove(0)
    s["players"][0]["discs"].append("CERT-4")
    p = s["players"][0]
    p["engine"], p["money"] = "4", 5
    s = at_location(s, 0, "G")
    s = play(s, "engine to 4.5")
    assert texts(s) == ["upgrade S1", "pass"]


def test_a_delivery_with_no_disc_anywhere_places_nothing():
    """R1-KC-23 R1-EDGE-04"""
    s = new(2)
    for d in player_board.DISC_SPACES:
        put_disc(s, 0, "SFO", d)
    s["players"][0]["money"] = 0
    s = in_kansas_city(s, 0, 4)
    s = play(s, "income certificates 0")
    assert s["current"] == 1  # delivery skipped; the turn is over
    assert s["cities"]["SFO"].count(0) == 14
    assert s["players"][0]["herder"] == "START"


def test_a_replaced_building_under_the_own_cattleman_cannot_be_used_this_turn():
    """R1-EDGE-06"""

    def setup() -> dict:
        s = new(2)
        put_tile(s, "A-1", "5a", owner=0)
        give_worker(s, 0, "craftsman", 2)  # the next one lands on space 4: build at $1 each
        set_job_market(s, {0: [None, None, "craftsman", "craftsman"]}, token_row=1)
        s["players"][0]["money"] = 20
        s = at_location(s, 0, "A-1")
        s = play(s, {"type": "action", "id": "hire-1", "row": 0, "worker": "craftsman"})
        s = play(s, {"type": "action", "id": "build", "building": "6a"})
        return s

    s = setup()
    s = play(s, "place A-1")  # replaces 5a: 1 craftsman more, $1
    assert s["trail"]["A-1"] == {"tile": "6a", "owner": 0}
    assert s["players"][0]["money"] == 20 - 5 - 1
    assert texts(s) == ["end"]  # neither 5a's engine action nor 6a's actions
    # Placed elsewhere, the building the cattleman stands on keeps its last action.
    s = setup()
    s = play(s, "place A-2")
    assert moves(s, type="action", id="engine")


def test_a_cattleman_on_a_removed_hazard_stays_on_the_empty_space_and_moves_on_from_there():
    """R1-EDGE-07"""
    s = new(2)
    clear_trail(s)
    put_tile(s, "FLOOD-1", "flood-1")
    s["players"][1]["herder"] = "FLOOD-1"
    s["players"][0]["money"] = 7
    s = at_location(s, 0, "F")  # F: remove a hazard for $7
    s = play(s, "hazard FLOOD-1")
    assert "FLOOD-1" not in s["trail"]
    assert s["players"][1]["herder"] == "FLOOD-1"
    s = in_phase_a(s, 1, s["players"][1]["herder"])
    assert {m["to"] for m in moves(s, type="move")} == {"B", "C", "D", "E"}
    assert moves(s, type="move", to="B") == [{"type": "move", "to": "B", "via": []}]


def test_a_deck_can_be_thinned_to_nothing():
    """R1-EDGE-08 R1-DRAW-10"""
    s = new(2)
    put_disc(s, 0, "KAN", "AUX-REMOVE-1")
    set_deck(s, 0, hand=["p0-jersey-1"], draw=[], discard=[])
    s["players"][0]["engine"] = "10"
    s = at_location(s, 0, "B")
    s = play(s, "aux remove to 9")
    s = play(play(s, "remove jersey"), "end")
    p = s["players"][0]
    assert p["hand"] == []
    assert "p0-jersey-1" in p["removed"]
    assert s["current"] == 1  # phase C drew nothing; the game goes on
    s = at_location(s, 0, "B")
    assert texts(s)[-1] == "end"


# --- open questions 1 and 2: empty supply piles ------------------------------------------


def test_an_empty_supply_pile_leaves_its_foresight_space_empty():
    """R1-KC-44"""
    s = new(2)
    set_foresight(s, 3, ["cowboy-12", "blue-09"])
    s["removed_tiles"].extend(s["supply"]["3"])
    s["supply"]["3"] = []
    s = in_kansas_city(s, 0, 3)
    s = play(s, "foresight 2")
    s = play(s, "income certificates 0")
    s = play(play(s, "deliver KAN"), "disc AUX-GAIN")
    assert s["foresight"][2] == ["cowboy-12", None]


def test_a_foresight_subphase_with_no_tile_left_is_skipped():
    """R1-KC-03"""
    s = new(2)
    set_foresight(s, 1, [None, None])
    s = at_location(s, 0, "KC")
    assert top(s) == "kc_foresight"
    assert s["stack"][-1]["n"] == 2

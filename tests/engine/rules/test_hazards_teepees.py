"""Trading with the Indians and removing hazards (R1-TEEPEE-*, R1-HAZARD-*; fact sheet
§9.2, §9.3)."""

from __future__ import annotations

from functools import partial

import engine
from engine import components
from engine.data import trail
from engine.data.tiles import TILES
from engine.editions import FIRST_EDITION
from tests.engine.helpers import (
    at_location,
    clear_discs,
    clear_trail,
    give_station_master,
    give_tiles,
    give_worker,
    moves,
    new,
    play,
    put_tile,
    set_hand,
    set_job_market,
    top,
)

tile_info = partial(components.tile, FIRST_EDITION)  # the 1st edition's tiles

TEEPEE_VALUES = dict(trail.TEEPEE_SPACES)


def trading(teepees: dict[str, str], money: int = 10, space: str = "D"):
    """Seat 0 on ``space`` (neutral D: trade OR pay $2 for the engine) with only
    ``teepees`` (space -> tile) in the Indian trade section."""
    s = new()
    clear_trail(s)
    for sp, tid in teepees.items():
        put_tile(s, sp, tid)
    s["players"][0]["money"] = money
    return at_location(s, 0, space)


def trades(state) -> set[str]:
    return {m["space"] for m in moves(state, id="trade")}


def removing(hazards: dict[str, str], money: int = 10, space: str = "F"):
    """Seat 0 on ``space`` (neutral F: remove a hazard for $7) with only ``hazards``."""
    s = new()
    clear_trail(s)
    for sp, tid in hazards.items():
        put_tile(s, sp, tid)
    s["players"][0]["money"] = money
    return at_location(s, 0, space)


def hazard_spaces(state) -> list[str]:
    return [m["space"] for m in moves(state, id="hazard")]


# --- teepees ---------------------------------------------------------------------------------


def test_any_teepee_of_the_indian_trade_section_may_be_taken():
    """R1-TEEPEE-01"""
    s = trading({"TPM2": "blue-01", "TP1": "green-01", "TP10": "green-02"})
    assert trades(s) == {"TPM2", "TP1", "TP10"}
    s = play(s, "trade TP10")
    assert "TP10" not in s["trail"]
    assert [t["id"] for t in engine.view(s, 1)["players"][0]["teepees"]] == ["green-02"]
    assert engine.view(s, 1)["indian_trade"]["TP10"] is None


def test_taking_a_teepee_gains_or_costs_the_value_above_its_space():
    """R1-TEEPEE-02"""
    got = {}
    for space, value in TEEPEE_VALUES.items():
        s = trading({space: "blue-01"}, money=10)
        got[space] = play(s, f"trade {space}")["players"][0]["money"] - 10
        assert got[space] == value
    assert got == {
        "TPM3": -3,
        "TPM2": -2,
        "TPM1": -1,
        "TP1": 1,
        "TP2": 2,
        "TP4": 4,
        "TP6": 6,
        "TP8": 8,
        "TP10": 10,
    }


def test_a_teepee_whose_price_cannot_be_paid_in_full_cannot_be_taken():
    """R1-TEEPEE-03"""
    s = trading({"TPM3": "blue-01", "TPM2": "blue-02", "TP2": "green-01"}, money=2)
    assert trades(s) == {"TPM2", "TP2"}
    s = trading({"TPM3": "blue-01"}, money=2)
    assert trades(s) == set()
    assert {m["id"] for m in moves(s, type="action")} == {"engine-paid", "aux"}


def test_with_an_empty_indian_trade_section_no_teepee_can_be_taken():
    """R1-TEEPEE-04"""
    s = trading({}, money=10)
    assert moves(s, id="trade") == []
    # cowboy space 6 offers nothing then
    s = new()
    clear_trail(s)
    give_worker(s, 0, "cowboy", 4)
    set_job_market(s, {0: [None, None, "cowboy", None]}, 3)
    s["players"][0]["money"] = 10
    s = play(at_location(s, 0, "A"), "hire cowboy row 1")
    assert top(s) == "loc"


def test_the_rulebook_teepee_examples():
    """R1-TEEPEE-05: the -2 teepee costs $2, the +6 teepee gains $6."""
    s = trading({"TPM2": "blue-01", "TP6": "green-01"}, money=5)
    assert play(s, "trade TPM2")["players"][0]["money"] == 3
    assert play(s, "trade TP6")["players"][0]["money"] == 11


def test_collected_teepees_are_kept_and_counted_by_the_teepee_pairs_action():
    """R1-TEEPEE-06: 7a pays $2 and 2 certificates per green-blue pair, keeping the tiles;
    SM-4 scores 3 VP per pair."""
    s = new()
    clear_trail(s)
    give_tiles(s, 0, ["green-01", "blue-01", "green-02", "blue-02", "green-03"])
    put_tile(s, "A-1", "7a", owner=0)
    clear_discs(s, 0, ["CERT-4"])  # certificate limit 4
    s["players"][0]["money"] = 0
    s = at_location(s, 0, "A-1")
    s = play(s, "teepee-pairs")
    p = engine.view(s, 0)["players"][0]
    assert (p["money"], p["certificates"]) == (4, 4)
    assert len(p["teepees"]) == 5
    give_station_master(s, 0, "SM-4")
    assert engine.scores(s)[0]["categories"]["station_masters"] == 6


# --- hazards ----------------------------------------------------------------------------------


def test_there_are_three_hazard_sections_of_four_numbered_spaces():
    """R1-HAZARD-01"""
    view = engine.view(new(), None)
    assert list(view["hazard_sections"]) == [
        f"{h}-{i}" for h in ("FLOOD", "DROUGHT", "ROCKFALL") for i in range(1, 5)
    ]
    s = removing({"FLOOD-4": "flood-1", "DROUGHT-2": "drought-1", "ROCKFALL-3": "rockfall-1"})
    assert hazard_spaces(s) == ["FLOOD-4", "DROUGHT-2", "ROCKFALL-3"]


def test_any_hazard_of_any_section_may_be_removed_and_kept():
    """R1-HAZARD-02"""
    s = removing({"FLOOD-1": "flood-1", "FLOOD-2": "flood-2", "ROCKFALL-1": "rockfall-3"})
    assert hazard_spaces(s) == ["FLOOD-1", "FLOOD-2", "ROCKFALL-1"]
    s = play(s, "hazard FLOOD-2")
    assert "FLOOD-2" not in s["trail"]
    assert s["trail"]["FLOOD-1"]["tile"] == "flood-1"  # the others stay where they are
    assert [t["id"] for t in engine.view(s, 1)["players"][0]["hazards"]] == ["flood-2"]


def test_removing_a_hazard_at_f_costs_7_dollars_paid_in_full():
    """R1-HAZARD-03"""
    s = removing({"DROUGHT-1": "drought-1"}, money=6)
    assert hazard_spaces(s) == []
    s = removing({"DROUGHT-1": "drought-1"}, money=7)
    s = play(s, "hazard DROUGHT-1")
    assert s["players"][0]["money"] == 0


def test_removing_a_hazard_at_4a_costs_5_dollars():
    """R1-HAZARD-03"""
    s = new()
    clear_trail(s)
    put_tile(s, "ROCKFALL-1", "rockfall-1")
    put_tile(s, "B-1", "4a", owner=0)
    s["players"][0]["money"] = 4
    assert hazard_spaces(at_location(s, 0, "B-1")) == []
    s["players"][0]["money"] = 5
    s = play(at_location(s, 0, "B-1"), "hazard ROCKFALL-1")
    assert s["players"][0]["money"] == 0
    assert s["players"][0]["hazards"] == ["rockfall-1"]


def test_a_hazard_icon_without_cost_takes_the_hazard_free():
    """R1-HAZARD-03: cowboy space 4."""
    s = new()
    clear_trail(s)
    put_tile(s, "FLOOD-3", "flood-5")
    set_job_market(s, {0: [None, None, "cowboy", None]}, 3)
    give_worker(s, 0, "cowboy", 2)
    s["players"][0]["money"] = 6
    s = play(at_location(s, 0, "A"), "hire cowboy row 1")
    s = play(s, "hazard FLOOD-3")
    assert s["players"][0]["money"] == 0
    assert s["players"][0]["hazards"] == ["flood-5"]


def test_each_hazard_scores_its_2_3_or_4_victory_points():
    """R1-HAZARD-04"""
    s = removing({"FLOOD-1": "flood-1", "DROUGHT-1": "drought-4", "ROCKFALL-1": "rockfall-6"})
    sections = engine.view(s, None)["hazard_sections"]
    assert {sp: tile["vp"] for sp, tile in sections.items() if tile} == {
        "FLOOD-1": 4,
        "DROUGHT-1": 3,
        "ROCKFALL-1": 2,
    }
    assert {t["vp"] for t in map(tile_info, TILES) if t["kind"] == "hazard"} == {2, 3, 4}
    before = engine.scores(s)[0]["categories"]["hazards"]
    for space in ("FLOOD-1", "DROUGHT-1", "ROCKFALL-1"):
        s["players"][0]["money"] = 7
        s = play(at_location(s, 0, "F"), f"hazard {space}")
    assert (before, engine.scores(s)[0]["categories"]["hazards"]) == (0, 4 + 3 + 2)


def test_with_all_hazard_sections_empty_no_hazard_can_be_taken():
    """R1-HAZARD-05"""
    s = removing({}, money=20)
    assert moves(s, id="hazard") == []
    set_hand(s, 0, ["p0-jersey-1", "p0-jersey-2"])
    s = at_location(s, 0, "F")
    assert {m["id"] for m in moves(s, type="action")} == {"discard-pair"}

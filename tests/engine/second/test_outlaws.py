"""Outlaw tiles, the outlaw section and collecting bounty (R2-OUTLAW-*, R2-FEE-01,
R2-LOC-01, R2-SAME-03, R2-SAME-04, R2-SAME-05, R2-SAME-13, R2-SAME-14, R2-EDGE-04)."""

from __future__ import annotations

import engine
from engine.data.second import player_board, railroad, tiles, trail
from engine.rules import scoring
from tests.engine import helpers as h
from tests.engine.second.helpers import GREEN, ORANGE, SECTION, fill_section, new, set_section


def test_22_outlaw_tiles_replace_the_teepees():
    """R2-OUTLAW-01, R2-SAME-14: 11 green and 11 orange outlaws, no teepee anywhere; the
    neutral building D offers the bounty where the 1st edition's traded with the Indians."""
    kinds = [t["kind"] for t in tiles.TILES.values()]
    assert "teepee" not in kinds
    outlaws = [t for t in tiles.TILES.values() if t["kind"] == "outlaw"]
    assert sorted(t["type"] for t in outlaws) == ["green"] * 11 + ["orange"] * 11
    state = new()
    set_section(state, {"OL3": GREEN[0]})
    h.at_location(state, 0, "D")
    ids = {m.get("id") for m in h.moves(state, 0, type="action")}
    assert "bounty" in ids
    assert "trade" not in ids


def test_a_foresight_outlaw_goes_onto_the_lowest_empty_space():
    """R2-OUTLAW-02, R2-SAME-16 (foresight): lowest-numbered empty space of the section."""
    state = new()
    fill_section(state, except_=("OL5", "OL8"))
    h.set_foresight(state, 1, [GREEN[0], ORANGE[0]])
    h.in_kansas_city(state, 0, 1)
    state = h.play(state, {"type": "foresight", "slot": 1})
    assert state["trail"]["OL5"]["tile"] == ORANGE[0]
    assert "OL8" not in state["trail"]


def test_a_foresight_outlaw_leaves_the_game_when_the_section_is_full():
    """R2-OUTLAW-02: no empty space left: the outlaw is taken out of the game."""
    state = new()
    fill_section(state)
    h.set_foresight(state, 1, [GREEN[0], ORANGE[0]])
    h.in_kansas_city(state, 0, 1)
    state = h.play(state, {"type": "foresight", "slot": 0})
    assert GREEN[0] in state["removed_tiles"]
    assert GREEN[0] not in [c["tile"] for c in state["trail"].values()]
    assert any(t["id"] == GREEN[0] for t in engine.view(state, None)["removed_tiles"])


def test_collecting_bounty_takes_any_outlaw_and_pays_its_space():
    """R2-OUTLAW-03, R2-OUTLAW-04: any outlaw of the section, in front of the player, and the money
    printed at its space; never a cost (even with $0)."""
    state = new()
    set_section(state, {"OL1": GREEN[0], "OL6": ORANGE[0], "OL10": GREEN[1]})
    state["players"][0]["money"] = 0
    h.at_location(state, 0, "D")
    offered = {m["space"] for m in h.moves(state, 0, id="bounty")}
    assert offered == {"OL1", "OL6", "OL10"}
    state = h.play(state, {"type": "action", "id": "bounty", "space": "OL6"})
    p = state["players"][0]
    assert p["money"] == trail.OUTLAW_VALUE["OL6"] == 6
    assert p["outlaws"] == [ORANGE[0]]
    assert "OL6" not in state["trail"]
    assert p["exchange_tokens"] == 1
    assert engine.view(state, 1)["outlaw_section"]["OL6"] is None
    assert engine.view(state, 1)["players"][0]["outlaws"][0]["id"] == ORANGE[0]


def test_the_lowest_space_pays_an_exchange_token_instead_of_money():
    """R2-OUTLAW-04, R2-EXCH-04: the bonus of space OL-X is an exchange token."""
    state = new()
    set_section(state, {"OL-X": GREEN[0]})
    money = state["players"][0]["money"]
    h.at_location(state, 0, "D")
    state = h.play(state, "bounty OL-X")
    p = state["players"][0]
    assert p["exchange_tokens"] == 2
    assert p["money"] == money
    assert p["outlaws"] == [GREEN[0]]


def test_no_bounty_when_the_section_is_empty():
    """R2-OUTLAW-05."""
    state = new()
    set_section(state, {})
    h.at_location(state, 0, "D")
    assert h.moves(state, 0, id="bounty") == []


def test_the_station_master_offers_a_free_hazard_or_the_bounty():
    """R2-OUTLAW-06, R2-STATION-02: the SM-2 tile's EITHER/OR."""
    state = new()
    station = "S1"
    state["station_masters"][station] = "SM-2"
    set_section(state, {"OL2": ORANGE[0], "FLOOD-1": "flood-1"})
    h.give_worker(state, 0, "cowboy")
    h.decide(state, 0, "sm", station=station)
    state = h.play(state, {"type": "appoint", "worker": "cowboy"})
    moves = engine.legal_moves(state, 0)
    assert {"type": "action", "id": "bounty", "space": "OL2"} in moves
    assert {"type": "action", "id": "hazard", "space": "FLOOD-1"} in moves
    assert {"type": "pass"} in moves
    state = h.play(state, {"type": "action", "id": "bounty", "space": "OL2"})
    assert state["players"][0]["outlaws"] == [ORANGE[0]]
    assert state["players"][0]["money"] == 6 + 2


def test_the_sixth_cowboy_collects_a_bounty():
    """R2-OUTLAW-06: the cowboy row's space 6 shows the bounty (R1-HIRE-09: now or never)."""
    assert player_board.WORKER_SPACE_ACTIONS["cowboy"][5] == "bounty"
    state = new()
    set_section(state, {"OL4": GREEN[2]})
    h.give_worker(state, 0, "cowboy", 4)
    h.set_job_market(state, {0: [None, None, None, None], 1: [None, None, "cowboy", None]}, 0)
    state["players"][0]["money"] = 20
    h.at_location(state, 0, "A")
    state = h.play(state, {"type": "action", "id": "hire", "row": 1, "worker": "cowboy"})
    assert h.moves(state, 0, id="bounty") == [{"type": "action", "id": "bounty", "space": "OL4"}]
    state = h.play(state, "bounty OL4")
    assert state["players"][0]["outlaws"] == [GREEN[2]]


def test_collected_outlaws_count_for_tasks_and_stay():
    """R2-OUTLAW-07, R2-SCORE-03: outlaws are never spent; they count for the orange (and
    green) outlaw tasks and the green+orange pair station master, and have no VP of their
    own."""
    state = new()
    h.give_tiles(state, 0, [GREEN[0], ORANGE[0], ORANGE[1]])
    supply = scoring.task_supply(state, 0)
    assert supply["OG"] == 1
    assert supply["OO"] == 2
    before = scoring.score_player(state, 0)
    assert before["total"] == scoring.score_player(new(), 0)["total"]
    h.give_station_master(state, 0, state["station_masters"]["S1"])
    state["players"][0]["station_masters"] = ["SM-4"]
    assert railroad.STATION_MASTERS["SM-4"][1] == "per_outlaw_pair"
    assert scoring.score_player(state, 0)["categories"]["station_masters"] == 3
    h.give_tiles(state, 0, [GREEN[1]])
    assert scoring.score_player(state, 0)["categories"]["station_masters"] == 6
    assert len(state["players"][0]["outlaws"]) == 4


def test_an_outlaw_tile_on_the_trail_charges_its_fee_to_the_bank():
    """R2-FEE-01, R2-SAME-03, R2-SAME-04: an outlaw is a location; passing it costs the fee of its
    hand (orange: black hand), paid to the bank; no player receives it."""
    state = new(3)
    set_section(state, {"OL3": ORANGE[0]})
    h.in_phase_a(state, 0, "D")
    before = [p["money"] for p in state["players"]]
    state = h.play(state, {"type": "move", "to": "E", "via": ["OL3"]})
    fee = player_board.FEES[3][tiles.OUTLAW_HAND["orange"]]
    assert [p["money"] for p in state["players"]] == [before[0] - fee, before[1], before[2]]
    assert engine.price(state, 0, {"type": "end"})["cost"] is None


def test_an_outlaw_tile_is_a_location_with_one_auxiliary_action():
    """R2-LOC-01, R2-SAME-05: on an outlaw tile only a single auxiliary action (or nothing)."""
    state = new()
    set_section(state, {"OL4": GREEN[0]})
    h.in_phase_a(state, 0, "D")
    state = h.play(state, {"type": "move", "to": "OL4", "via": []})
    assert state["stack"][-1]["t"] == "loc"
    assert state["stack"][-1]["local"] is False
    types = {m["type"] for m in engine.legal_moves(state, 0)}
    assert types <= {"aux", "end", "play_objective", "exchange"}
    assert all(not m.get("double") for m in h.moves(state, 0, type="aux"))


def test_herders_stay_on_a_space_whose_outlaw_was_collected():
    """R2-EDGE-04: the herder on a collected outlaw's space stays there and moves on from
    the empty space."""
    state = new()
    set_section(state, {"OL3": GREEN[0], "FLOOD-2": "flood-2"})
    state["players"][1]["herder"] = "OL3"
    h.at_location(state, 0, "D")
    state = h.play(state, "bounty OL3")
    assert state["players"][1]["herder"] == "OL3"
    assert "OL3" not in state["trail"]
    h.in_phase_a(state, 1, "OL3")
    assert {m["to"] for m in h.moves(state, 1, type="move")} >= {"E"}


def test_herders_stay_on_a_space_whose_hazard_was_removed():
    """R2-EDGE-04, R2-SAME-13: the same for a removed hazard."""
    state = new()
    set_section(state, {"FLOOD-2": "flood-2"})
    state["players"][1]["herder"] = "FLOOD-2"
    state["players"][0]["money"] = 20
    h.decide(state, 0, "once", specs=[{"id": "hazard", "kind": "hazard", "cost": 7}])
    state = h.play(state, {"type": "action", "id": "hazard", "space": "FLOOD-2"})
    assert state["players"][0]["hazards"] == ["flood-2"]
    assert state["players"][0]["money"] == 13
    assert state["players"][1]["herder"] == "FLOOD-2"
    h.in_phase_a(state, 1, "FLOOD-2")
    assert {m["to"] for m in h.moves(state, 1, type="move")} >= {"B"}


def test_the_outlaw_section_has_nine_spaces_three_off_the_trail():
    """R2-OUTLAW-02 (numbers 1 to 9): the fill order is the order of the printed numbers."""
    assert len(SECTION) == 9
    assert [trail.OUTLAW_NUMBERS[s] for s in SECTION] == list(range(1, 10))
    for s in trail.OUTLAW_OFF_TRAIL:
        assert trail.successors(s) == ()
        assert trail.PREDECESSORS[s] == ()

"""What a location offers in phase B (R1-LOC-01..09)."""

from __future__ import annotations

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
    set_market,
    texts,
    top,
)

AUX_SINGLE = ["aux gain", "aux draw"]


def bare(players: int = 2) -> dict:
    state = new(players)
    clear_trail(state)
    return state


def kinds(state) -> set[str]:
    return {m["type"] for m in engine.legal_moves(state, state["current"])}


def test_the_three_kinds_of_location():
    """R1-LOC-01 R1-LOC-02 R1-LOC-04 R1-LOC-06"""
    state = bare()
    put_tile(state, "A-1", "2a", owner=0)
    put_tile(state, "A-2", "2a", owner=1)
    put_tile(state, "FLOOD-1", "flood-1")
    put_tile(state, "TP1", "green-01")
    set_hand(state, 0, ["p0-guernsey-1", "p0-jersey-1", "p0-jersey-2", "p0-jersey-3"])
    set_market(state, ["holstein-1"])
    # (a) neutral building or own building: local actions or one single auxiliary action.
    neutral = at_location(state, 0, "A")
    assert kinds(neutral) == {"action", "aux", "end"}
    assert "discard guernsey" in texts(neutral)
    assert texts(at_location(state, 0, "A-1")) == ["discard guernsey", "buy", *AUX_SINGLE, "end"]
    # (b) another player's building, a hazard, a teepee: one single auxiliary action only.
    for space in ("A-2", "FLOOD-1", "TP1"):
        assert texts(at_location(state, 0, space)) == [*AUX_SINGLE, "end"]
    # (c) Kansas City: the subphases.
    state = play(in_phase_a(state, 0, "G"), "move KC")
    assert kinds(state) == {"foresight"}


def test_local_actions_exclude_the_auxiliary_action_and_vice_versa():
    """R1-LOC-02 R1-LOC-03"""
    state = bare()
    set_hand(state, 0, ["p0-guernsey-1", "p0-jersey-1", "p0-jersey-2", "p0-jersey-3"])
    state = at_location(state, 0, "A")
    assert {"action", "aux", "end"} <= kinds(state)
    after_local = play(state, "discard guernsey")
    assert "aux" not in kinds(after_local)
    assert moves(after_local, type="action")  # the hires are still there
    after_aux = play(state, "aux gain")
    assert kinds(after_aux) == {"end"}
    assert after_aux["players"][0]["money"] == 7


def test_the_single_auxiliary_action_of_a_location_is_never_doubled():
    """R1-LOC-05"""
    state = bare()
    put_tile(state, "FLOOD-1", "flood-1")
    clear_discs(state, 0, ["AUX-GAIN", "AUX-DRAW"])
    assert engine.view(state, 0)["players"][0]["aux_levels"]["1"] == 2
    state = at_location(state, 0, "FLOOD-1")
    assert [m for m in engine.legal_moves(state, 0) if m["type"] == "aux"] == [
        {"type": "aux", "aux": 1, "double": False},
        {"type": "aux", "aux": 2, "double": False},
    ]
    state = play(state, "aux gain")
    assert state["players"][0]["money"] == 7


def test_kansas_city_runs_all_five_subphases_in_order_with_no_auxiliary_option():
    """R1-LOC-06 R1-KC-01"""
    state = play(in_phase_a(bare(), 0, "G"), "move KC")
    seen = []
    while engine.current_player(state) == 0:
        frame = state["stack"][-1]
        seen.append(frame["t"] + (str(frame["n"]) if frame["t"] == "kc_foresight" else ""))
        assert kinds(state) <= {"foresight", "income", "deliver", "disc", "take_objective"}
        state = play(state, engine.legal_moves(state, 0)[0])
    subphases = [s for s in seen if s.startswith("kc_")]
    assert subphases == [
        "kc_foresight1",
        "kc_foresight2",
        "kc_foresight3",
        "kc_income",
        "kc_deliver",
    ]


def test_a_player_may_do_nothing_at_all_in_phase_b():
    """R1-LOC-07 R1-LOCAL-03"""
    state = bare()
    put_tile(state, "FLOOD-1", "flood-1")
    for space in ("A", "FLOOD-1"):
        here = at_location(state, 0, space)
        before = engine.view(here, 0)["players"][0]
        after = play(here, "end")
        assert engine.current_player(after) == 1
        assert after["players"][0]["money"] == before["money"]
        assert after["players"][0]["hand"] == here["players"][0]["hand"]


def test_only_the_owner_uses_a_private_buildings_local_actions():
    """R1-LOC-08 R1-LOC-04"""
    state = bare()
    put_tile(state, "A-1", "2a", owner=0)
    set_hand(state, 1, ["p1-guernsey-1", "p1-jersey-1", "p1-jersey-2", "p1-jersey-3"])
    set_hand(state, 0, ["p0-guernsey-1", "p0-jersey-1", "p0-jersey-2", "p0-jersey-3"])
    visitor = at_location(state, 1, "A-1")
    assert texts(visitor) == [*AUX_SINGLE, "end"]
    owner = at_location(state, 0, "A-1")
    assert "discard guernsey" in texts(owner)
    assert "buy" in texts(owner)


def test_example_mary_may_use_all_three_actions_of_her_building_in_any_order():
    """R1-LOC-09 (example) R1-LOCAL-01 R1-LOCAL-02 R1-LOCAL-07"""
    state = bare()
    put_tile(state, "DROUGHT-R1", "2a", owner=0)  # risk space: discard any card -> certificate
    set_hand(state, 0, ["p0-guernsey-1", "p0-jersey-1", "p0-dutch_belt-1", "p0-black_angus-1"])
    set_market(state, ["holstein-1", "brown_swiss-1", "ayrshire-1", "west_highland-1"])
    state = at_location(state, 0, "DROUGHT-R1")
    assert texts(state) == [
        "discard guernsey",
        "buy",
        "risk discard guernsey",
        "risk discard jersey",
        "risk discard dutch-belt",
        "risk discard black-angus",
        *AUX_SINGLE,
        "end",
    ]
    # Risk action first, then buying, then the Guernsey: each once, in any order.
    state = play(state, "risk discard jersey")
    assert state["players"][0]["cert"] == 1
    state = play(state, "buy")
    state = play(state, "buy BUY-3A holstein/1vp")
    assert top(state) == "loc"
    assert state["players"][0]["money"] == 0
    assert texts(state) == ["discard guernsey", "end"]
    state = play(state, "discard guernsey")
    assert state["players"][0]["money"] == 4
    assert texts(state) == ["end"]
    discard = state["players"][0]["discard"]
    assert discard == ["p0-jersey-1", "holstein-1", "p0-guernsey-1"]

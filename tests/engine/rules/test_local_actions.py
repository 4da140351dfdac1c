"""Local actions in general (R1-LOCAL-01..15) and the neutral building tiles A to G."""

from __future__ import annotations

import engine
from engine.data import buildings
from tests.engine.helpers import (
    at_location,
    clear_discs,
    clear_trail,
    give_worker,
    moves,
    new,
    play,
    put_tile,
    set_hand,
    set_market,
    texts,
    top,
)

JERSEYS = ["p0-jersey-1", "p0-jersey-2", "p0-jersey-3", "p0-jersey-4"]


def at(
    space: str,
    hand: list[str] | None = None,
    money: int | None = None,
    players: int = 2,
    tiles: dict | None = None,
) -> dict:
    """Seat 0 in phase B on ``space`` of a bare trail (only the neutral buildings)."""
    state = new(players)
    clear_trail(state)
    for where, (tid, owner) in (tiles or {}).items():
        put_tile(state, where, tid, owner=owner)
    if hand is not None:
        set_hand(state, 0, hand)
    if money is not None:
        state["players"][0]["money"] = money
    return at_location(state, 0, space)


def me(state) -> dict:
    return state["players"][0]


def actions(state) -> list[str]:
    """Notation of the local-action moves only (no auxiliary action, no end)."""
    return [engine.describe(state, 0, m) for m in moves(state, type="action")]


# --- general rules ------------------------------------------------------------------------


def test_each_local_action_is_used_at_most_once():
    """R1-LOCAL-01"""
    state = at("A", hand=["p0-guernsey-1", "p0-guernsey-2", *JERSEYS[:2]], money=0)
    state = play(state, "discard guernsey")
    assert me(state)["money"] == 2
    assert "discard guernsey" not in texts(state)  # a second Guernsey does not help
    assert me(state)["hand"].count("p0-guernsey-2") == 1


def test_local_actions_may_be_used_in_any_order():
    """R1-LOCAL-02"""
    hand = ["p0-black_angus-1", *JERSEYS[:3]]
    set_up = {"hand": hand, "money": 6}
    first = play(play(at("E", **set_up), "discard black-angus"), "buy")
    second = play(at("E", **set_up), "buy")
    assert top(first) == top(second) == "buy"
    second = play(play(second, "done"), "discard black-angus")
    assert me(second)["money"] == 8
    assert me(second)["discard"] == ["p0-black_angus-1"]


def test_local_actions_are_optional_any_subset_may_be_used():
    """R1-LOCAL-03"""
    state = at("B", hand=["p0-dutch_belt-1", *JERSEYS[:3]], money=6)
    state = play(state, "build 1a")
    state = play(state, "place A-1")
    assert "discard dutch-belt" in texts(state)
    state = play(state, "end")  # the Dutch Belt action is simply not used
    assert me(state)["money"] == 4
    assert "p0-dutch_belt-1" in me(state)["hand"]


def test_a_tile_has_as_many_local_actions_as_segments():
    """R1-LOCAL-04"""
    segments = {t: len(buildings.slots(t)) for t in [*buildings.NEUTRAL, *buildings.PRIVATE]}
    assert segments == {
        "NA": 3, "NB": 2, "NC": 2, "ND": 2, "NE": 2, "NF": 2, "NG": 2,
        "1a": 1, "2a": 2, "3a": 2, "4a": 2, "5a": 2, "6a": 2, "7a": 1, "8a": 2, "9a": 2,
        "10a": 2, "1b": 2, "2b": 2, "3b": 2, "4b": 2, "5b": 2, "6b": 1, "7b": 1, "8b": 1,
        "9b": 1, "10b": 3,
    }  # fmt: skip
    # Neutral A: three separate actions, all three usable in one visit.
    state = at("A", hand=["p0-guernsey-1", *JERSEYS[:3]], money=30)
    for prefix in ("discard guernsey", "hire ", "hire+2 "):
        move = next(t for t in texts(state) if t.startswith(prefix))
        state = play(state, move)
        while top(state) != "loc":
            state = play(state, "pass")
    assert actions(state) == []


def test_an_either_or_action_allows_only_one_of_its_two_alternatives():
    """R1-LOCAL-05"""
    state = at("C", money=6)
    assert "certificate" in texts(state)
    assert any(t.startswith("objective") for t in texts(state))
    state = play(state, "certificate")
    assert me(state)["cert"] == 1
    assert not any(t.startswith("objective") for t in texts(state))
    state = at("D", money=6, tiles={"TP4": ("green-01", None)})
    state = play(state, "trade TP4")
    assert me(state)["money"] == 10
    assert not moves(state, id="engine-paid")


def test_rewards_joined_by_and_are_all_granted():
    """R1-LOCAL-06"""
    state = at("FLOOD-R1", hand=JERSEYS, money=0, tiles={"FLOOD-R1": ("2a", 0)})
    state = play(state, "risk discard jersey")  # certificate 1 forward AND gain $2
    assert (me(state)["cert"], me(state)["money"]) == (1, 2)


def test_a_reward_needs_its_requirement_met_in_full():
    """R1-LOCAL-08 R1-LOCAL-10"""
    state = at("A", hand=JERSEYS, money=6)
    assert "discard guernsey" not in texts(state)
    state = at("F", hand=["p0-jersey-1", "p0-guernsey-1", "p0-dutch_belt-1", "p0-black_angus-1"])
    assert not [t for t in texts(state) if t.startswith("discard")]


def test_rewards_may_be_forfeited_but_money_rewards_are_taken_in_full():
    """R1-LOCAL-09"""
    # 6b: $3 AND an objective card into the hand; the card may be forfeited ...
    state = at("A-1", hand=JERSEYS, money=0, tiles={"A-1": ("6b", 0)})
    state = play(state, "discard jersey")
    assert top(state) == "gain_objective"
    assert "pass" in texts(state)
    state = play(state, "pass")
    assert me(state)["money"] == 3
    assert len(me(state)["hand"]) == 3
    # ... and an "up to" engine move may stop short, but a money reward has one size only.
    state = at("G", money=0)
    give_worker(state, 0, "engineer", 2)
    state = at_location(state, 0, "G")
    assert [m["to"] for m in moves(state, id="engine")] == ["1", "2", "3"]
    state = at("A", hand=["p0-guernsey-1", *JERSEYS[:3]], money=0)
    assert list(moves(state, id="discard-guernsey")) == [
        {"type": "action", "id": "discard-guernsey", "card": "p0-guernsey-1"}
    ]
    assert me(play(state, "discard guernsey"))["money"] == 2


def test_a_specific_breed_is_told_apart_by_colour_and_value():
    """R1-LOCAL-10 R1-LOCAL-13"""
    # Dutch Belt, Black Angus and Guernsey all have breeding value 2, different colours.
    hand = ["p0-dutch_belt-1", "p0-black_angus-1", "p0-guernsey-1", "p0-jersey-1"]
    assert [m["card"] for m in moves(at("A", hand=hand), id="discard-guernsey")] == [
        "p0-guernsey-1"
    ]
    assert [m["card"] for m in moves(at("B", hand=hand), id="discard-dutch_belt")] == [
        "p0-dutch_belt-1"
    ]
    state = play(at("E", hand=hand, money=0), "discard black-angus")
    assert me(state)["discard"] == ["p0-black_angus-1"]
    assert me(state)["money"] == 2
    assert "p0-black_angus-1" not in me(state)["hand"]


def test_two_cattle_of_the_same_type_means_one_identical_breed():
    """R1-LOCAL-11"""
    same_value = ["p0-dutch_belt-1", "p0-guernsey-1", "p0-black_angus-1", "p0-jersey-1"]
    assert not moves(at("F", hand=same_value), id="discard-pair")
    state = at("F", hand=["p0-guernsey-1", "p0-guernsey-2", "p0-jersey-1"], money=0)
    assert [m["card"] for m in moves(state, id="discard-pair")] == ["p0-guernsey-1"]
    state = play(state, "discard pair guernsey")
    assert sorted(me(state)["discard"]) == ["p0-guernsey-1", "p0-guernsey-2"]
    assert me(state)["hand"] == ["p0-jersey-1"]
    assert me(state)["money"] == 4


def test_any_cattle_card_meets_an_any_type_requirement_but_objective_cards_never_do():
    """R1-LOCAL-12"""
    risky = {"DROUGHT-R1": ("2a", 0)}
    state = at("DROUGHT-R1", hand=["OBJ-05", "holstein-1"], tiles=risky)
    assert [m["card"] for m in moves(state, id="risk")] == ["holstein-1"]
    state = at("DROUGHT-R1", hand=["OBJ-05"], tiles=risky)
    assert not moves(state, id="risk")
    state = at("A-1", hand=["OBJ-05", "OBJ-06"], tiles={"A-1": ("6b", 0)})
    assert not moves(state, id="discard-any")


def test_gain_and_pay_mean_exact_amounts_to_and_from_the_bank():
    """R1-LOCAL-13"""
    state = at("D", money=5)
    state = play(state, "engine-paid to 2")  # pay $2, engine up to 2 forward
    assert me(state)["money"] == 3
    assert me(state)["engine"] == "2"
    assert [p["money"] for p in state["players"]][1] == 7


def test_the_certificate_marker_never_passes_the_temporary_limit():
    """R1-LOCAL-14"""
    state = at("C")
    me(state)["cert"] = 3  # limit 3 at the start
    state = play(at_location(state, 0, "C"), "certificate")
    assert me(state)["cert"] == 3
    state = at("C")
    clear_discs(state, 0, ["CERT-4"])
    me(state)["cert"] = 3
    state = play(at_location(state, 0, "C"), "certificate")
    assert engine.view(state, 0)["players"][0]["certificates"] == 4
    # "Up to 2" from 3 with limit 4: only one space is possible, the excess is lost.
    state = at("A-1", hand=["p0-black_angus-1"], tiles={"A-1": ("5b", 0)})
    clear_discs(state, 0, ["CERT-4"])
    me(state)["cert"] = 3
    state = play(at_location(state, 0, "A-1"), "discard black-angus")
    assert engine.view(state, 0)["players"][0]["certificates"] == 4


def test_an_icon_means_the_same_action_wherever_it_appears():
    """R1-LOCAL-15"""
    base = new(2)
    clear_trail(base)
    clear_discs(base, 0, ["AUX-GAIN", "AUX-FWD-1", "AUX-FWD-2"])
    base["players"][0]["engine"] = "3"
    for space, tile in (("A-1", "6a"), ("A-2", "3b"), ("A-3", "8a")):
        put_tile(base, space, tile, owner=0)

    def aux_params(state) -> list[dict]:
        return sorted(
            (m for m in engine.legal_moves(state, 0) if m.get("id") == "aux"),
            key=lambda m: (m["aux"], m["double"], m.get("to", "")),
        )

    reference = aux_params(at_location(base, 0, "D"))
    assert {"type": "action", "id": "aux", "aux": 1, "double": True} in reference
    for space in ("G", "A-1", "A-2", "A-3"):
        assert aux_params(at_location(base, 0, space)) == reference
    set_hand(base, 0, ["OBJ-06"])  # immediate action: single or double auxiliary action
    state = play(at_location(base, 0, "A"), "play OBJ-06 (IA-AUX)")
    assert aux_params(state) == reference


# --- the neutral building tiles -------------------------------------------------------------


def test_neutral_a_guernsey_for_2_hire_and_hire_for_2_more():
    """R1-LOCAL-15 R1-LOCAL-04 (neutral building A)"""
    state = at("A", hand=["p0-guernsey-1", *JERSEYS[:3]], money=20)
    row0 = [m for m in moves(state, id="hire") if m["row"] == 0]
    assert row0
    assert all(m["row"] != 1 for m in moves(state, id="hire"))
    state = play(state, row0[0])
    while top(state) != "loc":
        state = play(state, "pass")
    assert me(state)["money"] == 14  # row 1 costs $6
    plus2 = [m for m in moves(state, id="hire+2") if m["row"] == 0]
    state = play(state, plus2[0])
    while top(state) != "loc":
        state = play(state, "pass")
    assert me(state)["money"] == 6  # $6 + $2
    state = play(state, "discard guernsey")
    assert me(state)["money"] == 8


def test_neutral_b_dutch_belt_for_2_and_a_building_at_2_dollars_per_craftsman():
    """R1-LOCAL-04 (neutral building B)"""
    state = at("B", hand=["p0-dutch_belt-1", *JERSEYS[:3]], money=6)
    assert [m["building"] for m in moves(state, id="build")] == ["1a", "2a", "3a"]
    state = play(state, "discard dutch-belt")
    assert me(state)["money"] == 8
    state = play(play(state, "build 3a"), "place B-2")
    assert me(state)["money"] == 6
    assert state["trail"]["B-2"] == {"tile": "3a", "owner": 0}


def test_neutral_c_certificate_or_objective_and_engine_by_engineers():
    """R1-LOCAL-05 (neutral building C)"""
    state = at("C", money=0)
    display = list(state["objective_display"])
    state = play(state, f"objective {display[1]}")
    assert me(state)["discard"] == [display[1]]
    assert "certificate" not in texts(state)
    assert [m["to"] for m in moves(state, id="engine")] == ["1"]  # 1 engineer
    state = play(state, "engine to 1")
    assert me(state)["engine"] == "1"
    assert actions(state) == []


def test_neutral_d_trade_or_paid_engine_and_a_single_or_double_auxiliary_action():
    """R1-LOCAL-05 (neutral building D)"""
    state = at("D", money=2)
    clear_discs(state, 0, ["AUX-GAIN"])
    state = at_location(state, 0, "D")
    assert [m["to"] for m in moves(state, id="engine-paid")] == ["1", "2"]
    state = play(state, "engine-paid to 1")
    assert (me(state)["money"], me(state)["engine"]) == (0, "1")
    state = play(state, "action aux gain double")
    assert me(state)["money"] == 2
    assert actions(state) == []


def test_neutral_e_black_angus_for_2_and_buy_cattle():
    """R1-LOCAL-04 (neutral building E)"""
    state = at("E", hand=["p0-black_angus-1", *JERSEYS[:3]], money=6)
    set_market(state, ["holstein-1", "west_highland-1"])
    state = at_location(state, 0, "E")
    state = play(play(state, "buy"), "buy BUY-3A holstein/1vp")
    assert me(state)["money"] == 0
    assert me(state)["discard"] == ["holstein-1"]
    state = play(state, "discard black-angus")
    assert me(state)["money"] == 2


def test_neutral_f_pair_for_4_and_a_hazard_for_7():
    """R1-LOCAL-11 (neutral building F)"""
    state = at(
        "F",
        hand=["p0-jersey-1", "p0-jersey-2", "p0-guernsey-1"],
        money=3,
        tiles={"DROUGHT-2": ("drought-1", None)},
    )
    assert not moves(state, id="hazard")  # $3 < $7
    state = play(state, "discard pair jersey")
    assert me(state)["money"] == 7
    state = play(state, "hazard DROUGHT-2")
    assert me(state)["money"] == 0
    assert me(state)["hazards"] == ["drought-1"]
    assert "DROUGHT-2" not in state["trail"]


def test_neutral_g_engine_by_engineers_and_a_single_or_double_auxiliary_action():
    """R1-LOCAL-04 (neutral building G)"""
    state = at("G", money=0)
    give_worker(state, 0, "engineer", 1)
    clear_discs(state, 0, ["AUX-DRAW"])
    state = at_location(state, 0, "G")
    assert [m["to"] for m in moves(state, id="engine")] == ["1", "2"]
    state = play(state, "engine to 2")
    hand_before = list(me(state)["hand"])
    state = play(state, "action aux draw double")
    assert len(me(state)["hand"]) == len(hand_before) + 2
    assert top(state) == "discard"
    state = play(state, texts(state)[0])
    state = play(state, texts(state)[0])
    assert len(me(state)["hand"]) == len(hand_before)
    assert top(state) == "loc"
    assert actions(state) == []

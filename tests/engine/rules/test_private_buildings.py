"""Local actions of the 20 private building tiles and the risk actions (R1-LOCAL-07, 16..35)."""

from __future__ import annotations

import pytest

import engine
from engine.data import trail
from tests.engine.helpers import (
    at_location,
    clear_discs,
    clear_trail,
    give_worker,
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

JERSEYS = ["p0-jersey-1", "p0-jersey-2", "p0-jersey-3", "p0-jersey-4"]


def board(tiles: dict | None = None, players: int = 2) -> dict:
    """A bare trail (neutral buildings only) with ``tiles``: {space: (tile, owner)}."""
    state = new(players)
    clear_trail(state)
    for where, (tid, owner) in (tiles or {}).items():
        put_tile(state, where, tid, owner=owner)
    return state


def own(tile: str, space: str = "A-1", hand=None, money=None, engine_at=None, **more) -> dict:
    """Seat 0 in phase B on its own ``tile`` at ``space``."""
    state = board({space: (tile, 0), **more.get("tiles", {})})
    if hand is not None:
        set_hand(state, 0, hand)
    if money is not None:
        state["players"][0]["money"] = money
    if engine_at is not None:
        state["players"][0]["engine"] = engine_at
    return at_location(state, 0, space)


def me(state) -> dict:
    return state["players"][0]


def actions(state) -> list[str]:
    return [engine.describe(state, 0, m) for m in moves(state, type="action")]


def cert(state) -> int:
    return engine.view(state, 0)["players"][0]["certificates"]


def routes(state) -> list[tuple[str, tuple[str, ...]]]:
    return sorted((m["to"], tuple(m["via"])) for m in moves(state, id="move"))


def finish_pending(state) -> dict:
    """Pass every follow-up decision until phase B at a location is pending again."""
    while top(state) != "loc":
        state = play(state, "pass" if "pass" in texts(state) else texts(state)[0])
    return state


# --- risk actions -----------------------------------------------------------------------------


@pytest.mark.parametrize("space", sorted(trail.RISK_ACTIONS))
def test_an_own_building_on_a_risk_space_gains_the_risk_action(space):
    """R1-LOCAL-07 R1-LOCAL-06 R1-LOCAL-12"""
    state = own("1a", space=space, hand=["p0-jersey-1", "p0-guernsey-1"], money=0)
    risk = trail.RISK_ACTIONS[space]
    cards = [m["card"] for m in moves(state, id="risk")]
    if risk == "R-ANY":  # discard any cattle card: certificate 1 forward
        assert cards == ["p0-jersey-1", "p0-guernsey-1"]
        state = play(state, "risk discard guernsey")
        assert (cert(state), me(state)["money"]) == (1, 0)
    else:  # discard a Jersey: certificate 1 forward AND $2
        assert cards == ["p0-jersey-1"]
        state = play(state, "risk discard jersey")
        assert (cert(state), me(state)["money"]) == (1, 2)
    assert not moves(state, id="risk")


def test_risk_actions_belong_only_to_the_owner_of_a_building_on_a_risk_space():
    """R1-LOCAL-07 R1-LOC-08"""
    state = board({"FLOOD-R1": ("1a", 1), "A-1": ("1a", 0)})
    set_hand(state, 0, JERSEYS)
    assert not moves(at_location(state, 0, "FLOOD-R1"), id="risk")  # a visitor
    assert not moves(at_location(state, 0, "A-1"), id="risk")  # a plain space
    # An empty risk space is not a location at all: from FLOOD-4 the next stop is B.
    state = in_phase_a(board(), 0, "FLOOD-4")
    assert texts(state)[0] == "move B"
    assert not {m["to"] for m in moves(state, type="move")} & {"FLOOD-R1", "FLOOD-R2"}


def test_the_risk_action_is_there_every_time_the_owner_uses_the_building():
    """R1-LOCAL-07"""
    state = own("2a", space="ROCKFALL-R1", hand=JERSEYS)
    state = play(play(state, "risk discard jersey"), "end")
    assert cert(state) == 1
    state = at_location(state, 0, "ROCKFALL-R1")
    state = play(state, "risk discard jersey")
    assert cert(state) == 2


# --- side a -------------------------------------------------------------------------------------


def test_1a_gains_2_dollars_per_own_building_in_the_woods_itself_included():
    """R1-LOCAL-16 R1-LOCAL-17"""
    tiles = {"C-1": ("2a", 0), "A-1": ("3a", 0), "C-2": ("2a", 1), "E-1": ("4a", 1)}
    state = own("1a", space="B-1", money=0, tiles=tiles)  # B-1 is a woods space
    state = play(state, "woods-money")
    assert me(state)["money"] == 4  # 1a on B-1 and 2a on C-1; not A-1, not Peter's
    state = own("1a", space="A-2", money=0, tiles=tiles)  # not in the woods
    assert me(play(state, "woods-money"))["money"] == 2


def test_the_woods_are_the_eight_building_spaces_touching_woods_on_the_board():
    """R1-LOCAL-17 (ambiguous; rules-notes: any contact, taken from board data)"""
    assert {"FLOOD-R2", "B-1", "C-1", "C-2", "E-1", "E-2", "ROCKFALL-R2", "F-2"} == trail.WOODS
    for space in sorted(trail.WOODS):
        state = own("1a", space=space, money=0)
        assert me(play(state, "woods-money"))["money"] == 2, space


def test_2a_guernsey_for_4_dollars_and_buy_cattle():
    """R1-LOCAL-10 (building 2a)"""
    state = own("2a", hand=["p0-guernsey-1", *JERSEYS[:3]], money=2)
    set_market(state, ["ayrshire-1", "holstein-1"])
    state = play(state, "discard guernsey")
    assert me(state)["money"] == 6
    state = play(play(state, "buy"), "buy BUY-3A ayrshire/3vp")
    assert me(state)["money"] == 0
    assert me(state)["discard"][-1] == "ayrshire-1"


def test_3a_pair_for_3_dollars_and_move_1_step_then_phase_b_again():
    """R1-MOVE-14 R1-LOCAL-11 (building 3a)"""
    state = own("3a", hand=["p0-jersey-1", "p0-jersey-2", "p0-guernsey-1"], money=0)
    put_tile(state, "A-3", "1b", owner=1)
    state = at_location(state, 0, "A-1")
    state = play(state, "discard pair jersey")
    assert me(state)["money"] == 3
    assert routes(state) == [("A-3", ())]  # exactly 1 step
    state = play(state, "move A-3")
    assert me(state)["money"] == 1  # green hand of Peter's 1b: $2
    assert state["stack"][-1]["space"] == "A-3"
    assert texts(state) == ["aux gain", "aux draw", "end"]


def test_4a_removes_a_hazard_for_5_and_moves_up_to_2_steps():
    """R1-MOVE-14 (building 4a)"""
    state = own("4a", money=5, tiles={"ROCKFALL-2": ("rockfall-5", None)})
    state = play(state, "hazard ROCKFALL-2")
    assert me(state)["money"] == 0
    assert me(state)["hazards"] == ["rockfall-5"]
    assert routes(state) == [("B", ()), ("C", ("B",))]
    state = play(state, "move C via B")
    assert state["stack"][-1]["space"] == "C"
    assert "certificate" in texts(state)


def test_5a_hires_for_1_dollar_less_and_moves_the_engine_by_engineers():
    """R1-LOCAL-19 (building 5a)"""
    state = own("5a", money=5)
    give_worker(state, 0, "engineer", 1)
    state = at_location(state, 0, "A-1")
    hire = moves(state, id="hire-1")
    assert hire
    assert {m["row"] for m in hire} == {0}
    assert [m["to"] for m in moves(state, id="engine")] == ["1", "2"]
    state = finish_pending(play(state, hire[0]))
    assert me(state)["money"] == 0
    state = play(state, "engine to 2")
    assert me(state)["engine"] == "2"


def test_6a_holstein_for_10_and_a_single_or_double_auxiliary_action():
    """R1-LOCAL-10 (building 6a)"""
    state = own("6a", hand=["holstein-1", *JERSEYS[:3]], money=0)
    clear_discs(state, 0, ["AUX-GAIN"])
    state = at_location(state, 0, "A-1")
    state = play(state, "discard holstein/1vp")
    assert me(state)["money"] == 10
    state = play(state, "action aux gain double")
    assert me(state)["money"] == 12


def test_7a_certificates_and_money_for_each_teepee_pair_kept():
    """R1-LOCAL-20"""
    state = own("7a", money=0)
    me(state)["teepees"] = ["green-01", "green-02", "blue-01"]
    state = play(state, "teepee-pairs")
    assert (cert(state), me(state)["money"]) == (2, 2)
    assert me(state)["teepees"] == ["green-01", "green-02", "blue-01"]
    state = own("7a", money=0)
    clear_discs(state, 0, ["CERT-4", "CERT-6"])
    me(state)["teepees"] = ["green-01", "blue-02", "green-02", "blue-01"]
    state = play(at_location(state, 0, "A-1"), "teepee-pairs")
    assert (cert(state), me(state)["money"]) == (4, 4)


def test_8a_trade_or_auxiliary_action_and_engine_up_to_2():
    """R1-LOCAL-05 (building 8a)"""
    state = own("8a", money=0, tiles={"TP6": ("blue-01", None)})
    assert [m["to"] for m in moves(state, id="engine")] == ["1", "2"]
    state = play(state, "trade TP6")
    assert me(state)["money"] == 6
    assert me(state)["teepees"] == ["blue-01"]
    assert not moves(state, id="aux")
    state = play(state, "engine to 2")
    assert me(state)["engine"] == "2"
    assert actions(state) == []


def test_9a_moves_the_engine_up_to_3_or_makes_an_extraordinary_delivery():
    """R1-LOCAL-30 R1-LOCAL-33 (building 9a)"""
    state = own("9a", engine_at="5", money=5)
    assert [m["to"] for m in moves(state, id="engine")] == ["6", "7", "7.5", "8"]
    assert [m["to"] for m in moves(state, id="delivery")] == ["0", "1", "2", "3", "4", "4.5"]
    # One space back onto a turnout counts 0 toward the city value: Kansas City only.
    assert texts(play(state, "delivery to 4.5")) == ["deliver KAN"]
    hand = list(me(state)["hand"])
    state = play(state, "delivery to 1")  # 4 spaces back: Wichita (4) is in reach
    assert list(texts(state)) == ["deliver KAN", "deliver TOP", "deliver WIC"]
    state = play(play(state, "deliver WIC"), "disc AUX-FWD-1")
    assert state["cities"]["WIC"] == [0]
    assert me(state)["engine"] == "1"
    assert me(state)["money"] == 5  # no income, and no transport cost for WIC's cross
    assert me(state)["hand"] == hand
    state = play(state, "engine to 4")  # 9a's other action is still there
    assert me(state)["engine"] == "4"


def test_9a_turnouts_and_skipped_engines_do_not_count_toward_the_city_value():
    """R1-LOCAL-31 R1-LOCAL-34"""
    state = own("9a", engine_at="12", money=2)
    state["players"][1]["engine"] = "10"
    state = at_location(state, 0, "A-1")
    # 12 -> 7.5 passes 11, (10 occupied), 9, 8 and ends on S2's turnout: 3 spaces.
    state = play(state, "delivery to 7.5")
    assert texts(state) == ["deliver KAN", "deliver TOP"]
    state = play(play(state, "deliver TOP"), "disc AUX-GAIN")
    # Then the station of the turnout may be upgraded as usual.
    assert texts(state) == ["upgrade S2", "pass"]
    state = play(play(state, "upgrade S2"), "disc CERT-4")
    assert me(state)["money"] == 0
    assert state["stations"]["S2"] == [0]
    assert state["cities"]["TOP"] == [0]


def test_9a_keeps_the_usual_city_restriction_and_triggers_delivery_actions():
    """R1-LOCAL-32"""
    state = own("9a", engine_at="9", money=0)
    clear_discs(state, 0, ["AUX-GAIN"], city="TOP")
    state = at_location(state, 0, "A-1")
    state = play(state, "delivery to 4")  # 5 spaces back
    assert texts(state) == ["deliver KAN", "deliver WIC"]  # not Topeka again
    state = play(play(state, "deliver WIC"), "disc AUX-DRAW")
    assert top(state) == "gain_objective"  # the TOP-WIC arrow fires
    assert "pass" not in texts(state)
    card = state["objective_display"][0]
    state = play(state, f"take objective {card}")
    assert me(state)["discard"] == [card]


def test_9a_to_kansas_city_pays_6_dollars_and_may_repeat():
    """R1-LOCAL-35 (ambiguous; rules-notes) R1-LOCAL-32"""
    state = own("9a", engine_at="3", money=0)
    clear_discs(state, 0, ["AUX-GAIN"], city="KAN")
    state = at_location(state, 0, "A-1")
    state = play(state, "delivery to 2")
    assert texts(state) == ["deliver KAN", "deliver TOP"]
    state = play(play(state, "deliver KAN"), "disc AUX-DRAW")
    assert me(state)["money"] == 6
    assert state["cities"]["KAN"] == [0, 0]


def test_10a_certificates_to_the_limit_and_move_up_to_5_steps():
    """R1-LOCAL-21 R1-MOVE-14 (building 10a)"""
    state = own("10a")
    state = play(state, "certificates")
    assert cert(state) == 3
    state = own("10a")
    clear_discs(state, 0, ["CERT-4", "CERT-6"])
    state = play(at_location(state, 0, "A-1"), "certificates")
    assert cert(state) == 6
    assert {to for to, _ in routes(state)} == {"B", "C", "D", "E", "F", "G"}
    state = play(state, "move G via B C E F")
    assert state["stack"][-1]["space"] == "G"


# --- side b -------------------------------------------------------------------------------------


def test_1b_objective_card_for_2_certificates_and_engine_back_for_3_dollars():
    """R1-LOCAL-22 R1-LOCAL-24 (building 1b)"""
    state = own("1b", hand=["OBJ-05", "p0-jersey-1"], money=0)
    assert not moves(state, id="engine-back")  # the engine is on the start space
    assert [m["card"] for m in moves(state, id="discard-objective")] == ["OBJ-05"]
    state = play(state, "discard OBJ-05")
    assert cert(state) == 2
    assert me(state)["discard"] == ["OBJ-05"]
    state = own("1b", hand=["p0-jersey-1"], money=0, engine_at="6")
    assert not moves(state, id="discard-objective")
    assert [m["to"] for m in moves(state, id="engine-back")] == ["5"]
    state = play(state, "engine-back to 5")
    assert (me(state)["engine"], me(state)["money"]) == ("5", 3)


def test_1b_landing_on_a_turnout_decides_the_upgrade_before_the_3_dollars():
    """R1-LOCAL-24 R1-STATION-01 (rules-notes: the upgrade is decided at once)"""
    state = own("1b", money=1, engine_at="5")
    assert [m["to"] for m in moves(state, id="engine-back")] == ["4", "4.5"]
    state = play(state, "engine-back to 4.5")
    assert top(state) == "loc"  # S1 costs $2: no upgrade with $1, the $3 comes after
    assert (me(state)["engine"], me(state)["money"]) == ("4.5", 4)
    state = own("1b", money=2, engine_at="5")
    state = play(state, "engine-back to 4.5")
    assert texts(state) == ["upgrade S1", "pass"]
    state = play(play(state, "upgrade S1"), "disc AUX-GAIN")
    assert me(state)["money"] == 3
    assert state["stations"]["S1"] == [0]


def test_2b_jersey_moves_the_engine_1_forward_and_dutch_belt_gains_3():
    """R1-LOCAL-10 (building 2b)"""
    state = own("2b", hand=["p0-jersey-1", "p0-dutch_belt-1"], money=0, engine_at="4")
    assert [m["to"] for m in moves(state, id="discard-jersey")] == ["4.5", "5"]
    state = play(state, "discard jersey to 5")
    assert me(state)["engine"] == "5"
    state = play(state, "discard dutch-belt")
    assert me(state)["money"] == 3
    assert me(state)["hand"] == []


def test_3b_auxiliary_action_and_move_1_step_then_a_fresh_phase_b():
    """R1-MOVE-14 (building 3b)"""
    state = own("3b", money=0, hand=["p0-guernsey-1"], tiles={"A-3": ("2a", 0)})
    clear_discs(state, 0, ["AUX-GAIN"])
    state = at_location(state, 0, "A-1")
    state = play(state, "action aux gain double")
    assert me(state)["money"] == 2
    assert routes(state) == [("A-3", ())]
    state = play(state, "move A-3")
    # A new phase B: the 2a's actions or a single auxiliary action, as usual.
    assert state["stack"][-1]["space"] == "A-3"
    assert texts(state) == ["discard guernsey", "buy", "aux gain", "aux draw", "end"]


def test_4b_draws_up_to_one_card_per_cowboy_then_discards_as_many():
    """R1-LOCAL-23 R1-MOVE-14 (building 4b)"""
    state = own("4b", hand=["p0-jersey-1"])
    give_worker(state, 0, "cowboy", 2)
    state = at_location(state, 0, "A-1")
    assert [m["n"] for m in moves(state, id="draw")] == [1, 2, 3]
    state = play(state, "draw 2")
    assert len(me(state)["hand"]) == 3
    assert top(state) == "discard"
    state = play(state, texts(state)[0])
    assert top(state) == "discard"
    state = play(state, texts(state)[0])
    assert len(me(state)["hand"]) == 1
    assert len(me(state)["discard"]) == 2
    assert {to for to, _ in routes(state)} == {"B", "C", "D", "E"}
    state = play(state, "move D via B C")
    assert state["stack"][-1]["space"] == "D"
    assert len(me(state)["hand"]) == 1  # still no drawing before phase C


def test_5b_black_angus_for_2_certificates_and_a_dollar_per_engineer():
    """R1-LOCAL-25 (building 5b)"""
    state = own("5b", hand=["p0-black_angus-1"], money=0)
    give_worker(state, 0, "engineer", 2)
    state = at_location(state, 0, "A-1")
    state = play(state, "discard black-angus")
    assert cert(state) == 2
    state = play(state, "engineer-money")
    assert me(state)["money"] == 3


def test_6b_any_cattle_card_for_3_dollars_and_an_objective_card_into_the_hand():
    """R1-LOCAL-29 R1-LOCAL-12"""
    state = own("6b", hand=["OBJ-05", "p0-jersey-1"], money=0)
    assert [m["card"] for m in moves(state, id="discard-any")] == ["p0-jersey-1"]
    state = play(state, "discard jersey")
    assert me(state)["money"] == 3
    display = list(state["objective_display"])
    assert texts(state) == [
        *(f"take objective {c}" for c in display),
        "take objective stack",
        "pass",
    ]
    state = play(state, f"take objective {display[2]}")
    assert me(state)["hand"] == ["OBJ-05", display[2]]
    assert me(state)["discard"] == ["p0-jersey-1"]
    assert len(state["objective_display"]) == 4
    assert display[2] not in state["objective_display"]


def test_7b_moves_the_engine_up_to_one_space_per_own_building_in_the_woods():
    """R1-LOCAL-18"""
    tiles = {"C-1": ("1a", 0), "A-1": ("1b", 0), "C-2": ("2a", 1)}
    state = own("7b", space="B-1", tiles=tiles)
    assert [m["to"] for m in moves(state, id="woods-engine")] == ["1", "2"]
    state = own("7b", space="B-2", tiles={"A-1": ("1b", 0)})
    assert not moves(state, id="woods-engine")


def test_9b_upgrades_a_station_behind_the_engine_which_stays_put():
    """R1-LOCAL-28"""
    state = own("9b", engine_at="12", money=4)
    assert [m["station"] for m in moves(state, id="upgrade")] == ["S1", "S2", "S3"]
    state = play(state, "upgrade S3")
    state = play(state, "disc AUX-REMOVE-1")
    assert me(state)["money"] == 0
    assert me(state)["engine"] == "12"
    assert state["stations"]["S3"] == [0]
    # On the next visit S3 already holds Mary's disc: not a second time.
    me(state)["money"] = 4
    state = at_location(state, 0, "A-1")
    assert [m["station"] for m in moves(state, id="upgrade")] == ["S1", "S2"]


def test_10b_gains_4_dollars_engine_up_to_4_and_moves_up_to_4_steps():
    """R1-LOCAL-04 R1-MOVE-14 (building 10b)"""
    state = own("10b", money=0)
    state = play(state, "gain")
    assert me(state)["money"] == 4
    assert [m["to"] for m in moves(state, id="engine")] == ["1", "2", "3", "4"]
    state = play(state, "engine to 4")
    assert {to for to, _ in routes(state)} == {"B", "C", "D", "E", "F"}
    state = play(state, "move F via B C E")
    assert state["stack"][-1]["space"] == "F"


# --- 8b: copy the local actions of an adjacent building ---------------------------------------


def copy_targets(state) -> list[str]:
    return sorted(m["space"] for m in moves(state, id="copy"))


def test_8b_copies_a_neutral_an_own_or_another_players_adjacent_building():
    """R1-LOCAL-26"""
    state = own("8b", space="A-1", tiles={"A-2": ("2a", 1)})
    assert copy_targets(state) == ["A", "A-2"]
    set_hand(state, 0, ["p0-guernsey-1", *JERSEYS[:3]])
    state = at_location(state, 0, "A-1")
    state = play(state, "copy A-2")  # Peter's 2a, used as if it were Mary's
    assert texts(state) == ["discard guernsey", "buy", "done"]
    state = play(state, "discard guernsey")
    assert me(state)["money"] == 6 + 4
    state = play(state, "done")
    assert texts(state) == ["end"]  # the copy was 8b's local action: no auxiliary action
    assert state["players"][1]["money"] == 7


def test_8b_adjacency_runs_both_ways_across_forks_and_breaks_on_empty_spaces():
    """R1-LOCAL-27 (ambiguous; rules-notes) R1-LOCAL-26"""
    assert copy_targets(own("8b", space="C-3")) == ["C", "D"]  # back to C, forward to D
    assert copy_targets(own("8b", space="A-2")) == []  # are empty spaces
    state = own("8b", space="A-2", tiles={"A-3": ("1a", 0), "A-1": ("3a", 1)})
    assert copy_targets(state) == ["A-1", "A-3"]
    # A hazard next to 8b is a location but not a building tile.
    state = own("8b", space="FLOOD-R1", tiles={"FLOOD-4": ("flood-1", None)})
    assert copy_targets(state) == []


def test_8b_copies_only_printed_local_actions_not_the_risk_action_and_not_another_8b():
    """R1-LOCAL-27 (rules-notes) R1-LOCAL-07"""
    tiles = {"FLOOD-R2": ("2a", 0)}
    state = own("8b", space="FLOOD-R1", hand=["p0-guernsey-1", *JERSEYS[:3]], tiles=tiles)
    # 8b itself stands on a risk space: its own risk action is one of its local actions.
    assert [m["card"] for m in moves(state, id="risk")] == ["p0-jersey-1"]
    state = play(state, "copy FLOOD-R2")
    assert not moves(state, id="risk")
    assert [m["id"] for m in moves(state, type="action")] == ["discard-guernsey", "buy"]
    state = own("8b", space="A-1", tiles={"A-2": ("8b", 1)})
    assert copy_targets(state) == ["A"]


def test_8b_copying_a_move_action_moves_on_and_does_phase_b_again():
    """R1-LOCAL-26 R1-MOVE-14"""
    state = own("8b", space="A-2", tiles={"A-3": ("4a", 1)})
    state = play(state, "copy A-3")
    assert routes(state) == [("A-3", ()), ("B", ("A-3",))]
    money = me(state)["money"]
    state = play(state, "move B via A-3")
    assert me(state)["money"] == money - 2  # Peter's 4a shows a black hand
    assert state["stack"][-1]["t"] == "loc"
    assert state["stack"][-1]["space"] == "B"
    assert [f["t"] for f in state["stack"]] == ["phase_c", "loc"]

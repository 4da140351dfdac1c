"""Kansas City: the order of the subphases, foresight, the job market, income and the two
final steps (R1-KC-01..22, R1-KC-43/44).  Delivery is in test_delivery.py."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    at_location,
    clear_trail,
    give_station_master,
    in_kansas_city,
    in_phase_a,
    move_card,
    moves,
    new,
    play,
    put_disc,
    put_tile,
    set_foresight,
    set_hand,
    set_job_market,
    set_market,
    texts,
    top,
)


def _decision(state: dict) -> tuple:
    frame = state["stack"][-1]
    return (frame["t"], frame.get("n"))


# --- order ---------------------------------------------------------------------------------


def test_kansas_city_runs_three_foresights_income_delivery_then_the_final_steps():
    """R1-KC-01"""
    s = new(2)
    set_foresight(s, 1, ["flood-1", "green-01"])
    set_foresight(s, 2, ["cowboy-01", "engineer-01"])
    set_foresight(s, 3, ["blue-09", "craftsman-12"])
    s = at_location(s, 0, "KC")
    seen = []
    for text in ("foresight 1", "foresight 1", "foresight 1", "income certificates 0"):
        seen.append(_decision(s))
        s = play(s, text)
    seen.append(_decision(s))
    assert seen == [
        ("kc_foresight", 1),
        ("kc_foresight", 2),
        ("kc_foresight", 3),
        ("kc_income", None),
        ("kc_deliver", None),
    ]
    s = play(s, "deliver KAN")
    s = play(s, "disc AUX-GAIN")
    # Both final steps ran (cattleman home, foresight refilled) and the turn passed on.
    assert s["players"][0]["herder"] == "START"
    assert all(t is not None for row in s["foresight"] for t in row)
    assert s["current"] == 1


# --- subphases 1-3: foresight ----------------------------------------------------------------


def test_the_chosen_foresight_tile_moves_to_its_section_and_the_other_stays():
    """R1-KC-02"""
    s = new(2)
    clear_trail(s)
    set_foresight(s, 1, ["flood-1", "green-01"])
    s = at_location(s, 0, "KC")
    s = play(s, "foresight 2")
    assert s["trail"]["TPM3"]["tile"] == "green-01"
    assert s["foresight"][0] == ["flood-1", None]
    assert _decision(s) == ("kc_foresight", 2)


def test_choosing_a_foresight_tile_is_mandatory():
    """R1-KC-03"""
    s = new(2)
    set_foresight(s, 1, ["flood-1", "green-01"])
    s = in_kansas_city(s, 0, 1)
    assert texts(s) == ["foresight 1", "foresight 2"]


def test_a_teepee_goes_to_the_empty_indian_trade_space_with_the_lowest_value():
    """R1-KC-04"""
    s = new(2)
    clear_trail(s)
    put_tile(s, "TPM2", "blue-01")
    put_tile(s, "TPM1", "blue-02")
    set_foresight(s, 1, ["green-01", "flood-1"])
    s = in_kansas_city(s, 0, 1)
    s = play(s, "foresight 1")
    assert s["trail"]["TPM3"]["tile"] == "green-01"  # -3: the lowest empty value
    # With -3, -2 and -1 taken, the next teepee goes to +1.
    set_foresight(s, 1, ["green-02", "flood-2"])
    s = in_kansas_city(s, 0, 1)
    s = play(s, "foresight 1")
    assert s["trail"]["TP1"]["tile"] == "green-02"


def test_a_teepee_with_no_empty_indian_trade_space_leaves_the_game():
    """R1-KC-04"""
    s = new(2)
    clear_trail(s)
    spaces = ("TPM3", "TPM2", "TPM1", "TP1", "TP2", "TP4", "TP6", "TP8", "TP10")
    for space, tid in zip(
        spaces, [f"green-0{i}" for i in range(2, 10)] + ["blue-01"], strict=False
    ):
        put_tile(s, space, tid)
    before = dict(s["trail"])
    set_foresight(s, 1, ["green-01", "flood-1"])
    s = in_kansas_city(s, 0, 1)
    s = play(s, "foresight 1")
    assert s["trail"] == before
    assert "green-01" in s["removed_tiles"]


def test_a_hazard_goes_to_the_lowest_numbered_empty_space_of_its_own_type():
    """R1-KC-05"""
    s = new(2)
    clear_trail(s)
    put_tile(s, "FLOOD-1", "flood-2")
    put_tile(s, "FLOOD-3", "flood-3")
    put_tile(s, "DROUGHT-1", "drought-1")
    set_foresight(s, 1, ["flood-1", "green-01"])
    s = in_kansas_city(s, 0, 1)
    s = play(s, "foresight 1")
    assert s["trail"]["FLOOD-2"]["tile"] == "flood-1"
    assert "DROUGHT-2" not in s["trail"]


def test_a_hazard_with_its_section_full_leaves_the_game():
    """R1-KC-05"""
    s = new(2)
    clear_trail(s)
    for i in range(1, 5):
        put_tile(s, f"ROCKFALL-{i}", f"rockfall-{i}")
    set_foresight(s, 1, ["rockfall-5", "green-01"])
    s = in_kansas_city(s, 0, 1)
    s = play(s, "foresight 1")
    assert "rockfall-5" in s["removed_tiles"]
    assert [s["trail"][f"ROCKFALL-{i}"]["tile"] for i in range(1, 5)] == [
        f"rockfall-{i}" for i in range(1, 5)
    ]


# --- the job market ---------------------------------------------------------------------------


def test_a_worker_goes_to_the_leftmost_empty_space_of_the_token_row():
    """R1-KC-06 R1-KC-07"""
    s = new(2)
    # Row 2 has a vacancy left by hiring; the token is in row 3 (index 2).
    set_foresight(s, 2, ["craftsman-01", "cowboy-01"])
    set_job_market(
        s,
        {0: [None, None, "cowboy", "cowboy"], 1: [None, None, None, "engineer"]},
        token_row=2,
    )
    s = in_kansas_city(s, 0, 2)
    s = play(s, "foresight 1")
    rows = s["job_market"]["rows"]
    assert rows[2] == [None, None, "craftsman-01", None]
    assert rows[1][2] is None  # vacancies in earlier rows are never refilled
    assert s["job_market"]["token_row"] == 2


def test_job_market_rows_use_the_right_hand_columns_for_the_player_count():
    """R1-KC-08"""
    for players, column in ((2, 2), (3, 1), (4, 0)):
        s = new(players)
        set_foresight(s, 2, ["craftsman-01", "cowboy-01"])
        set_job_market(s, {}, token_row=3)
        s = in_kansas_city(s, 0, 2)
        s = play(s, "foresight 1")
        row = s["job_market"]["rows"][3]
        assert row.index("craftsman-01") == column, players
        assert sum(t is not None for t in row) == 1


def test_filling_the_token_space_moves_the_token_to_the_next_row():
    """R1-KC-09"""
    s = new(3)
    set_foresight(s, 2, ["engineer-01", "cowboy-01"])
    set_job_market(s, {3: [None, "cowboy", "cowboy", None]}, token_row=3)
    s = in_kansas_city(s, 0, 2)
    s = play(s, "foresight 1")
    assert s["job_market"]["rows"][3][3] == "engineer-01"
    assert s["job_market"]["token_row"] == 4


def test_a_black_arrow_changes_nothing_else():
    """R1-KC-10"""
    s = new(2)
    set_market(s, ["holstein-1", "ayrshire-1", "west_highland-1"])
    set_foresight(s, 2, ["engineer-01", "cowboy-01"])
    set_job_market(s, {4: [None, None, "cowboy", None]}, token_row=4)  # row 5: black arrow
    s = in_kansas_city(s, 0, 2)
    stack_before = list(s["market_stack"])
    s = play(s, "foresight 1")
    assert s["job_market"]["token_row"] == 5
    assert s["market"] == ["holstein-1", "ayrshire-1", "west_highland-1"]
    assert s["market_stack"] == stack_before


def test_a_yellow_arrow_refills_the_cattle_market_to_its_player_count_size():
    """R1-KC-11"""
    for players, size in ((2, 7), (3, 10), (4, 13)):
        s = new(players)
        set_market(s, ["holstein-1", "ayrshire-1", "west_highland-1"])
        last = players - 1
        row = [None] * 4
        for c in range(4 - players, 3):
            row[c] = "cowboy"
        set_foresight(s, 2, ["engineer-01", "cowboy-01"])
        set_job_market(s, {5: row}, token_row=5)  # row 6: yellow arrow
        s = in_kansas_city(s, last, 2)
        top_cards = s["market_stack"][-(size - 3) :]
        s = play(s, "foresight 1")
        assert s["job_market"]["token_row"] == 6
        assert len(s["market"]) == size, players
        assert sorted(s["market"]) == sorted(
            ["holstein-1", "ayrshire-1", "west_highland-1", *top_cards]
        )


def test_a_yellow_arrow_adds_nothing_to_a_full_market_and_stops_when_the_stack_runs_out():
    """R1-KC-12"""
    s = new(2)
    eight = [f"holstein-{i}" for i in range(1, 8)] + ["ayrshire-1"]
    set_market(s, eight)
    set_foresight(s, 2, ["engineer-01", "cowboy-01"])
    set_job_market(s, {8: [None, None, "cowboy", None]}, token_row=8)  # row 9: yellow
    s = in_kansas_city(s, 0, 2)
    stack_before = list(s["market_stack"])
    s = play(s, "foresight 1")
    assert s["market"] == eight
    assert s["market_stack"] == stack_before

    s = new(2)
    set_market(s, ["holstein-1", "ayrshire-1", "west_highland-1"])
    while len(s["market_stack"]) > 2:  # only 2 cards left in the market stack
        s["players"][1]["removed"].append(s["market_stack"].pop(0))
    set_foresight(s, 2, ["engineer-01", "cowboy-01"])
    set_job_market(s, {8: [None, None, "cowboy", None]}, token_row=8)
    s = in_kansas_city(s, 0, 2)
    s = play(s, "foresight 1")
    assert len(s["market"]) == 5
    assert s["market_stack"] == []


def test_the_red_arrow_out_of_the_last_row_triggers_the_game_end():
    """R1-KC-13"""
    s = new(2)
    set_foresight(s, 2, ["engineer-01", "cowboy-01"])
    set_job_market(s, {11: [None, None, "cowboy", None]}, token_row=11)
    s = in_kansas_city(s, 0, 2)
    assert s["end"] is None
    s = play(s, "foresight 1")
    assert s["job_market"]["token_row"] is None
    assert s["end"] is not None
    assert s["end"]["by"] == 0
    assert not engine.is_over(s)  # the game still runs its final turns


# --- subphase 4: income -----------------------------------------------------------------------


def _income_state(hand: list[str], cert_index: int = 0, money: int = 0) -> dict:
    s = new(2)
    set_hand(s, 0, hand)
    p = s["players"][0]
    p["cert"] = cert_index
    p["money"] = money
    return in_kansas_city(s, 0, 4)


def test_each_breed_counts_once_for_income():
    """R1-KC-14 R1-KC-20"""
    hand = ["p0-dutch_belt-1", "p0-dutch_belt-2", "brown_swiss-1", "holstein-1"]
    s = _income_state(hand)
    s = play(s, "income certificates 0")
    assert s["players"][0]["money"] == 8  # 2 + 3 + 3, the second Dutch Belt adds nothing
    s = _income_state(["p0-jersey-1", "p0-jersey-2", "p0-jersey-3", "p0-jersey-4"])
    s = play(s, "income certificates 0")
    assert s["players"][0]["money"] == 1


def test_cattle_victory_points_and_objective_cards_add_nothing_to_income():
    """R1-KC-15"""
    s = new(2)
    move_card(s, "OBJ-10", 0, "draw")
    s = _income_state(["texas_longhorn-6", "ayrshire-1", "OBJ-10"])
    s = play(s, "income certificates 0")
    assert s["players"][0]["money"] == 8  # 5 + 3; the 7 + 3 VP and the card are ignored


def test_any_number_of_temporary_certificates_may_be_used_moving_the_marker_back():
    """R1-KC-16"""
    s = _income_state(["p0-jersey-1"], cert_index=3)
    assert texts(s) == [f"income certificates {n}" for n in range(4)]
    s = play(s, "income certificates 2")
    assert s["players"][0]["money"] == 3
    assert engine.view(s, 0)["players"][0]["certificates"] == 1


def test_from_six_certificates_one_space_back_releases_two():
    """R1-KC-16"""
    s = new(2)
    put_disc(s, 0, "SFO", "CERT-4")
    put_disc(s, 0, "SFO", "CERT-6")
    set_hand(s, 0, ["p0-jersey-1"])
    p = s["players"][0]
    p["cert"], p["money"] = 5, 0  # the marker on 6 (the track has no 5)
    s = in_kansas_city(s, 0, 4)
    assert [m["certificates"] for m in moves(s)] == [0, 2, 3, 4, 5, 6]
    s = play(s, "income certificates 2")
    assert s["players"][0]["money"] == 3
    assert engine.view(s, 0)["players"][0]["certificates"] == 4


def test_permanent_certificates_add_one_each_automatically_and_are_not_used_up():
    """R1-KC-17"""
    s = new(2)
    give_station_master(s, 0, "SM-3")
    give_station_master(s, 0, "SM-4")
    set_hand(s, 0, ["p0-jersey-1"])
    s["players"][0]["money"] = 0
    s = in_kansas_city(s, 0, 4)
    assert texts(s) == ["income certificates 0"]  # nothing to choose about them
    s = play(s, "income certificates 0")
    assert s["players"][0]["money"] == 3  # 1 + 2 permanent certificates
    assert s["players"][0]["station_masters"] == ["SM-3", "SM-4"]
    # They count again at the next income.
    set_hand(s, 0, ["p0-jersey-2"])
    s["players"][0]["money"] = 0
    s = in_kansas_city(s, 0, 4)
    s = play(s, "income certificates 0")
    assert s["players"][0]["money"] == 3


def test_income_pays_the_total_breeding_value_which_also_limits_the_delivery():
    """R1-KC-18"""
    s = _income_state(["holstein-1", "p0-guernsey-1", "p0-jersey-1"], cert_index=2, money=4)
    s = play(s, "income certificates 2")
    assert s["players"][0]["money"] == 4 + 8
    assert [m["city"] for m in moves(s, type="deliver")] == ["KAN", "TOP", "WIC", "COS", "SFE"]


def test_after_income_the_whole_hand_is_discarded_objective_cards_included():
    """R1-KC-19"""
    s = new(2)
    hand = ["OBJ-10", "holstein-1", "p0-jersey-1", "p0-jersey-2"]
    set_hand(s, 0, hand)
    s["players"][0]["discard"] = []
    s = in_kansas_city(s, 0, 4)
    s = play(s, "income certificates 0")
    assert s["players"][0]["hand"] == []
    assert s["players"][0]["discard"] == hand


def test_rulebook_income_example_eight_plus_two_certificates_is_ten_dollars():
    """R1-KC-20 R1-KC-21 R1-KC-22"""
    hand = ["p0-dutch_belt-1", "p0-dutch_belt-2", "brown_swiss-1", "holstein-1"]
    s = _income_state(hand, cert_index=3, money=0)
    s["players"][0]["discard"] = []
    s = play(s, "income certificates 2")
    p = s["players"][0]
    assert p["money"] == 10
    assert p["cert"] == 1  # marker moved back 2 spaces, from 3 to 1
    assert p["hand"] == []
    assert len(p["discard"]) == 4
    assert s["stack"][-1]["bv"] == 10


def test_rulebook_income_example_with_a_permanent_certificate_reaches_eleven():
    """R1-KC-21"""
    s = new(2)
    give_station_master(s, 0, "SM-5")
    set_hand(s, 0, ["p0-dutch_belt-1", "p0-dutch_belt-2", "brown_swiss-1", "holstein-1"])
    p = s["players"][0]
    p["cert"], p["money"] = 3, 0
    s = in_kansas_city(s, 0, 4)
    base = play(s, "income certificates 0")
    assert base["players"][0]["money"] == 9
    s = play(s, "income certificates 2")
    assert s["players"][0]["money"] == 11


# --- final steps -------------------------------------------------------------------------------


def test_after_kansas_city_the_cattleman_starts_again_from_the_horseman_space():
    """R1-KC-43"""
    s = in_kansas_city(new(2), 0, 5, bv=0)
    s = play(s, "deliver KAN")
    s = play(s, "disc AUX-GAIN")
    assert s["players"][0]["herder"] == "START"
    s = in_phase_a(s, 0, s["players"][0]["herder"])
    # A is the first location on the trail: one step from the start, over nothing.
    assert moves(s, type="move", to="A") == [{"type": "move", "to": "A", "via": []}]


def test_empty_foresight_spaces_are_refilled_from_the_pile_with_their_number():
    """R1-KC-44"""
    s = new(2)
    set_foresight(s, 1, ["flood-1", "green-01"])
    set_foresight(s, 2, ["cowboy-01", "engineer-01"])
    set_foresight(s, 3, ["blue-09", "craftsman-12"])
    s = at_location(s, 0, "KC")
    nxt = {n: s["supply"][n][-1] for n in ("1", "2", "3")}
    for _ in range(3):
        s = play(s, "foresight 2")
    s = play(s, "income certificates 0")
    s = play(s, "deliver KAN")
    s = play(s, "disc AUX-GAIN")
    assert s["foresight"] == [
        ["flood-1", nxt["1"]],
        ["cowboy-01", nxt["2"]],
        ["blue-09", nxt["3"]],
    ]
    assert top(s) in ("first", "phase_a")  # the next player's turn

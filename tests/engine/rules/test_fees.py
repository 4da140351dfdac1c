"""Hand fees paid while moving (R1-FEE-01..14)."""

from __future__ import annotations

import pytest

import engine
from tests.engine.helpers import (
    at_location,
    clear_trail,
    in_phase_a,
    moves,
    new,
    play,
    put_tile,
    set_hand,
    texts,
)

# Hazard tiles used below: flood-1 shows a green hand, flood-4 a black hand (sheet §9.2).
GREEN_FLOOD, BLACK_FLOOD = "flood-1", "flood-4"


def bare(players: int = 2) -> dict:
    state = new(players)
    clear_trail(state)
    return state


def money(state) -> list[int]:
    return [p["money"] for p in state["players"]]


def set_money(state, amounts: list[int]) -> None:
    for p, m in zip(state["players"], amounts, strict=True):
        p["money"] = m


def test_a_fee_is_paid_when_moving_onto_or_over_a_location_with_a_hand():
    """R1-FEE-01 R1-FEE-03 R1-FEE-06"""
    state = bare()
    put_tile(state, "FLOOD-1", GREEN_FLOOD)
    set_money(state, [10, 10])
    over = play(in_phase_a(state, 0, "A"), "move B via FLOOD-1")
    assert money(over) == [8, 10]  # passed over: $2 to the bank
    onto = play(in_phase_a(state, 0, "A"), "move FLOOD-1")
    assert money(onto) == [8, 10]  # stopped on it: $2 as well
    around = play(in_phase_a(state, 0, "A"), "move B")
    assert money(around) == [10, 10]  # the other branch has no hand


@pytest.mark.parametrize(("players", "fee"), [(2, 4), (3, 3), (4, 3)])
def test_a_location_with_a_green_and_a_black_hand_charges_both(players, fee):
    """R1-FEE-02 R1-FEE-04 R1-FEE-06 R1-FEE-07 R1-FEE-08"""
    state = bare(players)
    put_tile(state, "A-2", "7a", owner=1)  # green and black hand
    set_money(state, [10] * players)
    state = play(in_phase_a(state, 0, "A"), "move B via A-2")
    assert money(state) == [10 - fee, 10 + fee] + [10] * (players - 2)


@pytest.mark.parametrize(
    ("players", "green", "black"),
    [(2, 2, 2), (3, 2, 1), (4, 1, 2)],
)
def test_the_fee_per_hand_depends_on_the_player_count(players, green, black):
    """R1-FEE-06 R1-FEE-07 R1-FEE-08 R1-FEE-03"""
    state = bare(players)
    put_tile(state, "FLOOD-1", GREEN_FLOOD)
    put_tile(state, "FLOOD-2", BLACK_FLOOD)
    set_money(state, [10] * players)
    after_green = play(in_phase_a(state, 0, "A"), "move FLOOD-1")
    assert money(after_green)[0] == 10 - green
    after_both = play(in_phase_a(state, 0, "A"), "move FLOOD-2 via FLOOD-1")
    assert money(after_both) == [10 - green - black] + [10] * (players - 1)


def test_teepee_fees_go_to_the_bank_green_teepee_green_hand_blue_teepee_black_hand():
    """R1-FEE-03 R1-FEE-07 (sheet Q2: green teepee = green hand, blue = black hand)"""
    state = bare(3)
    put_tile(state, "TP1", "green-01")
    put_tile(state, "TP2", "blue-01")
    set_money(state, [10, 10, 10])
    hands = engine.view(state, None)["trail"]
    assert (hands["TP1"]["hands"], hands["TP2"]["hands"]) == (["green"], ["black"])
    state = in_phase_a(state, 0, "C")
    one = play(state, "move TP1")
    assert money(one) == [8, 10, 10]  # green hand: $2 with 3 players
    two = play(state, "move TP2 via TP1")
    assert money(two) == [7, 10, 10]  # + black hand: $1 with 3 players


def test_the_negative_teepee_spaces_lie_off_the_trail_and_never_charge():
    """R1-FEE-03 R1-MOVE-01 (sheet Q8: the -1/-2/-3 spaces are not on the trail)"""
    state = bare()
    for space, tid in (("TPM3", "green-01"), ("TPM2", "blue-01"), ("TPM1", "green-02")):
        put_tile(state, space, tid)
    set_money(state, [10, 10])
    state = in_phase_a(state, 0, "C")
    assert not {m["to"] for m in moves(state, type="move")} & {"TPM1", "TPM2", "TPM3"}
    assert all(not set(m["via"]) & {"TPM1", "TPM2", "TPM3"} for m in moves(state, type="move"))
    state = play(state, "move E via D")
    assert money(state) == [10, 10]


def test_another_players_building_pays_its_owner():
    """R1-FEE-04 R1-FEE-06"""
    state = bare()
    put_tile(state, "A-1", "4a", owner=1)  # black hand
    set_money(state, [5, 0])
    state = play(in_phase_a(state, 0, "A"), "move B via A-1")
    assert money(state) == [3, 2]


def test_own_buildings_and_neutral_buildings_never_charge():
    """R1-FEE-05"""
    state = bare()
    put_tile(state, "A-1", "7a", owner=0)  # both hands, but Mary's own
    set_money(state, [5, 5])
    state = in_phase_a(state, 0, "A")
    state = play(state, "move C via A-1 B")  # over her own building and neutral B
    assert money(state) == [5, 5]


def test_a_fee_is_paid_as_far_as_money_allows_and_the_move_goes_on():
    """R1-FEE-09 R1-FEE-04"""
    state = bare()
    put_tile(state, "A-1", "7a", owner=1)  # $4 in a 2-player game
    set_money(state, [3, 0])
    state = in_phase_a(state, 0, "A")
    assert moves(state, to="C")  # lack of money never restricts movement
    state = play(state, "move C via A-1 B")
    assert money(state) == [0, 3]
    assert state["players"][0]["herder"] == "C"


def test_fees_are_settled_in_path_order():
    """R1-FEE-10 R1-FEE-09"""
    state = bare(3)
    put_tile(state, "A-1", "4a", owner=1)  # black: $1 with 3 players
    put_tile(state, "A-2", "1a", owner=2)  # green: $2 with 3 players
    set_money(state, [2, 0, 0])
    state = play(in_phase_a(state, 0, "A"), "move B via A-1 A-2")
    assert money(state) == [0, 1, 1]


def test_an_unpaid_fee_is_never_collected_later():
    """R1-FEE-11"""
    state = bare()
    put_tile(state, "FLOOD-1", GREEN_FLOOD)
    set_money(state, [0, 7])
    state = play(in_phase_a(state, 0, "A"), "move FLOOD-1")
    assert money(state) == [0, 7]
    state = play(state, "aux gain")  # money gained while still on the location
    assert money(state) == [1, 7]
    state = play(state, "end")
    assert money(state) == [1, 7]


def test_every_other_cost_must_be_paid_in_full():
    """R1-FEE-12"""
    state = bare()
    put_tile(state, "FLOOD-1", GREEN_FLOOD)
    state["players"][0]["money"] = 6
    state = at_location(state, 0, "F")
    assert not [t for t in texts(state) if t.startswith("hazard")]  # costs $7
    state["players"][0]["money"] = 7
    state = at_location(state, 0, "F")
    state = play(state, "hazard FLOOD-1")
    assert money(state)[0] == 0
    state = new(2)
    state["players"][0]["money"] = 1
    state = at_location(state, 0, "D")
    assert not moves(state, id="engine-paid")  # pay $2 and move the engine
    state["players"][0]["money"] = 2
    state = at_location(state, 0, "D")
    assert moves(state, id="engine-paid")


def test_example_mary_with_2_dollars_chooses_the_lower_path():
    """R1-FEE-13 (example) R1-FEE-08 R1-FEE-10"""
    state = bare(4)
    put_tile(state, "A-1", "4a", owner=1)  # Mike's building, black hand
    put_tile(state, "A-2", "1a", owner=2)  # Peter's building, green hand
    put_tile(state, "FLOOD-1", GREEN_FLOOD)
    put_tile(state, "FLOOD-2", BLACK_FLOOD)
    set_money(state, [2, 10, 10, 10])
    state = in_phase_a(state, 0, "A")
    upper = play(state, "move B via A-1 A-2")
    assert money(upper) == [0, 12, 10, 10]  # Mike takes both dollars, Peter gets nothing
    lower = play(state, "move B via FLOOD-1 FLOOD-2")
    assert money(lower) == [0, 10, 10, 10]  # $1 + her last $1 (of $2 owed) to the bank
    assert upper["players"][0]["herder"] == lower["players"][0]["herder"] == "B"


def test_local_move_actions_pay_fees_but_the_objective_card_move_does_not():
    """R1-FEE-14 (ambiguous; rules-notes) R1-FEE-01"""
    state = bare()
    put_tile(state, "A-1", "4a", owner=0)  # Mary's building: move up to 2 steps
    put_tile(state, "A-2", "1a", owner=1)  # green hand: $2 to Peter
    set_money(state, [6, 0])
    local = play(at_location(state, 0, "A-1"), "move B via A-2")
    assert money(local) == [4, 2]
    # The objective card's move ignores hands.
    state = bare()
    put_tile(state, "A-2", "1a", owner=1)
    put_tile(state, "FLOOD-1", GREEN_FLOOD)
    set_money(state, [6, 0])
    set_hand(state, 0, ["OBJ-20", "p0-jersey-1"])  # IA-MOVE3
    state = play(in_phase_a(state, 0, "A"), "play OBJ-20 (IA-MOVE3)")
    state = play(state, "move B via A-2")
    assert money(state) == [6, 0]
    state = play(state, "move C")  # phase A from B, nothing charged for the earlier trip
    assert money(state) == [6, 0]

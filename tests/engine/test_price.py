"""``engine.price``: what a legal move costs its seat and what it gives, in the rules' own
figures and in the words the game page and the turn email show."""

from __future__ import annotations

import copy

import engine
from engine.data import player_board
from tests.engine.helpers import (
    at_location,
    clear_trail,
    decide,
    give_worker,
    in_kansas_city,
    in_phase_a,
    moves,
    new,
    put_tile,
    set_hand,
    set_job_market,
)

NO_PRICE = {"cost": None, "cost_text": "", "gains": {}}


def parse(state, text: str) -> engine.Move:
    return engine.parse_move(state, state["current"], text)


def price(state, text: str) -> engine.Price:
    return engine.price(state, state["current"], parse(state, text))


def on_the_trail(money: list[int]):
    """Two players, no hazards or teepees; a green-hand flood on FLOOD-1; seat 0 at A."""
    state = new(2)
    clear_trail(state)
    put_tile(state, "FLOOD-1", "flood-1")
    for p, m in zip(state["players"], money, strict=True):
        p["money"] = m
    return in_phase_a(state, 0, "A")


def test_a_move_over_a_hand_costs_its_fee():
    """R1-FEE-01 R1-FEE-03"""
    state = on_the_trail([10, 10])

    assert price(state, "move B via FLOOD-1") == {
        "cost": 2,
        "cost_text": "$2 in fees",
        "gains": {"money": -2},
    }
    assert price(state, "move B") == {"cost": 0, "cost_text": "no fees", "gains": {}}


def test_a_fee_costs_only_as_much_as_the_seat_has():
    """R1-FEE-09 R1-FEE-10"""
    state = on_the_trail([1, 10])

    assert price(state, "move B via FLOOD-1")["cost_text"] == "$1 in fees"


def test_building_is_priced_at_the_locations_rate_per_craftsman():
    """R1-BUILD-03 (neutral B: $2 per craftsman)"""
    state = new()
    give_worker(state, 0, "craftsman", 1)
    state["players"][0]["money"] = 30
    state = at_location(state, 0, "B")

    assert price(state, "build 1a") == {"cost": 2, "cost_text": "$2, 1 craftsman", "gains": {}}
    assert price(state, "build 4a") == {"cost": 4, "cost_text": "$4, 2 craftsmen", "gains": {}}


def test_building_from_a_craftsman_space_costs_1_dollar_per_craftsman():
    """R1-BUILD-10 R1-BUILD-11"""
    state = new()
    give_worker(state, 0, "craftsman", 1)
    state["players"][0]["money"] = 30
    state = decide(state, 0, "once", specs=[engine.data.buildings.WORKER_ACTIONS["build1"]])

    assert price(state, "build 4a")["cost_text"] == "$2, 2 craftsmen"


def test_a_building_with_no_known_rate_shows_only_its_craftsmen():
    state = new()
    move = {"type": "action", "id": "build", "building": "4a"}

    assert engine.price(state, 0, move) == {"cost": None, "cost_text": "2 craftsmen", "gains": {}}


def test_a_hand_limit_disc_costs_its_fee():
    """R1-KC-29"""
    cost = player_board.HAND_DISC_COST

    assert engine.price(new(), 0, {"type": "disc", "space": "HAND-1"}) == {
        "cost": cost,
        "cost_text": f"${cost}",
        "gains": {},
    }
    assert engine.price(new(), 0, {"type": "disc", "space": "AUX-GAIN"}) == NO_PRICE


def test_a_discard_for_money_earns():
    """R1-LOCAL-10 (neutral A: discard a Guernsey for $2)"""
    state = new()
    set_hand(state, 0, ["p0-guernsey-1", "p0-jersey-1"])
    state = at_location(state, 0, "A")

    assert price(state, "discard guernsey") == {
        "cost": -2,
        "cost_text": "+$2",
        "gains": {"money": 2},
    }


def test_hiring_costs_the_row_and_gives_the_worker():
    """R1-HIRE-03"""
    state = new()
    set_job_market(state, {1: [None, None, "cowboy", None]}, 3)
    state["players"][0]["money"] = 20
    state = at_location(state, 0, "A")
    row_cost = player_board.JOB_ROW_COSTS[1]

    assert price(state, "hire cowboy row 2") == {
        "cost": row_cost,
        "cost_text": f"${row_cost}",
        "gains": {"money": -row_cost, "cowboys": 1},
    }


def test_income_pays_the_breeding_value_for_the_certificates_spent():
    """R1-KC-14 R1-KC-18"""
    state = new()
    set_hand(state, 0, ["p0-jersey-1", "p0-dutch_belt-1", "p0-black_angus-1", "p0-guernsey-1"])
    state["players"][0]["cert"] = 2  # two temporary certificates
    state = in_kansas_city(state, 0, subphase=4)
    breeding_value = 1 + 2 + 2 + 2  # each breed in hand counts once

    assert price(state, "income certificates 2") == {
        "cost": -(breeding_value + 2),
        "cost_text": f"+${breeding_value + 2}",
        "gains": {"money": breeding_value + 2, "certificates": -2},
    }


def test_moves_without_a_price_of_their_own_have_none():
    state = new()
    state = at_location(state, 0, "A")

    assert price(state, "end") == NO_PRICE
    first = engine.new_game(2, 1)
    assert engine.price(first, 0, engine.legal_moves(first, 0)[0]) == NO_PRICE  # start


def test_a_move_that_is_not_legal_now_has_no_price():
    state = on_the_trail([10, 10])
    move = parse(state, "move B via FLOOD-1")

    assert engine.price(state, 1, move) == NO_PRICE  # not seat 1's decision


COUNTERS = {
    "money",
    "certificates",
    "cowboys",
    "craftsmen",
    "engineers",
    "hazards",
    "teepees",
    "station_masters",
}


def test_pricing_leaves_the_state_unchanged_and_agrees_with_apply():
    state = engine.new_game(2, 3)
    while not engine.is_over(state):
        seat = engine.current_player(state)
        before = copy.deepcopy(state)
        for move in moves(state):
            got = engine.price(state, seat, move)
            assert state == before
            assert set(got["gains"]) <= COUNTERS
            assert 0 not in got["gains"].values()
            if move["type"] in ("move", "aux", "buy", "upgrade", "place", "income") or (
                move["type"] == "action" and move["id"] != "build"
            ):
                money = engine.apply(state, seat, move)["players"][seat]["money"]
                assert got["gains"].get("money", 0) == money - state["players"][seat]["money"]
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat))


def test_a_delivery_costs_its_transport_and_kansas_city_pays_its_crest():
    """R1-KC-33 R1-KC-37 R1-KC-38: the rulebook's example, the engine on space 5."""
    state = in_kansas_city(new(2), 0, subphase=5, bv=10)
    state["players"][0]["engine"] = "5"

    assert price(state, "deliver ABQ") == {
        "cost": 3,
        "cost_text": "$3 transport",
        "gains": {"money": -3},
    }
    assert price(state, "deliver SFE")["cost"] == 2
    assert price(state, "deliver WIC") == {
        "cost": 0,
        "cost_text": "no transport cost",
        "gains": {},
    }
    assert price(state, "deliver KAN") == {
        "cost": -6,
        "cost_text": "+$6, no transport cost",
        "gains": {"money": 6},
    }


def test_the_price_of_a_delivery_is_what_it_costs_once_its_disc_is_placed():
    state = in_kansas_city(new(2), 0, subphase=5, bv=10)
    money = state["players"][0]["money"]
    quoted = price(state, "deliver ABQ")["cost"]

    state = engine.apply(state, 0, parse(state, "deliver ABQ"))
    disc = next(m for m in engine.legal_moves(state, 0) if m.get("space") == "AUX-GAIN")
    state = engine.apply(state, 0, disc)

    assert state["players"][0]["money"] == money - quoted


def test_only_buildings_and_deliveries_are_priced_from_the_position_they_are_played_in():
    """R1-BUILD-03, R1-KC-39: a building is paid when placed and a delivery's transport after
    its disc, so ``price`` reads them off the position; every other move is priced by
    playing it, and a caller that plays the move first need not keep the position."""
    assert engine.priced_from_position({"type": "deliver", "city": "KANSAS_CITY"})
    assert engine.priced_from_position({"type": "action", "id": "build", "tile": "1a"})
    assert not engine.priced_from_position({"type": "action", "id": "hire"})
    assert not engine.priced_from_position({"type": "move", "to": "A"})
    assert not engine.priced_from_position({"type": "disc", "space": "HAND-1"})
    assert not engine.priced_from_position({})  # no move at all: asked before any check

"""Kansas City and the 2nd edition's city strip (R2-KC-01..08, R2-SAME-16, R2-SAME-21, R2-EDGE-02,
R2-SETUP-04)."""

from __future__ import annotations

import engine
from engine.data.second import cities, player_board
from engine.rules import scoring
from engine.state import step_limit
from tests.engine import helpers as h
from tests.engine.second.helpers import new


def _deliver(state: engine.State, seat: int, city: str, bv: int = 18) -> engine.State:
    h.in_kansas_city(state, seat, 5, bv=bv)
    state = h.play(state, {"type": "deliver", "city": city})
    while h.top(state) == "disc":
        state = h.play(state, engine.legal_moves(state, seat)[0])
    return state


def test_new_york_is_the_terminal_city_with_repeat_deliveries():
    """R2-KC-01, R2-SAME-16: repeat deliveries only to Kansas City and New York."""
    assert cities.CITIES["NYC"][3]
    assert [c for c, v in cities.CITIES.items() if v[3]] == ["KAN", "NYC"]
    state = new()
    state["players"][0]["money"] = 50
    state["players"][0]["engine"] = "20"
    state = _deliver(state, 0, "NYC")
    state = _deliver(state, 0, "PHI", bv=16)
    h.in_kansas_city(state, 0, 5, bv=18)
    cities_offered = {m["city"] for m in h.moves(state, type="deliver")}
    assert "NYC" in cities_offered
    assert "PHI" not in cities_offered
    assert "KAN" in cities_offered


def test_a_disc_on_kansas_city_pays_four_dollars_and_costs_six_points():
    """R2-KC-02, R2-LOCAL-01 (R1-LOCAL-35 at $4)."""
    state = new()
    money = state["players"][0]["money"]
    state = _deliver(state, 0, "KAN", bv=0)
    assert state["players"][0]["money"] == money + 4
    assert scoring.score_player(state, 0)["categories"]["cities"] == -6


def test_permanent_certificates_add_their_printed_number_automatically():
    """R2-KC-03, R2-KC-06: SM-6 adds 2, SM-3 adds 1, with no choice offered."""
    state = new()
    h.set_hand(state, 0, ["p0-p1-1"])
    state["players"][0]["station_masters"] = ["SM-6", "SM-3"]
    for sm in ("SM-6", "SM-3"):
        for station, tile in state["station_masters"].items():
            if tile == sm:
                state["station_masters"][station] = None
    h.in_kansas_city(state, 0, 4)
    assert engine.legal_moves(state, 0)[:1] == [{"type": "income", "certificates": 0}]
    assert h.moves(state, 0, type="income") == [{"type": "income", "certificates": 0}]
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "income", "certificates": 0})
    assert state["players"][0]["money"] == money + 1 + 2 + 1
    assert engine.view(state, 0)["players"][0]["permanent_certificates"] == 3


def test_the_step_limit_disc_spaces():
    """R2-KC-04, R2-KC-07, R2-SCORE-01: clearing the left space raises the step limit (+2
    with 3 or 4 players, +1 with 2) and pays $3 at once; the right one raises it by 1 and is
    worth 3 VP at the end."""
    for players, left, right in ((2, 4, 4), (3, 5, 4), (4, 6, 5)):
        state = new(players)
        p = state["players"][0]
        state = _deliver_disc(state, "STEP-CASH")
        p = state["players"][0]
        assert step_limit(state, p) == left
        assert step_limit(state, p) == player_board.step_limit(players, True, False)
        state = new(players)
        state = _deliver_disc(state, "STEP-VP")
        p = state["players"][0]
        assert step_limit(state, p) == right
        assert scoring.score_player(state, 0)["categories"]["step_disc"] == 3


def _deliver_disc(state: engine.State, disc: str) -> engine.State:
    """Deliver to Fulton (free) clearing ``disc``; report the money it paid."""
    white = [d for d in state["players"][0]["discs"] if player_board.DISC_SPACES[d] == "white"]
    h.clear_discs(state, 0, white)
    money = state["players"][0]["money"]
    h.in_kansas_city(state, 0, 5, bv=1)
    state = h.play(state, {"type": "deliver", "city": "FUL"})
    state = h.play(state, {"type": "disc", "space": disc})
    gain = 3 if disc == "STEP-CASH" else 0
    assert state["players"][0]["money"] == money + gain
    return state


def test_the_st_louis_bloomington_arrow_gives_an_exchange_token():
    """R2-KC-05, R2-EXCH-04, R2-SAME-21: the green arrow's delivery action fires when its
    second disc is placed (Bloomington is the 1e Colorado Springs: city value 6)."""
    assert cities.ARROWS[("STL", "BLO")][0] == "exchange_token"
    state = new()
    state["players"][0]["money"] = 30
    state = _deliver(state, 0, "STL", bv=4)
    assert state["players"][0]["exchange_tokens"] == 1
    state = _deliver(state, 0, "BLO", bv=6)
    assert state["players"][0]["exchange_tokens"] == 2
    assert state["players"][1]["exchange_tokens"] == 1


def test_an_empty_bag_leaves_its_foresight_space_empty():
    """R2-KC-08, R2-SETUP-04: the space stays empty; the subphase offers the tile left and is
    skipped when both spaces are empty."""
    state = new(4)
    bag = state["supply"]["2"]
    state["removed_tiles"] += bag
    del bag[:]
    h.in_kansas_city(state, 0, 2)
    assert h.top(state) == "kc_foresight"
    state = h.play(state, {"type": "foresight", "slot": 0})
    state = h.play(state, engine.legal_moves(state, 0)[0])  # subphase 3
    while h.top(state) != "kc_deliver":
        state = h.play(
            state, next(m for m in engine.legal_moves(state, 0) if m["type"] != "exchange")
        )
    state = h.play(state, h.moves(state, 0, type="deliver")[0])
    while h.top(state) == "disc":
        state = h.play(state, engine.legal_moves(state, 0)[0])
    assert state["foresight"][1][0] is None
    assert state["foresight"][1][1] is not None
    h.in_kansas_city(state, 1, 2)
    assert h.moves(state, 1, type="foresight") == [{"type": "foresight", "slot": 1}]
    state = h.play(state, {"type": "foresight", "slot": 1})
    assert state["foresight"][1] == [None, None]
    h.in_kansas_city(state, 0, 2)
    assert state["stack"][-1] == {"t": "kc_foresight", "n": 3}


def test_the_cities_are_the_first_editions_by_city_value():
    """R2-SAME-21, R2-SAME-16: the same city values, corners and transport costs; Chicago
    takes Albuquerque's place (city value 10)."""
    from engine.data import cities as first

    for old, new_city in cities.CITY_FOR_1E.items():
        assert first.CITIES[old][1:] == cities.CITIES[new_city][1:]
    state = new()
    state["players"][0]["money"] = 20
    state["players"][0]["engine"] = "0"
    h.in_kansas_city(state, 0, 5, bv=10)
    assert {m["city"] for m in h.moves(state, type="deliver")} >= {"CHI", "PEO", "FUL"}
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "deliver", "city": "CHI"})
    state = h.play(state, h.moves(state, type="disc")[0])
    cost = 5  # the crosses after spaces 3, 4, 5, 7 and 9, before Chicago's crest (10)
    assert state["players"][0]["money"] == money - cost
    assert 0 in state["cities"]["CHI"]


def test_with_no_disc_to_place_one_comes_back_from_a_station():
    """R2-EDGE-02, R2-SAME-20: no disc left on the board (or none payable): take one of the
    player's discs from a train station."""
    state = new()
    p = state["players"][0]
    for d in list(p["discs"]):
        if d != "HAND-1":
            h.put_disc(state, 0, "S1" if d == "CERT-4" else "KAN", d)
    p["money"] = 4  # the hand-limit disc would cost $5
    h.in_kansas_city(state, 0, 5, bv=1)
    state = h.play(state, {"type": "deliver", "city": "FUL"})
    assert h.moves(state, 0, type="disc") == [{"type": "disc", "station": "S1"}]
    state = h.play(state, {"type": "disc", "station": "S1"})
    assert 0 not in state["stations"]["S1"]
    assert 0 in state["cities"]["FUL"]

"""Stations, the 9 station masters and the railroad (R2-STATION-01..06, R2-SCORE-02,
R2-ENGINE-01, R2-SAME-11, R2-SAME-12)."""

from __future__ import annotations

import pytest

import engine
from engine.data.second import railroad
from engine.rules import scoring
from tests.engine import helpers as h
from tests.engine.second.helpers import new


def _appoint(state: engine.State, sm: str, seat: int = 0) -> engine.State:
    """Seat ``seat`` just upgraded S1, where ``sm`` waits; it appoints a cowboy."""
    state["station_masters"]["S1"] = sm
    h.give_worker(state, seat, "cowboy")
    h.decide(state, seat, "sm", station="S1")
    return h.play(state, {"type": "appoint", "worker": "cowboy"})


def test_a_station_is_upgraded_only_if_it_can_be_paid_and_only_once():
    """R2-STATION-01, R2-SAME-12: cost S3 = $4; not a second time."""
    state = new()
    state["players"][0]["money"] = 3
    state["players"][0]["engine"] = "9"
    h.decide(state, 0, "once", specs=[{"id": "engine", "kind": "engine", "n": 2, "pay": 0}])
    state = h.play(state, {"type": "action", "id": "engine", "to": "10.5"})
    assert h.top(state) != "station"
    state = new()
    state["players"][0]["money"] = 4
    state["players"][0]["engine"] = "9"
    h.decide(state, 0, "once", specs=[{"id": "engine", "kind": "engine", "n": 2, "pay": 0}])
    state = h.play(state, {"type": "action", "id": "engine", "to": "10.5"})
    assert h.moves(state, type="upgrade") == [{"type": "upgrade", "station": "S3"}]
    state = h.play(state, "upgrade S3")
    state = h.play(state, h.moves(state, type="disc")[0])
    assert state["stations"]["S3"] == [0]
    assert state["players"][0]["money"] == 0
    state["players"][0]["money"] = 10
    state["players"][0]["engine"] = "9"
    h.decide(state, 0, "once", specs=[{"id": "engine", "kind": "engine", "n": 2, "pay": 0}])
    state = h.play(state, {"type": "action", "id": "engine", "to": "10.5"})
    assert h.moves(state, type="upgrade") == []


@pytest.mark.parametrize(("sm", "money"), [("SM-1", 2), ("SM-7", 12)])
def test_station_masters_that_pay_money(sm: str, money: int):
    """R2-STATION-02: gain $2; gain $12 (new), taken at once."""
    state = new()
    before = state["players"][0]["money"]
    state = _appoint(state, sm)
    assert state["players"][0]["money"] == before + money
    assert state["players"][0]["station_masters"] == [sm]
    assert state["station_masters"]["S1"] is None


def test_the_station_master_moving_the_certificate_marker_up_to_two():
    """R2-STATION-02: certificate marker up to 2 forward (not past the limit)."""
    state = new()
    state = _appoint(state, "SM-9")
    assert state["players"][0]["cert"] == 2
    state = new()
    state["players"][0]["cert"] = 2
    state = _appoint(state, "SM-9")
    assert state["players"][0]["cert"] == 3  # the temporary limit (R1-LOCAL-14)


def test_permanent_certificate_tiles_have_no_immediate_action():
    """R2-STATION-02, R2-KC-03: SM-6 holds 2 permanent certificates, SM-3 one."""
    state = new()
    state = _appoint(state, "SM-6")
    p = state["players"][0]
    assert p["cert"] == 0
    assert engine.view(state, 0)["players"][0]["permanent_certificates"] == 2
    assert railroad.PERMANENT_CERTIFICATES["SM-3"] == 1


def _score_sm(state: engine.State, sms: list[str]) -> int:
    state["players"][0]["station_masters"] = sms
    return scoring.score_player(state, 0)["categories"]["station_masters"]


def test_the_new_end_game_tasks():
    """R2-STATION-03, R2-SCORE-02: 3 VP per 2 stations with the player's disc; 2 VP per
    private building on the board."""
    state = new()
    for station, disc in (("S1", "AUX-FWD-1"), ("S2", "AUX-FWD-2"), ("S3", "AUX-REMOVE-1")):
        h.put_disc(state, 0, station, disc)
    assert _score_sm(state, ["SM-8"]) == 3
    h.put_disc(state, 0, "S4", "AUX-REMOVE-2")
    assert _score_sm(state, ["SM-8"]) == 6
    h.put_tile(state, "A-1", "1a", owner=0)
    h.put_tile(state, "A-2", "2a", owner=0)
    h.put_tile(state, "B-1", "1a", owner=1)
    assert _score_sm(state, ["SM-9"]) == 4


def test_the_outlaw_pair_task():
    """R2-STATION-04: 3 VP per pair of 1 green and 1 orange outlaw."""
    state = new()
    h.give_tiles(state, 0, ["outlaw-green-01", "outlaw-green-02", "outlaw-orange-01"])
    assert _score_sm(state, ["SM-4"]) == 3


def test_permanent_certificates_count_with_their_value_for_the_certificate_task():
    """R2-STATION-05: SM-5 (1) + SM-6 (2) + 3 temporary = 6 certificates: 9 VP."""
    state = new()
    state["players"][0]["cert"] = 3
    assert _score_sm(state, ["SM-5", "SM-6"]) == 9
    assert _score_sm(state, ["SM-5"]) == 6


def test_two_tiles_have_no_end_game_task():
    """R2-STATION-06: SM-6 and SM-7 score 0 in category 8; their upper halves work."""
    assert [sm for sm, (_, low) in railroad.STATION_MASTERS.items() if low == "none"] == [
        "SM-6",
        "SM-7",
    ]
    state = new()
    h.give_worker(state, 0, "cowboy", 3)
    assert _score_sm(state, ["SM-6", "SM-7"]) == 0
    assert _score_sm(state, ["SM-1"]) == 3 + 3


def test_the_objective_pair_task_counts_the_objective_area():
    """R2-SCORE-02, R2-SAME-19 (R1-SCORE-13): SM-2's 3 VP per 2 objective cards."""
    state = new()
    assert railroad.STATION_MASTERS["SM-2"][1] == "per_2_objectives"
    h.set_objectives(state, 0, ["OBJ-S1", "OBJ-01"])
    state["players"][0]["station_masters"] = ["SM-2"]
    plain = scoring.score_player(state, 0)["categories"]["station_masters"]
    assert plain == 3


def test_engine_moves_at_least_one_and_up_to_the_allowed_spaces():
    """R2-ENGINE-01, R2-SAME-11: 1..N spaces; occupied spaces are skipped; space 39 gives
    the upgrade of S10 then a move back for $3."""
    state = new()
    h.decide(state, 0, "once", specs=[{"id": "engine", "kind": "engine", "n": 2, "pay": 0}])
    assert {m["to"] for m in h.moves(state, id="engine")} == {"1", "2"}
    state = new()
    state["players"][1]["engine"] = "1"
    h.decide(state, 0, "once", specs=[{"id": "engine", "kind": "engine", "n": 2, "pay": 0}])
    assert {m["to"] for m in h.moves(state, id="engine")} == {"2", "3"}
    state = new()
    state["players"][0]["engine"] = "38"
    state["players"][0]["money"] = 3
    h.decide(state, 0, "once", specs=[{"id": "engine", "kind": "engine", "n": 1, "pay": 0}])
    state = h.play(state, {"type": "action", "id": "engine", "to": "39"})
    state = h.play(state, "upgrade S10")
    state = h.play(state, h.moves(state, type="disc")[0])
    assert h.top(state) == "back39"
    state = h.play(state, {"type": "engine", "to": "30"})
    assert state["players"][0]["money"] == 3

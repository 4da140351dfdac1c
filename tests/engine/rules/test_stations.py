"""Upgrading train stations and appointing station masters (R1-STATION-*; fact sheet §6,
§7.2)."""

from __future__ import annotations

import engine
from engine.data import railroad as rr
from tests.engine.helpers import (
    at_location,
    clear_discs,
    decide,
    give_worker,
    moves,
    new,
    play,
    put_disc,
    set_hand,
    top,
)

WHITE = [
    "AUX-GAIN",
    "AUX-DRAW",
    "AUX-BACKCERT-1",
    "AUX-BACKCERT-2",
    "AUX-FWD-1",
    "AUX-FWD-2",
    "AUX-REMOVE-1",
    "AUX-REMOVE-2",
    "CERT-4",
]
DARK = ["CERT-6", "STEP-CASH", "STEP-VP", "HAND-1", "HAND-2"]


def to_turnout(station: str, money: int = 20, workers=(), sm: str | None = None, players=2):
    """Seat 0 on neutral C, its engine on the switch space of ``station``, having moved
    onto the turnout; the upgrade decision is pending (if the upgrade is possible)."""
    s = new(players)
    for kind in workers:
        give_worker(s, 0, kind)
    turnout, switch = rr.STATIONS[station][:2]
    s["players"][0]["engine"] = str(switch)
    s["players"][0]["money"] = money
    if sm is not None:
        s["station_masters"][station] = sm
    s = at_location(s, 0, "C")
    return play(s, f"engine to {turnout}")


def upgraded(station: str, disc: str = "AUX-GAIN", **kw):
    s = to_turnout(station, **kw)
    return play(play(s, f"upgrade {station}"), f"disc {disc}")


def test_stopping_on_a_turnout_offers_the_upgrade_at_once():
    """R1-STATION-01"""
    s = to_turnout("S2")
    assert top(s) == "station"
    assert moves(s) == [{"type": "upgrade", "station": "S2"}, {"type": "pass"}]
    s = play(s, "pass")
    assert s["stations"]["S2"] == []
    assert top(s) == "loc"
    # a numbered space offers nothing
    s = new()
    s["players"][0]["engine"] = "7"
    s = play(at_location(s, 0, "C"), "engine to 8")
    assert top(s) == "loc"


def test_stopping_on_a_turnout_moving_backwards_also_offers_the_upgrade():
    """R1-STATION-01"""
    s = new()
    clear_discs(s, 0, ["AUX-REMOVE-1"])
    s["players"][0]["engine"] = "8"
    s["players"][0]["money"] = 5
    s = at_location(s, 0, "A")
    s = play(s, {"type": "aux", "aux": 5, "double": False, "to": "7.5"})
    assert top(s) == "station"
    s = play(play(s, "upgrade S2"), "disc AUX-GAIN")
    assert s["stations"]["S2"] == [0]
    assert top(s) == "remove"  # then the auxiliary action's removal


def test_a_station_can_be_upgraded_only_without_the_players_own_disc_on_it():
    """R1-STATION-02"""
    s = new()
    s["stations"]["S1"] = [1]
    s["players"][0]["engine"] = "4"
    s["players"][0]["money"] = 10
    s = play(at_location(s, 0, "C"), "engine to 4.5")
    s = play(play(s, "upgrade S1"), "disc AUX-GAIN")
    assert s["stations"]["S1"] == [1, 0]  # on top of the opponent's disc
    # a second visit: his disc is there, no decision
    s["players"][0]["engine"] = "4"
    s = play(at_location(s, 0, "C"), "engine to 4.5")
    assert top(s) == "loc"
    assert s["players"][0]["money"] == 8


def test_the_upgrade_cost_is_paid_in_full_or_there_is_no_upgrade():
    """R1-STATION-03"""
    costs = {}
    for station in ("S1", "S2", "S3", "S4", "S5"):
        s = upgraded(station, disc="CERT-6" if station == "S5" else "AUX-GAIN", money=20)
        costs[station] = 20 - s["players"][0]["money"]
    assert costs == {"S1": 2, "S2": 2, "S3": 4, "S4": 4, "S5": 6}
    s = to_turnout("S3", money=3)
    assert top(s) == "loc"
    s = to_turnout("S3", money=4)
    assert top(s) == "station"


def test_the_disc_may_come_from_any_disc_space_of_the_board():
    """R1-STATION-04 R1-STATION-05: a white-cornered station takes white discs only."""
    s = play(to_turnout("S1"), "upgrade S1")
    assert [m["space"] for m in moves(s)] == WHITE
    s = play(s, "disc CERT-4")
    p = engine.view(s, 0)["players"][0]
    assert "CERT-4" not in p["disc_spaces"]
    assert p["discs_left"] == 13
    assert p["certificate_limit"] == 4
    assert s["stations"]["S1"] == [0]


def test_without_a_board_disc_the_upgrade_takes_one_back_from_another_station():
    """R1-STATION-04 (with R1-EDGE-04): no disc left on the board, so the disc on S1 moves
    to S3."""
    s = new()
    p = s["players"][0]
    clear_discs(s, 0, [d for d in p["discs"] if d != "AUX-GAIN"])
    put_disc(s, 0, "S1", "AUX-GAIN")
    p["engine"] = "10"
    p["money"] = 4
    s = play(at_location(s, 0, "C"), "engine to 10.5")
    s = play(s, "upgrade S3")
    assert moves(s) == [{"type": "disc", "station": "S1"}]
    s = play(s, "disc from S1")
    assert (s["stations"]["S1"], s["stations"]["S3"]) == ([], [0])
    assert s["players"][0]["money"] == 0


def test_a_dark_cornered_station_takes_any_disc():
    """R1-STATION-05"""
    s = play(to_turnout("S5", money=20), "upgrade S5")
    assert [m["space"] for m in moves(s)] == [*WHITE, *DARK]
    s = play(to_turnout("S5", money=10), "upgrade S5")  # $4 left: no $5 hand-limit disc
    assert [m["space"] for m in moves(s)] == [*WHITE, "CERT-6", "STEP-CASH", "STEP-VP"]


def test_clearing_a_disc_space_by_an_upgrade_has_its_usual_effects():
    """R1-STATION-06"""
    s = upgraded("S5", disc="STEP-CASH", money=10)
    p = engine.view(s, 0)["players"][0]
    assert (p["money"], p["step_limit"]) == (10 - 6 + 3, 4)
    s = upgraded("S5", disc="HAND-1", money=11)
    p = engine.view(s, 0)["players"][0]
    assert (p["money"], p["hand_limit"]) == (0, 5)
    s = upgraded("S1", disc="AUX-GAIN", money=10)
    assert engine.view(s, 0)["players"][0]["aux_levels"]["1"] == 2


def test_a_station_master_is_taken_by_appointing_a_rightmost_hired_worker():
    """R1-STATION-07"""
    s = new()
    give_worker(s, 0, "cowboy", 2)
    give_worker(s, 0, "engineer", 1)
    first, last = s["players"][0]["workers"]["cowboy"]
    s["players"][0]["engine"] = "4"
    s["players"][0]["money"] = 10
    s["station_masters"]["S1"] = "SM-4"
    s = play(at_location(s, 0, "C"), "engine to 4.5")
    s = play(play(s, "upgrade S1"), "disc AUX-GAIN")
    assert top(s) == "sm"
    assert moves(s) == [
        {"type": "appoint", "worker": "cowboy"},
        {"type": "appoint", "worker": "engineer"},
        {"type": "pass"},
    ]
    s = play(s, "appoint cowboy")
    view = engine.view(s, 0)
    assert view["station_workers"]["S1"]["id"] == last
    assert [t["id"] for t in view["players"][0]["worker_tiles"]["cowboy"]] == [first]
    assert [t["id"] for t in view["players"][0]["station_masters"]] == ["SM-4"]
    assert view["station_masters"]["S1"] is None


def test_printed_workers_cannot_become_station_masters():
    """R1-STATION-08"""
    s = upgraded("S1", sm="SM-1")
    assert top(s) == "loc"
    assert s["station_masters"]["S1"] == "SM-1"
    assert s["players"][0]["station_masters"] == []


def test_a_declined_station_master_can_never_be_taken_later_by_that_player():
    """R1-STATION-09"""
    s = upgraded("S1", workers=["cowboy"], sm="SM-1", players=3)
    s = play(s, "pass")
    assert s["station_masters"]["S1"] == "SM-1"
    # back on the turnout later: his disc is there, so no upgrade and no station master
    s["players"][0]["engine"] = "4"
    s = play(at_location(s, 0, "C"), "engine to 4.5")
    assert top(s) == "loc"
    # another player may still take it
    give_worker(s, 1, "craftsman")
    s["players"][1]["engine"] = "4"
    s["players"][1]["money"] = 5
    s["players"][0]["engine"] = "0"
    s = play(at_location(s, 1, "C"), "engine to 4.5")
    s = play(play(s, "upgrade S1"), "disc AUX-GAIN")
    s = play(s, "appoint craftsman")
    assert s["players"][1]["station_masters"] == ["SM-1"]


def test_after_a_station_master_is_taken_later_upgraders_get_none():
    """R1-STATION-10"""
    s = upgraded("S1", workers=["cowboy"], sm="SM-1")
    s = play(s, "appoint cowboy")
    give_worker(s, 1, "craftsman")
    s["players"][1]["engine"] = "4"
    s["players"][1]["money"] = 5
    s["players"][0]["engine"] = "0"
    s = play(at_location(s, 1, "C"), "engine to 4.5")
    s = play(play(s, "upgrade S1"), "disc AUX-GAIN")
    assert top(s) == "loc"
    assert s["stations"]["S1"] == [0, 1]
    assert s["players"][1]["station_masters"] == []


def test_after_taking_back_a_station_disc_an_upgrade_offers_no_station_master_again():
    """R1-STATION-10 (with R1-EDGE-04): the station master space holds the appointed worker."""
    s = upgraded("S1", workers=["cowboy", "engineer"], sm="SM-1", money=10)
    s = play(s, "appoint cowboy")
    # every board disc but the two hand-limit ones is placed; with no money for those,
    # the delivery takes the disc back from S1
    p = s["players"][0]
    clear_discs(s, 0, [d for d in p["discs"] if not d.startswith("HAND-")])
    p["money"] = 0
    s = decide(s, 0, "kc_deliver", bv=0)
    s = play(s, "deliver KAN")
    assert moves(s) == [{"type": "disc", "station": "S1"}]
    s = play(s, "disc from S1")
    assert s["stations"]["S1"] == []
    # later, with money: S1 can be upgraded again (a dark disc may go onto it when only dark
    # discs are left), but the worker on the station master space is no station master
    s["players"][0]["money"] = 10
    s["players"][0]["engine"] = "4"
    s = play(at_location(s, 0, "C"), "engine to 4.5")
    s = play(play(s, "upgrade S1"), "disc HAND-1")
    assert s["stations"]["S1"] == [0]
    assert top(s) == "loc"
    assert s["players"][0]["station_masters"] == ["SM-1"]


def test_an_appointed_worker_stays_on_the_station_and_no_longer_counts():
    """R1-STATION-11"""
    s = upgraded("S2", workers=["engineer", "engineer"], sm="SM-3", money=10)
    engineer = s["players"][0]["workers"]["engineer"][-1]
    s = play(s, "appoint engineer")
    view = engine.view(s, 0)
    assert view["players"][0]["workers"] == {"cowboy": 1, "craftsman": 1, "engineer": 2}
    assert list(view["station_workers"]) == ["S2"]
    assert view["station_workers"]["S2"]["id"] == engineer
    # the engine by engineers now counts 2
    s["players"][0]["engine"] = "20"
    s = at_location(s, 0, "C")
    assert {m["to"] for m in moves(s, id="engine")} == {"21", "21.5", "22"}


def test_a_station_master_has_an_upper_half_and_an_end_game_lower_half():
    """R1-STATION-12: SM-1: $2 now; 1 VP per worker (3 printed + 1 hired) at the end."""
    s = upgraded("S1", workers=["cowboy", "cowboy"], sm="SM-1", money=10)
    s = play(s, "appoint cowboy")
    assert s["players"][0]["money"] == 10 - 2 + 2
    tile = engine.view(s, 0)["players"][0]["station_masters"][0]
    assert (tile["id"], tile["kind"], tile["type"], tile["scoring"]) == (
        "SM-1",
        "station_master",
        "gain2",
        "per_worker",
    )
    assert engine.scores(s)[0]["categories"]["station_masters"] == 4


def test_a_station_master_immediate_action_is_performed_at_once_or_forfeited():
    """R1-STATION-13 R1-STATION-14"""
    s = upgraded("S3", workers=["cowboy"], sm="SM-2", money=10)
    s = play(s, "appoint cowboy")
    assert top(s) == "once"
    s = play(s, "pass")
    p = s["players"][0]
    assert (p["money"], p["hazards"], p["teepees"]) == (6, [], [])
    assert top(s) == "loc"


def test_station_master_sm2_removes_a_hazard_free_or_trades_with_the_indians():
    """R1-STATION-14"""
    s = upgraded("S3", workers=["cowboy"], sm="SM-2", money=4)
    s = play(s, "appoint cowboy")
    assert s["players"][0]["money"] == 0
    got = {(m["id"], m["space"]) for m in moves(s, type="action")}
    hazards = {("hazard", sp) for sp in ("FLOOD-1", "DROUGHT-1", "ROCKFALL-1")}
    teepees = {("trade", sp) for sp in ("TP1",)}  # the negative ones cannot be paid
    assert got == hazards | teepees
    tid = s["trail"]["DROUGHT-1"]["tile"]
    s = play(s, "hazard DROUGHT-1")
    assert (s["players"][0]["money"], s["players"][0]["hazards"]) == (0, [tid])
    assert top(s) == "loc"  # one of the two, not both


def test_station_master_sm1_gains_2_dollars():
    """R1-STATION-14"""
    s = upgraded("S4", workers=["craftsman"], sm="SM-1", money=4)
    s = play(s, "appoint craftsman")
    assert s["players"][0]["money"] == 2
    assert top(s) == "loc"


def test_station_masters_sm3_sm4_sm5_give_a_permanent_certificate():
    """R1-STATION-12 R1-STATION-15: no immediate action; +1 breeding value at every income,
    automatically."""
    for sm in ("SM-3", "SM-4", "SM-5"):
        s = upgraded("S5", disc="CERT-6", workers=["cowboy"], sm=sm, money=6)
        s = play(s, "appoint cowboy")
        assert top(s) == "loc"
        assert engine.view(s, 0)["players"][0]["permanent_certificates"] == 1
        assert engine.view(s, 0)["players"][0]["certificates"] == 0
        for _ in range(2):
            set_hand(s, 0, ["p0-jersey-1", "p0-dutch_belt-1"])  # breeding value 1 + 2
            s["players"][0]["money"] = 0
            s = decide(s, 0, "kc_income")
            assert moves(s) == [{"type": "income", "certificates": 0}]
            s = play(s, "income certificates 0")
            assert s["players"][0]["money"] == 3 + 1, sm


def test_temporary_certificates_add_to_the_permanent_one_and_6_releases_2():
    """R1-STATION-15 (sheet §16 D9): from the 6 space one step back frees 2 certificates."""
    s = upgraded("S5", disc="CERT-6", workers=["cowboy"], sm="SM-5", money=6)
    s = play(s, "appoint cowboy")
    clear_discs(s, 0, ["CERT-4"])
    s["players"][0]["cert"] = 5  # the 6 space
    set_hand(s, 0, ["p0-jersey-1"])
    s["players"][0]["money"] = 0
    s = decide(s, 0, "kc_income")
    assert [m["certificates"] for m in moves(s)] == [0, 2, 3, 4, 5, 6]
    s = play(s, "income certificates 2")
    p = engine.view(s, 0)["players"][0]
    assert (p["money"], p["certificates"]) == (1 + 2 + 1, 4)

"""Placing and replacing private buildings (R1-BUILD-*; fact sheet §3.1)."""

from __future__ import annotations

import engine
from engine.data import trail
from tests.engine.helpers import (
    at_location,
    give_worker,
    in_phase_a,
    moves,
    new,
    play,
    put_tile,
    set_hand,
    set_job_market,
    top,
)


def building_at_b(craftsmen: int = 1, money: int = 30, own: dict[str, str] | None = None):
    """Seat 0 on neutral B with ``craftsmen`` craftsmen and its ``own`` buildings placed."""
    s = new()
    give_worker(s, 0, "craftsman", craftsmen - 1)
    for space, tile in (own or {}).items():
        put_tile(s, space, tile, owner=0)
    set_hand(s, 0, ["p0-jersey-1"])
    s["players"][0]["money"] = money
    return at_location(s, 0, "B")


def buildable(state) -> set[str]:
    return {m["building"] for m in moves(state, id="build")}


def places(state) -> list[str]:
    return [m["space"] for m in moves(state, type="place")]


def test_a_building_goes_onto_an_empty_building_space_or_replaces_an_own_building():
    """R1-BUILD-01 R1-BUILD-04"""
    s = building_at_b(craftsmen=3, own={"A-2": "1a"})
    put_tile(s, "B-1", "2a", owner=1)
    s = at_location(s, 0, "B")
    s = play(s, "build 5a")
    empty = [sp for sp in trail.BUILDING_SPACES if sp not in ("A-2", "B-1")]
    assert set(places(s)) == {*empty, "A-2"}
    assert "B-1" not in places(s)  # another player's building
    assert not {"A", "FLOOD-1", "TP1", "KC"} & set(places(s))  # not building spaces
    s = play(s, "place E-1")
    assert s["trail"]["E-1"] == {"tile": "5a", "owner": 0}
    assert "5a" not in engine.view(s, 0)["players"][0]["buildings_available"]


def test_building_needs_enough_craftsmen_and_money():
    """R1-BUILD-02"""
    assert buildable(building_at_b(craftsmen=1)) == {"1a", "2a", "3a"}
    assert buildable(building_at_b(craftsmen=2)) == {"1a", "2a", "3a", "4a"}
    assert buildable(building_at_b(craftsmen=2, money=3)) == {"1a", "2a", "3a"}
    assert buildable(building_at_b(craftsmen=2, money=1)) == set()
    assert buildable(building_at_b(craftsmen=6)) == {
        "1a",
        "2a",
        "3a",
        "4a",
        "5a",
        "6a",
        "7a",
        "8a",
    }


def test_building_on_an_empty_space_costs_2_dollars_per_craftsman():
    """R1-BUILD-03"""
    for tile, need in (("1a", 1), ("4a", 2), ("5a", 3), ("6a", 4), ("8a", 5)):
        s = building_at_b(craftsmen=5, money=30)
        s = play(play(s, f"build {tile}"), "place G-1")
        assert s["players"][0]["money"] == 30 - 2 * need, tile


def test_a_replacement_needs_and_costs_only_the_craftsman_difference():
    """R1-BUILD-05"""
    s = building_at_b(craftsmen=3, money=30, own={"A-1": "1a"})
    assert "7a" not in buildable(s)  # 5 craftsmen: neither new nor as a replacement of 1a
    s = building_at_b(craftsmen=4, money=30, own={"A-1": "1a"})
    s = play(s, "build 7a")
    assert "A-1" in places(s)
    s = play(s, "place A-1")
    assert s["players"][0]["money"] == 30 - 2 * (5 - 1)
    assert s["trail"]["A-1"] == {"tile": "7a", "owner": 0}


def test_a_replacement_must_need_strictly_more_craftsmen():
    """R1-BUILD-06"""
    s = building_at_b(craftsmen=2, money=30, own={"A-1": "1a", "A-2": "4a"})
    s = play(s, "build 2a")  # 1 craftsman, like 1a
    assert "A-1" not in places(s)
    assert "A-2" not in places(s)
    s = building_at_b(craftsmen=2, money=30, own={"A-1": "1a", "A-2": "4a"})
    s = play(s, "build 3a")
    assert "A-1" not in places(s)


def test_a_replaced_building_leaves_the_game():
    """R1-BUILD-07"""
    s = building_at_b(craftsmen=2, money=30, own={"A-1": "1a"})
    s = play(play(s, "build 4a"), "place A-1")
    assert s["removed_tiles"] == ["1a"]
    view = engine.view(s, None)
    assert [t["id"] for t in view["removed_tiles"]] == ["1a"]
    assert "1a" not in view["players"][0]["buildings_available"]
    # and it can never be built again
    s = at_location(s, 0, "B")
    assert "1a" not in buildable(s)


def test_only_the_players_own_buildings_can_be_replaced():
    """R1-BUILD-08"""
    s = new()
    give_worker(s, 0, "craftsman", 5)
    put_tile(s, "A-1", "1a", owner=1)
    s["players"][0]["money"] = 30
    s = at_location(s, 0, "B")
    s = play(s, "build 8a")
    assert "A-1" not in places(s)
    assert "B" not in places(s)  # nor a neutral building


def test_buildings_needing_more_than_6_craftsmen_can_only_replace():
    """R1-BUILD-09"""
    s = building_at_b(craftsmen=6, money=30)
    assert not {"9a", "10a"} & buildable(s)
    s = building_at_b(craftsmen=6, money=30, own={"G-2": "4a"})
    assert "9a" in buildable(s)  # 7 craftsmen: 5 more than 4a's 2
    assert "10a" not in buildable(s)  # 9 craftsmen: 7 more, one too many
    s = building_at_b(craftsmen=6, money=30, own={"G-2": "5a"})
    s = play(s, "build 10a")  # 6 more than 5a's 3
    assert places(s) == ["G-2"]
    s = play(s, "place G-2")
    assert s["players"][0]["money"] == 30 - 2 * 6
    assert s["trail"]["G-2"] == {"tile": "10a", "owner": 0}


def test_only_building_b_and_the_craftsman_spaces_place_buildings():
    """R1-BUILD-10"""
    for space in ("A", "C", "D", "E", "F", "G"):
        s = new()
        give_worker(s, 0, "craftsman", 5)
        s["players"][0]["money"] = 50
        s = at_location(s, 0, space)
        assert moves(s, id="build") == [], space
    assert buildable(building_at_b()) != set()


def test_a_craftsman_space_build_costs_1_dollar_per_craftsman():
    """R1-BUILD-10 R1-BUILD-11"""
    s = new()
    set_job_market(s, {0: [None, None, "craftsman", None]}, 3)
    give_worker(s, 0, "craftsman", 2)
    s["players"][0]["money"] = 6 + 4
    s = at_location(s, 0, "A")
    s = play(s, "hire craftsman row 1")  # craftsman space 4
    assert "6a" in {m["building"] for m in moves(s, id="build")}  # 4 craftsmen
    s = play(play(s, "build 6a"), "place A-1")
    assert s["players"][0]["money"] == 0


def test_a_craftsman_space_replacement_costs_1_dollar_per_craftsman_of_difference():
    """R1-BUILD-11"""
    s = new()
    set_job_market(s, {0: [None, None, "craftsman", None]}, 3)
    give_worker(s, 0, "craftsman", 4)
    put_tile(s, "A-1", "4a", owner=0)
    s["players"][0]["money"] = 6 + 7
    s = at_location(s, 0, "A")
    s = play(s, "hire craftsman row 1")  # craftsman space 6: six craftsmen now
    assert "9a" in {m["building"] for m in moves(s, id="build")}
    s = play(s, "build 9a")
    assert places(s) == ["A-1"]
    s = play(s, "place A-1")
    assert s["players"][0]["money"] == 13 - 6 - (7 - 2)
    assert s["trail"]["A-1"] == {"tile": "9a", "owner": 0}


def test_another_players_building_charges_its_fees_to_its_owner_and_offers_only_an_aux_action():
    """R1-BUILD-12"""
    s = new()
    put_tile(s, "A-1", "4a", owner=0)  # one black hand: $2 with 2 players
    put_tile(s, "A-2", "2a", owner=0)
    s["players"][0]["money"] = 0
    s["players"][1]["money"] = 5
    s = in_phase_a(s, 1, "A")
    s = play(s, "move A-2 via A-1")
    assert (s["players"][0]["money"], s["players"][1]["money"]) == (2, 3)
    assert top(s) == "loc"
    assert {m["type"] for m in moves(s)} == {"aux", "end"}  # no buy, no discard of 2a


def test_the_rulebook_example_of_a_two_craftsman_building():
    """R1-BUILD-13: at least 2 craftsmen and $4 on an empty space."""
    assert "4a" not in buildable(building_at_b(craftsmen=1, money=30))
    assert "4a" not in buildable(building_at_b(craftsmen=2, money=3))
    s = building_at_b(craftsmen=2, money=4)
    s = play(play(s, "build 4a"), "place B-2")
    assert s["players"][0]["money"] == 0
    assert s["trail"]["B-2"] == {"tile": "4a", "owner": 0}


def test_the_rulebook_example_of_replacing_with_a_building_3_craftsmen_higher():
    """R1-BUILD-14: replacing the 2-craftsman building with a 5-craftsman one needs 3
    craftsmen and costs $6."""
    s = building_at_b(craftsmen=2, money=30, own={"B-2": "4a"})
    assert "7a" not in buildable(s)
    s = building_at_b(craftsmen=3, money=5, own={"B-2": "4a"})
    assert "7a" not in buildable(s)
    s = building_at_b(craftsmen=3, money=6, own={"B-2": "4a"})
    s = play(s, "build 7a")
    assert places(s) == ["B-2"]
    s = play(s, "place B-2")
    assert s["players"][0]["money"] == 0
    assert s["trail"]["B-2"] == {"tile": "7a", "owner": 0}


def test_the_summary_example_of_replacing_a_1_with_a_3_craftsman_building():
    """R1-BUILD-15: only 2 craftsmen are needed, so it costs $4."""
    s = building_at_b(craftsmen=2, money=4, own={"C-1": "1a"})
    assert "5a" in buildable(s)
    s = play(s, "build 5a")
    assert places(s) == ["C-1"]
    s = play(s, "place C-1")
    assert s["players"][0]["money"] == 0
    assert s["trail"]["C-1"] == {"tile": "5a", "owner": 0}

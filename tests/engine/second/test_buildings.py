"""The 2nd edition's private buildings, builders and placing (R2-LOCAL-01, R2-BUILD-01, R2-BUILD-02,
R2-SETUP-01 (builders), R2-SAME-06, R2-SAME-08, R2-SAME-10, R2-EDGE-03)."""

from __future__ import annotations

import engine
from engine.data.second import buildings
from tests.engine import helpers as h
from tests.engine.second.helpers import GREEN, ORANGE, new, set_section


def _own(state: engine.State, seat: int, tile: str, space: str = "A-1") -> engine.State:
    h.put_tile(state, space, tile, owner=seat)
    return h.at_location(state, seat, space)


def _ids(state: engine.State) -> set[str]:
    return {m["id"] for m in h.moves(state, type="action")}


def test_builders_place_buildings():
    """R2-SETUP-01, R2-SAME-10: builders (not craftsmen) count for placing; $2 each at B."""
    state = new()
    assert set(state["players"][0]["workers"]) == {"cowboy", "builder", "engineer"}
    state["players"][0]["money"] = 20
    h.at_location(state, 0, "B")
    offered = {m["building"] for m in h.moves(state, id="build")}
    assert offered == {"1a", "2a", "3a"}  # one builder: the printed one
    h.give_worker(state, 0, "builder", 2)
    h.at_location(state, 0, "B")
    offered = {m["building"] for m in h.moves(state, id="build")}
    assert offered == {"1a", "2a", "3a", "4a", "5a"}
    assert engine.price(state, 0, {"type": "action", "id": "build", "building": "5a"}) == {
        "cost": 6,
        "cost_text": "$6, 3 builders",
        "gains": {},
    }
    state = h.play(state, {"type": "action", "id": "build", "building": "5a"})
    state = h.play(state, {"type": "place", "space": "A-2"})
    assert state["trail"]["A-2"] == {"tile": "5a", "owner": 0}
    assert state["players"][0]["money"] == 14


def test_5a_discards_a_value_3_card_for_seven_dollars():
    """R2-LOCAL-01 (5a): one cattle card of breeding value 3, any of the three breeds."""
    state = new()
    h.set_hand(state, 0, ["p0-p1-1", "m3_yellow-1", "m3_blue-1", "m4-1"])
    _own(state, 0, "5a")
    cards = {m["card"] for m in h.moves(state, id="discard-value3")}
    assert cards == {"m3_yellow-1", "m3_blue-1"}
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "action", "id": "discard-value3", "card": "m3_blue-1"})
    assert state["players"][0]["money"] == money + 7
    assert "m3_blue-1" in state["players"][0]["discard"]
    assert h.moves(state, id="aux")


def test_7a_pays_per_green_and_orange_outlaw_pair():
    """R2-LOCAL-01 (7a, R1-LOCAL-20 with outlaws): per pair, certificate up to 2 and $2."""
    state = new()
    h.give_tiles(state, 0, [GREEN[0], GREEN[1], ORANGE[0], ORANGE[1], ORANGE[2]])
    h.clear_discs(state, 0, ["CERT-4"])
    _own(state, 0, "7a")
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "action", "id": "outlaw-pairs"})
    p = state["players"][0]
    assert p["money"] == money + 4
    assert p["cert"] == 4
    assert len(p["outlaws"]) == 5


def test_8a_collects_a_bounty_or_takes_an_auxiliary_action():
    """R2-LOCAL-01 (8a): bounty EITHER auxiliary action."""
    state = new()
    set_section(state, {"OL5": GREEN[0]})
    _own(state, 0, "8a")
    assert {"bounty", "aux"} <= _ids(state)
    state = h.play(state, "bounty OL5")
    assert "aux" not in _ids(state)


def test_11b_moves_the_engine_up_to_the_hazards_collected():
    """R2-LOCAL-01 (11b): engine forward up to N, N = hazard tiles in front of the player."""
    state = new()
    _own(state, 0, "11b")
    assert "hazards-engine" not in _ids(state)
    h.give_tiles(state, 0, ["flood-1", "drought-2", "rockfall-3"])
    _own(state, 0, "11b")
    destinations = [m["to"] for m in h.moves(state, id="hazards-engine")]
    assert destinations
    assert max(float(d) for d in destinations) <= 3


def test_12a_pays_a_dollar_per_builder():
    """R2-LOCAL-01 (12a): $1 per builder, the printed one included."""
    state = new()
    h.give_worker(state, 0, "builder", 2)
    _own(state, 0, "12a")
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "action", "id": "builder-money"})
    assert state["players"][0]["money"] == money + 3


def test_12b_pays_two_dollars_per_station_with_a_disc_and_gives_a_token():
    """R2-LOCAL-01 (12b), R2-EXCH-04."""
    state = new()
    h.put_disc(state, 0, "S1", "AUX-FWD-1")
    h.put_disc(state, 0, "S3", "AUX-FWD-2")
    h.put_disc(state, 1, "S2", "AUX-FWD-1")
    _own(state, 0, "12b")
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "action", "id": "station-money"})
    assert state["players"][0]["money"] == money + 4
    state = h.play(state, {"type": "action", "id": "exchange-token"})
    assert state["players"][0]["exchange_tokens"] == 2


def test_2b_and_8b_changed_texts():
    """R2-LOCAL-01 (2b: a Criollo for $2, a Santa Gertrudis for the engine; 8b: any card for
    $6 and an objective card into the hand)."""
    state = new()
    h.set_hand(state, 0, ["p0-p1-1", "p0-p2_green-1", "m4-1"])
    _own(state, 0, "2b")
    assert {m["card"] for m in h.moves(state, id="discard-p1")} == {"p0-p1-1"}
    assert {m["card"] for m in h.moves(state, id="discard-p2_green")} == {"p0-p2_green-1"}
    assert all("to" in m for m in h.moves(state, id="discard-p2_green"))
    state = new()
    h.set_hand(state, 0, ["p0-p1-1", "m4-1"])
    _own(state, 0, "8b")
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "action", "id": "discard-any", "card": "m4-1"})
    assert state["players"][0]["money"] == money + 6
    assert h.top(state) == "gain_objective"


def test_the_same_icon_is_the_same_action_wherever_it_appears():
    """R2-LOCAL-01, R2-SAME-06: the unchanged tiles are the 1st edition's actions."""
    from engine.data import buildings as first

    for tile in ("1a", "1b", "3a", "3b", "4a", "4b", "7b", "9a", "9b", "10a", "10b"):
        assert buildings.PRIVATE[tile] is first.PRIVATE[tile]


def test_replacing_needs_strictly_more_builders_whatever_the_numbers():
    """R2-BUILD-02: 11b (5 builders) cannot replace 7a (5), but can replace 6a (4); only the
    difference in builders is paid."""
    state = new()
    h.give_worker(state, 0, "builder", 5)
    state["players"][0]["money"] = 40
    h.put_tile(state, "A-1", "7a", owner=0)
    h.put_tile(state, "A-2", "6a", owner=0)
    state["players"][0]["buildings"] = ["11b"]
    h.at_location(state, 0, "B")
    state = h.play(state, {"type": "action", "id": "build", "building": "11b"})
    spaces = {m["space"] for m in h.moves(state, type="place")}
    assert "A-1" not in spaces
    assert "A-2" in spaces
    state = h.play(state, {"type": "place", "space": "A-2"})
    assert state["players"][0]["money"] == 40 - 2
    assert "6a" in state["removed_tiles"]


def test_buildings_of_more_than_six_builders_only_by_replacement():
    """R2-BUILD-01, R2-SAME-10: 11a needs 12 builders: never on an empty space."""
    state = new()
    h.give_worker(state, 0, "builder", 5)
    state["players"][0]["money"] = 60
    state["players"][0]["buildings"] = ["11a"]
    h.at_location(state, 0, "B")
    assert h.moves(state, id="build") == []
    h.put_tile(state, "A-1", "10a", owner=0)
    h.at_location(state, 0, "B")
    state = h.play(state, {"type": "action", "id": "build", "building": "11a"})
    assert [m["space"] for m in h.moves(state, type="place")] == ["A-1"]


def test_a_building_replaced_under_the_herder_is_not_used_at_once():
    """R2-EDGE-03: the new building's local actions wait for a later visit."""
    state = new()
    h.give_worker(state, 0, "builder", 5)
    state["players"][0]["money"] = 40
    state["players"][0]["buildings"] = ["12b"]
    h.put_tile(state, "A-1", "3b", owner=0)
    h.give_worker(state, 0, "builder")
    h.at_location(state, 0, "A-1")
    state["stack"].append({"t": "once", "specs": [buildings.WORKER_ACTIONS["build1"]]})
    state = h.play(state, {"type": "action", "id": "build", "building": "12b"})
    state = h.play(state, {"type": "place", "space": "A-1"})
    assert state["trail"]["A-1"]["tile"] == "12b"
    assert h.top(state) == "loc"
    assert h.moves(state, type="action") == []


def test_the_builder_row_and_hiring_work_as_in_the_first_edition():
    """R2-SAME-08: hiring unchanged, with builders; the builder row's space 4 places a
    building at $1 per builder (R1-HIRE-09)."""
    state = new()
    h.give_worker(state, 0, "builder", 2)
    h.set_job_market(state, {0: [None, None, None, None], 1: [None, None, "builder", None]}, 0)
    state["players"][0]["money"] = 20
    h.at_location(state, 0, "A")
    state = h.play(state, {"type": "action", "id": "hire", "row": 1, "worker": "builder"})
    assert len(state["players"][0]["workers"]["builder"]) == 3
    builds = h.moves(state, id="build")
    assert {m["building"] for m in builds} >= {"6a", "12a"}
    assert engine.price(state, 0, builds[0])["cost_text"].endswith(
        "builder" if builds[0]["building"] in ("1a", "2a", "3a") else "builders"
    )

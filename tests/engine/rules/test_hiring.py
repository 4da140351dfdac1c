"""Hiring workers from the job market, and the immediate actions of the worker spaces
(R1-HIRE-*; fact sheet §10, §11.4, §11.5)."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    at_location,
    decide,
    give_worker,
    moves,
    new,
    play,
    put_tile,
    set_hand,
    set_job_market,
    top,
)

JERSEY = ["p0-jersey-1", "p0-jersey-2", "p0-jersey-3"]


def hiring_at(space: str = "A", money: int = 30, hand: list[str] | None = None, **market):
    """Seat 0 on ``space`` with a small job market: row 1 ($6) one cowboy and one craftsman,
    row 3 ($7) one engineer, row 4 ($5) holds the token and an engineer."""
    s = new()
    set_job_market(
        s,
        market.get("rows")
        or {
            0: [None, None, "cowboy", "craftsman"],
            2: [None, None, "engineer", None],
            3: [None, None, "engineer", None],
        },
        market.get("token_row", 3),
    )
    set_hand(s, 0, hand or ["p0-jersey-1", "p0-jersey-2", "p0-dutch_belt-1", "p0-black_angus-1"])
    s["players"][0]["money"] = money
    return at_location(s, 0, space)


def hires(state, ident: str = "hire") -> set[tuple[int, str]]:
    return {(m["row"], m["worker"]) for m in moves(state, type="action", id=ident)}


def workers(state, seat: int = 0) -> dict[str, int]:
    return engine.view(state, seat)["players"][seat]["workers"]


# --- the hire action ---------------------------------------------------------------------------


def test_hiring_takes_one_worker_tile_pays_its_row_and_puts_it_in_the_worker_section():
    """R1-HIRE-01 R1-HIRE-03"""
    s = hiring_at(money=10)
    tile = s["job_market"]["rows"][0][2]
    s = play(s, "hire cowboy row 1")
    p = engine.view(s, 0)["players"][0]
    assert p["money"] == 10 - 6
    assert p["workers"] == {"cowboy": 2, "craftsman": 1, "engineer": 1}
    assert [t["id"] for t in p["worker_tiles"]["cowboy"]] == [tile]
    assert s["job_market"]["rows"][0][2] is None
    assert s["job_market"]["rows"][0][3].startswith("craftsman")
    # exactly one worker per hire action: the action is used up
    assert hires(s) == set()


def test_the_hiring_cost_is_the_cost_printed_beside_the_workers_row():
    """R1-HIRE-03"""
    rows = {r: [None, None, "cowboy", None] for r in range(12)}
    costs = {}
    for r in range(12):
        s = hiring_at(money=30, rows=rows, token_row=None)  # closed market: every row
        s = play(s, {"type": "action", "id": "hire", "row": r, "worker": "cowboy"})
        costs[r + 1] = 30 - s["players"][0]["money"]
    assert costs == {1: 6, 2: 6, 3: 7, 4: 5, 5: 7, 6: 9, 7: 6, 8: 8, 9: 10, 10: 6, 11: 5, 12: 4}


def test_hiring_from_the_row_holding_the_job_market_token_is_not_allowed():
    """R1-HIRE-02"""
    s = hiring_at()
    assert (3, "engineer") not in hires(s)
    assert hires(s) == {(0, "cowboy"), (0, "craftsman"), (2, "engineer")}


def test_workers_of_the_token_row_become_available_once_the_token_moves_on():
    """R1-HIRE-02 R1-HIRE-12"""
    s = new()
    set_job_market(s, {0: [None, None, "cowboy", None], 1: [None, None, "engineer", None]}, 1)
    s["players"][0]["money"] = 30
    # Kansas City foresight 2: a worker fills the token's space, so the token moves on.
    s["supply"]["2"].insert(0, s["foresight"][1][0])
    s["foresight"][1][0] = s["supply"]["2"].pop()
    s = decide(s, 0, "kc_foresight", n=2)
    s = play(s, "foresight 1")
    assert s["job_market"]["token_row"] == 2
    s = at_location(s, 0, "A")
    assert (1, "engineer") in hires(s)
    # the hired cowboy's space in row 1 stays empty; new workers only go to the token row
    s = play(s, "hire cowboy row 1")
    assert s["job_market"]["rows"][0] == [None, None, None, None]


def test_a_hire_icon_without_modifier_charges_the_row_cost():
    """R1-HIRE-04"""
    s = play(hiring_at(money=20), "hire engineer row 3")
    assert s["players"][0]["money"] == 20 - 7


def test_the_second_hire_on_building_a_costs_two_dollars_more():
    """R1-HIRE-04"""
    s = play(hiring_at(money=20), "hire+2 engineer row 3")
    assert s["players"][0]["money"] == 20 - 9


def test_building_5a_hires_one_dollar_cheaper():
    """R1-HIRE-04"""
    s = new()
    set_job_market(s, {2: [None, None, "engineer", None]}, 3)
    put_tile(s, "A-1", "5a", owner=0)
    s["players"][0]["money"] = 20
    s = at_location(s, 0, "A-1")
    s = play(s, "hire-1 engineer row 3")
    assert s["players"][0]["money"] == 20 - 6


def test_the_full_modified_cost_must_be_paid_to_hire():
    """R1-HIRE-05"""
    s = hiring_at(money=8)
    assert (2, "engineer") in hires(s, "hire")  # $7
    assert hires(s, "hire+2") == {(0, "cowboy"), (0, "craftsman")}  # $8, not $9
    s = hiring_at(money=5)
    assert hires(s, "hire") == set()


def test_a_hired_worker_goes_to_the_leftmost_free_space_of_its_own_row():
    """R1-HIRE-06"""
    s = hiring_at(money=30)
    give_worker(s, 0, "craftsman", 2)
    s = play(s, "hire craftsman row 1")
    assert workers(s) == {"cowboy": 1, "craftsman": 4, "engineer": 1}
    # space 4 of the craftsman row shows its immediate action (build at $1 per craftsman)
    assert top(s) == "once"
    assert {m["id"] for m in moves(s, type="action")} == {"build"}


def test_every_player_starts_with_one_printed_worker_of_each_type():
    """R1-HIRE-07"""
    s = new(players=4)
    for seat in range(4):
        p = engine.view(s, seat)["players"][seat]
        assert p["workers"] == {"cowboy": 1, "craftsman": 1, "engineer": 1}
        assert p["worker_tiles"] == {"cowboy": [], "craftsman": [], "engineer": []}


def test_the_printed_worker_counts_as_a_worker_of_its_row():
    """R1-HIRE-08"""
    s = new()
    s["players"][0]["engine"] = "2"
    s = at_location(s, 0, "C")
    # 1 engineer (the printed one): the engine moves up to 1 space
    assert {m["to"] for m in moves(s, id="engine")} == {"3"}


def test_an_immediate_action_may_be_forfeited():
    """R1-HIRE-09"""
    s = hiring_at(money=20, hand=["p0-jersey-1", "p0-dutch_belt-1"])
    s = play(s, "hire engineer row 3")  # engineer space 2: discard a Jersey -> certificate
    assert top(s) == "once"
    assert [m["type"] for m in moves(s)] == ["action", "pass"]
    s = play(s, "pass")
    p = s["players"][0]
    assert (p["money"], p["cert"], p["hand"]) == (13, 0, ["p0-jersey-1", "p0-dutch_belt-1"])
    assert top(s) == "loc"


def test_no_worker_can_be_hired_into_a_full_row():
    """R1-HIRE-10 R1-HIRE-11"""
    s = hiring_at(money=30)
    give_worker(s, 0, "cowboy", 5)
    s = at_location(s, 0, "A")
    assert workers(s)["cowboy"] == 6
    assert (0, "cowboy") not in hires(s)
    assert (0, "craftsman") in hires(s)


def test_a_row_holds_six_workers_with_the_printed_one():
    """R1-HIRE-11"""
    s = hiring_at(money=30)
    give_worker(s, 0, "cowboy", 4)
    s = at_location(s, 0, "A")
    s = play(s, "hire cowboy row 1")
    assert workers(s)["cowboy"] == 6
    assert engine.view(s, 0)["players"][0]["workers"]["cowboy"] == 6


def test_the_rulebook_hiring_example_on_building_a():
    """R1-HIRE-14 R1-HIRE-15: Mary's engineer costs $7 from the row above the token's row
    and triggers "discard a Jersey, gain $2"; the +2 hire of a $6 cowboy costs $8; without a
    Guernsey she cannot use A's discard action."""
    s = new()
    set_job_market(
        s,
        {
            0: [None, None, "cowboy", None],
            2: [None, None, "engineer", None],
            3: [None] * 3 + ["engineer"],
        },
        3,
    )
    give_worker(s, 0, "engineer")  # her engineer row: printed + 1, so the next space is 3
    set_hand(s, 0, ["p0-jersey-1", "p0-jersey-2", "p0-dutch_belt-1", "p0-black_angus-1"])
    s["players"][0]["money"] = 20
    s = at_location(s, 0, "A")
    assert (3, "engineer") not in hires(s)
    s = play(s, "hire engineer row 3")
    assert s["players"][0]["money"] == 13
    assert workers(s)["engineer"] == 3
    s = play(s, "discard jersey")
    p = s["players"][0]
    assert p["money"] == 15
    assert p["discard"] == ["p0-jersey-1"]
    s = play(s, "hire+2 cowboy row 1")
    p = engine.view(s, 0)["players"][0]
    assert p["money"] == 7
    assert p["workers"] == {"cowboy": 2, "craftsman": 1, "engineer": 3}
    assert moves(s, type="action") == []  # no Guernsey: A's discard action is out of reach
    assert [m["type"] for m in moves(s)] == ["end"]


def test_workers_are_counted_not_spent_within_a_turn():
    """R1-HIRE-16: building 4b draws by cowboys, then its move reaches neutral E, whose
    buy action still sees every cowboy."""
    s = new()
    give_worker(s, 0, "cowboy", 2)
    put_tile(s, "C-3", "4b", owner=0)
    set_hand(s, 0, ["p0-jersey-1"])
    s["players"][0]["money"] = 30
    s = at_location(s, 0, "C-3")
    assert {m["n"] for m in moves(s, id="draw")} == {1, 2, 3}
    s = play(s, "draw 3")
    for _ in range(3):
        s = play(s, moves(s, type="discard")[0])
    s = play(s, "move E via D")
    s = play(s, "buy")
    assert s["stack"][-1]["cowboys"] == 3


def test_a_worker_hired_this_turn_counts_for_the_next_action():
    """R1-HIRE-16: on 5a the engineer just hired adds a space to the engine move."""
    s = new()
    set_job_market(s, {2: [None, None, "engineer", None]}, 3)
    put_tile(s, "A-1", "5a", owner=0)
    set_hand(s, 0, ["p0-dutch_belt-1"])
    s["players"][0]["money"] = 20
    s = at_location(s, 0, "A-1")
    assert {m["to"] for m in moves(s, id="engine")} == {"1"}
    s = play(s, "hire-1 engineer row 3")  # space 2's action needs a Jersey: none in hand
    assert {m["to"] for m in moves(s, id="engine")} == {"1", "2"}


# --- immediate actions of the worker spaces (fact sheet §11.5) --------------------------------


def hire_onto(kind: str, space: int, money: int = 30, hand=None):
    """Seat 0 at A hires a ``kind`` onto row space ``space`` (2..6) from row 1 ($6)."""
    s = hiring_at(money=money, hand=hand, rows={0: [None, None, kind, None]}, token_row=3)
    give_worker(s, 0, kind, space - 2)
    s = at_location(s, 0, "A")
    return play(s, f"hire {kind} row 1")


def test_cowboy_spaces_two_three_and_five_have_no_immediate_action():
    """R1-HIRE-09"""
    for space in (2, 3, 5):
        s = hire_onto("cowboy", space)
        assert top(s) == "loc", space


def test_cowboy_space_four_removes_a_hazard_free_of_charge():
    """R1-HIRE-09 R1-HAZARD-03"""
    s = new()
    tid = s["trail"]["FLOOD-1"]["tile"]
    s = hire_onto("cowboy", 4, money=6)
    assert s["players"][0]["money"] == 0
    assert [m["space"] for m in moves(s, id="hazard")] == ["FLOOD-1", "DROUGHT-1", "ROCKFALL-1"]
    s = play(s, "hazard FLOOD-1")
    p = s["players"][0]
    assert (p["money"], p["hazards"]) == (0, [tid])
    assert "FLOOD-1" not in s["trail"]


def test_cowboy_space_six_trades_with_the_indians():
    """R1-HIRE-09 R1-TEEPEE-01"""
    s = hire_onto("cowboy", 6, money=10)
    assert {m["space"] for m in moves(s, id="trade")} == {"TPM3", "TPM2", "TPM1", "TP1"}
    tid = s["trail"]["TP1"]["tile"]
    s = play(s, "trade TP1")
    p = s["players"][0]
    assert (p["money"], p["teepees"]) == (10 - 6 + 1, [tid])


def test_craftsman_spaces_four_and_six_build_at_one_dollar_per_craftsman():
    """R1-HIRE-09 R1-BUILD-10 R1-BUILD-11: the craftsman just hired counts."""
    for space, tile, need in ((4, "6a", 4), (6, "10b", None)):
        s = hire_onto("craftsman", space, money=6 + 6)
        assert top(s) == "once"
        built = {m["building"] for m in moves(s, id="build")}
        if need:
            assert tile in built  # 4 craftsmen only with the new one
            s = play(s, f"build {tile}")
            s = play(s, "place A-1")
            assert s["players"][0]["money"] == 12 - 6 - need
            assert s["trail"]["A-1"] == {"tile": tile, "owner": 0}
        else:
            assert tile not in built  # 8 craftsmen needed: only by replacement
            assert "6a" in built


def test_craftsman_spaces_two_three_and_five_have_no_immediate_action():
    """R1-HIRE-09"""
    for space in (2, 3, 5):
        assert top(hire_onto("craftsman", space)) == "loc", space


def test_engineer_space_two_discards_a_jersey_for_one_certificate():
    """R1-HIRE-09"""
    s = play(hire_onto("engineer", 2, money=10, hand=JERSEY), "discard jersey")
    p = s["players"][0]
    assert (p["money"], p["cert"], len(p["hand"])) == (4, 1, 2)


def test_engineer_space_three_discards_a_jersey_for_two_dollars():
    """R1-HIRE-09"""
    s = play(hire_onto("engineer", 3, money=10, hand=JERSEY), "discard jersey")
    p = s["players"][0]
    assert (p["money"], p["cert"], len(p["hand"])) == (6, 0, 2)


def test_engineer_space_four_hires_another_worker_two_dollars_cheaper():
    """R1-HIRE-09 R1-HIRE-04"""
    s = hiring_at(
        money=30,
        rows={0: [None, None, "engineer", "cowboy"], 2: [None, None, "craftsman", None]},
        token_row=3,
    )
    give_worker(s, 0, "engineer", 2)
    s = at_location(s, 0, "A")
    s = play(s, "hire engineer row 1")
    assert hires(s, "hire-2") == {(0, "cowboy"), (2, "craftsman")}
    s = play(s, "hire-2 craftsman row 3")
    assert s["players"][0]["money"] == 30 - 6 - (7 - 2)
    assert workers(s) == {"cowboy": 1, "craftsman": 2, "engineer": 4}


def test_a_worker_hired_by_an_immediate_action_triggers_his_own_space():
    """R1-HIRE-09: engineer space 4 hires a cowboy onto cowboy space 4, which removes a
    hazard free."""
    s = hiring_at(
        money=30,
        rows={0: [None, None, "engineer", None], 2: [None, None, "cowboy", None]},
        token_row=3,
    )
    give_worker(s, 0, "engineer", 2)
    give_worker(s, 0, "cowboy", 2)
    s = at_location(s, 0, "A")
    s = play(s, "hire engineer row 1")
    s = play(s, "hire-2 cowboy row 3")
    assert top(s) == "once"
    assert {m["id"] for m in moves(s, type="action")} == {"hazard"}
    s = play(s, "hazard ROCKFALL-1")
    p = s["players"][0]
    assert (p["money"], len(p["hazards"])) == (30 - 6 - 5, 1)
    assert top(s) == "loc"


def test_engineer_space_five_discards_a_jersey_for_two_certificates():
    """R1-HIRE-09"""
    s = play(hire_onto("engineer", 5, money=10, hand=JERSEY), "discard jersey")
    p = s["players"][0]
    assert (p["money"], p["cert"], len(p["hand"])) == (4, 2, 2)


def test_engineer_space_six_discards_a_jersey_for_four_dollars():
    """R1-HIRE-09"""
    s = play(hire_onto("engineer", 6, money=10, hand=JERSEY), "discard jersey")
    p = s["players"][0]
    assert (p["money"], p["cert"], len(p["hand"])) == (8, 0, 2)


def test_an_engineer_space_action_needs_its_jersey():
    """R1-HIRE-09: without the required card the immediate action is simply lost."""
    s = hire_onto("engineer", 6, money=10, hand=["p0-dutch_belt-1"])
    assert top(s) == "loc"


def test_an_uncovered_worker_space_offers_its_action_again():
    """R1-HIRE-13: the cowboy on space 4 becomes a station master; the next cowboy hired
    onto space 4 removes a hazard free again."""
    s = hire_onto("cowboy", 4, money=30)
    s = play(s, "hazard FLOOD-1")
    assert s["players"][0]["money"] == 24
    # appoint that cowboy as station master of S1
    s["station_masters"]["S1"] = "SM-3"
    s = decide(s, 0, "sm", station="S1")
    s = play(s, "appoint cowboy")
    assert workers(s)["cowboy"] == 3
    set_job_market(s, {0: [None, None, "cowboy", None]}, 3)
    s = at_location(s, 0, "A")
    s = play(s, "hire cowboy row 1")
    assert workers(s)["cowboy"] == 4
    assert top(s) == "once"
    s = play(s, "hazard DROUGHT-1")
    p = s["players"][0]
    assert p["money"] == 24 - 6
    assert len(p["hazards"]) == 2

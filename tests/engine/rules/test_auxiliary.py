"""The five auxiliary actions, single and double (R1-AUX-*; fact sheet §11.6)."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    at_location,
    clear_discs,
    move_card,
    moves,
    new,
    play,
    set_hand,
    top,
)

AUX_DISCS = [
    "AUX-GAIN",
    "AUX-DRAW",
    "AUX-BACKCERT-1",
    "AUX-BACKCERT-2",
    "AUX-FWD-1",
    "AUX-FWD-2",
    "AUX-REMOVE-1",
    "AUX-REMOVE-2",
]
HAND = ["p0-jersey-1", "p0-dutch_belt-1", "p0-black_angus-1", "OBJ-05"]


def aux_at(space: str = "G", cleared=(), engine_at: str = "5", money: int = 10, hand=HAND):
    """Seat 0 on ``space`` with the disc spaces ``cleared`` and its engine on ``engine_at``."""
    s = new()
    clear_discs(s, 0, list(cleared))
    s["players"][0]["engine"] = engine_at
    s["players"][0]["money"] = money
    set_hand(s, 0, list(hand))
    return at_location(s, 0, space)


def offered(state, kind: str = "action") -> set[tuple[int, bool]]:
    """(aux action, double) pairs offered by the double icon (``action``) or singly (``aux``)."""
    return {(m["aux"], m["double"]) for m in moves(state, type=kind) if "aux" in m}


def aux(state, n: int, double: bool = False, kind: str = "action", to: str | None = None):
    move = {"type": kind, "aux": n, "double": double}
    if kind == "action":
        move["id"] = "aux"
    if to is not None:
        move["to"] = to
    return play(state, move)


def test_the_board_shows_five_auxiliary_actions_each_with_two_disc_spaces():
    """R1-AUX-01"""
    s = aux_at(cleared=AUX_DISCS, engine_at="5")
    assert offered(s) == {(n, d) for n in range(1, 6) for d in (False, True)}
    assert engine.view(s, 0)["players"][0]["aux_levels"] == {str(n): 2 for n in range(1, 6)}
    s = aux_at(engine_at="5")
    assert engine.view(s, 0)["players"][0]["aux_levels"] == {
        "1": 1,
        "2": 1,
        "3": 0,
        "4": 0,
        "5": 0,
    }


def test_an_auxiliary_action_is_locked_until_one_of_its_disc_spaces_is_cleared():
    """R1-AUX-02"""
    s = aux_at(space="A")
    assert offered(s, "aux") == {(1, False), (2, False)}
    s = aux_at(space="A", cleared=["AUX-BACKCERT-2"])
    assert offered(s, "aux") == {(1, False), (2, False), (3, False)}
    s = aux_at(space="A", cleared=["AUX-FWD-1", "AUX-REMOVE-2"])
    assert offered(s, "aux") == {(1, False), (2, False), (4, False), (5, False)}


def test_one_use_of_the_icon_performs_exactly_one_auxiliary_action():
    """R1-AUX-03"""
    s = aux_at(cleared=AUX_DISCS)
    s = aux(s, 1, double=True)
    assert offered(s) == set()
    assert offered(s, "aux") == set()
    assert s["players"][0]["money"] == 12
    s = aux_at(space="A", cleared=AUX_DISCS)
    s = aux(s, 1, kind="aux")
    assert {m["type"] for m in moves(s)} == {"end", "play_objective"}


def test_a_double_needs_both_disc_spaces_cleared_and_single_remains_possible():
    """R1-AUX-04"""
    s = aux_at(cleared=["AUX-BACKCERT-1"])
    assert (3, False) in offered(s)
    assert (3, True) not in offered(s)
    s = aux_at(cleared=["AUX-BACKCERT-1", "AUX-BACKCERT-2"])
    assert {(3, False), (3, True)} <= offered(s)
    # auxiliary actions 1 and 2 have a gray space: one cleared disc makes them double
    s = aux_at()
    assert offered(s) == {(1, False), (2, False)}
    s = aux_at(cleared=["AUX-GAIN"])
    assert offered(s) == {(1, False), (1, True), (2, False)}


def test_the_single_auxiliary_action_of_a_location_is_never_doubled():
    """R1-AUX-04 (with R1-LOC-05): only the "single or double" icon allows a double."""
    s = aux_at(space="A", cleared=AUX_DISCS)
    assert offered(s, "aux") == {(n, False) for n in range(1, 6)}
    s = aux_at(space="G", cleared=AUX_DISCS)
    assert offered(s, "aux") == {(n, False) for n in range(1, 6)}
    assert {(n, True) for n in range(1, 6)} <= offered(s)


def test_auxiliary_money_gains_1_or_2_dollars():
    """R1-AUX-05"""
    s = aux(aux_at(cleared=["AUX-GAIN"], money=10), 1)
    assert s["players"][0]["money"] == 11
    s = aux(aux_at(cleared=["AUX-GAIN"], money=10), 1, double=True)
    assert s["players"][0]["money"] == 12


def test_auxiliary_draw_draws_one_then_discards_one_which_may_be_the_drawn_card():
    """R1-AUX-06"""
    s = new()
    set_hand(s, 0, ["p0-jersey-1", "p0-jersey-2"])
    move_card(s, "p0-guernsey-1", 0, "draw")
    s = at_location(s, 0, "A")
    s = aux(s, 2, kind="aux")
    assert top(s) == "discard"
    assert s["players"][0]["hand"] == ["p0-jersey-1", "p0-jersey-2", "p0-guernsey-1"]
    assert {m["card"] for m in moves(s)} == {"p0-jersey-1", "p0-guernsey-1"}
    s = play(s, "discard guernsey")
    p = s["players"][0]
    assert (p["hand"], p["discard"]) == (["p0-jersey-1", "p0-jersey-2"], ["p0-guernsey-1"])
    assert top(s) == "loc"


def test_double_auxiliary_draw_draws_two_then_discards_two():
    """R1-AUX-06"""
    s = new()
    set_hand(s, 0, ["p0-jersey-1"])
    move_card(s, "p0-guernsey-1", 0, "draw")
    move_card(s, "p0-dutch_belt-1", 0, "draw")
    clear_discs(s, 0, ["AUX-DRAW"])
    s = at_location(s, 0, "G")
    s = aux(s, 2, double=True)
    assert sorted(s["players"][0]["hand"]) == ["p0-dutch_belt-1", "p0-guernsey-1", "p0-jersey-1"]
    s = play(s, "discard jersey")
    assert top(s) == "discard"
    s = play(s, "discard dutch-belt")
    p = s["players"][0]
    assert (p["hand"], p["discard"]) == (["p0-guernsey-1"], ["p0-jersey-1", "p0-dutch_belt-1"])
    assert top(s) == "loc"


def test_auxiliary_certificate_pays_1_moves_back_1_and_gains_1_certificate():
    """R1-AUX-07"""
    s = aux_at(space="A", cleared=["AUX-BACKCERT-1"], engine_at="3", money=5)
    s = aux(s, 3, kind="aux", to="2")
    p = s["players"][0]
    assert (p["money"], p["engine"], engine.view(s, 0)["players"][0]["certificates"]) == (4, "2", 1)


def test_double_auxiliary_certificate_pays_2_moves_back_2_and_gains_2_certificates():
    """R1-AUX-07: "up to 2" certificates are taken in full (at most to the limit)."""
    s = aux_at(cleared=["AUX-BACKCERT-1", "AUX-BACKCERT-2"], engine_at="3", money=5)
    s = aux(s, 3, double=True, to="1")
    p = s["players"][0]
    assert (p["money"], p["engine"], p["cert"]) == (3, "1", 2)
    s = aux_at(cleared=["AUX-BACKCERT-1", "AUX-BACKCERT-2"], engine_at="3", money=5)
    s["players"][0]["cert"] = 2
    s = aux(s, 3, double=True, to="1")
    assert engine.view(s, 0)["players"][0]["certificates"] == 3  # the limit is 3


def test_auxiliary_certificate_needs_its_dollar():
    """R1-AUX-07"""
    s = aux_at(cleared=["AUX-BACKCERT-1", "AUX-BACKCERT-2"], engine_at="3", money=1)
    assert (3, False) in offered(s)
    assert (3, True) not in offered(s)
    s = aux_at(cleared=["AUX-BACKCERT-1", "AUX-BACKCERT-2"], engine_at="3", money=0)
    assert 3 not in {a for a, _ in offered(s)}


def test_auxiliary_engine_pays_1_for_one_space_or_2_for_up_to_two_spaces():
    """R1-AUX-08"""
    s = aux_at(cleared=["AUX-FWD-1", "AUX-FWD-2"], engine_at="3", money=5)
    assert {m["to"] for m in moves(s, aux=4, double=False)} == {"4"}
    assert {m["to"] for m in moves(s, aux=4, double=True)} == {"4", "4.5", "5"}
    p = aux(s, 4, to="4")["players"][0]
    assert (p["money"], p["engine"]) == (4, "4")
    p = aux(s, 4, double=True, to="5")["players"][0]
    assert (p["money"], p["engine"]) == (3, "5")
    s = aux_at(cleared=["AUX-FWD-1", "AUX-FWD-2"], engine_at="3", money=0)
    assert 4 not in {a for a, _ in offered(s)}


def test_auxiliary_remove_moves_back_1_then_removes_a_hand_card_from_the_game():
    """R1-AUX-09"""
    s = aux_at(space="A", cleared=["AUX-REMOVE-1"], engine_at="3")
    s = aux(s, 5, kind="aux", to="2")
    assert s["players"][0]["engine"] == "2"
    assert top(s) == "remove"
    s = play(s, "remove jersey")
    p = s["players"][0]
    assert p["removed"] == ["p0-jersey-1"]
    assert "p0-jersey-1" not in p["hand"] + p["draw"] + p["discard"]
    assert engine.view(s, 1)["players"][0]["removed"][0]["id"] == "p0-jersey-1"
    assert top(s) == "loc"


def test_double_auxiliary_remove_moves_back_2_and_removes_two_hand_cards():
    """R1-AUX-09"""
    s = aux_at(cleared=["AUX-REMOVE-1", "AUX-REMOVE-2"], engine_at="3")
    s = aux(s, 5, double=True, to="1")
    s = play(s, "remove jersey")
    s = play(s, "remove black-angus")
    p = s["players"][0]
    assert (p["engine"], p["removed"]) == ("1", ["p0-jersey-1", "p0-black_angus-1"])
    assert p["hand"] == ["p0-dutch_belt-1", "OBJ-05"]


def test_any_hand_card_may_be_removed_and_the_removal_may_be_cut_short():
    """R1-AUX-10"""
    s = aux_at(cleared=["AUX-REMOVE-1", "AUX-REMOVE-2"], engine_at="3")
    s = aux(s, 5, double=True, to="1")
    assert {m["card"] for m in moves(s, type="remove")} == set(HAND)
    s = play(s, "remove OBJ-05")
    assert moves(s, type="pass") == [{"type": "pass"}]
    s = play(s, "pass")
    p = s["players"][0]
    assert p["removed"] == ["OBJ-05"]
    assert len(p["hand"]) == 3
    assert top(s) == "loc"


def test_an_auxiliary_action_whose_backward_move_is_impossible_cannot_be_chosen():
    """R1-AUX-11"""
    s = aux_at(cleared=AUX_DISCS, engine_at="0")
    assert offered(s) == {(1, False), (1, True), (2, False), (2, True), (4, False), (4, True)}
    s = aux_at(cleared=AUX_DISCS, engine_at="1")
    assert (3, False) in offered(s)
    assert (3, True) not in offered(s)
    assert (5, True) not in offered(s)


def test_clearing_an_aux_disc_space_by_a_station_upgrade_unlocks_that_action_at_once():
    """R1-AUX-12: on G, the engine stops on the S1 turnout; the AUX-FWD-1 disc goes onto
    the station and G's auxiliary icon then offers the engine action."""
    s = new()
    s["players"][0]["engine"] = "4"
    s["players"][0]["money"] = 10
    s = at_location(s, 0, "G")
    assert 4 not in {a for a, _ in offered(s)}
    s = play(s, "engine to 4.5")
    s = play(s, "upgrade S1")
    s = play(s, "disc AUX-FWD-1")
    assert top(s) == "loc"  # no hired worker: no station master choice
    assert (4, False) in offered(s)
    assert (4, True) not in offered(s)
    assert engine.view(s, 0)["players"][0]["aux_levels"]["4"] == 1

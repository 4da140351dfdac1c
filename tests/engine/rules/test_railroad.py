"""Moving the engine along the railroad track, turnouts and space 39 (R1-ENGINE-*;
fact sheet §7.1)."""

from __future__ import annotations

from engine.data import railroad as rr
from tests.engine.helpers import (
    at_location,
    clear_discs,
    decide,
    give_worker,
    moves,
    new,
    play,
    put_tile,
    top,
)


def engine_move(
    space: str = "C",
    engineers: int = 1,
    at: str = "0",
    others: tuple[str, ...] = (),
    money: int = 30,
    players: int = 2,
):
    """Seat 0 on ``space`` with its engine on ``at``; the other seats' engines on ``others``."""
    s = new(players)
    give_worker(s, 0, "engineer", engineers - 1)
    s["players"][0]["engine"] = at
    for seat, where in enumerate(others, 1):
        s["players"][seat]["engine"] = where
    s["players"][0]["money"] = money
    return at_location(s, 0, space)


def dests(state, ident: str = "engine") -> set[str]:
    return {m["to"] for m in moves(state, id=ident)}


def aux_dests(state, aux: int, double: bool = False, kind: str = "action") -> set[str]:
    return {m["to"] for m in moves(state, type=kind, aux=aux, double=double)}


def with_aux(discs: list[str], at: str, others: tuple[str, ...] = (), money: int = 30):
    """Seat 0 on neutral G (single or double auxiliary action) with ``discs`` cleared."""
    s = new(3 if len(others) > 1 else 2)
    clear_discs(s, 0, discs)
    s["players"][0]["engine"] = at
    for seat, where in enumerate(others, 1):
        s["players"][seat]["engine"] = where
    s["players"][0]["money"] = money
    return at_location(s, 0, "G")


AUX_ALL = [
    "AUX-BACKCERT-1",
    "AUX-BACKCERT-2",
    "AUX-FWD-1",
    "AUX-FWD-2",
    "AUX-REMOVE-1",
    "AUX-REMOVE-2",
]


def test_the_engineer_icon_moves_up_to_as_many_spaces_as_there_are_engineers():
    """R1-ENGINE-01"""
    assert dests(engine_move(engineers=1)) == {"1"}
    assert dests(engine_move(engineers=3)) == {"1", "2", "3"}
    assert dests(engine_move(engineers=3, at="10")) == {"10.5", "11", "12", "13"}
    s = play(engine_move(engineers=3), "engine to 3")
    assert s["players"][0]["engine"] == "3"


def test_a_fixed_engine_icon_moves_up_to_its_number_whatever_the_engineers():
    """R1-ENGINE-02"""
    s = new()
    give_worker(s, 0, "engineer", 5)
    put_tile(s, "G-1", "10b", owner=0)  # engine up to 4
    s = at_location(s, 0, "G-1")
    assert dests(s) == {"1", "2", "3", "4"}
    s = new()
    put_tile(s, "F-1", "8a", owner=0)  # engine up to 2
    s = at_location(s, 0, "F-1")
    assert dests(s) == {"1", "2"}


def test_an_engine_moves_at_least_one_space_and_may_stop_short():
    """R1-ENGINE-03"""
    s = engine_move(engineers=4, at="20")
    assert dests(s) == {"21", "21.5", "22", "23", "24"}
    assert "20" not in dests(s)
    s = play(s, "engine to 21")
    assert s["players"][0]["engine"] == "21"


def test_stopping_forfeits_the_rest_of_the_movement():
    """R1-ENGINE-04"""
    s = engine_move(engineers=5, at="3")
    s = play(s, "engine to 4.5")  # 2 of 5 spaces; the turnout ends the move
    assert top(s) == "station"
    s = play(s, "pass")
    assert s["players"][0]["engine"] == "4.5"
    assert moves(s, id="engine") == []
    assert top(s) == "loc"


def test_spaces_occupied_by_other_engines_are_skipped_and_not_counted():
    """R1-ENGINE-05"""
    s = engine_move(engineers=2, at="1", others=("2",))
    assert dests(s) == {"3", "4"}
    s = engine_move(engineers=2, at="1", others=("2", "3"), players=3)
    assert dests(s) == {"4", "5", "4.5"}


def test_the_starting_space_holds_any_number_of_engines():
    """R1-ENGINE-06"""
    s = engine_move(at="0", others=("0", "0", "0"), players=4)
    assert dests(s) == {"1"}
    # moving back onto the starting space is possible although other engines stand there
    s = with_aux(["AUX-REMOVE-1"], at="1", others=("0",))
    assert aux_dests(s, 5, kind="aux") == {"0"}


def test_a_turnout_is_one_more_space_between_the_two_spaces_it_branches_from():
    """R1-ENGINE-07 R1-ENGINE-17"""
    assert dests(engine_move(engineers=1, at="4")) == {"5", "4.5"}
    assert dests(engine_move(engineers=1, at="4.5")) == {"5"}
    assert dests(engine_move(engineers=2, at="3")) == {"4", "4.5", "5"}


def test_a_turnout_blocked_by_another_engine_cannot_be_entered():
    """R1-ENGINE-07"""
    s = engine_move(engineers=1, at="4", others=("4.5",))
    assert dests(s) == {"5"}


def test_passing_through_a_turnout_costs_one_extra_space():
    """R1-ENGINE-08: N -> T -> N+1 is two spaces, N -> N+1 one."""
    s = engine_move(engineers=2, at="4")
    assert dests(s) == {"4.5", "5", "6"}
    s = engine_move(engineers=2, at="4", others=("5",))
    # 5 is skipped: 4 -> 6 is one space, 4 -> 4.5 -> 6 two, 4 -> 6 -> 7 two
    assert dests(s) == {"4.5", "6", "7"}


def test_the_rulebook_engine_example():
    """R1-ENGINE-09: 3 engineers, from space 1, red engine on 3: Mary reaches 5, or could
    stop on the turnout branching off space 4."""
    s = engine_move(engineers=3, at="1", others=("3",))
    assert dests(s) == {"2", "4", "4.5", "5"}
    assert play(s, "engine to 5")["players"][0]["engine"] == "5"
    s = play(s, "engine to 4.5")
    assert s["players"][0]["engine"] == "4.5"
    assert top(s) == "station"


def test_moving_one_space_past_an_engine_directly_ahead():
    """R1-ENGINE-10"""
    s = engine_move(engineers=1, at="1", others=("2",))
    assert dests(s) == {"3"}


def test_backward_movement_skips_occupied_spaces_and_may_stop_on_a_turnout():
    """R1-ENGINE-11"""
    s = with_aux(["AUX-REMOVE-1"], at="5")
    assert aux_dests(s, 5, kind="aux") == {"4", "4.5"}
    s = with_aux(["AUX-REMOVE-1"], at="5", others=("4",))
    assert aux_dests(s, 5, kind="aux") == {"3", "4.5"}
    s = with_aux(["AUX-REMOVE-1"], at="6", others=("5",))
    assert aux_dests(s, 5, kind="aux") == {"4", "4.5"}
    s = play(s, {"type": "aux", "aux": 5, "double": False, "to": "4.5"})
    assert s["players"][0]["engine"] == "4.5"
    assert top(s) == "station"
    assert [m["type"] for m in moves(s)] == ["upgrade", "pass"]


def test_backward_movement_must_cover_exactly_the_demanded_spaces():
    """R1-ENGINE-12"""
    s = with_aux(AUX_ALL, at="3")
    assert aux_dests(s, 5, double=True) == {"1"}
    assert aux_dests(s, 3, double=True) == {"1"}
    s = with_aux(AUX_ALL, at="3", others=("2",))
    assert aux_dests(s, 5, double=True) == {"0"}
    # the turnout counts backwards too: two spaces back from 5 are 3 (via 4) or 4 (via 4.5)
    s = with_aux(AUX_ALL, at="5")
    assert aux_dests(s, 5, double=True) == {"3", "4"}


def test_backward_actions_are_impossible_from_the_start_or_too_close_to_it():
    """R1-ENGINE-13"""
    s = with_aux(AUX_ALL, at="0")
    assert aux_dests(s, 3) == aux_dests(s, 5) == set()
    assert aux_dests(s, 4) == {"1"}
    s = with_aux(AUX_ALL, at="1")
    assert aux_dests(s, 5) == {"0"}
    assert aux_dests(s, 5, double=True) == set()
    assert aux_dests(s, 3, double=True) == set()
    s = with_aux(AUX_ALL, at="2", others=("1",))
    assert aux_dests(s, 5, double=True) == set()


def test_an_engine_moved_backwards_still_faces_forward_for_transport_costs():
    """R1-ENGINE-14: after moving back from 6 to 5 the nose is on 5, one cross short of
    Colorado Springs (crest at 6)."""
    s = with_aux(["AUX-REMOVE-1"], at="6")
    s = play(s, {"type": "aux", "aux": 5, "double": False, "to": "5"})
    s = play(s, "pass")  # nothing removed
    s["players"][0]["money"] = 10
    s = decide(s, 0, "kc_deliver", bv=6)
    s = play(s, "deliver COS")
    s = play(s, "disc AUX-GAIN")
    assert s["players"][0]["money"] == 9


def test_reaching_space_39_ends_the_move_then_the_engine_goes_back_for_3_dollars():
    """R1-ENGINE-15"""
    s = engine_move(space="G", engineers=3, at="38", money=3)
    assert dests(s) == {"39"}
    s = play(s, "engine to 39")
    assert top(s) == "station"
    assert moves(s) == [{"type": "upgrade", "station": "S10"}, {"type": "pass"}]
    s = play(s, "upgrade S10")
    s = play(s, "disc AUX-FWD-1")
    assert s["players"][0]["money"] == 0
    assert s["stations"]["S10"] == [0]
    assert top(s) == "back39"
    s = play(s, "engine to 33.5")
    assert s["players"][0]["engine"] == "33.5"
    assert s["players"][0]["money"] == 3
    # the turnout reached this way may be upgraded at once, but S9 costs $5
    assert top(s) == "loc"
    # a later visit to space 39: S10 already holds the disc, straight to the move back
    s["players"][0]["money"] = 10
    s["players"][0]["engine"] = "38"
    s = play(at_location(s, 0, "C"), "engine to 39")
    assert top(s) == "back39"


def test_after_space_39_a_turnout_may_be_upgraded_with_the_3_dollars():
    """R1-ENGINE-15"""
    s = engine_move(space="G", engineers=2, at="37", money=2)
    s = play(s, "engine to 39")  # S10 costs $3: no upgrade decision
    assert top(s) == "back39"
    s = play(s, "engine to 4.5")
    assert s["players"][0]["money"] == 5
    assert top(s) == "station"
    s = play(s, "upgrade S1")
    s = play(s, "disc AUX-FWD-1")
    assert s["players"][0]["money"] == 3
    assert s["stations"]["S1"] == [0]


def test_the_move_back_from_space_39_goes_to_any_free_space():
    """R1-ENGINE-16: any free numbered or turnout space behind, however far."""
    s = engine_move(space="G", engineers=1, at="38", others=("21.5",), money=0)
    s = play(s, "engine to 39")
    back = [m["to"] for m in moves(s)]
    free = [sp for sp in rr.SPACES if sp not in ("39", "21.5")]
    assert sorted(back, key=float) == sorted(free, key=float)
    assert len(back) == 39 + 9 - 1
    s = play(s, "engine to 0")
    assert s["players"][0]["engine"] == "0"
    assert s["players"][0]["money"] == 3


def test_an_engine_on_a_turnout_continues_to_the_next_numbered_space():
    """R1-ENGINE-17 R1-ENGINE-08"""
    s = engine_move(engineers=3, at="16.5")
    assert dests(s) == {"17", "18", "19"}

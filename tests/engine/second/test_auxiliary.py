"""The auxiliary actions of the 2nd edition (R2-AUX-01..03, R2-SAME-07)."""

from __future__ import annotations

import engine
from tests.engine import helpers as h
from tests.engine.second.helpers import new


def _at_location(discs: list[str], engine_at: str = "6") -> engine.State:
    state = new()
    h.clear_discs(state, 0, discs)
    state["players"][0]["engine"] = engine_at
    h.set_hand(state, 0, ["p0-p1-1", "p0-p1-2", "p0-p2_green-1", "p0-p2_black-1"])
    return h.at_location(state, 0, "A")


def test_the_remove_action_also_pays_a_dollar_single_and_two_double():
    """R2-AUX-01: engine back 1 then $1 and remove 1; double: back 2, $2, remove 2."""
    state = _at_location(["AUX-REMOVE-1", "AUX-REMOVE-2"])
    money = state["players"][0]["money"]
    single = {"type": "aux", "aux": 5, "double": False, "to": "5"}
    assert single in engine.legal_moves(state, 0)
    assert engine.price(state, 0, single)["gains"] == {"money": 1}
    state = h.play(state, single)
    assert state["players"][0]["money"] == money + 1
    assert h.top(state) == "remove"
    state = h.play(state, {"type": "remove", "card": "p0-p1-1"})
    assert state["players"][0]["removed"] == ["p0-p1-1"]

    state = _at_location(["AUX-REMOVE-1", "AUX-REMOVE-2"])
    h.decide(state, 0, "once", specs=[{"id": "aux", "kind": "aux", "double": True}])
    double = {"type": "action", "id": "aux", "aux": 5, "double": True, "to": "4"}
    assert double in engine.legal_moves(state, 0)
    state = h.play(state, double)
    assert state["players"][0]["money"] == money + 2
    state = h.play(state, {"type": "remove", "card": "p0-p1-1"})
    state = h.play(state, {"type": "remove", "card": "p0-p2_green-1"})
    assert len(state["players"][0]["removed"]) == 2


def test_the_money_is_kept_in_full_when_fewer_cards_are_removed():
    """R2-AUX-03: the $1/$2 is a reward taken in full; the removal may be forfeited."""
    state = _at_location(["AUX-REMOVE-1", "AUX-REMOVE-2"])
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "aux", "aux": 5, "double": False, "to": "5"})
    state = h.play(state, "pass")
    assert state["players"][0]["money"] == money + 1
    assert state["players"][0]["removed"] == []
    state = _at_location(["AUX-REMOVE-1"])
    h.set_deck(state, 0, hand=[], draw=["p0-p1-1"])
    h.at_location(state, 0, "A")
    state = h.play(state, {"type": "aux", "aux": 5, "double": False, "to": "5"})
    assert state["players"][0]["money"] == money + 1


def test_the_money_comes_after_the_engine_move_and_its_upgrade():
    """R2-AUX-01 ("move backwards, then gain"): a station offered where the engine stops is
    decided before the dollar is paid."""
    state = _at_location(["AUX-REMOVE-1"], engine_at="5")
    state["players"][0]["money"] = 2
    state = h.play(state, {"type": "aux", "aux": 5, "double": False, "to": "4.5"})
    assert h.top(state) == "station"
    assert state["players"][0]["money"] == 2
    state = h.play(state, "pass")
    assert state["players"][0]["money"] == 3
    assert h.top(state) == "remove"


def test_the_double_engine_action_moves_up_to_two_spaces():
    """R2-AUX-02: pay $2 and move up to 2 spaces forward."""
    state = _at_location(["AUX-FWD-1", "AUX-FWD-2"], engine_at="0")
    h.decide(state, 0, "once", specs=[{"id": "aux", "kind": "aux", "double": True}])
    doubles = {m["to"] for m in h.moves(state, aux=4, double=True)}
    assert doubles == {"1", "2"}


def test_the_other_auxiliary_actions_are_unchanged():
    """R2-SAME-07: $1 (single), draw 1 and discard 1."""
    state = _at_location([])
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "aux", "aux": 1, "double": False})
    assert state["players"][0]["money"] == money + 1
    state = _at_location([])
    state = h.play(state, {"type": "aux", "aux": 2, "double": False})
    assert state["stack"][-1] == {"t": "discard", "n": 1}

"""Exchange tokens used by the player to move (R2-EXCH-01..08, the in-turn part of
R2-EXCH-09 and R2-TURN-01; R2-SAME-17)."""

from __future__ import annotations

import pytest

import engine
from engine.data.second import player_board
from engine.rules import scoring
from tests.engine import helpers as h
from tests.engine.second.helpers import new


def _cards(seat: int, breed: str, n: int) -> list[str]:
    return [f"p{seat}-{breed}-{i}" for i in range(1, n + 1)]


def test_building_12b_gains_an_exchange_token():
    """R2-EXCH-01, R2-EXCH-04: the local action of private building 12b."""
    state = new()
    h.put_tile(state, "A-1", "12b", owner=0)
    h.at_location(state, 0, "A-1")
    state = h.play(state, {"type": "action", "id": "exchange-token"})
    assert state["players"][0]["exchange_tokens"] == 2


def test_using_a_token_draws_up_to_two_then_discards_as_many():
    """R2-EXCH-02: back to the bank, draw 2, discard 2 (of any hand cards)."""
    state = new()
    h.set_deck(
        state,
        0,
        hand=_cards(0, "p1", 4),
        draw=["p0-p2_green-1", "p0-p2_black-1", "p0-p2_white-1"],
    )
    h.in_phase_a(state, 0, "A")
    assert h.moves(state, 0, type="exchange") == [
        {"type": "exchange", "n": 1},
        {"type": "exchange", "n": 2},
    ]
    state = h.play(state, "exchange 2")
    p = state["players"][0]
    assert p["exchange_tokens"] == 0
    assert sorted(p["hand"]) == sorted([*_cards(0, "p1", 4), "p0-p2_green-1", "p0-p2_black-1"])
    assert h.top(state) == "exchange_discard"
    moves = engine.legal_moves(state, 0)
    assert {m["type"] for m in moves} == {"discard"}
    state = h.play(state, {"type": "discard", "card": "p0-p2_green-1"})
    state = h.play(state, {"type": "discard", "card": "p0-p1-1"})
    p = state["players"][0]
    assert len(p["hand"]) == 4
    assert p["discard"] == ["p0-p2_green-1", "p0-p1-1"]
    assert h.top(state) == "phase_a"


def test_a_token_drawing_one_card_discards_one():
    """R2-EXCH-02: "up to 2": one card drawn, one discarded."""
    state = new()
    h.set_deck(state, 0, hand=_cards(0, "p1", 4), draw=["p0-p2_green-1"])
    h.in_phase_a(state, 0, "A")
    assert h.moves(state, 0, type="exchange") == [{"type": "exchange", "n": 1}]
    state = h.play(state, "exchange 1")
    assert state["stack"][-1] == {"t": "exchange_discard", "n": 1}


def test_tokens_can_be_used_in_the_middle_of_an_action_and_several_in_a_row():
    """R2-EXCH-03: between the steps of an action (here: buying cattle), one after another."""
    state = new()
    state["players"][0]["exchange_tokens"] = 2
    state["players"][0]["money"] = 30
    h.at_location(state, 0, "E")
    state = h.play(state, {"type": "action", "id": "buy"})
    assert h.top(state) == "buy"
    for left in (1, 0):
        state = h.play(state, "exchange 1")
        discard = h.moves(state, 0, type="discard")[0]
        state = h.play(state, discard)
        assert h.top(state) == "buy"
        assert state["players"][0]["exchange_tokens"] == left
    assert h.moves(state, 0, type="exchange") == []


def test_the_bank_never_runs_out_of_tokens():
    """R2-EXCH-05, R2-EDGE-01: beyond the 12 in the box."""
    state = new()
    for p in state["players"]:
        p["exchange_tokens"] = player_board.EXCHANGE_TOKENS
    h.put_tile(state, "A-1", "12b", owner=0)
    h.at_location(state, 0, "A-1")
    state = h.play(state, {"type": "action", "id": "exchange-token"})
    assert sum(p["exchange_tokens"] for p in state["players"]) == 2 * 12 + 1


def test_drawing_for_a_token_reshuffles_only_when_the_draw_stack_is_empty():
    """R2-EXCH-06, R2-SAME-17 (R1-DRAW-04): the discard pile becomes the draw stack only when
    a card must be drawn from an empty one."""
    state = new()
    h.set_deck(
        state,
        0,
        hand=_cards(0, "p1", 4),
        draw=["p0-p2_green-1"],
        discard=["p0-p2_black-1", "p0-p2_white-1"],
    )
    h.in_phase_a(state, 0, "A")
    state = h.play(state, "exchange 2")
    p = state["players"][0]
    assert "p0-p2_green-1" in p["hand"]
    assert len(p["hand"]) == 6
    assert p["discard"] == []
    assert len(p["draw"]) == 1
    assert engine.move_revealed(state)


def test_tokens_are_worth_no_points():
    """R2-EXCH-07."""
    state = new()
    before = scoring.score_player(state, 0)
    state["players"][0]["exchange_tokens"] = 9
    assert scoring.score_player(state, 0) == before


def test_a_token_before_income_changes_the_hand_that_is_paid():
    """R2-EXCH-08: in Kansas City, before income, the new hand is the one revealed."""
    state = new()
    h.set_deck(state, 0, hand=_cards(0, "p1", 4), draw=["m5-1", "m4-1"])
    h.in_kansas_city(state, 0, 4)
    assert h.top(state) == "kc_income"
    state = h.play(state, "exchange 2")
    state = h.play(state, {"type": "discard", "card": "p0-p1-1"})
    state = h.play(state, {"type": "discard", "card": "p0-p1-2"})
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "income", "certificates": 0})
    assert state["players"][0]["money"] == money + 1 + 4 + 5


def test_tokens_are_offered_at_every_decision_of_the_seat_to_move():
    """R2-EXCH-09, R2-TURN-01 (in turn): before the first-turn discard, at the start, in
    phase A, at a location, inside actions and Kansas City; the other seats only get their
    own tokens out of turn; never without a token or once the game is over."""
    state = new(3, 4)
    seen: set[str] = set()
    for step in range(400):
        if engine.is_over(state):
            break
        seat = engine.current_player(state)
        p = state["players"][seat]
        p["exchange_tokens"] = 1 if step % 3 else 0
        exchanges = h.moves(state, seat, type="exchange")
        drawable = len(p["draw"]) + len(p["discard"])
        inside = h.top(state) == "exchange_discard"
        if p["exchange_tokens"] and drawable and not inside:
            assert exchanges
            seen.add(h.top(state))
        else:
            assert exchanges == []
        for other in range(3):
            if other != seat:  # out of turn: their tokens only (test_out_of_turn.py)
                q = state["players"][other]
                can = q["exchange_tokens"] and len(q["draw"]) + len(q["discard"])
                assert {m["type"] for m in engine.legal_moves(state, other)} == (
                    {"exchange"} if can else set()
                )
        moves = [m for m in engine.legal_moves(state, seat) if m["type"] != "exchange"]
        state = engine.apply(state, seat, moves[(step * 7) % len(moves)])
    assert {"first", "phase_a", "loc", "kc_income"} <= seen
    state["over"] = True
    state["players"][0]["exchange_tokens"] = 3
    assert engine.legal_moves(state, 0) == []


def test_a_tokens_draw_and_its_discards_are_one_step():
    """R2-EXCH-09: no other token (nor anything else) between a token's draw and discards."""
    state = new()
    state["players"][0]["exchange_tokens"] = 3
    h.in_phase_a(state, 0, "A")
    state = h.play(state, "exchange 2")
    for _ in range(2):
        moves = engine.legal_moves(state, 0)
        assert {m["type"] for m in moves} == {"discard"}
        state = h.play(state, moves[0])
    assert h.moves(state, 0, type="exchange")


def test_exchange_notation_and_price():
    """The exchange move's notation and price (docs/moves.md)."""
    state = new()
    h.in_phase_a(state, 0, "A")
    move = {"type": "exchange", "n": 2}
    assert engine.describe(state, 0, move) == "exchange 2"
    assert engine.parse_move(state, 0, "Exchange 2") == move
    assert engine.price(state, 0, move)["gains"] == {"exchange_tokens": -1}


@pytest.mark.parametrize("seat", [1, 2])
def test_a_token_may_be_used_before_the_first_turn_discard(seat: int):
    """R2-EXCH-09: also before the player's own first-turn discard."""
    state = new(3)
    h.decide(state, seat, "first")
    state["stack"].append({"t": "first_discard", "n": seat})
    assert h.moves(state, seat, type="exchange")
    state = h.play(state, "exchange 2")
    assert h.top(state) == "exchange_discard"
    state = h.play(state, h.moves(state, seat, type="discard")[0])
    state = h.play(state, h.moves(state, seat, type="discard")[0])
    assert h.top(state) == "first_discard"


def test_a_token_after_income_changes_neither_the_total_nor_the_income():
    """R2-EXCH-09: the total breeding value is fixed when the income is taken."""
    state = new()
    h.set_deck(state, 0, hand=_cards(0, "p1", 4), draw=["m5-1", "m4-1", "m3_red-1"])
    h.in_kansas_city(state, 0, 4)
    state = h.play(state, {"type": "income", "certificates": 0})
    assert h.top(state) == "kc_deliver"
    money = state["players"][0]["money"]
    state = h.play(state, "exchange 2")
    assert sorted(state["players"][0]["hand"]) == ["m4-1", "m5-1"]
    for _ in range(2):
        state = h.play(state, h.moves(state, 0, type="discard")[0])
    assert state["stack"][-1] == {"t": "kc_deliver", "bv": 1}
    assert {m["city"] for m in h.moves(state, 0, type="deliver")} == {"KAN", "FUL"}
    assert state["players"][0]["money"] == money

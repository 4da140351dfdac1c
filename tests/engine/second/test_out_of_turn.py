"""Exchange tokens used out of turn (R2-TURN-01, R2-EXCH-03, R2-EXCH-09; the 1st edition's
R1-TURN-05 for contrast).

A seat that is not to move may use a token whenever the game is running; the token's draw
and its discards are that seat's own step, kept outside the main decision stack
(``state["side"]``): the seat to move is never blocked by it, while the seat itself may do
nothing else first, even once its own turn has begun. Once the game is over nothing is
owed any more.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import bots, flow
from engine.simulate import play_game
from engine.state import State
from tests.engine import helpers, invariants

OPTIONS = {"layout": "beginner", "simmental": False}
EXCHANGE_2 = {"type": "exchange", "n": 2}


def new(players: int = 3, seed: int = 1) -> State:
    return engine.new_game(players, seed, "2e", OPTIONS)


def drawn_by(state: State, seat: int, n: int) -> list[str]:
    """The cards ``seat`` draws next (its draw stack holds enough)."""
    draw = state["players"][seat]["draw"]
    assert len(draw) >= n
    return list(reversed(draw[-n:]))


def discard_all(state: State, seat: int) -> State:
    """``seat`` makes the discards it owes (the first card offered each time)."""
    while engine.side_decision(state, seat) is not None:
        state = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    return state


def bot_turn(state: State, kind: str = "heuristic") -> State:
    """The seat to move plays its whole turn (bot moves) until another seat is to move."""
    seat = engine.current_player(state)
    while engine.current_player(state) == seat:
        state = engine.apply(state, seat, bots.choose_move(state, seat, kind, rng=1))
    return state


def test_r2_turn_01_a_seat_not_to_move_may_use_a_token():
    """R2-TURN-01, R2-EXCH-03: while seat 0 is to move, seat 1 uses its token: it draws 2
    cards (R2-EXCH-02) and owes 2 discards; the seat to move stays seat 0, whose decision
    and moves are exactly what they were."""
    state = new()
    assert engine.current_player(state) == 0
    assert engine.legal_moves(state, 1) == [
        {"type": "exchange", "n": 1},
        {"type": "exchange", "n": 2},
    ]
    hand = list(state["players"][1]["hand"])
    cards = drawn_by(state, 1, 2)
    after = engine.apply(state, 1, EXCHANGE_2)
    p = after["players"][1]
    assert p["exchange_tokens"] == 0
    assert p["hand"] == hand + cards
    assert engine.side_decision(after, 1) == {"kind": "discard", "n": 2, "drawn": 2}
    assert engine.move_revealed(after)
    assert after["seq"] == state["seq"] + 1
    assert engine.current_player(after) == 0
    assert after["stack"] == state["stack"]
    assert engine.legal_moves(after, 0) == engine.legal_moves(state, 0)
    invariants.check_turn_contract(after)
    invariants.check_state(after)


def test_r2_exch_09_a_tokens_draw_and_discards_are_one_step():
    """R2-EXCH-09: between a token's draw and its discards the seat may do nothing else, not
    even use another token; the discards go to its discard pile and then nothing is owed
    (``state["side"]`` is gone) and its other token may be used."""
    state = new()
    state["players"][1]["exchange_tokens"] = 2
    after = engine.apply(state, 1, EXCHANGE_2)
    legal = engine.legal_moves(after, 1)
    assert legal
    assert {m["type"] for m in legal} == {"discard"}
    for move in (EXCHANGE_2, {"type": "exchange", "n": 1}):
        with pytest.raises(engine.IllegalMove) as refused:
            engine.apply(after, 1, move)
        assert refused.value.code == "illegal_move"
    first = legal[0]
    once = engine.apply(after, 1, first)
    assert engine.side_decision(once, 1) == {"kind": "discard", "n": 1, "drawn": 2}
    assert once["players"][1]["discard"][-1] == first["card"]
    done = discard_all(once, 1)
    assert "side" not in done
    assert len(done["players"][1]["hand"]) == len(state["players"][1]["hand"])
    assert len(done["players"][1]["discard"]) == len(state["players"][1]["discard"]) + 2
    assert engine.legal_moves(done, 1) == [{"type": "exchange", "n": 1}, EXCHANGE_2]


def test_r2_exch_03_the_seat_to_move_plays_on_while_another_owes_discards():
    """R2-EXCH-03, R2-TURN-01: seat 1's pending discards never block seat 0, which plays its
    whole turn; seat 1 may discard at any point meanwhile, and other seats may use their
    own tokens too."""
    state = engine.apply(new(), 1, EXCHANGE_2)
    state = engine.apply(state, 2, {"type": "exchange", "n": 1})
    assert engine.side_decision(state, 2) == {"kind": "discard", "n": 1, "drawn": 1}
    state = engine.apply(state, 0, engine.legal_moves(state, 0)[0])  # start on a building
    state = discard_all(state, 2)
    assert engine.current_player(state) == 0
    state = bot_turn(state)
    assert engine.current_player(state) == 1
    assert engine.side_decision(state, 1) == {"kind": "discard", "n": 2, "drawn": 2}


def test_r2_exch_09_owed_discards_come_first_when_the_seats_turn_begins():
    """R2-EXCH-09, R2-SETUP-11: seat 1 still owes its discards when its first turn begins:
    they come first and block its main decision; then its first-turn discard brings its
    hand down to 4, the token's cards not counted twice."""
    state = engine.apply(new(), 1, EXCHANGE_2)
    assert len(state["players"][1]["hand"]) == 7
    state = bot_turn(state)
    assert engine.current_player(state) == 1
    legal = engine.legal_moves(state, 1)
    assert {m["type"] for m in legal} == {"discard"}
    view = engine.view(state, 1)
    assert view["decision"]["kind"] == "first_discard"
    assert view["players"][1]["side_decision"] == {"kind": "discard", "n": 2, "drawn": 2}
    invariants.check_turn_contract(state)
    state = discard_all(state, 1)
    assert len(state["players"][1]["hand"]) == 5
    assert engine.view(state, 1)["decision"] == {"seat": 1, "kind": "first_discard", "n": 1}
    state = engine.apply(state, 1, engine.legal_moves(state, 1)[0])
    assert len(state["players"][1]["hand"]) == 4
    assert {m["type"] for m in engine.legal_moves(state, 1)} == {"start"}  # token used


def test_r2_exch_09_owed_discards_come_first_in_a_later_turn_too():
    """R2-EXCH-09: in a later turn (phase A), owed discards come before the move too."""
    state = new(2, 3)
    while state["players"][1]["herder"] is None or engine.current_player(state) != 0:
        state = bot_turn(state)
    state["players"][1]["exchange_tokens"] = 1
    state = engine.apply(state, 1, EXCHANGE_2)
    state = bot_turn(state)
    assert engine.current_player(state) == 1
    assert {m["type"] for m in engine.legal_moves(state, 1)} == {"discard"}
    assert helpers.top(state) == "phase_a"
    state = discard_all(state, 1)
    assert {m["type"] for m in engine.legal_moves(state, 1)} >= {"move"}


def test_r2_exch_09_no_token_after_the_end_and_owed_discards_are_dropped():
    """R2-EXCH-09: once the game is over no seat has a move, and discards still owed are
    dropped: the drawn cards stay in the hand, which changes no score."""
    state = new(2, 5)
    while not (state["end"] is not None and not state["end"]["remaining"]):
        state = bot_turn(state)
    last = engine.current_player(state)
    other = 1 - last
    state["players"][other]["exchange_tokens"] = 1
    cards = drawn_by(state, other, 2)  # no reshuffle: the games' chance stays the same
    plain = state
    exchanged = engine.apply(state, other, EXCHANGE_2)
    rest = []
    while not engine.is_over(plain):
        move = bots.choose_move(plain, last, "heuristic", rng=1)
        rest.append(move)
        plain = engine.apply(plain, last, move)
    for move in rest:
        exchanged = engine.apply(exchanged, last, move)
    assert engine.is_over(exchanged)
    assert "side" not in exchanged
    assert set(cards) <= set(exchanged["players"][other]["hand"])
    assert engine.scores(exchanged) == engine.scores(plain)
    for seat in (0, 1):
        assert engine.legal_moves(exchanged, seat) == []
        with pytest.raises(engine.IllegalMove) as refused:
            engine.apply(exchanged, seat, EXCHANGE_2)
        assert refused.value.code == "game_over"
    invariants.check_turn_contract(exchanged)


def _after_income(state: State, seat: int) -> State:
    helpers.in_kansas_city(state, seat, subphase=4)
    assert helpers.top(state) == "kc_income"
    return engine.apply(state, seat, engine.legal_moves(state, seat)[0])


def test_r2_exch_09_a_token_after_the_income_changes_neither_total_nor_income():
    """R2-EXCH-09: in Kansas City the total breeding value is fixed when the income is
    taken: a token used after it, by the seat in Kansas City (in turn) or by another seat
    (out of turn), changes neither that total nor the income."""
    state = _after_income(new(2, 2), 0)
    assert helpers.top(state) == "kc_deliver"
    bv, money = state["stack"][-1]["bv"], state["players"][0]["money"]
    deliveries = engine.legal_moves(state, 0)

    in_turn = engine.apply(state, 0, EXCHANGE_2)
    assert len(in_turn["players"][0]["hand"]) == 2
    while helpers.top(in_turn) != "kc_deliver":
        in_turn = engine.apply(in_turn, 0, engine.legal_moves(in_turn, 0)[0])
    assert in_turn["stack"][-1]["bv"] == bv
    assert in_turn["players"][0]["money"] == money
    assert [m for m in engine.legal_moves(in_turn, 0) if m["type"] == "deliver"] == [
        m for m in deliveries if m["type"] == "deliver"
    ]

    out_of_turn = discard_all(engine.apply(state, 1, EXCHANGE_2), 1)
    assert out_of_turn["stack"] == state["stack"]
    assert out_of_turn["players"][0] == state["players"][0]
    assert engine.legal_moves(out_of_turn, 0) == deliveries


def test_r2_turn_01_others_see_that_discards_are_owed_never_which_cards():
    """R2-TURN-01: every view shows that seat 1 owes discards and how many cards it drew;
    only seat 1 sees the cards (in its hand); the decision shown stays seat 0's."""
    state = new()
    cards = drawn_by(state, 1, 2)
    state = engine.apply(state, 1, EXCHANGE_2)
    for viewer in (None, 0, 1, 2):
        view = engine.view(state, viewer)
        assert view["players"][1]["side_decision"] == {"kind": "discard", "n": 2, "drawn": 2}
        assert view["players"][0]["side_decision"] is None
        assert view["decision"]["seat"] == 0
        text = json.dumps(view)
        for cid in cards:
            assert (cid in text) == (viewer == 1), (viewer, cid)
    assert engine.view(state, 0)["players"][1]["hand"] == {"count": 7}
    invariants.check_views(state, 1)


def test_r2_turn_01_notation_parsing_and_price_of_side_moves():
    """R2-TURN-01: a seat not to move writes and reads its moves like any other (``exchange
    2``, ``discard <card>``); they cost nothing but the token; a seat without a token has
    nothing to write out of turn."""
    state = new()
    assert engine.describe(state, 1, EXCHANGE_2) == "exchange 2"
    assert engine.parse_move(state, 1, "Exchange  2") == EXCHANGE_2
    price = engine.price(state, 1, EXCHANGE_2)
    assert price == {"cost": None, "cost_text": "", "gains": {"exchange_tokens": -1}}
    after = engine.apply(state, 1, EXCHANGE_2)
    for move in engine.legal_moves(after, 1):
        assert engine.parse_move(after, 1, engine.describe(after, 1, move)) == move
        engine.price(after, 1, move)
    with pytest.raises(engine.IllegalMove) as refused:
        engine.parse_move(after, 1, "exchange 1")
    assert refused.value.code == "unknown_move"
    state["players"][2]["exchange_tokens"] = 0
    with pytest.raises(engine.IllegalMove) as refused:
        engine.parse_move(state, 2, "exchange 2")
    assert refused.value.code == "not_your_turn"


def test_r2_turn_01_only_a_seat_of_the_game_and_only_its_own_moves():
    """R2-TURN-01: no seat outside the game acts; a seat without a token has nothing to do
    out of turn; refused moves change nothing."""
    state = new()
    state["players"][2]["exchange_tokens"] = 0
    before = json.dumps(state, sort_keys=True)
    for seat in (-1, 3, 7, "1", None, 2):
        assert engine.legal_moves(state, seat) == []  # type: ignore[arg-type]
        with pytest.raises(engine.IllegalMove) as refused:
            engine.apply(state, seat, EXCHANGE_2)  # type: ignore[arg-type]
        assert refused.value.code == "not_your_turn"
    after = engine.apply(state, 1, EXCHANGE_2)
    with pytest.raises(engine.IllegalMove):
        engine.apply(after, 2, engine.legal_moves(after, 1)[0])
    assert json.dumps(state, sort_keys=True) == before


def test_r2_turn_01_replay_rebuilds_a_game_with_moves_out_of_turn():
    """R2-TURN-01: the moves out of turn are ordinary (seat, move) pairs of the record:
    ``engine.replay`` rebuilds the same state, and ``to_json`` round-trips it."""
    state = new()
    record: list[tuple[int, dict]] = []
    for seat, move in [(1, EXCHANGE_2), (0, engine.legal_moves(state, 0)[2])]:
        record.append((seat, move))
        state = engine.apply(state, seat, move)
    record.append((1, engine.legal_moves(state, 1)[0]))
    state = engine.apply(state, 1, record[-1][1])
    assert engine.replay(3, 1, record, "2e", OPTIONS) == state
    assert engine.from_json(json.loads(json.dumps(engine.to_json(state)))) == state


def test_r2_turn_01_bots_make_owed_discards_and_nothing_else_out_of_turn():
    """R2-TURN-01: a bot asked for a seat that owes discards makes one; a seat that is not
    to move and owes nothing gets no move from a bot."""
    state = new()
    for kind in bots.KINDS:
        with pytest.raises(engine.IllegalMove):
            bots.choose_move(state, 1, kind)
    state = engine.apply(state, 1, EXCHANGE_2)
    for kind in bots.KINDS:
        move = bots.choose_move(state, 1, kind, rng=3)
        assert move in engine.legal_moves(state, 1)
        assert move["type"] == "discard"


def test_r1_turn_05_in_the_1st_edition_nobody_acts_out_of_turn():
    """R1-TURN-05: in the 1st edition no seat but the one to move has a move, and its views
    have no side decisions."""
    state = engine.new_game(3, 1)
    for seat in (1, 2):
        assert engine.legal_moves(state, seat) == []
        with pytest.raises(engine.IllegalMove) as refused:
            engine.apply(state, seat, {"type": "exchange", "n": 2})
        assert refused.value.code == "not_your_turn"
        assert refused.value.message == f"It is seat 0's decision, not seat {seat}'s."
        assert engine.side_decision(state, seat) is None
    assert "side_decision" not in engine.view(state, 1)["players"][1]


def test_r2_turn_01_the_simulator_uses_tokens_out_of_turn_reproducibly():
    """R2-TURN-01: ``play_game(..., out_of_turn=p)`` lets seats that are not to move use
    tokens (its own PRNG, so the same seed plays the same game); the record replays."""
    first = play_game(3, 11, ["random"] * 3, OPTIONS, "2e", out_of_turn=0.2)
    again = play_game(3, 11, ["random"] * 3, OPTIONS, "2e", out_of_turn=0.2)
    assert first.moves == again.moves
    state = engine.new_game(3, 11, "2e", OPTIONS)
    out_of_turn = 0
    for seat, move in first.moves:
        out_of_turn += seat != engine.current_player(state)
        flow.apply_in_place(state, seat, move)
    assert out_of_turn > 0
    assert state == first.state
    plain = play_game(3, 11, ["random"] * 3, OPTIONS, "2e")
    assert plain.moves == play_game(3, 11, ["random"] * 3, OPTIONS, "2e", out_of_turn=0).moves

"""The bots: legal, deterministic, blind to hidden information, and the heuristic one wins."""

from __future__ import annotations

import copy

import pytest

import engine
from engine import bots, flow, simulate
from engine import rng as prng
from engine.state import State


def _play_until(state: State, moves: int, kind: str = "random") -> State:
    for _ in range(moves):
        if engine.is_over(state):
            break
        seat = engine.current_player(state)
        flow.apply_in_place(state, seat, bots.choose_move(state, seat, kind, rng=7))
    return state


def _positions(seed: int, players: int = 3) -> list[State]:
    """Game states at various points, each with a decision pending."""
    out = []
    state = engine.new_game(players, seed, options={"layout": "random"})
    for _ in range(40):
        state = _play_until(state, 9)
        if engine.is_over(state):
            break
        out.append(copy.deepcopy(state))
    return out


def _scramble_hidden(state: State, salt: int) -> State:
    """The same public position with other hidden information: other seats' hands swapped
    with their draw piles, every face-down stack reordered, another PRNG state."""
    other = copy.deepcopy(state)
    r = prng.seed_state(salt)
    me = other["current"]
    for p in other["players"]:
        if p["seat"] != me:
            cards = p["hand"] + p["draw"]
            prng.shuffle(r, cards)
            p["hand"], p["draw"] = cards[: len(p["hand"])], cards[len(p["hand"]) :]
        else:
            prng.shuffle(r, p["draw"])  # a player knows what is in its draw pile, not the order
    for key in ("market_stack", "objective_stack"):
        prng.shuffle(r, other[key])
    for stack in other["supply"].values():
        prng.shuffle(r, stack)
    other["rng"] = prng.seed_state(salt + 1)
    return other


@pytest.mark.parametrize("kind", bots.KINDS)
def test_the_bots_choose_legal_moves_deterministically(kind):
    for state in _positions(5):
        seat = engine.current_player(state)
        move = bots.choose_move(state, seat, kind, rng=3)
        assert move in engine.legal_moves(state, seat)
        assert bots.choose_move(copy.deepcopy(state), seat, kind, rng=3) == move


@pytest.mark.parametrize("kind", bots.KINDS)
def test_the_bots_do_not_read_hidden_information(kind):
    """Changing only what the seat cannot see never changes its move."""
    for i, state in enumerate(_positions(11)):
        seat = engine.current_player(state)
        move = bots.choose_move(state, seat, kind, rng=3)
        assert bots.choose_move(_scramble_hidden(state, i), seat, kind, rng=3) == move


def test_the_random_bot_depends_on_its_seed_and_can_use_a_caller_owned_generator():
    state = next(s for s in _positions(3) if len(engine.legal_moves(s, s["current"])) >= 3)
    seat = engine.current_player(state)
    n = len(engine.legal_moves(state, seat))
    picks = {bots.random_index(state, seat, n, seed) for seed in range(50)}
    assert len(picks) > 1
    gen_a, gen_b = prng.seed_state(9), prng.seed_state(9)
    assert bots.choose_move(state, seat, "random", rng=gen_a) == bots.choose_move(
        state, seat, "random", rng=gen_b
    )
    assert gen_a == gen_b != prng.seed_state(9)  # advanced in place, identically


def test_choose_move_refuses_a_seat_without_a_decision_and_unknown_bots():
    state = engine.new_game(2, 1)
    with pytest.raises(engine.IllegalMove):
        bots.choose_move(state, 1)
    with pytest.raises(ValueError, match="unknown bot"):
        bots.choose_move(state, 0, "genius")


def test_the_heuristic_bot_beats_the_random_bot():
    wins, margin, games = 0, 0, 6
    for g in range(games):
        table = ["heuristic", "random"] if g % 2 == 0 else ["random", "heuristic"]
        record = simulate.play_game(2, 100 + g, table)
        scores = [s["total"] for s in record.scores]
        h = table.index("heuristic")
        wins += scores[h] > scores[1 - h]
        margin += scores[h] - scores[1 - h]
    assert wins == games
    assert margin / games > 15


def test_a_heuristic_four_player_game_ends():
    """Its speed is measured by bench/engine.py (the heuristic bot line), not here."""
    record = simulate.play_game(4, 9, ["heuristic"] * 4)
    assert engine.is_over(record.state)


def test_simulate_prints_the_summary(capsys):
    assert simulate.main(["--players", "2", "--games", "2", "--bots", "heuristic,random"]) == 0
    out = capsys.readouterr().out
    for text in ("games played     2", "average moves", "seat 0", "seat 1", "moves per second"):
        assert text in out
    assert "bot heuristic" in out

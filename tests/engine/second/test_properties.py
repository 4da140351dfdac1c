"""Property tests of the 2nd edition: random legal 2e games, played to the end, never break
the engine contract (the 1st edition's are in ``tests/engine/test_invariants.py``).

Hypothesis draws the game (seed, 2-4 players, layout) and the seed of the random choices;
the default run plays a few dozen games (each test's example count is below), ``pytest
--slow`` ten times as many.  Checked (``tests/engine/invariants.py``, which reads the game's
edition): conservation of cattle and objective cards, of the 94 supply tiles (outlaws
included) and of each player's 14 discs after every move; money and exchange tokens never
negative (R2-EXCH-05: the bank's tokens are unlimited, so only a player's count is kept);
legal moves for the seat to move, and for the others only out of turn (R2-TURN-01: random
games use exchange tokens out of turn now and then, and leave some discards owed into the
owner's own turn); every listed move applies, illegal ones change nothing; JSON round
trip, ``engine.replay`` equal to move-by-move play, ``apply`` equal to in-place play;
notation round trips; views hide hands, draw piles, stack orders, the seed and the PRNG;
the bots play legal moves to the end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import bots, flow
from engine.state import State
from tests.engine import invariants
from tests.engine.properties import (
    MAX_MOVES,
    check_listed_moves,
    check_notation_round_trips,
    check_round_trip_and_replay,
    checkpoints_of,
    examples,
    random_moves,
)

games = st.fixed_dictionaries(
    {
        "players": st.sampled_from((2, 3, 4)),
        "seed": st.integers(min_value=0, max_value=2**63 - 1),
        "layout": st.sampled_from(("beginner", "random")),
        "simmental": st.booleans(),
        "choices": st.integers(min_value=0, max_value=2**32 - 1),
    }
)


def options(game: dict) -> dict:
    """With and without the Simmental variant (R2-SIMM-01)."""
    return {"layout": game["layout"], "simmental": game["simmental"]}


def new_state(game: dict) -> State:
    return engine.new_game(game["players"], game["seed"], "2e", options(game))


# How often a seat that is not to move uses an exchange token in a random game (R2-TURN-01).
OUT_OF_TURN = 0.05


def next_seat(state: State, chooser: random.Random) -> int:
    """The seat that moves next in a random game: mostly the seat to move; now and then
    another seat acting out of turn (R2-TURN-01, R2-EXCH-03): one owing discards for its
    token (half the time, so that some are still owed when its own turn begins or the game
    ends), or one using a token while the game waits for someone else's decision."""
    current = engine.current_player(state)
    assert current is not None
    others = [s for s in range(state["num_players"]) if s != current]
    owing = [s for s in others if engine.side_decision(state, s) is not None]
    if owing and chooser.random() < 0.5:
        return chooser.choice(owing)
    if chooser.random() < OUT_OF_TURN:
        able = [s for s in others if s not in owing and engine.legal_moves(state, s)]
        if able:
            return chooser.choice(able)
    return current


def random_game(game: dict, state: State | None = None) -> Iterator[tuple[State, int, dict]]:
    """Play a random legal 2e game in place, exchange tokens out of turn included; yield
    (state before the move, seat, move)."""
    state = new_state(game) if state is None else state
    yield from random_moves(state, random.Random(game["choices"]), next_seat)


def play_through(game: dict) -> tuple[State, list[tuple[int, dict]]]:
    state = new_state(game)
    moves = [(seat, move) for _, seat, move in random_game(game, state)]
    assert engine.is_over(state)
    return state, moves


@examples(12)
@given(games)
def test_random_2e_games_conserve_everything_and_always_end(game):
    """R2-SETUP-01, R2-OUTLAW-01, R2-EXCH-05: cards, tiles (outlaws included) and discs
    are conserved after every move; money and exchange tokens never go negative."""
    n_moves = 0
    for state, _, _ in random_game(game):
        invariants.check_state(state)
        invariants.check_turn_contract(state)
        if n_moves % 11 == 0:
            invariants.check_independent_copy(state)
        n_moves += 1
    assert 0 < n_moves < MAX_MOVES


def simmental_minded(chooser: random.Random, legal: list[dict]) -> dict:
    """A random choice that mostly takes what the Simmental variant adds (buying Calves,
    upgrading them, pairs of Simmentals) and heads for Kansas City, so that the variant's
    rules run often in a random game."""
    keen = [
        m
        for m in legal
        if m["type"] == "simmental"
        or str(m.get("option", "")).startswith("BUY-SIM")
        or m.get("id") == "buy"
        or m["type"] == "market_draw"
        or "second" in m
        or (m["type"] == "move" and m["to"] == "KC")
    ]
    return chooser.choice(keen if keen and chooser.random() < 0.8 else legal)


@examples(6)
@given(games)
def test_2e_simmental_games_that_upgrade_often_conserve_everything(game):
    """R2-SIMM-03/06/11/12/16: with the variant and a player keen on it, every card stays
    accounted for after every move (the Heifer and Cow stacks, the cards returned to the box
    on removed piles), only Calves reach the market, views count the stacks, and the game
    ends."""
    state = engine.new_game(
        game["players"], game["seed"], "2e", {**options(game), "simmental": True}
    )
    chooser = random.Random(game["choices"])
    for i in range(MAX_MOVES):
        if engine.is_over(state):
            break
        invariants.check_state(state)
        if i % 25 == 0:
            invariants.check_views(state, game["seed"])
        seat = engine.current_player(state)
        flow.apply_in_place(state, seat, simmental_minded(chooser, engine.legal_moves(state, seat)))
    assert engine.is_over(state)
    invariants.check_state(state)
    invariants.check_views(state, game["seed"])


@examples(6)
@given(games, st.integers(min_value=5, max_value=40))
def test_2e_views_conserve_components_and_hide_secrets(game, every):
    state = new_state(game)
    for i, _ in enumerate(random_game(game, state)):
        if i % every == 0:
            invariants.check_views(state, game["seed"])
    assert engine.is_over(state)
    invariants.check_views(state, game["seed"])
    assert engine.view(state, None)["scores"] == engine.scores(state)


@examples(5)
@given(games, st.integers(min_value=15, max_value=60))
def test_every_listed_2e_move_applies_and_illegal_moves_change_nothing(game, every):
    for i, (state, seat, _) in enumerate(random_game(game)):
        if i % every == 0:
            check_listed_moves(state, seat, i)


@examples(5)
@given(games, st.integers(min_value=10, max_value=60))
def test_2e_notation_round_trips_for_every_legal_move(game, every):
    for i, (state, seat, _) in enumerate(random_game(game)):
        if i % every == 0:
            check_notation_round_trips(state, seat)


@examples(6)
@given(games)
def test_2e_json_round_trip_and_replay_rebuild_the_game(game):
    checkpoints = checkpoints_of(random_game(game), random.Random(game["choices"] ^ 1), 0.01)
    final, moves = play_through(game)
    checkpoints.append((len(moves), final))
    check_round_trip_and_replay(
        checkpoints,
        moves,
        lambda prefix: engine.replay(game["players"], game["seed"], prefix, "2e", options(game)),
    )


@examples(4)
@given(games)
def test_2e_apply_and_in_place_application_agree(game):
    copied = new_state(game)
    state = new_state(game)
    for _, seat, move in random_game(game, state):
        assert copied == state
        copied = engine.apply(copied, seat, move)
    assert copied == state


@examples(4)
@given(games, st.sampled_from(("heuristic", "random")))
def test_2e_bot_games_end_and_conserve(game, kind):
    state = new_state(game)
    for _ in range(MAX_MOVES):
        if engine.is_over(state):
            break
        seat = engine.current_player(state)
        move = bots.choose_move(state, seat, kind, rng=game["choices"])
        assert move in engine.legal_moves(state, seat)
        flow.apply_in_place(state, seat, move)
        invariants.check_state(state)
    assert engine.is_over(state)
    assert any(s["winner"] for s in engine.scores(state))

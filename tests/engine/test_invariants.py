"""Property tests: random legal games, played to the end, never break the engine contract.

Hypothesis draws the game (seed, player count, layout) and the seed of the random choices;
a failure shrinks to a small reproducible case.  The default run plays a few hundred games
(each test's example count is below); ``pytest --slow`` multiplies every count by ten.

What is checked (see ``invariants.py`` for the individual checks):

* conservation of cattle cards, objective cards, the 94 supply tiles and each player's 14
  discs — from the state after every move, and from every seat's view at sampled points;
* money never negative; every game ends within a bounded number of moves;
* legal moves exist exactly for the seat whose decision is pending; each listed move applies;
* illegal moves (mutated legal moves, wrong seats, garbage) raise ``IllegalMove`` and leave
  the state unchanged;
* to_json/from_json round-trips, the state survives ``json.dumps``, ``engine.replay`` of the
  move list rebuilds the state, and ``describe``/``parse_move`` round-trip every legal move;
* views hide other hands, draw piles, stack orders, the seed and the PRNG.
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
    assert_refused,
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
        "choices": st.integers(min_value=0, max_value=2**32 - 1),
    }
)


def new_state(game: dict) -> State:
    return engine.new_game(game["players"], game["seed"], options={"layout": game["layout"]})


def random_game(game: dict, state: State | None = None) -> Iterator[tuple[State, int, dict]]:
    """Play a random legal game in place (on ``state`` if given, so that the caller keeps
    the final state); yield (state before the move, seat, move) for each move."""
    state = new_state(game) if state is None else state
    yield from random_moves(state, random.Random(game["choices"]))


def play_through(game: dict) -> tuple[State, list[tuple[int, dict]]]:
    """The final state and the moves of the game ``random_game`` plays."""
    state = new_state(game)
    moves = [(seat, move) for _, seat, move in random_game(game, state)]
    assert engine.is_over(state)
    return state, moves


# --- the tests ------------------------------------------------------------------------------


@examples(60)
@given(games)
def test_random_games_conserve_everything_and_always_end(game):
    """Cards, tiles and discs are conserved after every move; money never goes negative;
    the state copy made by engine.apply is a true deep copy."""
    n_moves = 0
    for state, _, _ in random_game(game):
        invariants.check_state(state)
        invariants.check_turn_contract(state)
        if n_moves % 7 == 0:
            invariants.check_independent_copy(state)
        n_moves += 1
    assert 0 < n_moves < MAX_MOVES


@examples(25)
@given(games, st.integers(min_value=5, max_value=40))
def test_views_conserve_components_and_hide_secrets(game, every):
    """Every seat's view and the spectator's, at sampled points and at the end."""
    state = new_state(game)
    for i, _ in enumerate(random_game(game, state)):
        if i % every == 0:
            invariants.check_views(state, game["seed"])
    assert engine.is_over(state)
    invariants.check_views(state, game["seed"])
    view = engine.view(state, None)
    assert view["over"]
    assert view["current_player"] is None
    assert view["scores"] == engine.scores(state)


@examples(25)
@given(games, st.integers(min_value=10, max_value=60))
def test_every_listed_move_applies_and_illegal_moves_change_nothing(game, every):
    for i, (state, seat, _) in enumerate(random_game(game)):
        if i % every:
            continue
        legal = check_listed_moves(state, seat, i)
        n = state["num_players"]
        for other in (s for s in range(n) if s != seat):
            assert_refused(state, other, legal[0])
        for wrong in (-1, n, 99):
            assert_refused(state, wrong, legal[0])


@examples(25)
@given(games, st.integers(min_value=10, max_value=60))
def test_notation_round_trips_for_every_legal_move(game, every):
    for i, (state, seat, _) in enumerate(random_game(game)):
        if i % every == 0:
            check_notation_round_trips(state, seat)


@examples(40)
@given(games)
def test_json_round_trip_and_replay_rebuild_the_game(game):
    checkpoints = checkpoints_of(random_game(game), random.Random(game["choices"] ^ 1), 0.02)
    final, moves = play_through(game)
    checkpoints.append((len(moves), final))
    options = {"layout": game["layout"]}
    check_round_trip_and_replay(
        checkpoints,
        moves,
        lambda prefix: engine.replay(game["players"], game["seed"], prefix, options=options),
    )


@examples(20)
@given(games)
def test_apply_and_in_place_application_agree(game):
    """engine.apply (a copy per move) and the in-place path used by replay give one game."""
    copied = new_state(game)
    state = new_state(game)
    for _, seat, move in random_game(game, state):
        assert copied == state
        copied = engine.apply(copied, seat, move)
    assert copied == state


@examples(15)
@given(games, st.sampled_from(("heuristic", "random")))
def test_bot_games_end_and_conserve(game, kind):
    """The bots only ever choose legal moves, and their games end too."""
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
    scores = engine.scores(state)
    assert len(scores) == game["players"]
    assert any(s["winner"] for s in scores)

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

import copy
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

import engine
from engine import bots, flow
from engine.state import State
from tests.engine import invariants

MAX_MOVES = 3000  # random games take 300-700 moves; a game that does not end is a bug
SCALE = max(1, hsettings.default.max_examples // 100)  # 10 with --slow ("slow" profile)


def examples(n: int) -> hsettings:
    return hsettings(max_examples=n * SCALE)


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
    chooser = random.Random(game["choices"])
    for _ in range(MAX_MOVES):
        if engine.is_over(state):
            return
        seat = engine.current_player(state)
        move = chooser.choice(engine.legal_moves(state, seat))
        yield state, seat, move
        flow.apply_in_place(state, seat, move)
    raise AssertionError(f"game {game} did not end within {MAX_MOVES} moves")


def play_through(game: dict) -> tuple[State, list[tuple[int, dict]]]:
    """The final state and the moves of the game ``random_game`` plays."""
    state = new_state(game)
    moves = [(seat, move) for _, seat, move in random_game(game, state)]
    assert engine.is_over(state)
    return state, moves


def mutations(move: dict) -> Iterator[object]:
    """Moves near a legal one that should not be legal."""
    yield {**move, "type": move["type"] + "-x"}
    yield {**move, "bogus": 1}
    for key, value in move.items():
        if key == "type":
            continue
        if isinstance(value, bool):
            yield {**move, key: not value}
        elif isinstance(value, int):
            yield {**move, key: value + 1000}
        elif isinstance(value, str):
            yield {**move, key: value + "-x"}
        elif isinstance(value, list):
            yield {**move, key: [*value, "nowhere"]}
        yield {k: v for k, v in move.items() if k != key}


GARBAGE: tuple[object, ...] = (
    None,
    42,
    "end",
    [],
    {},
    {"type": None},
    {"type": 7},
    {"type": "teleport"},
    {"type": "end", "extra": [1]},
)


def assert_refused(state: State, seat: int, move: object) -> None:
    """IllegalMove, and neither engine.apply nor the in-place path touched the state."""
    before = copy.deepcopy(state)
    with pytest.raises(engine.IllegalMove):
        engine.apply(state, seat, move)
    assert state == before
    with pytest.raises(engine.IllegalMove):
        flow.apply_in_place(state, seat, move)
    assert state == before, f"a refused move {move!r} changed the state"


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
        legal = engine.legal_moves(state, seat)
        before = copy.deepcopy(state)
        for move in legal:
            after = engine.apply(state, seat, move)
            invariants.check_state(after)
            assert engine.describe(state, seat, move)
        assert state == before, "engine.apply modified the state it was given"
        for bad in mutations(random.Random(i).choice(legal)):
            if bad not in legal:
                assert_refused(state, seat, bad)
        n = state["num_players"]
        for other in (s for s in range(n) if s != seat):
            assert_refused(state, other, legal[0])
        for wrong in (-1, n, 99):
            assert_refused(state, wrong, legal[0])
        for garbage in GARBAGE:
            assert_refused(state, seat, garbage)


@examples(25)
@given(games, st.integers(min_value=10, max_value=60))
def test_notation_round_trips_for_every_legal_move(game, every):
    for i, (state, seat, _) in enumerate(random_game(game)):
        if i % every:
            continue
        for move in engine.legal_moves(state, seat):
            text = engine.describe(state, seat, move)
            assert "\n" not in text
            assert engine.parse_move(state, seat, text) == move, text
        with pytest.raises(engine.IllegalMove):
            engine.parse_move(state, seat, "fly to the moon")


@examples(40)
@given(games)
def test_json_round_trip_and_replay_rebuild_the_game(game):
    checkpoints: list[tuple[int, State]] = []
    chooser = random.Random(game["choices"] ^ 1)
    for i, (state, _, _) in enumerate(random_game(game)):
        if chooser.random() < 0.02:
            checkpoints.append((i, copy.deepcopy(state)))
    final, moves = play_through(game)
    checkpoints.append((len(moves), final))
    options = {"layout": game["layout"]}
    for i, state in checkpoints:
        data = engine.to_json(state)
        assert json.loads(json.dumps(data)) == data
        assert engine.from_json(data) == state
        assert engine.from_json(json.loads(json.dumps(data))) == state
        rebuilt = engine.replay(game["players"], game["seed"], moves[:i], options=options)
        assert rebuilt == state, f"replay of the first {i} moves differs"
    assert engine.replay(game["players"], game["seed"], moves, options=options) == final


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

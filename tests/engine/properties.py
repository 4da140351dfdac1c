"""The property tests' shared machinery, for both editions' random legal games.

``tests/engine/test_invariants.py`` (1st edition) and ``tests/engine/second/test_properties.py``
(2nd edition) draw their games differently (the 2nd edition's random games let seats use
exchange tokens out of turn), but check each position the same way; the checks live here so
that a stricter check reaches both editions at once.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator, Sequence

import pytest
from hypothesis import settings as hsettings

import engine
from engine import flow
from engine.state import State
from tests.engine import invariants

MAX_MOVES = 3000  # random games take 250-700 moves; a game that does not end is a bug
SCALE = max(1, hsettings.default.max_examples // 100)  # 10 with --slow ("slow" profile)

Moves = list[tuple[int, dict]]


def examples(n: int) -> hsettings:
    return hsettings(max_examples=n * SCALE)


def seat_to_move(state: State, chooser: random.Random) -> int:
    seat = engine.current_player(state)
    assert seat is not None
    return seat


def random_moves(
    state: State,
    chooser: random.Random,
    next_seat: Callable[[State, random.Random], int] = seat_to_move,
) -> Iterator[tuple[State, int, dict]]:
    """Play random legal moves on ``state`` in place until the game ends; yield (state before
    the move, seat, move). ``next_seat`` picks who moves (by default the seat to move)."""
    for _ in range(MAX_MOVES):
        if engine.is_over(state):
            return
        seat = next_seat(state, chooser)
        move = chooser.choice(engine.legal_moves(state, seat))
        yield state, seat, move
        flow.apply_in_place(state, seat, move)
    raise AssertionError(f"a random game did not end within {MAX_MOVES} moves")


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


def check_listed_moves(state: State, seat: int, i: int) -> list[dict]:
    """Every move listed for ``seat`` applies to a sound state, is described and priced,
    and leaves the given state untouched; moves near a listed one and garbage are refused
    without a change. Returns the listed moves."""
    legal = engine.legal_moves(state, seat)
    before = copy.deepcopy(state)
    for move in legal:
        invariants.check_state(engine.apply(state, seat, move))
        assert engine.describe(state, seat, move)
        engine.price(state, seat, move)
    assert state == before, "engine.apply modified the state it was given"
    for bad in mutations(random.Random(i).choice(legal)):
        if bad not in legal:
            assert_refused(state, seat, bad)
    for garbage in GARBAGE:
        assert_refused(state, seat, garbage)
    return legal


def check_notation_round_trips(state: State, seat: int) -> None:
    for move in engine.legal_moves(state, seat):
        text = engine.describe(state, seat, move)
        assert "\n" not in text
        assert engine.parse_move(state, seat, text) == move, text
    with pytest.raises(engine.IllegalMove):
        engine.parse_move(state, seat, "fly to the moon")


def check_round_trip_and_replay(
    checkpoints: Sequence[tuple[int, State]], moves: Moves, replay: Callable[[Moves], State]
) -> None:
    """Each checkpoint (moves played, state) survives JSON both ways and is rebuilt by
    replaying its first moves."""
    for i, state in checkpoints:
        data = engine.to_json(state)
        assert json.loads(json.dumps(data)) == data
        assert engine.from_json(data) == state
        assert engine.from_json(json.loads(json.dumps(data))) == state
        assert replay(moves[:i]) == state, f"replay of the first {i} moves differs"


def checkpoints_of(
    positions: Iterator[tuple[State, int, dict]], chooser: random.Random, rate: float
) -> list[tuple[int, State]]:
    """Copies of some positions of a game (about ``rate`` of them), with their move count."""
    return [
        (i, copy.deepcopy(state))
        for i, (state, _, _) in enumerate(positions)
        if chooser.random() < rate
    ]

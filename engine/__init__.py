"""Great Western Trail rules engine: pure, deterministic, no Django.

The public contract (see docs/moves.md for moves and their notation)::

    state = new_game(players=3, seed=42, edition="1e", options={"layout": "beginner"})
    current_player(state) -> int | None
    legal_moves(state, seat) -> list[dict]
    apply(state, seat, move) -> new state (the given one is never modified)
    is_over(state) -> bool
    scores(state) -> list[dict]
    view(state, seat, reveal_all=False) -> dict
    to_json(state) -> dict ; from_json(d) -> state
    describe(state, seat, move) -> str ; parse_move(state, seat, text) -> dict
    move_revealed(state) -> bool   # did the last move reveal hidden information?
"""

from __future__ import annotations

from typing import Any

from engine import flow, notation, setup
from engine import view as _view
from engine.errors import IllegalMove
from engine.rules import scoring
from engine.state import State, copy_state

ENGINE_VERSION = "1e-1"

__all__ = [
    "ENGINE_VERSION",
    "IllegalMove",
    "apply",
    "current_player",
    "describe",
    "from_json",
    "is_over",
    "legal_moves",
    "move_revealed",
    "new_game",
    "parse_move",
    "replay",
    "scores",
    "to_json",
    "view",
]


def new_game(
    players: int, seed: int, edition: str = "1e", options: dict[str, Any] | None = None
) -> State:
    state = setup.new_game(players, seed, edition, options)
    from engine.rules import turn

    turn.start_turn(state, 0)
    flow.advance(state)
    return state


def current_player(state: State) -> int | None:
    return None if state["over"] else state["current"]


def legal_moves(state: State, seat: int) -> list[dict]:
    if state["over"] or seat != state["current"]:
        return []
    return flow.moves_now(state)


def apply(state: State, seat: int, move: dict) -> State:
    new = copy_state(state)
    flow.apply_in_place(new, seat, move)
    return new


def replay(
    players: int,
    seed: int,
    moves: list[tuple[int, dict]],
    edition: str = "1e",
    options: dict[str, Any] | None = None,
) -> State:
    """Rebuild a state from its moves, applying them in place (no copy per move)."""
    state = new_game(players, seed, edition, options)
    for seat, move in moves:
        flow.apply_in_place(state, seat, move)
    return state


def is_over(state: State) -> bool:
    return bool(state["over"])


def scores(state: State) -> list[dict]:
    return scoring.scores(state)


def view(state: State, seat: int | None, reveal_all: bool = False) -> dict:
    return _view.view(state, seat, reveal_all=reveal_all)


def to_json(state: State) -> dict:
    return copy_state(state)


def from_json(data: dict) -> State:
    return copy_state(data)


def describe(state: State, seat: int, move: dict) -> str:
    return notation.describe(state, seat, move)


def parse_move(state: State, seat: int, text: str) -> dict:
    return notation.parse(state, seat, text)


def move_revealed(state: State) -> bool:
    """True when the last move drew a card or tile, refilled a display or shuffled: undo
    may go back to, but not across, such a move."""
    return bool(state["revealed"])

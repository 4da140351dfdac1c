"""Small builders for 2nd edition rule tests, on top of ``tests.engine.helpers`` (which
work for both editions)."""

from __future__ import annotations

from engine.data.second import trail
from engine.state import State
from tests.engine import helpers as h

GREEN = [f"outlaw-green-{i:02d}" for i in range(1, 12)]
ORANGE = [f"outlaw-orange-{i:02d}" for i in range(1, 12)]
SECTION = [s for s, _ in trail.OUTLAW_SPACES]


def new(players: int = 2, seed: int = 1, layout: str = "beginner") -> State:
    """A 2e game past its setup; every player's herder is still off the board."""
    return h.new(players, seed, layout, edition="2e")


def set_section(state: State, tiles: dict[str, str]) -> None:
    """Empty the outlaw section and the hazard sections, then put ``tiles`` (space -> id)."""
    h.clear_trail(state)
    for space, tid in tiles.items():
        h.put_tile(state, space, tid)


def fill_section(state: State, except_: tuple[str, ...] = ()) -> list[str]:
    """Put an outlaw on every outlaw space but ``except_``; the tiles put, in space order."""
    h.clear_trail(state)
    put = []
    pool = GREEN + ORANGE
    for space in SECTION:
        if space not in except_:
            tid = pool.pop()
            h.put_tile(state, space, tid)
            put.append(tid)
    return put

"""Phase A movement: steps, forks, Kansas City stop and hand fees (R1-MOVE-*, R1-FEE-*)."""

from __future__ import annotations

from engine import editions
from engine.components import tile_hands, tile_kind
from engine.state_types import State


def paths(
    state: State, start: str, max_steps: int, allow_kc: bool = True
) -> list[tuple[str, tuple[str, ...]]]:
    """Every (destination, locations passed over) reachable in 1..max_steps steps.

    Only locations count as steps; empty spaces are passed freely and never stopped on
    (R1-MOVE-02/03); Kansas City ends any move (R1-MOVE-08).  Routes through the same
    locations are the same move, however the empty spaces between them are taken."""
    trail = editions.of(state).trail
    successors, kc = trail.successors, trail.KC
    board = state["trail"]
    found: dict[tuple[str, tuple[str, ...]], None] = {}

    def walk(node: str, steps: int, via: tuple[str, ...]) -> None:
        for nxt in successors(node):
            if nxt == kc:
                if allow_kc:
                    found[(nxt, via)] = None
            elif nxt in board:
                found[(nxt, via)] = None
                if steps + 1 < max_steps:
                    walk(nxt, steps + 1, (*via, nxt))
            else:
                walk(nxt, steps, via)

    if max_steps >= 1:
        walk(start, 0, ())
    return list(found)


def fee(state: State, seat: int, space: str) -> tuple[int, int | None]:
    """The hand fee of one location for ``seat`` and who receives it (None = the bank)."""
    cell = state["trail"].get(space)
    if cell is None:
        return 0, None
    owner = cell["owner"]
    if owner == seat:
        return 0, None  # R1-FEE-05
    ed = editions.of(state)
    kind = tile_kind(ed, cell["tile"])
    if kind == "building" and owner is None:
        return 0, None  # neutral buildings show no hands
    rates = ed.player_board.FEES[state["num_players"]]
    amount = sum(rates[h] for h in tile_hands(ed, cell["tile"]))
    return amount, owner


def pay_fees(state: State, seat: int, spaces: list[str]) -> None:
    """Pay location by location in path order, as far as money allows (R1-FEE-09/10/11)."""
    p = state["players"][seat]
    for space in spaces:
        amount, owner = fee(state, seat, space)
        paid = min(amount, p["money"])
        if paid:
            p["money"] -= paid
            if owner is not None:
                state["players"][owner]["money"] += paid


def move_herder(state: State, seat: int, to: str, via: list[str], fees: bool) -> None:
    if fees:
        pay_fees(state, seat, [*via, to])
    state["players"][seat]["herder"] = to

"""Trade with the Indians and remove a hazard (R1-TEEPEE-*, R1-HAZARD-*)."""

from __future__ import annotations

from engine import editions
from engine.components import tile_kind
from engine.move_types import MoveParams
from engine.state import cur
from engine.state_types import State


def trade_options(state: State) -> list[MoveParams]:
    """Any teepee; a negative value must be paid in full (R1-TEEPEE-01..04)."""
    money = cur(state)["money"]
    return [
        {"space": s}
        for s, v in editions.of(state).trail.TEEPEE_SPACES
        if s in state["trail"] and (v >= 0 or money >= -v)
    ]


def trade(state: State, space: str) -> None:
    p = cur(state)
    tid = state["trail"].pop(space)["tile"]
    p["teepees"].append(tid)
    p["money"] += editions.of(state).trail.TEEPEE_VALUE[space]


def hazard_options(state: State, cost: int) -> list[MoveParams]:
    if cost > cur(state)["money"]:
        return []  # R1-HAZARD-03
    ed = editions.of(state)
    return [
        {"space": s}
        for h in ed.trail.HAZARD_TYPES
        for s in ed.trail.HAZARD_SPACES[h]
        if s in state["trail"] and tile_kind(ed, state["trail"][s]["tile"]) == "hazard"
    ]


def remove_hazard(state: State, space: str, cost: int) -> None:
    p = cur(state)
    p["money"] -= cost
    p["hazards"].append(state["trail"].pop(space)["tile"])

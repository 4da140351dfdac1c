"""Trade with the Indians, collect bounty for outlaws and remove a hazard (R1-TEEPEE-*,
R2-OUTLAW-*, R1-HAZARD-*)."""

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
        for s, v in editions.of(state).trail.SECTION_SPACES
        if s in state["trail"] and (v >= 0 or money >= -v)
    ]


def trade(state: State, space: str) -> None:
    p = cur(state)
    tid = state["trail"].pop(space)["tile"]
    p["teepees"].append(tid)
    p["money"] += editions.of(state).trail.SECTION_VALUE[space]


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


def bounty_options(state: State) -> list[MoveParams]:
    """Any outlaw in the outlaw section; none when it is empty (R2-OUTLAW-03/05)."""
    return [{"space": s} for s, _ in editions.of(state).trail.SECTION_SPACES if s in state["trail"]]


def bounty(state: State, space: str) -> None:
    """Collect bounty for an outlaw: the tile is the player's for good (R2-OUTLAW-07), and
    the bonus printed at its space is paid, money or an exchange token, never a cost
    (R2-OUTLAW-03/04, R2-EXCH-04)."""
    trail = editions.of(state).trail
    p = cur(state)
    p["outlaws"].append(state["trail"].pop(space)["tile"])
    p["money"] += trail.SECTION_VALUE[space]
    p["exchange_tokens"] = p["exchange_tokens"] + trail.SECTION_TOKENS.get(space, 0)

"""Placing and replacing private buildings (R1-BUILD-*)."""

from __future__ import annotations

from engine import editions
from engine.move_types import Move, MoveParams
from engine.state import builders, cur, find_frame
from engine.state_types import Frame, State


def _targets(state: State, tile: str, rate: int) -> list[str]:
    ed = editions.of(state)
    buildings = ed.buildings
    p = cur(state)
    seat = state["current"]
    need = buildings.craftsmen(tile)
    have = builders(ed, p)
    out = []
    if need <= have and need * rate <= p["money"]:
        out += [s for s in ed.trail.BUILDING_SPACES if s not in state["trail"]]
    for space in ed.trail.BUILDING_SPACES:
        cell = state["trail"].get(space)
        if cell is None or cell["owner"] != seat:
            continue
        diff = need - buildings.craftsmen(cell["tile"])
        if diff > 0 and diff <= have and diff * rate <= p["money"]:  # R1-BUILD-05/06
            out.append(space)
    return out


def building_choices(state: State, rate: int) -> list[MoveParams]:
    return [{"building": b} for b in cur(state)["buildings"] if _targets(state, b, rate)]


def place_moves(state: State, frame: Frame) -> list[Move]:
    return [
        {"type": "place", "space": s} for s in _targets(state, frame["building"], frame["rate"])
    ]


def place_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    buildings = editions.of(state).buildings
    p = cur(state)
    seat = state["current"]
    tile = frame["building"]
    space = move["space"]
    cell = state["trail"].get(space)
    need = buildings.craftsmen(tile)
    if cell is not None:  # replacement: the old tile leaves the game (R1-BUILD-07)
        need -= buildings.craftsmen(cell["tile"])
        state["removed_tiles"].append(cell["tile"])
        loc = find_frame(state, "loc")
        if loc is not None and loc["space"] == space and p["herder"] == space:
            loc["local"] = False  # R1-EDGE-06: the new tile cannot be used this turn
    p["money"] -= need * frame["rate"]
    p["buildings"].remove(tile)
    state["trail"][space] = {"tile": tile, "owner": seat}

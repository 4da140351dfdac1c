"""Arriving at a location: the phase B decision it queues and the action slots it offers
(R1-LOC-01, R1-LOCAL-04..07).

Both the turn (phase A, the first turn) and the local move actions (R1-MOVE-14/15: phase B
again at the new location) arrive at locations, so this lives apart from either.
"""

from __future__ import annotations

from engine import editions
from engine.component_types import ActionSpec
from engine.rules import kansas_city
from engine.state import push
from engine.state_types import Frame, State


def enter_location(state: State, space: str) -> None:
    """Queue phase B for the location reached (R1-LOC-01)."""
    ed = editions.of(state)
    if space == ed.trail.KC:
        kansas_city.enter(state)
        return
    cell = state["trail"][space]
    own = cell["owner"] == state["current"]
    neutral = cell["owner"] is None and cell["tile"] in ed.buildings.NEUTRAL
    push(
        state,
        "loc",
        space=space,
        tile=cell["tile"],
        local=own or neutral,
        used=[],
        acted=False,
        aux=False,
    )


def location_slots(state: State, frame: Frame) -> list[list[ActionSpec]]:
    """The action slots of the tile of a ``loc`` or ``copy`` frame: its printed slots, plus
    the risk action beside a private building on a risk space (R1-LOCAL-07)."""
    ed = editions.of(state)
    buildings, risk_actions = ed.buildings, ed.trail.RISK_ACTIONS
    slots = list(buildings.slots(frame["tile"]))
    if (
        frame["t"] == "loc"
        and frame["space"] in risk_actions
        and frame["tile"] not in (buildings.NEUTRAL)
    ):
        slots.append([buildings.RISK[risk_actions[frame["space"]]]])  # R1-LOCAL-07
    return slots

"""Placing discs from the player board on cities and stations (R1-KC-25..30, R1-EDGE-03/04)."""

from __future__ import annotations

from engine import editions
from engine.move_types import Move
from engine.state import player
from engine.state_types import Frame, State


def board_discs(state: State, seat: int, corner: str, reserve: int = 0) -> list[str]:
    """Disc spaces whose disc may go to a space of ``corner`` colour now.

    White discs go anywhere, dark ones only to dark spaces unless only dark ones are left
    (R1-EDGE-03).  A hand-limit disc costs $5 on top of ``reserve`` (R1-KC-29/40)."""
    board = editions.of(state).player_board
    spaces = board.DISC_SPACES
    p = player(state, seat)
    left = p["discs"]
    only_dark = all(spaces[d] == "dark" for d in left)
    out = []
    for d in left:
        if spaces[d] == "dark" and corner == "white" and not only_dark:
            continue
        if d.startswith("HAND-") and p["money"] < board.HAND_DISC_COST + reserve:
            continue
        out.append(d)
    return out


def station_fallback(state: State, seat: int, exclude: str | None = None) -> list[str]:
    return [s for s, seats in state["stations"].items() if seat in seats and s != exclude]


def can_place(
    state: State, seat: int, corner: str, reserve: int = 0, target: str | None = None
) -> bool:
    """A disc can be placed: from the board, or else from a station other than ``target``
    (R1-EDGE-04, for city and station spaces alike)."""
    return bool(
        board_discs(state, seat, corner, reserve) or station_fallback(state, seat, exclude=target)
    )


def clear_disc(state: State, seat: int, disc: str) -> None:
    """Clearing a disc space unlocks its ability at once (R1-KC-27..30, R1-STATION-06)."""
    board = editions.of(state).player_board
    p = player(state, seat)
    p["discs"].remove(disc)
    if disc == "STEP-CASH":
        p["money"] += board.STEP_CASH_GAIN
    elif disc.startswith("HAND-"):
        p["money"] -= board.HAND_DISC_COST


def disc_moves(state: State, frame: Frame) -> list[Move]:
    ed = editions.of(state)
    seat = state["current"]
    if frame["target"] == "city":
        corner = ed.cities.CITIES[frame["to"]][2]
    else:
        corner = ed.railroad.STATIONS[frame["to"]][4]
    moves: list[Move] = [
        {"type": "disc", "space": d}
        for d in board_discs(state, seat, corner, reserve=frame["reserve"])
    ]
    if not moves:  # R1-EDGE-04: take one back from a station (delivery or upgrade)
        exclude = frame["to"] if frame["target"] == "station" else None
        moves = [{"type": "disc", "station": s} for s in station_fallback(state, seat, exclude)]
    return moves


def disc_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    seat = state["current"]
    if "space" in move:
        clear_disc(state, seat, move["space"])
    else:
        state["stations"][move["station"]].remove(seat)  # R1-EDGE-04/05
    if frame["target"] == "city":
        state["cities"][frame["to"]].append(seat)
        cities = editions.of(state).cities
        if frame["to"] == cities.LOCAL:
            # R1-KC-33, R1-LOCAL-35: $6 in the 1st edition, $4 in the 2nd (R2-KC-02)
            player(state, seat)["money"] += cities.KAN_MONEY
    else:
        state["stations"][frame["to"]].append(seat)

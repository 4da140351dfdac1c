"""Hiring workers from the job market (R1-HIRE-*)."""

from __future__ import annotations

from engine import editions
from engine.move_types import MoveParams
from engine.state import cur, push, workers
from engine.state_types import State


def hire_options(state: State, mod: int) -> list[MoveParams]:
    """Rows other than the token's (R1-HIRE-02); cost = row cost + modifier, paid in full
    (R1-HIRE-03/04/05); a full row of that type cannot take more (R1-HIRE-10)."""
    ed = editions.of(state)
    board = ed.player_board
    p = cur(state)
    jm = state["job_market"]
    out: list[MoveParams] = []
    for r, cells in enumerate(jm["rows"]):
        if r == jm["token_row"]:
            continue
        cost = board.JOB_ROW_COSTS[r] + mod
        if cost > p["money"]:
            continue
        kinds = {state_tile_type(t) for t in cells if t is not None}
        for kind in ed.tiles.WORKER_KINDS:
            if kind in kinds and workers(p, kind) < board.WORKER_ROW_SPACES:
                out.append({"row": r, "worker": kind})
    return out


def state_tile_type(tid: str) -> str:
    return tid.split("-")[0]


def hire(state: State, row: int, kind: str, mod: int) -> None:
    ed = editions.of(state)
    p = cur(state)
    cells = state["job_market"]["rows"][row]
    col, tid = next(
        (i, t) for i, t in enumerate(cells) if t is not None and state_tile_type(t) == kind
    )
    cells[col] = None
    p["money"] -= ed.player_board.JOB_ROW_COSTS[row] + mod
    p["workers"][kind].append(tid)
    action = ed.player_board.WORKER_SPACE_ACTIONS[kind][workers(p, kind) - 1]
    if action is not None:  # R1-HIRE-09: perform now or forfeit
        push(state, "once", specs=[ed.buildings.WORKER_ACTIONS[action]])

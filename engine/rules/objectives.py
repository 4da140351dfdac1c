"""Objective cards: gaining, playing and their immediate actions (R1-OBJ-01..16)."""

from __future__ import annotations

from engine import editions
from engine.components import is_objective
from engine.move_types import Move
from engine.state import cur, push
from engine.state_types import Frame, State


def gain_options(state: State) -> list[str]:
    """Display cards, or the top of the stack (R1-OBJ-01, R1-EDGE-02)."""
    options = list(state["objective_display"])
    if state["objective_stack"]:
        options.append("stack")
    return options


def take(state: State, card: str, dest: str) -> None:
    p = cur(state)
    if card == "stack":
        cid = state["objective_stack"].pop()
        state["revealed"] = True
    else:
        cid = card
        state["objective_display"].remove(cid)
        if state["objective_stack"]:  # R1-OBJ-02
            state["objective_display"].append(state["objective_stack"].pop())
            state["revealed"] = True
    (p["hand"] if dest == "hand" else p["discard"]).append(cid)


def gain_moves(state: State, frame: Frame) -> list[Move]:
    moves: list[Move] = [{"type": "take_objective", "card": c} for c in gain_options(state)]
    if moves and frame["optional"]:
        moves.append({"type": "pass"})
    return moves


def gain_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    if move["type"] == "take_objective":
        take(state, move["card"], frame["dest"])


def play_moves(state: State) -> list[Move]:
    ed = editions.of(state)
    seen: dict[str, None] = {}
    for c in cur(state)["hand"]:
        if is_objective(ed, c):
            seen[c] = None
    return [{"type": "play_objective", "card": c} for c in seen]


def play(state: State, card: str, in_kansas_city: bool) -> None:
    """Put the card into the objective area, then offer its immediate action (R1-OBJ-06)."""
    ed = editions.of(state)
    p = cur(state)
    p["hand"].remove(card)
    p["objectives"].append(card)
    action = ed.objectives.ALL[card][0]
    if action is None:
        return
    kind, n = ed.objectives.IMMEDIATE[action]
    if kind == "gain":
        p["money"] += n  # a money reward is taken in full (R1-LOCAL-09)
    elif kind == "aux":
        push(state, "once", specs=[ed.buildings.AUX])
    elif kind == "engine":
        push(state, "once", specs=[{"id": "engine", "kind": "engine", "n": n, "pay": 0}])
    elif kind == "draw":
        push(state, "once", specs=[{"id": "draw", "kind": "draw", "n": n}])
    elif kind == "move" and not in_kansas_city:
        # R1-OBJ-08/11: up to 3 steps, no hand fees, never into Kansas City.
        push(
            state,
            "once",
            specs=[{"id": "move", "kind": "move", "n": n, "fees": False, "again": False}],
        )

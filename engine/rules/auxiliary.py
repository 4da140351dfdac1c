"""The five auxiliary actions, single and double (R1-AUX-*, R1-LOC-05)."""

from __future__ import annotations

from engine import editions
from engine.editions import Edition
from engine.move_types import MoveParams
from engine.rules import railroad
from engine.state import cleared, cur, draw_cards, push
from engine.state_types import PlayerState, State


def level(ed: Edition, p: PlayerState, n: int) -> int:
    """0 locked, 1 single, 2 double available (R1-AUX-02/04; aux 1 and 2 have a gray space)."""
    spaces = ed.player_board.AUX_DISCS[n]
    done = sum(1 for d in spaces if cleared(p, d))
    if n in (1, 2):
        return 1 + done
    return done


def aux_moves(state: State, allow_double: bool) -> list[MoveParams]:
    """Parameters of every auxiliary action the current player can take now."""
    ed = editions.of(state)
    seat = state["current"]
    p = cur(state)
    out: list[MoveParams] = []
    for n in range(1, 6):
        top = level(ed, p, n) if allow_double else min(1, level(ed, p, n))
        for times in range(1, top + 1):
            base: MoveParams = {"aux": n, "double": times == 2}
            if n in (1, 2):
                out.append(base)
            elif n == 3 and p["money"] >= times:
                out += [{**base, "to": s} for s in railroad.backward_exact(state, seat, times)]
            elif n == 4 and p["money"] >= times:
                # R1-AUX-08: double moves "2 spaces" with fewer allowed (R1-ENGINE-03).
                out += [
                    {**base, "to": s} for s in railroad.forward_destinations(state, seat, times)
                ]
            elif n == 5:
                out += [{**base, "to": s} for s in railroad.backward_exact(state, seat, times)]
    return out


def perform(state: State, params: MoveParams) -> None:
    seat = state["current"]
    p = cur(state)
    n = params["aux"]
    times = 2 if params["double"] else 1
    if n == 1:
        p["money"] += times
    elif n == 2:
        drawn = draw_cards(state, p, times)
        push(state, "discard", n=drawn)
    elif n == 3:
        p["money"] -= times
        push(state, "effect", kind="certificate", n=times)
        railroad.set_engine(state, seat, params["to"])
    elif n == 4:
        p["money"] -= times
        railroad.set_engine(state, seat, params["to"])
    elif n == 5:
        push(state, "remove", n=times)
        # R2-AUX-01/03: the 2nd edition also pays $1 / $2 after the engine's move (and any
        # upgrade it offers) and before the removal, in full whatever is removed; the 1st
        # edition's table pays nothing.
        money = editions.of(state).player_board.AUX_REMOVE_MONEY[times == 2]
        if money:
            push(state, "effect", kind="gain", n=money)
        railroad.set_engine(state, seat, params["to"])

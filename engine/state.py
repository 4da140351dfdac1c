"""Small helpers over the game state, a plain JSON-ready dict.

The state is a dict of dicts, lists, strings, ints, bools and None only, so that a copy is
one ``marshal`` round trip and ``to_json`` is the identity.  Hidden information (hands, draw
stacks, supply stacks, the PRNG) is in it; only ``engine.view`` decides what a seat sees.
"""

from __future__ import annotations

import marshal
from typing import Any

from engine import rng as prng
from engine.components import is_objective
from engine.data import player_board

State = dict[str, Any]
Frame = dict[str, Any]


def copy_state(state: State) -> State:
    return marshal.loads(marshal.dumps(state))


def player(state: State, seat: int) -> dict[str, Any]:
    return state["players"][seat]


def cur(state: State) -> dict[str, Any]:
    return state["players"][state["current"]]


# --- decision stack -------------------------------------------------------------------


def push(state: State, t: str, **fields: Any) -> Frame:
    frame = {"t": t, **fields}
    state["stack"].append(frame)
    return frame


def top(state: State) -> Frame | None:
    return state["stack"][-1] if state["stack"] else None


def find_frame(state: State, t: str) -> Frame | None:
    for frame in reversed(state["stack"]):
        if frame["t"] == t:
            return frame
    return None


# --- money ------------------------------------------------------------------------------


def gain(p: dict[str, Any], amount: int) -> None:
    p["money"] += amount


def pay(p: dict[str, Any], amount: int) -> None:
    """Pay a cost in full; callers check affordability first (R1-FEE-12)."""
    if amount > p["money"]:
        raise AssertionError("cost not affordable; the move should not have been legal")
    p["money"] -= amount


# --- cards --------------------------------------------------------------------------------


def mark_revealed(state: State) -> None:
    state["revealed"] = True


def draw_cards(state: State, p: dict[str, Any], n: int) -> int:
    """Draw up to ``n`` cards into the hand; reshuffle the discard pile only when a card must
    be drawn from an empty draw stack (R1-DRAW-04/05).  Returns the number drawn."""
    drawn = 0
    for _ in range(n):
        if not p["draw"]:
            if not p["discard"]:
                break  # R1-DRAW-10: play on with fewer cards
            p["draw"] = p["discard"]
            p["discard"] = []
            prng.shuffle(state["rng"], p["draw"])
        p["hand"].append(p["draw"].pop())
        drawn += 1
    if drawn:
        mark_revealed(state)
    return drawn


def discard_card(p: dict[str, Any], cid: str) -> None:
    p["hand"].remove(cid)
    p["discard"].append(cid)


# --- player board ----------------------------------------------------------------------------


def cleared(p: dict[str, Any], disc: str) -> bool:
    return disc not in p["discs"]


def workers(p: dict[str, Any], kind: str) -> int:
    """Workers in a row, the printed one included (R1-HIRE-08)."""
    return 1 + len(p["workers"][kind])


def hand_limit(p: dict[str, Any]) -> int:
    return player_board.HAND_LIMIT_START + sum(1 for d in ("HAND-1", "HAND-2") if cleared(p, d))


def step_limit(state: State, p: dict[str, Any]) -> int:
    n = state["num_players"]
    limit = player_board.STEP_BASE[n]
    if cleared(p, "STEP-CASH"):
        limit += player_board.STEP_CASH_BONUS[n]
    if cleared(p, "STEP-VP"):
        limit += player_board.STEP_VP_BONUS[n]
    return limit


def cert_limit_index(p: dict[str, Any]) -> int:
    """Index on the certificate track of the temporary limit (3, 4 or 6; R1-KC-30)."""
    if cleared(p, "CERT-4"):
        return 5 if cleared(p, "CERT-6") else 4
    return 3


def certificates(p: dict[str, Any]) -> int:
    return player_board.CERT_TRACK[p["cert"]]


def permanent_certificates(p: dict[str, Any]) -> int:
    from engine.data.railroad import STATION_MASTERS

    return sum(1 for sm in p["station_masters"] if STATION_MASTERS[sm][0] == "certificate")


def advance_certificate(p: dict[str, Any], spaces: int) -> None:
    """Move the marker forward; never beyond the temporary limit (R1-LOCAL-14)."""
    p["cert"] = min(p["cert"] + spaces, max(p["cert"], cert_limit_index(p)))


def hand_cattle(p: dict[str, Any]) -> list[str]:
    return [c for c in p["hand"] if not is_objective(c)]

"""Engine movement, station upgrades and station masters (R1-ENGINE-*, R1-STATION-*)."""

from __future__ import annotations

from engine import editions
from engine.editions import Edition
from engine.move_types import Move
from engine.rules import discs
from engine.state import advance_certificate, player, push
from engine.state_types import Frame, State

# Station masters' upper halves that pay money at once (R1-STATION-09, R2-STATION-02); the
# permanent certificates of the others are ``railroad.PERMANENT_CERTIFICATES``.
UPPER_MONEY: dict[str, int] = {"gain2": 2, "gain12": 12}


def _occupied(state: State, seat: int) -> set[str]:
    """Spaces holding another engine; the start space never counts (R1-ENGINE-05/06)."""
    start = editions.of(state).railroad.START
    return {p["engine"] for p in state["players"] if p["seat"] != seat and p["engine"] != start}


def forward_destinations(state: State, seat: int, n: int) -> list[str]:
    """Free spaces reachable moving forward 1..n counted spaces (R1-ENGINE-03/05/07)."""
    forward = editions.of(state).railroad.FORWARD
    occupied = _occupied(state, seat)
    found: dict[str, None] = {}

    def walk(space: str, steps: int) -> None:
        for nxt in forward[space]:
            if nxt in occupied:
                walk(nxt, steps)
                continue
            found[nxt] = None
            if steps + 1 < n:
                walk(nxt, steps + 1)

    if n >= 1:
        walk(player(state, seat)["engine"], 0)
    return sorted(found, key=_order)


def backward_exact(state: State, seat: int, n: int) -> list[str]:
    """Free spaces exactly n counted spaces back (R1-ENGINE-11/12/13)."""
    backward = editions.of(state).railroad.BACKWARD
    occupied = _occupied(state, seat)
    found: dict[str, None] = {}

    def walk(space: str, steps: int) -> None:
        for prev in backward[space]:
            if prev in occupied:
                walk(prev, steps)
            elif steps + 1 == n:
                found[prev] = None
            else:
                walk(prev, steps + 1)

    if n >= 1:
        walk(player(state, seat)["engine"], 0)
    return sorted(found, key=_order)


def backward_any(state: State, seat: int) -> dict[str, int]:
    """Every free space behind the engine -> numbered spaces moved back.

    Skipped occupied spaces and turnouts do not count (R1-LOCAL-31)."""
    rr = editions.of(state).railroad
    backward, is_turnout = rr.BACKWARD, rr.is_turnout
    occupied = _occupied(state, seat)
    found: dict[str, int] = {}

    def walk(space: str, k: int) -> None:
        for prev in backward[space]:
            if prev in occupied:
                walk(prev, k)
                continue
            kk = k if is_turnout(prev) else k + 1
            if prev not in found or found[prev] < kk:
                found[prev] = kk
            walk(prev, kk)

    walk(player(state, seat)["engine"], 0)
    return found


def _order(space: str) -> float:
    return float(space)


def set_engine(state: State, seat: int, to: str) -> None:
    """Move the engine and queue what stopping there offers: a turnout's upgrade, or the
    space-39 sequence (upgrade S10, then back to any free space for $3; R1-ENGINE-15)."""
    rr = editions.of(state).railroad
    player(state, seat)["engine"] = to
    if to == rr.LAST:
        push(state, "back39")
        push(state, "station", station="S10")
    elif rr.is_turnout(to):
        push(state, "station", station=rr.STATION_AT[to])


def upgrade_cost(ed: Edition, station: str) -> int:
    return ed.railroad.STATIONS[station][2]


def can_upgrade(state: State, seat: int, station: str) -> bool:
    """R1-STATION-02/03: not upgraded by this player yet, cost payable, a disc to place
    (from the board, or else from another station, R1-EDGE-04)."""
    if seat in state["stations"][station]:
        return False
    ed = editions.of(state)
    cost = upgrade_cost(ed, station)
    if player(state, seat)["money"] < cost:
        return False
    corner = ed.railroad.STATIONS[station][4]
    return discs.can_place(state, seat, corner, reserve=cost, target=station)


def upgrade(state: State, seat: int, station: str) -> None:
    ed = editions.of(state)
    p = player(state, seat)
    cost = upgrade_cost(ed, station)
    p["money"] -= cost
    if ed.railroad.STATIONS[station][5]:
        push(state, "sm", station=station)
    push(state, "disc", target="station", to=station, reserve=0)


def stations_behind(state: State, seat: int) -> list[str]:
    """Stations whose turnout lies behind the engine (building 9b, R1-LOCAL-28)."""
    here = float(player(state, seat)["engine"])
    return [
        s
        for s, info in editions.of(state).railroad.STATIONS.items()
        if float(info[0]) < here and can_upgrade(state, seat, s)
    ]


# --- frames ------------------------------------------------------------------------------


def station_moves(state: State, frame: Frame) -> list[Move]:
    if not can_upgrade(state, state["current"], frame["station"]):
        return []
    return [{"type": "upgrade", "station": frame["station"]}, {"type": "pass"}]


def station_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    if move["type"] == "upgrade":
        upgrade(state, state["current"], frame["station"])


def back39_moves(state: State, frame: Frame) -> list[Move]:
    spaces = sorted(backward_any(state, state["current"]), key=_order)
    return [{"type": "engine", "to": s} for s in spaces]


def back39_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    rr = editions.of(state).railroad
    seat = state["current"]
    p = player(state, seat)
    p["engine"] = move["to"]
    p["money"] += 3
    if rr.is_turnout(move["to"]):
        push(state, "station", station=rr.STATION_AT[move["to"]])


def sm_moves(state: State, frame: Frame) -> list[Move]:
    """R1-STATION-07/08: appoint a hired worker from the rightmost occupied space of a row."""
    if not state["station_masters"].get(frame["station"]):
        return []
    p = state["players"][state["current"]]
    moves: list[Move] = [{"type": "appoint", "worker": k} for k, row in p["workers"].items() if row]
    return [*moves, {"type": "pass"}] if moves else []


def sm_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    if move["type"] != "appoint":
        return
    p = state["players"][state["current"]]
    station = frame["station"]
    worker = p["workers"][move["worker"]].pop()
    state["station_workers"][station] = worker
    sm = state["station_masters"][station]
    assert sm is not None, "sm_moves offers no appointment once the station master is gone"
    state["station_masters"][station] = None
    p["station_masters"].append(sm)
    ed = editions.of(state)
    upper = ed.railroad.STATION_MASTERS[sm][0]
    actions = ed.buildings.WORKER_ACTIONS
    if upper in UPPER_MONEY:  # a reward is taken in full (R1-LOCAL-09, R2-STATION-02)
        p["money"] += UPPER_MONEY[upper]
    elif upper == "hazard_or_trade":
        push(state, "once", specs=[actions["hazard_free"], actions["trade"]])
    elif upper == "hazard_or_bounty":  # R2-STATION-02, R2-OUTLAW-06
        push(state, "once", specs=[actions["hazard_free"], actions["bounty"]])
    elif upper == "certificate_forward2":  # R2-STATION-02: up to 2 spaces (R1-LOCAL-14)
        advance_certificate(p, 2)

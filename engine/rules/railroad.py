"""Engine movement, station upgrades and station masters (R1-ENGINE-*, R1-STATION-*)."""

from __future__ import annotations

from engine.data import railroad as rr
from engine.data.buildings import WORKER_ACTIONS
from engine.move_types import Move
from engine.rules import discs
from engine.state import player, push
from engine.state_types import Frame, State


def _occupied(state: State, seat: int) -> set[str]:
    """Spaces holding another engine; the start space never counts (R1-ENGINE-05/06)."""
    return {p["engine"] for p in state["players"] if p["seat"] != seat and p["engine"] != rr.START}


def forward_destinations(state: State, seat: int, n: int) -> list[str]:
    """Free spaces reachable moving forward 1..n counted spaces (R1-ENGINE-03/05/07)."""
    occupied = _occupied(state, seat)
    found: dict[str, None] = {}

    def walk(space: str, steps: int) -> None:
        for nxt in rr.FORWARD[space]:
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
    occupied = _occupied(state, seat)
    found: dict[str, None] = {}

    def walk(space: str, steps: int) -> None:
        for prev in rr.BACKWARD[space]:
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
    occupied = _occupied(state, seat)
    found: dict[str, int] = {}

    def walk(space: str, k: int) -> None:
        for prev in rr.BACKWARD[space]:
            if prev in occupied:
                walk(prev, k)
                continue
            kk = k if rr.is_turnout(prev) else k + 1
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
    player(state, seat)["engine"] = to
    if to == rr.LAST:
        push(state, "back39")
        push(state, "station", station="S10")
    elif rr.is_turnout(to):
        push(state, "station", station=rr.STATION_AT[to])


def upgrade_cost(station: str) -> int:
    return rr.STATIONS[station][2]


def can_upgrade(state: State, seat: int, station: str) -> bool:
    """R1-STATION-02/03: not upgraded by this player yet, cost payable, a disc to place
    (from the board, or else from another station, R1-EDGE-04)."""
    if seat in state["stations"][station]:
        return False
    cost = upgrade_cost(station)
    if player(state, seat)["money"] < cost:
        return False
    return discs.can_place(state, seat, rr.STATIONS[station][4], reserve=cost, target=station)


def upgrade(state: State, seat: int, station: str) -> None:
    p = player(state, seat)
    cost = upgrade_cost(station)
    p["money"] -= cost
    if rr.STATIONS[station][5]:
        push(state, "sm", station=station)
    push(state, "disc", target="station", to=station, reserve=0)


def stations_behind(state: State, seat: int) -> list[str]:
    """Stations whose turnout lies behind the engine (building 9b, R1-LOCAL-28)."""
    here = float(player(state, seat)["engine"])
    return [
        s
        for s, info in rr.STATIONS.items()
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
    upper = rr.STATION_MASTERS[sm][0]
    if upper == "gain2":
        p["money"] += 2
    elif upper == "hazard_or_trade":
        push(state, "once", specs=[WORKER_ACTIONS["hazard_free"], WORKER_ACTIONS["trade"]])

"""Railroad track, stations, station masters and crosses (fact sheet §6, §7)."""

from __future__ import annotations

from engine.component_types import Tile

LAST = "39"
START = "0"

# station -> (turnout space, switch space it branches from, cost, VP, corner, has station master)
STATIONS: dict[str, tuple[str, int, int, int, str, bool]] = {
    "S1": ("4.5", 4, 2, 1, "white", True),
    "S2": ("7.5", 7, 2, 1, "white", True),
    "S3": ("10.5", 10, 4, 2, "white", True),
    "S4": ("13.5", 13, 4, 2, "white", True),
    "S5": ("16.5", 16, 6, 3, "dark", True),
    "S6": ("21.5", 21, 8, 5, "dark", False),
    "S7": ("25.5", 25, 7, 6, "dark", False),
    "S8": ("29.5", 29, 6, 7, "dark", False),
    "S9": ("33.5", 33, 5, 8, "dark", False),
    "S10": ("39", 39, 3, 9, "dark", False),
}
STATION_AT: dict[str, str] = {v[0]: s for s, v in STATIONS.items()}

# Left-hand space numbers of the 11 crosses (a cross lies between c and c+1).
CROSSES: tuple[int, ...] = (3, 4, 5, 7, 9, 10, 11, 13, 15, 16, 17)

# station master id -> (upper half, lower half)
STATION_MASTERS: dict[str, tuple[str, str]] = {
    "SM-1": ("gain2", "per_worker"),
    "SM-2": ("hazard_or_trade", "per_2_objectives"),
    "SM-3": ("certificate", "per_2_hazards"),
    "SM-4": ("certificate", "per_teepee_pair"),
    "SM-5": ("certificate", "per_2_certificates"),
}
# How many permanent certificates each tile gives (``engine.editions.RailroadData``; the
# 2nd edition prints 1 or 2 on its certificate tiles, R2-KC-03).
STATION_MASTERS_DEALT = len(STATION_MASTERS)  # every tile is laid out (R1-SETUP-06)
PERMANENT_CERTIFICATES: dict[str, int] = {
    sm: 1 if upper == "certificate" else 0 for sm, (upper, _) in STATION_MASTERS.items()
}


def _graph() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    fwd: dict[str, list[str]] = {str(n): [] for n in range(40)}
    for n in range(39):
        fwd[str(n)].append(str(n + 1))
    for turnout, switch, *_ in STATIONS.values():
        if turnout == LAST:
            continue
        fwd[str(switch)].append(turnout)
        fwd[turnout] = [str(switch + 1)]
    back: dict[str, list[str]] = {s: [] for s in fwd}
    for s, nxt in fwd.items():
        for t in nxt:
            back[t].append(s)
    return ({k: tuple(v) for k, v in fwd.items()}, {k: tuple(v) for k, v in back.items()})


FORWARD, BACKWARD = _graph()
SPACES: tuple[str, ...] = tuple(FORWARD)


def is_turnout(space: str) -> bool:
    return "." in space


def position(space: str) -> int:
    """Numbered position used for transport cost: a turnout counts as the next space (Q6)."""
    if "." in space:
        return int(space.split(".")[0]) + 1
    return int(space)


def crosses_before(x: int) -> int:
    return sum(1 for c in CROSSES if c < x)


def sm_card(sm: str) -> Tile:
    upper, lower = STATION_MASTERS[sm]
    return {"kind": "station_master", "id": sm, "type": upper, "scoring": lower}

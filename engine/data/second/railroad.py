"""Railroad track, stations, crosses and the 9 station masters of the 2nd edition (2e fact
sheet §8, §9; R2-SETUP-03, R2-STATION-02..06, R2-KC-03).

The track, the stations and the crosses are unchanged (§9): ``LAST``, ``START``,
``STATIONS``, ``STATION_AT``, ``CROSSES``, ``FORWARD``, ``BACKWARD``, ``SPACES``,
``is_turnout``, ``position`` and ``crosses_before`` are the 1e module's own objects
(``engine.data.railroad``).  ``STATION_MASTERS`` (id -> (upper half, lower half)) and
``sm_card`` have the 1e meaning, for the 9 tiles of which 5 are dealt
(``STATION_MASTERS_DEALT``) onto the stations that have a station master space.

Upper halves (codes in ``STATION_MASTERS``): "gain2" and "certificate" (one permanent
certificate) as in 1e; "hazard_or_trade" -> "hazard_or_bounty" (R2-OUTLAW-06); new:
"certificate2" (two permanent certificates), "gain12", "certificate_forward2".  The
immediate actions are also given as action specs in the buildings' spec language
(``IMMEDIATE``: slots of alternatives), and the permanent certificates as numbers
(``PERMANENT_CERTIFICATES``, R2-KC-03: each tile adds the number printed on it).

Lower halves: "per_worker", "per_2_objectives", "per_2_hazards", "per_2_certificates" as in
1e; "per_teepee_pair" -> "per_outlaw_pair" (green + orange); new: "per_2_stations",
"per_building" and "none" (two tiles have no end-game task, R2-STATION-06).  ``TASK_VP``
gives each task's printed numbers.

New in 2e: ``STATION_MASTERS_DEALT``, ``STATION_MASTER_SPACES``, ``IMMEDIATE``,
``PERMANENT_CERTIFICATES``, ``TASK_VP``, ``NEW_UPPER_HALVES``, ``NEW_LOWER_HALVES``.
"""

from __future__ import annotations

from engine.component_types import Tile
from engine.data import railroad as first
from engine.data.buildings import Slots

LAST = first.LAST
START = first.START
STATIONS: dict[str, tuple[str, int, int, int, str, bool]] = first.STATIONS
STATION_AT: dict[str, str] = first.STATION_AT
CROSSES: tuple[int, ...] = first.CROSSES
FORWARD: dict[str, tuple[str, ...]] = first.FORWARD
BACKWARD: dict[str, tuple[str, ...]] = first.BACKWARD
SPACES: tuple[str, ...] = first.SPACES
is_turnout = first.is_turnout
position = first.position
crosses_before = first.crosses_before

# station master id -> (upper half, lower half) (§8)
STATION_MASTERS: dict[str, tuple[str, str]] = {
    "SM-1": ("gain2", "per_worker"),
    "SM-2": ("hazard_or_bounty", "per_2_objectives"),
    "SM-3": ("certificate", "per_2_hazards"),
    "SM-4": ("certificate", "per_outlaw_pair"),
    "SM-5": ("certificate", "per_2_certificates"),
    "SM-6": ("certificate2", "none"),
    "SM-7": ("gain12", "none"),
    "SM-8": ("certificate", "per_2_stations"),
    "SM-9": ("certificate_forward2", "per_building"),
}
STATION_MASTERS_DEALT = 5  # shuffled; 5 laid out, 4 back in the box (R2-SETUP-03)
STATION_MASTER_SPACES: tuple[str, ...] = tuple(s for s, v in STATIONS.items() if v[5])

NEW_UPPER_HALVES: tuple[str, ...] = (
    "hazard_or_bounty",
    "certificate2",
    "gain12",
    "certificate_forward2",
)
NEW_LOWER_HALVES: tuple[str, ...] = ("per_outlaw_pair", "per_2_stations", "per_building", "none")

# Permanent certificates printed on the upper half (0: the tile has an immediate action).
PERMANENT_CERTIFICATES: dict[str, int] = {
    sm: {"certificate": 1, "certificate2": 2}.get(upper, 0)
    for sm, (upper, _) in STATION_MASTERS.items()
}

# The immediate action of the upper half, as slots of action specs (perform or forfeit).
IMMEDIATE: dict[str, Slots] = {
    "SM-1": [[{"id": "gain", "kind": "gain", "n": 2}]],
    "SM-2": [
        [
            {"id": "hazard", "kind": "hazard", "cost": 0},
            {"id": "bounty", "kind": "bounty"},
        ]
    ],
    "SM-7": [[{"id": "gain", "kind": "gain", "n": 12}]],
    "SM-9": [[{"id": "certificate", "kind": "certificate", "n": 2}]],
}

# lower half -> (VP, per how many items); "per_worker" counts the printed workers too.
TASK_VP: dict[str, tuple[int, int]] = {
    "per_worker": (1, 1),
    "per_2_objectives": (3, 2),
    "per_2_hazards": (3, 2),
    "per_outlaw_pair": (3, 1),
    "per_2_certificates": (3, 2),
    "per_2_stations": (3, 2),
    "per_building": (2, 1),
    "none": (0, 1),
}


def sm_card(sm: str) -> Tile:
    upper, lower = STATION_MASTERS[sm]
    return {"kind": "station_master", "id": sm, "type": upper, "scoring": lower}

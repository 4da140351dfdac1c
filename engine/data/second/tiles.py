"""The 94 Kansas City supply tiles of the 2nd edition and their three bags (2e fact sheet
§1, §11; R2-SETUP-04, R2-OUTLAW-01).

Same public names as ``engine.data.tiles`` (1e): ``WORKER_KINDS``, ``HAZARD_MIX``, ``TILES``,
``supply_stacks`` and ``tile``, with the same meaning.  ``supply_stacks`` gives the contents of
the three bags (1e: three face-down stacks), keyed "1", "2", "3" by the number on the backs.

Correspondences with 1e:

* craftsman -> **builder** (``WORKER_KINDS``; tile ids ``builder-01``...``builder-18``);
* teepee tiles (green / blue) -> **outlaw tiles** (green / orange): kind "outlaw", ids
  ``outlaw-green-01``...``outlaw-orange-11``; ``TEEPEE_HAND`` -> ``OUTLAW_HAND`` (orange takes
  the blue slot: a black hand, Q9);
* unchanged, and so the very same components with the same ids and dicts as in 1e: the
  cowboy and engineer tiles (``cowboy-01``, ``engineer-01``, ...) and the 18 hazard tiles
  (``flood-1``...``rockfall-6``; ``HAZARD_MIX`` is the 1e object).

New in 2e: ``OUTLAW_COLOURS``, ``OUTLAW_HAND``, ``OUTLAW_BACKS``, ``BAG_SIZES``.
"""

from __future__ import annotations

from engine.component_types import Tile
from engine.data import tiles as first

WORKER_KINDS: tuple[str, ...] = ("cowboy", "builder", "engineer")

# Per hazard type, the 6 tiles: (VP, hand colour) (§11.1, unchanged).
HAZARD_MIX: tuple[tuple[int, str], ...] = first.HAZARD_MIX

OUTLAW_COLOURS: tuple[str, ...] = ("green", "orange")

# Hand colour of outlaw tiles (§2.5, Q9): green outlaw -> green hand, orange -> black hand.
OUTLAW_HAND: dict[str, str] = {"green": "green", "orange": "black"}

# Per outlaw colour, how many of its 11 tiles have back 1 (the others have back 3) (§11).
OUTLAW_BACKS: dict[str, int] = {"green": 9, "orange": 8}

# Workers per kind with back 2 (the other 7 of the 18 have back 3) (§11).
_WORKERS_BACK2 = 11


def _build() -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    for kind in WORKER_KINDS:
        for i in range(1, 19):
            tid = f"{kind}-{i:02d}"
            back = 2 if i <= _WORKERS_BACK2 else 3
            tiles[tid] = {"id": tid, "kind": "worker", "type": kind, "back": back}
    for hazard in ("flood", "drought", "rockfall"):
        for i, (vp, hand) in enumerate(HAZARD_MIX, 1):
            tid = f"{hazard}-{i}"
            tiles[tid] = {
                "id": tid,
                "kind": "hazard",
                "type": hazard,
                "vp": vp,
                "hand": hand,
                "back": 1,
            }
    for colour in OUTLAW_COLOURS:
        for i in range(1, 12):
            tid = f"outlaw-{colour}-{i:02d}"
            tiles[tid] = {
                "id": tid,
                "kind": "outlaw",
                "type": colour,
                "hand": OUTLAW_HAND[colour],
                "back": 1 if i <= OUTLAW_BACKS[colour] else 3,
            }
    return tiles


TILES: dict[str, Tile] = _build()

# Tiles per bag (§11): 35 / 33 / 26.
BAG_SIZES: dict[str, int] = {"1": 35, "2": 33, "3": 26}


def supply_stacks() -> dict[str, list[str]]:
    """Tile ids by bag (the number on the back), in a fixed order (drawn at random)."""
    stacks: dict[str, list[str]] = {"1": [], "2": [], "3": []}
    for tid, info in TILES.items():
        stacks[str(info["back"])].append(tid)
    return stacks


def tile(tid: str) -> Tile:
    """The tile without its back number (what a view shows)."""
    info = TILES[tid].copy()
    del info["back"]
    return info


# The worker kind that places buildings (1e: "craftsman").
BUILDER_KIND = "builder"

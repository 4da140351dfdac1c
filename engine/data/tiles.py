"""The 94 Kansas City supply tiles: workers, hazards, teepees (fact sheet §9, R1-SETUP-02)."""

from __future__ import annotations

from engine.component_types import Tile

WORKER_KINDS: tuple[str, ...] = ("cowboy", "craftsman", "engineer")

# Per hazard type, the 6 tiles: (VP, hand colour) (§9.2).
HAZARD_MIX: tuple[tuple[int, str], ...] = (
    (4, "green"),
    (4, "green"),
    (3, "green"),
    (3, "black"),
    (2, "green"),
    (2, "black"),
)

# Hand colour of teepee tiles (§1.4, Q2).
TEEPEE_HAND: dict[str, str] = {"green": "green", "blue": "black"}


def _build() -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    # Workers: 11 per type with back 2, 7 per type with back 3.
    for kind in WORKER_KINDS:
        for i in range(1, 19):
            tid = f"{kind}-{i:02d}"
            tiles[tid] = {"id": tid, "kind": "worker", "type": kind, "back": 2 if i <= 11 else 3}
    # Hazards: 6 per type, all back 1.
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
    # Teepees: green 9 with back 1 and 2 with back 3; blue 8 with back 1 and 3 with back 3.
    for colour, back1 in (("green", 9), ("blue", 8)):
        for i in range(1, 12):
            tid = f"{colour}-{i:02d}"
            tiles[tid] = {
                "id": tid,
                "kind": "teepee",
                "type": colour,
                "hand": TEEPEE_HAND[colour],
                "back": 1 if i <= back1 else 3,
            }
    return tiles


TILES: dict[str, Tile] = _build()


def supply_stacks() -> dict[str, list[str]]:
    """Tile ids by back number, in a fixed order (shuffled at setup)."""
    stacks: dict[str, list[str]] = {"1": [], "2": [], "3": []}
    for tid, info in TILES.items():
        stacks[str(info["back"])].append(tid)
    return stacks


def tile(tid: str) -> Tile:
    """The tile without its back number (what a view shows)."""
    info = TILES[tid].copy()
    del info["back"]
    return info


# The worker kind that places buildings (``engine.editions.TilesData``; 2e: "builder").
BUILDER_KIND = "craftsman"

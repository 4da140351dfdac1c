"""The trail of the 2nd edition board (2e fact sheet §2, §3; R2-OUTLAW-*, R2-FEE-01).

Same public names as ``engine.data.trail`` (1e), with the same meaning: ``START``, ``KC``,
``NODES``, ``NEUTRAL_SPACES``, ``BUILDING_SPACES``, ``WOODS``, ``RISK_ACTIONS``,
``HAZARD_TYPES``, ``HAZARD_SPACES``, ``PREDECESSORS``, ``kind``, ``successors``,
``neighbours``.  ``WOODS`` (the same 8 spaces), ``HAZARD_TYPES`` and ``HAZARD_SPACES`` are
unchanged and are the 1e module's objects.

Correspondences with 1e (the 2e module does not define the 1e name):

* the Indian trade section -> the **outlaw section**: node kind "teepee" -> "outlaw";
  ``TEEPEE_SPACES`` -> ``OUTLAW_SPACES`` (fill order with the money reward) and
  ``TEEPEE_VALUE`` -> ``OUTLAW_VALUE``.  The spaces, in fill order, 1e -> 2e: ``TPM3`` ->
  ``OL-X``, ``TPM2`` -> ``OL1``, ``TPM1`` -> ``OL2`` (off the trail), ``TP1`` -> ``OL3``,
  ``TP2`` -> ``OL4``, ``TP4`` -> ``OL5``, ``TP6`` -> ``OL6``, ``TP8`` -> ``OL8``, ``TP10`` ->
  ``OL10`` (on the trail).  Every space now *rewards* the collector (no payments):
  ``OL-X`` gives 1 exchange token (``OUTLAW_TOKENS``), the others dollars.
* the risk spaces ``TEEPEE-R1`` / ``TEEPEE-R2`` -> ``OUTLAW-R1`` / ``OUTLAW-R2``;
* the risk action ``R-JERSEY`` -> ``R-CRIOLLO`` (``engine.data.second.buildings.RISK``), and
  ``FLOOD-R1`` now has ``R-ANY`` (1e: ``R-JERSEY``);
* the crossroads: 1e ``C -> C-1, C-3``; ``C-3 -> D, TP1``; ``D -> E``.  2e has no ``C-3``:
  ``C -> C-1, D``; ``D -> D-1, OL3``; the new private space ``D-1 -> E`` (§2.3, Q7).

New in 2e: ``OUTLAW_SPACES``, ``OUTLAW_VALUE``, ``OUTLAW_TOKENS``, ``OUTLAW_NUMBERS``,
``OUTLAW_ON_TRAIL``, ``OUTLAW_OFF_TRAIL``, ``FEES`` / ``fee`` (hand fees, here beside the
trail; the same table as ``engine.data.player_board.FEES``) and ``OUTLAW_FEES``.
"""

from __future__ import annotations

from engine.data import player_board as first_board
from engine.data import trail as first
from engine.data.second import tiles

START = "START"
KC = "KC"

# id -> (kind, successors).  Kinds: start, neutral, private, risk, hazard, outlaw, kc.
NODES: dict[str, tuple[str, tuple[str, ...]]] = {
    "START": ("start", ("A",)),
    "A": ("neutral", ("A-1", "FLOOD-1")),
    "A-1": ("private", ("A-2",)),
    "A-2": ("private", ("A-3",)),
    "A-3": ("private", ("B",)),
    "FLOOD-1": ("hazard", ("FLOOD-2",)),
    "FLOOD-2": ("hazard", ("FLOOD-3",)),
    "FLOOD-3": ("hazard", ("FLOOD-4",)),
    "FLOOD-4": ("hazard", ("FLOOD-R1",)),
    "FLOOD-R1": ("risk", ("FLOOD-R2",)),
    "FLOOD-R2": ("risk", ("B",)),
    "B": ("neutral", ("B-1", "DROUGHT-1")),
    "B-1": ("private", ("B-2",)),
    "B-2": ("private", ("B-3",)),
    "B-3": ("private", ("C",)),
    "DROUGHT-1": ("hazard", ("DROUGHT-2",)),
    "DROUGHT-2": ("hazard", ("DROUGHT-3",)),
    "DROUGHT-3": ("hazard", ("DROUGHT-4",)),
    "DROUGHT-4": ("hazard", ("DROUGHT-R1",)),
    "DROUGHT-R1": ("risk", ("C",)),
    "C": ("neutral", ("C-1", "D")),
    "C-1": ("private", ("C-2",)),
    "C-2": ("private", ("E",)),
    "D": ("neutral", ("D-1", "OL3")),
    "D-1": ("private", ("E",)),
    "OL3": ("outlaw", ("OL4",)),
    "OL4": ("outlaw", ("OL5",)),
    "OL5": ("outlaw", ("OL6",)),
    "OL6": ("outlaw", ("OL8",)),
    "OL8": ("outlaw", ("OL10",)),
    "OL10": ("outlaw", ("OUTLAW-R1",)),
    "OUTLAW-R1": ("risk", ("OUTLAW-R2",)),
    "OUTLAW-R2": ("risk", ("E",)),
    "E": ("neutral", ("E-1", "ROCKFALL-1")),
    "E-1": ("private", ("E-2",)),
    "E-2": ("private", ("F",)),
    "ROCKFALL-1": ("hazard", ("ROCKFALL-2",)),
    "ROCKFALL-2": ("hazard", ("ROCKFALL-3",)),
    "ROCKFALL-3": ("hazard", ("ROCKFALL-4",)),
    "ROCKFALL-4": ("hazard", ("ROCKFALL-R1",)),
    "ROCKFALL-R1": ("risk", ("ROCKFALL-R2",)),
    "ROCKFALL-R2": ("risk", ("F",)),
    "F": ("neutral", ("F-1", "F-2")),
    "F-1": ("private", ("G",)),
    "F-2": ("private", ("G",)),
    "G": ("neutral", ("G-1", "G-2")),
    "G-1": ("private", ("KC",)),
    "G-2": ("private", ("KC",)),
    "KC": ("kc", ()),
    # The three lowest outlaw spaces lie off the trail (§2.2, Q4): never locations.
    "OL-X": ("outlaw", ()),
    "OL1": ("outlaw", ()),
    "OL2": ("outlaw", ()),
}

NEUTRAL_SPACES: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G")
BUILDING_SPACES: tuple[str, ...] = tuple(
    n for n, (kind, _) in NODES.items() if kind in ("private", "risk")
)
WOODS: frozenset[str] = first.WOODS  # the same 8 spaces (§2.2)

# Risk actions printed beside building spaces (§2.4); the specs are in buildings.RISK.
RISK_ACTIONS: dict[str, str] = {
    "FLOOD-R1": "R-ANY",
    "FLOOD-R2": "R-CRIOLLO",
    "DROUGHT-R1": "R-ANY",
    "OUTLAW-R1": "R-ANY",
    "OUTLAW-R2": "R-CRIOLLO",
    "ROCKFALL-R1": "R-ANY",
    "ROCKFALL-R2": "R-CRIOLLO",
}

HAZARD_TYPES: tuple[str, ...] = first.HAZARD_TYPES
HAZARD_SPACES: dict[str, tuple[str, ...]] = first.HAZARD_SPACES

# The outlaw section in fill order, with the money reward of each space (§3; R2-OUTLAW-02/04).
OUTLAW_SPACES: tuple[tuple[str, int], ...] = (
    ("OL-X", 0),
    ("OL1", 1),
    ("OL2", 2),
    ("OL3", 3),
    ("OL4", 4),
    ("OL5", 5),
    ("OL6", 6),
    ("OL8", 8),
    ("OL10", 10),
)
OUTLAW_VALUE: dict[str, int] = dict(OUTLAW_SPACES)  # dollars gained when collecting there
OUTLAW_TOKENS: dict[str, int] = {"OL-X": 1}  # exchange tokens gained instead (§3, §15)
# The printed numbers 1-9 ("the empty space with the lowest number", R2-SETUP-05), assumed to
# follow the fill order (Q4).
OUTLAW_NUMBERS: dict[str, int] = {s: i for i, (s, _) in enumerate(OUTLAW_SPACES, 1)}
OUTLAW_OFF_TRAIL: frozenset[str] = frozenset({"OL-X", "OL1", "OL2"})
OUTLAW_ON_TRAIL: tuple[str, ...] = tuple(s for s, _ in OUTLAW_SPACES if s not in OUTLAW_OFF_TRAIL)

# Hand fees per hand colour by player count (§2.5, unchanged from 1e).
FEES: dict[int, dict[str, int]] = first_board.FEES

# The fee of one outlaw tile by colour and player count (R2-FEE-01: paid to the bank).
OUTLAW_FEES: dict[str, dict[int, int]] = {
    colour: {n: FEES[n][hand] for n in FEES} for colour, hand in tiles.OUTLAW_HAND.items()
}


def fee(hands: tuple[str, ...], players: int) -> int:
    """The fee of a location showing ``hands`` (one colour per hand) with ``players`` players."""
    return sum(FEES[players][h] for h in hands)


def _predecessors() -> dict[str, tuple[str, ...]]:
    preds: dict[str, list[str]] = {n: [] for n in NODES}
    for n, (_, succ) in NODES.items():
        for s in succ:
            preds[s].append(n)
    return {n: tuple(p) for n, p in preds.items()}


PREDECESSORS: dict[str, tuple[str, ...]] = _predecessors()


def kind(space: str) -> str:
    return NODES[space][0]


def successors(space: str) -> tuple[str, ...]:
    return NODES[space][1]


def neighbours(space: str) -> tuple[str, ...]:
    """Spaces linked to ``space`` by one edge in either direction (6b adjacency, §2.3)."""
    return NODES[space][1] + PREDECESSORS[space]


# The names every edition's trail has for the section's role (1e: the teepee spaces).
SECTION_SPACES: tuple[tuple[str, int], ...] = OUTLAW_SPACES
SECTION_VALUE: dict[str, int] = OUTLAW_VALUE
SECTION_TOKENS: dict[str, int] = OUTLAW_TOKENS

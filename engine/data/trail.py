"""The trail of the 1st edition board (fact sheet §1)."""

from __future__ import annotations

START = "START"
KC = "KC"

# id -> (kind, successors).  Kinds: start, neutral, private, risk, hazard, teepee, kc.
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
    "B": ("neutral", ("DROUGHT-1", "B-1")),
    "B-1": ("private", ("B-2",)),
    "B-2": ("private", ("B-3",)),
    "B-3": ("private", ("C",)),
    "DROUGHT-1": ("hazard", ("DROUGHT-2",)),
    "DROUGHT-2": ("hazard", ("DROUGHT-3",)),
    "DROUGHT-3": ("hazard", ("DROUGHT-4",)),
    "DROUGHT-4": ("hazard", ("DROUGHT-R1",)),
    "DROUGHT-R1": ("risk", ("C",)),
    "C": ("neutral", ("C-1", "C-3")),
    "C-1": ("private", ("C-2",)),
    "C-2": ("private", ("E",)),
    "C-3": ("private", ("D", "TP1")),
    "D": ("neutral", ("E",)),
    "TP1": ("teepee", ("TP2",)),
    "TP2": ("teepee", ("TP4",)),
    "TP4": ("teepee", ("TP6",)),
    "TP6": ("teepee", ("TP8",)),
    "TP8": ("teepee", ("TP10",)),
    "TP10": ("teepee", ("TEEPEE-R1",)),
    "TEEPEE-R1": ("risk", ("TEEPEE-R2",)),
    "TEEPEE-R2": ("risk", ("E",)),
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
    # The three negative teepee spaces lie off the trail (fact sheet Q8).
    "TPM3": ("teepee", ()),
    "TPM2": ("teepee", ()),
    "TPM1": ("teepee", ()),
}

NEUTRAL_SPACES: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G")
BUILDING_SPACES: tuple[str, ...] = tuple(
    n for n, (kind, _) in NODES.items() if kind in ("private", "risk")
)
WOODS: frozenset[str] = frozenset(
    {"FLOOD-R2", "B-1", "C-1", "C-2", "E-1", "E-2", "ROCKFALL-R2", "F-2"}
)

# Risk actions printed beside building spaces (§1.6).
RISK_ACTIONS: dict[str, str] = {
    "FLOOD-R1": "R-JERSEY",
    "FLOOD-R2": "R-JERSEY",
    "DROUGHT-R1": "R-ANY",
    "TEEPEE-R1": "R-ANY",
    "TEEPEE-R2": "R-JERSEY",
    "ROCKFALL-R1": "R-ANY",
    "ROCKFALL-R2": "R-JERSEY",
}

HAZARD_TYPES: tuple[str, ...] = ("flood", "drought", "rockfall")
HAZARD_SPACES: dict[str, tuple[str, ...]] = {
    h: tuple(f"{h.upper()}-{i}" for i in range(1, 5)) for h in HAZARD_TYPES
}

# Indian trade section, in fill order (lowest value first), with the money value (§9.3).
TEEPEE_SPACES: tuple[tuple[str, int], ...] = (
    ("TPM3", -3),
    ("TPM2", -2),
    ("TPM1", -1),
    ("TP1", 1),
    ("TP2", 2),
    ("TP4", 4),
    ("TP6", 6),
    ("TP8", 8),
    ("TP10", 10),
)
TEEPEE_VALUE: dict[str, int] = dict(TEEPEE_SPACES)


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
    """Spaces linked to ``space`` by one edge in either direction (8b adjacency)."""
    return NODES[space][1] + PREDECESSORS[space]


# The names every edition's trail has for the section of the board that teepee tiles (1e)
# or outlaw tiles (2e) fill (``engine.editions.TrailData``): the spaces in fill order with
# their money, and the exchange tokens a space gives instead (none in the 1st edition).
SECTION_SPACES: tuple[tuple[str, int], ...] = TEEPEE_SPACES
SECTION_VALUE: dict[str, int] = TEEPEE_VALUE
SECTION_TOKENS: dict[str, int] = {}

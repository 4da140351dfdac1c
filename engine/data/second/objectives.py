"""Objective cards of the 2nd edition (2e fact sheet §7; R2-OBJ-01, R2-OBJ-03).

The 2e deck is the 1e deck (``engine.data.objectives``) with three tasks renamed (§7.3,
Q3): green teepee ``G`` -> green outlaw ``OG``, blue teepee ``BL`` -> orange outlaw ``OO``,
San Francisco ``SF`` -> New York ``NY`` (``TASK_FOR_1E``).  The cards are therefore built
from the 1e tables by that renaming, never copied.  The immediate actions are unchanged
(``IMMEDIATE`` is the 1e object).

Same public names as the 1e module, with the same meaning: ``TASK_CODES``, ``STARTING``,
``GENERAL``, ``ALL``, ``IMMEDIATE``, ``card``.  New in 2e: ``TASK_FOR_1E``,
``NEW_TASK_CODES``, ``TASK_BREEDS`` (which cattle breeds a cattle task accepts: the 2e task
"4" means a Shorthorn and "5" a Hereford, so a Simmental Heifer (4) or Cow (5) never counts).

The green-outlaw task ``OG`` is a sheet/rulebook conflict (§7.4, R2-OBJ-03): the 2e rulebook's
task list names only the orange outlaw; the deck here follows the sheet and keeps ``OG`` on
OBJ-S2, OBJ-02, OBJ-11, OBJ-13, OBJ-15 and OBJ-17.
"""

from __future__ import annotations

from engine.component_types import Card
from engine.data import objectives as first
from engine.data.second import cattle

# 1e task code -> 2e task code (the others are unchanged).
TASK_FOR_1E: dict[str, str] = {"G": "OG", "BL": "OO", "SF": "NY"}

# Task codes: B building, OG green outlaw, OO orange outlaw, H hazard, S station disc,
# 3/4/5 cattle card (value 3 / Shorthorn / Hereford) in the deck, NY disc on New York.
TASK_CODES: tuple[str, ...] = tuple(TASK_FOR_1E.get(t, t) for t in first.TASK_CODES)
NEW_TASK_CODES: tuple[str, ...] = tuple(TASK_FOR_1E.values())

# Cattle tasks -> the breeds (slot keys) that fulfil them; never a Simmental (§5.5).
TASK_BREEDS: dict[str, tuple[str, ...]] = {
    "3": cattle.VALUE3_BREEDS,
    "4": ("m4",),
    "5": ("m5",),
}

Entry = tuple[str | None, tuple[str, ...], int, int]


def _renamed(cards: dict[str, Entry]) -> dict[str, Entry]:
    return {
        cid: (action, tuple(TASK_FOR_1E.get(t, t) for t in tasks), plus, minus)
        for cid, (action, tasks, plus, minus) in cards.items()
    }


# id -> (immediate action or None, tasks, +VP, -VP)
STARTING: dict[str, Entry] = _renamed(first.STARTING)
GENERAL: dict[str, Entry] = _renamed(first.GENERAL)
ALL: dict[str, Entry] = {**STARTING, **GENERAL}

# Immediate actions: code -> (kind, amount) (§7.1, unchanged).
IMMEDIATE: dict[str, tuple[str, int]] = first.IMMEDIATE


def card(cid: str) -> Card:
    action, tasks, plus, minus = ALL[cid]
    return {
        "kind": "objective",
        "id": cid,
        "action": action,
        "tasks": list(tasks),
        "vp": plus,
        "penalty": minus,
        "starting": cid in STARTING,
    }

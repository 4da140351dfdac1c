"""The heuristic bot's tables for the 1st edition (``engine.bots_tuning``).

Keyed by the 1st edition's ids.  The golden games and records made with the bots depend on
every number here: change one only on purpose, with ``make golden``."""

from __future__ import annotations

from engine.bots_tuning.tuning import Tuning

PLANS: tuple[str, ...] = ("cowboy", "engineer", "craftsman")

# Value of the (n+1)-th worker of a kind when n are in the row (printed one included).
WORKER_VALUE: dict[str, tuple[float, ...]] = {
    "cowboy": (0, 10, 9, 8, 6, 4),
    "engineer": (0, 9, 8, 7, 5, 3),
    "craftsman": (0, 9, 8, 8, 7, 6),
}

# Rough worth of a private building's local actions to its owner, per game.
BUILDING_ACTIONS: dict[str, float] = {
    "1a": 3, "2a": 4, "3a": 4, "4a": 4, "5a": 6, "6a": 6, "7a": 3, "8a": 6, "9a": 6, "10a": 7,
    "1b": 3, "2b": 4, "3b": 4, "4b": 4, "5b": 4, "6b": 4, "7b": 3, "8b": 5, "9b": 5, "10b": 7,
}  # fmt: skip

# Where to build first: the spaces everybody passes on the way to Kansas City.
PLACE_ORDER: tuple[str, ...] = (
    "G-1", "G-2", "F-1", "F-2", "E-1", "E-2", "C-2", "C-1", "C-3", "B-3", "B-2", "B-1",
    "A-3", "A-2", "A-1", "ROCKFALL-R2", "ROCKFALL-R1", "TEEPEE-R2", "TEEPEE-R1",
    "DROUGHT-R1", "FLOOD-R2", "FLOOD-R1",
)  # fmt: skip

# Which disc space to clear first (abilities that pay back soonest first).
DISC_ORDER: tuple[str, ...] = (
    "HAND-1", "STEP-CASH", "CERT-4", "AUX-FWD-1", "AUX-DRAW", "AUX-GAIN", "HAND-2",
    "AUX-BACKCERT-1", "STEP-VP", "CERT-6", "AUX-REMOVE-1", "AUX-FWD-2", "AUX-BACKCERT-2",
    "AUX-REMOVE-2",
)  # fmt: skip

IMMEDIATE_VALUE: dict[str | None, float] = {
    None: 0.0,
    "IA-GAIN2": 2.0,
    "IA-AUX": 2.0,
    "IA-DRAW3": 2.0,
    "IA-ENG2": 2.0,
    "IA-ENG3": 3.0,
    "IA-MOVE3": 1.0,
}

# How hard one missing item of each objective task is to get.
TASK_DIFFICULTY: dict[str, float] = {
    "B": 1.0, "G": 1.0, "BL": 1.0, "H": 1.0, "S": 1.0, "3": 1.0, "4": 1.5, "5": 2.0, "SF": 3.0,
}  # fmt: skip

SM_UPPER: dict[str, float] = {"gain2": 2.0, "hazard_or_trade": 3.0, "certificate": 6.0}

TUNING = Tuning(
    plans=PLANS,
    worker_value=WORKER_VALUE,
    building_actions=BUILDING_ACTIONS,
    place_order=PLACE_ORDER,
    disc_order=DISC_ORDER,
    immediate_value=IMMEDIATE_VALUE,
    task_difficulty=TASK_DIFFICULTY,
    sm_upper=SM_UPPER,
    foresight={"teepee": 0.5},
    simmental_upgrade=0.0,  # no Simmental variant
    token=0.0,  # the 1st edition has no exchange tokens
)

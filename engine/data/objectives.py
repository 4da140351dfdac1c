"""Objective cards (fact sheet §5)."""

from __future__ import annotations

from engine.component_types import Card

# Task codes: B building, G green teepee, BL blue teepee, H hazard, S station disc,
# 3/4/5 cattle of that breeding value in the deck, SF disc on San Francisco.
TASK_CODES: tuple[str, ...] = ("B", "G", "BL", "H", "S", "3", "4", "5", "SF")

# id -> (immediate action or None, tasks, +VP, -VP)
STARTING: dict[str, tuple[str | None, tuple[str, ...], int, int]] = {
    "OBJ-S1": (None, ("3", "4", "B"), 3, 0),
    "OBJ-S2": (None, ("S", "S", "G"), 3, 0),
    "OBJ-S3": (None, ("B", "B", "H"), 3, 0),
    "OBJ-S4": (None, ("BL", "H", "H"), 3, 0),
}

GENERAL: dict[str, tuple[str | None, tuple[str, ...], int, int]] = {
    "OBJ-01": ("IA-GAIN2", ("B", "BL", "BL"), 3, -2),
    "OBJ-02": ("IA-GAIN2", ("B", "G", "BL"), 3, -2),
    "OBJ-03": ("IA-GAIN2", ("4", "H", "H"), 3, -2),
    "OBJ-04": ("IA-GAIN2", ("S", "S", "H"), 3, -2),
    "OBJ-05": ("IA-GAIN2", ("3", "3", "3", "B"), 4, -2),
    "OBJ-06": ("IA-AUX", ("SF",), 5, -3),
    "OBJ-07": ("IA-AUX", ("SF",), 5, -3),
    "OBJ-08": ("IA-AUX", ("SF",), 5, -3),
    "OBJ-09": ("IA-AUX", ("SF",), 5, -3),
    "OBJ-10": ("IA-DRAW3", ("B", "B", "H"), 3, -2),
    "OBJ-11": ("IA-DRAW3", ("S", "G", "BL"), 3, -2),
    "OBJ-12": ("IA-DRAW3", ("5", "H"), 3, -2),
    "OBJ-13": ("IA-DRAW3", ("S", "G", "G"), 3, -2),
    "OBJ-14": ("IA-DRAW3", ("3", "3", "3", "S"), 4, -2),
    "OBJ-15": ("IA-ENG2", ("4", "4", "S", "G"), 5, -3),
    "OBJ-16": ("IA-ENG2", ("3", "4", "5"), 5, -3),
    "OBJ-17": ("IA-ENG2", ("B", "B", "G", "G"), 5, -3),
    "OBJ-18": ("IA-ENG3", ("B", "BL", "H", "H"), 5, -3),
    "OBJ-19": ("IA-ENG3", ("S", "S", "H", "H"), 5, -3),
    "OBJ-20": ("IA-MOVE3", ("B", "B", "H", "H"), 5, -2),
    "OBJ-21": ("IA-MOVE3", ("S", "S", "BL", "BL"), 5, -2),
    "OBJ-22": ("IA-MOVE3", ("3", "4", "5"), 5, -2),
    "OBJ-23": ("IA-MOVE3", ("3", "4", "H", "H"), 5, -2),
    "OBJ-24": ("IA-MOVE3", ("S", "S", "B", "B"), 5, -2),
}

ALL: dict[str, tuple[str | None, tuple[str, ...], int, int]] = {**STARTING, **GENERAL}

# Immediate actions: code -> (kind, amount)
IMMEDIATE: dict[str, tuple[str, int]] = {
    "IA-MOVE3": ("move", 3),
    "IA-DRAW3": ("draw", 3),
    "IA-ENG2": ("engine", 2),
    "IA-ENG3": ("engine", 3),
    "IA-GAIN2": ("gain", 2),
    "IA-AUX": ("aux", 0),
}


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

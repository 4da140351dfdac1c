"""Neutral and private building tiles (fact sheet §2, §3).

A tile's local actions are a list of *slots* (R1-LOCAL-04); each slot is a list of
alternatives (EITHER/OR, R1-LOCAL-05).  Each alternative is an action spec: a dict with an
``id`` unique on the tile and a ``kind`` that ``engine.rules.actions`` knows how to perform.
"""

from __future__ import annotations

from typing import Unpack

from engine.component_types import ActionSpec, DiscardReward

Spec = ActionSpec
Slots = list[list[Spec]]


def discard(card: str, **reward: Unpack[DiscardReward]) -> Spec:
    """Discard requirement (``card`` = breed, ``any``, ``pair`` or ``objective``) and rewards."""
    spec: Spec = {"id": f"discard-{card}", "kind": "discard", "card": card}
    return {**spec, **reward}


HIRE: Spec = {"id": "hire", "kind": "hire", "mod": 0}
BUY: Spec = {"id": "buy", "kind": "buy"}
TRADE: Spec = {"id": "trade", "kind": "trade"}
AUX: Spec = {"id": "aux", "kind": "aux", "double": True}
ENGINE_BY_ENGINEERS: Spec = {"id": "engine", "kind": "engine", "n": "engineers", "pay": 0}


def move(n: int) -> Spec:
    return {"id": "move", "kind": "move", "n": n}


def engine(n: int | str, pay: int = 0, ident: str = "engine") -> Spec:
    return {"id": ident, "kind": "engine", "n": n, "pay": pay}


NEUTRAL: dict[str, Slots] = {
    "NA": [[discard("guernsey", gain=2)], [HIRE], [{"id": "hire+2", "kind": "hire", "mod": 2}]],
    "NB": [[discard("dutch_belt", gain=2)], [{"id": "build", "kind": "build", "rate": 2}]],
    "NC": [
        [
            {"id": "certificate", "kind": "certificate", "n": 1},
            {"id": "objective", "kind": "objective"},
        ],
        [ENGINE_BY_ENGINEERS],
    ],
    "ND": [[TRADE, engine(2, pay=2, ident="engine-paid")], [AUX]],
    "NE": [[discard("black_angus", gain=2)], [BUY]],
    "NF": [[discard("pair", gain=4)], [{"id": "hazard", "kind": "hazard", "cost": 7}]],
    "NG": [[ENGINE_BY_ENGINEERS], [AUX]],
}

# tile -> (craftsmen, VP, hands, slots)
PRIVATE: dict[str, tuple[int, int, tuple[str, ...], Slots]] = {
    "1a": (1, 1, ("green",), [[{"id": "woods-money", "kind": "woods_money", "per": 2}]]),
    "2a": (1, 1, (), [[discard("guernsey", gain=4)], [BUY]]),
    "3a": (1, 1, (), [[discard("pair", gain=3)], [move(1)]]),
    "4a": (2, 3, ("black",), [[{"id": "hazard", "kind": "hazard", "cost": 5}], [move(2)]]),
    "5a": (3, 4, (), [[{"id": "hire-1", "kind": "hire", "mod": -1}], [ENGINE_BY_ENGINEERS]]),
    "6a": (4, 5, (), [[discard("holstein", gain=10)], [AUX]]),
    "7a": (5, 6, ("green", "black"), [[{"id": "teepee-pairs", "kind": "teepee_pairs"}]]),
    "8a": (5, 6, ("green",), [[TRADE, AUX], [engine(2)]]),
    "9a": (7, 9, (), [[engine(3)], [{"id": "delivery", "kind": "extraordinary_delivery"}]]),
    "10a": (9, 13, ("black",), [[{"id": "certificates", "kind": "certificate_max"}], [move(5)]]),
    "1b": (
        1,
        1,
        ("green",),
        [
            [discard("objective", cert=2)],
            [{"id": "engine-back", "kind": "engine_back", "n": 1, "gain": 3}],
        ],
    ),
    "2b": (1, 1, (), [[discard("jersey", engine=1)], [discard("dutch_belt", gain=3)]]),
    "3b": (2, 3, (), [[AUX], [move(1)]]),
    "4b": (2, 3, ("black",), [[{"id": "draw", "kind": "draw", "n": "cowboys"}], [move(3)]]),
    "5b": (
        3,
        4,
        (),
        [
            [discard("black_angus", cert=2)],
            [{"id": "engineer-money", "kind": "money_per_engineer", "per": 1}],
        ],
    ),
    "6b": (4, 5, (), [[discard("any", gain=3, objective_to_hand=True)]]),
    "7b": (5, 6, ("green", "black"), [[engine("woods", ident="woods-engine")]]),
    "8b": (6, 8, (), [[{"id": "copy", "kind": "copy"}]]),
    "9b": (6, 8, (), [[{"id": "upgrade", "kind": "upgrade_behind"}]]),
    "10b": (8, 11, ("black",), [[{"id": "gain", "kind": "gain", "n": 4}], [engine(4)], [move(4)]]),
}

# Risk actions printed beside some building spaces (§1.6).
RISK: dict[str, Spec] = {
    "R-ANY": {**discard("any", cert=1), "id": "risk"},
    "R-JERSEY": {**discard("jersey", cert=1, gain=2), "id": "risk"},
}

# Immediate actions on worker spaces, by the names in ``player_board.WORKER_SPACE_ACTIONS``.
WORKER_ACTIONS: dict[str, Spec] = {
    "hazard_free": {"id": "hazard", "kind": "hazard", "cost": 0},
    "trade": TRADE,
    "build1": {"id": "build", "kind": "build", "rate": 1},
    "jersey_cert1": discard("jersey", cert=1),
    "jersey_gain2": discard("jersey", gain=2),
    "hire_minus2": {"id": "hire-2", "kind": "hire", "mod": -2},
    "jersey_cert2": discard("jersey", cert=2),
    "jersey_gain4": discard("jersey", gain=4),
}

BUILDING_NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(1, 11))


def craftsmen(tile: str) -> int:
    return PRIVATE[tile][0]


def vp(tile: str) -> int:
    return PRIVATE[tile][1]


def hands(tile: str) -> tuple[str, ...]:
    return PRIVATE[tile][2] if tile in PRIVATE else ()


def slots(tile: str) -> Slots:
    return NEUTRAL[tile] if tile in NEUTRAL else PRIVATE[tile][3]

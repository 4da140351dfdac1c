"""Neutral and private building tiles of the 2nd edition (2e fact sheet §4, §6, §14.4;
R2-LOCAL-01, R2-SETUP-06).

The spec language is the 1e module's (``engine.data.buildings``): a tile's local actions are
a list of *slots*, each a list of alternatives (EITHER/OR); each alternative is an action
spec whose ``kind`` names the rule that performs it.  The helper constructors (``discard``,
``move``, ``engine``) and the plain specs (``HIRE``, ``BUY``, ``AUX``,
``ENGINE_BY_ENGINEERS``) are the 1e module's own.  Breeds in discard requirements are the 2e
slot keys of ``engine.data.second.cattle`` (``p1`` = Criollo, ``p2_white``, ...).

Same public names as the 1e module, with the same meaning: ``Spec``, ``Slots``, ``discard``,
``move``, ``engine``, ``HIRE``, ``BUY``, ``AUX``, ``ENGINE_BY_ENGINEERS``, ``NEUTRAL``,
``PRIVATE`` (tile -> (builders, VP, hands, slots)), ``RISK``, ``WORKER_ACTIONS``,
``BUILDING_NUMBERS`` ("1"..."12"), ``craftsmen``, ``vp``, ``hands``, ``slots``.  ``craftsmen``
keeps its 1e name so that rule code can call either module; ``builders`` is the same
function under the 2e name.  Unchanged values are the 1e objects: ``NC``, ``NF``, ``NG`` and
the private sides 1a, 1b, 3a, 3b, 4a, 4b, 7b, 9a, 9b, 10a, 10b (§4.2 notes), the risk action
``R-ANY`` and the worker actions ``hazard_free`` and ``build1``.

Correspondences with 1e:

* ``TRADE`` (kind "trade", trade with the Indians) -> ``BOUNTY`` (kind "bounty", collect
  bounty for outlaws, R2-OUTLAW-03/06) on ``ND``, 8a and the cowboy row's space 6;
* kind "teepee_pairs" (7a) -> "outlaw_pairs" (green + orange outlaw pairs);
* risk action ``R-JERSEY`` -> ``R-CRIOLLO``; worker actions ``jersey_*`` -> ``criollo_*``,
  ``trade`` -> ``bounty``;
* 1e's 6a (Holstein -> $10) and 1e's 5a/6b/8b texts moved or changed: 2e 6a is the old 5a
  (hire -$1, engine by engineers), 2e 6b is the old 8b (copy an adjacent building), 2e 8b is
  the old 6b with $6 instead of $3, and 2b and 5a are new texts (§4.2).

New kinds, which rule code must add (``NEW_KINDS``): "bounty", "outlaw_pairs",
"money_per_builder", "money_per_station", "exchange_token".  New values inside known kinds
(``NEW_DISCARD_CARDS``, ``NEW_COUNTS``): the discard requirement ``card="value3"`` (one market
card of breeding value 3, any of ``cattle.VALUE3_BREEDS``; 5a) and the count ``n="hazards"``
(hazard tiles collected; 11b's engine move).  1e rule code given these finds no card / no
count, so it fails safe instead of doing something else.
"""

from __future__ import annotations

from engine.data import buildings as first
from engine.data.buildings import (
    AUX,
    BUY,
    ENGINE_BY_ENGINEERS,
    HIRE,
    Slots,
    Spec,
    discard,
    engine,
    move,
)

__all__ = [
    "AUX",
    "BOUNTY",
    "BUILDING_NUMBERS",
    "BUY",
    "DISCARD_CARDS",
    "ENGINE_BY_ENGINEERS",
    "HIRE",
    "KINDS",
    "NEUTRAL",
    "NEW_COUNTS",
    "NEW_DISCARD_CARDS",
    "NEW_KINDS",
    "PRIVATE",
    "RISK",
    "WORKER_ACTIONS",
    "Slots",
    "Spec",
    "builders",
    "craftsmen",
    "discard",
    "engine",
    "hands",
    "move",
    "slots",
    "vp",
]

BOUNTY: Spec = {"id": "bounty", "kind": "bounty"}

NEUTRAL: dict[str, Slots] = {
    "NA": [[discard("p2_white", gain=2)], [HIRE], [{"id": "hire+2", "kind": "hire", "mod": 2}]],
    "NB": [[discard("p2_green", gain=2)], [{"id": "build", "kind": "build", "rate": 2}]],
    "NC": first.NEUTRAL["NC"],
    "ND": [[BOUNTY, engine(2, pay=2, ident="engine-paid")], [AUX]],
    "NE": [[discard("p2_black", gain=2)], [BUY]],
    "NF": first.NEUTRAL["NF"],
    "NG": first.NEUTRAL["NG"],
}

# tile -> (builders, VP, hands, slots) (§4.2)
PRIVATE: dict[str, tuple[int, int, tuple[str, ...], Slots]] = {
    "1a": first.PRIVATE["1a"],
    "2a": (1, 1, (), [[discard("p2_white", gain=4)], [BUY]]),
    "3a": first.PRIVATE["3a"],
    "4a": first.PRIVATE["4a"],
    "5a": (3, 4, (), [[discard("value3", gain=7)], [AUX]]),
    "6a": (
        4,
        5,
        (),
        [[{"id": "hire-1", "kind": "hire", "mod": -1}], [ENGINE_BY_ENGINEERS]],
    ),
    "7a": (5, 6, ("green", "black"), [[{"id": "outlaw-pairs", "kind": "outlaw_pairs"}]]),
    "8a": (5, 6, ("green",), [[BOUNTY, AUX], [engine(2)]]),
    "9a": first.PRIVATE["9a"],
    "10a": first.PRIVATE["10a"],
    "11a": (
        12,
        20,
        (),
        [
            [{"id": "hazard-1", "kind": "hazard", "cost": 2}],
            [{"id": "hazard-2", "kind": "hazard", "cost": 2}],
        ],
    ),
    "12a": (
        4,
        5,
        (),
        [[{"id": "builder-money", "kind": "money_per_builder", "per": 1}], [move(1)]],
    ),
    "1b": first.PRIVATE["1b"],
    "2b": (1, 1, (), [[discard("p1", gain=2)], [discard("p2_green", engine=2)]]),
    "3b": first.PRIVATE["3b"],
    "4b": first.PRIVATE["4b"],
    "5b": (
        3,
        4,
        (),
        [
            [discard("p2_black", cert=2)],
            [{"id": "engineer-money", "kind": "money_per_engineer", "per": 1}],
        ],
    ),
    "6b": (4, 5, (), [[{"id": "copy", "kind": "copy"}]]),
    "7b": first.PRIVATE["7b"],
    "8b": (6, 8, (), [[discard("any", gain=6, objective_to_hand=True)]]),
    "9b": first.PRIVATE["9b"],
    "10b": first.PRIVATE["10b"],
    "11b": (5, 10, (), [[engine("hazards", ident="hazards-engine")]]),
    "12b": (
        3,
        4,
        (),
        [
            [{"id": "station-money", "kind": "money_per_station", "per": 2}],
            [{"id": "exchange-token", "kind": "exchange_token", "n": 1}],
        ],
    ),
}

# Risk actions printed beside some building spaces (§2.4; trail.RISK_ACTIONS).
RISK: dict[str, Spec] = {
    "R-ANY": first.RISK["R-ANY"],  # any cattle card (a Simmental too) -> certificate +1
    "R-CRIOLLO": {**discard("p1", cert=1, gain=2), "id": "risk"},
}

# Immediate actions on worker spaces, by the names in ``player_board.WORKER_SPACE_ACTIONS``
# (§14.4).
WORKER_ACTIONS: dict[str, Spec] = {
    "hazard_free": first.WORKER_ACTIONS["hazard_free"],
    "bounty": BOUNTY,
    "build1": first.WORKER_ACTIONS["build1"],
    "criollo_cert1": discard("p1", cert=1),
    "criollo_gain2": discard("p1", gain=2),
    "hire_minus2": first.WORKER_ACTIONS["hire_minus2"],
    "criollo_cert2": discard("p1", cert=2),
    "criollo_gain4": discard("p1", gain=4),
}

BUILDING_NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(1, 13))


def _kinds() -> frozenset[str]:
    specs = [
        *(s for tile in NEUTRAL.values() for slot in tile for s in slot),
        *(s for tile in PRIVATE.values() for slot in tile[3] for s in slot),
        *RISK.values(),
        *WORKER_ACTIONS.values(),
    ]
    return frozenset(s["kind"] for s in specs)


# Every action kind the 2e buildings, risk spaces and worker spaces use, and those of them
# that the 1e rules do not know (see the module docstring).
KINDS: frozenset[str] = _kinds()
NEW_KINDS: tuple[str, ...] = (
    "bounty",
    "outlaw_pairs",
    "money_per_builder",
    "money_per_station",
    "exchange_token",
)
# Discard requirements (``card``) and counts (``n``) that 1e has not.
NEW_DISCARD_CARDS: tuple[str, ...] = ("value3",)
NEW_COUNTS: tuple[str, ...] = ("hazards",)
# Every discard requirement: the special ones, then the breeds asked for by name.
DISCARD_CARDS: tuple[str, ...] = (
    "any",
    "pair",
    "objective",
    "value3",
    "p1",
    "p2_green",
    "p2_black",
    "p2_white",
)


def craftsmen(tile: str) -> int:
    """Builders needed (the 1e name of ``builders``)."""
    return PRIVATE[tile][0]


def builders(tile: str) -> int:
    return PRIVATE[tile][0]


def vp(tile: str) -> int:
    return PRIVATE[tile][1]


def hands(tile: str) -> tuple[str, ...]:
    return PRIVATE[tile][2] if tile in PRIVATE else ()


def slots(tile: str) -> Slots:
    return NEUTRAL[tile] if tile in NEUTRAL else PRIVATE[tile][3]

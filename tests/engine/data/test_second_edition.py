"""The 2nd edition's component data (``engine.data.second``) against its fact sheet,
``shared/reference/gwt-2e-components.md`` (section numbers below are the sheet's).

The expected values are transcribed here from the sheet, independently of the data modules,
so a typo in either shows.  R2 ids are those of ``shared/reference/rules-checklist-2e.md``.
"""

from __future__ import annotations

import inspect
import itertools
from collections import Counter
from types import ModuleType

import pytest

from engine.data import buildings as b1
from engine.data import cattle as c1
from engine.data import cities as ci1
from engine.data import objectives as o1
from engine.data import player_board as pb1
from engine.data import railroad as r1
from engine.data import tiles as t1
from engine.data import trail as tr1
from engine.data.second import (
    buildings,
    cattle,
    cities,
    objectives,
    player_board,
    railroad,
    tiles,
    trail,
)
from engine.rules import actions

# --- the modules mirror the 1e modules -----------------------------------------------------

_NOT_PUBLIC = {"annotations", "Unpack", "ActionSpec", "DiscardReward", "Card", "Tile"}

# 1e names the 2e module does not define, each with its documented 2e counterpart.
_REPLACED: dict[str, dict[str, str]] = {
    "trail": {"TEEPEE_SPACES": "OUTLAW_SPACES", "TEEPEE_VALUE": "OUTLAW_VALUE"},
    "buildings": {"TRADE": "BOUNTY"},
    "cattle": {},
    "cities": {"SAC_VP": "PHI_VP", "SFO_VP": "NYC_VP"},
    "objectives": {},
    "player_board": {"STARTING_HAND": "STARTING_HANDS"},
    "railroad": {},
    "tiles": {"TEEPEE_HAND": "OUTLAW_HAND"},
}
_PAIRS: dict[str, tuple[ModuleType, ModuleType]] = {
    "trail": (tr1, trail),
    "buildings": (b1, buildings),
    "cattle": (c1, cattle),
    "cities": (ci1, cities),
    "objectives": (o1, objectives),
    "player_board": (pb1, player_board),
    "railroad": (r1, railroad),
    "tiles": (t1, tiles),
}


def _public(mod: ModuleType) -> set[str]:
    return {
        n
        for n, v in vars(mod).items()
        if not n.startswith("_") and n not in _NOT_PUBLIC and not isinstance(v, ModuleType)
    }


@pytest.mark.parametrize("family", sorted(_PAIRS))
def test_public_names_mirror_the_1e_module(family: str) -> None:
    """Every 1e public name is defined by the 2e module, or replaced by a documented 2e
    counterpart that the 2e module defines and that its docstring names."""
    old, new = _PAIRS[family]
    missing = _public(old) - _public(new)
    assert missing == set(_REPLACED[family])
    for old_name, new_name in _REPLACED[family].items():
        assert new_name in _public(new)
        assert old_name in (new.__doc__ or "")
        assert new_name in (new.__doc__ or "")


@pytest.mark.parametrize("family", sorted(_PAIRS))
def test_functions_keep_the_1e_signatures(family: str) -> None:
    old, new = _PAIRS[family]
    for name in _public(old) & _public(new):
        f_old, f_new = getattr(old, name), getattr(new, name)
        if inspect.isfunction(f_old):
            assert inspect.isfunction(f_new), name
            assert str(inspect.signature(f_old)) == str(inspect.signature(f_new)), name


@pytest.mark.parametrize("family", sorted(_PAIRS))
def test_constants_keep_the_1e_shapes(family: str) -> None:
    """A constant of the same name has the same container type (and key type)."""
    old, new = _PAIRS[family]
    for name in _public(old) & _public(new):
        v_old, v_new = getattr(old, name), getattr(new, name)
        if inspect.isfunction(v_old) or isinstance(v_old, type):
            continue
        assert type(v_old) is type(v_new), name
        if isinstance(v_old, dict) and v_old and v_new:  # an empty table has no key type
            assert {type(k) for k in v_old} == {type(k) for k in v_new}, name


def test_unchanged_values_are_the_1e_objects() -> None:
    """Where the sheet says "unchanged", the 2e module reuses the 1e object (no copy)."""
    same = [
        (trail.WOODS, tr1.WOODS),
        (trail.HAZARD_TYPES, tr1.HAZARD_TYPES),
        (trail.HAZARD_SPACES, tr1.HAZARD_SPACES),
        (trail.FEES, pb1.FEES),
        (cattle.BUY_OPTIONS, c1.BUY_OPTIONS),
        (cattle.MARKET_SIZE, c1.MARKET_SIZE),
        (objectives.IMMEDIATE, o1.IMMEDIATE),
        (railroad.STATIONS, r1.STATIONS),
        (railroad.CROSSES, r1.CROSSES),
        (railroad.FORWARD, r1.FORWARD),
        (railroad.BACKWARD, r1.BACKWARD),
        (player_board.DISC_SPACES, pb1.DISC_SPACES),
        (player_board.CERT_TRACK, pb1.CERT_TRACK),
        (player_board.JOB_ROW_COSTS, pb1.JOB_ROW_COSTS),
        (player_board.AUX_DISCS, pb1.AUX_DISCS),
        (player_board.STEP_BASE, pb1.STEP_BASE),
        (tiles.HAZARD_MIX, t1.HAZARD_MIX),
        (buildings.RISK["R-ANY"], b1.RISK["R-ANY"]),
    ]
    for new, old in same:
        assert new is old
    for n in ("NC", "NF", "NG"):
        assert buildings.NEUTRAL[n] is b1.NEUTRAL[n]
    for t in ("1a", "1b", "3a", "3b", "4a", "4b", "7b", "9a", "9b", "10a", "10b"):
        assert buildings.PRIVATE[t] is b1.PRIVATE[t]


# --- §1 inventory -----------------------------------------------------------------------------


def test_component_inventory() -> None:
    """§1: counts of the 2e components (R2-OUTLAW-01, R2-SETUP-03/04/06/09, R2-SIMM-02)."""
    kinds = Counter((t["kind"], t["type"]) for t in tiles.TILES.values())
    assert {k: v for k, v in kinds.items() if k[0] == "worker"} == {
        ("worker", "cowboy"): 18,
        ("worker", "builder"): 18,
        ("worker", "engineer"): 18,
    }
    assert {k: v for k, v in kinds.items() if k[0] == "hazard"} == {
        ("hazard", "flood"): 6,
        ("hazard", "drought"): 6,
        ("hazard", "rockfall"): 6,
    }
    assert {k: v for k, v in kinds.items() if k[0] == "outlaw"} == {
        ("outlaw", "green"): 11,
        ("outlaw", "orange"): 11,
    }
    assert len(tiles.TILES) == 94
    assert len(tiles.supply_stacks()) == 3  # 3 bags
    assert player_board.COUNT_TILES == 4
    assert player_board.COUNT_TILE_SIDES == (2, 3)
    assert len(player_board.DISC_SPACES) == 14  # discs per player
    assert player_board.EXCHANGE_TOKENS == 12
    assert sum(len(cattle.starting_card_ids(s)) for s in range(4)) == 56
    assert len(cattle.MARKET_CARDS) == 36
    assert len(cattle.SIMMENTAL_CARDS) == 24
    assert len(objectives.GENERAL) == 24
    assert len(objectives.STARTING) == 4
    assert len(railroad.STATION_MASTERS) == 9
    assert len(buildings.NEUTRAL) == 7
    assert len(buildings.BUILDING_NUMBERS) == 12
    assert set(buildings.PRIVATE) == {f"{n}{s}" for n in buildings.BUILDING_NUMBERS for s in "ab"}
    assert len(buildings.PRIVATE) == 24  # 12 double-sided tiles ...
    assert len(buildings.BUILDING_NUMBERS) * 4 == 48  # ... per player


# --- §2 trail -------------------------------------------------------------------------------

# §2.3, verbatim but for the comments.
ADJACENCY = """
START      -> A
A          -> A-1, FLOOD-1
A-1 -> A-2 -> A-3 -> B
FLOOD-1 -> FLOOD-2 -> FLOOD-3 -> FLOOD-4 -> FLOOD-R1 -> FLOOD-R2 -> B
B          -> B-1, DROUGHT-1
B-1 -> B-2 -> B-3 -> C
DROUGHT-1 -> DROUGHT-2 -> DROUGHT-3 -> DROUGHT-4 -> DROUGHT-R1 -> C
C          -> C-1, D
C-1 -> C-2 -> E
D          -> D-1, OL3
D-1        -> E
OL3 -> OL4 -> OL5 -> OL6 -> OL8 -> OL10 -> OUTLAW-R1 -> OUTLAW-R2 -> E
E          -> E-1, ROCKFALL-1
E-1 -> E-2 -> F
ROCKFALL-1 -> ROCKFALL-2 -> ROCKFALL-3 -> ROCKFALL-4 -> ROCKFALL-R1 -> ROCKFALL-R2 -> F
F          -> F-1, F-2
F-1 -> G ;  F-2 -> G
G          -> G-1, G-2
G-1 -> KC ; G-2 -> KC
"""


def _sheet_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for line in ADJACENCY.strip().splitlines():
        for chain in line.split(";"):
            parts = [p.strip() for p in chain.split("->")]
            for a, b in itertools.pairwise(parts):
                for target in b.split(","):
                    edges.setdefault(a, set()).add(target.strip())
    return edges


def test_successors_are_the_sheets() -> None:
    """§2.3: every edge of the 2e trail, and no other (Q7)."""
    edges = _sheet_edges()
    for node, (_, succ) in trail.NODES.items():
        assert set(succ) == edges.get(node, set()), node
        assert len(succ) == len(set(succ))
    assert set(edges) <= set(trail.NODES)


def test_trail_is_a_dag_from_start_to_kc() -> None:
    """§2.2/§2.3: acyclic; every trail node lies on a path START -> KC; the three off-trail
    outlaw spaces are isolated."""
    order: list[str] = []
    state: dict[str, int] = {}

    def visit(n: str) -> None:
        assert state.get(n) != 1, f"cycle through {n}"
        if state.get(n) == 2:
            return
        state[n] = 1
        for s in trail.successors(n):
            visit(s)
        state[n] = 2
        order.append(n)

    visit(trail.START)
    reachable = set(order)
    assert reachable == set(trail.NODES) - trail.OUTLAW_OFF_TRAIL
    assert trail.successors(trail.KC) == ()
    for n in reachable - {trail.KC}:
        assert trail.successors(n), n  # no dead end but KC
    for n in trail.OUTLAW_OFF_TRAIL:
        assert trail.successors(n) == ()
        assert trail.PREDECESSORS[n] == ()
    assert trail.PREDECESSORS[trail.START] == ()


def test_node_and_space_counts() -> None:
    """§2.2: 7 neutral, 22 private building spaces (15 plain + 7 risk), 12 hazard, 9 outlaw
    (6 on the trail, 3 off), 8 woods; C-3 is gone and D-1 is new."""
    kinds = Counter(trail.kind(n) for n in trail.NODES)
    assert kinds == {
        "start": 1,
        "kc": 1,
        "neutral": 7,
        "private": 15,
        "risk": 7,
        "hazard": 12,
        "outlaw": 9,
    }
    assert trail.NEUTRAL_SPACES == ("A", "B", "C", "D", "E", "F", "G")
    assert all(trail.kind(n) == "neutral" for n in trail.NEUTRAL_SPACES)
    assert len(trail.BUILDING_SPACES) == 22
    assert "C-3" not in trail.NODES
    assert trail.kind("D-1") == "private"
    assert not {n for n in trail.NODES if n.startswith(("TP", "TEEPEE"))}
    assert {
        "FLOOD-R2",
        "B-1",
        "C-1",
        "C-2",
        "E-1",
        "E-2",
        "ROCKFALL-R2",
        "F-2",
    } == trail.WOODS
    assert set(trail.BUILDING_SPACES) >= trail.WOODS
    assert len(trail.OUTLAW_ON_TRAIL) == 6
    assert len(trail.OUTLAW_OFF_TRAIL) == 3
    for h in trail.HAZARD_TYPES:
        assert all(trail.kind(s) == "hazard" for s in trail.HAZARD_SPACES[h])


def test_neighbours_of_d() -> None:
    """§2.3: adjacency for 6b goes both ways; D's neighbours are C, D-1 and OL3."""
    assert set(trail.neighbours("D")) == {"C", "D-1", "OL3"}
    assert set(trail.neighbours("E")) == {"C-2", "D-1", "OUTLAW-R2", "E-1", "ROCKFALL-1"}


def test_risk_actions() -> None:
    """§2.4: R-ANY on FLOOD-R1, DROUGHT-R1, OUTLAW-R1, ROCKFALL-R1; R-CRIOLLO (1e R-JERSEY:
    a Criollo -> certificate +1 and $2) on the three R2 spaces."""
    assert trail.RISK_ACTIONS == {
        "FLOOD-R1": "R-ANY",
        "DROUGHT-R1": "R-ANY",
        "OUTLAW-R1": "R-ANY",
        "ROCKFALL-R1": "R-ANY",
        "FLOOD-R2": "R-CRIOLLO",
        "OUTLAW-R2": "R-CRIOLLO",
        "ROCKFALL-R2": "R-CRIOLLO",
    }
    assert set(trail.RISK_ACTIONS) == {n for n in trail.NODES if trail.kind(n) == "risk"}
    assert set(trail.RISK_ACTIONS.values()) == set(buildings.RISK)
    assert buildings.RISK["R-ANY"] == {
        "id": "risk",
        "kind": "discard",
        "card": "any",
        "cert": 1,
    }
    assert buildings.RISK["R-CRIOLLO"] == {
        "id": "risk",
        "kind": "discard",
        "card": "p1",
        "cert": 1,
        "gain": 2,
    }


def test_hand_fees() -> None:
    """§2.5 (R2-FEE-01): fees by hand colour and player count; green outlaw = green hand,
    orange outlaw = black hand; green + black on one tile = the sum."""
    assert trail.FEES == {
        2: {"green": 2, "black": 2},
        3: {"green": 2, "black": 1},
        4: {
            "green": 1,
            "black": 2,
        },
    }
    assert trail.OUTLAW_FEES == {"green": {2: 2, 3: 2, 4: 1}, "orange": {2: 2, 3: 1, 4: 2}}
    assert [trail.fee(("green", "black"), n) for n in (2, 3, 4)] == [4, 3, 3]
    assert trail.fee((), 3) == 0
    for tid, t in tiles.TILES.items():
        if t["kind"] == "outlaw":
            assert t["hand"] == {"green": "green", "orange": "black"}[t["type"]], tid


# --- §3 outlaw section ------------------------------------------------------------------------


def test_outlaw_section() -> None:
    """§3 (R2-OUTLAW-02/04, R2-SETUP-05): 9 spaces in fill order, each a reward: an exchange
    token, then $1, 2, 3, 4, 5, 6, 8, 10; the first three lie off the trail."""
    assert trail.OUTLAW_SPACES == (
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
    assert trail.OUTLAW_TOKENS == {"OL-X": 1}
    assert all(v >= 0 for v in trail.OUTLAW_VALUE.values())  # no payments any more
    assert sum(trail.OUTLAW_VALUE.values()) == 39
    assert {s: i + 1 for i, (s, _) in enumerate(trail.OUTLAW_SPACES)} == trail.OUTLAW_NUMBERS
    assert {"OL-X", "OL1", "OL2"} == trail.OUTLAW_OFF_TRAIL
    assert trail.OUTLAW_ON_TRAIL == ("OL3", "OL4", "OL5", "OL6", "OL8", "OL10")
    assert all(trail.kind(s) == "outlaw" for s, _ in trail.OUTLAW_SPACES)


# --- §4, §6 buildings -------------------------------------------------------------------------

# §4.2: tile -> (builders, VP, hands)
PRIVATE_SIDES: dict[str, tuple[int, int, tuple[str, ...]]] = {
    "1a": (1, 1, ("green",)),
    "1b": (1, 1, ("green",)),
    "2a": (1, 1, ()),
    "2b": (1, 1, ()),
    "3a": (1, 1, ()),
    "3b": (2, 3, ()),
    "4a": (2, 3, ("black",)),
    "4b": (2, 3, ("black",)),
    "5a": (3, 4, ()),
    "5b": (3, 4, ()),
    "6a": (4, 5, ()),
    "6b": (4, 5, ()),
    "7a": (5, 6, ("green", "black")),
    "7b": (5, 6, ("green", "black")),
    "8a": (5, 6, ("green",)),
    "8b": (6, 8, ()),
    "9a": (7, 9, ()),
    "9b": (6, 8, ()),
    "10a": (9, 13, ("black",)),
    "10b": (8, 11, ("black",)),
    "11a": (12, 20, ()),
    "11b": (5, 10, ()),
    "12a": (4, 5, ()),
    "12b": (3, 4, ()),
}

# §4.2: the number of local actions (slots) of each side.
PRIVATE_SLOTS: dict[str, int] = {
    "1a": 1,
    "1b": 2,
    "2a": 2,
    "2b": 2,
    "3a": 2,
    "3b": 2,
    "4a": 2,
    "4b": 2,
    "5a": 2,
    "5b": 2,
    "6a": 2,
    "6b": 1,
    "7a": 1,
    "7b": 1,
    "8a": 2,
    "8b": 1,
    "9a": 2,
    "9b": 1,
    "10a": 2,
    "10b": 3,
    "11a": 2,
    "11b": 1,
    "12a": 2,
    "12b": 2,
}


def test_private_building_sides() -> None:
    """§4.2 (R2-SETUP-06, R2-BUILD-02): builders, VP and hands of the 24 sides; 11a/11b/12a/12b
    are new (12b/12a need fewer builders than several lower numbers)."""
    for tid, (n, vp, hands) in PRIVATE_SIDES.items():
        assert buildings.builders(tid) == buildings.craftsmen(tid) == n, tid
        assert buildings.vp(tid) == vp, tid
        assert buildings.hands(tid) == hands, tid
        assert len(buildings.slots(tid)) == PRIVATE_SLOTS[tid], tid
    assert set(PRIVATE_SIDES) == set(buildings.PRIVATE)
    # Building VP in scoring category 2 (§17): 11a = 20, 11b = 10, 12a = 5, 12b = 4.
    assert [buildings.vp(t) for t in ("11a", "11b", "12a", "12b")] == [20, 10, 5, 4]


def _specs(tid: str) -> list[dict[str, object]]:
    return [dict(s) for slot in buildings.slots(tid) for s in slot]


def test_changed_and_new_private_actions() -> None:
    """§4.2: the texts of 2b, 5a, 6a, 6b, 7a, 8a, 8b, 11a, 11b, 12a, 12b (R2-LOCAL-01,
    R2-EXCH-04: 12b gains an exchange token)."""
    s = buildings.slots
    assert s("2b") == [
        [{"id": "discard-p1", "kind": "discard", "card": "p1", "gain": 2}],
        [{"id": "discard-p2_green", "kind": "discard", "card": "p2_green", "engine": 2}],
    ]
    assert s("2a")[0] == [
        {"id": "discard-p2_white", "kind": "discard", "card": "p2_white", "gain": 4}
    ]
    assert s("5a") == [
        [{"id": "discard-value3", "kind": "discard", "card": "value3", "gain": 7}],
        [buildings.AUX],
    ]
    assert s("5b")[0] == [
        {"id": "discard-p2_black", "kind": "discard", "card": "p2_black", "cert": 2}
    ]
    assert s("6a") == [
        [{"id": "hire-1", "kind": "hire", "mod": -1}],
        [buildings.ENGINE_BY_ENGINEERS],
    ]
    assert s("6b") == [[{"id": "copy", "kind": "copy"}]]
    assert s("7a") == [[{"id": "outlaw-pairs", "kind": "outlaw_pairs"}]]
    assert s("8a") == [[buildings.BOUNTY, buildings.AUX], [buildings.engine(2)]]
    assert s("8b") == [
        [
            {
                "id": "discard-any",
                "kind": "discard",
                "card": "any",
                "gain": 6,
                "objective_to_hand": True,
            }
        ]
    ]
    assert s("11a") == [
        [{"id": "hazard-1", "kind": "hazard", "cost": 2}],
        [{"id": "hazard-2", "kind": "hazard", "cost": 2}],
    ]
    assert s("11b") == [[{"id": "hazards-engine", "kind": "engine", "n": "hazards", "pay": 0}]]
    assert s("12a") == [
        [{"id": "builder-money", "kind": "money_per_builder", "per": 1}],
        [buildings.move(1)],
    ]
    assert s("12b") == [
        [{"id": "station-money", "kind": "money_per_station", "per": 2}],
        [{"id": "exchange-token", "kind": "exchange_token", "n": 1}],
    ]


def test_neutral_buildings() -> None:
    """§6 (R2-OUTLAW-06): the 7 neutral tiles, no hands; breeds by slot; ND collects bounty."""
    n = buildings.NEUTRAL
    assert set(n) == {"NA", "NB", "NC", "ND", "NE", "NF", "NG"}
    assert all(buildings.hands(t) == () for t in n)
    assert n["NA"] == [
        [{"id": "discard-p2_white", "kind": "discard", "card": "p2_white", "gain": 2}],
        [{"id": "hire", "kind": "hire", "mod": 0}],
        [{"id": "hire+2", "kind": "hire", "mod": 2}],
    ]
    assert n["NB"] == [
        [{"id": "discard-p2_green", "kind": "discard", "card": "p2_green", "gain": 2}],
        [{"id": "build", "kind": "build", "rate": 2}],
    ]
    assert n["ND"] == [
        [
            {"id": "bounty", "kind": "bounty"},
            {"id": "engine-paid", "kind": "engine", "n": 2, "pay": 2},
        ],
        [{"id": "aux", "kind": "aux", "double": True}],
    ]
    assert n["NE"] == [
        [{"id": "discard-p2_black", "kind": "discard", "card": "p2_black", "gain": 2}],
        [{"id": "buy", "kind": "buy"}],
    ]
    assert n["NF"][0] == [{"id": "discard-pair", "kind": "discard", "card": "pair", "gain": 4}]
    assert n["NF"][1] == [{"id": "hazard", "kind": "hazard", "cost": 7}]
    assert [len(n[t]) for t in sorted(n)] == [3, 2, 2, 2, 2, 2, 2]


def test_every_action_kind_is_known_or_listed_as_new() -> None:
    """Each kind used by a 2e building, risk space, worker space or station master is a kind
    the rules perform (``engine.rules.actions``); each of ``NEW_KINDS`` is used, and none is
    a 1e building's kind."""
    known = set(actions.SPEC_MOVES)
    used = set(buildings.KINDS)
    used |= {s["kind"] for slots in railroad.IMMEDIATE.values() for slot in slots for s in slot}
    assert used <= known
    assert set(buildings.NEW_KINDS) <= used
    first_kinds = {
        s["kind"]
        for slots in [*b1.NEUTRAL.values(), *(t[3] for t in b1.PRIVATE.values())]
        for slot in slots
        for s in slot
    }
    assert not set(buildings.NEW_KINDS) & first_kinds


def test_discard_requirements_and_counts() -> None:
    """Every discard asks for a 2e breed or a special card; new selectors are listed; every
    count is a number, a 1e count or a listed new one (R2-SIMM-19: 5a's value-3 requirement
    never takes a Simmental)."""
    specs = [
        *(s for t in buildings.NEUTRAL for slot in buildings.slots(t) for s in slot),
        *(s for t in buildings.PRIVATE for slot in buildings.slots(t) for s in slot),
        *buildings.RISK.values(),
        *buildings.WORKER_ACTIONS.values(),
    ]
    cards = {s["card"] for s in specs if s["kind"] == "discard"}
    assert cards == set(buildings.DISCARD_CARDS)
    special = {"any", "pair", "objective", *buildings.NEW_DISCARD_CARDS}
    assert cards - special <= set(cattle.BREEDS)
    assert cattle.SIMMENTAL not in cattle.VALUE3_BREEDS
    counts = {s["n"] for s in specs if isinstance(s.get("n"), str)}
    assert counts <= {"engineers", "cowboys", "woods", *buildings.NEW_COUNTS}
    assert set(buildings.NEW_COUNTS) <= counts
    for tile in buildings.PRIVATE:  # action ids are unique on a tile
        ids = [s["id"] for slot in buildings.slots(tile) for s in slot]
        assert len(ids) == len(set(ids)), tile


# --- §5 cattle --------------------------------------------------------------------------------


def test_breeds_by_slot() -> None:
    """§5.0 (R2-SETUP-02, Q1, Q2, R2-SAME-21): breeds are keyed on slots; 2e names are labels;
    "Black Angus" is the value-3 yellow market breed, and no breed key is a 1e key."""
    assert cattle.BREEDS == {
        "p1": (1, "gray"),
        "p2_green": (2, "green"),
        "p2_black": (2, "black"),
        "p2_white": (2, "white"),
        "m3_yellow": (3, "yellow"),
        "m3_red": (3, "red"),
        "m3_blue": (3, "blue"),
        "m4": (4, "brown"),
        "m5": (5, "purple"),
    }
    assert cattle.BREED_NAMES == {
        "p1": "Criollo",
        "p2_green": "Santa Gertrudis",
        "p2_black": "Pineywoods",
        "p2_white": "Galloway",
        "m3_yellow": "Black Angus",
        "m3_red": "Longhorn",
        "m3_blue": "Corriente",
        "m4": "Shorthorn",
        "m5": "Hereford",
        "simmental": "Simmental",
    }
    assert not set(cattle.BREEDS) & set(c1.BREEDS)
    # Slot by slot, the 2e breed has the 1e breed's value and colour (§5.0).
    assert [cattle.BREEDS[k] for k in cattle.BREEDS] == list(c1.BREEDS.values())


def test_starting_decks() -> None:
    """§5.1: 14 cards per seat, 5 Criollo (value 1) + 3 + 3 + 3 of value 2, all 0 VP."""
    for seat in range(4):
        ids = cattle.starting_card_ids(seat)
        assert len(ids) == len(set(ids)) == 14
        cards = [cattle.starting_card(c) for c in ids]
        assert Counter(c["breed"] for c in cards) == {
            "p1": 5,
            "p2_green": 3,
            "p2_black": 3,
            "p2_white": 3,
        }
        assert sorted(c["value"] for c in cards) == [1] * 5 + [2] * 9
        assert all(c["vp"] == 0 and c["kind"] == "cattle" for c in cards)
        assert all(c.startswith(f"p{seat}-") for c in ids)
    all_ids = [c for s in range(4) for c in cattle.starting_card_ids(s)]
    assert len(set(all_ids)) == 56


def test_market_deck() -> None:
    """§5.2: 36 cards: 7 / 7 / 7 of value 3 (1, 2, 3 VP), 9 Shorthorn (3,3,3,4,4,4,5,5,5 VP),
    6 Hereford (5,5,6,6,7,7 VP); display order yellow, red, blue, brown, purple."""
    by_breed: dict[str, list[int]] = {}
    for c in cattle.MARKET_CARDS.values():
        assert c["value"] == cattle.BREEDS[c["breed"]][0]
        by_breed.setdefault(c["breed"], []).append(c["vp"])
    assert {k: sorted(v) for k, v in by_breed.items()} == {
        "m3_yellow": [1] * 7,
        "m3_red": [2] * 7,
        "m3_blue": [3] * 7,
        "m4": [3, 3, 3, 4, 4, 4, 5, 5, 5],
        "m5": [5, 5, 6, 6, 7, 7],
    }
    assert sum(c["vp"] for c in cattle.MARKET_CARDS.values()) == 7 + 14 + 21 + 36 + 36
    assert cattle.MARKET_ORDER == ("m3_yellow", "m3_red", "m3_blue", "m4", "m5")
    assert [cattle.BREEDS[b][1] for b in cattle.MARKET_ORDER] == [
        "yellow",
        "red",
        "blue",
        "brown",
        "purple",
    ]
    assert cattle.MARKET_SIZE == {2: 7, 3: 10, 4: 13}


def test_buy_options() -> None:
    """§5.4 (R2-MARKET-02, R2-SIMM-08/09/22): the 1e table; Shorthorn for 1 cowboy + $12 and
    2 for 5 + $8; Hereford for 2 + $12; a Simmental Calf for 1 + $8 or 2 + $5, and only the
    Simmental options buy a Simmental."""
    o = cattle.BUY_OPTIONS
    assert o == {
        "BUY-3A": (1, 6, 3, 1),
        "BUY-3B": (2, 3, 3, 1),
        "BUY-3x2": (3, 5, 3, 2),
        "BUY-4A": (1, 12, 4, 1),
        "BUY-4B": (3, 6, 4, 1),
        "BUY-4x2": (5, 8, 4, 2),
        "BUY-5A": (2, 12, 5, 1),
        "BUY-5B": (4, 6, 5, 1),
    }
    assert cattle.SIMMENTAL_BUY_OPTIONS == {"BUY-SIM-A": (1, 8, 2, 1), "BUY-SIM-B": (2, 5, 2, 1)}
    assert set(cattle.BUY_OPTION_BREEDS) == set(o) | set(cattle.SIMMENTAL_BUY_OPTIONS)
    for option, breeds in cattle.BUY_OPTION_BREEDS.items():
        value = {**o, **cattle.SIMMENTAL_BUY_OPTIONS}[option][2]
        if cattle.SIMMENTAL in breeds:
            assert option in cattle.SIMMENTAL_BUY_OPTIONS
            assert breeds == (cattle.SIMMENTAL,)
            assert cattle.SIMMENTAL_STAGES[1][1] == value
        else:
            assert all(cattle.BREEDS[b][0] == value for b in breeds)
    assert cattle.BUY_OPTION_BREEDS["BUY-4A"] == ("m4",)  # Shorthorn
    assert cattle.BUY_OPTION_BREEDS["BUY-5A"] == ("m5",)  # Hereford
    assert (cattle.MARKET_DRAW_COWBOYS, cattle.MARKET_DRAW_CARDS) == (1, 2)


def test_simmental_variant() -> None:
    """§5.5 (R2-SIMM-02..06, R2-SIMM-17, Q5): 8 Calves (2 / 3 VP), 8 Heifers (4 / 4 VP),
    8 Cows (5 / 5 VP), one breed; the Calves join the 36 market cards (44); Heifers and Cows
    are two stacks; 9/12/15 cards revealed; orange first in the display."""
    cards = cattle.SIMMENTAL_CARDS
    assert Counter((c["stage"], c["value"], c["vp"]) for c in cards.values()) == {
        (1, 2, 3): 8,
        (2, 4, 4): 8,
        (3, 5, 5): 8,
    }
    assert {c["breed"] for c in cards.values()} == {"simmental"}
    assert [cattle.SIMMENTAL_STAGES[s][0] for s in (1, 2, 3)] == ["calf", "heifer", "cow"]
    assert len(cattle.SIMMENTAL_MARKET_CARDS) == 8
    assert all(cattle.simmental_stage(c) == 1 for c in cattle.SIMMENTAL_MARKET_CARDS)
    assert {s: len(v) for s, v in cattle.SIMMENTAL_STACKS.items()} == {2: 8, 3: 8}
    assert all(
        cattle.simmental_stage(c) == s for s, v in cattle.SIMMENTAL_STACKS.items() for c in v
    )
    assert len(set(cattle.MARKET_CARDS) | set(cattle.SIMMENTAL_MARKET_CARDS)) == 44
    assert cattle.MARKET_SIZE_SIMMENTAL == {2: 9, 3: 12, 4: 15}
    assert cattle.MARKET_ORDER_SIMMENTAL[0] == "simmental"
    assert cattle.SIMMENTAL_COLOUR == "orange"
    assert cattle.simmental_stage("m4-1") is None
    assert set(cattle.CARDS) == set(cattle.MARKET_CARDS) | set(cards)


# --- §7 objectives ----------------------------------------------------------------------------

OBJECTIVES: dict[str, tuple[str | None, tuple[str, ...], int, int]] = {
    "OBJ-S1": (None, ("3", "4", "B"), 3, 0),
    "OBJ-S2": (None, ("S", "S", "OG"), 3, 0),
    "OBJ-S3": (None, ("B", "B", "H"), 3, 0),
    "OBJ-S4": (None, ("OO", "H", "H"), 3, 0),
    "OBJ-01": ("IA-GAIN2", ("B", "OO", "OO"), 3, -2),
    "OBJ-02": ("IA-GAIN2", ("B", "OG", "OO"), 3, -2),
    "OBJ-03": ("IA-GAIN2", ("4", "H", "H"), 3, -2),
    "OBJ-04": ("IA-GAIN2", ("S", "S", "H"), 3, -2),
    "OBJ-05": ("IA-GAIN2", ("3", "3", "3", "B"), 4, -2),
    "OBJ-06": ("IA-AUX", ("NY",), 5, -3),
    "OBJ-07": ("IA-AUX", ("NY",), 5, -3),
    "OBJ-08": ("IA-AUX", ("NY",), 5, -3),
    "OBJ-09": ("IA-AUX", ("NY",), 5, -3),
    "OBJ-10": ("IA-DRAW3", ("B", "B", "H"), 3, -2),
    "OBJ-11": ("IA-DRAW3", ("S", "OG", "OO"), 3, -2),
    "OBJ-12": ("IA-DRAW3", ("5", "H"), 3, -2),
    "OBJ-13": ("IA-DRAW3", ("S", "OG", "OG"), 3, -2),
    "OBJ-14": ("IA-DRAW3", ("3", "3", "3", "S"), 4, -2),
    "OBJ-15": ("IA-ENG2", ("4", "4", "S", "OG"), 5, -3),
    "OBJ-16": ("IA-ENG2", ("3", "4", "5"), 5, -3),
    "OBJ-17": ("IA-ENG2", ("B", "B", "OG", "OG"), 5, -3),
    "OBJ-18": ("IA-ENG3", ("B", "OO", "H", "H"), 5, -3),
    "OBJ-19": ("IA-ENG3", ("S", "S", "H", "H"), 5, -3),
    "OBJ-20": ("IA-MOVE3", ("B", "B", "H", "H"), 5, -2),
    "OBJ-21": ("IA-MOVE3", ("S", "S", "OO", "OO"), 5, -2),
    "OBJ-22": ("IA-MOVE3", ("3", "4", "5"), 5, -2),
    "OBJ-23": ("IA-MOVE3", ("3", "4", "H", "H"), 5, -2),
    "OBJ-24": ("IA-MOVE3", ("S", "S", "B", "B"), 5, -2),
}


def test_objective_decks() -> None:
    """§7.2/§7.3 (R2-OBJ-01): 4 starting cards (no penalty) and 24 general cards, the 1e deck
    with OG / OO / NY for G / BL / SF."""
    assert objectives.ALL == OBJECTIVES
    assert list(objectives.STARTING) == ["OBJ-S1", "OBJ-S2", "OBJ-S3", "OBJ-S4"]
    assert list(objectives.GENERAL) == [f"OBJ-{i:02d}" for i in range(1, 25)]
    assert all(v[3] == 0 and v[0] is None for v in objectives.STARTING.values())
    used = {t for _, tasks, _, _ in objectives.ALL.values() for t in tasks}
    assert used == set(objectives.TASK_CODES)
    assert objectives.TASK_CODES == ("B", "OG", "OO", "H", "S", "3", "4", "5", "NY")
    assert set(objectives.NEW_TASK_CODES) == {"OG", "OO", "NY"}
    assert not used & {"G", "BL", "SF"}
    actions_used = {v[0] for v in objectives.GENERAL.values()}
    assert actions_used == set(objectives.IMMEDIATE)
    card = objectives.card("OBJ-S2")
    assert card == {
        "kind": "objective",
        "id": "OBJ-S2",
        "action": None,
        "tasks": ["S", "S", "OG"],
        "vp": 3,
        "penalty": 0,
        "starting": True,
    }


def test_green_outlaw_task() -> None:
    """§7.4 / §21 (R2-OBJ-03): the green-outlaw task is on 6 cards, 8 instances."""
    with_og = {c for c, (_, tasks, _, _) in objectives.ALL.items() if "OG" in tasks}
    assert with_og == {"OBJ-S2", "OBJ-02", "OBJ-11", "OBJ-13", "OBJ-15", "OBJ-17"}
    assert sum(tasks.count("OG") for _, tasks, _, _ in objectives.ALL.values()) == 8


def test_cattle_tasks_name_breeds() -> None:
    """§7.1 (R2-SETUP-02, R2-SIMM-20): "4" = a Shorthorn, "5" = a Hereford, "3" = a value-3
    market card; a Simmental never counts."""
    assert objectives.TASK_BREEDS == {
        "3": ("m3_yellow", "m3_red", "m3_blue"),
        "4": ("m4",),
        "5": ("m5",),
    }
    assert cattle.BREED_NAMES["m4"] == "Shorthorn"
    assert cattle.BREED_NAMES["m5"] == "Hereford"


# --- §8, §9 railroad ------------------------------------------------------------------------


def test_station_masters() -> None:
    """§8 (R2-SETUP-03, R2-STATION-02..06, R2-KC-03): 9 tiles, 5 dealt; 4 immediate actions
    (hazard free or bounty; $2; $12; certificate up to 2); 7 tasks; SM-6 and SM-7 have none;
    SM-6 has 2 permanent certificates."""
    assert railroad.STATION_MASTERS == {
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
    assert railroad.STATION_MASTERS_DEALT == 5
    assert railroad.STATION_MASTER_SPACES == ("S1", "S2", "S3", "S4", "S5")
    assert railroad.PERMANENT_CERTIFICATES == {
        "SM-1": 0,
        "SM-2": 0,
        "SM-3": 1,
        "SM-4": 1,
        "SM-5": 1,
        "SM-6": 2,
        "SM-7": 0,
        "SM-8": 1,
        "SM-9": 0,
    }
    # Every tile has either an immediate action or permanent certificates, never both.
    for sm in railroad.STATION_MASTERS:
        assert (sm in railroad.IMMEDIATE) != (railroad.PERMANENT_CERTIFICATES[sm] > 0), sm
    assert railroad.IMMEDIATE["SM-7"] == [[{"id": "gain", "kind": "gain", "n": 12}]]
    assert railroad.IMMEDIATE["SM-9"] == [[{"id": "certificate", "kind": "certificate", "n": 2}]]
    assert [s["kind"] for s in railroad.IMMEDIATE["SM-2"][0]] == ["hazard", "bounty"]
    assert railroad.IMMEDIATE["SM-2"][0][0]["cost"] == 0
    tasks = {lower for _, lower in railroad.STATION_MASTERS.values()} - {"none"}
    assert len(tasks) == 7
    assert railroad.TASK_VP["per_2_stations"] == (3, 2)
    assert railroad.TASK_VP["per_building"] == (2, 1)
    assert set(railroad.TASK_VP) == tasks | {"none"}
    assert set(railroad.NEW_UPPER_HALVES) == {u for u, _ in railroad.STATION_MASTERS.values()} - {
        u for u, _ in r1.STATION_MASTERS.values()
    }
    assert set(railroad.NEW_LOWER_HALVES) == {lo for _, lo in railroad.STATION_MASTERS.values()} - {
        lo for _, lo in r1.STATION_MASTERS.values()
    }
    assert railroad.sm_card("SM-8") == {
        "kind": "station_master",
        "id": "SM-8",
        "type": "certificate",
        "scoring": "per_2_stations",
    }


def test_track_unchanged() -> None:
    """§9: 10 stations with the 1e costs/VP/corners; 11 crosses."""
    assert [railroad.STATIONS[f"S{i}"][2:4] for i in range(1, 11)] == [
        (2, 1),
        (2, 1),
        (4, 2),
        (4, 2),
        (6, 3),
        (8, 5),
        (7, 6),
        (6, 7),
        (5, 8),
        (3, 9),
    ]
    assert len(railroad.CROSSES) == 11


# --- §10 cities ---------------------------------------------------------------------------------


def test_cities() -> None:
    """§10 (R2-KC-01/02, R2-SAME-21): Kansas City -> New York; values, corners, repeats, VP,
    the $4 of Kansas City; each 2e city has its 1e counterpart's value and corners."""
    assert {c: v[1:] for c, v in cities.CITIES.items()} == {
        "KAN": (0, "white", True),
        "FUL": (1, "white", False),
        "STL": (4, "white", False),
        "BLO": (6, "white", False),
        "PEO": (8, "white", False),
        "CHI": (10, "dark", False),
        "TOL": (12, "dark", False),
        "PIT": (14, "white", False),
        "PHI": (16, "dark", False),
        "NYC": (18, "dark", True),
    }
    assert cities.CITIES["NYC"][0] == "New York"
    assert cities.ORDER[-1] == cities.TERMINAL == "NYC"
    assert cities.LOCAL == "KAN"
    assert (cities.KAN_MONEY, cities.KAN_VP, cities.PHI_VP, cities.NYC_VP) == (4, -6, 6, 9)
    for old, new in cities.CITY_FOR_1E.items():
        assert ci1.CITIES[old][1:3] == cities.CITIES[new][1:3]
    # Crosses to pay from the start of the track (§9).
    crosses = [railroad.crosses_before(cities.CITIES[c][1]) for c in cities.ORDER]
    assert crosses == [0, 0, 1, 3, 4, 5, 7, 8, 9, 11]


def test_city_arrows() -> None:
    """§10.2 (R2-KC-05, R2-EXCH-04): objective actions at FUL-STL, BLO-PEO, PEO-CHI; the
    exchange token at STL-BLO (no VP, the 1e -1 is gone); VP -3, +6, +8, +4."""
    assert cities.ARROWS == {
        ("KAN", "FUL"): (None, 0),
        ("FUL", "STL"): ("objective", -3),
        ("STL", "BLO"): ("exchange_token", 0),
        ("BLO", "PEO"): ("objective", 0),
        ("PEO", "CHI"): ("objective", 0),
        ("CHI", "TOL"): (None, 6),
        ("TOL", "PIT"): (None, 8),
        ("PIT", "PHI"): (None, 4),
        ("PHI", "NYC"): (None, 0),
    }
    assert list(cities.ARROWS) == list(zip(cities.ORDER, cities.ORDER[1:], strict=False))
    actions_used = {a for a, _ in cities.ARROWS.values() if a}
    assert set(cities.NEW_ARROW_ACTIONS) == actions_used - {a for a, _ in ci1.ARROWS.values() if a}


# --- §11 bags -----------------------------------------------------------------------------------


def test_bags() -> None:
    """§11 (R2-SETUP-04/05, R2-OUTLAW-01): bag 1: 9 green + 8 orange outlaws and 18 hazards
    (35); bag 2: 11 workers of each kind (33); bag 3: 7 workers of each kind, 2 green and
    3 orange outlaws (26); hazard tiles as in 1e (18 VP per type)."""
    stacks = tiles.supply_stacks()

    def content(bag: str) -> Counter[tuple[str, str]]:
        return Counter((tiles.TILES[t]["kind"], tiles.TILES[t]["type"]) for t in stacks[bag])

    assert content("1") == {
        ("outlaw", "green"): 9,
        ("outlaw", "orange"): 8,
        ("hazard", "flood"): 6,
        ("hazard", "drought"): 6,
        ("hazard", "rockfall"): 6,
    }
    assert content("2") == {
        ("worker", "cowboy"): 11,
        ("worker", "builder"): 11,
        ("worker", "engineer"): 11,
    }
    assert content("3") == {
        ("worker", "cowboy"): 7,
        ("worker", "builder"): 7,
        ("worker", "engineer"): 7,
        ("outlaw", "green"): 2,
        ("outlaw", "orange"): 3,
    }
    assert {k: len(v) for k, v in stacks.items()} == tiles.BAG_SIZES == {"1": 35, "2": 33, "3": 26}
    for h in ("flood", "drought", "rockfall"):
        mix = sorted((t["vp"], t["hand"]) for t in tiles.TILES.values() if t["type"] == h)
        assert mix == [
            (2, "black"),
            (2, "green"),
            (3, "black"),
            (3, "green"),
            (4, "green"),
            (4, "green"),
        ]
    assert "back" not in tiles.tile("outlaw-orange-11")
    assert tiles.WORKER_KINDS == ("cowboy", "builder", "engineer")


# --- §12 job market, §14 player board, §16 starting conditions --------------------------------


def test_job_market() -> None:
    """§12 (R2-END-01): row costs; yellow arrows after rows 6 and 9; the last arrow is green."""
    assert player_board.JOB_ROW_COSTS == (6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4)
    arrows = player_board.JOB_ROW_ARROWS
    assert len(arrows) == 12
    assert arrows[-1] == player_board.JOB_END_ARROW == "green"
    assert [i + 1 for i, a in enumerate(arrows) if a == "yellow"] == [6, 9]
    assert set(arrows[:-1]) == {"black", "yellow"}
    assert [len(player_board.job_columns(n)) for n in (2, 3, 4)] == [2, 3, 4]
    # Setup places 3 / 5 / 7 workers: the top row and the second row up to the token.
    assert [2 * len(player_board.job_columns(n)) - 1 for n in (2, 3, 4)] == [3, 5, 7]


def test_player_board() -> None:
    """§14 (R2-SETUP-08, R2-KC-04, R2-KC-07, R2-AUX-01, R2-SCORE-01): 9 white and 5 dark disc
    spaces; step limits 3/4/4/5 (2p), 3/5/4/6 (3p), 4/6/5/7 (4p), read from a count tile with
    2 or 3 players; hand limit 4 to 6; certificate track; aux 5 pays $1/$2; worker spaces."""
    corners = Counter(player_board.DISC_SPACES.values())
    assert corners == {"white": 9, "dark": 5}
    table = {
        n: tuple(
            player_board.step_limit(n, c, v)
            for c, v in ((False, False), (True, False), (False, True), (True, True))
        )
        for n in (2, 3, 4)
    }
    assert table == {2: (3, 4, 4, 5), 3: (3, 5, 4, 6), 4: (4, 6, 5, 7)}
    assert player_board.PHASE_A_AREA == {2: "count_tile", 3: "count_tile", 4: "player_board"}
    assert (player_board.STEP_CASH_GAIN, player_board.STEP_VP) == (3, 3)
    assert player_board.HAND_LIMIT_START == 4
    assert player_board.HAND_DISC_COST == 5
    assert player_board.HAND_LIMIT_START + 2 == 6
    assert player_board.CERT_TRACK == (0, 1, 2, 3, 4, 6)
    assert player_board.AUX_REMOVE_MONEY == {False: 1, True: 2}
    assert player_board.WORKER_VP_SPACES == (5, 6)
    assert player_board.WORKER_VP == 4
    assert player_board.WORKER_SPACE_ACTIONS == {
        "cowboy": (None, None, None, "hazard_free", None, "bounty"),
        "builder": (None, None, None, "build1", None, "build1"),
        "engineer": (
            None,
            "criollo_cert1",
            "criollo_gain2",
            "hire_minus2",
            "criollo_cert2",
            "criollo_gain4",
        ),
    }
    assert set(player_board.WORKER_SPACE_ACTIONS) == set(tiles.WORKER_KINDS)
    named = {a for row in player_board.WORKER_SPACE_ACTIONS.values() for a in row if a}
    assert named == set(buildings.WORKER_ACTIONS)
    w = buildings.WORKER_ACTIONS
    assert w["criollo_cert2"] == {"id": "discard-p1", "kind": "discard", "card": "p1", "cert": 2}
    assert w["criollo_gain4"]["gain"] == 4
    assert w["bounty"]["kind"] == "bounty"
    assert w["build1"]["rate"] == 1
    assert w["hire_minus2"]["mod"] == -2


def test_starting_conditions() -> None:
    """§16 (R2-SETUP-09/10/11): $6/7/8/9, 4/5/6/7 cards and 1 exchange token by seat;
    discard down to 4 at the start of the first turn."""
    assert player_board.STARTING_MONEY == (6, 7, 8, 9)
    assert player_board.STARTING_HANDS == (4, 5, 6, 7)
    assert player_board.STARTING_EXCHANGE_TOKENS == (1, 1, 1, 1)
    assert player_board.FIRST_TURN_HAND == 4
    assert player_board.EXCHANGE_DRAW == 2
    assert len(buildings.BUILDING_NUMBERS) == 12  # 12 private building tiles each


# --- ids ------------------------------------------------------------------------------------------


def test_card_and_tile_ids_do_not_clash_with_1e() -> None:
    """No cattle card or supply tile id is shared with 1e unless it is the very same
    component (the same printed facts: the cowboy, engineer and hazard tiles).  Building,
    objective and station master ids are the sheets' own (§0.2): the 2e printing of the
    1e component with the same id."""
    old_cards = set(c1.MARKET_CARDS) | {c for s in range(4) for c in c1.starting_card_ids(s)}
    new_cards = set(cattle.CARDS) | {c for s in range(4) for c in cattle.starting_card_ids(s)}
    assert not old_cards & new_cards
    shared = set(t1.TILES) & set(tiles.TILES)
    for tid in shared:
        assert t1.TILES[tid] == tiles.TILES[tid], tid
    assert {t1.TILES[t]["kind"] for t in shared} == {"worker", "hazard"}
    assert {t1.TILES[t]["type"] for t in shared if t1.TILES[t]["kind"] == "worker"} == {
        "cowboy",
        "engineer",
    }
    # All ids of one edition are distinct across families.
    families = [
        set(cattle.CARDS),
        {c for s in range(4) for c in cattle.starting_card_ids(s)},
        set(objectives.ALL),
        set(tiles.TILES),
        set(railroad.STATION_MASTERS),
        set(buildings.NEUTRAL),
        set(buildings.PRIVATE),
    ]
    assert sum(len(f) for f in families) == len(set().union(*families))
    # Starting cards are recognisable as such (``engine.components``: "p" + a digit), no other.
    assert not any(c.startswith("p") and c[1].isdigit() for c in cattle.CARDS)
    # Shared sheet ids are only those the sheet gives both editions.
    assert set(b1.NEUTRAL) == set(buildings.NEUTRAL)
    assert set(b1.PRIVATE) < set(buildings.PRIVATE)
    assert set(o1.ALL) == set(objectives.ALL)
    assert set(r1.STATION_MASTERS) < set(railroad.STATION_MASTERS)

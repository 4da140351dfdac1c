"""A 2nd edition view built by hand from the 2e component data, shaped as the engine's
contract says a 2e view is (``shared/design/ARCHITECTURE.md`` and the shared 2nd edition
contract: ``edition`` "2e", ``options`` with ``simmental``, players' ``exchange_tokens`` and
``outlaws``, ``outlaw_section``, ``simmental`` stacks, the 2e city ids).

It holds one of every kind of piece the board draws, placed where only the 2nd edition
has them (a building on the new space D-1, outlaws on and off the trail, station masters
the 1st edition has not, a Simmental Calf in the market, builders in the job market), so
that a drawing that missed any of them fails.
"""

from __future__ import annotations

from typing import Any

from engine.data.second import buildings, cattle, cities, objectives, railroad, tiles, trail

SIDES = {"1": "a", "2": "b", "3": "a", "4": "a", "5": "b", "6": "a"}
SIDES |= {"7": "a", "8": "b", "9": "a", "10": "a", "11": "b", "12": "b"}

# seat -> [(space, building number)]
BUILT = {0: [("A-1", "1"), ("D-1", "12")], 1: [("OUTLAW-R1", "7"), ("C-1", "2")]}
BUILT[2] = [("G-2", "11"), ("B-2", "5")]
BUILT[3] = [("E-2", "8"), ("F-1", "4")]
HAZARDS_ON_TRAIL = {
    "FLOOD-1": "flood-1",
    "FLOOD-2": "flood-5",
    "DROUGHT-1": "drought-2",
    "ROCKFALL-1": "rockfall-6",
}
OUTLAWS_ON_TRAIL = {
    "OL-X": "outlaw-orange-01",
    "OL1": "outlaw-green-02",
    "OL2": "outlaw-green-03",
    "OL3": "outlaw-orange-04",
}
# The five station masters dealt (R2-SETUP-03); SM-2 was taken at S3 for a builder.
MASTERS = {"S1": "SM-6", "S2": "SM-9", "S3": None, "S4": "SM-7", "S5": "SM-4"}
STATION_WORKERS = {"S3": "builder-09"}
STATIONS = {"S1": [0], "S3": [1], "S6": [2]}
CITIES = {"KAN": [0, 0, 2], "FUL": [1], "STL": [1], "BLO": [1], "NYC": [2, 2]}
HERDERS = {0: "D", 1: "OL3", 2: "KC", 3: "D"}
ENGINES = {0: "4.5", 1: "12", 2: "21", 3: "0"}
FORESIGHT = [
    ["outlaw-green-05", "flood-3"],
    ["builder-04", "cowboy-05"],
    ["engineer-14", "outlaw-orange-10"],
]
JOB_ROWS = [
    [None, "cowboy-02", "builder-01", "engineer-03"],
    [None, "builder-02", "engineer-04", "cowboy-03"],
    [None, "engineer-05", None, None],
    *([[None, None, None, None]] * 9),
]
MARKET = ["m3_yellow-1", "m3_yellow-2", "m3_red-1", "m3_blue-3", "m4-1", "m4-7", "m5-2"]
MARKET += ["m5-4", "m3_red-5", "m4-2"]
CALVES = ["simmental_calf-1", "simmental_calf-5"]


def _tile(tid: str) -> dict[str, Any]:
    return dict(tiles.tile(tid))


def _cell(tid: str, owner: int | None = None) -> dict[str, Any]:
    if tid in tiles.TILES:
        t = tiles.tile(tid)
        return {"tile": tid, "owner": None, "kind": t["kind"], "hands": [t["hand"]]}
    return {"tile": tid, "owner": owner, "kind": "building", "hands": list(buildings.hands(tid))}


def _card(cid: str) -> dict[str, Any]:
    if cid.startswith("OBJ-"):
        return dict(objectives.card(cid))
    if cid in cattle.CARDS:
        return dict(cattle.CARDS[cid])
    return dict(cattle.starting_card(cid))


def _player(seat: int, players: int, simmental: bool, mine: bool, reveal: bool) -> dict[str, Any]:
    starting = cattle.starting_card_ids(seat)
    hand_ids, draw_ids, discard_ids = starting[:4], starting[4:9], starting[9:13]
    if simmental and seat == 1:
        discard_ids = [*discard_ids, "simmental_heifer-2"]
    built = {f"{n}{SIDES[n]}" for _, n in BUILT[seat]}
    workers = {
        "cowboy": [f"cowboy-{10 + seat}"],
        "builder": [f"builder-{12 + seat}", f"builder-{15 + seat}"][: 1 + seat % 2],
        "engineer": [] if seat else ["engineer-17"],
    }
    outlaws = [["outlaw-green-06", "outlaw-orange-07"], ["outlaw-green-08"], [], []][seat]
    hazards = [["rockfall-1"], [], ["drought-4", "flood-6"], ["rockfall-2"]][seat]
    return {
        "seat": seat,
        "money": 7 + 3 * seat,
        "hand": [_card(c) for c in hand_ids] if mine or reveal else {"count": len(hand_ids)},
        "draw_pile": [_card(c) for c in draw_ids] if reveal else {"count": len(draw_ids)},
        "discard_pile": [_card(c) for c in discard_ids],
        "removed": [_card(starting[13])] if seat == 2 else [],
        "objectives": [_card(f"OBJ-S{seat + 1}")] + ([_card("OBJ-11")] if seat == 0 else []),
        "workers": {k: 1 + len(v) for k, v in workers.items()},
        "worker_tiles": {k: [_tile(t) for t in v] for k, v in workers.items()},
        "certificates": seat,
        "permanent_certificates": 2 if seat == 1 else 0,
        "certificate_limit": 4,
        "discs_left": 14 - 2 - seat,
        "disc_spaces": ["AUX-BACKCERT-1", "CERT-4", "CERT-6", "STEP-CASH", "STEP-VP"],
        "aux_levels": {"1": 1, "2": 2, "3": 0, "4": 1, "5": seat % 2},
        "hand_limit": 4,
        "step_limit": 3,
        "herder": HERDERS[seat],
        "engine": ENGINES[seat],
        "hazards": [_tile(t) for t in hazards],
        "outlaws": [_tile(t) for t in outlaws],
        "station_masters": [railroad.sm_card("SM-2")] if seat == 1 else [],
        "buildings_available": [f"{n}{SIDES[n]}" for n in SIDES if f"{n}{SIDES[n]}" not in built],
        "job_market_token": False,
        "exchange_tokens": (1, 0, 3, 1)[seat],
        # Seat 2 used a token out of turn and still owes its discards (R2-TURN-01).
        "side_decision": {"kind": "discard", "n": 2, "drawn": 2} if seat == 2 else None,
    }


def second_edition_view(
    players: int = 3,
    *,
    simmental: bool = True,
    viewer: int | None = 0,
    reveal_all: bool = False,
) -> dict[str, Any]:
    """A mid-game 2nd edition view for ``viewer`` (None: a spectator); with ``reveal_all``
    every hand and draw pile is a list, as in a finished game's view."""
    seats = range(players)
    trail_cells: dict[str, dict[str, Any]] = {s: _cell(f"N{s}") for s in trail.NEUTRAL_SPACES}
    for seat in seats:
        for space, n in BUILT[seat]:
            trail_cells[space] = _cell(f"{n}{SIDES[n]}", seat)
    for space, tid in {**HAZARDS_ON_TRAIL, **OUTLAWS_ON_TRAIL}.items():
        trail_cells[space] = _cell(tid)
    market = [*CALVES, *MARKET] if simmental else MARKET
    view: dict[str, Any] = {
        "edition": "2e",
        "seq": 123,
        "num_players": players,
        "options": {"layout": "beginner", "simmental": simmental},
        "current_player": 0,
        "over": False,
        "viewer": viewer,
        "players": [_player(s, players, simmental, s == viewer, reveal_all) for s in seats],
        "trail": trail_cells,
        "cattle_market": [_card(c) for c in market],
        "market_stack": {"count": 21},
        "objective_display": [_card(c) for c in ("OBJ-02", "OBJ-13", "OBJ-17", "OBJ-24")],
        "objective_stack": {"count": 15},
        "job_market": {
            "token_row": 2,
            "rows": [[None if t is None else t.split("-")[0] for t in row] for row in JOB_ROWS],
            "tiles": [[None if t is None else _tile(t) for t in row] for row in JOB_ROWS],
            "columns": [1, 2, 3],
            "costs": [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4],
        },
        "foresight": [[_tile(t) for t in pair] for pair in FORESIGHT],
        "supply": {"1": {"count": 22}, "2": {"count": 17}, "3": {"count": 20}},
        "outlaw_section": {
            s: (_tile(OUTLAWS_ON_TRAIL[s]) if s in OUTLAWS_ON_TRAIL else None)
            for s, _ in trail.OUTLAW_SPACES
        },
        "hazard_sections": {
            s: (_tile(HAZARDS_ON_TRAIL[s]) if s in HAZARDS_ON_TRAIL else None)
            for h in trail.HAZARD_TYPES
            for s in trail.HAZARD_SPACES[h]
        },
        "stations": {s: list(STATIONS.get(s, [])) for s in railroad.STATIONS},
        "station_masters": {
            s: (None if sm is None else railroad.sm_card(sm)) for s, sm in MASTERS.items()
        },
        "station_workers": {s: _tile(t) for s, t in STATION_WORKERS.items()},
        "cities": {c: list(CITIES.get(c, [])) for c in cities.ORDER},
        "removed_tiles": [_tile("outlaw-green-11")],
        "removed_cards": {"count": 4 - players},
        "building_sides": dict(SIDES),
        "end": None,
        "decision": {"seat": 0, "kind": "loc", "space": "D"},
        "scores": None,
    }
    if simmental:
        view["simmental"] = {"2": {"count": 7}, "3": {"count": 8}}
    return view

"""What one seat may see (the only place hidden information is filtered)."""

from __future__ import annotations

from typing import Final

from engine.component_types import Card, Tile
from engine.components import breed, card, card_vp, tile
from engine.data import cattle, player_board, trail
from engine.rules import auxiliary, scoring
from engine.state import (
    cert_limit_index,
    certificates,
    hand_limit,
    permanent_certificates,
    step_limit,
)
from engine.state_types import State, TrailCell
from engine.view_types import Decision, PlayerView, TrailSpaceView, View


def _cards(ids: list[str]) -> list[Card]:
    return [card(c) for c in ids]


def _tiles(ids: list[str]) -> list[Tile]:
    return [tile(t) for t in ids]


def market_order(ids: list[str]) -> list[str]:
    """The cattle market as laid out: yellow, red, blue, brown, purple (R1-SETUP-17).

    Presentational only; the state keeps the market in the order the cards came out."""
    return sorted(ids, key=lambda c: (cattle.MARKET_ORDER.index(breed(c)), card_vp(c), c))


def _tile_or_none(tid: str | None) -> Tile | None:
    return None if tid is None else tile(tid)


def player_view(state: State, seat: int, viewer: int | None, reveal_all: bool) -> PlayerView:
    p = state["players"][seat]
    mine = reveal_all or viewer == seat
    return {
        "seat": seat,
        "money": p["money"],
        "hand": _cards(p["hand"]) if mine else {"count": len(p["hand"])},
        "draw_pile": (
            _cards(list(reversed(p["draw"]))) if reveal_all else {"count": len(p["draw"])}
        ),
        "discard_pile": _cards(p["discard"]),
        "removed": _cards(p["removed"]),
        "objectives": _cards(p["objectives"]),
        "workers": {k: 1 + len(row) for k, row in p["workers"].items()},
        "worker_tiles": {k: _tiles(row) for k, row in p["workers"].items()},
        "certificates": certificates(p),
        "permanent_certificates": permanent_certificates(p),
        "certificate_limit": player_board.CERT_TRACK[cert_limit_index(p)],
        "discs_left": len(p["discs"]),
        "disc_spaces": list(p["discs"]),
        "aux_levels": {str(n): auxiliary.level(p, n) for n in range(1, 6)},
        "hand_limit": hand_limit(p),
        "step_limit": step_limit(state, p),
        "herder": p["herder"],
        "engine": p["engine"],
        "hazards": _tiles(p["hazards"]),
        "teepees": _tiles(p["teepees"]),
        "station_masters": _tiles(p["station_masters"]),
        "buildings_available": list(p["buildings"]),
        "job_market_token": p["job_token"],
    }


def view(state: State, seat: int | None, reveal_all: bool = False) -> View:
    over = state["over"]
    out: View = {
        "edition": state["edition"],
        "seq": state["seq"],
        "num_players": state["num_players"],
        "options": state["options"].copy(),
        "current_player": None if over else state["current"],
        "over": over,
        "viewer": seat,
        "players": [player_view(state, s, seat, reveal_all) for s in range(state["num_players"])],
        "trail": {space: _trail_space(cell) for space, cell in state["trail"].items()},
        "cattle_market": _cards(market_order(state["market"])),
        "market_stack": {"count": len(state["market_stack"])},
        "objective_display": _cards(state["objective_display"]),
        "objective_stack": {"count": len(state["objective_stack"])},
        "job_market": {
            "token_row": state["job_market"]["token_row"],
            "rows": [
                [None if t is None else t.split("-")[0] for t in row]
                for row in state["job_market"]["rows"]
            ],
            "tiles": [[_tile_or_none(t) for t in row] for row in state["job_market"]["rows"]],
            "columns": list(player_board.job_columns(state["num_players"])),
            "costs": list(player_board.JOB_ROW_COSTS),
        },
        "foresight": [[_tile_or_none(t) for t in row] for row in state["foresight"]],
        "supply": {k: {"count": len(v)} for k, v in state["supply"].items()},
        "indian_trade": {s: _tile_at(state, s) for s, _ in trail.TEEPEE_SPACES},
        "hazard_sections": {
            s: _tile_at(state, s) for h in trail.HAZARD_TYPES for s in trail.HAZARD_SPACES[h]
        },
        "stations": {s: list(v) for s, v in state["stations"].items()},
        "station_masters": {s: _tile_or_none(sm) for s, sm in state["station_masters"].items()},
        "station_workers": {s: tile(t) for s, t in state["station_workers"].items()},
        "cities": {c: list(v) for c, v in state["cities"].items()},
        "removed_tiles": _tiles(state["removed_tiles"]),
        # The starting objective cards left over go back to the box unseen.
        "removed_cards": (
            _cards(state["removed_cards"]) if reveal_all else {"count": len(state["removed_cards"])}
        ),
        "building_sides": dict(state["building_sides"]),
        "end": None if state["end"] is None else {"triggered_by": state["end"]["by"]},
        "decision": None if over else decision(state),
        "scores": scoring.scores(state) if over else None,
    }
    return out


def _trail_space(cell: TrailCell) -> TrailSpaceView:
    t = tile(cell["tile"])
    return {
        "tile": cell["tile"],
        "owner": cell["owner"],
        "kind": t["kind"],
        "hands": list(t.get("hands", [t["hand"]] if "hand" in t else [])),
    }


def _tile_at(state: State, space: str) -> Tile | None:
    cell = state["trail"].get(space)
    return None if cell is None else tile(cell["tile"])


# The frame fields a decision shows (all public).
_DECISION_KEYS: Final = ("n", "station", "bv", "cowboys", "space", "building", "to", "target")


def decision(state: State) -> Decision:
    """A public description of the pending decision (which frame, for whom)."""
    frame = state["stack"][-1]
    info: Decision = {"seat": state["current"], "kind": frame["t"]}
    for key in _DECISION_KEYS:
        if key in frame:
            info[key] = frame[key]
    return info

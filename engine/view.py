"""What one seat may see (the only place hidden information is filtered)."""

from __future__ import annotations

from typing import Final

from engine import editions
from engine.component_types import Card, Tile
from engine.components import breed, card, card_vp, tile
from engine.editions import Edition, SecondEdition
from engine.rules import auxiliary, out_of_turn, scoring
from engine.state import (
    cert_limit_index,
    certificates,
    hand_limit,
    permanent_certificates,
    step_limit,
)
from engine.state_types import State, TrailCell
from engine.view_types import Decision, PlayerView, TrailSpaceView, View


def _cards(ed: Edition, ids: list[str]) -> list[Card]:
    return [card(ed, c) for c in ids]


def _tiles(ed: Edition, ids: list[str]) -> list[Tile]:
    return [tile(ed, t) for t in ids]


def market_order(ed: Edition, ids: list[str]) -> list[str]:
    """The cattle market as laid out: yellow, red, blue, brown, purple (R1-SETUP-17); in the
    2nd edition orange Simmental cards, if any, at the very left, at setup and whenever the
    market is sorted again (R2-SIMM-05/21).

    Presentational only; the state keeps the market in the order the cards came out."""
    if isinstance(ed, SecondEdition):
        order = ed.simmental.MARKET_ORDER_SIMMENTAL
    else:
        order = ed.cattle.MARKET_ORDER
    return sorted(ids, key=lambda c: (order.index(breed(ed, c)), card_vp(ed, c), c))


def _tile_or_none(ed: Edition, tid: str | None) -> Tile | None:
    return None if tid is None else tile(ed, tid)


def player_view(state: State, seat: int, viewer: int | None, reveal_all: bool) -> PlayerView:
    ed = editions.of(state)
    p = state["players"][seat]
    mine = reveal_all or viewer == seat
    out: PlayerView = {
        "seat": seat,
        "money": p["money"],
        "hand": _cards(ed, p["hand"]) if mine else {"count": len(p["hand"])},
        "draw_pile": (
            _cards(ed, list(reversed(p["draw"]))) if reveal_all else {"count": len(p["draw"])}
        ),
        "discard_pile": _cards(ed, p["discard"]),
        "removed": _cards(ed, p["removed"]),
        "objectives": _cards(ed, p["objectives"]),
        "workers": {k: 1 + len(row) for k, row in p["workers"].items()},
        "worker_tiles": {k: _tiles(ed, row) for k, row in p["workers"].items()},
        "certificates": certificates(ed, p),
        "permanent_certificates": permanent_certificates(ed, p),
        "certificate_limit": ed.player_board.CERT_TRACK[cert_limit_index(p)],
        "discs_left": len(p["discs"]),
        "disc_spaces": list(p["discs"]),
        "aux_levels": {str(n): auxiliary.level(ed, p, n) for n in range(1, 6)},
        "hand_limit": hand_limit(ed, p),
        "step_limit": step_limit(state, p),
        "herder": p["herder"],
        "engine": p["engine"],
        "hazards": _tiles(ed, p["hazards"]),
        "teepees": [],
        "station_masters": _tiles(ed, p["station_masters"]),
        "buildings_available": list(p["buildings"]),
        "job_market_token": p["job_token"],
    }
    if "teepees" in p:
        out["teepees"] = _tiles(ed, p["teepees"])
    else:
        # 2nd edition: collected outlaws instead of teepees, and exchange tokens (R2-EXCH-01).
        del out["teepees"]
        out["outlaws"] = _tiles(ed, p["outlaws"])
        out["exchange_tokens"] = p["exchange_tokens"]
        # Public: that the seat owes discards for a token used out of turn, and how many
        # cards the token drew, never which (R2-TURN-01).
        out["side_decision"] = out_of_turn.decision(state, seat)
    return out


def view(state: State, seat: int | None, reveal_all: bool = False) -> View:
    ed = editions.of(state)
    board = ed.player_board
    trail = ed.trail
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
        "trail": {space: _trail_space(ed, cell) for space, cell in state["trail"].items()},
        "cattle_market": _cards(ed, market_order(ed, state["market"])),
        "market_stack": {"count": len(state["market_stack"])},
        "objective_display": _cards(ed, state["objective_display"]),
        "objective_stack": {"count": len(state["objective_stack"])},
        "job_market": {
            "token_row": state["job_market"]["token_row"],
            "rows": [
                [None if t is None else t.split("-")[0] for t in row]
                for row in state["job_market"]["rows"]
            ],
            "tiles": [[_tile_or_none(ed, t) for t in row] for row in state["job_market"]["rows"]],
            "columns": list(board.job_columns(state["num_players"])),
            "costs": list(board.JOB_ROW_COSTS),
        },
        "foresight": [[_tile_or_none(ed, t) for t in row] for row in state["foresight"]],
        "supply": {k: {"count": len(v)} for k, v in state["supply"].items()},
        "indian_trade": {s: _tile_at(ed, state, s) for s, _ in trail.SECTION_SPACES},
        "hazard_sections": {
            s: _tile_at(ed, state, s) for h in trail.HAZARD_TYPES for s in trail.HAZARD_SPACES[h]
        },
        "stations": {s: list(v) for s, v in state["stations"].items()},
        "station_masters": {s: _tile_or_none(ed, sm) for s, sm in state["station_masters"].items()},
        "station_workers": {s: tile(ed, t) for s, t in state["station_workers"].items()},
        "cities": {c: list(v) for c, v in state["cities"].items()},
        "removed_tiles": _tiles(ed, state["removed_tiles"]),
        # The starting objective cards left over go back to the box unseen.
        "removed_cards": (
            _cards(ed, state["removed_cards"])
            if reveal_all
            else {"count": len(state["removed_cards"])}
        ),
        "building_sides": dict(state["building_sides"]),
        "end": None if state["end"] is None else {"triggered_by": state["end"]["by"]},
        "decision": None if over else decision(state),
        "scores": scoring.scores(state) if over else None,
    }
    if editions.has_exchange_tokens(ed):
        # The outlaw section instead of the Indian trade section (R2-SETUP-01).
        out["outlaw_section"] = out.pop("indian_trade")
    if "simmental" in state:
        # The Heifer and Cow stacks beside Kansas City (R2-SIMM-06): alike cards, so a count.
        out["simmental"] = {k: {"count": len(v)} for k, v in state["simmental"].items()}
    return out


def _trail_space(ed: Edition, cell: TrailCell) -> TrailSpaceView:
    t = tile(ed, cell["tile"])
    return {
        "tile": cell["tile"],
        "owner": cell["owner"],
        "kind": t["kind"],
        "hands": list(t.get("hands", [t["hand"]] if "hand" in t else [])),
    }


def _tile_at(ed: Edition, state: State, space: str) -> Tile | None:
    cell = state["trail"].get(space)
    return None if cell is None else tile(ed, cell["tile"])


# The frame fields a decision shows (all public).
_DECISION_KEYS: Final = (
    "n",
    "station",
    "bv",
    "cowboys",
    "space",
    "building",
    "to",
    "target",
    "stage",
)


def decision(state: State) -> Decision:
    """A public description of the pending decision (which frame, for whom)."""
    frame = state["stack"][-1]
    info: Decision = {"seat": state["current"], "kind": frame["t"]}
    for key in _DECISION_KEYS:
        if key in frame:
            info[key] = frame[key]
    return info

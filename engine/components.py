"""Lookups from the ids kept in the state to the component dicts shown in views.

Ids are unique within an edition only, so every lookup takes the game's ``Edition``
(``engine.editions.of(state)``); the dicts built are kept in the edition's caches.
"""

from __future__ import annotations

from engine.component_types import Card, Tile
from engine.editions import Edition

# Cards of one class are interchangeable: (breed, VP) for cattle, (id,) for an objective.
CardClass = tuple[str | int, ...]


def _card(ed: Edition, cid: str) -> Card:
    c = ed.card_cache.get(cid)
    if c is None:
        c = ed.card_cache[cid] = _build_card(ed, cid)
    return c


def _build_card(ed: Edition, cid: str) -> Card:
    if cid in ed.objectives.ALL:
        return ed.objectives.card(cid)
    if cid.startswith("p") and cid[1].isdigit():
        return ed.cattle.starting_card(cid)
    return ed.cattle.MARKET_CARDS[cid]


def card(ed: Edition, cid: str) -> Card:
    return _card(ed, cid).copy()


def is_objective(ed: Edition, cid: str) -> bool:
    return cid in ed.objectives.ALL


def breed(ed: Edition, cid: str) -> str | None:
    return None if cid in ed.objectives.ALL else _card(ed, cid)["breed"]


def value(ed: Edition, cid: str) -> int:
    return 0 if cid in ed.objectives.ALL else _card(ed, cid)["value"]


def card_vp(ed: Edition, cid: str) -> int:
    return 0 if cid in ed.objectives.ALL else _card(ed, cid)["vp"]


def card_class(ed: Edition, cid: str) -> CardClass:
    """Cards of one class are interchangeable: same breed and VP, or the same objective."""
    c = _card(ed, cid)
    return (cid,) if c["kind"] == "objective" else (c["breed"], c["vp"])


def _tile(ed: Edition, tid: str) -> Tile:
    t = ed.tile_cache.get(tid)
    if t is None:
        t = ed.tile_cache[tid] = _build_tile(ed, tid)
    return t


def _build_tile(ed: Edition, tid: str) -> Tile:
    if tid in ed.tiles.TILES:
        return ed.tiles.tile(tid)
    if tid in ed.railroad.STATION_MASTERS:
        return ed.railroad.sm_card(tid)
    if tid in ed.buildings.NEUTRAL:
        return {"kind": "building", "id": tid, "type": "neutral", "hands": []}
    return {
        "kind": "building",
        "id": tid,
        "type": "private",
        "craftsmen": ed.buildings.craftsmen(tid),
        "vp": ed.buildings.vp(tid),
        "hands": list(ed.buildings.hands(tid)),
    }


def tile(ed: Edition, tid: str) -> Tile:
    return _tile(ed, tid).copy()


def tile_kind(ed: Edition, tid: str) -> str:
    return _tile(ed, tid)["kind"]


def tile_type(ed: Edition, tid: str) -> str:
    return _tile(ed, tid)["type"]


def tile_hands(ed: Edition, tid: str) -> tuple[str, ...]:
    t = _tile(ed, tid)
    if t["kind"] in ("hazard", "teepee"):
        return (t["hand"],)
    if t["kind"] == "building":
        return tuple(t["hands"])
    return ()

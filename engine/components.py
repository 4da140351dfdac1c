"""Lookups from the ids kept in the state to the component dicts shown in views."""

from __future__ import annotations

from functools import cache

from engine.component_types import Card, Tile
from engine.data import buildings, cattle, objectives, railroad, tiles

# Cards of one class are interchangeable: (breed, VP) for cattle, (id,) for an objective.
CardClass = tuple[str | int, ...]


@cache
def _card(cid: str) -> Card:
    if cid.startswith("OBJ-"):
        return objectives.card(cid)
    if cid.startswith("p") and cid[1].isdigit():
        return cattle.starting_card(cid)
    return cattle.MARKET_CARDS[cid]


def card(cid: str) -> Card:
    return _card(cid).copy()


def is_objective(cid: str) -> bool:
    return cid.startswith("OBJ-")


def breed(cid: str) -> str | None:
    return None if is_objective(cid) else _card(cid)["breed"]


def value(cid: str) -> int:
    return 0 if is_objective(cid) else _card(cid)["value"]


def card_vp(cid: str) -> int:
    return 0 if is_objective(cid) else _card(cid)["vp"]


def card_class(cid: str) -> CardClass:
    """Cards of one class are interchangeable: same breed and VP, or the same objective."""
    c = _card(cid)
    return (cid,) if c["kind"] == "objective" else (c["breed"], c["vp"])


@cache
def _tile(tid: str) -> Tile:
    if tid in tiles.TILES:
        return tiles.tile(tid)
    if tid in railroad.STATION_MASTERS:
        return railroad.sm_card(tid)
    if tid in buildings.NEUTRAL:
        return {"kind": "building", "id": tid, "type": "neutral", "hands": []}
    return {
        "kind": "building",
        "id": tid,
        "type": "private",
        "craftsmen": buildings.craftsmen(tid),
        "vp": buildings.vp(tid),
        "hands": list(buildings.hands(tid)),
    }


def tile(tid: str) -> Tile:
    return _tile(tid).copy()


def tile_kind(tid: str) -> str:
    return _tile(tid)["kind"]


def tile_type(tid: str) -> str:
    return _tile(tid)["type"]


def tile_hands(tid: str) -> tuple[str, ...]:
    t = _tile(tid)
    if t["kind"] in ("hazard", "teepee"):
        return (t["hand"],)
    if t["kind"] == "building":
        return tuple(t["hands"])
    return ()

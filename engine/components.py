"""Lookups from the ids kept in the state to the component dicts shown in views.

Ids are unique within an edition only, so every lookup takes the game's ``Edition``
(``engine.editions.of(state)``).  The dicts are built from the edition's data on first use
and kept in its ``card_cache`` and ``tile_cache``; a lookup that finds its dict there is one
dict subscript (the ``try`` costs nothing when it succeeds), as fast as the ``functools``
cache keyed by id alone that it replaces.
"""

from __future__ import annotations

from engine.component_types import Card, Tile
from engine.editions import Edition

# Cards of one class are interchangeable: (breed, VP) for cattle, (id,) for an objective.
CardClass = tuple[str | int, ...]


def _new_card(ed: Edition, cid: str) -> Card:
    """Build a card the edition's cache does not hold yet, and keep it there."""
    if cid in ed.objectives.ALL:
        c = ed.objectives.card(cid)
    elif cid.startswith("p") and cid[1].isdigit():
        c = ed.cattle.starting_card(cid)
    else:
        c = ed.cattle.CARDS[cid]
    ed.card_cache[cid] = c
    return c


def _card(ed: Edition, cid: str) -> Card:
    try:
        return ed.card_cache[cid]
    except KeyError:
        return _new_card(ed, cid)


def card(ed: Edition, cid: str) -> Card:
    """A card for a view: the caller's own, down to an objective's list of tasks, so that a
    caller changing its view cannot change the card for every game of the process."""
    try:
        c = ed.card_cache[cid]
    except KeyError:
        c = _new_card(ed, cid)
    c = c.copy()
    if "tasks" in c:
        c["tasks"] = c["tasks"].copy()
    return c


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


def _new_tile(ed: Edition, tid: str) -> Tile:
    """Build a tile the edition's cache does not hold yet, and keep it there."""
    t: Tile
    if tid in ed.tiles.TILES:
        t = ed.tiles.tile(tid)
    elif tid in ed.railroad.STATION_MASTERS:
        t = ed.railroad.sm_card(tid)
    elif tid in ed.buildings.NEUTRAL:
        t = {"kind": "building", "id": tid, "type": "neutral", "hands": []}
    else:
        t = {
            "kind": "building",
            "id": tid,
            "type": "private",
            "craftsmen": ed.buildings.craftsmen(tid),
            "vp": ed.buildings.vp(tid),
            "hands": list(ed.buildings.hands(tid)),
        }
    ed.tile_cache[tid] = t
    return t


def _tile(ed: Edition, tid: str) -> Tile:
    try:
        return ed.tile_cache[tid]
    except KeyError:
        return _new_tile(ed, tid)


def tile(ed: Edition, tid: str) -> Tile:
    """A tile for a view: the caller's own, down to a building's list of hands (as
    ``card``)."""
    try:
        t = ed.tile_cache[tid]
    except KeyError:
        t = _new_tile(ed, tid)
    t = t.copy()
    if "hands" in t:
        t["hands"] = t["hands"].copy()
    return t


def tile_kind(ed: Edition, tid: str) -> str:
    return _tile(ed, tid)["kind"]


def tile_type(ed: Edition, tid: str) -> str:
    return _tile(ed, tid)["type"]


def tile_hands(ed: Edition, tid: str) -> tuple[str, ...]:
    t = _tile(ed, tid)
    if t["kind"] in ("hazard", "teepee", "outlaw"):
        return (t["hand"],)
    if t["kind"] == "building":
        return tuple(t["hands"])
    return ()

"""Shapes of the component facts: cards, tiles and the action specs printed on buildings.

Plain ``TypedDict``s: at run time they are the same dicts as before, so views and states
stay JSON-ready and unchanged; the names only tell readers (and mypy) which keys to expect.
"""

from __future__ import annotations

from typing import Required, TypedDict


class Card(TypedDict, total=False):
    """A card as views show it (``engine.components.card``).

    Cattle cards have ``breed``, ``value`` (breeding value) and ``vp``; objective cards have
    ``action`` (immediate action code or None), ``tasks``, ``vp``, ``penalty`` and
    ``starting``."""

    kind: Required[str]  # "cattle" or "objective"
    id: Required[str]
    breed: str
    value: int
    vp: int
    action: str | None
    tasks: list[str]
    penalty: int
    starting: bool


class SimmentalCard(Card, total=False):
    """A Simmental card of the 2nd edition's variant (``engine.data.second.cattle``): a cattle
    card that also has its ``stage`` (1 Calf, 2 Heifer, 3 Cow)."""

    stage: int


class Tile(TypedDict, total=False):
    """A tile (or station master card, or building) as views show it.

    ``kind`` is "worker", "hazard", "teepee" (1st edition), "outlaw" (2nd edition),
    "station_master" or "building"; ``type`` is the worker kind, hazard type, teepee or outlaw
    colour, station master's upper half, or "neutral" / "private" for buildings.  ``back``
    (the supply number on the back) is only in ``engine.data.tiles.TILES``, never in a
    view."""

    kind: Required[str]
    id: Required[str]
    type: Required[str]
    back: int
    vp: int
    hand: str  # hazards, teepees and outlaws: the hand colour they show
    hands: list[str]  # buildings: the hands they show
    craftsmen: int
    scoring: str  # station masters: the lower half (end-game scoring)


class DiscardReward(TypedDict, total=False):
    """What a discard action gives besides the discard itself (R1-LOCAL-10..16)."""

    gain: int  # dollars
    cert: int  # certificate track spaces
    engine: int  # engine spaces forward, up to
    objective_to_hand: bool  # then an objective card into the hand


class ActionSpec(DiscardReward, total=False):
    """One local action as printed on a building, worker space or objective card.

    ``id`` is unique on its tile and names the action in moves; ``kind`` says which rule
    performs it (the keys of ``engine.rules.actions.SPEC_MOVES`` and ``PERFORM``).  The other
    keys are the kind's printed figures."""

    id: Required[str]
    kind: Required[str]
    card: str  # discard: a breed, "any", "pair" or "objective"
    mod: int  # hire: the cost modifier
    rate: int  # build: dollars per craftsman
    n: int | str  # a count, or what counts ("engineers", "cowboys", "woods")
    pay: int  # engine: dollars paid first
    cost: int  # hazard: dollars
    double: bool  # aux: the double action is allowed
    again: bool  # move: phase B again at the new location (default True)
    fees: bool  # move: hand fees are paid (default True)
    per: int  # money per item

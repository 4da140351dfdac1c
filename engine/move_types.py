"""Shapes of moves and of a move's price.

Every move is a JSON-ready dict with a ``"type"`` and that type's parameters, listed in
``docs/moves.md``.  ``Move`` names every parameter any move type takes; which ones a given
type has is in the comments and the docs.
"""

from __future__ import annotations

from typing import Required, TypedDict


class MoveParams(TypedDict, total=False):
    """The parameters of moves (and of local actions: ``action`` moves carry their action's
    parameters beside its ``id``)."""

    id: str  # action: the local action (engine.data.buildings), e.g. "hire" or "discard-pair"
    space: str  # start, place, disc (a disc space); actions: trade, bounty, hazard, copy
    to: str  # move (trail space), engine, aux and action engine moves (track space)
    via: list[str]  # move: the locations passed over
    row: int  # hire: job market row, 0-based
    worker: str  # hire, appoint: worker kind
    aux: int  # aux: 1..5
    double: bool  # aux
    card: str  # play_objective, take_objective, discard, remove; discard actions
    second: str  # discard-pair action: the other Simmental card of the pair (2e variant)
    cards: list[str]  # buy
    slot: int  # foresight: 0 or 1
    certificates: int  # income
    city: str  # deliver
    station: str  # upgrade; disc (fallback: the station a disc comes back from)
    option: str  # buy: the price option
    building: str  # action build
    n: int  # action draw; exchange: cards drawn; simmental: cards upgraded
    stage: int  # simmental: the stage upgraded (1 Calves, 2 Heifers)


class Move(MoveParams, total=False):
    """A move: ``{"type": "move", "to": "B", "via": ["A-1"]}``."""

    type: Required[str]


class Price(TypedDict):
    """What a move costs and gives its seat (``engine.price``).

    ``cost`` is in dollars (negative: the move pays), None when the move has no price of its
    own; ``cost_text`` says it in words ("$3 in fees", "no fees", "+$2", "$6, 2 craftsmen");
    ``gains`` is the change the move itself makes to the seat's public counters ("money",
    "certificates", "cowboys", "craftsmen", "engineers", "hazards", "teepees",
    "station_masters"; in the 2nd edition "builders" and "outlaws" instead of "craftsmen" and
    "teepees", and "exchange_tokens"), only those that change."""

    cost: int | None
    cost_text: str
    gains: dict[str, int]

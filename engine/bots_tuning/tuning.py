"""The shape of one edition's tuning tables (``engine.bots_tuning``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Tuning:
    """One edition's tables (see ``engine.bots`` for how each is used)."""

    # Worker kinds in plan order: seat ``i`` favours ``plans[i % len(plans)]``.
    plans: tuple[str, ...]
    # Value of the (n+1)-th worker of a kind when n are in the row (printed one included).
    worker_value: Mapping[str, tuple[float, ...]]
    # Rough worth of a private building's local actions to its owner, per game.
    building_actions: Mapping[str, float]
    # Where to build first: the spaces everybody passes on the way to Kansas City.
    place_order: tuple[str, ...]
    # Which disc space to clear first (abilities that pay back soonest first).
    disc_order: tuple[str, ...]
    # An objective card's immediate action, in dollars.
    immediate_value: Mapping[str | None, float]
    # How hard one missing item of each objective task is to get.
    task_difficulty: Mapping[str, float]
    # A station master's upper half (its immediate action or permanent certificates).
    sm_upper: Mapping[str, float]
    # Foresight: what a tile of each kind but workers is worth (the section's tiles).
    foresight: Mapping[str, float]
    # An exchange token held (2nd edition): what it may bring at a later Kansas City visit.
    token: float
    # A Simmental Calf or Heifer bought (the variant): what later upgrades may add to it.
    simmental_upgrade: float

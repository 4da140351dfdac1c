"""Printed facts of the components, one module per component family.

Everything here comes from ``shared/reference/gwt-1e-components.md`` (section numbers are
given in each module).  Rule code reads these tables and never hard-codes a printed value.

Part of the engine's public contract: callers (the web pages, the board drawing, emails)
may *read* these modules — ``from engine.data import trail`` — to name and draw what a view
holds.  They are read-only: nothing may change them, and rules are never re-derived from
them outside the engine (``engine.price`` says what a move costs).
"""

from engine.data import (
    buildings,
    cattle,
    cities,
    objectives,
    player_board,
    railroad,
    tiles,
    trail,
)

__all__ = [
    "buildings",
    "cattle",
    "cities",
    "objectives",
    "player_board",
    "railroad",
    "tiles",
    "trail",
]

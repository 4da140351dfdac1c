"""Printed facts of the 2nd edition's components, one module per component family.

Everything here comes from ``shared/reference/gwt-2e-components.md`` (section numbers in each
module), a delta against the 1st edition: each module mirrors the public names of its 1e
namesake in ``engine.data`` (same names, same meaning), so rule code can take either, and
reuses the 1e objects wherever the sheet says a value is unchanged.  Each module's docstring
lists its 1e -> 2e correspondences and the names that are new in 2e.

Read-only, like ``engine.data``.
"""

from engine.data.second import (
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

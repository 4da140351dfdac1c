"""The heuristic bot's tuning tables, one set per edition.

These are not printed facts (those are ``engine.data`` and ``engine.data.second``, read
through ``engine.editions``) but knowledge of how to play: how much a worker, a building's
actions or a station master is worth, where to build first, which disc to clear first.  They
are keyed by the edition's own ids (building tiles, trail spaces, worker kinds, objective
task codes, station master halves), so each edition has its own set (``for_edition``): the
one registered under the edition's name, else the one whose worker kinds are the edition's
(an edition registered under another name with the same data plays the same game).
``engine.bots`` reads only the ``Tuning`` record; the weights that do not depend on ids
(``engine.bots.Weights``) are shared.

``first`` holds the 1st edition's tables exactly as the bot has always used them (the golden
games, recorded with the bots, depend on every number); ``second`` holds the 2nd edition's.
"""

from __future__ import annotations

from engine.bots_tuning import first, second
from engine.bots_tuning.tuning import Tuning
from engine.editions import Edition

__all__ = ["TUNINGS", "Tuning", "for_edition"]

TUNINGS: dict[str, Tuning] = {"1e": first.TUNING, "2e": second.TUNING}
_BY_NAME: dict[str, Tuning] = dict(TUNINGS)


def for_edition(ed: Edition) -> Tuning:
    """The tables for the edition ``ed`` (one dict lookup once known)."""
    tuning = _BY_NAME.get(ed.name)
    if tuning is None:
        kinds = set(ed.tiles.WORKER_KINDS)
        tuning = next(t for t in TUNINGS.values() if set(t.plans) == kinds)
        _BY_NAME[ed.name] = tuning
    return tuning

"""The garbage collector of a long-lived web or worker process, set once it has started.

What is loaded at start-up (Django, DRF, the views, the engine's tables: about 100,000
objects that live as long as the process) is frozen out of the collector's reach. Otherwise
every full collection walks them all again: 55-75 ms of CPU during which no other thread of
the process runs, the longest pause a request met under load, and a bot task's share of
them in the worker (bench/README.md). Objects created later are collected as usual.

Python's thresholds stay. Collecting the youngest generation after 20,000 new objects rather
than 700 saved nothing for moves; over the pages at 100,000 games it ended the full
collections (55 to 1 over the bench's requests: a request's objects no longer reach the
oldest generation while it runs), but the middle generation's collections then walk as many
objects, so the longest pauses were no shorter, for 15-25 MB more per process; 2,000 and
5,000 gave the same (bench/README.md, ``bench/scale.py --gc-thresholds``).
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect what start-up left and freeze what survives. Call it once the process has
    imported what it serves with (a pool process: after the fork)."""
    gc.collect()
    gc.freeze()

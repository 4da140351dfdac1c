"""The garbage collector of a long-lived web or worker process, set once it has started.

What is loaded at start-up (Django, DRF, the views, the engine's tables: about 100,000
objects that live as long as the process) is frozen out of the collector's reach. Otherwise
every full collection walks them all again: 55-75 ms of CPU during which no other thread of
the process runs, the longest pause a request met under load, and a bot task's share of
them in the worker (bench/README.md). Objects created later are collected as usual.

The youngest generation is collected after 20,000 new objects rather than Python's 700. A
request that builds a page of a hundred games, or an admin list, holds tens of thousands of
objects (querysets, model instances and their states, rows) while it runs, and many of them
are held by reference cycles (instances and the related objects cached on them, querysets
and their queries) that only the collector frees. Under 700, collections of the young
generations ran every few hundred objects in the middle of the request, found those objects
alive and moved them on until they reached the oldest generation: once the request was done
they were garbage there, which only a full collection frees, and the full collections they
brought on walked 60,000-80,000 such objects for 20-70 ms inside some later request (the
admin lists' p99 at 100,000 games). Under 20,000, a request's objects are mostly dead before
the young generation is collected, and are freed there. A process holds at most about
20,000 more dead objects than before: a few megabytes.
"""

from __future__ import annotations

import gc

# New container objects (allocations less deallocations) between collections of the youngest
# generation; the older generations keep Python's default (every 10 of the next younger).
YOUNG_THRESHOLD = 20_000


def settle() -> None:
    """Collect what start-up left, freeze what survives, and set the collector's thresholds.
    Call it once the process has imported what it serves with (a pool process: after the
    fork)."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)

"""Deleting many rows without one long statement: retention jobs delete in batches of primary
keys, so that each statement holds its locks briefly and the moves going on meanwhile never
wait long behind it."""

from __future__ import annotations

from django.db.models import Model, QuerySet

BATCH = 5000


def delete_in_batches(rows: QuerySet[Model], *, limit: int, batch: int = BATCH) -> int:
    """Delete the rows of ``rows`` (at most ``limit``) by primary key, ``batch`` at a time, in
    key order; how many were deleted. ``rows`` is asked again for each batch, so rows that
    stop matching meanwhile are left."""
    model = rows.model
    deleted = 0
    while deleted < limit:
        keys = list(rows.order_by("pk").values_list("pk", flat=True)[: min(batch, limit - deleted)])
        if not keys:
            break
        model._default_manager.filter(pk__in=keys).delete()
        deleted += len(keys)
    return deleted

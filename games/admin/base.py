"""What every moderation page shares: nothing is added, changed or deleted through the
admin's own forms (every change is a service call from an action page); lists whose cost
does not grow with the tables (a bounded count, searches by exact values through indexes).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from django.contrib import admin
from django.contrib.admin.utils import get_fields_from_path
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import connections
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.functional import cached_property

# Up to this many rows a list's count is exact; beyond, the planner's estimate (a list of
# millions of events is paged, never read to the end, and counting it costs seconds).
EXACT_COUNT_UP_TO = 10_000
# The most rows one search term may match in one field (a player's games, a game's events).
SEARCH_MATCHES_MAX = 10_000
# A game's JSON columns, unread by the lists that show a game by its public id only.
GAME_JSON = ["game__progress", "game__options", "game__result"]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class BoundedCountPaginator(Paginator):
    """Counts exactly up to ``EXACT_COUNT_UP_TO`` rows (reading no more than that), and
    takes PostgreSQL's estimate beyond: pages stay as cheap at a hundred million rows as at
    a thousand. Elsewhere (SQLite in development) the count is exact."""

    @cached_property
    def count(self) -> int:
        queryset = self.object_list
        if not isinstance(queryset, QuerySet):
            return len(queryset)
        bounded = queryset.order_by()[: EXACT_COUNT_UP_TO + 1].count()
        if bounded <= EXACT_COUNT_UP_TO:
            return bounded
        return max(estimated_count(queryset), bounded)


def estimated_count(queryset: QuerySet[Any]) -> int:
    """The planner's estimate of the rows of ``queryset`` (PostgreSQL's EXPLAIN); 0 elsewhere."""
    connection = connections[queryset.db]
    if connection.vendor != "postgresql":
        return 0
    sql, params = queryset.order_by().query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return int(plan[0]["Plan"]["Plan Rows"])


class DeferringChangeList(ChangeList):
    """A list that leaves out of its rows the columns its model admin names in
    ``list_deferred``."""

    def get_queryset(self, request: HttpRequest, exclude_parameters: Any = None) -> QuerySet:
        rows = super().get_queryset(request, exclude_parameters)
        deferred = getattr(self.model_admin, "list_deferred", [])
        return rows.defer(*deferred) if deferred else rows


class BoundedListAdmin(admin.ModelAdmin):
    """A list for big tables: a bounded count (and no second count of the whole table), and
    searches by exact values only, each through an index, and the big columns no row of the
    list shows left unread.

    ``exact_search_fields``: the lookups a search term is compared with (``public_id``,
    ``seats__user__username``); a term that is not a valid value of a field (a name for a
    number) is not compared with it. The rows found are collected first, field by field, so
    that a match through a relation with many rows (a player's seats) neither repeats rows nor
    makes the list check every row of the table. ``search_fields`` (kept for small tables
    only) still match by substring.

    ``list_deferred``: the fields (of the model, or of a related one in
    ``list_select_related``) the list does not read. A game's JSON (its progress, with where
    every turn began, and its result), a snapshot's state: decoded for each row of a page,
    they cost CPU and, held by the cycles of related instances, tens of thousands of objects
    that only a full collection of the garbage collector frees (bench/README.md).
    """

    paginator = BoundedCountPaginator
    show_full_result_count = False
    exact_search_fields: ClassVar[list[str]] = []
    list_deferred: ClassVar[list[str]] = []

    def get_changelist(self, request: HttpRequest, **kwargs: Any) -> type[ChangeList]:
        return DeferringChangeList

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Any], search_term: str
    ) -> tuple[QuerySet[Any], bool]:
        term = search_term.strip()
        if not term or not self.exact_search_fields:
            return super().get_search_results(request, queryset, search_term)
        found = exact_matches(self.model, self.exact_search_fields, term)
        if self.search_fields:
            by_text, _ = super().get_search_results(request, queryset, search_term)
            found |= set(by_text.values_list("pk", flat=True)[:SEARCH_MATCHES_MAX])
        return queryset.filter(pk__in=sorted(found)), False

    def get_search_fields(self, request: HttpRequest) -> list[str]:
        """The search box shows whenever there is something to search."""
        return list(self.search_fields) or (["pk"] if self.exact_search_fields else [])


def exact_matches(model: type[Model], lookups: list[str], term: str) -> set[Any]:
    """The primary keys of the rows of ``model`` where one of ``lookups`` equals ``term``."""
    found: set[Any] = set()
    for lookup in lookups:
        field = get_fields_from_path(model, lookup)[-1]
        try:
            value = field.to_python(term)
            field.run_validators(value)
        except (ValidationError, ValueError, TypeError):
            continue  # not a value this field can hold: nothing matches it
        rows = model._default_manager.filter(**{lookup: value}).values_list("pk", flat=True)
        found |= set(rows.order_by()[:SEARCH_MATCHES_MAX])
    return found

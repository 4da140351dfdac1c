"""The ratings in the admin, read-only: they are derived data (``manage.py rebuild_ratings``
recomputes them), so nobody edits a number by hand. The profile setting is the player's own
choice and is read-only here too."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from players.models import ProfileSettings, RatedGame, Rating, RatingChange


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "edition", "ordinal", "mu", "sigma", "games", "wins", "last_game_at")
    list_filter = ("edition",)
    search_fields = ("=user__username",)
    ordering = ("edition", "-ordinal")
    list_select_related = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("game", "user", "edition", "place", "ordinal_before", "ordinal_after")
    list_filter = ("edition",)
    search_fields = ("=user__username", "=game__public_id")
    list_select_related = ("user", "game")
    show_full_result_count = False


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnlyAdmin):
    list_display = ("game", "edition", "finished_at")
    list_filter = ("edition",)
    search_fields = ("=game__public_id",)
    list_select_related = ("game",)
    show_full_result_count = False


@admin.register(ProfileSettings)
class ProfileSettingsAdmin(ReadOnlyAdmin):
    list_display = ("user", "hidden_from_visitors")
    list_filter = ("hidden_from_visitors",)
    search_fields = ("=user__username",)
    list_select_related = ("user",)

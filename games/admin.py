"""Moderation screens for games. Events are shown, never added, changed or deleted here."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.models import Event, Game, Seat, Snapshot


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["index", "colour", "user", "bot", "status"]
    readonly_fields = fields
    can_delete = False
    max_num = 0

    def has_change_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False


class EventInline(admin.TabularInline):
    model = Event
    extra = 0
    fields = ["seq", "kind", "seat", "payload", "actor", "created_at"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True
    ordering = ["-seq"]
    max_num = 0

    def has_add_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    """Read-only for now: moderator actions (pause, rollback, ...) will be events too."""

    list_display = ["public_id", "status", "players", "version", "current_seat", "updated_at"]
    list_filter = ["status", "edition", "lobby"]
    search_fields = ["public_id", "seats__user__username"]
    list_select_related = ["created_by"]
    exclude = ["seed"]
    inlines = [SeatInline, EventInline]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "kind", "seat", "actor", "created_at"]
    list_filter = ["kind"]
    search_fields = ["game__public_id"]
    list_select_related = ["game", "actor"]
    readonly_fields = [
        "game",
        "seq",
        "kind",
        "seat",
        "payload",
        "actor",
        "idempotency_key",
        "created_at",
    ]

    def get_actions(self, request: HttpRequest) -> dict:
        return {}  # not even "delete selected"


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "engine_version", "created_at"]
    list_select_related = ["game"]
    readonly_fields = ["game", "seq", "engine_version", "created_at"]
    exclude = ["state"]

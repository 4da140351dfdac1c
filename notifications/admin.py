from django.contrib import admin

from notifications.models import WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    list_display = ["worker", "last_seen", "beats", "first_seen"]
    readonly_fields = ["worker", "first_seen", "last_seen", "beats"]

    def has_add_permission(self, request) -> bool:
        return False

from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # The bots' task is queued by a receiver of the ledger's announcements.
        from games.services import bots  # noqa: F401

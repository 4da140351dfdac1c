from django.apps import AppConfig
from django.core import checks
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The bots' task is queued by a receiver of the ledger's announcements.
        from games import tasks  # noqa: F401 - registers the tasks the services queue by name
        from games.editions import check_editions
        from games.moderators import ensure_moderators_group
        from games.services import bots  # noqa: F401

        # After every migrate and every flush (tests with a transactional database included).
        post_migrate.connect(
            ensure_moderators_group, sender=self, dispatch_uid="games.moderators_group"
        )
        checks.register(check_editions)

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games.moderators import ensure_moderators_group

        # After every migrate and every flush (tests with a transactional database included).
        post_migrate.connect(
            ensure_moderators_group, sender=self, dispatch_uid="games.moderators_group"
        )

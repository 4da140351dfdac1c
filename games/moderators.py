"""The "Moderators" group, made again after every ``migrate`` and every ``flush``.

The data migrations 0005, 0007 and 0009 created the group and granted its permissions, but
rows written by a migration are gone once the tables are flushed (``manage.py flush``, and a
test with a transactional database after each test). Django sends ``post_migrate`` after both,
so this receiver (connected in ``GamesConfig.ready``) creates the group when it is missing and
grants it the permissions that it lacks. It takes none away: an operator may have granted more.
The migrations stay as they are, for the databases that ran them.
"""

from __future__ import annotations

import contextlib
from typing import Any

from django.apps import AppConfig
from django.apps import apps as global_apps
from django.contrib.auth.management import create_permissions
from django.db import DEFAULT_DB_ALIAS, router

GROUP = "Moderators"
# Exactly what migrations 0005, 0007 and 0009 grant, all of them in the "games" app.
PERMISSIONS = (
    "view_game",
    "moderate_game",
    "view_seat",
    "view_event",
    "view_moderationaction",
    "view_suspension",
    "add_suspension",
    "view_chatmessage",
    "view_report",
    "view_player",
)
# In the notifications app: the addresses that bounced and the provider's delivery reports,
# and the right to let email go to an address again; the push subscriptions and chat
# webhooks (the dead ones among them) and their deliveries.
NOTIFICATIONS_PERMISSIONS = (
    "view_emailaddressstatus",
    "change_emailaddressstatus",
    "view_deliveryreport",
    "view_pushsubscription",
    "view_chatwebhook",
    "view_channeldelivery",
)


def ensure_moderators_group(
    sender: AppConfig,
    app_config: AppConfig | None = None,
    verbosity: int = 1,
    using: str = DEFAULT_DB_ALIAS,
    apps: Any = global_apps,
    **kwargs: Any,
) -> None:
    """``post_migrate`` receiver for the games app: the group exists with its permissions."""
    try:
        apps.get_app_config("games")
        group_model = apps.get_model("auth", "Group")
        permission_model = apps.get_model("auth", "Permission")
    except LookupError:  # games migrated to zero, or auth not installed: nothing to grant
        return
    if not router.allow_migrate_model(using, group_model):
        return
    # The permissions are created by auth's own post_migrate receiver; do it here as well so
    # that the order in which the receivers run does not matter (it is idempotent).
    create_permissions(app_config or sender, verbosity=0, using=using, apps=apps)
    # The installed app's config (the migration state's stand-in has no models module), its
    # models read from ``apps``; not installed or migrated to zero: games' permissions only.
    with contextlib.suppress(LookupError):
        create_permissions(
            global_apps.get_app_config("notifications"), verbosity=0, using=using, apps=apps
        )
    group, _ = group_model.objects.using(using).get_or_create(name=GROUP)
    # A database migrated back to before a model has no permissions for it: grant the others.
    permissions = permission_model.objects.using(using)
    group.permissions.add(
        *permissions.filter(content_type__app_label="games", codename__in=PERMISSIONS),
        *permissions.filter(
            content_type__app_label="notifications", codename__in=NOTIFICATIONS_PERMISSIONS
        ),
    )

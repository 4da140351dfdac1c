"""The "Moderators" group may also see chat messages, reports and players' pages.

Hiding a message and working a report need nothing more: the moderation services there are
guarded by ``games.moderate_game``, which the group already has (migration 0005).
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"
PERMISSIONS = [
    ("games", "view_chatmessage"),
    ("games", "view_report"),
    ("games", "view_player"),
]


def _permissions(apps):
    # Permissions are normally created after migrate: make sure they exist now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Permission = apps.get_model("auth", "Permission")
    return [
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codename in PERMISSIONS
    ]


def grant(apps, schema_editor):
    group, _ = apps.get_model("auth", "Group").objects.get_or_create(name=GROUP)
    group.permissions.add(*_permissions(apps))


def revoke(apps, schema_editor):
    group = apps.get_model("auth", "Group").objects.filter(name=GROUP).first()
    if group is not None:
        group.permissions.remove(*_permissions(apps))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_chat_reports"),
    ]

    operations = [migrations.RunPython(grant, revoke)]

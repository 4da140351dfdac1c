"""The "Moderators" group is made again after every migrate and flush (games.moderators)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command
from django.core.management.sql import emit_post_migrate_signal

from games.moderators import GROUP, NOTIFICATIONS_PERMISSIONS, PERMISSIONS


def granted() -> set[str]:
    group = Group.objects.get(name=GROUP)
    return {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}


EXPECTED = {f"games.{codename}" for codename in PERMISSIONS} | {
    f"notifications.{codename}" for codename in NOTIFICATIONS_PERMISSIONS
}


@pytest.mark.django_db(transaction=True)
def test_a_flushed_database_has_the_group_again_with_its_permissions():
    call_command("flush", interactive=False, verbosity=0)

    assert not Group.objects.exclude(name=GROUP).exists()
    assert granted() == EXPECTED


@pytest.mark.django_db
def test_post_migrate_makes_a_deleted_group_again():
    Group.objects.filter(name=GROUP).delete()

    emit_post_migrate_signal(verbosity=0, interactive=False, db="default")

    assert granted() == EXPECTED


@pytest.mark.django_db
def test_post_migrate_again_grants_what_is_missing_and_takes_nothing_away():
    group = Group.objects.get(name=GROUP)
    group.permissions.remove(Permission.objects.get(codename="view_report"))
    extra = Permission.objects.get(codename="change_report")
    group.permissions.add(extra)

    emit_post_migrate_signal(verbosity=0, interactive=False, db="default")
    emit_post_migrate_signal(verbosity=0, interactive=False, db="default")

    assert Group.objects.filter(name=GROUP).count() == 1
    assert granted() == EXPECTED | {"games.change_report"}

"""``manage.py migrate``, as the schema's owner when ``DATABASE_MIGRATE_URL`` is set.

Django's own command, with two changes when the settings define the ``owner`` database
(``DATABASE_MIGRATE_URL``, see ``gwt_site.db_roles``): it migrates through that connection
unless ``--database`` says otherwise, and afterwards grants the application role (the user
of ``DATABASE_URL``) its rights on the tables. Without ``DATABASE_MIGRATE_URL`` it is
Django's command unchanged.
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

from gwt_site.db_roles import grant_application_role

OWNER = "owner"


class Command(DjangoMigrate):
    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        owner = OWNER in connections.settings
        parser.set_defaults(database=OWNER if owner else "default")

    def handle(self, *args: Any, **options: Any) -> None:
        super().handle(*args, **options)
        if options["database"] != OWNER:
            return
        owner = connections[OWNER]
        role = str(connections["default"].settings_dict.get("USER") or "")
        if role and role != owner.settings_dict.get("USER"):
            grant_application_role(owner, role)
            if options["verbosity"] >= 1:
                self.stdout.write(f"Granted the application role {role!r} its rights.")

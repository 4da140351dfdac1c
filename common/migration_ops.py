"""Migration operations the apps share.

They live outside any migration so that later migrations import them by name: a migration
module's name starts with a digit, which only ``import_module`` can reach.
"""

from typing import Any

from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations


class AddIndexConcurrentlyOnPostgres(AddIndexConcurrently):
    """CREATE INDEX CONCURRENTLY on PostgreSQL, so that a site with data goes on taking moves
    while the index is built (the migration must then not be atomic); a plain CREATE INDEX
    elsewhere (SQLite in development)."""

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        _of(schema_editor).database_forwards(self, app_label, schema_editor, from_state, to_state)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        _of(schema_editor).database_backwards(self, app_label, schema_editor, from_state, to_state)


def _of(schema_editor: Any) -> Any:
    """The operation whose statements this database gets: the concurrent one on PostgreSQL."""
    if schema_editor.connection.vendor == "postgresql":
        return AddIndexConcurrently
    return migrations.AddIndex

"""Two database roles: the schema's owner runs migrations, the application role does the rest.

A role that owns a table may alter it, truncate it, drop it and disable its triggers, so the
event log's append-only triggers (games/migrations) bind the application only if the web and
worker processes connect as a role that owns nothing. With ``DATABASE_MIGRATE_URL`` (the
owner) beside ``DATABASE_URL`` (the application role), ``manage.py migrate`` migrates as the
owner and then ``grant_application_role`` gives the application role what it needs and no
more: reading and writing rows, using the sequences, and on the append-only tables only
reading and inserting. Tables made by later migrations are covered too, as every migrate
grants again. (PostgreSQL only; SQLite has no roles.)
"""

from __future__ import annotations

from typing import Any

from games.models import Event, JournalLine, PlayedMove

# The event log, and the log's lines and played moves its move events point to
# (``games.journal_store``, ``games.move_store``).
APPEND_ONLY_MODELS = (Event, JournalLine, PlayedMove)


def grant_statements(connection: Any, role: str) -> list[str]:
    """The statements that give ``role`` the application's rights in ``connection``'s schema."""
    qn = connection.ops.quote_name
    who = qn(role)
    statements = [
        f"GRANT USAGE ON SCHEMA public TO {who}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {who}",
        f"GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {who}",
        f"REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM {who}",
    ]
    for model in APPEND_ONLY_MODELS:
        statements.append(f"REVOKE UPDATE, DELETE ON {qn(model._meta.db_table)} FROM {who}")
    return statements


def grant_application_role(connection: Any, role: str) -> None:
    if connection.vendor != "postgresql" or not role:
        return
    with connection.cursor() as cursor:
        for statement in grant_statements(connection, role):
            cursor.execute(statement)

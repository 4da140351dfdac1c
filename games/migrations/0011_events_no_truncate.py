"""On PostgreSQL, a statement trigger rejects TRUNCATE of the event log too.

Migration 0002's row trigger refuses UPDATE and DELETE; TRUNCATE fires no row trigger, so
it needs a statement trigger of its own. (A role that owns the table could still disable
triggers: the web and worker processes should connect as a role that owns nothing, see
gwt_site/db_roles.py and docs/deployment.md.) The test suite's flush between transactional
tests is the one TRUNCATE meant to pass: it disables this trigger for its own transaction
(tests/conftest.py).
"""

from django.db import migrations

CREATE = """
CREATE TRIGGER games_event_no_truncate
    BEFORE TRUNCATE ON games_event
    FOR EACH STATEMENT EXECUTE FUNCTION games_event_append_only();
"""

DROP = "DROP TRIGGER IF EXISTS games_event_no_truncate ON games_event;"


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0010_rules_version")]

    operations = [migrations.RunPython(create_trigger, drop_trigger, elidable=False)]

"""On PostgreSQL, a trigger rejects every UPDATE and DELETE of a game event.

The model and its queryset refuse them too; the trigger also covers raw SQL, other clients
and future code. (Other databases, SQLite in development, rely on the model alone.)
"""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION games_event_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_event is append-only: % is not allowed (write a new event instead)',
        TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER games_event_append_only
    BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS games_event_append_only ON games_event;
DROP FUNCTION IF EXISTS games_event_append_only();
"""


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(create_trigger, drop_trigger, elidable=False)]

"""Requests' idempotency keys get a table of their own, and a finished game keeps only the
keys of its last events.

The keys lived on the events, with a unique index on (game, key) that grew larger than the
(game, seq) index; events cannot be changed, so a finished game kept them forever. Now
``IdempotencyKey`` holds them (``games.ledger`` writes a key with its event and drops a game's
keys, but those of its last ``KEYS_KEPT_AT_THE_END`` events, when it ends). This migration
copies the keys still useful (those of games not over, and the last ones of the others) and
drops the events' index; the keys already written stay in the events' column, unindexed.
"""

import django.db.models.deletion
from django.db import migrations, models

KEYS_KEPT_AT_THE_END = 20  # as games.ledger.KEYS_KEPT_AT_THE_END when this was written

COPY = f"""
INSERT INTO games_idempotencykey (game_id, key, seq)
SELECT e.game_id, e.idempotency_key, e.seq
FROM games_event e JOIN games_game g ON g.id = e.game_id
WHERE e.idempotency_key <> ''
  AND (g.status IN ('open', 'active', 'paused') OR e.seq > g.version - {KEYS_KEPT_AT_THE_END})
"""


def copy_keys(apps, schema_editor):
    schema_editor.execute(COPY, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0014_game_name_progress")]

    operations = [
        migrations.CreateModel(
            name="IdempotencyKey",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=100)),
                ("seq", models.PositiveIntegerField()),
                (
                    "game",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="games.game",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("game", "key"), name="idempotency_key_unique")
                ]
            },
        ),
        migrations.RunPython(copy_keys, migrations.RunPython.noop, elidable=False),
        migrations.RemoveConstraint(model_name="event", name="event_unique_idempotency_key"),
        migrations.AlterField(
            model_name="event",
            name="idempotency_key",
            field=models.CharField(
                blank=True,
                help_text="Kept for events written before the keys had a table of their own "
                "(IdempotencyKey); empty since.",
                max_length=100,
            ),
        ),
    ]

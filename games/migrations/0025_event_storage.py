"""A move event keeps the number of its line for the game log (``Event.line``) instead of
its words in every language, stored once in ``JournalLine`` (``games.journal_store``); the
events' old ``idempotency_key`` column goes (the keys live in ``IdempotencyKey`` since 0015,
which copied those still useful).

Events are not rewritten: those written before keep their words in their payload. On
PostgreSQL neither step rewrites the table: the dropped column is only marked so (old rows
keep its byte, new rows do without it), and the new foreign key's check reads the table
once.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0024_substitutes"),
    ]

    operations = [
        migrations.CreateModel(
            name="JournalLine",
            fields=[
                ("id", models.AutoField(primary_key=True, serialize=False)),
                (
                    "digest",
                    models.CharField(
                        help_text="Hash of the line in every language.", max_length=32, unique=True
                    ),
                ),
                ("english", models.TextField()),
                (
                    "others",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text='The line in the other languages: {"fr": "..."}.',
                    ),
                ),
            ],
        ),
        migrations.RemoveField(
            model_name="event",
            name="idempotency_key",
        ),
        migrations.AddField(
            model_name="event",
            name="line",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                help_text="The move's line in the game log, in every language.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="games.journalline",
                verbose_name="log line",
            ),
        ),
    ]

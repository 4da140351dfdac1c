"""Indexes for lists that stay fast however many games there are.

* The games' lists read the last changed games first (all of them, one status, one edition):
  an index on ``updated_at`` (and with the status or the edition first) gives a page without
  sorting the table. Built with CREATE INDEX CONCURRENTLY on PostgreSQL, so a site with data
  keeps taking moves meanwhile (the migration is not atomic for that reason).
* Events, seats, snapshots and chat messages are ordered by their game's column, no longer by
  the relation (which joined the games table only to sort).
* The events' and snapshots' single-column ``game_id`` indexes go: the unique (game, seq)
  and (game, seq, engine_version) indexes serve every lookup by game, and reading a game's
  events up to a seq is then one range of (game, seq). Dropping an index is quick.
"""

import django.db.models.deletion
from django.db import migrations, models

from common.migration_ops import AddIndexConcurrentlyOnPostgres


class Migration(migrations.Migration):
    atomic = False

    dependencies = [("games", "0012_game_rated")]

    operations = [
        migrations.AlterModelOptions(
            name="chatmessage", options={"ordering": ["game_id", "created_at", "id"]}
        ),
        migrations.AlterModelOptions(name="event", options={"ordering": ["game_id", "seq"]}),
        migrations.AlterModelOptions(name="seat", options={"ordering": ["game_id", "index"]}),
        migrations.AlterModelOptions(name="snapshot", options={"ordering": ["game_id", "seq"]}),
        migrations.AlterField(
            model_name="event",
            name="game",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="games.game",
            ),
        ),
        migrations.AlterField(
            model_name="snapshot",
            name="game",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="snapshots",
                to="games.game",
            ),
        ),
        AddIndexConcurrentlyOnPostgres(
            model_name="game",
            index=models.Index(fields=["-updated_at"], name="game_updated_at"),
        ),
        AddIndexConcurrentlyOnPostgres(
            model_name="game",
            index=models.Index(fields=["status", "-updated_at"], name="game_status_updated_at"),
        ),
        AddIndexConcurrentlyOnPostgres(
            model_name="game",
            index=models.Index(fields=["edition", "-updated_at"], name="game_edition_updated_at"),
        ),
    ]

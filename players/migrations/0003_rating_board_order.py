"""The leaderboard's order as an index (``rating_board_order``): a page of the leaderboard is
then the first listed ratings of the edition in that order, not a sort of all of them (70 ms
at 56,000 ratings in ``bench/scale.py``'s database). Built with CREATE INDEX CONCURRENTLY on
PostgreSQL, so that the ratings go on being counted meanwhile (the migration is not atomic
for that reason)."""

from django.db import migrations, models

from common.migration_ops import AddIndexConcurrentlyOnPostgres


class Migration(migrations.Migration):
    atomic = False

    dependencies = [("players", "0002_profile_settings_names")]

    operations = [
        AddIndexConcurrentlyOnPostgres(
            model_name="rating",
            index=models.Index(
                fields=["edition", "-ordinal", "user_id"], name="rating_board_order"
            ),
        ),
    ]

"""An index of the seats seeking a substitute (a partial one: they are few), for the lobby's
list of the games whose seat another player may take over, which read every seat without it.
"""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0026_event_actor_partial_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                condition=models.Q(("seeking_substitute", True)),
                fields=["game"],
                name="seat_seeking_substitute",
            ),
        ),
    ]

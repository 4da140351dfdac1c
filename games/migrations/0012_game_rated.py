from django.db import migrations, models


def rate_the_games_of_people(apps, schema_editor):
    """Games created before the choice existed are rated as a new one would be by default:
    when every seat was a person's (at least two: a game has 2 to 4 seats)."""
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    # A bot's seat has no user; a person who resigned keeps theirs (a bot plays it on).
    with_bots = Seat.objects.exclude(bot="").filter(user__isnull=True).values("game_id")
    Game.objects.exclude(pk__in=with_bots).update(rated=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_events_no_truncate"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="rated",
            field=models.BooleanField(
                default=False,
                help_text="Counts for its players' ratings once finished (chosen at creation; the rules of what counts: docs/ratings.md).",
            ),
        ),
        migrations.RunPython(rate_the_games_of_people, migrations.RunPython.noop),
    ]

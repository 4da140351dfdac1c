"""A game's rules version (edition-revision): the field that held the engine's version at
the start, which for every game so far is its rules version ("1e-1"), renamed; and the
rules-upgrade event and audit kinds."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_moderators_chat_reports_permissions"),
    ]

    operations = [
        migrations.RenameField(
            model_name="game",
            old_name="engine_version",
            new_name="rules_version",
        ),
        migrations.AlterField(
            model_name="game",
            name="rules_version",
            field=models.CharField(
                blank=True,
                help_text="The rules the game is played under (edition-revision, e.g. 1e-1): set when it starts, changed only by a moderator's rules upgrade.",
                max_length=64,
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="kind",
            field=models.CharField(
                choices=[
                    ("setup", "setup"),
                    ("move", "move"),
                    ("undo", "undo"),
                    ("resign", "resign"),
                    ("rollback", "rollback"),
                    ("pause", "pause"),
                    ("resume", "resume"),
                    ("replace_by_bot", "replace by bot"),
                    ("restore", "restore a player"),
                    ("abandon", "abandon"),
                    ("extend_deadline", "extend the deadline"),
                    ("timeout", "turn deadline passed"),
                    ("rules_upgrade", "rules upgrade"),
                ],
                max_length=16,
            ),
        ),
        migrations.AlterField(
            model_name="moderationaction",
            name="action",
            field=models.CharField(
                choices=[
                    ("pause", "pause"),
                    ("resume", "resume"),
                    ("abandon", "abandon"),
                    ("replace_by_bot", "replace a player by a bot"),
                    ("restore", "restore a player"),
                    ("extend_deadline", "extend the deadline"),
                    ("rollback", "roll back"),
                    ("suspend", "suspend a user"),
                    ("unsuspend", "lift a user's suspension"),
                    ("hide_message", "hide a chat message"),
                    ("unhide_message", "show a hidden chat message again"),
                    ("report_assign", "assign a report"),
                    ("report_resolve", "resolve a report"),
                    ("report_dismiss", "dismiss a report"),
                    ("report_reopen", "reopen a report"),
                    ("rules_upgrade", "move a game to newer rules"),
                ],
                db_index=True,
                max_length=32,
            ),
        ),
    ]

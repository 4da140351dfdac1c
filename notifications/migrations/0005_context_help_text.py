from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0004_inbound_email"),
    ]

    operations = [
        migrations.AlterField(
            model_name="notification",
            name="context",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="What the message says, fixed when it was queued (a your-turn email's "
                "summary and options: when it was sent, for its event).",
            ),
        ),
    ]

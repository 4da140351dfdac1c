"""The beat schedule names real tasks, and each scheduled task runs."""

from __future__ import annotations

import pytest
from django.conf import settings

from gwt_site.celery import app
from notifications import tasks


def test_every_task_in_the_beat_schedule_is_registered():
    app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks, entry


@pytest.mark.django_db
def test_the_scheduled_notification_tasks_run_with_nothing_to_do():
    assert tasks.sweep_outbox() == 0
    assert tasks.sweep_turn_deadlines() == 0
    assert tasks.send_reminders() == 0
    assert tasks.send_digests() == 0
    assert tasks.deliver() == {}

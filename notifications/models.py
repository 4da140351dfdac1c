from django.db import models


class WorkerHeartbeat(models.Model):
    """The last time each Celery worker ran the periodic heartbeat task.

    Shows that the broker, beat and at least one worker are all working: ``/healthz``
    reports the age of the newest heartbeat.
    """

    worker = models.CharField(max_length=255, unique=True, help_text="Celery worker hostname.")
    first_seen = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField(db_index=True)
    beats = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["-last_seen"]

    def __str__(self) -> str:
        return f"{self.worker} (last seen {self.last_seen:%Y-%m-%d %H:%M:%S})"

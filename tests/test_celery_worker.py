"""A task sent through the real broker is run by a real worker process.

The worker is started here, against the broker this run selected (Redis when reachable,
otherwise kombu's filesystem transport), on a queue of its own so that no stale message can
interfere, and with the test database's URL so that its writes are visible to the test.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from notifications.models import WorkerHeartbeat
from notifications.tasks import heartbeat

ROOT = Path(__file__).resolve().parent.parent
WAIT_SECONDS = 30.0


def database_url_of(settings_dict: dict) -> str:
    """A DATABASE_URL for the database Django is connected to (the test database)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user = quote(settings_dict["USER"] or "", safe="")
    password = quote(settings_dict["PASSWORD"] or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict["HOST"] or "localhost"
    port = f":{settings_dict['PORT']}" if settings_dict["PORT"] else ""
    return f"postgres://{credentials}{host}{port}/{quote(settings_dict['NAME'], safe='')}"


def forget_queue(queue: str) -> None:
    """Remove what the broker keeps for this run's queue (on Redis: the list and bindings)."""
    if not settings.REDIS_URL:
        return  # filesystem broker: consumed messages are deleted, nothing else is kept
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        keys = list(client.scan_iter(match=f"*{queue}*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.mark.django_db(transaction=True)
def test_a_task_sent_through_the_broker_is_run_by_a_worker_and_reaches_the_database(tmp_path):
    assert connection.settings_dict["NAME"] != ":memory:", "the worker must share the database"
    run_id = uuid.uuid4().hex[:12]
    queue = f"test-{run_id}"
    worker_name = f"test-{run_id}@localhost"
    log_path = tmp_path / "worker.log"
    env = {
        **os.environ,
        "DATABASE_URL": database_url_of(connection.settings_dict),
        "PYTHONUNBUFFERED": "1",
    }

    heartbeat.apply_async(queue=queue)  # queued before the worker exists: a real broker holds it

    with log_path.open("wb") as log:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "gwt_site", "worker", "--pool=solo",
             "--concurrency=1", f"--queues={queue}", f"--hostname={worker_name}",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        try:
            row = None
            deadline = time.monotonic() + WAIT_SECONDS
            while row is None and time.monotonic() < deadline and worker.poll() is None:
                row = WorkerHeartbeat.objects.filter(worker=worker_name).first()
                if row is None:
                    time.sleep(0.25)
        finally:
            if worker.poll() is None:
                os.killpg(worker.pid, signal.SIGTERM)
                try:
                    worker.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(worker.pid, signal.SIGKILL)
                    worker.wait()
            forget_queue(queue)

    output = log_path.read_text(errors="replace")
    assert row is not None, (
        f"no heartbeat from {worker_name} within {WAIT_SECONDS:.0f}s "
        f"(broker {settings.CELERY_BROKER_URL}); worker output:\n{output[-4000:]}"
    )
    assert row.beats == 1
    assert "notifications.heartbeat" in output

"""The Celery app, configured from Django settings (the ``CELERY_`` names in settings.py).

Start a worker with ``celery -A gwt_site worker`` and exactly one scheduler with
``celery -A gwt_site beat``.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery, Task
from celery.signals import (
    task_postrun,
    task_prerun,
    worker_init,
    worker_process_init,
    worker_ready,
)
from django.db import close_old_connections

from gwt_site import collector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")

app = Celery("gwt_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _close_old_database_connections(task: Task[..., Any] | None = None, **kwargs: Any) -> None:
    """Treat each task like a web request: close the database connections that are broken or
    older than CONN_MAX_AGE, and keep the others (a new connection per task costs more than
    most tasks). Celery's own rule, closing them around every task, is switched off by
    CELERY_DB_REUSE_MAX in settings. Tasks run eagerly (tests) keep the caller's connection.
    """
    if task is not None and getattr(task.request, "is_eager", False):
        return
    close_old_connections()


@worker_process_init.connect
@worker_ready.connect
def _settle_collector(**kwargs: Any) -> None:
    """A pool process once forked, and the worker's main process once it consumes (the one
    that runs the tasks with ``--pool solo`` or ``threads``): the garbage collector set as in
    the web processes (gwt_site/collector.py)."""
    collector.settle()


@worker_init.connect
def _serve_metrics(**kwargs: Any) -> None:
    """The worker's main process serves its pool's counters on METRICS_PORT (if set): the
    pool processes write them to PROMETHEUS_MULTIPROC_DIR (gwt_site/metrics.py)."""
    from django.conf import settings

    if settings.METRICS_PORT:
        from gwt_site.metrics import serve_worker_metrics

        serve_worker_metrics(settings.METRICS_PORT)

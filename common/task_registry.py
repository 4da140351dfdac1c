"""The project's Celery tasks found by name, for the code that queues them.

A task module imports the services whose work it runs (``games.tasks`` runs the bots' turns,
``notifications.tasks`` the outbox), and those services queue the same tasks. Importing the
task module back from a service would make the two import each other; the services ask the
Celery app for the task by its registered name instead. The object is the task itself, so
eager mode (the tests) and ``apply_async`` options behave as with a direct import. Each app's
``ready`` imports its task module, so the names are registered in every process that runs
Django, not only in workers (where Celery's autodiscovery does it).
"""

from __future__ import annotations

from typing import Any

from celery import Task, current_app


def task_named(name: str) -> Task[..., Any]:
    """The registered task ``name`` (KeyError: no app imported the module defining it)."""
    found: Task[..., Any] = current_app.tasks[name]
    return found

"""Error reports to Sentry and the shape of the log lines, both chosen by the environment.

Kept apart from ``settings.py`` so that the tests can call them with the values they choose.
"""

from __future__ import annotations

from typing import Any

# The fields of a JSON log line besides the message: when, how bad, where from, and which
# process (several web and worker containers write to one log collector).
# The time is ISO 8601 in UTC ("time", the formatter's timestamp).
JSON_LOG_FIELDS = "%(levelname)s %(name)s %(message)s %(process)d %(threadName)s"


def logging_config(*, json_lines: bool, level: str) -> dict[str, Any]:
    """Django's LOGGING: one line per record on stderr, as JSON objects or as plain text.

    JSON lines (python-json-logger) keep a record's extra fields and its traceback in one
    line that a log collector can parse without guessing where a message ends. gunicorn's
    access log and Celery's records go through the same root handler (gunicorn_conf.py,
    CELERY_WORKER_HIJACK_ROOT_LOGGER=False).
    """
    formatter: dict[str, Any]
    if json_lines:
        formatter = {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "format": JSON_LOG_FIELDS,
            "rename_fields": {"levelname": "level", "name": "logger"},
            "timestamp": "time",
        }
    else:
        formatter = {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"default": formatter},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "default"}},
        "root": {"handlers": ["console"], "level": level.upper()},
    }


def init_sentry(
    dsn: str, *, environment: str, release: str = "", traces_sample_rate: float = 0.0
) -> bool:
    """Report unhandled errors (web requests, Celery tasks, ERROR log records) to Sentry.

    Does nothing without a DSN. No personal data is sent (``send_default_pii`` off: no user,
    no client address, no cookies or request bodies). Returns whether Sentry was set up.
    """
    if not dsn:
        return False
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release or None,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        traces_sample_rate=traces_sample_rate,
    )
    return True

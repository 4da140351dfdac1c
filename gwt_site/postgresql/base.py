"""Django's PostgreSQL backend, with the persistent connection's health check skipped while
the connection is busy.

With ``CONN_HEALTH_CHECKS`` Django sends ``SELECT 1`` before the first query of every request
and task that reuses a connection: a round trip, and work for the server, on every API call,
which under load is one statement in three. A connection that a request or task finished
with less than ``DATABASE_HEALTH_CHECK_IDLE`` seconds ago (default 1), and that psycopg does
not know to be closed or broken, is trusted instead: the check exists for the first request
after the server went away while the connection sat idle, and an outage short enough to fall
inside that second would have failed the request that was using the connection, which
closes it (a failed query marks it broken, and Django drops it at the end of the request).
With the setting at 0 every reuse is checked, as Django does.
"""

from __future__ import annotations

import datetime
import time
from typing import Any

from django.conf import settings
from django.db.backends.postgresql import base

from gwt_site.postgresql.timestamps import adapters_with_utc_timestamps


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.last_released = 0.0  # time.monotonic() when a request or task last let it go

    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        if self.timezone is datetime.UTC and "context" in params:
            params["context"] = adapters_with_utc_timestamps(params["context"])
        return params

    def close_if_unusable_or_obsolete(self) -> None:
        """At the start and end of each request and task (``close_old_connections``): the
        end of one that used the connection (its health was settled) notes the time."""
        used: bool = self.health_check_done
        super().close_if_unusable_or_obsolete()
        if used and self.connection is not None:
            self.last_released = time.monotonic()

    def close_if_health_check_failed(self) -> None:
        enabled: bool = getattr(self, "health_check_enabled", False)  # not in the stubs
        done: bool = getattr(self, "health_check_done", False)
        if (
            self.connection is not None
            and enabled
            and not done
            and not (self.connection.closed or self.connection.broken)
            and time.monotonic() - self.last_released < health_check_idle()
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()


def health_check_idle() -> float:
    return float(getattr(settings, "DATABASE_HEALTH_CHECK_IDLE", 1.0))

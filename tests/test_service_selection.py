"""How a test run chooses between PostgreSQL/Redis and SQLite/the embedded broker."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services import ServicesUnavailableError, select_services, with_redis_db

CLOSED_DB = "postgres://postgres@127.0.0.1:1/gwt"  # nothing listens on port 1
CLOSED_REDIS = "redis://127.0.0.1:1/0"
VAR = Path("/tmp/gwt-test-var")


def test_unreachable_services_fall_back_to_sqlite_and_the_filesystem_broker_and_say_so():
    selection = select_services({"DATABASE_URL": CLOSED_DB, "REDIS_URL": CLOSED_REDIS}, VAR)

    assert selection.database_url == f"sqlite:///{VAR / 'db.sqlite3'}"
    assert selection.redis_url is None
    assert "database=sqlite (fallback: PostgreSQL at 127.0.0.1:1" in selection.summary
    assert "broker=filesystem (fallback: Redis at 127.0.0.1:1" in selection.summary


def test_require_services_turns_the_fallback_into_an_error_naming_what_is_missing():
    environ = {"DATABASE_URL": CLOSED_DB, "REDIS_URL": CLOSED_REDIS, "REQUIRE_SERVICES": "1"}

    with pytest.raises(ServicesUnavailableError) as error:
        select_services(environ, VAR)

    assert "PostgreSQL at 127.0.0.1:1" in str(error.value)
    assert "Redis at 127.0.0.1:1" in str(error.value)


def test_require_services_refuses_an_explicit_sqlite_database():
    environ = {"DATABASE_URL": "sqlite:///x.db", "REDIS_URL": CLOSED_REDIS, "REQUIRE_SERVICES": "1"}

    with pytest.raises(ServicesUnavailableError, match="not PostgreSQL"):
        select_services(environ, VAR)


def test_tests_use_their_own_redis_database_number():
    assert with_redis_db("redis://:pw@cache:6380/0", 15) == "redis://:pw@cache:6380/15"
    assert with_redis_db("redis://cache", 15) == "redis://cache/15"


def test_each_parallel_worker_has_its_own_redis_database_counting_down(monkeypatch):
    from tests import services

    monkeypatch.setattr(services, "probe_redis", lambda url: None)  # as if it answered
    environ = {"DATABASE_URL": "sqlite:///x.db", "REDIS_URL": "redis://cache/0"}

    assert select_services(environ, VAR).redis_url == "redis://cache/15"
    assert select_services(environ, VAR, worker=2).redis_url == "redis://cache/13"
    mine = {**environ, "TEST_REDIS_DB": "12"}
    assert select_services(mine, VAR, worker=1).redis_url == "redis://cache/11"
    with pytest.raises(ServicesUnavailableError, match="worker 12 would use Redis database 0"):
        select_services(mine, VAR, worker=12)

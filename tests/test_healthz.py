from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from notifications.activity import worker_heartbeat_record
from tests.services import TEST_REDIS_DB, worker_number

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, staff):
    """/healthz gives its details to staff only (issue 17, item 9)."""
    client.force_login(staff)
    return client


def test_healthz_is_200_when_the_database_and_the_broker_answer(staff_client):
    response = staff_client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == {"ok": True, "vendor": connection.vendor}
    assert body["broker"]["ok"] is True
    assert body["broker"]["transport"] in {"redis", "filesystem"}
    assert body["worker"] == {"last_heartbeat": None}


def test_healthz_is_503_when_the_broker_is_down(staff_client, settings):
    settings.CELERY_BROKER_URL = "redis://:s3cret@127.0.0.1:1/0"  # nothing listens on port 1

    response = staff_client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is False
    assert body["broker"]["url"] == "redis://:***@127.0.0.1:1/0"
    assert "s3cret" not in response.content.decode()


def test_healthz_is_503_when_the_embedded_broker_folder_is_missing(client, settings, tmp_path):
    settings.CELERY_BROKER_URL = "filesystem://"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"data_folder_in": str(tmp_path / "absent")}

    assert client.get("/healthz").status_code == 503


def test_healthz_is_503_when_the_database_is_down(client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise OSError("database is unreachable")

    monkeypatch.setattr(connection, "cursor", broken_cursor)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["database"]["ok"] is False
    assert "worker" not in response.json()


def test_healthz_reports_the_age_of_the_last_worker_heartbeat(staff_client):
    worker_heartbeat_record(worker="celery@a", at=timezone.now() - timedelta(seconds=90))
    worker_heartbeat_record(worker="celery@b", at=timezone.now() - timedelta(seconds=30))

    worker = staff_client.get("/healthz").json()["worker"]

    assert worker["worker"] == "celery@b"
    assert 29 <= worker["age_seconds"] < 60


def test_the_broker_in_use_is_the_one_the_run_selected():
    redis_url = settings.REDIS_URL
    if redis_url:
        assert redis_url == settings.CELERY_BROKER_URL
        base = int(os.environ.get("TEST_REDIS_DB") or TEST_REDIS_DB)
        assert redis_url.endswith(f"/{base - worker_number(os.environ)}")
    else:
        assert settings.CELERY_BROKER_URL.startswith("filesystem://")

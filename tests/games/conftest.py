"""Fixtures for the game service: users, API clients, games, and Celery run in-process.

Django and DRF are imported inside the fixtures: this file is loaded before the root
conftest has configured Django (when pytest is given this folder).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

PASSWORD = "a long enough password"


@pytest.fixture
def make_user(db):
    from django.contrib.auth import get_user_model

    def make(username: str) -> Any:
        return get_user_model().objects.create_user(username=username, password=PASSWORD)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def alice_api(alice):
    from tests.games.helpers import client_for

    return client_for(alice)


@pytest.fixture
def bob_api(bob):
    from tests.games.helpers import client_for

    return client_for(bob)


@pytest.fixture
def carol_api(carol):
    from tests.games.helpers import client_for

    return client_for(carol)


@pytest.fixture
def eager_celery() -> Iterator[None]:
    """Tasks run in the calling process when queued (bots then move before the call returns)."""
    from gwt_site.celery import app

    before = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    try:
        yield
    finally:
        app.conf.task_always_eager, app.conf.task_eager_propagates = before

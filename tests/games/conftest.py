"""Fixtures for the game service: API clients for the shared users (tests/conftest.py).

Django and DRF are imported inside the fixtures: this file is loaded before the root
conftest has configured Django (when pytest is given this folder).
"""

from __future__ import annotations

import pytest


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

"""The games a test starts are replayable from the run's seed (tests/conftest.py): a failure
on one random game of many can be run again with the ``--randomly-seed`` the header prints."""

from __future__ import annotations

import random
import secrets

from games import models


def test_a_games_seed_follows_the_tests_random_seed():
    random.seed(7)
    first = [models.new_seed() for _ in range(3)]
    random.seed(7)
    assert [models.new_seed() for _ in range(3)] == first
    assert len(set(first)) == 3


def test_the_service_draws_seeds_with_secrets(monkeypatch):
    monkeypatch.undo()  # takes back the tests' own source (conftest: game_seeds_replayable)
    assert models.seed_bits is secrets.randbits

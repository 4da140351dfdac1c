"""The garbage collector of the web and worker processes: start-up objects frozen."""

from __future__ import annotations

import gc

import pytest
from celery.signals import worker_process_init, worker_ready

from gwt_site import collector


@pytest.fixture
def unfrozen():
    yield
    gc.unfreeze()


def test_settle_freezes_what_start_up_left(unfrozen):
    gc.unfreeze()
    collector.settle()
    assert gc.get_freeze_count() > 0


@pytest.mark.parametrize("signal", [worker_process_init, worker_ready])
def test_a_worker_process_settles_its_collector(signal, monkeypatch):
    settled = []
    monkeypatch.setattr(collector, "settle", lambda: settled.append(True))
    signal.send(sender=None)
    assert settled == [True]

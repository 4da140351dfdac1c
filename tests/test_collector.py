"""The garbage collector of the web and worker processes: start-up objects frozen, and the
young generation collected rarely enough that a request's objects die young."""

from __future__ import annotations

import gc

import pytest
from celery.signals import worker_process_init, worker_ready

from gwt_site import collector


@pytest.fixture
def unsettled():
    """Python's own collector settings before the test, and again after it."""
    threshold = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_settle_freezes_what_start_up_left(unsettled):
    collector.settle()
    assert gc.get_freeze_count() > 0


def request_sized_work_keeps(cycle: list[object]) -> None:
    """What a request does to the collector: tens of thousands of containers alive at once
    (a page of querysets, instances and rows), among them ``cycle``, all dropped at the end."""
    rows = [[cycle] for _ in range(15_000)]
    assert len(rows) == 15_000


def in_oldest_generation(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects(generation=2))


@pytest.mark.parametrize(("settled", "promoted"), [(False, True), (True, False)])
def test_a_requests_cycle_is_not_promoted_to_the_oldest_generation(unsettled, settled, promoted):
    """Under Python's thresholds the young collections that run while a request works move
    its live objects on to the oldest generation, where only a full collection frees them
    once the request has dropped them; settled, the process collects its young generation
    rarely enough that they are still young when they die."""
    if settled:
        collector.settle()
    gc.collect()
    cycle: list[object] = []
    cycle.append(cycle)
    request_sized_work_keeps(cycle)
    assert in_oldest_generation(cycle) is promoted
    del cycle


@pytest.mark.parametrize("signal", [worker_process_init, worker_ready])
def test_a_worker_process_settles_its_collector(signal, monkeypatch):
    settled = []
    monkeypatch.setattr(collector, "settle", lambda: settled.append(True))
    signal.send(sender=None)
    assert settled == [True]

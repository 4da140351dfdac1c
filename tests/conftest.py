"""Test-run setup shared by every test package.

* Chooses PostgreSQL/Redis or SQLite/filesystem broker (tests/services.py) and configures
  Django with that choice, before any setting is read. In a parallel run (``-n``, as
  ``make test`` runs it) each worker chooses for itself, with its own Redis database and
  files (pytest-django gives it its own test database).
* ``--slow`` runs the tests marked ``slow`` and switches Hypothesis to its "slow" profile
  (many more examples); without it they are skipped.
* The fixtures every package shares: users (``make_user``, ``alice``, ``bob``, ``carol``),
  moderators (``make_moderator``, ``moderator``), ``superuser`` and plain ``staff``, all made by
  tests/users.py; Celery tasks run in-process (``eager_celery``); and
  ``keep_the_test_connection`` for tests that send Django's request signals themselves.

Django is imported inside the fixtures: this file is loaded before Django is configured.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tests import users
from tests.services import ServicesUnavailableError, select_services, worker_number

ROOT = Path(__file__).resolve().parent.parent
# pytest-xdist's worker running this process ("gw0", "gw1"...), or "" in a run of one process.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
# TEST_VAR_DIR lets two runs on one machine keep their files apart; each worker of a parallel
# run keeps its own under it (pytest-django gives each its own test database too).
TEST_RUN_DIR = Path(os.environ.get("TEST_VAR_DIR") or ROOT / "var" / "test")
TEST_VAR_DIR = TEST_RUN_DIR / XDIST_WORKER  # the service's VAR_DIR in this process

hypothesis_settings.register_profile("default", deadline=None)
hypothesis_settings.register_profile(
    "slow", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)

_selection_key = pytest.StashKey[str]()
_environ_key = pytest.StashKey[dict[str, str]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        default=False,
        help="also run tests marked slow, with the 'slow' Hypothesis profile",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    hypothesis_settings.load_profile("slow" if config.getoption("--slow") else "default")

    django_conf = sys.modules.get("django.conf")
    if django_conf is not None and django_conf.settings.configured:
        # pytest-django loaded settings before this file, because DJANGO_SETTINGS_MODULE was
        # exported in the shell or given as --ds: too late to choose the services.
        raise pytest.UsageError(
            "Unset DJANGO_SETTINGS_MODULE (and drop --ds): the test suite configures Django "
            "itself once it has chosen the database and broker."
        )
    if _parallel_controller(config):
        # Its workers start from this environment and choose their own services, as below.
        config.stash[_environ_key] = dict(os.environ)
    try:
        selection = select_services(os.environ, TEST_VAR_DIR, worker=worker_number(os.environ))
    except ServicesUnavailableError as exc:
        raise pytest.UsageError(str(exc)) from None

    TEST_VAR_DIR.mkdir(parents=True, exist_ok=True)
    os.environ["DJANGO_SETTINGS_MODULE"] = "gwt_site.settings"
    os.environ["GWT_ENV"] = "test"
    os.environ["VAR_DIR"] = str(TEST_VAR_DIR)
    os.environ["DATABASE_URL"] = selection.database_url
    if selection.redis_url:
        os.environ["REDIS_URL"] = selection.redis_url
    else:
        os.environ.pop("REDIS_URL", None)
    for name in ("DEBUG", "EMAIL_URL", "EMAIL_BACKEND", "ALLOWED_HOSTS", "SITE_URL"):
        os.environ.pop(name, None)

    from django.conf import settings

    # Load settings now; pytest-django then sets Django up in its own pytest_configure.
    settings.DATABASES  # noqa: B018
    config.stash[_selection_key] = selection.summary + (
        f"; {config.getoption('numprocesses')} workers in parallel, each with its own test"
        " database and the Redis databases counting down from that one"
        if _parallel_controller(config)
        else ""
    )


def _parallel_controller(config: pytest.Config) -> bool:
    """This process hands the tests to pytest-xdist's workers (``-n``) and runs none."""
    return not XDIST_WORKER and config.getoption("dist", "no") != "no"


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """The controller of a parallel run gives its workers the environment it was started
    with, before xdist starts them: with this run's choice in it, each would load Django's
    settings before it could choose its own database, broker and files."""
    saved = session.config.stash.get(_environ_key, None)
    if saved is not None:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(scope="session", autouse=True)
def flush_passes_the_event_log_truncate_trigger() -> None:
    """The event log refuses TRUNCATE (games migration 0011); the flush that empties the
    database after each transactional test is the one TRUNCATE meant to pass, so it
    disables that trigger for its own transaction (as the tables' owner may)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    from django.db.backends.postgresql.operations import DatabaseOperations

    original = DatabaseOperations.execute_sql_flush
    if getattr(original, "passes_the_event_log_trigger", False):
        return
    trigger = "games_event_no_truncate"

    def execute_sql_flush(self: Any, sql_list: list[str]) -> None:
        if any("games_event" in statement for statement in sql_list):
            sql_list = [
                f'ALTER TABLE "games_event" DISABLE TRIGGER {trigger}',
                *sql_list,
                f'ALTER TABLE "games_event" ENABLE TRIGGER {trigger}',
            ]
        original(self, sql_list)

    execute_sql_flush.passes_the_event_log_trigger = True  # type: ignore[attr-defined]
    DatabaseOperations.execute_sql_flush = execute_sql_flush  # type: ignore[method-assign]


def pytest_report_header(config: pytest.Config) -> str | None:
    return config.stash.get(_selection_key, None)


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    summary = config.stash.get(_selection_key, None)
    if summary:
        terminalreporter.write_line(summary)
    if config.pluginmanager.hasplugin("randomly"):
        # Also at the end (the header is not shown with -q): how to replay this run's order.
        seed = config.getoption("randomly_seed")
        terminalreporter.write_line(
            f"tests: random order, replay with -p randomly --randomly-seed={seed}"
        )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip_slow = pytest.mark.skip(reason="slow test: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


# --- users -----------------------------------------------------------------------------------


@pytest.fixture
def make_user(db) -> Callable[..., Any]:
    """``make_user("dora", email=..., password=..., **fields)``: an active user with
    ``users.PASSWORD`` and dora@example.test unless told otherwise. (In a test with a
    transactional database or a live server, ``db`` is that database.)"""
    return users.create_user


@pytest.fixture
def alice(make_user) -> Any:
    return make_user("alice")


@pytest.fixture
def bob(make_user) -> Any:
    return make_user("bob")


@pytest.fixture
def carol(make_user) -> Any:
    return make_user("carol")


@pytest.fixture
def make_moderator(db) -> Callable[..., Any]:
    """``make_moderator("mod2")``: a staff user in the "Moderators" group."""
    return users.create_moderator


@pytest.fixture
def moderator(make_moderator) -> Any:
    return make_moderator("mod")


@pytest.fixture
def superuser(make_user) -> Any:
    return make_user(
        "root", email="root@example.com", password="root-pass-1", is_staff=True, is_superuser=True
    )


@pytest.fixture
def staff(make_user) -> Any:
    """A staff user with no permission at all."""
    return make_user("staff", password="staff-pass-1", is_staff=True)


@pytest.fixture(autouse=True)
def game_seeds_replayable(monkeypatch) -> None:
    """The games a test starts draw their secret seeds from ``random``, which pytest-randomly
    seeds before each test from the run's seed and the test's name: a test that fails on one
    random game of many fails again with the ``--randomly-seed`` the header printed (the
    service draws them with ``secrets``)."""
    import random

    from games import models

    monkeypatch.setattr(models, "seed_bits", random.getrandbits)


@pytest.fixture(autouse=True)
def leaderboards_counted_afresh() -> None:
    """Each test counts its leaderboards and ranks from its own ratings: the counts are kept
    in the cache for a version of each edition's ratings (``players.ratings_version``),
    which a test's rolled-back ratings would leave as it was for the next test."""
    from engine.editions import EDITIONS
    from players import ratings_version

    for edition in EDITIONS:
        ratings_version.changed(edition)


@pytest.fixture(autouse=True)
def api_tokens_read_every_time(settings) -> Iterator[None]:
    """Each API request reads its token's user from the database, as the query counts of
    the tests assume: a process remembers a token only once its user has been unchanged for
    a few seconds (``accounts.token_cache``), which a test may or may not reach depending on
    the machine's load. ``tests/test_token_cache.py`` turns the cache on."""
    from accounts import token_cache

    settings.API_TOKEN_CACHE_SECONDS = 0
    token_cache.forget_all()
    yield
    token_cache.forget_all()


@pytest.fixture(autouse=True)
def the_default_language_after_each_test() -> Iterator[None]:
    """A French request leaves French active in its thread (LocaleMiddleware activates the
    request's language and nothing deactivates it): the next test starts in the default."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def the_journal_lines_and_played_moves_read_again() -> Iterator[None]:
    """The process keeps the log's lines and the played moves by number
    (``games.journal_store``, ``games.move_store``); a test's rows go with its database, and
    SQLite gives their numbers again."""
    yield
    from games import journal_store, move_store

    journal_store.forget()
    move_store.forget()


# --- processes and signals -------------------------------------------------------------------


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


@pytest.fixture
def keep_the_test_connection() -> Iterator[None]:
    """Sending request_started / request_finished does not run Django's
    close_old_connections, as with its test client: the test's database connection (or one
    an earlier test left open, which a test without the database may not touch) stays."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)

"""Test-run setup shared by every test package.

* Chooses PostgreSQL/Redis or SQLite/filesystem broker (tests/services.py) and configures
  Django with that choice, before any setting is read.
* ``--slow`` runs the tests marked ``slow`` and switches Hypothesis to its "slow" profile
  (many more examples); without it they are skipped.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tests.services import ServicesUnavailableError, select_services

ROOT = Path(__file__).resolve().parent.parent
# TEST_VAR_DIR lets two runs on one machine keep their files apart.
TEST_VAR_DIR = Path(os.environ.get("TEST_VAR_DIR") or ROOT / "var" / "test")

hypothesis_settings.register_profile("default", deadline=None)
hypothesis_settings.register_profile(
    "slow", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)

_selection_key = pytest.StashKey[str]()


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
    try:
        selection = select_services(os.environ, TEST_VAR_DIR)
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
    config.stash[_selection_key] = selection.summary


def pytest_report_header(config: pytest.Config) -> str | None:
    return config.stash.get(_selection_key, None)


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    summary = config.stash.get(_selection_key, None)
    if summary:
        terminalreporter.write_line(summary)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip_slow = pytest.mark.skip(reason="slow test: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)

"""Browser tests: Playwright driving the system's chromium against pytest-django's live server.

* The browser is Debian's chromium (env ``CHROMIUM``, default /usr/bin/chromium), started once
  per run; Playwright never downloads one. When it is missing the browser tests are skipped,
  unless REQUIRE_SERVICES=1 asks for every service, in which case they fail.
* ``page`` is a fresh desktop-sized context per test, ``phone_page`` a 375x740 touch one;
  ``new_page`` opens more contexts (a second player) that are closed after the test.
* Every test here gets a live server and a transactional database, and Celery tasks run in
  the calling process (bot seats move before the request that queued them returns).
* Users come from the shared ``make_user`` (tests/conftest.py: active, email confirmed, password
  ``tests.users.PASSWORD``); ``login`` gives a page that user's session cookie without going
  through the form (the form has its own test).

Django is imported inside the fixtures: this file is loaded before the root conftest has
configured Django (when pytest is given this folder).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.axe import AXE_PATH

# Playwright's sync API runs an event loop in this thread; Django's ORM refuses to run in a
# thread with a running loop unless told it is safe (it is: the loop only drives the browser).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

BROWSER_DIR = Path(__file__).resolve().parent
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
# Generous enough for a loaded 2-core CI machine; a real failure still shows within seconds.
DEFAULT_TIMEOUT_MS = 15_000
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """The chromium executable to drive, or None when this machine has none."""
    configured = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    found = shutil.which(configured) if not os.path.isabs(configured) else configured
    if found and os.path.isfile(found) and os.access(found, os.X_OK):
        return found
    return None


def services_required() -> bool:
    return os.environ.get("REQUIRE_SERVICES", "").strip().lower() in {"1", "true", "yes", "on"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``browser`` (so ``-m "not browser"`` leaves them out)."""
    for item in items:
        if BROWSER_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    path = chromium_path()
    if path is None:
        reason = (
            f"chromium not found at {os.environ.get('CHROMIUM', '/usr/bin/chromium')} "
            "(install Debian's chromium or set CHROMIUM)"
        )
        if services_required():
            pytest.fail(f"REQUIRE_SERVICES=1 but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}")
    return path


@pytest.fixture(scope="session")
def browser(chromium_executable: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


# How long the end of a test waits for the servers' requests still running to finish.
QUIET_TIMEOUT_S = 10.0


# Consecutive looks that must find the other connections idle: a server thread between two
# statements (a stream's check, the work left after a response) looks idle for a moment.
QUIET_LOOKS = 3
# The test's own wait for a lock before PostgreSQL looks for a deadlock: longer than the
# server's (1 s by default), so that in a deadlock the server's statement is the one ended.
TEARDOWN_DEADLOCK_TIMEOUT = "20s"


def wait_for_other_connections_to_finish(timeout_s: float = QUIET_TIMEOUT_S) -> None:
    """Wait until no other connection to the test database has been inside a statement or a
    transaction for ``QUIET_LOOKS`` looks in a row; past ``timeout_s`` end those that still
    are. Then make the test's connection the last to give up in a deadlock.

    The browsers are closed by then, but a request they had started can still be running in
    a server thread. Emptying the tables at the end of the test (a TRUNCATE) while that
    request holds a lock on one table and waits for another is a deadlock, which left the
    tables full for the next test. A statement can still start after the last look; if it
    deadlocks with the TRUNCATE, PostgreSQL ends the one that has waited its
    ``deadlock_timeout`` first, which is then the server's (the test is over: its answer
    is not read)."""
    from django.db import DatabaseError, connection

    if connection.vendor != "postgresql":
        return
    busy = (
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'"
    )
    deadline = time.monotonic() + timeout_s
    quiet = 0
    with connection.cursor() as cursor:
        while quiet < QUIET_LOOKS:
            cursor.execute(busy)
            pids = [row[0] for row in cursor.fetchall()]
            quiet = 0 if pids else quiet + 1
            if pids and time.monotonic() >= deadline:
                cursor.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s) AS pid", [pids])
                break
            if quiet < QUIET_LOOKS:
                time.sleep(0.05)
        # For the rest of the session of this connection (the TRUNCATE comes after this
        # fixture): in any later deadlock the other connection still gives up after its 1 s.
        # A role that may not set it leaves the looks above alone to guard the TRUNCATE.
        with contextlib.suppress(DatabaseError):
            cursor.execute(f"SET deadlock_timeout = '{TEARDOWN_DEADLOCK_TIMEOUT}'")


@pytest.fixture(autouse=True)
def _browser_test_setup(
    chromium_executable, transactional_db, live_server, settings, eager_celery
) -> Iterator[None]:
    """Live server, real transactions, Celery in-process, and links in emails to the server.

    Asks for chromium first, so that a machine without it skips before starting a server.
    Its end runs after the pages are closed and before the tables are emptied."""
    settings.SITE_URL = live_server.url
    yield
    wait_for_other_connections_to_finish()


@pytest.fixture
def new_page(browser, live_server) -> Iterator[Callable[..., Any]]:
    """Open a page in a new browser context (its own cookies); closed after the test."""
    contexts: list[Any] = []

    def open_page(
        *, phone: bool = False, viewport: dict[str, int] | None = None, locale: str | None = None
    ) -> Any:
        """``viewport`` sizes the window (a screenshot's size); else PHONE or DESKTOP.
        ``locale`` is the browser's language (its Accept-Language), e.g. "fr-FR"."""
        language = {"locale": locale} if locale else {}
        if phone:
            context = browser.new_context(
                base_url=live_server.url,
                viewport=viewport or PHONE,
                is_mobile=True,
                has_touch=True,
                device_scale_factor=2,
                **language,
            )
        else:
            context = browser.new_context(
                base_url=live_server.url, viewport=viewport or DESKTOP, **language
            )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page) -> Any:
    return new_page()


@pytest.fixture
def phone_page(new_page) -> Any:
    return new_page(phone=True)


@pytest.fixture
def login(live_server) -> Callable[[Any, Any], None]:
    """Give ``page`` (its whole context) a logged-in session for ``user``."""
    from django.conf import settings
    from django.test import Client

    def log_in(page: Any, user: Any) -> None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}]
        )

    return log_in


@pytest.fixture(scope="session")
def axe_script() -> str:
    """The path of axe-core's script; ``npm ci`` at the project's root installs it."""
    if not AXE_PATH.is_file():
        reason = f"axe-core is not installed ({AXE_PATH} is missing): run `npm ci`"
        if services_required():
            pytest.fail(f"REQUIRE_SERVICES=1 but {reason}", pytrace=False)
        pytest.skip(f"accessibility checks skipped: {reason}")
    return str(AXE_PATH)

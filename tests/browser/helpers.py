"""Helpers for the browser tests: page measurements and reading sent emails."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any


def page_widths(page: Any) -> tuple[int, int]:
    """(scrollWidth, clientWidth) of the document: the page fits when the first is not larger."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    return int(widths[0]), int(widths[1])


def assert_fits_width(page: Any) -> None:
    scroll, client = page_widths(page)
    assert scroll <= client, f"{page.url} scrolls sideways: scrollWidth {scroll} > {client}"


def wait_until(page: Any, expression: str, *, timeout_s: float = 10.0) -> Any:
    """Poll ``expression`` in the page until it is truthy, and return its value.

    Playwright's ``wait_for_function`` checks its predicate a first time inside its own
    evaluation, then again from ``requestAnimationFrame`` through ``eval``: the site's
    Content-Security-Policy (no ``unsafe-eval``) refuses those later checks, so a condition
    not yet true at the first look failed the test instead of being waited for. Each
    ``page.evaluate`` here comes from the DevTools protocol, which the policy lets through.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{expression!r} is {value!r} after {timeout_s} s on {page.url}")
        time.sleep(0.05)


def link_in_last_email(to: str, path_fragment: str) -> str:
    """The first URL containing ``path_fragment`` in the newest email sent to ``to``."""
    from django.core import mail

    for message in reversed(mail.outbox):
        if to in message.to:
            match = re.search(rf"https?://\S*{re.escape(path_fragment)}\S*", message.body)
            assert match, f"no link with {path_fragment!r} in: {message.body}"
            return match.group(0)
    raise AssertionError(f"no email sent to {to}; outbox: {[m.to for m in mail.outbox]}")


# Where the browser tests leave their pictures of the pages (the screenshots): the
# project's var/screenshots/, or SCREENSHOT_DIR.
SCREENSHOT_DIR = Path(
    os.environ.get("SCREENSHOT_DIR") or Path(__file__).resolve().parents[2] / "var" / "screenshots"
)


def save_screenshot(page: Any, name: str, *, full_page: bool = False) -> Path:
    """``page`` as var/screenshots/<name>.png (the viewport, or the whole page)."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def hand_over_seat(page: Any, public_id: str) -> None:
    """Hand the seat of ``page``'s signed-in player over to a substitute, as a person does:
    the game page's "Hand my seat over to a substitute", its confirmation, and the message
    that it is done (the page then shows the game as anyone not at its table sees it)."""
    page.goto(f"/games/{public_id}/")
    page.get_by_test_id("hand-over-section").locator("summary").click()
    page.get_by_test_id("hand-over").click()
    page.wait_for_url(f"**/games/{public_id}/")
    page.get_by_text("You handed your seat over").first.wait_for()


def take_over_seat(page: Any, public_id: str, seat: int | None = None) -> None:
    """Take over a seat seeking a substitute as ``page``'s signed-in user: its "Take over"
    button on the game page (``seat``: the seat's index; None: the first one offered), then
    the message that the seat is theirs."""
    page.goto(f"/games/{public_id}/")
    section = page.get_by_test_id("take-over-section")
    button = (
        section.get_by_role("button").first
        if seat is None
        else section.get_by_test_id(f"take-over-{seat}")
    )
    button.click()
    page.wait_for_url(f"**/games/{public_id}/")
    page.get_by_text("The seat is yours").first.wait_for()

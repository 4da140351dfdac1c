"""Notes and finding my games in the browser, served by the ASGI server so that the live
stream runs: bob writes a private note (alice's page never shows it), the tab title counts
the games waiting for him and follows a turn passing to him, and the key n opens the next
game where it is his turn. Screenshots notes-*.png at 1366x900 and 390x844."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.asgi_server import AsgiServer
from tests.browser.helpers import assert_fits_width, save_screenshot
from tests.games.helpers import moves_passing_the_turn, started_game

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
NOTE = "Alice saves for Kansas City: build on B-3 first"


@pytest.fixture(scope="module")
def asgi() -> Iterator[AsgiServer]:
    server = AsgiServer().start()
    yield server
    server.stop()


@pytest.fixture
def open_page(browser, asgi) -> Iterator[Callable[..., Any]]:
    from django.conf import settings

    from tests.asgi_server import session_key_for

    contexts: list[Any] = []

    def open_for(user: Any, viewport: dict[str, int] = DESKTOP, phone: bool = False) -> Any:
        context = browser.new_context(
            base_url=asgi.url, viewport=viewport, is_mobile=phone, has_touch=phone
        )
        context.set_default_timeout(15_000)
        cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session_key_for(user)}
        context.add_cookies([{**cookie, "url": asgi.url}])
        contexts.append(context)
        return context.new_page()

    yield open_for
    for context in contexts:
        context.close()


def live(page: Any) -> None:
    expect(page.locator("html")).to_have_attribute("data-live", "on")


def test_a_private_note_the_waiting_count_and_the_next_game_key(open_page, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    shared = started_game(alice, [bob])  # alice to move
    passing = moves_passing_the_turn(shared, alice)
    mine = started_game(bob, bots=[1])  # bob to move against a bot
    Game.objects.filter(pk=mine.pk).update(current_seat=0)

    page = open_page(bob)
    page.goto(f"/games/{shared.public_id}/")
    live(page)
    expect(page).to_have_title(re.compile(r"^\(1\) .*alice vs bob"))
    page.locator("#play-note summary").click()
    page.locator("#note-text").fill(NOTE)
    page.get_by_role("button", name="Save note").click()
    expect(page.get_by_test_id("note-saved")).to_be_visible()
    page.reload()
    live(page)
    expect(page.get_by_test_id("game-note-marker")).to_be_visible()
    expect(page.locator("#note-text")).to_have_value(NOTE)
    save_screenshot(page, "notes-game-1366x900")

    # alice's page of the same game says nothing of it
    other = open_page(alice)
    other.goto(f"/games/{shared.public_id}/")
    expect(other.locator("#play-note")).to_be_visible()
    assert NOTE not in other.content()
    expect(other.get_by_test_id("game-note-marker")).to_have_count(0)

    # alice ends her turn: bob's tab title counts two games waiting, by the live stream
    shared.refresh_from_db()
    services.move_submit(
        game=shared, user=alice, move=passing[0], expected_version=shared.version, queue_bots=False
    )
    # (play.js adds "(Your turn) " after the count: it is bob's turn in this game now)
    expect(page).to_have_title(re.compile(r"^\(2\) \(Your turn\) alice vs bob"), timeout=10_000)

    # n (outside a text field) opens the next game where it is bob's turn: the other one
    page.locator("h1").click()
    page.keyboard.press("n")
    page.wait_for_url(f"**/games/{mine.public_id}/")

    phone = open_page(bob, PHONE, phone=True)
    phone.goto("/games/")
    expect(phone.get_by_test_id("note-marker")).to_be_visible()
    assert_fits_width(phone)
    save_screenshot(phone, "notes-my-games-390x844")
    phone.goto(f"/games/{shared.public_id}/")
    expect(phone.get_by_test_id("game-note-marker")).to_be_visible()
    assert_fits_width(phone)
    save_screenshot(phone, "notes-game-390x844")
    desktop_list = open_page(bob)
    desktop_list.goto("/games/")
    expect(desktop_list.locator("#next-game")).to_be_visible()
    save_screenshot(desktop_list, "notes-my-games-1366x900")

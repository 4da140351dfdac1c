"""A new player's first steps in a real browser: the new-game form offers the seats of the
chosen player count and names the bots by strength; the waiting room's invite link has a
copy button, and players can be invited by username. Without JavaScript the form still
works and the server still refuses a seat beyond the count.

The form and the room are saved as PNGs at 1366x900 and 390x844 under
``TEST_VAR_DIR/screenshots`` (``new-game-*.png``, ``invite-*.png``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.helpers import assert_fits_width
from tests.conftest import TEST_RUN_DIR

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def sized_page(browser, live_server, login) -> Iterator[Callable[..., Any]]:
    """A page of the given size (``SIZES``), with or without JavaScript, logged in as a user."""
    contexts: list[Any] = []

    def open_page(user: Any, size: str = "desktop", *, javascript: bool = True) -> Any:
        phone = size == "phone"
        context = browser.new_context(
            base_url=live_server.url,
            viewport=SIZES[size],
            is_mobile=phone,
            has_touch=phone,
            java_script_enabled=javascript,
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        login(page, user)
        return page

    yield open_page
    for context in contexts:
        context.close()


def shot(page: Any, name: str) -> None:
    out = TEST_RUN_DIR / "screenshots"  # every worker's
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"), full_page=True)


def seat_box(page: Any, number: int) -> Any:
    return page.locator(f'input[name="bots"][value="{number - 1}"]')


def test_the_form_offers_the_seats_of_the_chosen_count_and_bots_by_strength(sized_page, make_user):
    from games.models import Game

    user = make_user("nora")
    for size in SIZES:
        page = sized_page(user, size)
        page.goto("/games/new/")
        page.get_by_role("combobox", name="Players").select_option("2")
        expect(seat_box(page, 2)).to_be_visible()
        expect(seat_box(page, 3)).to_be_hidden()
        expect(seat_box(page, 4)).to_be_hidden()
        strengths = page.get_by_label("Bot strength").locator("option").all_inner_texts()
        assert [text.split(" ")[0] for text in strengths] == ["normal", "beginner"]
        assert_fits_width(page)
        shot(page, f"new-game-{size}")

    page.get_by_role("combobox", name="Players").select_option("4")
    seat_box(page, 4).check()
    expect(seat_box(page, 4)).to_be_visible()
    page.get_by_role("combobox", name="Players").select_option("3")  # seat 4 goes, and is unticked
    expect(seat_box(page, 4)).to_be_hidden()
    assert not seat_box(page, 4).is_checked()
    seat_box(page, 2).check()
    page.get_by_label("Bot strength").select_option("beginner")
    page.get_by_role("button", name="Create the game").click()

    expect(page).to_have_url(re.compile(r"/games/join/[a-z0-9]+/$"))
    game = Game.objects.get()
    assert [(s.index, s.bot) for s in game.seats.order_by("index")] == [
        (0, ""),
        (1, "random"),
        (2, ""),
    ]
    expect(page.locator("#lobby-room")).to_contain_text("beginner bot")


def test_without_javascript_every_seat_shows_and_the_server_refuses_one_beyond_the_count(
    sized_page, make_user
):
    from games.models import Game

    page = sized_page(make_user("olga"), javascript=False)
    page.goto("/games/new/")
    expect(seat_box(page, 4)).to_be_visible()
    page.get_by_role("combobox", name="Players").select_option("2")
    seat_box(page, 3).check()
    page.get_by_role("button", name="Create the game").click()

    expect(page.get_by_text("untick seat 3")).to_be_visible()
    assert not Game.objects.exists()


def test_the_invite_link_is_copied_by_its_button(sized_page, make_user):
    from games import services

    user = make_user("paul")
    game = services.game_create(creator=user, players=3)
    link = f"/games/join/{game.public_id}/"
    for size in SIZES:
        page = sized_page(user, size)
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.goto(link)
        button = page.locator("button[data-copy]")
        expect(button).to_have_text("Copy link")
        button.click()
        expect(page.locator("[data-copy-status]")).to_contain_text("Copied")
        expect(button).to_have_text("Copied")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied.endswith(link)
        assert copied == page.get_by_label(re.compile("Invite link")).input_value()
        assert_fits_width(page)
        shot(page, f"invite-{size}")


def test_without_javascript_the_link_is_shown_and_no_copy_button(sized_page, make_user):
    from games import services

    user = make_user("quinn")
    game = services.game_create(creator=user, players=3)
    page = sized_page(user, javascript=False)
    page.goto(f"/games/join/{game.public_id}/")

    expect(page.get_by_label(re.compile("Invite link"))).to_have_value(
        re.compile(rf"/games/join/{game.public_id}/$")
    )
    expect(page.get_by_role("button", name="Copy link")).to_be_hidden()


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-js"])
def test_a_player_is_invited_by_username_and_a_typo_is_told(sized_page, make_user, javascript):
    from games import services
    from notifications.models import Kind, Notification

    user = make_user("rosa")
    friend = make_user("sam")
    game = services.game_create(creator=user, players=3)
    page = sized_page(user, javascript=javascript)
    page.goto(f"/games/join/{game.public_id}/")

    page.get_by_label("Or invite a player by username").fill("sma")
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("No player is called 'sma'")
    assert not Notification.objects.filter(kind=Kind.INVITATION).exists()

    page.get_by_label("Or invite a player by username").fill("sam")
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.get_by_text("sam is invited")).to_be_visible()
    invitation = Notification.objects.get(kind=Kind.INVITATION)
    assert (invitation.recipient, invitation.game_id) == (friend, game.pk)

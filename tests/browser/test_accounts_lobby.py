"""Accounts and the lobby in a real browser: signing up, resetting a password, creating and
joining games, and the pages at phone width."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.core.cache import cache
from playwright.sync_api import expect

from tests.browser.helpers import assert_fits_width, link_in_last_email
from tests.users import PASSWORD


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """The account pages' email limits count in the cache, which outlives a run: start empty."""
    cache.clear()


def test_sign_up_confirm_the_email_and_log_in(page):
    page.goto("/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Email").fill("dora@example.com")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()

    # Logging in before confirming says what to do.
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_contain_text("Confirm your email first")

    # The link logs the new player in, straight to their games.
    page.goto(link_in_last_email("dora@example.com", "/accounts/confirm/"))
    expect(page.get_by_role("status")).to_contain_text("Your email is confirmed")
    expect(page).to_have_url(re.compile(r"/games/$"))
    expect(page.get_by_role("heading", name="My games")).to_be_visible()
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()

    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My games")).to_be_visible()


def test_reset_a_forgotten_password_by_email(page, make_user):
    make_user("erin", email="erin@example.com")
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("erin@example.com")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()

    page.goto(link_in_last_email("erin@example.com", "/accounts/password/reset/"))
    page.get_by_label("New password:", exact=True).fill("a brand new password")
    page.get_by_label("New password confirmation").fill("a brand new password")
    page.get_by_role("button", name="Set my password").click()
    expect(page.get_by_role("heading", name="Password changed")).to_be_visible()

    page.get_by_role("link", name="Log in").last.click()
    page.get_by_label("Username").fill("erin")
    page.get_by_label("Password").fill("a brand new password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My games")).to_be_visible()


def test_a_password_reset_asked_too_often_says_so_and_sends_nothing(page, make_user, settings):
    settings.ACCOUNT_EMAIL_RATE_PER_ADDRESS = 1
    make_user("erin", email="erin@example.com")
    for _ in range(2):
        page.goto("/accounts/password/reset/")
        page.get_by_label("Email").fill("erin@example.com")
        page.get_by_role("button", name="Send the link").click()

    expect(page.get_by_role("alert")).to_contain_text("Too many emails have been asked for")
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    assert [m.to for m in mail.outbox] == [["erin@example.com"]]


def test_create_a_game_against_two_bots_and_find_it_in_my_games(page, make_user, login):
    from games.models import Game, GameStatus

    login(page, make_user("frank"))
    page.goto("/games/")
    page.get_by_role("link", name="New game").first.click()
    page.get_by_role("combobox", name="Players").select_option("3")
    page.get_by_label("Seat 2 (red)").check()
    page.get_by_label("Seat 3 (yellow)").check()
    page.get_by_label("Bot strength").select_option("normal")
    page.get_by_role("button", name="Create the game").click()

    # No one else to wait for: the game starts at once and opens.
    game = Game.objects.get()
    expect(page).to_have_url(re.compile(rf"/games/{game.public_id}/$"))
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    # The bots have played up to frank's turn (Celery runs in-process here).
    assert game.current_seat == 0

    page.goto("/games/")
    row = page.locator(f'tr[data-game="{game.public_id}"]')
    expect(page.get_by_role("heading", name=re.compile("Waiting for you"))).to_be_visible()
    expect(row).to_contain_text("Your turn")
    expect(row).to_contain_text("normal bot")


def test_a_second_player_joins_an_open_game_from_another_browser(page, new_page, make_user, login):
    from games.models import Game

    login(page, make_user("gina"))
    page.goto("/games/new/")
    page.get_by_role("combobox", name="Players").select_option("2")
    page.get_by_label(re.compile("Anyone: list it")).check()
    page.get_by_role("button", name="Create the game").click()
    expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
    game = Game.objects.get()

    other = new_page()
    login(other, make_user("hank"))
    other.goto("/games/open/")
    other.locator(f'tr[data-game="{game.public_id}"]').get_by_role("button", name="Join").click()
    expect(other.locator("#lobby-room")).to_contain_text("hank (you)")

    # The creator's waiting room shows the new player by itself, and once started, the
    # other player's room takes them to the game.
    expect(page.locator("#lobby-room")).to_contain_text("hank")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(rf"/games/{game.public_id}/$"))
    expect(other).to_have_url(re.compile(rf"/games/{game.public_id}/$"))
    other.goto("/games/")
    expect(other.locator(f'tr[data-game="{game.public_id}"]')).to_be_visible()


def test_a_refused_join_shows_the_reason_in_place(page, new_page, make_user, login):
    from games import services

    owner = make_user("ivan")
    game = services.game_create(creator=owner, players=2)
    login(page, make_user("judy"))
    page.goto(f"/games/join/{game.public_id}/")
    other = make_user("kate")
    services.game_join(game=game, user=other)  # the last seat goes while judy reads the page

    page.get_by_role("button", name="Join this game").click()

    expect(page.get_by_role("alert")).to_contain_text("Every seat of this game is taken")
    assert not game.seats.filter(user__username="judy").exists()


def test_accounts_and_lobby_pages_fit_a_phone_screen(phone_page, make_user, login):
    from games import services
    from tests.games.helpers import started_game

    page = phone_page
    for path in ("/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"):
        page.goto(path)
        assert_fits_width(page)

    user = make_user("lena_with_a_rather_long_username")
    other = make_user("mike")
    started_game(user, [other], bots=[2, 3])
    services.game_create(creator=user, players=4, lobby=True)
    open_game = services.game_create(creator=other, players=3, lobby=True)
    login(page, user)
    for path in (
        "/games/",
        "/games/new/",
        "/games/open/",
        f"/games/join/{open_game.public_id}/",
        "/accounts/profile/",
    ):
        page.goto(path)
        assert_fits_width(page)
    page.goto("/games/")
    expect(page.get_by_role("link", name="My games")).to_be_visible()

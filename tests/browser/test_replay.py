"""The replay viewer in a real browser: stepping by buttons, keys and the log."""

from __future__ import annotations

from typing import Any

import engine
from games import replay, services
from games.models import Game
from tests.browser.helpers import assert_fits_width
from tests.games.helpers import play_one, started_game


def finished_game(user: Any) -> Game:
    """A finished game of ``user`` against a bot, played through the services."""
    game = started_game(user, bots=[1])
    while True:
        game.refresh_from_db()
        if game.status != "active":
            return game
        if game.current_seat == 1:
            services.bot_turns_play(game_id=game.pk, version=game.version)
        else:
            play_one(game)


def shown_seq(page: Any) -> int:
    return int(page.locator('[data-testid="replay-seq"]').inner_text())


def assert_position(page: Any, game: Game, seq: int) -> None:
    """The page shows the position after ``seq`` as the selectors give it (all revealed)."""
    page.wait_for_selector(f'#replay-frame[data-seq="{seq}"]')
    assert shown_seq(page) == seq
    view = engine.view(replay.state_at(game, seq), None, reveal_all=True)
    for player in view["players"]:
        money = page.locator(f'[data-testid="money-{player["seat"]}"]').inner_text()
        assert money == f"${player['money']}", (seq, player["seat"])
        hand = page.locator(f'ul[aria-label="Hand of seat {player["seat"] + 1}"] li')
        assert hand.count() == max(1, len(player["hand"]))
    current = page.locator('#replay-frame .log li[aria-current="step"]')
    assert current.get_attribute("value") == str(seq)
    assert page.url.endswith(f"?at={seq}")


def test_stepping_through_a_finished_game(page, make_user, login):
    alice = make_user("alice")
    game = finished_game(alice)
    login(page, alice)
    page.goto(f"/games/{game.public_id}/replay/?at=1")
    assert_position(page, game, 1)

    page.get_by_role("link", name="Next").click()
    assert_position(page, game, 2)
    page.keyboard.press("ArrowRight")
    assert_position(page, game, 3)
    page.keyboard.press("ArrowRight")
    assert_position(page, game, 4)
    page.keyboard.press("ArrowLeft")
    assert_position(page, game, 3)
    page.get_by_role("link", name="Previous").click()
    assert_position(page, game, 2)

    page.keyboard.press("End")
    assert_position(page, game, game.version)
    assert page.get_by_role("link", name="Next").get_attribute("aria-disabled") == "true"
    page.keyboard.press("Home")
    assert_position(page, game, 1)

    middle = game.version // 2
    page.locator("#replay-slider").fill(str(middle))  # a range input: sets it and fires change
    assert_position(page, game, middle)

    page.locator(f'#replay-frame .log li[value="{middle + 5}"] a').click()
    assert_position(page, game, middle + 5)

    page.go_back()  # the URL followed each step, so the history does too
    page.wait_for_url(f"**?at={middle}")


def test_the_replay_fits_a_phone_screen(phone_page, make_user, login):
    alice = make_user("alice")
    game = started_game(alice, bots=[1, 2])
    for _ in range(10):
        play_one(game)
    login(phone_page, alice)
    phone_page.goto(f"/games/{game.public_id}/replay/?at=5")
    phone_page.locator("#replay-frame").wait_for()

    assert_fits_width(phone_page)

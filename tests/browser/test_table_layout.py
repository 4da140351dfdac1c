"""The table at a desktop (1366x900) and a phone (390x844) width: the hand beside the moves,
the board readable and zoomable on a phone, game names and the lists, honest answers to
out-of-date clicks, deadlines in the reader's time zone, and a whole game tapped on a phone.
Each check leaves its screenshots in var/screenshots/ (``helpers.save_screenshot``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

import engine
import engine.bots
from games import replay, services
from games.models import Event, Game
from notifications.preferences import preference_set
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.helpers import assert_fits_width, save_screenshot, wait_until
from tests.games.helpers import find_undoable_position, started_game

VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}

# Every text of the drawn board and of the player boards: its font size in CSS px as drawn
# (the computed size times the scale from the SVG's user units to the screen).
TEXT_SIZES = """
(selector) => [...document.querySelectorAll(selector)].flatMap((svg) =>
  [...svg.querySelectorAll('text')]
    .filter((t) => t.textContent.trim() && t.getBBox().width)
    .map((t) => ({
      text: t.textContent.trim(),
      px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a,
    })))
"""


@pytest.fixture
def open_page(browser, live_server) -> Iterator[Callable[..., Any]]:
    """A page at a named width (its own context), with or without JavaScript."""
    contexts: list[Any] = []

    def opened(width: str, *, javascript: bool = True) -> Any:
        phone = width == "phone"
        context = browser.new_context(
            base_url=live_server.url,
            viewport=VIEWPORTS[width],
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
            java_script_enabled=javascript,
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield opened
    for context in contexts:
        context.close()


def game_url(game: Game) -> str:
    return f"/games/{game.public_id}/"


def in_viewport(page: Any, selector: str) -> bool:
    return page.evaluate(
        """(selector) => {
          const r = document.querySelector(selector).getBoundingClientRect();
          return r.height > 0 && r.top >= -1 && r.top < innerHeight
            && r.left >= 0 && r.right <= innerWidth + 1;
        }""",
        selector,
    )


def rect(page: Any, selector: str) -> dict[str, float]:
    return page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }",
        selector,
    )


@pytest.mark.parametrize("width", VIEWPORTS)
def test_your_hand_money_and_certificates_stay_beside_the_moves(open_page, make_user, login, width):
    alice = make_user("alice")
    game = started_game(alice, bots=[1])
    page = open_page(width)
    login(page, alice)
    page.goto(game_url(game))
    page.locator("#move-form").wait_for()
    panel = page.get_by_test_id("my-table")
    assert panel.get_by_text("Your hand").is_visible()
    view = engine.view(replay.state_at(game), 0)
    assert page.get_by_test_id("my-money").inner_text() == f"${view['players'][0]['money']}"
    assert page.get_by_test_id("my-certificates").inner_text().startswith("0 certificates")
    assert panel.locator("li.card").count() == len(view["players"][0]["hand"])

    page.locator("#moves").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('moves').scrollIntoView({block: 'start'})")
    assert in_viewport(page, "#my-table")
    moves, mine = rect(page, "#moves"), rect(page, "#my-table")
    assert mine["top"] >= moves["bottom"] - 1  # right under the buttons
    save_screenshot(page, f"table-hand-beside-moves-{width}")
    assert_fits_width(page)

    if width == "desktop":
        # Sticky: reading the bottom of the board, the moves and the hand are still in view.
        page.evaluate(
            "window.scrollTo(0, document.querySelector('.play-board')"
            ".getBoundingClientRect().bottom + scrollY - innerHeight)"
        )
        assert in_viewport(page, "#my-table")
        assert rect(page, "#moves")["bottom"] > 0
        save_screenshot(page, "table-hand-sticky-desktop")


def test_the_phone_board_reads_at_11px_and_zooms_pans_and_shows_areas(open_page, make_user, login):
    alice = make_user("alice")
    game = started_game(alice, bots=[1])
    page = open_page("phone")
    login(page, alice)
    page.goto(game_url(game))
    page.locator("[data-board-tools]:not([hidden])").wait_for()
    assert_fits_width(page)
    assert page.evaluate("visualViewport.scale") == 1

    # At its default zoom nothing on the board or a player board is under 11 CSS px.
    sizes = page.evaluate(TEXT_SIZES, "svg.gwt-board, svg.gwt-player-board")
    assert len(sizes) > 100
    small = [s for s in sizes if s["px"] < 11 - 0.01]
    assert small == [], small[:5]
    page.locator(".play-board").scroll_into_view_if_needed()
    save_screenshot(page, "table-board-default-phone")

    frame = page.locator("[data-board-frame]")
    default = float(frame.get_attribute("data-zoom"))
    page.get_by_role("button", name="Zoom in").tap()
    assert float(frame.get_attribute("data-zoom")) == pytest.approx(default * 1.25, rel=0.01)
    save_screenshot(page, "table-board-zoomed-in-phone")
    page.get_by_role("button", name="Zoom out").tap()
    page.get_by_role("button", name="Zoom out").tap()
    assert float(frame.get_attribute("data-zoom")) < default
    page.get_by_role("button", name="Fit", exact=True).tap()
    width = page.evaluate("document.querySelector('svg.gwt-board').getBoundingClientRect().width")
    assert width <= VIEWPORTS["phone"]["width"]
    save_screenshot(page, "table-board-fit-phone")

    # Panning: a zoomed board scrolls in its frame, not the page.
    page.get_by_role("button", name="Zoom in").tap()
    page.get_by_role("button", name="Zoom in").tap()
    page.evaluate("document.querySelector('[data-board-frame]').scrollBy(200, 150)")
    assert page.evaluate("document.querySelector('[data-board-frame]').scrollLeft") > 0
    assert_fits_width(page)

    for area in ("Trail", "Railroad", "Markets"):
        page.get_by_role("button", name=area, exact=True).tap()
        box = page.evaluate(
            "(a) => { const s = document.querySelector('svg.gwt-board');"
            " return [s.getAttribute('viewBox'), s.getAttribute('data-area-' + a)]; }",
            area.lower(),
        )
        assert box[0] == box[1]
        assert (
            page.get_by_role("button", name=area, exact=True).get_attribute("aria-pressed")
            == "true"
        )
        page.locator(".play-board").scroll_into_view_if_needed()
        save_screenshot(page, f"table-board-area-{area.lower()}-phone")
    page.get_by_role("link", name="Player boards").tap()
    wait_until(page, "location.hash === '#players-heading'")
    assert in_viewport(page, "#players-heading"), rect(page, "#players-heading")
    save_screenshot(page, "table-board-area-players-phone")
    page.get_by_role("button", name="Whole board").tap()

    # Two fingers apart on the board zoom it in (a pinch, as the touch screen sends it).
    before = float(frame.get_attribute("data-zoom"))
    box = frame.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 300) / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, spread: float) -> None:
        points = (
            []
            if kind == "touchEnd"
            else [
                {"x": x - spread, "y": y, "id": 1},
                {"x": x + spread, "y": y, "id": 2},
            ]
        )
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 40)
    for spread in (50, 60, 70, 80):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    assert float(frame.get_attribute("data-zoom")) == pytest.approx(before * 2, rel=0.1)
    assert page.evaluate("visualViewport.scale") == 1  # the page itself did not zoom

    # The view survives the panel's redraw after a move.
    zoom = frame.get_attribute("data-zoom")
    page.get_by_role("button", name="Trail", exact=True).tap()
    version = game.version
    page.locator("#move-form button[data-move-index]").first.tap()
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    page.locator("[data-board-tools]:not([hidden])").wait_for()
    assert page.locator("[data-board-frame]").get_attribute("data-zoom") == zoom
    assert (
        page.get_by_role("button", name="Trail", exact=True).get_attribute("aria-pressed") == "true"
    )


@pytest.mark.parametrize("width", VIEWPORTS)
def test_game_names_and_the_lists_round_scores_and_turn(open_page, make_user, login, width):
    alice, bob = make_user("alice"), make_user("bob")
    page = open_page(width)
    login(page, alice)
    page.goto("/games/new/")
    page.get_by_label("Name").fill("Sunday table")
    page.get_by_role("combobox", name="Players").select_option("2")
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("heading", name="Sunday table").wait_for()
    named = Game.objects.get(name="Sunday table")
    services.game_join(game=named, user=bob)
    services.game_start(game=named, user=alice)
    unnamed = started_game(bob, [alice])

    page.goto("/games/")
    rows = page.locator("tr.game-row")
    rows.first.wait_for()
    assert page.get_by_role("link", name="Sunday table").is_visible()
    assert page.get_by_role("link", name="bob vs alice").is_visible()
    for game in (named, unnamed):
        row = page.locator(f'tr[data-game="{game.public_id}"]')
        assert row.get_by_test_id("round").inner_text() == "round 1"
        assert row.get_by_test_id("score").count() == 2
    assert page.locator(f'tr[data-game="{named.public_id}"]').get_by_text("Your turn").is_visible()
    assert (
        page.locator(f'tr[data-game="{unnamed.public_id}"]')
        .get_by_text("bob (red) to play")
        .count()
        == 0
    )
    save_screenshot(page, f"table-my-games-names-{width}", full_page=True)

    page.goto(game_url(unnamed))
    # The live stream may put the count of one's turns waiting in front: "(1) bob vs alice".
    assert re.sub(r"^\(\d+\) ", "", page.title()).startswith("bob vs alice")
    save_screenshot(page, f"table-game-name-{width}")


@pytest.mark.parametrize("width", VIEWPORTS)
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_click_from_an_out_of_date_page_says_who_moved(
    open_page, make_user, login, width, javascript
):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game(alice, [bob])
    page = open_page(width, javascript=javascript)
    login(page, alice)
    page.goto(game_url(game))
    if javascript:
        page.evaluate("document.querySelectorAll('.play-poll').forEach(e => e.remove())")
    # Meanwhile alice plays from her phone, and it becomes bob's turn... or stays hers.
    move = engine.legal_moves(replay.state_at(game), 0)[0]
    services.move_submit(game=game, user=alice, move=move, expected_version=game.version)
    before = Event.objects.filter(game=game).count()

    page.locator('#move-form button[data-move-index="0"]').click()

    message = (
        "You moved (in another window) since this page was loaded; "
        "your click was not played — choose again."
    )
    page.get_by_text(message).wait_for()
    assert Event.objects.filter(game=game).count() == before
    save_screenshot(page, f"table-stale-click-{'js' if javascript else 'nojs'}-{width}")


@pytest.mark.parametrize("width", VIEWPORTS)
def test_taken_back_decisions_leave_the_log_and_replay_and_deadlines_read_locally(
    open_page, make_user, login, width
):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=48))
    preference_set(user=alice, time_zone="Asia/Tokyo")
    preference_set(user=bob, time_zone="Asia/Tokyo")
    seat, move = find_undoable_position(game)
    game.refresh_from_db()
    user = game.seats.get(index=seat).user
    services.move_submit(game=game, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    undone = game.version
    services.move_undo(game=game.public_id, user=user, expected_version=game.version)
    game.refresh_from_db()
    page = open_page(width)
    login(page, user)

    page.goto(game_url(game))
    log = page.locator(".play-log .log")
    log.wait_for()
    assert log.locator(f'li[value="{undone}"]').count() == 0
    assert "took back" not in log.inner_text()
    deadline = page.locator(".turn-deadline").inner_text()
    assert "(Asia/Tokyo)" in deadline
    local = game.turn_deadline.astimezone(ZoneInfo("Asia/Tokyo"))
    assert f"{local:%H:%M}" in deadline
    page.locator(".turn-deadline").scroll_into_view_if_needed()
    save_screenshot(page, f"table-deadline-local-{width}")
    page.locator(".play-log").scroll_into_view_if_needed()
    save_screenshot(page, f"table-log-without-undone-{width}")

    page.goto(f"/games/{game.public_id}/replay/")
    page.locator(".replay-log .log").wait_for()
    assert page.locator(f'.replay-log li[value="{undone}"]').count() == 0
    assert "took back" not in page.locator(".replay-log").inner_text()
    save_screenshot(page, f"table-replay-without-undone-{width}")


def test_a_whole_game_tapped_on_a_phone_without_zooming_the_page(open_page, make_user, login):
    """Every decision of a 2-player game against a bot tapped at 390x844; the page never
    scrolls sideways and is never zoomed (its scale stays 1)."""
    alice = make_user("alice")
    game = started_game(alice, bots=[1])
    page = open_page("phone")
    login(page, alice)
    page.goto(game_url(game))
    my_turn_or_the_end = page.locator("#move-form").or_(
        page.get_by_role("heading", name="Final scores")
    )
    taps = 0
    while True:
        my_turn_or_the_end.first.wait_for()
        if not page.locator("#move-form").count():
            break
        game.refresh_from_db()
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, 0, kind="heuristic")
        index = engine.legal_moves(state, 0).index(move)
        button = page.locator(f'#move-form button[data-move-index="{index}"]')
        assert json.loads(button.get_attribute("data-move")) == move
        version = page.locator("#game-panel").get_attribute("data-version")
        button.tap()
        page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
        taps += 1
        if taps % 40 == 1:
            assert_fits_width(page)
            assert page.evaluate("visualViewport.scale") == 1
        assert taps < 1000
    game.refresh_from_db()
    assert game.status == "finished"
    assert Event.objects.filter(game=game, seat=0, actor=alice).count() == taps
    assert_fits_width(page)
    page.get_by_role("heading", name="Final scores").scroll_into_view_if_needed()
    save_screenshot(page, "table-phone-game-over-phone")

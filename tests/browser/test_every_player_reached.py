"""A table anyone can play: a whole game played by one player with the keyboard alone, in the
text view, while the other players' moves are read out in the page's live region.

Alice plays every one of her decisions with key presses only (Tab to the text view's *Go to
your moves*, Enter, Tab to the first move button, the arrows to the move she wants, Enter):
the page is never clicked. Her opponents' seats are moved by the test through the services,
as their own devices would; the site is served by the ASGI server, so that their moves
reach alice's page through its live stream.

Screenshots of the text view go to var/screenshots/ (keyboard-text-view-*.png).
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

import engine
import engine.bots
from games import replay
from games.models import Game
from tests.browser.helpers import save_screenshot
from tests.browser.test_live import asgi, live, open_page  # noqa: F401 (fixtures)
from tests.games.helpers import play_one, started_game

# Enough for the longest 3-player game the heuristic bots play (about 170 decisions a seat).
MAX_DECISIONS = 400
# Tab presses from anywhere on the page to the text view's "Go to your moves".
MAX_TABS = 120

FOCUS_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return "body";
  if (a.matches("#move-form .move-button")) return "move:" + a.dataset.moveIndex;
  if (a.matches("[data-testid=skip-to-moves]")) return "skip";
  return a.id || a.tagName.toLowerCase();
}"""


def focused(page: Any) -> str:
    """What has the keyboard focus: 'move:<index>', 'skip', an element's id or tag."""
    return str(page.evaluate(FOCUS_JS))


def expect_focus(page: Any, where: str) -> None:
    """Wait (the page settles after its swap) until ``where`` has the focus."""
    try:
        page.wait_for_function(f"() => ({FOCUS_JS})() === {json.dumps(where)}", timeout=5000)
    except Exception as error:  # playwright's TimeoutError: say where the focus is instead
        raise AssertionError(f"focus on {focused(page)!r}, not {where!r}") from error


def keyboard_to_first_move(page: Any) -> None:
    """From wherever the focus is, to the first move button, by keyboard only."""
    where = focused(page)
    if where != "moves-heading" and not where.startswith("move:"):
        for _ in range(MAX_TABS):
            page.keyboard.press("Tab")
            where = focused(page)
            if where == "skip":
                page.keyboard.press("Enter")
                where = focused(page)
                break
            if where.startswith("move:"):
                break
        else:
            raise AssertionError(f"{MAX_TABS} Tab presses never reached the moves")
    if where == "moves-heading":
        page.keyboard.press("Tab")
    assert focused(page).startswith("move:"), focused(page)
    page.keyboard.press("Home")
    assert focused(page) == "move:0"


def play_by_keyboard(page: Any, game: Game, seat: int) -> dict[str, Any]:
    """Play the heuristic bot's choice for ``seat`` with the arrows and Enter; wait for the
    panel that follows it."""
    game.refresh_from_db()
    state = replay.state_at(game)
    move = engine.bots.choose_move(state, seat, kind="heuristic")
    index = engine.legal_moves(state, seat).index(move)
    keyboard_to_first_move(page)
    for _ in range(index):
        page.keyboard.press("ArrowDown")
    assert focused(page) == f"move:{index}"
    button = page.locator(f'#move-form button[data-move-index="{index}"]')
    assert json.loads(button.get_attribute("data-move") or "null") == move
    version = page.locator("#game-panel").get_attribute("data-version")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    return move


def wait_for_my_turn(page: Any, game: Game) -> None:
    game.refresh_from_db()
    panel = page.locator("#game-panel")
    expect(panel).to_have_attribute("data-version", str(game.version))
    expect(panel).to_have_attribute("data-your-turn", "true")


def test_a_whole_game_by_keyboard_in_the_text_view(open_page, make_user):  # noqa: F811
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started_game(alice, [bob, carol], edition="1e")
    page = open_page(alice)
    page.goto(f"/games/{game.public_id}/")
    live(page)

    # The switch to the text view, by keyboard: Tab to it, Enter; the account keeps it.
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.testid") == "show-text":
            break
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/games/{game.public_id}/text/")
    live(page)
    expect(page.locator("#game-panel")).to_have_class("play-panel play-text")
    save_screenshot(page, "keyboard-text-view-start", full_page=True)

    # The keyboard help opens on ?, and closes again.
    page.keyboard.press("?")
    expect(page.locator("#keyboard-help")).to_have_attribute("open", "")
    page.keyboard.press("?")
    expect(page.locator("#keyboard-help")).not_to_have_attribute("open", "")

    announced = []
    decisions = 0
    for _ in range(MAX_DECISIONS * 3):
        game.refresh_from_db()
        if game.is_over:
            break
        if game.current_seat != 0:
            play_one(game)  # bob's and carol's own devices
            continue
        wait_for_my_turn(page, game)
        if decisions:
            # Came back to alice: said in the live region, the focus left where it was.
            region = page.locator("#play-messages").inner_text()
            announced.append(region)
        play_by_keyboard(page, game, 0)
        decisions += 1
        game.refresh_from_db()
        if not game.is_over:
            # The next choice when the turn goes on, else the line that says what happened.
            expect_focus(page, "moves-heading" if game.current_seat == 0 else "play-messages")
        if decisions == 60:
            save_screenshot(page, "keyboard-text-view-mid", full_page=True)
    else:
        raise AssertionError("the game did not end")

    assert decisions > 50
    turns_back = [text for text in announced if "It is your turn." in text]
    assert turns_back, announced[:5]
    assert any("carol: " in text or "bob: " in text for text in turns_back)
    page.reload()
    expect(page.locator("#turn-heading")).to_be_attached()
    expect(page.locator(".play-turn")).to_contain_text("The game is over")
    save_screenshot(page, "keyboard-text-view-end", full_page=True)

"""Playing through the game page in a real browser."""

from __future__ import annotations

import json
import re
from typing import Any

import engine
import engine.bots
from games import replay, services
from games.models import Event, Game, GameStatus
from tests.browser.helpers import assert_fits_width, wait_until
from tests.games.helpers import started_game
from tests.games.play_helpers import finished_against_bot

# A whole game has a few hundred decisions per seat; this bounds a runaway loop.
MAX_DECISIONS = 1000


def game_url(game: Game) -> str:
    return f"/games/{game.public_id}/"


def panel_version(page: Any) -> int:
    return int(page.locator("#game-panel").get_attribute("data-version"))


def click_move(page: Any, game: Game, seat: int) -> dict[str, Any]:
    """Click the button of the heuristic bot's choice for ``seat``; wait for the new panel."""
    game.refresh_from_db()
    state = replay.state_at(game)
    move = engine.bots.choose_move(state, seat, kind="heuristic")
    index = engine.legal_moves(state, seat).index(move)
    button = page.locator(f'#move-form button[data-move-index="{index}"]')
    assert json.loads(button.get_attribute("data-move")) == move
    version = panel_version(page)
    button.click()
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    return move


def test_a_game_against_two_bots_is_created_and_played_to_the_end_through_the_page(
    page, make_user, login
):
    """Created from the lobby's form, every one of the human's decisions clicked on the page
    (the first on the board itself), until the final scores show."""
    alice = make_user("alice")
    login(page, alice)
    page.goto("/games/new/")
    page.get_by_role("combobox", name="Players").select_option("3")
    page.get_by_label("Seat 2 (red)").check()
    page.get_by_label("Seat 3 (yellow)").check()
    page.get_by_role("button", name="Create the game").click()
    # Every other seat is a bot: the game starts at creation and the form opens its page.
    page.wait_for_url(lambda url: not url.endswith("/games/new/"))
    game = Game.objects.get()
    page.wait_for_url(f"**{game_url(game)}")
    assert game.status == GameStatus.ACTIVE
    assert page.get_by_text("Your turn").first.is_visible()

    # The first decision by clicking the board: the start spaces are targets on it.
    game.refresh_from_db()
    state = replay.state_at(game)
    start = engine.bots.choose_move(state, 0)
    index = engine.legal_moves(state, 0).index(start)
    page.locator(f'.board-frame [data-move-index="{index}"]').click()
    page.wait_for_selector(f'#game-panel:not([data-version="{game.version}"])')
    assert Event.objects.get(game=game, seq=game.version + 1).payload["move"] == start

    # Then every decision by its button. When one gives the turn to the bots, their task runs
    # once the answer is sent (Celery in-process here) and the page, polling soon while a bot
    # is to move, shows the next decision by itself.
    clicks = 1
    my_turn_or_the_end = page.locator("#move-form").or_(
        page.get_by_role("heading", name="Final scores")
    )
    while True:
        my_turn_or_the_end.first.wait_for()
        if not page.locator("#move-form").count():
            break
        click_move(page, game, 0)
        clicks += 1
        assert clicks <= MAX_DECISIONS
    assert clicks > 50
    assert Event.objects.filter(game=game, seat=0, actor=alice).count() == clicks

    game.refresh_from_db()
    assert game.status == "finished"
    page.get_by_role("heading", name="Final scores").wait_for()
    totals = [int(t) for t in page.locator('[data-testid="score-total"]').all_inner_texts()]
    assert totals == [score["total"] for score in game.result["scores"]]
    assert page.get_by_role("row", name="Cattle cards").is_visible()
    assert page.get_by_text("The game is over", exact=True).is_visible()


def test_two_players_alternate_and_the_waiting_page_updates_by_itself(new_page, make_user, login):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game(alice, [bob])
    pages = {0: new_page(), 1: new_page()}
    login(pages[0], alice)
    login(pages[1], bob)
    for page in pages.values():
        page.goto(game_url(game))
    assert pages[1].get_by_text("Waiting for alice").is_visible()

    switches = 0
    while switches < 2:
        game.refresh_from_db()
        mover = game.current_seat
        waiting = pages[1 - mover]
        click_move(pages[mover], game, mover)
        game.refresh_from_db()
        if game.current_seat != mover:
            switches += 1
            # The waiting player's page notices by polling, without a reload.
            waiting.wait_for_selector(f'#game-panel[data-version="{game.version}"]')
            waiting.locator("#move-form").wait_for()
            assert waiting.get_by_text("It is your turn.").is_visible()
            # (after the count of games waiting, when there is one: "(1) (Your turn) ...")
            assert re.match(r"(\(\d+\) )?\(Your turn\)", waiting.title())
            assert "(Your turn)" not in pages[mover].title()
    assert Event.objects.filter(game=game, seat=1).exists()


def stop_polling(page: Any) -> None:
    """Keep the page at its position, as if the poll had not come round yet."""
    page.evaluate("document.querySelectorAll('.play-poll').forEach(e => e.remove())")


def alice_at_her_turn(page: Any, make_user: Any, login: Any) -> tuple[Game, Any]:
    """A game of alice against bob, open on alice's page at her first turn, not polling;
    the game and alice."""
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game(alice, [bob])
    login(page, alice)
    page.goto(game_url(game))
    stop_polling(page)
    return game, alice


def test_stale_and_illegal_submissions_show_a_message_and_change_nothing(page, make_user, login):
    game, alice = alice_at_her_turn(page, make_user, login)

    # Illegal: a move that is not in the list.
    page.evaluate("document.querySelector('#move-form button[data-move-index]').value = '999'")
    page.locator("#move-form button[data-move-index]").first.click()
    page.locator("#play-messages").get_by_text("There is no such move now").wait_for()
    game.refresh_from_db()
    assert game.version == 1

    # Stale: the position moved on (alice played from another device) since the page loaded.
    move = engine.legal_moves(replay.state_at(game), 0)[3]
    services.move_submit(game=game, user=alice, move=move, expected_version=1)
    page.locator('#move-form button[data-move-index="0"]').click()
    page.locator("#play-messages").get_by_text(
        "You moved (in another window) since this page was loaded; your click was not played"
    ).wait_for()
    game.refresh_from_db()
    assert game.version == 2
    assert Event.objects.filter(game=game).count() == 2
    assert panel_version(page) == 1

    page.get_by_role("button", name="Reload the current position").click()
    page.wait_for_selector('#game-panel[data-version="2"]')


def test_undo_through_the_page(page, make_user, login):
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game(alice, [bob])
    login(page, alice)
    page.goto(game_url(game))
    # "start" by keyboard on the board: focus the space, press Enter.
    page.locator('.board-frame [data-move-index="2"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#game-panel:not([data-version="1"])')
    assert Event.objects.get(game=game, seq=2).payload["move"] == {"type": "start", "space": "C"}
    game.refresh_from_db()
    state = replay.state_at(game)
    moves = engine.legal_moves(state, 0)
    undoable = next(
        i
        for i, m in enumerate(moves)
        if m["type"] == "aux"
        and not engine.move_revealed(engine.apply(state, 0, m))
        and engine.current_player(engine.apply(state, 0, m)) == 0
    )
    version = panel_version(page)
    page.locator(f'#move-form button[data-move-index="{undoable}"]').click()
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')

    page.get_by_role("button", name="Undo my last decision").click()
    page.locator("#play-messages").get_by_text("taken back").wait_for()
    game.refresh_from_db()
    assert engine.to_json(replay.state_at(game)) == engine.to_json(state)


# A second swap of the panel while the first is still settling (htmx's settle delay, made
# long here so that it always comes in that moment; in play, a live update answering the
# same move): the panel the move swapped in is detached before it settles.
SECOND_SWAP_WHILE_SETTLING = """url => {
  window.htmx.config.defaultSettleDelay = 1000;
  document.addEventListener("htmx:afterSwap", function again(event) {
    if (event.detail.elt.id !== "game-panel") return;
    document.removeEventListener("htmx:afterSwap", again);
    window.htmx.ajax("GET", url, {target: "#game-panel", swap: "outerHTML"});
  });
}"""


def test_the_focus_after_a_move_survives_a_second_swap_before_the_first_settles(
    page, make_user, login
):
    """The move played by keyboard from its button: the focus goes to the next choice (the
    moves' heading) even when another answer replaces the panel before the move's own swap
    has settled, and stays there after both have."""
    game, _alice = alice_at_her_turn(page, make_user, login)
    page.evaluate(SECOND_SWAP_WHILE_SETTLING, f"/games/{game.public_id}/panel/")
    page.locator('#move-form button[data-move-index="2"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#game-panel:not([data-version="1"])')
    wait_until(page, "!document.querySelector('.htmx-settling')", timeout_s=5)
    page.wait_for_timeout(1200)  # the second swap's own settle delay
    assert page.evaluate("document.activeElement.id") == "moves-heading"


# The panel replaced with no htmx event at all, as an answer is swapped while the page hears
# none of its events (they go to the element it was meant for, already replaced).
REPLACE_PANEL_UNHEARD = """() => {
  const panel = document.getElementById("game-panel");
  panel.replaceWith(panel.cloneNode(true));
}"""


def test_the_focus_taken_away_by_a_swap_the_page_never_heard_goes_to_the_next_choice(
    page, make_user, login
):
    """A keyboard player on a move button keeps their place when the panel is replaced by
    a swap whose events the page does not hear: the focus goes to the moves' heading. A
    reader who let go of the focus (to the page's background) is not pulled back."""
    _game, _alice = alice_at_her_turn(page, make_user, login)

    page.locator('#move-form button[data-move-index="2"]').focus()
    page.evaluate(REPLACE_PANEL_UNHEARD)
    wait_until(page, "document.activeElement.id === 'moves-heading'", timeout_s=5)

    page.locator('#move-form button[data-move-index="1"]').focus()
    page.evaluate("document.activeElement.blur()")
    page.wait_for_timeout(50)  # the page notes that the reader let go
    page.evaluate(REPLACE_PANEL_UNHEARD)
    page.wait_for_timeout(200)
    assert page.evaluate("document.activeElement === document.body")


# The panel taken out, and put back only in a later task: when the removal is seen, neither
# the moves' heading nor a shown live region (it is hidden while it says nothing) is there.
REMOVE_PANEL_BRING_IT_BACK_LATER = """() => {
  const panel = document.getElementById("game-panel");
  const parent = panel.parentNode, next = panel.nextSibling, copy = panel.cloneNode(true);
  panel.remove();
  window.setTimeout(() => parent.insertBefore(copy, next), 150);
}"""


def test_the_focus_lost_before_the_new_panel_arrives_goes_to_it_when_it_comes(
    page, make_user, login
):
    """A redraw that takes the focused move button away before the new panel is in the
    page (nowhere to put the focus at that moment) gives the focus to the moves' heading
    once the panel comes; a reader who clicks meanwhile keeps the focus where the click
    left it."""
    _game, _alice = alice_at_her_turn(page, make_user, login)
    # The live region says nothing (after an update without an announcement): it is hidden.
    page.evaluate("document.getElementById('play-messages').textContent = ''")

    page.locator('#move-form button[data-move-index="2"]').focus()
    page.evaluate(REMOVE_PANEL_BRING_IT_BACK_LATER)
    wait_until(page, "document.activeElement.id === 'moves-heading'", timeout_s=5)

    page.locator('#move-form button[data-move-index="1"]').focus()
    page.evaluate(REMOVE_PANEL_BRING_IT_BACK_LATER)
    page.evaluate("document.body.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}))")
    wait_until(page, "document.getElementById('moves-heading') !== null", timeout_s=5)
    page.wait_for_timeout(300)
    assert page.evaluate("document.activeElement === document.body")


def test_the_game_page_fits_a_phone_screen(phone_page, make_user, login):
    alice = make_user("alice")
    game = started_game(alice, bots=[1, 2])
    login(phone_page, alice)
    phone_page.goto(game_url(game))
    phone_page.locator("#move-form").wait_for()
    assert_fits_width(phone_page)

    # The end of a game too: the final scores' table is the widest thing on it.
    finished = finished_against_bot(alice)
    phone_page.goto(game_url(finished))
    phone_page.get_by_role("heading", name="Final scores").wait_for()
    assert_fits_width(phone_page)

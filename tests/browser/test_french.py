"""A French-speaking player's game in a real browser: the new-game form, the waiting room and
the game page in French, a few moves clicked on French buttons, the log telling them in
French and the board's labels in French words; the notation beside each button is the one
of the (English) help and of the email replies."""

from __future__ import annotations

import json
import re
from typing import Any

import engine
import engine.bots
from games import replay
from games.models import Game
from notifications.models import NotificationPreference
from tests.browser.helpers import save_screenshot

MOVES = 4


def click_bots_choice(page: Any, game: Game, seat: int) -> str:
    """Click the button of the heuristic bot's choice for ``seat``; its words once played."""
    game.refresh_from_db()
    state = replay.state_at(game)
    move = engine.bots.choose_move(state, seat, kind="heuristic")
    index = engine.legal_moves(state, seat).index(move)
    button = page.locator(f'#move-form button[data-move-index="{index}"]')
    assert json.loads(button.get_attribute("data-move")) == move
    notation = str(button.get_attribute("data-notation"))
    assert notation == engine.describe(state, seat, move)
    version = page.locator("#game-panel").get_attribute("data-version")
    button.click()
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    return notation


def test_a_french_player_creates_and_plays_a_game_in_french(page, make_user, login):
    alice = make_user("alice")
    NotificationPreference.objects.update_or_create(user=alice, defaults={"language": "fr"})
    login(page, alice)

    page.goto("/games/new/")
    assert page.locator("html").get_attribute("lang") == "fr"
    page.locator("#id_players").select_option("2")
    assert "Joueurs" in page.locator("label[for=id_players]").inner_text()
    page.get_by_label("Siège 2 (rouge)").check()
    page.get_by_role("button", name="Créer la partie").click()
    game = Game.objects.get()
    page.wait_for_url(f"**/games/{game.public_id}/")

    panel = page.locator("#game-panel")
    assert "À vous de jouer" in panel.inner_text()
    assert page.get_by_role("heading", name="Journal de la partie").is_visible()
    assert page.get_by_role("heading", name="Vos coups").is_visible()
    first_button = page.locator("#move-form button.move-button").first
    assert first_button.inner_text().startswith("Commencer sur le bâtiment neutre")

    for _ in range(MOVES):
        game.refresh_from_db()
        if game.current_seat != 0 or game.is_over:
            break
        page.reload()  # the bot's moves in between come with a fresh page
        click_bots_choice(page, game, 0)

    log = page.locator(".play-log .log").inner_text()
    assert "Commencer sur le bâtiment neutre" in log  # the first move, told in French
    assert "started on" not in log
    board = page.locator(".play-board").inner_text()
    assert "Le plateau" in board
    # The board's line names the seat to move: the bot may already have answered the last click.
    assert re.search(r"siège [12] \((bleu|rouge)\) de jouer", board) or "Partie terminée" in board
    save_screenshot(page, "french-game")

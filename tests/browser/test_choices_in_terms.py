"""Every kind of choice in the game's terms, in the browser: a seeded game against a bot is
played until the player faces a foresight choice, a disc to place, cattle to buy, a city to
deliver to and a worker to hire, in each edition; at each, the page's buttons say the move as
the rules do (never its notation, which is the button's tooltip), and the page is
photographed at 1366x900 and 390x844 into var/screenshots/ (``terms-<kind>-<width>.png``,
``terms-2e-<kind>-<width>.png``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import engine
import engine.bots
from games import move_presentation, replay, services
from games.models import Game
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.helpers import save_screenshot

VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
# A game's decisions against one bot are a few hundred; this bounds a runaway loop.
MAX_DECISIONS = 1200

# The kinds of choice photographed: a test on the move, and what its button says.
KINDS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "foresight": lambda move: move["type"] == "foresight",
    "disc": lambda move: move["type"] == "disc",
    "buy": lambda move: move["type"] == "buy",
    "deliver": lambda move: move["type"] == "deliver",
    "hire": lambda move: move["type"] == "action" and str(move["id"]).startswith("hire"),
}
WORDS = {
    "foresight": r"^Take an? (cowboy|craftsman|builder|engineer"
    r"|\w+ hazard worth \d VP \(\w+ hand\)|\w+ (teepee|outlaw) \(\w+ hand\))$",
    "disc": r"^Unlock (double )?(auxiliary action: .+|certificate track up to \d.*|hand limit .+"
    r"|step limit .+)$|^Take your disc back from the \d+\w\w station",
    "buy": r"^Buy [A-Z][\w ]+ \(value \d, \d VP\)( and [A-Z][\w ]+ \(value \d, \d VP\))? "
    r"for \$\d+ with \d cowboys?$",
    "deliver": r"^[A-Z][\w .]+: \+\$\d+, (\+\$[46] crest, )?"
    r"(no transport cost|\u2212\$\d+ transport)$",
    "hire": r"^Hire an? (cowboy|craftsman|builder|engineer) \(job market row \d+"
    r"(, \$\d (extra|off))?\)$",
}


@pytest.fixture
def open_page(browser, live_server, login) -> Iterator[Callable[..., Any]]:
    contexts: list[Any] = []

    def opened(width: str, user: Any) -> Any:
        phone = width == "phone"
        context = browser.new_context(
            base_url=live_server.url,
            viewport=VIEWPORTS[width],
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        login(page, user)
        return page

    yield opened
    for context in contexts:
        context.close()


def _steer(state: Any, moves: list[dict[str, Any]], missing: set[str]) -> dict[str, Any]:
    """The heuristic bot's move, unless another one leads to a kind still missing: the buy
    action, or a walk to the neutral building that hires (A) or sells cattle (E)."""
    if "buy" in missing:
        buy = next((m for m in moves if m["type"] == "action" and m["id"] == "buy"), None)
        if buy is not None:
            return buy
    trail = engine.view(state, state["current"])["trail"]
    for kind, tile in (("hire", "NA"), ("buy", "NE")):
        if kind in missing:
            walks = [
                m
                for m in moves
                if m["type"] == "move" and (trail.get(m["to"]) or {}).get("tile") == tile
            ]
            if walks:
                return min(walks, key=lambda m: len(m["via"]))
    return engine.bots.choose_move(state, state["current"], kind="heuristic")


def _seeded_game(user: Any, seed: int, edition: str) -> Game:
    """A 2-player game of ``user`` against a bot, from a fixed seed (the same position on
    every run)."""
    game = services.game_create(
        creator=user, players=2, bots=[1], edition=edition, start_if_only_bots=False
    )
    Game.objects.filter(pk=game.pk).update(seed=seed)
    game.refresh_from_db()
    return services.game_start(game=game, user=user)


def _photograph(
    pages: dict[str, Any], game: Game, kind: str, expected: list[tuple[int, str]], prefix: str
) -> None:
    """Both widths: the page's buttons of ``kind`` say ``expected``; then the pictures."""
    for width, page in pages.items():
        page.goto(f"/games/{game.public_id}/")
        page.wait_for_selector(f'#game-panel[data-version="{game.version}"] #move-form')
        buttons = page.locator("#move-form button.move-button")
        shown = {}
        for i in range(buttons.count()):
            button = buttons.nth(i)
            shown[int(button.get_attribute("data-move-index"))] = button
        texts = []
        for index, words in expected:
            button = shown[index]
            label = button.inner_text().split("\n")[0]
            assert label.startswith(words), (label, words)
            notation = button.get_attribute("data-notation")
            assert button.get_attribute("title") == f"Notation: {notation}"
            assert notation not in label
            texts.append(words)
        first = shown[expected[0][0]]
        first.scroll_into_view_if_needed()
        page.evaluate(
            "(el) => el.closest('fieldset').scrollIntoView({block: 'start'})",
            first.element_handle(),
        )
        save_screenshot(page, f"{prefix}{kind}-{width}")
        for words in texts:
            assert re.search(WORDS[kind], words), (kind, words)


@pytest.mark.parametrize("edition", ["1e", "2e"])
def test_every_kind_of_choice_reads_in_game_terms(open_page, make_user, edition):
    alice = make_user("alice")
    game = _seeded_game(alice, seed=20261126, edition=edition)
    prefix = "terms-" if edition == "1e" else "terms-2e-"
    pages = {width: open_page(width, alice) for width in VIEWPORTS}
    missing = set(KINDS)
    for _ in range(MAX_DECISIONS):
        game.refresh_from_db()
        if not missing or game.status != "active":
            break
        seat = game.seats.get(index=game.current_seat)
        if seat.bot:
            services.move_submit(game=game, user=None)
            continue
        state = replay.state_at(game)
        moves = engine.legal_moves(state, seat.index)
        groups = move_presentation.present_moves(state, seat.index, moves)
        choices = [c for group in groups for c in group.choices]
        for kind in sorted(missing):
            found = [(c.index, c.text) for c in choices if KINDS[kind](c.move)]
            if found:
                _photograph(pages, game, kind, found, prefix)
                missing.discard(kind)
        move = _steer(state, moves, missing)
        services.move_submit(game=game, user=alice, move=move, expected_version=game.version)
    assert not missing, f"the game never offered: {sorted(missing)}"

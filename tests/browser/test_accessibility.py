"""Every page checked by axe-core in a real browser, at a desktop and a phone width, in the
light and the dark scheme: no violation of impact "serious" or "critical" anywhere.

axe-core comes from npm (package.json and package-lock.json at the project's root, installed
by ``npm ci`` into node_modules/); Playwright injects it into each page
(``page.add_script_tag``) and runs it there. The pages are those a player, a spectator, a
visitor and a moderator reach: the lobby's lists and forms, a game of each edition in the
middle of play (as a player and as a spectator, drawn and in words), its replay, the help
pages, the account pages, the players' pages and the moderators' admin pages. A failure
lists each violation with the rule, its impact, what it asks for, and the elements it was
found on.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from accounts.display import display_set
from accounts.models import Palette
from games import services
from games.models import Game
from notifications import links
from notifications.models import AddressState, EmailAddressStatus
from tests.browser.axe import axe_violations, readable
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.helpers import save_screenshot
from tests.games.helpers import play_one, started_game

WIDTHS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
# How far the games are played before their pages are checked: enough for buildings with
# owners, herders along the trail, engines off the start and cards in every pile.
MID_GAME_MOVES = 60


@dataclass
class Table:
    """The people and games whose pages are checked."""

    alice: Any
    carol: Any
    moderator: Any
    first: Game
    second: Game
    waiting: Game


def played_on(game: Game, moves: int) -> Game:
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != "active":
            break
        play_one(game)
    game.refresh_from_db()
    return game


@pytest.fixture
def table(make_user, moderator) -> Table:
    alice = make_user("alice")
    bob = make_user("bob")
    carol = make_user("carol")
    first = played_on(started_game(alice, [bob], name="Rails west"), MID_GAME_MOVES)
    second = played_on(
        started_game(alice, bots=[1, 2], edition="2e", options={"simmental": True}),
        MID_GAME_MOVES,
    )
    waiting = services.game_create(creator=bob, players=3, name="Open range")
    # The spectator reads with the colour-blind safe palette and larger text, and her address
    # bounced: every page of hers carries the banner that says so.
    display_set(user=carol, palette="okabe-ito", text_size="large")
    EmailAddressStatus.objects.create(
        address=carol.email.lower(), state=AddressState.BOUNCED, reason="550 no such mailbox"
    )
    return Table(alice, carol, moderator, first, second, waiting)


# Pages that answer with an error status on purpose (still pages people read).
ERROR_PAGES = {"/no-such-page/": 404, "/notifications/unsubscribe/not-a-token/": 400}


def pages_of(table: Table) -> dict[str, list[str]]:
    """Who looks (None: a visitor) and the paths they open."""
    first, second = table.first.public_id, table.second.public_id
    admin_game = f"/admin/games/game/{table.first.pk}"
    unsubscribe = links.unsubscribe_token(user_id=table.alice.pk, game_id=table.first.pk)
    return {
        "visitor": [
            "/",
            *ERROR_PAGES,
            f"/notifications/unsubscribe/{unsubscribe}/",
            "/accounts/password/reset/done/",
            "/accounts/login/",
            "/accounts/signup/",
            "/accounts/password/reset/",
            "/accounts/confirm-again/",
            "/help/moves/",
            "/help/email/",
            "/help/ratings/",
            "/players/",
            "/players/alice/",
        ],
        "alice": [
            "/games/",
            "/games/new/",
            "/games/open/",
            f"/games/join/{table.waiting.public_id}/",
            f"/games/{first}/",
            f"/games/{second}/",
            f"/games/{first}/text/",
            f"/games/{second}/text/",
            f"/games/{first}/replay/",
            f"/games/{second}/replay/?at=20",
            f"/games/{first}/report/",
            "/accounts/profile/",
            "/accounts/password/change/",
            "/players/",
            "/players/alice/",
        ],
        "carol": [
            f"/games/{first}/",
            f"/games/{second}/",
            f"/games/{first}/text/",
            "/accounts/profile/",
        ],
        "mod": [
            "/admin/",
            "/admin/games/game/",
            f"{admin_game}/change/",
            f"{admin_game}/moderate/pause/",
            "/admin/games/report/",
            "/admin/games/chatmessage/",
            "/admin/games/player/",
            "/admin/notifications/emailaddressstatus/",
            "/admin/notifications/deliveryreport/",
        ],
    }


@pytest.fixture
def open_as(browser, live_server, login) -> Iterator[Any]:
    contexts: list[Any] = []

    def opened(user: Any, width: str, scheme: str) -> Any:
        phone = width == "phone"
        context = browser.new_context(
            base_url=live_server.url,
            viewport=WIDTHS[width],
            is_mobile=phone,
            has_touch=phone,
            color_scheme=scheme,
            # The site's Content-Security-Policy allows only its own scripts; axe is injected
            # as an inline one.
            bypass_csp=True,
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        if user is not None:
            login(page, user)
        return page

    yield opened
    for context in contexts:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_no_page_has_a_serious_or_critical_axe_violation(table, open_as, axe_script, width, scheme):
    people = {"visitor": None, "alice": table.alice, "carol": table.carol, "mod": table.moderator}
    found: dict[str, list[dict[str, Any]]] = {}
    checked = 0
    for who, paths in pages_of(table).items():
        page = open_as(people[who], width, scheme)
        for path in paths:
            response = page.goto(path)
            assert response is not None, f"{who} {path}: no answer"
            expected = ERROR_PAGES.get(path, 200)
            assert response.status == expected, f"{who} {path}: {response.status}"
            page.wait_for_load_state("load")
            violations = axe_violations(page, axe_script)
            checked += 1
            if violations:
                found[f"{who} {path} ({width}, {scheme})"] = violations
    assert checked == sum(len(paths) for paths in pages_of(table).values())
    assert not found, "axe-core found serious or critical violations:\n" + readable(found)


def test_a_violation_is_reported_with_its_rule_and_element(page, axe_script):
    """The check itself can fail: a page with an unlabelled field and a low-contrast text
    gives those violations, named."""
    page.set_content(
        '<html lang="en"><body><main><h1>Form</h1>'
        '<input type="text" id="nameless">'
        '<p style="color:#bbb;background:#fff">faint words</p></main></body></html>'
    )
    ids = {v["id"] for v in axe_violations(page, axe_script)}
    assert {"label", "color-contrast"} <= ids
    text = readable({"sample": axe_violations(page, axe_script)})
    assert "#nameless" in text
    assert "[serious] color-contrast" in text


# The seats' colours as each palette gives them (site.css), in seat order.
PALETTE_FILLS = {
    "standard": ["#1f5fbf", "#b3261e", "#f2c200", "#2e7d32"],
    "okabe-ito": ["#0072b2", "#d55e00", "#f0e442", "#009e73"],
    "contrast": ["#0a3d91", "#c1121f", "#ffd60a", "#1b5e20"],
}

TOKEN_FILLS = """
() => [0, 1, 2, 3].map((seat) => {
  const body = document.querySelector(`.gwt-board .token[data-seat="${seat}"] .token-body`);
  if (!body) return null;
  const [r, g, b] = getComputedStyle(body).fill.match(/\\d+/g).map(Number);
  return "#" + [r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("");
})
"""

PAPER_AND_PAGE = """
() => [getComputedStyle(document.querySelector(".gwt-board .board-bg")).fill,
       getComputedStyle(document.body).backgroundColor]
"""


def lightness(css_colour: str) -> float:
    """0 (black) to 1 (white): the mean of an ``rgb(r, g, b)`` colour's channels."""
    channels = [int(c) for c in css_colour[css_colour.index("(") + 1 : -1].split(",")[:3]]
    return sum(channels) / (3 * 255)


def test_the_board_in_each_palette_and_scheme_at_both_widths(make_user, open_as, live_server):
    """Each palette colours the pieces of the four seats as site.css says; in the dark scheme
    the page goes dark while the board keeps light paper under its dark text. Leaves
    var/screenshots/palette-<palette>-<scheme>-<width>.png."""
    alice = make_user("alice")
    game = played_on(started_game(alice, bots=[1, 2, 3], name="Four seats"), MID_GAME_MOVES)
    assert set(PALETTE_FILLS) == set(Palette.values)
    for palette, fills in PALETTE_FILLS.items():
        display_set(user=alice, palette=palette)
        for scheme in ("light", "dark"):
            for width in ("desktop", "phone"):
                page = open_as(alice, width, scheme)
                page.goto(f"/games/{game.public_id}/")
                assert page.locator("html").get_attribute("data-palette") == palette
                drawn = page.evaluate(TOKEN_FILLS)
                assert [d for d in drawn if d] == [
                    f for f, d in zip(fills, drawn, strict=True) if d
                ]
                assert sum(1 for d in drawn if d) >= 2, drawn
                paper, background = page.evaluate(PAPER_AND_PAGE)
                assert lightness(paper) > 0.8
                assert (lightness(background) < 0.2) == (scheme == "dark")
                page.locator(".play-board").scroll_into_view_if_needed()
                save_screenshot(page, f"palette-{palette}-{scheme}-{width}")
                page.context.close()


def test_larger_text_scales_the_page_and_the_boards_text(make_user, open_as):
    """At 125 % the page's text is 20 px, and the board starts zoomed so that its smallest
    text is drawn at least 11 px x 1.25, on a wide screen too. Leaves
    var/screenshots/text-large-<width>.png."""
    alice = make_user("alice")
    game = played_on(started_game(alice, bots=[1]), 20)
    smallest_drawn = """
    () => Math.min(...[...document.querySelectorAll('.gwt-board text')]
      .filter((t) => t.textContent.trim() && t.getBBox().width)
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))
    """
    for text_size, scale in (("normal", 1.0), ("large", 1.25)):
        display_set(user=alice, text_size=text_size)
        for width in ("desktop", "phone"):
            page = open_as(alice, width, "light")
            page.goto(f"/games/{game.public_id}/")
            root_px = page.evaluate(
                "parseFloat(getComputedStyle(document.documentElement).fontSize)"
            )
            assert root_px == 16 * scale
            page.wait_for_selector("[data-board-frame][data-zoom]")
            smallest = page.evaluate(smallest_drawn)
            if text_size == "large":
                assert smallest >= 11 * scale - 0.05, (width, smallest)
                save_screenshot(page, f"text-large-{width}")
            elif width == "desktop":
                assert smallest < 11 * 1.25, smallest  # the larger setting is what zooms
            page.context.close()

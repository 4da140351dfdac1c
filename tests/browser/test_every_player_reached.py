"""Every player reached: a whole game in which each player is told and plays in their own way.

* Alice plays every one of her decisions with key presses only, in the text view (Tab to
  *Go to your moves*, Enter, Tab to the first move button, the arrows to the move she wants,
  Enter): the page is never clicked, and the others' moves are read out in its live region.
* Bob is told of his turns by Web Push only (his email is off; the push service is a local
  one that decrypts what it gets, tests/channel_receivers.py), and his address bounces: the
  provider's hard-bounce report is shown to him on the pages he opens.
* Carol is told by a Discord-style webhook only (her email is off).

* axe-core (the accessibility check of tests/browser/test_accessibility.py) finds no serious
  or critical violation on any page they visit, at desktop and, for most, phone width.

Bob's and carol's seats are moved by the test through the services, as their own devices
would; the site is served by the ASGI server, so that their moves reach alice's page through
its live stream. Screenshots of the text view go to var/screenshots/
(keyboard-text-view-*.png).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

import engine
import engine.bots
from games import replay
from games.models import Game
from notifications import endpoints, preferences
from notifications.models import ChannelDelivery, Status
from tests.browser.axe import axe_violations, readable
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.helpers import save_screenshot, wait_until
from tests.browser.test_live import SIZES, asgi, live  # noqa: F401 (asgi: a fixture)
from tests.channel_receivers import PushService, WebhookReceiver, vapid_configure
from tests.games.helpers import play_one, started_game
from tests.notifications.test_bounces import SECRET, SIGNING_KEY, post, sample

GAME_NAME = "Rails west"

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


# What a focus that went astray is judged against: the panel's version and turn, whether the
# moves' heading and the live region are there and shown, and what the live region says.
PAGE_JS = """() => {
  const panel = document.getElementById("game-panel");
  const shown = (id) => {
    const e = document.getElementById(id);
    return e ? (e.getClientRects().length > 0 ? "shown" : "hidden") : "absent";
  };
  const messages = document.getElementById("play-messages");
  return JSON.stringify({
    version: panel && panel.dataset.version, yourTurn: panel && panel.dataset.yourTurn,
    heading: shown("moves-heading"), messages: shown("play-messages"),
    said: messages ? messages.textContent.trim() : null,
  });
}"""


def focused(page: Any) -> str:
    """What has the keyboard focus: 'move:<index>', 'skip', an element's id or tag."""
    return str(page.evaluate(FOCUS_JS))


def expect_focus(page: Any, where: str) -> None:
    """Wait (the page settles after its swap) until ``where`` has the focus."""
    try:
        wait_until(page, f"({FOCUS_JS})() === {json.dumps(where)}", timeout_s=5)
    except AssertionError as error:  # say where the focus is instead, and what the page shows
        raise AssertionError(
            f"focus on {focused(page)!r}, not {where!r}; the page: {page.evaluate(PAGE_JS)}"
        ) from error


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


@pytest.fixture
def open_page(browser: Any, asgi: Any) -> Iterator[Any]:  # noqa: F811 (asgi: the fixture)
    """A page of the ASGI server in a new context, signed in as ``user``; the site's
    Content-Security-Policy is bypassed so that axe-core can be injected as a script."""
    from django.conf import settings

    from tests.asgi_server import session_key_for

    contexts: list[Any] = []

    def open_for(user: Any) -> Any:
        context = browser.new_context(base_url=asgi.url, viewport=SIZES["desktop"], bypass_csp=True)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session_key_for(user)}
        context.add_cookies([{**cookie, "url": asgi.url}])
        contexts.append(context)
        return context.new_page()

    yield open_for
    for context in contexts:
        context.close()


class AxeFindings:
    """axe-core's serious and critical violations on each page the players visit, at the
    width the page is at, and at the phone's too when asked."""

    def __init__(self, script: str) -> None:
        self.script = script
        self.found: dict[str, list[dict[str, Any]]] = {}
        self.checked: list[str] = []

    def check(self, page: Any, where: str, *, phone: bool = False) -> None:
        widths = ["desktop", "phone"] if phone else ["desktop"]
        for width in widths:
            page.set_viewport_size(SIZES[width])
            label = f"{where} ({width})"
            self.checked.append(label)
            violations = axe_violations(page, self.script)
            if violations:
                self.found[label] = violations
        page.set_viewport_size(SIZES["desktop"])

    def assert_none(self) -> None:
        assert not self.found, "axe-core found serious or critical violations:\n" + readable(
            self.found
        )


@pytest.fixture
def push_service(settings: Any) -> Iterator[PushService]:
    vapid_configure(settings)
    with PushService() as service:
        yield service


@pytest.fixture
def hook(settings: Any) -> Iterator[WebhookReceiver]:
    settings.NOTIFY_ENDPOINTS_ALLOW_LOCAL = True
    with WebhookReceiver() as receiver:
        yield receiver


@pytest.fixture
def bounce_reports(settings: Any) -> None:
    """Delivery reports taken from Postmark, as in tests/notifications/test_bounces.py."""
    settings.EMAIL_TRACKING_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    cache.clear()


def test_a_game_to_the_end_by_keyboard_push_and_webhook_with_a_bounce_shown(
    open_page,
    axe_script,
    make_user,
    push_service,
    hook,
    bounce_reports,
):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    # Bob: Web Push only. Carol: her own Discord webhook only.
    preferences.preference_set(user=bob, mode="off")
    subscription = push_service.subscribe()
    endpoints.push_subscribe(user=bob, endpoint=subscription["endpoint"], **subscription["keys"])
    preferences.preference_set(user=carol, mode="off")
    endpoints.webhook_add(user=carol, url=hook.url("discord"), style="discord")
    game = started_game(alice, [bob, carol], edition="1e", name=GAME_NAME)
    axe = AxeFindings(axe_script)
    page = open_page(alice)
    page.goto(f"/games/{game.public_id}/")
    live(page)
    axe.check(page, "alice's game page, board view")

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
    axe.check(page, "alice's text view at the start", phone=True)

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
            axe.check(page, "alice's text view in the middle of the game")
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
    axe.check(page, "alice's text view of the finished game", phone=True)

    # Bob was told of each of his turns by push alone, decrypted by his push service.
    assert push_service.errors == []
    pushed = [message.data["body"] for message in push_service.messages]
    sent_to_bob = ChannelDelivery.objects.filter(push_subscription__user=bob, status=Status.SENT)
    assert len(pushed) == sent_to_bob.count() > 5
    # A "your turn" whose delivery comes after bob has already moved (his device here plays
    # at once, and a loaded machine delays the worker) is skipped, as it should be: the count
    # pushed depends on timing, so every one is either pushed or skipped, never failed.
    assert pushed.count(f"Your turn in {GAME_NAME}") >= 5
    assert not ChannelDelivery.objects.filter(push_subscription__user=bob).exclude(
        status__in=[Status.SENT, Status.SKIPPED]
    )
    # Carol by her webhook alone, as a Discord channel gets it.
    posts = hook.texts()
    assert all(post["path"].startswith("/hooks/discord/") for post in hook.posts)
    assert (
        len(posts)
        == ChannelDelivery.objects.filter(webhook__user=carol, status=Status.SENT).count()
    )
    turn_posts = [text for text in posts if text.startswith("Your turn in ")]
    assert len(turn_posts) >= 5, posts[:3]
    assert not ChannelDelivery.objects.filter(webhook__user=carol).exclude(
        status__in=[Status.SENT, Status.SKIPPED]
    )
    assert all(GAME_NAME in text and f"/games/{game.public_id}/" in text for text in turn_posts)
    # Neither got an email.
    assert [m.to for m in mail.outbox if {bob.email, carol.email} & set(m.to)] == []

    # Bob's address bounces (the provider's own sample report): he sees it on his pages.
    assert post(Client(), "postmark", sample("postmark_hard_bounce.json")).status_code == 200
    bobs = open_page(bob)
    bobs.goto("/games/")
    problem = bobs.locator(".email-problem")
    expect(problem).to_contain_text("Your email address bounced on 3 May 2026")
    expect(problem.get_by_role("link", name="Fix it")).to_have_attribute(
        "href", "/accounts/profile/#email-heading"
    )
    axe.check(bobs, "bob's games with his bounced address", phone=True)
    bobs.goto("/accounts/profile/")
    expect(bobs.locator("#push-subscriptions li")).to_have_count(1)
    axe.check(bobs, "bob's account page: his address and his browser", phone=True)
    carols = open_page(carol)
    carols.goto("/accounts/profile/")
    axe.check(carols, "carol's account page: her webhook")

    assert len(axe.checked) == 11
    axe.assert_none()

"""A 4-player 2nd edition game with the Simmental variant, end to end: created on the web form,
played to the end by two people on the game page (one at a desktop, one on a phone), one by
replying to the turn emails (the inbound webhook) and the heuristic bot, then stepped through
in the replay viewer, whose final scores are the engine's score of the final state.

Every move is the heuristic bot's choice for that seat, worked out here through the engine,
and made the way a person makes it:

* the email seat answers its latest email with its whole turn: the option number that email
  lists for its first decision, then the notations of the following ones;
* the web seats use the game page's form: a sample of decisions (the first ones, every
  Simmental upgrade and exchange token, one in ``CLICK_EVERY``, and an exchange token used out
  of turn on the phone) is clicked in the browser; the others are posted as the form posts
  without JavaScript (Django's test client with CSRF checks, signed in as that player, reading
  the version, idempotency key and the move's button from the page), which keeps the test's
  time reasonable for a game of some 600 decisions.

Screenshots of the table mid-game and of the replay, at 1366x900 and 390x844, go to
var/screenshots/ (``second-edition-simmental-*.png``; SCREENSHOT_DIR puts them elsewhere).
"""

from __future__ import annotations

import html
import itertools
import json
import re
from collections import Counter
from typing import Any

from django.core.cache import cache
from django.test import Client

import engine
import engine.bots
from games import replay
from games.models import OUT_OF_TURN, Event, Game, GameStatus
from notifications import reply_address
from notifications.models import InboundEmail, InboundOutcome
from tests.browser.helpers import save_screenshot
from tests.browser.test_play import panel_version, stop_polling
from tests.browser.test_replay import assert_position
from tests.notifications.inbound_support import (
    STYLES,
    configure,
    deliver_all,
    latest_to,
    mailgun_post,
    options_in,
    reply_address_of,
)

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
DESK_SEAT, PHONE_SEAT, EMAIL_SEAT, BOT_SEAT = 0, 1, 2, 3
# The game's secret seed, fixed after the form created the game so that every run plays the
# same game (the moves are the heuristic bot's, so the seed decides everything).
SEED = 20261126
# One web decision in this many is clicked in the browser (besides those always clicked).
CLICK_EVERY = 12
# Mid-game: the table is photographed at the first web decision from this position on.
PHOTO_AT = 300
# A whole 4-player game has about 600 decisions; this bounds a runaway loop.
MAX_DECISIONS = 2500


def game_url(game: Game) -> str:
    return f"/games/{game.public_id}/"


def state_now(game: Game) -> engine.State:
    game.refresh_from_db()
    return replay.state_at(game)


def owes(state: engine.State, seat: int) -> bool:
    """Whether ``seat`` still owes discards for an exchange token used out of turn."""
    return bool(engine.view(state, seat)["players"][seat].get("side_decision"))


def open_still(page: Any, url: str) -> None:
    """Open ``url`` and stop the game page's polling: the test reloads a page before it acts
    on it, and a page asking for the panel every 3 s while the other seats play would redraw
    the whole table each time (the polling has its own test in test_play.py)."""
    page.goto(url)
    stop_polling(page)


def click(page: Any, game: Game, seat: int, move: dict[str, Any]) -> None:
    """Click ``move``'s button on ``seat``'s page (reloaded if it shows an older position)
    and wait for the page to show the position after it."""
    game.refresh_from_db()
    if panel_version(page) != game.version:
        open_still(page, game_url(game))
    index = engine.legal_moves(replay.state_at(game), seat).index(move)
    button = page.locator(f'#move-form button[data-move-index="{index}"]')
    assert json.loads(button.get_attribute("data-move")) == move
    if move["type"] == "move":  # under the 2nd edition's word for the piece
        assert button.locator("xpath=..").locator("legend").inner_text() == "Move your herder"
    version = panel_version(page)
    button.click()
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    stop_polling(page)  # the new panel came with its own poll


BUTTON = re.compile(r'<button type="submit" name="move" value="(\d+)"[^>]*data-move="([^"]*)"')


def form_client(user: Any) -> Client:
    """A signed-in browser without JavaScript: Django's test client, CSRF checks on."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def post_through_form(client: Client, game: Game, move: dict[str, Any]) -> None:
    """Play ``move`` as the game page's form does without JavaScript: read the form from the
    page (CSRF token, version, idempotency key, the button whose move it is) and post it."""
    page = client.get(game_url(game))
    assert page.status_code == 200
    text = page.content.decode()
    form = text[text.index('<form id="move-form"') :]
    form = form[: form.index("</form>")]
    fields = {
        name: re.search(rf'name="{name}" value="([^"]*)"', form)[1]
        for name in ("csrfmiddlewaretoken", "expected_version", "idempotency_key")
    }
    [index] = [i for i, data in BUTTON.findall(form) if json.loads(html.unescape(data)) == move]
    response = client.post(game_url(game) + "move/", {**fields, "move": index})
    assert response.status_code == 302, response.content.decode()[:400]
    assert response["Location"] == game_url(game)


def reply_by_email(client: Client, game: Game, user: Any, seat: int, style: str) -> int:
    """Answer the seat's latest email with its whole turn, as a player may: the number the
    email lists for the bot's choice, then the notation of each following decision of the
    turn. How many decisions the reply made."""
    deliver_all()
    email = latest_to(user)
    address = reply_address_of(email)
    assert reply_address.read(address).version == game.version  # it shows the position now
    state = replay.state_at(game)
    move = engine.bots.choose_move(state, seat)
    lines = [str(options_in(email)[engine.describe(state, seat, move)])]
    state = engine.apply(state, seat, move)
    while engine.current_player(state) == seat:
        move = engine.bots.choose_move(state, seat)
        lines.append(engine.describe(state, seat, move))
        state = engine.apply(state, seat, move)
    raw = STYLES[style](user.email, address, lines, original=email.body)
    assert mailgun_post(client, raw).status_code == 200
    inbound = InboundEmail.objects.latest("id")
    assert inbound.outcome == InboundOutcome.APPLIED, inbound.error
    assert len(inbound.applied) == len(lines)
    return len(lines)


def photograph(page: Any, name: str) -> None:
    """The whole page as var/screenshots/<name>-<viewport width>.png."""
    save_screenshot(page, f"{name}-{page.viewport_size['width']}", full_page=True)


def create_on_the_form(desk: Any, phone: Any, carol_page: Any) -> Game:
    """Alice creates the game on the form (seat 4 a bot), Bob and Carol join from the
    invite link, Alice starts it."""
    desk.goto("/games/new/")
    desk.get_by_label("Edition").select_option("2e")
    desk.get_by_label("Simmental variant").check()
    desk.get_by_role("combobox", name="Players").select_option("4")
    desk.get_by_label("Seat 4 (green)").check()
    # Carol's turn emails go out at once, whatever the hour the test runs at (the form's
    # default quiet hours would hold them until her morning).
    desk.get_by_role("checkbox", name="Quiet hours").uncheck()
    desk.get_by_role("button", name="Create the game").click()
    desk.wait_for_url("**/games/join/**")
    game = Game.objects.get()
    assert (game.edition, game.options["simmental"], game.players) == ("2e", True, 4)
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    for page, seat in ((phone, "Seat 2 (red): bob"), (carol_page, "Seat 3 (yellow): carol")):
        page.goto(f"/games/join/{game.public_id}/")
        page.get_by_role("button", name="Join this game").click()
        page.get_by_text(seat).wait_for()
    desk.reload()
    desk.get_by_role("button", name="Start the game").click()
    desk.wait_for_url(f"**{game_url(game)}")
    desk.get_by_text("2nd edition · Simmental").first.wait_for()
    stop_polling(desk)
    carol_page.close()  # Carol plays by email from now on
    game.refresh_from_db()
    return game


def test_a_four_player_simmental_game_on_the_web_by_email_and_with_a_bot_then_replayed(
    new_page, make_user, login, settings, client
):
    configure(settings)
    cache.clear()
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    desk, phone = new_page(viewport=DESKTOP), new_page(phone=True, viewport=PHONE)
    carol_page = new_page()
    for page, user in ((desk, alice), (phone, bob), (carol_page, carol)):
        login(page, user)

    game = create_on_the_form(desk, phone, carol_page)
    web = {DESK_SEAT: (desk, form_client(alice)), PHONE_SEAT: (phone, form_client(bob))}
    styles = itertools.cycle(sorted(STYLES))
    made: Counter[int] = Counter()  # decisions made by each person's seat
    clicked: Counter[str] = Counter()  # move types clicked in the browser
    replies = 0  # emails Carol sent
    out_of_turn = photographed = False
    for _ in range(MAX_DECISIONS):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        seat = game.current_seat
        state = replay.state_at(game)
        if not out_of_turn and seat == DESK_SEAT and game.version >= 40:
            # Bob, not to move, uses an exchange token on his phone (R2-TURN-01) and makes
            # the discards it owes there; Alice's turn goes on.
            token = {"type": "exchange", "n": 1}
            if token in engine.legal_moves(state, PHONE_SEAT):
                click(phone, game, PHONE_SEAT, token)
                phone.get_by_test_id("out-of-turn").wait_for()
                made[PHONE_SEAT] += 1
                while owes(state := state_now(game), PHONE_SEAT):
                    click(phone, game, PHONE_SEAT, engine.bots.choose_move(state, PHONE_SEAT))
                    made[PHONE_SEAT] += 1
                out_of_turn = True
                assert engine.current_player(state) == DESK_SEAT
                continue
        if seat == EMAIL_SEAT:
            made[seat] += reply_by_email(client, game, carol, seat, next(styles))
            replies += 1
            continue
        assert seat in web, f"seat {seat + 1} (the bot) was left to move"
        page, form = web[seat]
        if not photographed and game.version >= PHOTO_AT:
            for shot in (desk, phone):
                open_still(shot, game_url(game))
                assert shot.locator(".simmental-stack").count() > 0  # the variant's stacks
                photograph(shot, "second-edition-simmental-table")
            photographed = True
        move = engine.bots.choose_move(state, seat)
        made[seat] += 1
        if (
            move["type"] in {"simmental", "exchange"}
            or made[seat] <= 3
            or made[seat] % CLICK_EVERY == 0
        ):
            click(page, game, seat, move)
            clicked[move["type"]] += 1
        else:
            post_through_form(form, game, move)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.result["reason"] == "game_over"
    assert photographed
    assert out_of_turn
    # Each seat's moves are its player's (the bot's its own), as many as were made here.
    events = Event.objects.filter(game=game, kind="move")
    for seat, user in ((DESK_SEAT, alice), (PHONE_SEAT, bob), (EMAIL_SEAT, carol)):
        assert events.filter(seat=seat, actor=user).count() == made[seat], seat
    assert events.filter(seat=BOT_SEAT, actor=None).count() > 50
    assert sum(1 for e in events.filter(seat=PHONE_SEAT) if e.payload.get(OUT_OF_TURN)) >= 2
    assert made[EMAIL_SEAT] > 50
    assert replies > 20
    assert not InboundEmail.objects.exclude(outcome=InboundOutcome.APPLIED).exists()
    assert clicked["simmental"] > 0
    assert sum(clicked.values()) >= 30

    final = replay.state_at(game)
    totals = [score["total"] for score in engine.scores(final)]
    assert [score["total"] for score in game.result["scores"]] == totals
    desk.goto(game_url(game))
    desk.get_by_role("heading", name="Final scores").wait_for()
    assert [int(t) for t in desk.get_by_test_id("score-total").all_inner_texts()] == totals

    # The replay viewer, stepped through: buttons, keys, the slider, the end.
    desk.goto(f"/games/{game.public_id}/replay/?at=1")
    assert_position(desk, game, 1)
    desk.get_by_role("link", name="Next").click()
    assert_position(desk, game, 2)
    desk.keyboard.press("ArrowRight")
    assert_position(desk, game, 3)
    middle = game.version // 2
    desk.locator("#replay-slider").fill(str(middle))
    assert_position(desk, game, middle)
    photograph(desk, "second-edition-simmental-replay-middle")
    desk.keyboard.press("End")
    assert_position(desk, game, game.version)
    desk.get_by_role("heading", name="Final scores").wait_for()
    assert [int(t) for t in desk.get_by_test_id("score-total").all_inner_texts()] == totals
    photograph(desk, "second-edition-simmental-replay")

    phone.goto(f"/games/{game.public_id}/replay/")
    phone.get_by_role("heading", name="Final scores").wait_for()
    assert [int(t) for t in phone.get_by_test_id("score-total").all_inner_texts()] == totals
    photograph(phone, "second-edition-simmental-replay")

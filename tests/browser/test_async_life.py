"""The asynchronous life of a game, end to end: a three-player 1st edition game with a time
bank and quiet hours, its players in three time zones (alice in Paris on a desktop, bob in
New York on a phone, carol in Tokyo by email replies), played to the end:

* alice writes a private note on the game page;
* bob plans every turn of his ahead while the others move (the first plan on the game page,
  the others as a ``PLAN:`` email would, through the service): some run in full, some stop
  at a difference and say why, and he decides the rest on his page;
* alice asks on her page to take back a decision the turn had passed on from; bob agrees on
  his phone, carol through the API; the game goes back and alice plays her turn again;
* late in the game carol hands her seat over on the game page; the bot holds it while it
  seeks a substitute, and dave (in Tokyo too) takes it over on his page and plays it on;
* each turn's deadline is the turn time limit and the mover's bank counted in the mover's own
  waking hours (checked in each zone), and carol's turn email, rendered at a frozen instant,
  says the time left on her clock and that her quiet hours in Tokyo stop it;
* and no page, email or API answer shows anyone a plan or a note that is not theirs.

Every decision is the heuristic bot's choice for its seat, made as its player makes it: a
sample clicked in the browser, the rest posted as the page's form posts without JavaScript,
carol's as replies to her turn emails.
"""

from __future__ import annotations

import contextlib
import html
import json
import time
from collections import Counter
from datetime import timedelta
from typing import Any

from django.core import mail
from django.core.cache import cache
from django.utils import timezone

import engine
import engine.bots
from common.errors import ConflictError, NotAllowedError
from common.timefmt import zone
from common.waking_time import waking_time
from games import replay, selectors, services
from games.models import Event, EventKind, Game, GameStatus, PlanStatus, TurnPlan
from notifications import emails
from notifications.delivery import notification_send
from notifications.models import Kind, Notification, Status
from tests.browser.helpers import hand_over_seat, take_over_seat
from tests.browser.test_play import panel_version, stop_polling
from tests.browser.test_second_edition_game import (
    BUTTON,
    form_client,
    post_through_form,
    reply_by_email,
)
from tests.games.clock_helpers import frozen, living_in
from tests.games.helpers import client_for
from tests.notifications.inbound_support import configure

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
ALICE, BOB, CAROL = 0, 1, 2
ZONES = {ALICE: "Europe/Paris", BOB: "America/New_York", CAROL: "Asia/Tokyo"}
SEED = 20261126
NOTE = "alice only: keep two cowboys for the Kansas City market"
LIMIT, BANK_DAYS, PER_TURN = timedelta(days=1), 2, timedelta(hours=4)
CLICK_EVERY = 15
MAX_DECISIONS = 2000


def game_url(game: Game) -> str:
    return f"/games/{game.public_id}/"


def open_still(page: Any, game: Game) -> None:
    page.goto(game_url(game))
    stop_polling(page)


def click(page: Any, game: Game, seat: int, move: dict[str, Any]) -> None:
    """Click ``move``'s button on ``seat``'s page and wait for the position after it."""
    game.refresh_from_db()
    if panel_version(page) != game.version:
        open_still(page, game)
    index = engine.legal_moves(replay.state_at(game), seat).index(move)
    button = page.locator(f'#move-form button[data-move-index="{index}"]')
    assert json.loads(button.get_attribute("data-move")) == move
    version = panel_version(page)
    button.click()
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    stop_polling(page)


def post(form: Any, api: Any, game: Game, move: dict[str, Any]) -> str:
    """Play ``move`` through the page's form without JavaScript when the page lists it as a
    button; otherwise (the page offers some routes only as board targets) as an API client
    does. Which way it went."""
    page = form.get(game_url(game)).content.decode()
    buttons = page[page.index('<form id="move-form"') :]
    buttons = buttons[: buttons.index("</form>")]
    if any(json.loads(html.unescape(data)) == move for _, data in BUTTON.findall(buttons)):
        post_through_form(form, game, move)
        return "form"
    answer = api.post(
        f"/api/games/{game.public_id}/moves/",
        {"move": move, "expected_version": game.version},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    return "api"


def create(alice: Any, bob: Any, carol: Any) -> Game:
    """The game, with its seed fixed before the start so that every run plays the same."""
    game = services.game_create(
        creator=alice,
        players=3,
        turn_time_limit=LIMIT,
        bank_days=BANK_DAYS,
        bank_per_turn=PER_TURN,
        quiet_hours=(23, 7),
    )
    for user in (bob, carol):
        services.game_join(game=game, user=user)
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    return services.game_start(game=game, user=alice)


def deliver_by_morning() -> None:
    """Send every pending notification, those held for their reader's quiet hours at the
    morning they wait for: the test runs at any hour of the day, and at most of them one of
    the three zones is asleep (carol's turn email waits for 07:00 in Tokyo)."""
    for row in Notification.objects.filter(status=Status.PENDING).order_by("pk"):
        at = max(timezone.now(), row.next_attempt_at or timezone.now())
        with frozen(at):
            notification_send(notification_id=row.pk)


def plan_ahead(game: Game, bob: Any, page: Any | None) -> bool:
    """Bob plans his next turn: the bot's choices on the turn preview until the plan closes
    (the first on his page, the others by notation); whether he has a plan."""
    state = replay.state_at(game)
    preview = engine.turn_preview(state, BOB)
    if preview is None:
        return False
    if page is not None:
        open_still(page, game)
        plan = page.get_by_test_id("plan")
        button = plan.locator(".plan-button").first
        notation = button.get_attribute("data-notation")
        button.click()
        page.get_by_test_id("plan-steps").wait_for()
        assert notation in page.get_by_test_id("plan-steps").inner_text()
        preview = engine.apply(preview, BOB, engine.parse_move(preview, BOB, notation))
        lines = [notation]
    else:
        lines = []
    plan = TurnPlan.objects.filter(game=game, seat=BOB).first()
    while plan is None or not plan.closed:
        if engine.current_player(preview) != BOB or engine.is_over(preview):
            break
        move = engine.bots.choose_move(preview, BOB)
        lines.append(engine.describe(preview, BOB, move))
        preview = engine.apply(preview, BOB, move)
        plan = services.plan_replace(game=game.public_id, user=bob, lines=lines)
        if plan is None or plan.closed:
            break
    return True


def wait_for_the_plan(game: Game) -> None:
    """When the turn has passed to bob with a plan pending, its task plays it (in the web
    server's thread after a click): wait until it has, before deciding anything for him.

    The plan is looked at before the game row: a plan that ran between the two reads is then
    seen with the position it left, never as gone while the row still shows bob's turn
    before it (whose deadline the bank the plan's turn earned would then contradict)."""
    for _ in range(200):
        pending = TurnPlan.objects.filter(game=game, seat=BOB, status=PlanStatus.PENDING)
        planned = pending.exists()
        game.refresh_from_db()
        if game.current_seat != BOB or not planned:
            return
        time.sleep(0.05)
    raise AssertionError("bob's plan was not played when his turn came")


def let_the_bot_play(game: Game) -> None:
    """While a bot holds the seat to move (a seat seeking a substitute), its task plays it;
    a decision it has not made after a moment is made here, as the task would."""
    for _ in range(400):
        game.refresh_from_db()
        seat = game.seats.get(index=game.current_seat) if game.current_seat is not None else None
        if game.status != GameStatus.ACTIVE or seat is None or not seat.bot:
            return
        version = game.version
        time.sleep(0.05)
        game.refresh_from_db()
        if game.version == version:
            with contextlib.suppress(ConflictError, NotAllowedError):  # the task moved first
                services.move_submit(game=game, user=None)
    raise AssertionError("the bot did not play the seat")


def quiet_end_of_turn(state: engine.State, seat: int, move: dict[str, Any]) -> bool:
    after = engine.apply(state, seat, move)
    return engine.current_player(after) != seat and not engine.move_revealed(after)


def take_back(game: Game, desk: Any, phone: Any, carol: Any, before: Any) -> None:
    """Alice asks on her page; bob agrees on his phone, carol through the API."""
    open_still(desk, game)
    game.refresh_from_db()
    target = services.takeback_target(game, ALICE)  # what the page offers to take back
    box = desk.get_by_test_id("takeback")
    assert f"#{target.decision}" in box.inner_text(), box.inner_text()
    version = panel_version(desk)
    box.get_by_role("button", name="Ask to take back").click()
    desk.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    desk.get_by_test_id("takeback-status").wait_for()
    open_still(phone, game)
    assert "alice asks to take back" in phone.get_by_test_id("takeback-status").inner_text()
    version = panel_version(phone)
    phone.get_by_test_id("takeback").get_by_role("button", name="Agree to the takeback").click()
    phone.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    assert "carol" in phone.get_by_test_id("takeback").inner_text()  # still waiting for her
    answer = client_for(carol).put(
        f"/api/games/{game.public_id}/takeback/", {"agree": True}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["request"] is None
    game.refresh_from_db()
    assert game.current_seat == ALICE
    assert engine.to_json(replay.state_at(game)) == before
    open_still(desk, game)
    assert desk.locator(".log-taken-back-mark").count() >= 1


def check_deadline(game: Game, seen: set[int]) -> None:
    """The turn's deadline: the limit and the mover's bank, in the mover's waking hours (in
    their own zone: the quiet hours between the start and the deadline do not count)."""
    seat = game.seats.get(index=game.current_seat)
    if seat.bot:  # a bot holds the seat: bots have no clock
        return
    budget = LIMIT + seat.bank_left
    tz = zone(seat.time_zone)
    assert tz.key == ZONES[seat.index]
    assert game.turn_deadline is not None
    assert game.turn_since is not None
    assert waking_time(game.turn_since, game.turn_deadline, game.clock_rules, tz) == budget
    assert game.turn_deadline - game.turn_since > budget  # at least one night in between
    seen.add(seat.index)


def test_a_three_player_game_across_three_zones_with_plans_a_note_and_a_takeback(
    new_page, make_user, login, settings, client
):
    configure(settings)
    cache.clear()
    alice, bob, carol, dave = (make_user(name) for name in ("alice", "bob", "carol", "dave"))
    for user, seat in ((alice, ALICE), (bob, BOB), (carol, CAROL), (dave, CAROL)):
        living_in(user, ZONES[seat])
    desk, phone = new_page(viewport=DESKTOP), new_page(phone=True, viewport=PHONE)
    login(desk, alice)
    login(phone, bob)
    game = create(alice, bob, carol)
    assert [s.time_zone for s in game.seats.order_by("index")] == list(ZONES.values())

    # alice's private note, on her page
    open_still(desk, game)
    desk.locator("#play-note summary").click()
    desk.locator("#note-text").fill(NOTE)
    desk.get_by_role("button", name="Save note").click()
    desk.get_by_test_id("note-saved").wait_for()

    web = {ALICE: (desk, form_client(alice)), BOB: (phone, form_client(bob))}
    apis = {ALICE: client_for(alice), BOB: client_for(bob)}
    ways: Counter[str] = Counter()
    made: Counter[int] = Counter()
    outcomes: Counter[str] = Counter()
    zones_checked: set[int] = set()
    planned_on_page = took_back = clock_email = handed_over = False
    last_seat = None
    for _ in range(MAX_DECISIONS):
        wait_for_the_plan(game)
        if game.status != GameStatus.ACTIVE:
            break
        seat = game.current_seat
        if seat != last_seat:
            check_deadline(game, zones_checked)
            last_seat = seat
        plan = TurnPlan.objects.filter(game=game, seat=BOB).first()
        if plan is not None and plan.status in (PlanStatus.RAN, PlanStatus.STOPPED):
            outcomes[plan.status] += 1
            if plan.status == PlanStatus.STOPPED:
                assert plan.stop["code"] in {"no_longer_possible", "price_changed", "turn_ended"}
            plan.delete()  # counted once; the next plan is made afresh
        if seat != BOB and (plan is None or plan.status != PlanStatus.PENDING):
            plan_ahead(game, bob, None if planned_on_page else phone)
            planned_on_page = True
        state = replay.state_at(game)
        if seat == CAROL and not handed_over and made[CAROL] >= 40:
            # carol leaves: she hands her seat over on the game page; the bot plays it until
            # dave takes it over on his.
            carol_page = new_page()
            login(carol_page, carol)
            hand_over_seat(carol_page, game.public_id)
            let_the_bot_play(game)  # its task plays carol's turn; here if it has not yet
            dave_page = new_page(viewport=DESKTOP)
            login(dave_page, dave)
            take_over_seat(dave_page, game.public_id, seat=CAROL)
            assert dave_page.get_by_text("dave took over seat 3").first.is_visible()
            web[CAROL] = (dave_page, form_client(dave))
            apis[CAROL] = client_for(dave)
            handed_over = True
            continue
        if seat == CAROL and not handed_over:
            if not clock_email:
                row = Notification.objects.filter(game=game, recipient=carol, kind=Kind.YOUR_TURN)
                with frozen(game.turn_since + timedelta(minutes=30)):
                    body = emails.build(row.latest("pk"), unsubscribe_token="t").body
                assert "Your clock:" in body
                assert "in your time zone (Asia/Tokyo)." in body
                clock_email = True
            deliver_by_morning()
            made[seat] += reply_by_email(client, game, carol, seat, "plain")
            continue
        page, form = web[seat]
        move = engine.bots.choose_move(state, seat)
        made[seat] += 1
        if (
            not took_back
            and seat == ALICE
            and made[seat] > 20
            and quiet_end_of_turn(state, seat, move)
        ):
            TurnPlan.objects.filter(game=game, seat=BOB, status=PlanStatus.PENDING).delete()
            before = engine.to_json(state)
            click(page, game, seat, move)
            take_back(game, desk, phone, carol, before)
            took_back = True
            continue
        if made[seat] <= 3 or made[seat] % CLICK_EVERY == 0:
            click(page, game, seat, move)
        else:
            ways[post(form, apis[seat], game, move)] += 1

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert took_back
    assert Event.objects.filter(game=game, kind=EventKind.TAKEBACK).count() == 1
    assert outcomes[PlanStatus.RAN] >= 1, outcomes
    assert outcomes[PlanStatus.STOPPED] >= 1, outcomes
    assert zones_checked == {ALICE, BOB, CAROL}
    assert clock_email
    assert made[CAROL] > 30
    assert handed_over
    moves = Event.objects.filter(game=game, kind=EventKind.MOVE, seat=CAROL)
    on_lineage = moves.exclude(seq__in=selectors.taken_back(game=game))
    assert on_lineage.filter(actor=carol).count() >= 40
    assert on_lineage.filter(actor=None).count() >= 1  # the bot, while the seat sought one
    assert on_lineage.filter(actor=dave).count() > 0
    assert Event.objects.filter(game=game, kind=EventKind.HAND_OVER, actor=carol).exists()
    assert Event.objects.filter(game=game, kind=EventKind.TAKE_OVER, actor=dave).exists()
    assert ways["form"] > ways["api"], ways

    # Nobody reads a plan or a note not theirs: pages, emails, API answers.
    for user in (bob, carol, dave):
        page = form_client(user).get(game_url(game)).content.decode()
        assert NOTE not in page
        api = client_for(user)
        for path in ("", "state/", "events/?page_size=1000", "record/", "note/", "takeback/"):
            answer = api.get(f"/api/games/{game.public_id}/{path}")
            assert NOTE not in answer.content.decode(), path
        assert api.get("/api/games/").status_code == 200
    for user in (alice, dave):
        page = form_client(user).get(game_url(game)).content.decode()
        assert "from your plan" not in page
        plan = client_for(user).get(f"/api/games/{game.public_id}/plan/").json()
        assert plan["steps"] == []
        assert plan["played"] == []
    for message in mail.outbox:
        assert NOTE not in message.body
        if bob.email not in message.to:
            assert "Your plan" not in message.body
    for outsider in (carol, make_user("erin")):  # carol left the table: no seat, no plan
        answer = client_for(outsider).get(f"/api/games/{game.public_id}/plan/")
        assert answer.status_code == 404

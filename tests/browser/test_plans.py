"""A planned turn made on the game page while the other player moves, then seen to run, or to
stop with its reason (screenshots plan-*.png at 1366x900 and 390x844)."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Game, PlanStatus, TurnPlan
from tests.browser.helpers import assert_fits_width, save_screenshot
from tests.games.helpers import moves_passing_the_turn, started_game

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def ready(make_user) -> tuple[Game, Any, Any, list[dict[str, Any]]]:
    """alice at the last decision of her first turn, bob (seat 1) waiting."""
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game(alice, [bob])
    passing = moves_passing_the_turn(game, alice)
    game.refresh_from_db()
    return game, alice, bob, passing


def plan_first_option(page: Any, game: Game) -> str:
    page.goto(f"/games/{game.public_id}/")
    plan = page.get_by_test_id("plan")
    plan.get_by_role("heading", name="Your planned turn").wait_for()
    button = plan.locator(".plan-button").first
    notation = button.get_attribute("data-notation")
    button.click()
    page.get_by_test_id("plan-steps").wait_for()
    assert notation in page.get_by_test_id("plan-steps").inner_text()
    return notation


def alice_ends_her_turn(game: Game, alice: Any, passing: list[dict[str, Any]]) -> None:
    game.refresh_from_db()
    services.move_submit(
        game=game, user=alice, move=passing[0], expected_version=game.version, queue_bots=False
    )


def test_a_plan_made_on_the_page_runs_when_the_turn_comes(new_page, make_user, login):
    game, alice, bob, passing = ready(make_user)
    page = new_page(viewport=DESKTOP)
    login(page, bob)
    plan_first_option(page, game)
    save_screenshot(page, "plan-made-1366x900")
    phone = new_page(phone=True, viewport=PHONE)
    login(phone, bob)
    phone.goto(f"/games/{game.public_id}/")
    phone.get_by_test_id("plan-steps").wait_for()
    assert_fits_width(phone)
    save_screenshot(phone, "plan-made-390x844")

    alice_ends_her_turn(game, alice, passing)

    # The page hears that the game moved on and shows the plan's move in bob's log.
    page.locator(".log-plan").first.wait_for()
    assert page.get_by_test_id("plan-outcome").is_visible()
    assert TurnPlan.objects.get(game=game, seat=1).status == PlanStatus.RAN
    save_screenshot(page, "plan-ran-1366x900")


def test_a_plan_that_no_longer_fits_stops_and_says_why(new_page, make_user, login):
    game, alice, bob, passing = ready(make_user)
    page = new_page(viewport=DESKTOP)
    login(page, bob)
    plan_first_option(page, game)
    plan = TurnPlan.objects.get(game=game, seat=1)
    steps = plan.steps
    steps[0]["price"] = {"cost": 4, "cost_text": "$4 in fees", "gains": {"money": -4}}
    TurnPlan.objects.filter(pk=plan.pk).update(steps=steps)

    alice_ends_her_turn(game, alice, passing)

    outcome = page.get_by_test_id("plan-outcome")
    outcome.wait_for()
    assert "it was planned at $4 in fees" in outcome.inner_text()
    assert page.locator("#move-form").is_visible()  # bob decides himself
    save_screenshot(page, "plan-stopped-1366x900")

"""The game page's planned turn: made with the page's buttons, shown only to its owner, its
played moves marked in the owner's log, its stop explained."""

from __future__ import annotations

import json

import pytest

from games.models import PlanStatus, TurnPlan
from tests.games.helpers import moves_passing_the_turn, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(alice, bob):
    game = started_game(alice, [bob])
    passing = moves_passing_the_turn(game, alice)
    game.refresh_from_db()
    return game, passing


def page(user, game):
    return client_of(user).get(f"/games/{game.public_id}/").content.decode()


def test_a_plan_made_on_the_page_runs_and_is_marked_in_the_owners_log(
    two, alice, bob, carol, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    assert 'data-testid="plan"' in page(bob, game)
    assert 'data-testid="plan"' not in page(alice, game)  # her turn: nothing to plan
    answer = client_of(bob).post(
        f"/games/{game.public_id}/plan/",
        {"action": "add", "move": "0", "expected_version": game.version},
    )
    assert answer.status_code == 302
    plan = TurnPlan.objects.get(game=game, seat=1)
    notation = plan.steps[0]["notation"]
    mine = page(bob, game)
    assert 'data-testid="plan-steps"' in mine
    assert notation in mine
    for other in (alice, carol):
        html = page(other, game)
        assert 'data-testid="plan' not in html
        assert "from your plan" not in html

    with django_capture_on_commit_callbacks(execute=True):
        client_of(alice).post(
            f"/games/{game.public_id}/move/",
            {"move_json": json.dumps(passing[0]), "expected_version": game.version},
        )
    plan.refresh_from_db()
    assert plan.status == PlanStatus.RAN, plan.stop
    mine = page(bob, game)
    assert "(from your plan)" in mine
    assert 'data-testid="plan-outcome"' in mine
    assert "from your plan" not in page(alice, game)


def test_a_stale_or_bad_step_is_refused_and_changes_nothing(two, bob):
    game, _ = two
    client = client_of(bob)
    stale = client.post(
        f"/games/{game.public_id}/plan/",
        {"action": "add", "move": "0", "expected_version": game.version - 1},
        HTTP_HX_REQUEST="true",
    )
    assert stale.status_code == 409
    bad = client.post(
        f"/games/{game.public_id}/plan/",
        {"action": "add", "move": "999", "expected_version": game.version},
        HTTP_HX_REQUEST="true",
    )
    assert bad.status_code == 400
    nothing = client.post(
        f"/games/{game.public_id}/plan/", {"action": "cancel"}, HTTP_HX_REQUEST="true"
    )
    assert nothing.status_code == 409
    assert not TurnPlan.objects.filter(game=game).exists()


def test_a_stopped_plan_says_where_and_why(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    client_of(bob).post(
        f"/games/{game.public_id}/plan/",
        {"action": "add", "move": "0", "expected_version": game.version},
    )
    plan = TurnPlan.objects.get(game=game, seat=1)
    steps = plan.steps
    steps[0]["price"] = {"cost": 9, "cost_text": "$9 in fees", "gains": {"money": -9}}
    TurnPlan.objects.filter(pk=plan.pk).update(steps=steps)
    with django_capture_on_commit_callbacks(execute=True):
        client_of(alice).post(
            f"/games/{game.public_id}/move/",
            {"move_json": json.dumps(passing[0]), "expected_version": game.version},
        )
    mine = page(bob, game)
    assert "stopped before" in mine
    assert "it was planned at $9 in fees" in mine

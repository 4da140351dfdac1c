"""Planned turns (games.services.plans): prepared while the others move, played when the turn
comes only while each step is legal and priced the same, private to their owner, dropped by a
takeback or a rollback."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

import engine
from common.errors import ConflictError, InvalidRequestError
from games import replay, selectors, services
from games.models import Event, PlanStatus, TurnPlan
from games.moderation import game_actions
from games.plan_stops import stop_words
from tests.games.helpers import client_for, moves_passing_the_turn, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(alice, bob):
    """alice (seat 0) at her last decision of her first turn, bob (seat 1) to plan."""
    game = started_game(alice, [bob])
    passing = moves_passing_the_turn(game, alice)
    game.refresh_from_db()
    return game, passing


def plan_steps(game, user, n):
    plan = None
    for _ in range(n):
        plan = services.plan_add_step(game=game.public_id, user=user, index=0)
        if plan.closed:
            break
    return plan


def pass_the_turn(game, alice, passing, capture):
    with capture(execute=True):
        services.move_submit(
            game=game, user=alice, move=passing[0], expected_version=game.version, queue_bots=False
        )
    game.refresh_from_db()


def test_a_plan_is_played_when_the_turn_comes(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    plan = plan_steps(game, bob, 2)
    before = game.version
    preview = engine.turn_preview(replay.state_at(game), 1)
    expected = engine.legal_moves(preview, 1)[0]
    assert plan.steps[0]["move"] == expected
    assert plan.steps[0]["notation"] == engine.describe(preview, 1, expected)

    pass_the_turn(game, alice, passing, django_capture_on_commit_callbacks)

    plan.refresh_from_db()
    assert plan.status == PlanStatus.RAN, plan.stop
    events = list(Event.objects.filter(game=game, seq__in=plan.played).order_by("seq"))
    assert [e.payload["move"] for e in events] == [s["move"] for s in plan.steps]
    assert all(e.seat == 1 and e.actor_id == bob.pk for e in events)
    assert events[0].seq == before + 2  # right after alice's move
    # The events say nothing of the plan: the record is that of any move.
    assert all("plan" not in json.dumps(e.payload) for e in events)


def test_a_step_priced_otherwise_stops_the_plan_before_it(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    plan = plan_steps(game, bob, 2)
    steps = plan.steps
    steps[0]["price"] = {"cost": 5, "cost_text": "$5 in fees", "gains": {"money": -5}}
    TurnPlan.objects.filter(pk=plan.pk).update(steps=steps)
    version = game.version

    pass_the_turn(game, alice, passing, django_capture_on_commit_callbacks)

    plan.refresh_from_db()
    assert plan.status == PlanStatus.STOPPED
    assert plan.stop_index == 0
    assert plan.played == []
    assert plan.stop["code"] == "price_changed"
    assert plan.stop["params"]["then"]["cost_text"] == "$5 in fees"
    assert "it was planned at $5 in fees, it is now" in stop_words(plan.stop)
    with translation.override("fr"):  # said in the reader's language, not the worker's
        assert "prévu à $5 de frais" in stop_words(plan.stop)
    assert game.version == version + 1
    assert game.current_seat == 1


def test_a_step_no_longer_legal_stops_the_plan_after_the_steps_before(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    plan = plan_steps(game, bob, 2)
    if len(plan.steps) < 2:
        pytest.skip("this position's first option ends the plan at once")
    steps = plan.steps
    steps[1]["move"] = {"type": "move_herder", "to": "nowhere"}
    TurnPlan.objects.filter(pk=plan.pk).update(steps=steps)

    pass_the_turn(game, alice, passing, django_capture_on_commit_callbacks)

    plan.refresh_from_db()
    assert plan.status == PlanStatus.STOPPED
    assert plan.stop_index == 1
    assert len(plan.played) == 1
    assert plan.stop == {"code": "no_longer_possible", "params": {}}
    assert stop_words(plan.stop) == "it is no longer possible"


def test_planning_is_refused_on_ones_turn_and_for_a_move_not_offered(two, alice, bob):
    game, _ = two
    with pytest.raises(ConflictError) as turn:
        services.plan_add_step(game=game.public_id, user=alice, index=0)
    assert turn.value.code == "your_turn"
    with pytest.raises(InvalidRequestError):
        services.plan_add_step(game=game.public_id, user=bob, index=999)
    with pytest.raises(InvalidRequestError):
        services.plan_add_step(game=game.public_id, user=bob, text="no such move")
    assert not TurnPlan.objects.filter(game=game).exists()


def test_a_plan_by_notation_stops_after_a_move_that_reveals(two, bob):
    game, _ = two
    preview = engine.turn_preview(replay.state_at(game), 1)
    steps = []
    while True:  # the first option each time, until the turn reveals something or ends
        move = engine.legal_moves(preview, 1)[0]
        steps.append(engine.describe(preview, 1, move))
        preview = engine.apply(preview, 1, move)
        if engine.move_revealed(preview) or engine.current_player(preview) != 1:
            break
    for text in steps:
        plan = services.plan_add_step(game=game.public_id, user=bob, text=text)
    assert plan.closed
    assert [s["notation"] for s in plan.steps] == steps
    with pytest.raises(ConflictError) as closed:
        services.plan_add_step(game=game.public_id, user=bob, index=0)
    assert closed.value.code == "plan_closed"


def test_a_plan_is_edited_and_cancelled_until_it_runs(two, bob):
    game, _ = two
    plan = plan_steps(game, bob, 2)
    if len(plan.steps) == 2:
        plan = services.plan_remove_last(game=game.public_id, user=bob)
        assert plan is not None
        assert len(plan.steps) == 1
        assert not plan.closed
    services.plan_cancel(game=game.public_id, user=bob)
    assert not TurnPlan.objects.filter(game=game).exists()
    with pytest.raises(ConflictError):
        services.plan_cancel(game=game.public_id, user=bob)


def test_a_plan_is_its_owners_alone(two, alice, bob, carol):
    game, _ = two
    plan = plan_steps(game, bob, 1)
    assert services.plan_of(game=game, user=alice) is None
    assert services.plan_of(game=game, user=carol) is None
    assert services.plan_of(game=game, user=bob) == plan
    record = json.dumps(selectors.game_record(game=game))
    assert "plan" not in record.lower()
    for user in (alice, carol):
        api = client_for(user)
        for path in ("", "state/", "events/", "record/", "legal-moves/"):
            answer = api.get(f"/api/games/{game.public_id}/{path}")
            assert answer.status_code in {200, 403}, path  # carol may not see moves/record
            assert "plan" not in answer.content.decode().lower(), path


def test_a_takeback_drops_the_plans_made_since(alice, bob):
    game = started_game(alice, [bob])
    state = replay.state_at(game)
    move = next(
        m
        for m in engine.legal_moves(state, 0)
        if not engine.move_revealed(a := engine.apply(state, 0, m))
        and engine.current_player(a) == 0
    )
    services.move_submit(game=game, user=alice, move=move, queue_bots=False)
    plan = plan_steps(game, bob, 1)
    services.move_undo(game=game, user=alice)
    plan.refresh_from_db()
    assert plan.status == PlanStatus.DROPPED


def test_a_rollback_drops_the_plans(two, bob, moderator):
    game, _ = two
    plan = plan_steps(game, bob, 1)
    game_actions.game_rollback(game=game, to_seq=1, moderator=moderator, reason="a bug")
    plan.refresh_from_db()
    assert plan.status == PlanStatus.DROPPED


def test_a_plan_runs_when_the_turn_passes_by_an_email_reply(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    """The batch service of email replies passes the turn as any move does."""
    game, passing = two
    plan = plan_steps(game, bob, 1)
    text = engine.describe(replay.state_at(game), 0, passing[0])
    with django_capture_on_commit_callbacks(execute=True):
        services.move_batch_submit(
            game=game, user=alice, lines=[text], expected_version=game.version
        )
    plan.refresh_from_db()
    assert plan.status == PlanStatus.RAN
    assert len(plan.played) == 1


def test_a_plan_is_not_in_the_others_replay(
    two, alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game, passing = two
    plan_steps(game, bob, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(game=game, user=alice, move=passing[0], expected_version=game.version)
    page = client_of(alice).get(f"/games/{game.public_id}/replay/")
    assert page.status_code == 200
    assert "from your plan" not in page.content.decode()
    assert "plan" not in page.content.decode().lower()

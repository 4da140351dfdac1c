"""Planning by email: ``PLAN: <notation>`` lines in a reply make the player's plan for their
next turn (all or none), ``PLAN: cancel`` cancels it; the confirmation goes to them alone."""

from __future__ import annotations

import pytest
from django.core import mail

import engine
import engine.bots
from games import replay, services
from games.models import Game, TurnPlan
from notifications.models import InboundEmail
from notifications.reply_moves import plan_lines
from tests.games.helpers import started_game
from tests.notifications.inbound_support import (
    STYLES,
    deliver_all,
    latest_to,
    mailgun_post,
    reply_address_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbound_email")]


def play_turn(game: Game, user) -> None:
    game.refresh_from_db()
    seat = game.current_seat
    while game.current_seat == seat:
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, seat, kind="heuristic")
        services.move_submit(game=game, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()


def reply(client, user, address, lines):
    return mailgun_post(client, STYLES["plain"](user.email, address, lines))


def test_plan_lines_are_read_apart_from_moves():
    assert plan_lines(["move B-2"]) is None
    assert plan_lines(["PLAN: move B-2; action 1", "plan:buy 2"]) == [
        "move B-2",
        "action 1",
        "buy 2",
    ]
    assert plan_lines(["Plan: cancel"]) == []
    assert plan_lines(["PLAN:"]) == []


def test_a_plan_by_email_is_made_refused_and_cancelled(client, alice, bob):
    game = started_game(alice, [bob])
    play_turn(game, alice)
    deliver_all()
    bob_email = latest_to(bob)  # his turn's email
    play_turn(game, bob)
    deliver_all()
    mail.outbox.clear()
    game.refresh_from_db()
    preview = engine.turn_preview(replay.state_at(game), 1)
    first = engine.legal_moves(preview, 1)[0]
    notation = engine.describe(preview, 1, first)

    address = reply_address_of(bob_email)
    assert reply(client, bob, address, [f"PLAN: {notation}"]).status_code == 200
    record = InboundEmail.objects.latest("pk")
    assert (record.outcome, record.reason) == ("applied", "planned")
    plan = TurnPlan.objects.get(game=game, seat=1)
    assert [s["move"] for s in plan.steps] == [first]
    [confirmation] = deliver_all()
    assert confirmation.to == [bob.email]
    assert confirmation.subject.startswith("Your plan for your next turn")
    assert notation in confirmation.body

    # A line that is no move of the plan: nothing changes, and bob is told which line.
    assert (
        reply(client, bob, address, [f"PLAN: {notation}", "PLAN: fly to the moon"]).status_code
        == 200
    )
    [refusal] = deliver_all()
    assert "Line 2 (fly to the moon)" in refusal.body
    assert TurnPlan.objects.get(game=game, seat=1).steps == plan.steps

    assert reply(client, bob, address, ["PLAN: cancel"]).status_code == 200
    [cancelled] = deliver_all()
    assert "is cancelled" in cancelled.body
    assert not TurnPlan.objects.filter(game=game).exists()
    assert all(alice.email not in m.to for m in mail.outbox)


def test_planning_by_email_on_ones_turn_is_refused(client, alice, bob):
    game = started_game(alice, [bob])
    play_turn(game, alice)
    deliver_all()
    bob_email = latest_to(bob)
    assert reply(client, bob, reply_address_of(bob_email), ["PLAN: move B-2"]).status_code == 200
    [refusal] = deliver_all()
    assert "It is your turn" in refusal.body
    assert not TurnPlan.objects.filter(game=game).exists()

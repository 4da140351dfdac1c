"""The hand-written read of a seat's plan (``games.prepared.seat_plan``) gives what the ORM
gives: the same instance, and nothing for another user's seat or a seat without a plan."""

from __future__ import annotations

import pytest

from games import prepared
from games.models import TurnPlan
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_a_seats_plan_reads_as_the_orm_reads_it(alice, bob):
    game = started_game(alice, [bob])
    plan = TurnPlan.objects.create(
        game=game,
        seat=1,
        user=bob,
        steps=[{"notation": "start A", "move": {"type": "x"}}],
        planned_at=game.version,
        played=[3, 4],
    )
    expected = TurnPlan.objects.get(pk=plan.pk)

    found = prepared.seat_plan(game_pk=game.pk, seat=1, user_id=bob.pk)

    assert found is not None
    fields = [f.attname for f in TurnPlan._meta.concrete_fields]
    assert [getattr(found, f) for f in fields] == [getattr(expected, f) for f in fields]
    assert prepared.seat_plan(game_pk=game.pk, seat=1, user_id=alice.pk) is None
    assert prepared.seat_plan(game_pk=game.pk, seat=0, user_id=alice.pk) is None

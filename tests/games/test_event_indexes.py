"""The events' indexes (PostgreSQL): the primary key, (game, seq), and the actor's only for
the events that have one (a bot's or the system's events have no entry)."""

from __future__ import annotations

import pytest
from django.db import connection

from games.models import Event
from tests.games.helpers import play_one, started_game

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's indexes"),
]


def event_indexes() -> dict[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'games_event'")
        return dict(cursor.fetchall())


def test_the_actor_index_holds_only_the_events_that_have_an_actor():
    indexes = event_indexes()

    assert sorted(indexes) == ["event_actor", "event_unique_seq", "games_event_pkey"]
    assert indexes["event_actor"].endswith("(actor_id) WHERE (actor_id IS NOT NULL)")


def test_the_events_of_a_person_are_found_through_it(alice):
    game = started_game(alice, bots=[1])
    for _ in range(6):
        play_one(game)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # the test's table is tiny
    plan = Event.objects.filter(actor=alice).values("seq").explain()

    assert "event_actor" in plan
    assert Event.objects.filter(actor=alice).exists()
    assert Event.objects.filter(actor__isnull=True).exists()  # the bot's moves

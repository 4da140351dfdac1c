"""Events are append-only: the model, its queryset and (on PostgreSQL) a trigger refuse change."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.utils import DatabaseError

from games.models import AppendOnlyError, Event
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return started_game(alice, [bob])


def test_an_event_cannot_be_saved_again(game):
    event = Event.objects.get(game=game, seq=1)
    event.payload = {"forged": True}

    with pytest.raises(AppendOnlyError):
        event.save()


def test_an_event_cannot_be_deleted(game):
    with pytest.raises(AppendOnlyError):
        Event.objects.get(game=game, seq=1).delete()


def test_a_queryset_cannot_update_or_delete_events(game):
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(game=game).update(kind="move")
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(game=game).delete()


def test_a_game_with_events_cannot_be_deleted(game):
    with pytest.raises(Exception, match=r"protected|append-only"):
        game.delete()
    assert Event.objects.filter(game=game).count() == 1


def test_two_events_cannot_share_a_seq(game):
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(game=game, seq=1, kind="move", payload={})


def test_two_events_cannot_share_an_idempotency_key(game):
    Event.objects.create(game=game, seq=2, kind="pause", payload={}, idempotency_key="k1")
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(game=game, seq=3, kind="pause", payload={}, idempotency_key="k1")
    # An empty key is no key: any number of events may have none.
    Event.objects.create(game=game, seq=3, kind="pause", payload={})
    Event.objects.create(game=game, seq=4, kind="resume", payload={})


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games_event SET payload = '{}' WHERE game_id = %s",
        "DELETE FROM games_event WHERE game_id = %s",
    ],
)
def test_the_database_rejects_updating_or_deleting_events_even_in_raw_sql(game, sql):
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, [game.pk])
    assert Event.objects.get(game=game, seq=1).payload["players"] == 2

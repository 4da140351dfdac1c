"""Events are append-only: the model, its queryset and (on PostgreSQL) a trigger refuse change."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.utils import DatabaseError

from games.models import AppendOnlyError, Event, IdempotencyKey
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
    IdempotencyKey.objects.create(game=game, key="k1", seq=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        IdempotencyKey.objects.create(game=game, key="k1", seq=3)
    # An event without a key has no row: any number of events may have none.
    Event.objects.create(game=game, seq=2, kind="pause", payload={})
    Event.objects.create(game=game, seq=3, kind="resume", payload={})


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


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
def test_the_database_rejects_truncating_the_event_log(game):
    """Issue 17, item 8: TRUNCATE fires no row trigger; a statement trigger refuses it."""
    with transaction.atomic(), connection.cursor() as cursor:
        # The test's own inserts leave deferred foreign-key checks pending: run them first.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        with pytest.raises(DatabaseError, match="append-only: TRUNCATE"), transaction.atomic():
            cursor.execute("TRUNCATE games_event CASCADE")
    assert Event.objects.filter(game=game).count() == 1


@pytest.fixture
def application_role():
    """A role that owns nothing, with the rights ``manage.py migrate`` grants the application
    role (gwt_site.db_roles), made inside the test's transaction (so gone after it)."""
    from gwt_site.db_roles import grant_application_role

    role = "gwt_test_application"
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE ROLE {role} NOLOGIN")
    grant_application_role(connection, role)
    return role


@pytest.mark.skipif(connection.vendor != "postgresql", reason="roles are PostgreSQL's")
@pytest.mark.parametrize(
    "sql",
    [
        "ALTER TABLE games_event DISABLE TRIGGER games_event_append_only",
        "ALTER TABLE games_event DISABLE TRIGGER ALL",
        "TRUNCATE games_event CASCADE",
        "DROP TRIGGER games_event_no_truncate ON games_event",
        "UPDATE games_event SET payload = '{}'",
        "DELETE FROM games_event",
    ],
)
def test_the_application_role_cannot_change_the_log_nor_switch_off_its_triggers(
    game, application_role, sql
):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(f"SET LOCAL ROLE {application_role}")
        with (
            pytest.raises(DatabaseError, match=r"permission denied|must be owner"),
            transaction.atomic(),
        ):
            cursor.execute(sql)
        transaction.set_rollback(True)  # back to the test's own role
    assert Event.objects.filter(game=game).count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="roles are PostgreSQL's")
def test_the_application_role_reads_and_appends_events_and_writes_other_tables(
    game, application_role
):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL ROLE {application_role}")
        cursor.execute("SELECT count(*) FROM games_event WHERE game_id = %s", [game.pk])
        assert cursor.fetchone() == (1,)
        cursor.execute(
            "INSERT INTO games_event (game_id, seq, kind, seat, payload, created_at)"
            " VALUES (%s, 2, 'pause', NULL, '{}', now())",
            [game.pk],
        )
        cursor.execute("UPDATE games_game SET version = version WHERE id = %s", [game.pk])
        cursor.execute("DELETE FROM games_snapshot WHERE game_id = %s", [game.pk])
        cursor.execute("SELECT count(*) FROM games_event WHERE game_id = %s", [game.pk])
        assert cursor.fetchone() == (2,)
        transaction.set_rollback(True)  # back to the test's own role

"""Statements prepared on the server (``DATABASE_PREPARE_THRESHOLD``), and those kept from it
because their best plan depends on their parameters (``common.sql.unprepared``)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection

from common.sql import unprepared
from games.models import Game, Seat
from notifications.models import GameNotificationPreference
from tests.games.helpers import client_for, started_game

pytestmark = pytest.mark.django_db

THRESHOLD = settings.DATABASES["default"]["OPTIONS"].get("prepare_threshold")
RUNS = int(THRESHOLD or 0) + 2


@pytest.fixture(autouse=True)
def postgresql_preparing():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's prepared statements")
    if THRESHOLD is None:
        pytest.skip("DATABASE_PREPARE_THRESHOLD=off: nothing is prepared")


def prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def test_a_statement_run_over_and_over_is_prepared_on_the_server():
    """What makes a move cheaper for PostgreSQL: the session keeps the statement parsed and
    planned (``pg_prepared_statements``) once its runs reach the threshold."""
    for pk in range(RUNS):
        list(Game.objects.filter(pk=pk).values_list("pk"))
    table = Game._meta.db_table
    prepared = prepared_statements()
    assert any(f'FROM "{table}" WHERE "{table}"."id" = $1' in text for text in prepared), prepared


def test_a_statement_of_an_unprepared_block_is_planned_each_time_and_the_threshold_comes_back():
    connection.ensure_connection()
    before = connection.connection.prepare_threshold
    with unprepared():
        assert connection.connection.prepare_threshold is None
        for pk in range(RUNS):
            list(Game.objects.filter(pk=pk, version__gte=0).values_list("pk"))
    assert connection.connection.prepare_threshold == before
    assert not [text for text in prepared_statements() if '"version" >= $2' in text]
    for pk in range(RUNS):  # the same statement out of the block is prepared
        list(Game.objects.filter(pk=pk, version__gte=0).values_list("pk"))
    assert [text for text in prepared_statements() if '"version" >= $2' in text]


def test_the_threshold_comes_back_when_the_block_fails():
    connection.ensure_connection()
    before = connection.connection.prepare_threshold
    with pytest.raises(RuntimeError), unprepared():
        raise RuntimeError("a statement failed")
    assert connection.connection.prepare_threshold == before


@pytest.mark.parametrize(
    ("path", "also_prepared"),
    [
        ("/api/games/", f'"{Game._meta.db_table}"."id" IN ('),  # the page's games, by id
        ("/games/", f'"{Game._meta.db_table}"."id" IN ('),
        # each listed game's email setting
        ("/accounts/profile/", f'FROM "{GameNotificationPreference._meta.db_table}"'),
    ],
)
def test_a_players_sorted_list_is_planned_for_that_player_while_the_rest_is_prepared(
    alice, bob, path, also_prepared
):
    """A player's sorted list of games (or a page of its ids) is a few games for most
    players and thousands for some: a generic plan kept from the first kind served the
    second more slowly, so it is never prepared. The page's other statements are."""
    for _ in range(3):
        started_game(alice, [bob])
    client = client_for(alice)
    if not path.startswith("/api/"):
        client.force_login(alice)
    for _ in range(RUNS):
        assert client.get(path).status_code == 200
    statements = prepared_statements()
    seats = f'"{Seat._meta.db_table}"."user_id" = $'
    lists = [text for text in statements if seats in text and "ORDER BY" in text]
    assert lists == [], lists
    assert [text for text in statements if also_prepared in text], statements

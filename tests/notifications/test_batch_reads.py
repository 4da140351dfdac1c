"""What a batch of turn emails reads at once is what each email read on its own.

Delivery reads the batch's seats, events since each seat's last decision and plans in one
statement each (``notifications.context.TurnReads``), asks whether each seat decided since
its row in one statement (``games.prepared.decided_after``), and writes the links from paths
reversed once (``notifications.links``); each must give exactly what it replaces.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse, set_script_prefix

from games import prepared
from games.models import Event, EventKind, Game
from notifications import links
from notifications.context import TurnReads, your_turn_context
from notifications.models import Kind, Notification
from tests.games.helpers import started_game
from tests.notifications.helpers import decide, pass_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def turns(two_player_game) -> list[Notification]:
    """Bob's "your turn" row after alice's turn, and alice's after his (both pending)."""
    Notification.objects.all().delete()
    pass_turn(two_player_game)
    pass_turn(two_player_game)
    return list(
        Notification.objects.filter(kind=Kind.YOUR_TURN)
        .select_related("recipient", "game")
        .order_by("pk")
    )


def test_a_batch_builds_each_turn_email_as_it_was_built_alone(turns):
    assert len(turns) == 2
    alone = [your_turn_context(row) for row in turns]
    reads = TurnReads.of(turns)
    together = [your_turn_context(row, reads) for row in turns]
    assert together == alone
    assert any(context["summary"] for context in together), "events were read and shown"


def test_the_batch_reads_are_the_single_reads(turns):
    reads = TurnReads.of(turns)
    for row in turns:
        game = row.game
        assert game is not None
        seats = prepared.seats_with_users(game_pk=game.pk)
        assert [(s.pk, s.user) for s in reads.seats[game.pk]] == [(s.pk, s.user) for s in seats]
        for seat in seats:
            single = prepared.events_since_own_move(
                game_pk=game.pk, seat=seat.index, upto=game.version
            )
            key = (game.pk, seat.index, game.version)
            if key in reads.events:
                assert [e.pk for e in reads.events[key]] == [e.pk for e in single]
                assert [e.payload for e in reads.events[key]] == [e.payload for e in single]


def test_decided_after_finds_the_seats_that_decided_since(two_player_game):
    game = Game.objects.get(pk=two_player_game.pk)
    version, seat = game.version, game.current_seat
    decide(game, keep_turn=True)
    other = 1 - seat
    found = prepared.decided_after(
        [
            (1, game.pk, seat, version),  # decided since
            (2, game.pk, seat, version + 1),  # not after its own decision
            (3, game.pk, other, version),  # the other seat did not
            (4, game.pk, None, 0),  # no seat: only seatless decisions count
            (5, game.pk + 1000, seat, 0),  # another game
        ]
    )
    assert found == {1}
    assert Event.objects.filter(game=game, seat=seat, kind=EventKind.MOVE, seq__gt=version).exists()
    assert prepared.decided_after([]) == set()


def test_decided_after_reads_each_game_by_its_index_whatever_the_statistics(
    two_player_game, alice, bob
):
    """Delivery asks it for every batch of turn emails, and its cost must not follow the
    number of events: with the events table grown far past what PostgreSQL's statistics
    know (as before autovacuum's next ANALYZE), the plan still looks each check up by the
    (game, seq) index; an EXISTS was turned into a hash join over every move of every game
    (150 ms at 84,000 events)."""
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL plan")
    game = Game.objects.get(pk=two_player_game.pk)
    other = started_game(alice, [bob])
    with connection.cursor() as cursor:  # 30,000 moves in another game, never analyzed
        cursor.execute(
            f"INSERT INTO {Event._meta.db_table} (game_id, seq, kind, seat, payload, created_at)"
            " SELECT %s, 1000 + n, %s, n %% 2, '{}', now() FROM generate_series(1, 30000) AS n",
            [other.pk, EventKind.MOVE.value],
        )
    checks = [(key, game.pk, key % 2, game.version) for key in range(20)]
    statement = prepared._decided_after_statement(len(checks), connection.vendor)
    params = [value for check in checks for value in check]
    params += [EventKind.MOVE.value, EventKind.UNDO.value]
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + statement, params)
        plan = "\n".join(line for (line,) in cursor.fetchall())
    assert "Seq Scan on games_event" not in plan, plan
    assert "event_unique_seq" in plan, plan


@pytest.mark.parametrize(
    "value", ["eyJ1IjoxfQ:1xWUPO:PezvLSwLTkEPVbli5YhrQakhls6RoEG4VEm0-gQivRg", "k3x9mnpq2rst"]
)
def test_the_links_are_the_reversed_paths(value):
    assert links._path("notifications-unsubscribe", value) == reverse(
        "notifications-unsubscribe", args=[value]
    )
    assert links._path("lobby-join", value) == reverse("lobby-join", args=[value])
    assert links._path("help-moves") == reverse("help-moves")


@pytest.mark.parametrize("value", ["a b", "é", "x?y#z", "50%"])
def test_a_value_reverse_would_quote_goes_through_reverse(value):
    assert links._path("notifications-unsubscribe", value) == reverse(
        "notifications-unsubscribe", args=[value]
    )


def test_the_paths_follow_the_script_prefix():
    try:
        set_script_prefix("/gwt/")
        assert links._path("help-email") == reverse("help-email") == "/gwt/help/email/"
        assert links._path("lobby-join", "abc") == reverse("lobby-join", args=["abc"])
    finally:
        set_script_prefix("/")
    assert links._path("help-email") == "/help/email/"


def test_a_batch_reads_the_states_it_starts_from_in_one_round_trip(
    turns, monkeypatch, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    from games import replay

    with django_capture_on_commit_callbacks(execute=True):  # the states shared, as committed
        alone = [your_turn_context(row) for row in turns]
    replay.local_states.clear()  # as in a worker that has not seen these games
    reads = []
    real_get_many = cache.get_many
    monkeypatch.setattr(cache, "get_many", lambda keys: reads.append(keys) or real_get_many(keys))
    monkeypatch.setattr(cache, "get", lambda *a, **k: pytest.fail("each state read alone"))

    batch = TurnReads.of(turns)
    together = [your_turn_context(row, batch) for row in turns]

    assert len(reads) == 1
    assert together == alone

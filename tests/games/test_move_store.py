"""Moves and their notation stored once (games.move_store): a move event keeps the number of
its ``PlayedMove``, the same move played in another game is the same row, every reader of an
event's payload gets it whole however it reads the event, and events written before keep
reading their own move and notation."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

import engine
from games import ledger, move_store, prepared, replay, replay_check, services
from games.models import Event, EventKind, PlayedMove
from tests.games.helpers import (
    another_transaction_writing,
    play_one,
    play_to_end,
    refused_to_the_application_role,
    started_game,
)

pytestmark = pytest.mark.django_db


def stored_payload(event: Event) -> dict:
    """The payload column as the database holds it, read past the ORM."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT payload FROM games_event WHERE id = %s", [event.pk])
        value = cursor.fetchone()[0]
    return Event._meta.get_field("payload").from_db_value(value, None, connection)


def first_move(game):
    state = replay.state_at(game)
    play_one(game)
    event = Event.objects.get(game=game, seq=game.version + 1)
    return state, event


def test_a_move_keeps_the_number_of_its_played_move_and_reads_whole(alice, bob):
    """The row holds a number and nothing else; every reader gets the move and notation."""
    game = started_game(alice, [bob])
    state, event = first_move(game)

    played = PlayedMove.objects.get(pk=event.played_id)
    assert stored_payload(event) == {}
    assert event.payload == {"move": played.move, "text": played.text}
    assert played.text == engine.describe(state, 0, played.move)
    assert engine.parse_move(state, 0, played.text) == played.move


def test_what_a_move_keeps_of_its_own_stays_in_its_payload(alice, bob):
    """A move that revealed something says so in its own payload, after the move."""
    game = started_game(alice, [bob])
    play_to_end(game)
    revealing = [
        event
        for event in Event.objects.filter(game=game, kind=EventKind.MOVE)
        if event.payload.get("revealed")
    ]

    assert revealing
    for event in revealing[:5]:
        assert stored_payload(event) == {"revealed": True}
        assert list(event.payload) == ["move", "text", "revealed"]


def test_the_same_move_in_two_games_is_one_row(alice, bob, carol, make_user):
    games = [started_game(alice, [bob]), started_game(carol, [make_user("dave")])]
    for game in games:  # each first player starts on the first space offered
        user = game.seats.get(index=0).user
        first = engine.legal_moves(replay.state_at(game), 0)[0]
        services.move_submit(game=game, user=user, move=first, expected_version=game.version)
    starts = list(Event.objects.filter(game__in=games, kind=EventKind.MOVE).order_by("game"))

    assert len(starts) == 2
    assert starts[0].played_id == starts[1].played_id is not None
    assert starts[0].payload == starts[1].payload
    assert PlayedMove.objects.count() == 1


def test_a_move_played_again_is_found_by_its_move_and_notation():
    first = move_store.played_id({"type": "end"}, "end")
    again = move_store.played_id({"type": "end"}, "end")
    other = move_store.played_id({"type": "end"}, "end of turn")

    assert first == again != other
    assert PlayedMove.objects.count() == 2


def test_events_written_before_read_their_own_move_and_notation(alice, bob):
    game = started_game(alice, [bob])
    old = Event.objects.create(
        game=game,
        seq=game.version + 1,
        kind=EventKind.MOVE,
        seat=0,
        payload={"move": {"type": "end"}, "text": "end", "revealed": True},
    )

    assert stored_payload(old) == old.payload
    assert Event.objects.get(pk=old.pk).payload == {
        "move": {"type": "end"},
        "text": "end",
        "revealed": True,
    }
    assert move_store.payloads(
        Event.objects.filter(pk=old.pk).values_list("seq", *move_store.READ)
    ) == {old.seq: old.payload}


def test_every_way_of_reading_an_event_gives_the_whole_payload(alice, bob):
    """The ORM (a query, a related manager, refresh_from_db), the prepared statements of the
    emails, and the values the replay reads."""
    game = started_game(alice, [bob])
    for _ in range(6):
        play_one(game)
    game.refresh_from_db()
    moves = list(Event.objects.filter(game=game, kind=EventKind.MOVE).order_by("seq"))
    whole = {event.seq: event.payload for event in moves}
    assert all(event.played_id is not None for event in moves)
    assert all(set(payload) >= {"move", "text"} for payload in whole.values())

    related = {e.seq: e.payload for e in game.events.filter(kind=EventKind.MOVE)}
    refreshed = Event.objects.get(pk=moves[0].pk)
    refreshed.payload = {}
    refreshed.refresh_from_db()
    since = prepared.events_since_own_move(game_pk=game.pk, seat=0, upto=game.version)
    many = prepared.events_since_own_moves([(game.pk, 0, game.version)])
    values = move_store.payloads(
        Event.objects.filter(game=game, kind=EventKind.MOVE).values_list("seq", *move_store.READ)
    )

    assert related == whole == values
    assert refreshed.payload == whole[moves[0].seq]
    assert any(e.kind == EventKind.MOVE for e in since)
    assert all(e.payload == whole[e.seq] for e in since if e.kind == EventKind.MOVE)
    assert [e.payload for e in next(iter(many.values()))] == [e.payload for e in since]


def test_reading_a_games_events_asks_one_query_whatever_their_moves(alice, bob):
    game = started_game(alice, [bob])
    for _ in range(8):
        play_one(game)

    with CaptureQueriesContext(connection) as queries:
        events = list(Event.objects.filter(game=game))

    assert len({event.played_id for event in events} - {None}) > 1
    assert len(queries) == 1


def test_a_finished_game_replays_the_same_from_its_numbers(alice, bob):
    """Replayed from the events (not the cache), every state matches the game's, and the
    notation recorded is what the engine says (check_replays)."""
    game = started_game(alice, [bob])
    play_to_end(game)
    game.refresh_from_db()

    assert replay_check.check_game(game) == []
    replayed = replay.state_at(game, game.version, use_cache=False)
    assert engine.is_over(replayed)
    assert engine.scores(replayed) == game.result["scores"]


def test_a_played_move_written_by_a_transaction_rolled_back_is_not_kept(
    django_capture_on_commit_callbacks,
):
    def a_move_that_fails() -> None:
        with transaction.atomic():
            move_store.played_id({"type": "never"}, "never committed")
            raise RuntimeError("the move fails after its played move was written")

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        a_move_that_fails()

    found = move_store.played_id({"type": "never"}, "never committed")

    assert PlayedMove.objects.get(pk=found).text == "never committed"


def test_a_move_played_before_asks_nothing_once_committed(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = move_store.played_id({"type": "end"}, "end")
    with CaptureQueriesContext(connection) as queries:
        again = move_store.played_id({"type": "end"}, "end")

    assert (again, len(queries)) == (first, 0)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="roles are PostgreSQL's")
@pytest.mark.parametrize(
    "sql", ["UPDATE games_playedmove SET text = 'x'", "DELETE FROM games_playedmove"]
)
def test_the_application_role_cannot_change_the_played_moves(sql):
    move_store.played_id({"type": "end"}, "end")
    refused_to_the_application_role(sql)

    assert PlayedMove.objects.count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite writes one at a time")
@pytest.mark.django_db(transaction=True)
def test_a_move_whose_new_played_move_another_is_writing_keeps_it_in_its_payload(alice, bob):
    """Waiting for the other transaction's row could deadlock: the move keeps its move and
    notation in its own payload instead, and reads the same."""
    game = started_game(alice, [bob])
    state = replay.state_at(game)
    move = engine.legal_moves(state, 0)[0]
    text = engine.describe(state, 0, move)
    seat = game.seats.get(index=0)
    with (
        another_transaction_writing(lambda: move_store.played_id(move, text)),
        transaction.atomic(),
    ):
        _, event = ledger.move_event(game, seat, state, move, actor=alice)
        prepared.insert(event)

    read = Event.objects.get(pk=event.pk)
    assert read.played_id is None
    assert stored_payload(read) == read.payload == {"move": move, "text": text}

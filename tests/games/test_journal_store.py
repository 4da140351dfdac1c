"""The game log's lines stored once (games.journal_store): a move event keeps the number of
its line, the same line said again in another game is the same row, each reader gets it in
their language, and events written before keep reading their own words."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import translation

import engine
from games import journal_store, ledger, replay, selectors, services
from games.models import JOURNAL, JOURNALS, Event, EventKind, JournalLine
from tests.games.helpers import (
    another_transaction_writing,
    play_one,
    refused_to_the_application_role,
    started_game,
)

pytestmark = pytest.mark.django_db


def first_move(game):
    play_one(game)
    return Event.objects.get(game=game, seq=game.version + 1)


def test_a_move_keeps_the_number_of_its_line_and_not_its_words(alice, bob):
    game = started_game(alice, [bob])
    event = first_move(game)

    assert JOURNAL not in event.payload
    assert JOURNALS not in event.payload
    line = JournalLine.objects.get(pk=event.line_id)
    assert line.english.startswith("started on neutral building")
    assert line.others["fr"].startswith("Commencer sur le bâtiment neutre")
    assert selectors.event_text(event) == line.english
    with translation.override("fr"):
        assert selectors.event_text(event) == line.others["fr"]


def test_the_same_words_in_two_games_are_one_row(alice, bob, carol, make_user):
    games = [started_game(alice, [bob]), started_game(carol, [make_user("dave")])]
    for game in games:  # each first player starts on the first space offered
        user = game.seats.get(index=0).user
        first = engine.legal_moves(replay.state_at(game), 0)[0]
        services.move_submit(game=game, user=user, move=first, expected_version=game.version)
        play_one(game)
    moves = list(Event.objects.filter(game__in=games, kind=EventKind.MOVE).order_by("seq"))
    numbers: dict[tuple[str, str], set[int | None]] = {}
    for event in moves:
        words = (selectors.event_text(event), journal_store.event_line(event, "fr"))
        numbers.setdefault(words, set()).add(event.line_id)

    starts = [event for event in moves if event.payload["move"]["type"] == "start"]
    assert len(starts) == 2
    assert starts[0].line_id == starts[1].line_id
    assert all(len(found) == 1 for found in numbers.values())
    assert JournalLine.objects.count() == len(numbers)


def test_a_line_said_again_is_found_by_its_words():
    first = journal_store.line_id("ended their actions", {"fr": "Terminer ses actions"})
    again = journal_store.line_id("ended their actions", {"fr": "Terminer ses actions"})
    other = journal_store.line_id("ended their actions", {"fr": "autre chose"})

    assert first == again != other
    assert JournalLine.objects.count() == 2


def test_events_written_before_read_their_own_words(alice, bob):
    game = started_game(alice, [bob])
    old = Event.objects.create(
        game=game,
        seq=game.version + 1,
        kind=EventKind.MOVE,
        seat=0,
        payload={
            "move": {"type": "end"},
            "text": "end",
            JOURNAL: "ended their actions",
            JOURNALS: {"fr": "Terminer ses actions"},
        },
    )
    older = Event.objects.create(
        game=game,
        seq=game.version + 2,
        kind=EventKind.MOVE,
        seat=0,
        payload={"move": {"type": "end"}, "text": "end"},
    )

    assert selectors.event_text(old) == "ended their actions"
    assert selectors.event_text(older) == "end"  # no line: its notation
    with translation.override("fr"):
        assert selectors.event_text(old) == "Terminer ses actions"


def test_a_language_the_line_lacks_reads_the_english_one(alice, bob):
    game = started_game(alice, [bob])
    number = journal_store.line_id("ended their actions", {})
    event = Event.objects.create(
        game=game,
        seq=game.version + 1,
        kind=EventKind.MOVE,
        seat=0,
        payload={"move": {"type": "end"}, "text": "end"},
        line_id=number,
    )

    with translation.override("fr"):
        assert selectors.event_text(event) == "ended their actions"


def test_a_page_of_the_log_reads_its_lines_in_one_query_then_none(
    alice, bob, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    for _ in range(4):
        play_one(game)
    events = list(Event.objects.filter(game=game, kind=EventKind.MOVE))
    journal_store.forget()  # a process that never read them

    with (
        CaptureQueriesContext(connection) as first,
        django_capture_on_commit_callbacks(execute=True),
    ):
        lines = journal_store.lines_of(events)
        texts = [selectors.event_text(event, lines) for event in events]
    with CaptureQueriesContext(connection) as again:
        lines = journal_store.lines_of(events)
        assert [selectors.event_text(event, lines) for event in events] == texts

    assert len({event.line_id for event in events}) > 1
    assert (len(first), len(again)) == (1, 0)


def test_a_line_said_before_asks_nothing_once_committed(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = journal_store.line_id("ended their actions", {"fr": "Terminer ses actions"})
    with CaptureQueriesContext(connection) as queries:
        again = journal_store.line_id("ended their actions", {"fr": "Terminer ses actions"})

    assert (again, len(queries)) == (first, 0)


def test_a_line_written_by_a_transaction_rolled_back_is_not_kept(
    django_capture_on_commit_callbacks,
):
    def a_move_that_fails() -> None:
        with transaction.atomic():
            journal_store.line_id("a line never committed", {"fr": "jamais"})
            raise RuntimeError("the move fails after its line was written")

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        a_move_that_fails()

    found = journal_store.line_id("a line never committed", {"fr": "jamais"})

    assert JournalLine.objects.get(pk=found).english == "a line never committed"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="roles are PostgreSQL's")
@pytest.mark.parametrize(
    "sql", ["UPDATE games_journalline SET english = 'x'", "DELETE FROM games_journalline"]
)
def test_the_application_role_cannot_change_the_lines(sql):
    journal_store.line_id("ended their actions", {"fr": "Terminer ses actions"})
    refused_to_the_application_role(sql)

    assert JournalLine.objects.count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite writes one at a time")
@pytest.mark.django_db(transaction=True)
def test_two_transactions_saying_the_same_new_lines_in_opposite_orders_both_commit():
    """Each holds a new line the other says next: waiting for the other's row would be a
    deadlock (PostgreSQL aborts one, and its moves fail). The second line of each keeps its
    words beside the move instead, and both commit."""
    first, second = ("ended their actions", {"fr": "Terminer ses actions"}), ("passed", {})
    both_said_one = threading.Barrier(2, timeout=10)
    # Neither commits before both have said their second line (else the later one would find
    # the other's line committed, and rightly use its number).
    both_said_two = threading.Barrier(2, timeout=10)
    numbers: dict[str, list[int | None]] = {}
    failures: list[BaseException] = []

    def say(name: str, lines: list[tuple[str, dict[str, str]]]) -> None:
        try:
            with transaction.atomic():
                said = [journal_store.line_id(*lines[0])]
                both_said_one.wait()
                said.append(journal_store.line_id(*lines[1]))
                both_said_two.wait()
                numbers[name] = said
        except BaseException as exc:  # the test reads it in its own thread
            failures.append(exc)
            both_said_one.abort()
            both_said_two.abort()
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=say, args=("a", [first, second])),
        threading.Thread(target=say, args=("b", [second, first])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert failures == []
    a_first = JournalLine.objects.get(english=first[0]).pk
    b_first = JournalLine.objects.get(english=second[0]).pk
    assert numbers == {"a": [a_first, None], "b": [b_first, None]}
    # Once both committed, either says each line by its one number.
    assert journal_store.line_id(*first) == a_first
    assert journal_store.line_id(*second) == b_first


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite writes one at a time")
@pytest.mark.django_db(transaction=True)
def test_a_move_whose_new_line_another_is_writing_keeps_its_words(alice, bob):
    game = started_game(alice, [bob])
    state = replay.state_at(game)
    move = engine.legal_moves(state, 0)[0]
    seat = game.seats.get(index=0)
    before = engine.view(state, 0)
    journal, journals = ledger.move_journal(state, before, 0, move, engine.apply(state, 0, move))
    with (
        another_transaction_writing(lambda: journal_store.line_id(journal, journals)),
        transaction.atomic(),
    ):
        _, event = ledger.move_event(game, seat, state, move, actor=alice)

    assert event.line_id is None
    assert (event.payload[JOURNAL], event.payload[JOURNALS]) == (journal, journals)
    assert journal_store.event_line(event, "fr") == journals["fr"]

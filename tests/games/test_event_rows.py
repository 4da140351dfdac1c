"""The replay viewer's events read as rows are the models' fields, value for value."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import replay, selectors, services
from games.event_rows import FIELDS, event_rows, latest_event_rows
from games.lineage import Lineage
from games.models import Event
from games.web.play import log_rows, seat_name
from tests.games.helpers import (
    end_a_turn_quietly,
    find_undoable_position,
    play_one,
    started_game,
    user_of_seat,
)
from tests.games.play_helpers import finished_against_bot

pytestmark = pytest.mark.django_db


@pytest.fixture
def eventful(alice, bob, carol):
    """A game with a takeback, an undo and a dozen moves after them."""
    game = started_game(alice, [bob, carol])
    end_a_turn_quietly(game)
    services.takeback_ask(game=game, user=alice)
    services.takeback_answer(game=game, user=bob, agree=True)
    services.takeback_answer(game=game, user=carol, agree=True)
    seat, move = find_undoable_position(game)
    user = user_of_seat(game, seat)
    services.move_submit(game=game, user=user, move=move, queue_bots=False)
    services.move_undo(game=game, user=user)
    for _ in range(12):
        play_one(game)
    game.refresh_from_db()
    return game


def _fields(event) -> tuple:
    return (
        event.seq,
        event.kind,
        event.seat,
        event.payload,
        event.actor_id,
        event.created_at,
        event.line_id,
        event.actor,
    )


@pytest.fixture
def against_bot(alice):
    """A finished game whose bot's moves have no actor."""
    return finished_against_bot(alice)


@pytest.mark.parametrize("which", ["eventful", "against_bot"])
def test_the_rows_are_the_events_the_history_reads(which, request):
    game = request.getfixturevalue(which)
    models = list(selectors.event_history(game=game))
    rows = event_rows(game)

    assert [_fields(row) for row in rows] == [_fields(event) for event in models]
    assert {type(row.payload) for row in rows} == {dict}
    # The moves stored once (games.move_store) come back whole, as the models have them.
    assert Event.objects.filter(game=game, played__isnull=False).exists()
    assert all("move" in row.payload for row in rows if row.kind == "move")
    assert any(row.actor is not None for row in rows)
    assert any(row.actor is None and row.kind == "move" for row in rows) == (which == "against_bot")
    assert len(FIELDS) == len(_fields(rows[0])) - 1  # the actor comes with its id
    assert replay.refs_of(rows) == replay.refs_of(models) == replay.event_refs(game)

    seats = list(game.seats.all())
    names = {seat.index: seat_name(seat) for seat in seats}
    bots = selectors.bot_seats(seats)
    marks = selectors.takeback_marks(Lineage(replay.refs_of(rows)))
    for language in ("en", "fr"):
        with translation.override(language):
            assert log_rows(rows, names, bots, marks) == log_rows(models, names, bots, marks)


def test_the_latest_rows_are_the_players_log_as_the_history_read_it(eventful):
    game = eventful
    hidden = selectors.hidden_from_players(game=game)
    assert hidden  # the undone decision and its undo
    seats = list(game.seats.all())
    users = {seat.user.pk: seat.user for seat in seats if seat.user is not None}
    names = {seat.index: seat_name(seat) for seat in seats}
    bots = selectors.bot_seats(seats)
    marks = selectors.taken_back_by_takeback(game=game)
    history = selectors.player_history(game=game).order_by("-seq")
    for count in (1, 5, 12, 40, game.version + 5):
        rows = latest_event_rows(game, count, hidden=hidden, users=users)
        models = list(history[:count])
        assert [_fields(row) for row in rows] == [_fields(event) for event in models]
        assert log_rows(rows, names, bots, marks) == log_rows(models, names, bots, marks)
    # Actors the page has not read (a seat's earlier player, a moderator) are read by key.
    rows = latest_event_rows(game, game.version, hidden=hidden, users={})
    assert [_fields(row) for row in rows] == [_fields(event) for event in history]


@pytest.mark.parametrize("which", ["eventful", "against_bot"])
def test_the_rows_with_the_seats_users_are_the_same_in_one_statement_fewer(
    which, request, django_assert_num_queries
):
    game = request.getfixturevalue(which)
    seats = list(game.seats.all())
    users = {seat.user.pk: seat.user for seat in seats if seat.user is not None}
    models = list(selectors.event_history(game=game))
    actors = {event.actor_id for event in models if event.actor_id is not None}
    assert actors <= users.keys()  # a game its players played

    with django_assert_num_queries(1):
        rows = event_rows(game, users=users)
    assert [_fields(row) for row in rows] == [_fields(event) for event in models]
    assert all(row.actor is users[row.actor_id] for row in rows if row.actor_id is not None)
    with django_assert_num_queries(2):  # an actor not among them (a moderator): read by key
        some = event_rows(game, users={pk: user for pk, user in users.items() if pk != min(users)})
    assert [_fields(row) for row in some] == [_fields(event) for event in models]


@pytest.mark.parametrize("which", ["eventful", "against_bot"])
def test_the_lineage_s_rows_are_those_the_orm_reads(which, request, moderator):
    from games import moderation, prepared

    game = request.getfixturevalue(which)
    if which == "eventful":  # a rollback too, and a position after it
        moderation.game_rollback(
            game=game, to_seq=game.version - 3, moderator=moderator, reason="x"
        )
        play_one(game)
        game.refresh_from_db()
    keys = [f"payload__{key}" for key in prepared.REF_KEYS]
    events = Event.objects.filter(game=game).order_by("seq")
    for upto in (None, 1, game.version // 2, game.version):
        shown = events if upto is None else events.filter(seq__lte=upto)
        orm = list(shown.values_list("seq", "kind", "seat", *keys))
        assert prepared.event_ref_rows(game_pk=game.pk, upto=upto) == orm
    kinds = {row[1] for row in orm}
    assert which != "eventful" or {"undo", "rollback", "takeback"} <= kinds
    assert any(row[3] is not None for row in orm) == (which == "eventful")  # a to_seq

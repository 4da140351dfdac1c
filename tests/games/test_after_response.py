"""Work deferred until a request's response has been sent (common/after_response.py)."""

from __future__ import annotations

import logging

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.test import RequestFactory

from common import after_response
from games.models import Event
from games.services import bots
from tests.games.helpers import client_for, moves_passing_the_turn, started_game

# The tests that send request_started / request_finished themselves keep Django's
# close_old_connections off them, as its test client does: a connection left open by an
# earlier test is not theirs to check (and outside a database test, may not be touched).
keeps_the_test_connection = pytest.mark.usefixtures("keep_the_test_connection")


@pytest.fixture(autouse=True)
def no_request_left():
    after_response._local.pending = None
    yield
    after_response._local.pending = None


def test_outside_a_request_the_work_runs_at_once():
    done = []
    after_response.defer(lambda: done.append(1))
    assert done == [1]


@keeps_the_test_connection
def test_in_a_request_the_work_waits_for_the_response_to_be_closed():
    done = []
    request_started.send(sender=WSGIHandler, environ={})
    after_response.defer(lambda: done.append("first"))
    after_response.defer(lambda: done.append("second"))
    assert done == []
    request_finished.send(sender=WSGIHandler)
    assert done == ["first", "second"]
    after_response.defer(lambda: done.append("after"))  # the request is over: at once
    assert done == ["first", "second", "after"]


@keeps_the_test_connection
def test_a_failing_chore_is_logged_and_the_others_still_run(caplog):
    done = []

    def broken() -> None:
        raise RuntimeError("broker down")

    request_started.send(sender=WSGIHandler, environ={})
    after_response.defer(broken)
    after_response.defer(lambda: done.append("ran"))
    with caplog.at_level(logging.ERROR, logger="common.after_response"):
        request_finished.send(sender=WSGIHandler)
    assert done == ["ran"]
    assert "broker down" in caplog.text


@keeps_the_test_connection
def test_work_of_a_request_never_closed_runs_when_the_thread_starts_the_next_one():
    done = []
    request_started.send(sender=WSGIHandler, environ={})
    after_response.defer(lambda: done.append("left over"))
    request_started.send(sender=WSGIHandler, environ={})
    assert done == ["left over"]
    request_finished.send(sender=WSGIHandler)


def _move_through_the_server(game, user, move):
    """POST a move through the WSGI handler as a server calls it; the response, its body read
    but not closed (a server closes it once the body is sent)."""
    token = client_for(user)._credentials["HTTP_AUTHORIZATION"]
    request = RequestFactory().post(
        f"/api/games/{game.public_id}/moves/",
        {"move": move, "expected_version": game.version},
        content_type="application/json",
        HTTP_AUTHORIZATION=token,
    )
    statuses = []
    response = WSGIHandler()(request.environ, lambda status, headers: statuses.append(status))
    body = b"".join(response)
    assert statuses == ["201 Created"], body
    return response


@pytest.fixture
def published(monkeypatch):
    """The bot tasks queued, instead of sent to the broker."""
    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(bots, "queue_bot_turns", lambda *args: queued.append(args))
    return queued


@pytest.mark.django_db(transaction=True)
def test_a_move_to_a_bot_is_answered_before_the_bot_task_is_published(alice, published, settings):
    """With ``BOT_MOVES_AFTER_RESPONSE=0`` the bots are the worker's: the body is ready, the
    task is not published until the server closes the response."""
    settings.BOT_MOVES_AFTER_RESPONSE = 0
    game = started_game(alice, bots=[1], players=2)
    passing = moves_passing_the_turn(game, alice)
    published.clear()
    response = _move_through_the_server(game, alice, passing[0])
    assert published == []
    response.close()
    assert published == [(game.pk, game.version + 1)]


@pytest.mark.django_db(transaction=True)
def test_a_move_to_a_bot_is_answered_before_the_bot_plays_on_the_same_thread(alice, published):
    """By default the web process plays the bot's turn once the answer is sent: no task, and
    the turn is back to the player as the response closes."""
    game = started_game(alice, bots=[1], players=2)
    passing = moves_passing_the_turn(game, alice)
    published.clear()
    response = _move_through_the_server(game, alice, passing[0])
    game.refresh_from_db()
    assert game.current_seat == 1  # the answer is sent before the bot moves
    moved_at = game.version
    response.close()
    game.refresh_from_db()
    assert published == []
    assert game.current_seat == 0
    assert game.version > moved_at
    assert Event.objects.filter(game=game, seq__gt=moved_at, actor=None).count() == (
        game.version - moved_at
    )


@pytest.mark.django_db(transaction=True)
def test_a_bots_run_longer_than_the_limit_goes_on_in_a_task(alice, published, settings):
    """``BOT_MOVES_AFTER_RESPONSE`` bounds what a web thread plays: the rest is a task's."""
    settings.BOT_MOVES_AFTER_RESPONSE = 1
    game = started_game(alice, bots=[1, 2], players=3)
    passing = moves_passing_the_turn(game, alice)
    published.clear()
    response = _move_through_the_server(game, alice, passing[0])
    response.close()
    game.refresh_from_db()
    assert game.current_seat != 0
    assert published == [(game.pk, game.version)]
    assert Event.objects.filter(game=game, actor=None).count() == 1


@pytest.mark.django_db(transaction=True)
def test_bots_that_fail_after_the_answer_are_left_to_a_task(alice, published, monkeypatch, caplog):
    def fails(**kwargs):
        raise RuntimeError("the bot broke")

    game = started_game(alice, bots=[1], players=2)
    passing = moves_passing_the_turn(game, alice)
    published.clear()
    monkeypatch.setattr(bots, "bot_turns_play", fails)
    response = _move_through_the_server(game, alice, passing[0])
    with caplog.at_level(logging.ERROR, logger="games.services.bots"):
        response.close()
    assert published == [(game.pk, game.version + 1)]
    assert "the bot broke" in caplog.text

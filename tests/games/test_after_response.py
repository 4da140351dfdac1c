"""Work deferred until a request's response has been sent (common/after_response.py)."""

from __future__ import annotations

import logging

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.test import RequestFactory

from common import after_response
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


@pytest.mark.django_db(transaction=True)
def test_a_move_to_a_bot_is_answered_before_the_bot_task_is_published(alice, monkeypatch):
    """Through the WSGI handler as a server calls it: the body is ready, the task is not
    published until the server closes the response."""
    published = []
    monkeypatch.setattr(bots, "queue_bot_turns", lambda *args: published.append(args))
    game = started_game(alice, bots=[1], players=2)
    passing = moves_passing_the_turn(game, alice)
    published.clear()
    token = client_for(alice)._credentials["HTTP_AUTHORIZATION"]
    request = RequestFactory().post(
        f"/api/games/{game.public_id}/moves/",
        {"move": passing[0], "expected_version": game.version},
        content_type="application/json",
        HTTP_AUTHORIZATION=token,
    )
    statuses = []
    response = WSGIHandler()(request.environ, lambda status, headers: statuses.append(status))
    body = b"".join(response)
    assert statuses == ["201 Created"], body
    assert published == []
    response.close()
    assert published == [(game.pk, game.version + 1)]

"""A "your turn" email is completed when it is sent, for the event that gave the turn.

The move only queues the row; delivery builds the summary and the numbered options. These
tests hold delivery to what the move's transaction used to store: the same email, even when
the game has moved on meanwhile, and replies by option number that play what it showed.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import replay, services
from games.models import Event, Game
from notifications import context, reply_address
from notifications.models import InboundEmail, Kind, Notification, Status
from notifications.turn_facts import numbered_options
from tests.notifications.helpers import decide, pass_turn
from tests.notifications.inbound_support import (
    STYLES,
    deliver_all,
    mailgun_post,
    options_in,
    reply_address_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbound_email")]


@pytest.fixture
def your_turn(two_player_game) -> Notification:
    """Bob's "your turn" row, pending: alice has just played her turn."""
    Notification.objects.all().delete()
    pass_turn(two_player_game)
    return Notification.objects.get(kind=Kind.YOUR_TURN)


@pytest.fixture
def context_at_event(your_turn: Notification) -> dict[str, Any]:
    """The context that the move's transaction used to store with the row, built as it did."""
    game = Game.objects.get(pk=your_turn.game_id)
    seats = context.seats_of(game)
    state = replay.state_at(game, your_turn.event_seq)
    return {
        "game_name": context.game_name(game, seats),
        **context.turn_context(game, seats[1], seats, state, your_turn.event_seq),
    }


def test_an_email_sent_after_more_decisions_shows_the_turn_as_it_was_given(
    two_player_game, your_turn, context_at_event
):
    decide(two_player_game, keep_turn=True)  # bob has begun his turn before the email left
    game = Game.objects.get(pk=two_player_game.pk)
    assert (game.current_seat, game.version) == (1, your_turn.event_seq + 1)

    [message] = deliver_all()

    your_turn.refresh_from_db()
    assert your_turn.status == Status.SENT
    assert your_turn.context == context_at_event
    assert context_at_event["summary"], "alice's decisions"
    for line in context_at_event["summary"]:
        assert f"  - {line}\n" in message.body
    shown = {choice["text"]: choice["n"] for choice in context_at_event["choices"]}
    assert options_in(message) == shown
    now = {choice["text"]: choice["n"] for choice in numbered_options(replay.state_at(game), 1)}
    assert options_in(message) != now, "the options of the event, not of the game now"
    address = reply_address.read(reply_address_of(message))
    assert (address.seat, address.version) == (1, your_turn.event_seq)


def test_a_reply_by_number_to_an_email_sent_after_the_game_moved_on_plays_that_option(
    client, two_player_game, bob, your_turn
):
    version = your_turn.event_seq
    decide(two_player_game, keep_turn=True)
    services.move_undo(game=two_player_game, user=bob, expected_version=version + 1)
    [message] = deliver_all()
    notation = next(text for text, number in options_in(message).items() if number == 3)

    raw = STYLES["gmail"](bob.email, reply_address_of(message), ["3"], original=message.body)
    assert mailgun_post(client, raw).status_code == 200

    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason, record.version) == ("applied", "applied_stale", version)
    assert record.applied == [notation]
    assert Event.objects.filter(game=two_player_game).latest("seq").payload["text"] == notation

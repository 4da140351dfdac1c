"""Email replies out of turn (2nd edition, R2-TURN-01): a player who is not to move uses an
exchange token by replying ``exchange 2``, makes the discards it owes by replying to the
confirmation, and none of it ends the turn of the player who is to move."""

from __future__ import annotations

import pytest

import engine
import engine.bots
from games import replay, services
from games.models import OUT_OF_TURN, Event, Game
from notifications.models import InboundEmail
from tests.games.helpers import started_game
from tests.notifications.inbound_support import (
    STYLES,
    deliver_all,
    latest_to,
    mailgun_post,
    options_in,
    reply_address_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbound_email")]


@pytest.fixture
def game(settings, alice, bob) -> Game:
    """A 2nd edition game, alice (seat 0) against bob (seat 1), each with one token."""
    settings.GWT_EDITIONS = ["1e", "2e"]
    return started_game(alice, [bob], edition="2e")


def play_turn(game: Game, user) -> None:
    """The seat to move (``user``'s) plays its turn, keeping its exchange token."""
    game.refresh_from_db()
    seat = game.current_seat
    while game.current_seat == seat:
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, seat, kind="heuristic")
        if move["type"] == "exchange":
            move = next(m for m in engine.legal_moves(state, seat) if m["type"] != "exchange")
        services.move_submit(game=game, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()


def reply(client, user, address, lines):
    return mailgun_post(client, STYLES["plain"](user.email, address, lines))


def test_exchange_by_email_out_of_turn(client, game, alice, bob):
    """R2-TURN-01: bob, not to move, replies ``exchange 2`` to his last turn email although
    that turn has passed (alice has moved since); it is played; the confirmation says what
    his token still owes and is playable by reply; his discards follow by option number;
    none of it ends alice's turn: the answer to her last reply still plays her turn."""
    play_turn(game, alice)
    deliver_all()
    bob_email = latest_to(bob)
    play_turn(game, bob)
    deliver_all()
    alice_email = latest_to(alice)
    first = next(iter(options_in(alice_email)))
    assert reply(client, alice, reply_address_of(alice_email), [first]).status_code == 200
    [alice_answer] = deliver_all()
    game.refresh_from_db()
    assert game.current_seat == 0
    assert "It is still your turn" in alice_answer.body
    since, version = game.turn_since, game.version

    assert reply(client, bob, reply_address_of(bob_email), ["exchange 2"]).status_code == 200
    record = InboundEmail.objects.latest("pk")
    assert (record.outcome, record.reason, record.applied) == (
        "applied",
        "applied_stale",
        ["exchange 2"],
    )
    event = Event.objects.get(game=game, seq=version + 1)
    assert (event.seat, event.payload[OUT_OF_TURN]) == (1, True)
    [confirmation] = deliver_all()
    assert confirmation.to == [bob.email]
    assert "your exchange token still owes discards" in confirmation.body
    assert "discard 2 cards for the exchange token you used" in confirmation.body
    options = options_in(confirmation)
    assert options
    assert all(text.startswith("discard ") for text in options)

    assert reply(client, bob, reply_address_of(confirmation), ["1", "1"]).status_code == 200
    record = InboundEmail.objects.latest("pk")
    assert record.outcome == "applied"
    assert len(record.applied) == 2
    game.refresh_from_db()
    assert engine.side_decision(replay.state_at(game), 1) is None
    assert (game.current_seat, game.turn_since) == (0, since)
    [done] = deliver_all()
    assert "Your options now" not in done.body  # his only token is used, nothing is owed

    again = next(iter(options_in(alice_answer)))
    assert reply(client, alice, reply_address_of(alice_answer), [again]).status_code == 200
    record = InboundEmail.objects.latest("pk")
    assert (record.outcome, record.reason) == ("applied", "applied_stale")
    assert record.applied == [again]


def test_a_player_not_to_move_without_a_token_is_not_in_turn(client, game, alice, bob):
    """R2-TURN-01: without a token (or anything owed) a reply from the player who is not
    to move plays nothing: "not your turn"."""
    play_turn(game, alice)
    deliver_all()
    bob_email = latest_to(bob)
    play_turn(game, bob)
    game.refresh_from_db()
    services.move_submit(game=game, user=bob, move={"type": "exchange", "n": 2})
    for _ in range(2):
        game.refresh_from_db()
        move = engine.legal_moves(replay.state_at(game), 1)[0]
        services.move_submit(game=game, user=bob, move=move)
    deliver_all()
    game.refresh_from_db()
    version = game.version

    assert reply(client, bob, reply_address_of(bob_email), ["exchange 2"]).status_code == 200
    record = InboundEmail.objects.latest("pk")
    assert (record.outcome, record.reason) == ("failed", "not_your_turn")
    game.refresh_from_db()
    assert game.version == version
    [answer] = deliver_all()
    assert answer.to == [bob.email]
    assert "not played" in answer.body

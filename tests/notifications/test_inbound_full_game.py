"""A whole two-player game played by email replies only, read from the emails themselves.

Each reply is written from the latest email the player to move received: its Reply-To is
the address answered, and its numbered option list gives the number of the move the
heuristic bot picks. Alice answers each turn email with her whole turn (the number for the
first decision, the notations of the following ones); Bob answers one decision at a time,
each time from the confirmation that lists his next options. The mail programs' styles
take turns.
"""

from __future__ import annotations

import itertools

import pytest
from django.core import mail
from django.core.cache import cache

import engine
import engine.bots
from games import replay
from games.models import GameStatus
from notifications import reply_address
from notifications.models import InboundEmail, InboundOutcome, Kind, Notification
from tests.games.helpers import started_game
from tests.notifications.inbound_support import (
    STYLES,
    configure,
    deliver_all,
    latest_to,
    mailgun_post,
    options_in,
    reply_address_of,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("edition", ["1e", "2e"])
def test_a_whole_game_is_played_by_email(settings, client, alice, bob, edition):
    configure(settings)
    settings.GWT_EDITIONS = ["1e", "2e"]
    cache.clear()
    game = started_game(alice, [bob], edition=edition)
    players = {0: alice, 1: bob}
    styles = itertools.cycle(sorted(STYLES))
    deliver_all()
    replies = 0
    for _ in range(3000):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        seat = game.current_seat
        user = players[seat]
        email = latest_to(user)
        address = reply_address_of(email)
        state = replay.state_at(game, reply_address.read(address).version)
        move = engine.bots.choose_move(state, seat)
        lines = [str(options_in(email)[engine.describe(state, seat, move)])]
        if seat == 0:
            state = engine.apply(state, seat, move)
            while engine.current_player(state) == seat:
                move = engine.bots.choose_move(state, seat)
                lines.append(engine.describe(state, seat, move))
                state = engine.apply(state, seat, move)
        raw = STYLES[next(styles)](user.email, address, lines, original=email.body)
        assert mailgun_post(client, raw).status_code == 200
        record = InboundEmail.objects.latest("id")
        assert record.outcome == InboundOutcome.APPLIED, (lines, record.error)
        assert len(record.applied) == len(lines)
        replies += 1
        deliver_all()

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.result["reason"] == "game_over"
    scores = [score["total"] for score in game.result["scores"]]
    assert len(scores) == 2
    assert replies > 50
    assert not InboundEmail.objects.exclude(outcome=InboundOutcome.APPLIED).exists()
    for user in (alice, bob):
        [over] = [m for m in mail.outbox if user.email in m.to and m.subject.endswith("is over")]
        for total in scores:
            assert str(total) in over.body
        assert Notification.objects.filter(recipient=user, kind=Kind.GAME_OVER).count() == 1
    last_player = players[InboundEmail.objects.latest("id").seat]
    assert "The game is over" in latest_to(last_player).body
    final_state = replay.state_at(game)
    assert [s["total"] for s in engine.scores(final_state)] == scores

"""The your-turn email starts with what changed for its player since their last decision,
and links the replay of just those moves."""

from __future__ import annotations

import pytest
from django.core import mail

from games import catchup
from tests.games.helpers import play_one, started_game
from tests.notifications.inbound_support import deliver_all, latest_to

pytestmark = pytest.mark.django_db


def test_the_turn_email_says_what_changed_for_me(alice, bob):
    game = started_game(alice, [bob])
    for _ in range(400):
        game.refresh_from_db()
        if game.current_seat == 1 and catchup.concerns_since_last_decision(game, 1):
            break
        play_one(game)
    mail.outbox.clear()
    deliver_all()
    found = catchup.concerns_since_last_decision(game, 1)
    email = latest_to(bob)
    assert "What changed for you since your last decision:" in email.body
    assert "; ".join(found[0].lines) in email.body
    only = ",".join(str(c.seq) for c in found)
    assert f"/games/{game.public_id}/replay/?at={found[0].seq}&only={only}" in email.body

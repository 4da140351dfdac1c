"""Takebacks by email: the players asked get the request in their language with the words
that answer it, a reply AGREE / REFUSE (ACCEPTER / REFUSER) answers it through the same
service as the page, a reply to a request that is no longer waiting changes nothing and
says why, and the asker is told the outcome (notifications.outbox.takeback_queue,
notifications.inbound)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

import engine
from games import replay, services
from games.models import Event, EventKind, Game
from notifications.models import InboundEmail, Kind, Notification, NotificationPreference, Status
from notifications.reply_words import takeback_answer
from tests.games.helpers import end_a_turn_quietly, started_game
from tests.notifications.inbound_support import (
    STYLES,
    deliver_all,
    latest_to,
    mailgun_post,
    reply_address_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbound_email")]


@pytest.fixture
def game(alice, bob, carol) -> Game:
    """alice (seat 0) has just ended a turn with a decision that revealed nothing: bob is
    to move, every email so far sent (bob's turn email among them)."""
    game = started_game(alice, [bob, carol])
    end_a_turn_quietly(game)
    deliver_all()
    return game


def ask(game: Game, user: Any) -> int:
    """``user`` asks to take back their last decision: the request's seq."""
    services.takeback_ask(game=game, user=user)
    game.refresh_from_db()
    assert game.takeback_asked is not None
    return game.takeback_asked


def reply(client: Any, user: Any, message: Any, lines: list[str]) -> InboundEmail:
    raw = STYLES["gmail"](user.email, reply_address_of(message), lines, original=message.body)
    assert mailgun_post(client, raw).status_code == 200
    return InboundEmail.objects.latest("pk")


def takeback_email(user: Any) -> Any:
    message = latest_to(user)
    assert message.extra_headers["X-GWT-Notification"].endswith(Kind.TAKEBACK_ASKED)
    return message


def test_the_answer_words_are_read_from_the_first_line_only():
    assert takeback_answer(["AGREE"]) is True
    assert takeback_answer(["  Refuse. ", "thanks"]) is False
    assert takeback_answer(["Accepter !"]) is True
    assert takeback_answer(["refuser"]) is False
    assert takeback_answer(["move B-2", "agree"]) is None
    assert takeback_answer([]) is None


def test_every_other_player_is_asked_by_email_with_the_words_to_answer(game, alice, bob, carol):
    request = ask(game, alice)
    decision = Event.objects.get(game=game, seq=request).payload["decision"]

    rows = Notification.objects.filter(kind=Kind.TAKEBACK_ASKED)
    assert sorted(row.recipient.username for row in rows) == ["bob", "carol"]
    assert {row.context["seat"] for row in rows} == {1, 2}
    sent = deliver_all()
    assert {m.to[0] for m in sent} == {bob.email, carol.email}
    message = takeback_email(bob)
    assert message.subject.startswith("alice (")
    assert f"asks to take back #{decision} in" in message.subject
    assert "AGREE: take the decision back" in message.body
    assert "REFUSE: keep the game as it is" in message.body
    assert f"/games/{game.public_id}/" in message.body
    assert reply_address_of(message) != reply_address_of(takeback_email(carol))


def test_a_french_player_is_asked_in_french(game, alice, bob):
    NotificationPreference.objects.create(user=bob, language="fr")
    ask(game, alice)
    deliver_all()
    message = takeback_email(bob)
    assert "demande à reprendre" in message.subject
    assert "ACCEPTER" in message.body
    assert "REFUSER" in message.body
    assert "AGREE" not in message.body
    assert "ACCEPTER" in message.alternatives[0][0]


def test_replies_agree_and_accepter_take_the_decision_back(client, game, alice, bob, carol):
    request = ask(game, alice)
    before = Event.objects.get(game=game, seq=request).payload["back_to"]
    deliver_all()
    NotificationPreference.objects.create(user=carol, language="fr")

    record = reply(client, bob, takeback_email(bob), ["AGREE"])
    assert (record.outcome, record.reason) == ("applied", "takeback_agreed")
    assert Event.objects.filter(game=game, kind=EventKind.TAKEBACK_AGREE, seat=1).exists()
    deliver_all()
    confirmation = latest_to(bob)
    assert "Your answer to the takeback" in confirmation.subject
    assert "You agreed to take back decision" in confirmation.body

    record = reply(client, carol, takeback_email(carol), ["Accepter"])
    assert record.reason == "takeback_agreed"
    game.refresh_from_db()
    assert game.current_seat == 0
    assert Event.objects.get(game=game, seq=game.version).kind == EventKind.TAKEBACK
    assert engine.to_json(replay.state_at(game)) == engine.to_json(replay.state_at(game, before))

    deliver_all()
    outcomes = [
        m
        for m in mail.outbox
        if Kind.TAKEBACK_OUTCOME in m.extra_headers.get("X-GWT-Notification", "")
    ]
    assert [m.to for m in outcomes] == [[alice.email]]
    assert "is taken back" in outcomes[0].subject
    assert "it is your turn again" in outcomes[0].body


def test_a_refusal_by_reply_ends_it_and_a_late_answer_changes_nothing(
    client, game, alice, bob, carol
):
    ask(game, alice)
    deliver_all()
    carol_email = takeback_email(carol)

    record = reply(client, bob, takeback_email(bob), ["REFUSE"])
    assert record.reason == "takeback_refused"
    game.refresh_from_db()
    assert game.takeback_asked is None
    deliver_all()
    told = latest_to(alice)
    assert "refused" in told.subject
    assert "bob (" in told.body
    assert "refused to take back your decision" in told.body

    version = game.version
    record = reply(client, carol, carol_email, ["AGREE"])
    assert (record.outcome, record.reason) == ("failed", "no_takeback_asked")
    game.refresh_from_db()
    assert game.version == version
    deliver_all()
    answer = latest_to(carol)
    assert answer.subject.startswith("Nothing was played")
    assert "No takeback is waiting for your answer in this game now." in answer.body


def test_a_request_gone_before_its_email_is_sent_is_not_sent(game, alice, bob):
    ask(game, alice)
    services.takeback_answer(game=game, user=bob, agree=False)
    deliver_all()
    skipped = Notification.objects.filter(kind=Kind.TAKEBACK_ASKED)
    assert {row.status for row in skipped} == {Status.SKIPPED}
    assert {row.reason for row in skipped} == {"the takeback is no longer asked"}


def test_a_decision_made_meanwhile_lapses_it_and_the_asker_is_told(game, alice, bob):
    ask(game, alice)
    game.refresh_from_db()
    state = replay.state_at(game)
    move = engine.legal_moves(state, 1)[0]
    services.move_submit(game=game, user=bob, move=move, expected_version=game.version)
    deliver_all()
    told = [
        m
        for m in mail.outbox
        if m.extra_headers.get("X-GWT-Notification", "").endswith(Kind.TAKEBACK_OUTCOME)
    ]
    assert [m.to for m in told] == [[alice.email]]
    assert "lapsed" in told[0].subject
    assert "bob (" in told[0].body
    assert "made a decision meanwhile" in told[0].body


def test_the_asker_is_not_told_of_what_they_did_themselves(alice):
    game = started_game(alice, bots=[1])
    end_a_turn_quietly(game)
    services.takeback_ask(game=game, user=alice)  # bots only: taken back at once
    assert not Notification.objects.filter(
        kind__in=(Kind.TAKEBACK_ASKED, Kind.TAKEBACK_OUTCOME)
    ).exists()


def test_an_answer_to_an_email_that_asked_no_takeback_is_refused(client, game, alice, bob):
    ask(game, alice)
    version = Game.objects.get(pk=game.pk).version
    turn_email = latest_to(bob)  # his turn's, sent before the request
    assert turn_email.extra_headers["X-GWT-Notification"].endswith(Kind.YOUR_TURN)

    record = reply(client, bob, turn_email, ["AGREE"])
    assert (record.outcome, record.reason) == ("failed", "not_a_takeback")
    assert Game.objects.get(pk=game.pk).version == version
    deliver_all()
    assert "This email asked you no takeback" in latest_to(bob).body


def test_asking_and_answering_leave_the_turn_email_good(client, game, alice, bob, carol):
    turn_email = latest_to(bob)
    ask(game, alice)
    services.takeback_answer(game=game, user=carol, agree=True)

    record = reply(client, bob, turn_email, ["1"])
    assert record.outcome == "applied"  # not "turn passed": nobody moved since the email
    game.refresh_from_db()
    assert game.takeback_asked is None  # his decision lapsed the request
    assert Event.objects.filter(game=game, kind=EventKind.TAKEBACK_LAPSE).exists()

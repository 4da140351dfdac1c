"""A "your turn" email is completed when it is sent, for the game as it is then.

The move only queues the row; delivery builds the summary and the numbered options from the
position of the moment it sends the email, and skips the email of a player who has decided
anything since it was queued (its options would not be theirs any more). Replies by option
number play what the email showed, even when the game moved on after it was sent.
"""

from __future__ import annotations

import pytest

from games import replay, services
from games.models import Event, Game
from notifications import reply_address
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


def test_an_email_whose_player_decided_since_it_was_queued_is_not_sent(
    two_player_game, your_turn, turn_context_calls
):
    decide(two_player_game, keep_turn=True)  # bob has begun his turn on the page
    game = Game.objects.get(pk=two_player_game.pk)
    assert (game.current_seat, game.version) == (1, your_turn.event_seq + 1)

    assert deliver_all() == []

    your_turn.refresh_from_db()
    assert (your_turn.status, your_turn.reason) == (Status.SKIPPED, "they have decided since")
    assert turn_context_calls == [], "nothing is built for an email that is not sent"


def test_a_decision_taken_back_still_makes_the_waiting_email_out_of_date(
    two_player_game, bob, your_turn
):
    decide(two_player_game, keep_turn=True)
    services.move_undo(game=two_player_game, user=bob, expected_version=your_turn.event_seq + 1)

    assert deliver_all() == []
    your_turn.refresh_from_db()
    assert (your_turn.status, your_turn.reason) == (Status.SKIPPED, "they have decided since")


def test_an_email_sent_after_the_game_moved_on_lists_the_options_of_the_moment(
    two_player_game, bob, moderator, your_turn
):
    from games.moderation.game_actions import game_pause, game_resume

    game_pause(game=two_player_game, moderator=moderator, reason="a look at a report")
    game_resume(game=two_player_game, moderator=moderator, reason="all fine")
    Notification.objects.exclude(pk=your_turn.pk).delete()  # the moderation emails
    game = Game.objects.get(pk=two_player_game.pk)
    assert (game.current_seat, game.version) == (1, your_turn.event_seq + 2)

    [message] = deliver_all()

    your_turn.refresh_from_db()
    assert your_turn.status == Status.SENT
    state = replay.state_at(game)
    now = {choice["text"]: choice["n"] for choice in numbered_options(state, 1)}
    assert options_in(message) == now
    address = reply_address.read(reply_address_of(message))
    assert (address.seat, address.version) == (1, game.version), "signed for the moment sent"
    assert your_turn.context["reply_version"] == game.version
    assert your_turn.context["summary"], "alice's decisions"
    for line in your_turn.context["summary"]:
        assert f"  - {line}\n" in message.body


def test_a_retry_after_the_game_moved_on_is_built_again_for_the_moment_it_is_sent(
    two_player_game, bob, moderator, your_turn, monkeypatch, turn_context_calls
):
    from games.moderation.game_actions import game_pause, game_resume
    from notifications import emails

    def down(message):
        raise ConnectionError("mail server down")

    with monkeypatch.context() as patched:
        patched.setattr(emails, "deliver", down)
        assert deliver_all() == []
    your_turn.refresh_from_db()
    assert your_turn.context["reply_version"] == your_turn.event_seq
    game_pause(game=two_player_game, moderator=moderator, reason="a look at a report")
    game_resume(game=two_player_game, moderator=moderator, reason="all fine")
    Notification.objects.exclude(pk=your_turn.pk).delete()  # the moderation emails
    Notification.objects.filter(pk=your_turn.pk).update(next_attempt_at=your_turn.created_at)

    [message] = deliver_all()

    game = Game.objects.get(pk=two_player_game.pk)
    your_turn.refresh_from_db()
    assert turn_context_calls == [your_turn.event_seq, game.version]
    assert your_turn.context["reply_version"] == game.version
    assert reply_address.read(reply_address_of(message)).version == game.version


def test_a_reply_by_number_to_an_email_sent_before_the_game_moved_on_plays_that_option(
    client, two_player_game, bob, your_turn
):
    version = your_turn.event_seq
    [message] = deliver_all()
    decide(two_player_game, keep_turn=True)  # then bob plays on the page, and takes it back
    services.move_undo(game=two_player_game, user=bob, expected_version=version + 1)
    notation = next(text for text, number in options_in(message).items() if number == 3)

    raw = STYLES["gmail"](bob.email, reply_address_of(message), ["3"], original=message.body)
    assert mailgun_post(client, raw).status_code == 200

    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason, record.version) == ("applied", "applied_stale", version)
    assert record.applied == [notation]
    assert Event.objects.filter(game=two_player_game).latest("seq").payload["text"] == notation


def test_building_a_turn_email_reads_the_seats_once(your_turn, django_assert_max_num_queries):
    """Every turn email sent pays for these reads: the seats with their players (once: the
    player's plan is looked up by the seat already read), the events since the player's
    last decision, the plan, the state (here replayed: three), and what changed for the
    player since their last decision (its events and the position before them: four)."""
    from notifications.context import your_turn_context

    row = Notification.objects.select_related("game", "recipient").get(pk=your_turn.pk)
    with django_assert_max_num_queries(10) as queries:
        your_turn_context(row)
    seat_reads = [q["sql"] for q in queries.captured_queries if '"games_seat"' in q["sql"]]
    assert len(seat_reads) == 1, seat_reads

"""Reminders, deadline warnings and the digest are playable by email like turn emails."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.utils import timezone

from games import services
from games.models import Event, Game
from notifications.context import game_name
from notifications.models import (
    InboundEmail,
    InboundOutcome,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
    Status,
)
from notifications.scheduled import deadline_warnings_queue, digests_queue, reminders_queue
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

# The first player's options at the start of a game, as every turn email numbers them.
FIRST_OPTIONS = {"start A": 1, "start B": 2, "start C": 3, "start D": 4, "start E": 5}


@pytest.fixture(autouse=True)
def inbound(settings):
    configure(settings)
    settings.NOTIFY_REMINDER_AFTER = 24 * 3600
    settings.NOTIFY_DEADLINE_WARNING_BEFORE = 12 * 3600
    cache.clear()


def sent_to(user, kind: str) -> list:
    """Send what is pending; the emails of ``kind`` that ``user`` received."""
    deliver_all()
    return [
        message
        for message in mail.outbox
        if user.email in message.to and message.extra_headers["X-GWT-Notification"].endswith(kind)
    ]


def remind(game: Game) -> None:
    """The game has waited two days for its player: the sweep queues a reminder."""
    deliver_all()  # the "your turn" email of the start, out of the way
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(
        turn_since=now - timedelta(days=2), updated_at=now - timedelta(days=2)
    )
    assert reminders_queue(now=now) == 1


@pytest.fixture
def reminder(two_player_game, alice):
    remind(two_player_game)
    [message] = sent_to(alice, Kind.REMINDER)
    return message


def post(client, user, address, lines, *, style="gmail", original=""):
    return mailgun_post(client, STYLES[style](user.email, address, lines, original=original))


def state_of(game):
    game.refresh_from_db()
    return game.version, Event.objects.filter(game=game).count()


# --- what the emails carry -------------------------------------------------------------------


def test_a_reminder_carries_the_reply_address_facts_and_numbered_options(
    two_player_game, alice, reminder
):
    from notifications import reply_address

    address = reply_address.read(reply_address_of(reminder))
    assert (address.game, address.seat, address.version) == (
        two_player_game.public_id,
        0,
        two_player_game.version,
    )
    assert reminder.subject.startswith("Reminder:")
    assert FIRST_OPTIONS.items() <= options_in(reminder).items()
    assert "Your position: $" in reminder.body
    assert "Your hand:" in reminder.body
    assert "To play by email, reply to this message." in reminder.body
    assert "Move notation: http://127.0.0.1:8000/help/moves/" in reminder.body
    html = reminder.alternatives[0][0]
    assert '<li value="3"><code>start C</code> &ndash; Start on neutral building C</li>' in html
    assert "<strong>reply to this message</strong>" in html
    assert 'href="http://127.0.0.1:8000/help/moves/"' in html


def test_a_deadline_warning_carries_the_reply_address_and_numbered_options(alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=1))
    deliver_all()
    assert deadline_warnings_queue(now=game.turn_since + timedelta(minutes=40)) == 1

    [warning] = sent_to(alice, Kind.DEADLINE_WARNING)

    assert warning.subject.startswith("Deadline soon in")
    assert reply_address_of(warning)
    assert options_in(warning) == options_in(latest_turn_email(alice))
    assert FIRST_OPTIONS.items() <= options_in(warning).items()
    assert "If you have not moved by then," in warning.body
    assert "To play by email, reply to this message." in warning.body
    assert (
        '<li value="2"><code>start B</code> &ndash; Start on neutral building B</li>'
        in warning.alternatives[0][0]
    )


def latest_turn_email(user):
    return next(
        message
        for message in reversed(mail.outbox)
        if user.email in message.to and message.subject.startswith("Your turn")
    )


def test_the_reminder_lists_the_same_options_as_the_turn_email(alice, two_player_game, reminder):
    assert options_in(reminder) == options_in(latest_turn_email(alice))


def test_without_an_inbound_domain_a_reminder_has_no_reply_to_but_still_the_options(
    settings, two_player_game, alice
):
    settings.INBOUND_EMAIL_DOMAIN = ""
    remind(two_player_game)
    [message] = sent_to(alice, Kind.REMINDER)
    assert message.reply_to == []
    assert "To play by email" not in message.body
    assert options_in(message)["start C"] == 3
    assert "/help/moves/" in message.body


def test_a_game_whose_state_cannot_be_rebuilt_still_gets_a_plain_reminder(
    monkeypatch, two_player_game, alice
):
    from games import replay

    def broken(*args, **kwargs):
        raise replay.ReplayError("broken history")

    monkeypatch.setattr("games.replay.state_at", broken)
    remind(two_player_game)
    [message] = sent_to(alice, Kind.REMINDER)
    assert message.reply_to == [], "no options shown: no reply address either"
    assert "Your options now:" not in message.body
    assert "has been waiting for your move since" in message.body


# --- replying to them ------------------------------------------------------------------------


@pytest.mark.parametrize("style", ["plain", "outlook", "html_only"])
def test_a_reply_to_a_reminder_plays_the_option_number(
    style, client, two_player_game, alice, reminder
):
    version = two_player_game.version
    response = post(
        client, alice, reply_address_of(reminder), ["2", "end"], style=style, original=reminder.body
    )

    assert response.status_code == 200
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason, record.applied) == (
        InboundOutcome.APPLIED,
        "applied",
        ["start B", "end"],
    )
    assert record.version == version
    two_player_game.refresh_from_db()
    assert two_player_game.version == version + 2
    [confirmation] = sent_to(alice, Kind.REPLY_CONFIRMATION)
    assert "  - start B\n  - end\n" in confirmation.body
    assert confirmation.extra_headers["In-Reply-To"] == record.message_id


def test_a_reply_to_a_deadline_warning_plays(client, alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=1))
    deliver_all()
    deadline_warnings_queue(now=game.turn_since + timedelta(minutes=40))
    [warning] = sent_to(alice, Kind.DEADLINE_WARNING)

    post(client, alice, reply_address_of(warning), ["4"], original=warning.body)

    assert InboundEmail.objects.get().applied == ["start D"]
    assert Event.objects.filter(game=game).latest("seq").payload["text"] == "start D"


def test_a_reminder_whose_game_moved_on_reads_numbers_as_its_own_options(
    client, two_player_game, alice, reminder
):
    services.move_submit(
        game=two_player_game, user=alice, text="start B", expected_version=two_player_game.version
    )
    before = state_of(two_player_game)

    post(client, alice, reply_address_of(reminder), ["3"])

    assert state_of(two_player_game) == before, "nothing played"
    record = InboundEmail.objects.get()
    assert record.outcome == InboundOutcome.FAILED
    # Option 3 of the reminder is "start C", which is no longer legal.
    assert "'start C' is not a legal move now" in record.error
    [error] = sent_to(alice, Kind.REPLY_ERROR)
    assert reply_address_of(error) != reply_address_of(reminder), "the current version's address"
    assert options_in(error), "the current options"


def test_a_reminder_whose_game_moved_on_is_played_when_its_lines_are_still_legal(
    client, two_player_game, alice, reminder
):
    version = two_player_game.version
    services.move_submit(game=two_player_game, user=alice, text="start B", expected_version=version)
    services.move_undo(game=two_player_game, user=alice, expected_version=version + 1)

    post(client, alice, reply_address_of(reminder), ["3"])

    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason, record.applied) == (
        InboundOutcome.APPLIED,
        "applied_stale",
        ["start C"],
    )
    [confirmation] = sent_to(alice, Kind.REPLY_CONFIRMATION)
    assert "The game had moved on since the email you answered" in confirmation.body


def test_a_reminder_queued_before_the_player_moved_is_not_sent(two_player_game, alice):
    remind(two_player_game)
    services.move_submit(
        game=two_player_game, user=alice, text="start B", expected_version=two_player_game.version
    )

    assert sent_to(alice, Kind.REMINDER) == []
    row = Notification.objects.get(kind=Kind.REMINDER)
    assert (row.status, row.reason) == (Status.SKIPPED, "they have moved since")


# --- the digest --------------------------------------------------------------------------------


@pytest.fixture
def digest(alice, bob, carol):
    """Alice reads a digest listing two games waiting for her."""
    games = [started_game(alice, [bob]), started_game(alice, [carol])]
    now = timezone.now()
    NotificationPreference.objects.create(
        user=alice, mode=Mode.DIGEST, digest_hour=now.hour, time_zone="UTC"
    )
    deliver_all()  # the "your turn" emails: replaced by the digest
    assert digests_queue(now=now) == 1
    [message] = sent_to(alice, Kind.DIGEST)
    return games, message


def test_the_digest_gives_each_game_its_own_reply_address_and_links_the_help(alice, digest):
    from notifications import reply_address

    games, message = digest
    assert message.reply_to == [], "one message about several games: no Reply-To"
    found = re.findall(r"Play by email: write to (\S+)", message.body)
    assert len(found) == 2
    for game, address in zip(games, found, strict=True):
        token = reply_address.read(address)
        assert (token.game, token.seat, token.version) == (game.public_id, 0, game.version)
    assert "one move per line in the move notation" in message.body
    assert "Move notation: http://127.0.0.1:8000/help/moves/" in message.body
    assert "Playing by email: http://127.0.0.1:8000/help/email/" in message.body
    html = message.alternatives[0][0]
    assert f'href="mailto:{found[0]}"' in html
    assert 'href="http://127.0.0.1:8000/help/email/"' in html


def test_writing_to_a_digest_address_plays_in_that_game_only(client, alice, digest):
    (first, second), message = digest
    address = re.findall(r"Play by email: write to (\S+)", message.body)[1]
    before_first = state_of(first)

    post(client, alice, address, ["start d"], style="plain")

    assert InboundEmail.objects.get().applied == ["start D"]
    assert Event.objects.filter(game=second).latest("seq").payload["text"] == "start D"
    assert state_of(first) == before_first
    [confirmation] = sent_to(alice, Kind.REPLY_CONFIRMATION)
    assert confirmation.subject == f"Moves played in {game_name(second)}"


def test_a_bad_line_to_a_digest_address_is_answered_with_the_numbered_options(
    client, alice, digest
):
    _, message = digest
    address = re.findall(r"Play by email: write to (\S+)", message.body)[0]

    post(client, alice, address, ["options please"], style="plain")

    assert InboundEmail.objects.get().outcome == InboundOutcome.FAILED
    [error] = sent_to(alice, Kind.REPLY_ERROR)
    assert FIRST_OPTIONS.items() <= options_in(error).items()
    assert reply_address_of(error), "the answer is replyable"
    assert latest_to(alice) == error


def test_without_an_inbound_domain_the_digest_lists_no_addresses(settings, alice, bob):
    settings.INBOUND_EMAIL_DOMAIN = ""
    started_game(alice, [bob])
    now = timezone.now()
    NotificationPreference.objects.create(
        user=alice, mode=Mode.DIGEST, digest_hour=now.hour, time_zone="UTC"
    )
    digests_queue(now=now)
    [message] = sent_to(alice, Kind.DIGEST)
    assert "write to" not in message.body
    assert "Playing by email: http://127.0.0.1:8000/help/email/" in message.body

"""Sending one notification: the claim, the checks, the email, retries and failures."""

from __future__ import annotations

import smtplib
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.models import GameStatus
from notifications import delivery, emails, links, outbox
from notifications.delivery import notification_send, outbox_sweep
from notifications.models import (
    GameNotificationPreference,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
    Status,
    UserActivity,
)
from tests.notifications.helpers import decide, pass_turn


@pytest.fixture
def kicks(monkeypatch):
    """The delivery tasks that would be queued (nothing reaches the broker)."""
    calls: list[dict] = []
    monkeypatch.setattr(delivery, "kick_delivery", lambda **options: calls.append(options) or True)
    return calls


@pytest.fixture
def your_turn(two_player_game):
    """Bob's "your turn" notification, pending; nothing else in the outbox."""
    Notification.objects.all().delete()
    pass_turn(two_player_game)
    return Notification.objects.get(kind=Kind.YOUR_TURN)


def status_of(notification: Notification) -> tuple[str, int, str]:
    notification.refresh_from_db()
    return notification.status, notification.attempts, notification.reason


@pytest.mark.django_db
def test_sending_claims_the_row_sends_one_email_and_marks_it_sent(your_turn, two_player_game):
    result = notification_send(notification_id=your_turn.pk)

    assert result.outcome == "sent"
    assert status_of(your_turn) == (Status.SENT, 1, "")
    assert your_turn.sent_at is not None
    assert your_turn.claim == ""
    [message] = mail.outbox
    assert message.to == ["bob@example.test"]
    assert message.subject == f"Your turn in game {two_player_game.public_id} (alice, bob)"
    assert message.extra_headers["Message-ID"] == f"<notification-{your_turn.pk}@127.0.0.1>"
    link = f"http://127.0.0.1:8000/games/{two_player_game.public_id}/"
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    assert link in message.body
    assert link in html
    assert "Since your last turn:" in message.body
    assert "Your options now:" in message.body
    # What the email showed is stored with it, for the event that gave the turn.
    assert your_turn.context["reply_version"] == your_turn.event_seq
    assert your_turn.context["summary"], "alice's decisions"
    for line in your_turn.context["summary"]:
        assert f"  - {line}\n" in message.body
    for choice in your_turn.context["choices"]:
        assert f"  {choice['n']}. {choice['text']}" in message.body


@pytest.mark.django_db
def test_a_second_attempt_at_a_sent_notification_does_nothing(your_turn):
    assert notification_send(notification_id=your_turn.pk).outcome == "sent"

    assert notification_send(notification_id=your_turn.pk).outcome == "busy"

    assert len(mail.outbox) == 1
    assert status_of(your_turn) == (Status.SENT, 1, "")


@pytest.mark.django_db
def test_a_row_claimed_by_a_live_worker_is_left_alone_until_its_lease_expires(your_turn):
    now = timezone.now()
    Notification.objects.filter(pk=your_turn.pk).update(
        status=Status.SENDING, claim="someone-else", claimed_until=now + timedelta(minutes=5)
    )

    assert notification_send(notification_id=your_turn.pk, now=now).outcome == "busy"
    assert mail.outbox == []

    later = now + timedelta(minutes=6)
    assert notification_send(notification_id=your_turn.pk, now=later).outcome == "sent"
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_transient_failure_is_retried_with_exponential_backoff_and_then_marked_failed(
    your_turn, monkeypatch, settings, turn_context_calls
):
    settings.NOTIFY_MAX_ATTEMPTS = 3
    settings.NOTIFY_RETRY_BACKOFF = 30

    def down(message):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")

    monkeypatch.setattr(emails, "deliver", down)
    now = timezone.now()

    first = notification_send(notification_id=your_turn.pk, now=now)
    assert (first.outcome, first.retry_in) == ("retry", 30)
    your_turn.refresh_from_db()
    assert your_turn.status == Status.PENDING
    assert your_turn.next_attempt_at == now + timedelta(seconds=30)
    assert "SMTPServerDisconnected" in your_turn.last_error
    assert your_turn.context["summary"], "what the attempt would have sent is kept"
    built = your_turn.context
    assert notification_send(notification_id=your_turn.pk, now=now).outcome == "busy"  # not due

    second = notification_send(notification_id=your_turn.pk, now=now + timedelta(seconds=31))
    assert (second.outcome, second.retry_in) == ("retry", 60)

    third = notification_send(notification_id=your_turn.pk, now=now + timedelta(seconds=200))
    assert third.outcome == "failed"
    assert status_of(your_turn) == (Status.FAILED, 3, "")
    assert your_turn.context == built
    assert turn_context_calls == [your_turn.event_seq], "built once, for its event"
    assert mail.outbox == []


@pytest.mark.django_db
def test_a_permanent_failure_is_marked_failed_at_once(your_turn, monkeypatch):
    def refused(message):
        raise smtplib.SMTPRecipientsRefused({"bob@example.test": (550, b"no such mailbox")})

    monkeypatch.setattr(emails, "deliver", refused)

    assert notification_send(notification_id=your_turn.pk).outcome == "failed"
    your_turn.refresh_from_db()
    assert (your_turn.status, your_turn.attempts) == (Status.FAILED, 1)
    assert "no such mailbox" in your_turn.last_error


@pytest.mark.django_db
def test_a_4xx_answer_is_transient_and_a_5xx_answer_permanent():
    assert not emails.is_permanent(smtplib.SMTPDataError(451, b"try again later"))
    assert emails.is_permanent(smtplib.SMTPDataError(554, b"rejected"))
    assert not emails.is_permanent(smtplib.SMTPRecipientsRefused({"a@b": (450, b"greylisted")}))
    assert not emails.is_permanent(ConnectionRefusedError())
    assert not emails.is_permanent(smtplib.SMTPAuthenticationError(535, b"bad credentials"))


@pytest.mark.django_db
def test_failed_notifications_are_listed_in_the_admin_and_can_be_queued_again(
    your_turn, admin_client, kicks
):
    Notification.objects.filter(pk=your_turn.pk).update(
        status=Status.FAILED, attempts=6, last_error="SMTPDataError: 554 rejected"
    )

    page = admin_client.get("/admin/notifications/notification/?status__exact=failed")
    assert page.status_code == 200
    assert "554 rejected" in page.content.decode()

    answer = admin_client.post(
        "/admin/notifications/notification/",
        {"action": "requeue", "_selected_action": [your_turn.pk]},
        follow=True,
    )
    assert answer.status_code == 200
    your_turn.refresh_from_db()
    assert (your_turn.status, your_turn.attempts) == (Status.PENDING, 0)
    assert kicks == [{"merge": False}]
    assert notification_send(notification_id=your_turn.pk).outcome == "sent"


@pytest.mark.django_db
def test_the_sweep_kicks_delivery_for_rows_left_behind_and_expired_claims_only(
    two_player_game, alice, kicks, settings
):
    settings.NOTIFY_SWEEP_AFTER = 60
    now = timezone.now()
    Notification.objects.all().delete()

    def make(status: str, **fields) -> int:
        return Notification.objects.create(
            recipient=alice,
            kind=Kind.REMINDER,
            game=two_player_game,
            event_seq=Notification.objects.count() + 100,
            status=status,
            **fields,
        ).pk

    fresh = make(Status.PENDING, next_attempt_at=now - timedelta(seconds=10))
    left_behind = make(Status.PENDING, next_attempt_at=now - timedelta(minutes=5))
    retry_later = make(Status.PENDING, next_attempt_at=now + timedelta(minutes=5))
    working = make(Status.SENDING, claimed_until=now + timedelta(minutes=4))
    dead_worker = make(Status.SENDING, claimed_until=now - timedelta(seconds=1))
    make(Status.SENT)
    make(Status.FAILED)
    make(Status.SKIPPED)

    assert outbox_sweep(now=now) == 2
    assert kicks == [{"merge": False}]

    # What the kicked task then claims: exactly the rows due now (the fresh one included).
    _, claimed = delivery._claim(now=now, ids=None, limit=100)
    assert sorted(row.pk for row in claimed) == sorted([fresh, left_behind, dead_worker])
    assert {retry_later, working}.isdisjoint(row.pk for row in claimed)
    assert outbox_sweep(now=now) == 0  # claimed now: the lease runs


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ("user_off", "notifications are off"),
        ("game_off", "notifications are off"),
        ("digest", "daily digest instead"),
        ("moved_on", "no longer their turn"),
        ("no_email", "no email address"),
    ],
)
def test_a_notification_is_skipped_with_a_reason(your_turn, bob, setup, reason, turn_context_calls):
    # A player on the site is no reason to skip a "your turn": it waits (test_waiting.py).
    if setup == "user_off":
        NotificationPreference.objects.create(user=bob, mode=Mode.OFF)
    elif setup == "game_off":
        GameNotificationPreference.objects.create(user=bob, game=your_turn.game, mode=Mode.OFF)
    elif setup == "digest":
        NotificationPreference.objects.create(user=bob, mode=Mode.DIGEST)
    elif setup == "moved_on":
        pass_turn(your_turn.game)  # bob has played his turn meanwhile
    elif setup == "no_email":
        bob.email = ""
        bob.save()

    result = notification_send(notification_id=your_turn.pk)

    assert (result.outcome, result.detail) == ("skipped", reason)
    assert status_of(your_turn) == (Status.SKIPPED, 1, reason)
    assert mail.outbox == []
    assert turn_context_calls == [], "no summary nor options for an email that is not sent"
    assert set(your_turn.context) == {"game_name", "seat"}


@pytest.mark.django_db
def test_activity_longer_ago_than_the_window_does_not_stop_the_email(your_turn, bob, settings):
    settings.NOTIFY_SKIP_IF_ACTIVE_WITHIN = 60
    UserActivity.objects.create(user=bob, last_seen=timezone.now() - timedelta(seconds=90))

    assert notification_send(notification_id=your_turn.pk).outcome == "sent"


@pytest.mark.django_db
def test_a_game_override_to_immediate_beats_the_users_digest_mode(your_turn, bob):
    NotificationPreference.objects.create(user=bob, mode=Mode.DIGEST)
    GameNotificationPreference.objects.create(user=bob, game=your_turn.game, mode=Mode.IMMEDIATE)

    assert notification_send(notification_id=your_turn.pk).outcome == "sent"


@pytest.mark.django_db
def test_a_reminder_is_skipped_once_the_player_has_made_a_decision(two_player_game, alice):
    game = two_player_game
    game.refresh_from_db()
    reminder = Notification.objects.create(
        recipient=alice, kind=Kind.REMINDER, game=game, event_seq=game.version
    )
    decide(game, keep_turn=True)

    result = notification_send(notification_id=reminder.pk)

    assert (result.outcome, result.detail) == ("skipped", "they have moved since")


def _render(notification: Notification) -> emails.EmailMultiAlternatives:
    token = links.unsubscribe_token(user_id=notification.recipient_id, game_id=notification.game_id)
    return emails.build(notification, unsubscribe_token=token)


@pytest.mark.django_db
def test_every_kind_of_email_has_text_and_html_the_games_name_a_link_and_unsubscribe(
    two_player_game, alice, bob
):
    game = two_player_game
    game.turn_deadline = timezone.now() + timedelta(hours=5)
    game.save()
    name = f"game {game.public_id} (alice, bob)"
    contexts = {
        Kind.INVITATION: {"game_name": name, "inviter": "Bob & Co's"},
        Kind.GAME_STARTED: {"game_name": name, "first": "alice (blue)"},
        Kind.YOUR_TURN: {"game_name": name, "summary": ["bob (red): start B"], "options": []},
        Kind.REMINDER: {"game_name": name, "waiting_since": timezone.now().isoformat()},
        Kind.DEADLINE_WARNING: {"game_name": name, "policy_text": "a bot will play"},
        Kind.DEADLINE_PASSED: {
            "game_name": name,
            "action": "bot_move",
            "late": "bob (red)",
            "late_user": bob.pk,
            "missed_deadline": timezone.now().isoformat(),
        },
        Kind.GAME_OVER: {
            "game_name": name,
            "result": {"reason": "game_over", "rows": [{"player": "alice", "total": 80}]},
        },
    }
    for seq, (kind, context) in enumerate(contexts.items(), start=100):
        notification = Notification.objects.create(
            recipient=alice, kind=kind, game=game, event_seq=seq, context=context
        )
        message = _render(notification)
        html = message.alternatives[0][0]
        assert name in message.subject, kind
        for part in (message.body, html):
            assert name in part, kind
            path = "/games/join/" if kind == Kind.INVITATION else "/games/"
            assert f"{path}{game.public_id}/" in part, kind
            assert "/notifications/unsubscribe/" in part, kind
        assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert "&amp;" not in message.body, kind  # the text part is not HTML-escaped

    invitation = _render(Notification.objects.get(kind=Kind.INVITATION))
    assert "Bob & Co's invites you" in invitation.body
    assert "Bob &amp; Co&#x27;s invites you" in invitation.alternatives[0][0]
    over = _render(Notification.objects.get(kind=Kind.GAME_OVER))
    assert f"/games/{game.public_id}/replay/" in over.body
    assert "alice: 80" in over.body


@pytest.mark.django_db
def test_the_game_over_email_gives_the_final_scores_and_the_replay_link(two_player_game):
    game = two_player_game
    Notification.objects.all().delete()
    game.status = GameStatus.FINISHED
    game.result = {
        "reason": "game_over",
        "scores": [{"total": 71}, {"total": 84}],
        "winners": [1],
    }
    game.current_seat = None
    game.save()
    outbox.notifications_for_event(game=game, seq=game.version, before_seat=0)

    notification_send(notification_id=Notification.objects.get(recipient__username="alice").pk)

    [message] = mail.outbox
    assert "bob (red): 84  (winner)" in message.body
    assert "alice (blue): 71" in message.body
    assert f"http://127.0.0.1:8000/games/{game.public_id}/replay/" in message.body


@pytest.mark.django_db
def test_services_resign_path_still_answers_when_the_outbox_is_written(two_player_game, alice):
    services.game_resign(game=two_player_game, user=alice)

    assert Notification.objects.filter(kind=Kind.GAME_OVER).count() == 2


@pytest.mark.django_db
def test_a_backlog_queues_one_more_task_and_not_one_per_batch(alice, bob, kicks, monkeypatch):
    from tests.games.helpers import started_game

    for _ in range(3):
        started_game(alice, [bob])  # a "your turn" and a "game started" each
    assert Notification.objects.filter(status=Status.PENDING).count() == 6
    monkeypatch.setattr(delivery, "BATCH", 2)

    assert delivery.deliver_due() == {"sent": 6}
    assert kicks == [{"merge": False}], "one helper for the backlog, queued at its first batch"


@pytest.mark.django_db
def test_a_helper_the_broker_refused_is_asked_for_again_at_the_next_full_batch(
    alice, bob, monkeypatch
):
    from tests.games.helpers import started_game

    for _ in range(3):
        started_game(alice, [bob])
    monkeypatch.setattr(delivery, "BATCH", 2)
    answers = iter([False, True])
    calls: list[dict] = []
    monkeypatch.setattr(
        delivery, "kick_delivery", lambda **options: calls.append(options) or next(answers)
    )

    assert delivery.deliver_due() == {"sent": 6}
    assert calls == [{"merge": False}, {"merge": False}]

"""A "your turn" email waits while its player is on the site, instead of being skipped.

Queued due when the player would count as gone (last seen + NOTIFY_SKIP_IF_ACTIVE_WITHIN)
with one delayed kick per bucket of time; put back at delivery while they are still there;
sent once they are gone if it is still their turn.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from games import journal_store, services
from games.models import Event
from notifications import delivery, tasks
from notifications.delivery import deliver_due, kick_delivery, notification_send
from notifications.models import Kind, Notification, Status, UserActivity
from tests.games.helpers import started_game
from tests.notifications.helpers import pass_turn

WINDOW = 60
BUCKET = 15


@pytest.fixture(autouse=True)
def window(settings) -> None:
    settings.NOTIFY_SKIP_IF_ACTIVE_WITHIN = WINDOW
    settings.NOTIFY_DELAYED_KICK_BUCKET = BUCKET
    # Merging keys are named after the queue: a fresh name keeps other runs' keys away.
    settings.NOTIFICATIONS_QUEUE = f"test-waiting-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def published(monkeypatch) -> list[dict[str, Any]]:
    """The delivery tasks handed to the broker (their options), through the real kick."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(tasks.deliver, "apply_async", lambda **options: calls.append(options))
    return calls


@pytest.fixture
def kicks(monkeypatch) -> list[dict[str, Any]]:
    """The kicks asked for by delivery (nothing reaches the broker)."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(delivery, "kick_delivery", lambda **options: calls.append(options) or True)
    return calls


@pytest.fixture
def shared_cache() -> None:
    if not delivery._cache_is_shared():
        pytest.skip("needs the Redis cache: kicks are merged only in a shared cache")


@pytest.fixture
def your_turn(two_player_game) -> Notification:
    """Bob's "your turn", queued while he was away (due now); nothing else in the outbox."""
    Notification.objects.all().delete()
    pass_turn(two_player_game)
    return Notification.objects.get(kind=Kind.YOUR_TURN)


def seen(user: Any, at: datetime) -> datetime:
    UserActivity.objects.update_or_create(user=user, defaults={"last_seen": at})
    return at


def delayed(calls: list[dict[str, Any]]) -> list[float]:
    return [call["countdown"] for call in calls if call.get("countdown") is not None]


def immediate(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [call for call in calls if call.get("countdown") is None]


# --- queueing --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_your_turn_for_a_player_seen_10_s_ago_is_due_when_they_would_count_as_gone(
    two_player_game, bob, published, shared_cache, django_capture_on_commit_callbacks
):
    last_seen = seen(bob, timezone.now() - timedelta(seconds=10))
    Notification.objects.all().delete()

    with django_capture_on_commit_callbacks(execute=True):
        pass_turn(two_player_game)
    now = timezone.now()

    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    assert (row.status, row.attempts) == (Status.PENDING, 0)
    assert row.next_attempt_at == last_seen + timedelta(seconds=WINDOW)
    assert immediate(published) == [], "no task now: nothing is due"
    [countdown] = delayed(published)
    wait = (row.next_attempt_at - now).total_seconds()
    assert wait - 1 <= countdown <= wait + BUCKET, "at the end of the due time's bucket"
    assert notification_send(notification_id=row.pk).outcome == "busy", "not due yet"


@pytest.mark.django_db
def test_your_turns_due_in_the_same_bucket_queue_one_delayed_kick_only(
    alice, bob, published, shared_cache, django_capture_on_commit_callbacks
):
    games = [started_game(alice, [bob]) for _ in range(4)]
    seen(bob, timezone.now() - timedelta(seconds=10))

    with django_capture_on_commit_callbacks(execute=True):
        for game in games:
            pass_turn(game)

    assert Notification.objects.filter(kind=Kind.YOUR_TURN, recipient=bob).count() == 4
    assert immediate(published) == []
    assert len(delayed(published)) == 1


@pytest.mark.django_db
def test_delayed_kicks_are_merged_per_bucket(published, shared_cache):
    now = timezone.now()
    start = (int(now.timestamp()) // BUCKET + 2) * BUCKET  # a bucket a little later
    bucket = datetime.fromtimestamp(start, tz=now.tzinfo)

    for offset in (1, 5, 14.5, 15, 16, 29):
        assert kick_delivery(due=bucket + timedelta(seconds=offset))

    # (start, start + 15] and (start + 15, start + 30]: one task each, at the bucket's end.
    first, second = delayed(published)
    assert first == pytest.approx(start + BUCKET - now.timestamp(), abs=1)
    assert second == pytest.approx(start + 2 * BUCKET - now.timestamp(), abs=1)
    assert immediate(published) == []


@pytest.mark.django_db
def test_without_a_shared_cache_delayed_kicks_are_not_merged(settings, published):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    due = timezone.now() + timedelta(seconds=40)

    assert kick_delivery(due=due)
    assert kick_delivery(due=due)

    assert len(delayed(published)) == 2


@pytest.mark.django_db
def test_a_delayed_kick_the_broker_refused_is_tried_again_by_the_next_row_of_its_bucket(
    monkeypatch, shared_cache
):
    calls: list[dict[str, Any]] = []

    def refuse_once(**options: Any) -> None:
        calls.append(options)
        if len(calls) == 1:
            raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.deliver, "apply_async", refuse_once)
    due = timezone.now() + timedelta(seconds=40)

    assert kick_delivery(due=due) is False  # logged, never raised
    assert kick_delivery(due=due) is True
    assert kick_delivery(due=due) is True  # merged with the second

    assert len(calls) == 2


@pytest.mark.django_db
def test_a_delayed_kick_whose_time_has_come_is_an_immediate_merged_kick(published, shared_cache):
    past = timezone.now() - timedelta(seconds=1)

    assert kick_delivery(due=past)
    assert kick_delivery(due=past)
    assert kick_delivery()

    [task] = published
    assert task["countdown"] is None


@pytest.mark.django_db
@pytest.mark.parametrize("last_seen", [None, 90], ids=["never seen", "seen 90 s ago"])
def test_a_your_turn_for_a_player_not_seen_recently_is_due_now_with_an_immediate_kick(
    two_player_game, bob, last_seen, published, django_capture_on_commit_callbacks
):
    if last_seen is not None:
        seen(bob, timezone.now() - timedelta(seconds=last_seen))
    Notification.objects.all().delete()

    with django_capture_on_commit_callbacks(execute=True):
        pass_turn(two_player_game)

    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    assert row.next_attempt_at <= timezone.now()
    assert len(immediate(published)) == 1
    assert delayed(published) == []
    assert notification_send(notification_id=row.pk).outcome == "sent"


@pytest.mark.django_db
def test_with_no_window_a_player_on_the_site_is_emailed_at_once(
    two_player_game, bob, settings, turn_context_calls
):
    settings.NOTIFY_SKIP_IF_ACTIVE_WITHIN = 0
    seen(bob, timezone.now())
    Notification.objects.all().delete()

    pass_turn(two_player_game)

    row = Notification.objects.get(kind=Kind.YOUR_TURN)
    assert row.next_attempt_at <= timezone.now()
    assert notification_send(notification_id=row.pk).outcome == "sent"


@pytest.mark.django_db
def test_the_seats_and_the_players_activity_are_read_in_one_query(
    two_player_game, bob, django_assert_num_queries
):
    from notifications import context

    last_seen = seen(bob, timezone.now())

    with django_assert_num_queries(1):
        seats = context.seats_of(two_player_game, with_activity=True)
        activity = {seat.user.username: getattr(seat.user, "activity", None) for seat in seats}

    assert activity["alice"] is None, "never seen"
    assert activity["bob"].last_seen == last_seen


# --- delivery ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_player_still_on_the_site_is_postponed_without_counting_an_attempt(
    your_turn, bob, kicks, turn_context_calls
):
    now = timezone.now()
    last_seen = seen(bob, now - timedelta(seconds=20))

    result = notification_send(notification_id=your_turn.pk, now=now)

    assert (result.outcome, result.detail) == ("postponed", "active on the site")
    your_turn.refresh_from_db()
    until = last_seen + timedelta(seconds=WINDOW)
    assert (your_turn.status, your_turn.attempts, your_turn.reason) == (Status.PENDING, 0, "")
    assert (your_turn.next_attempt_at, your_turn.claim) == (until, "")
    assert set(your_turn.context) == {"game_name", "seat"}
    assert turn_context_calls == [], "nothing is built for an email that waits"
    assert kicks == [{"due": until}]
    assert mail.outbox == []


@pytest.mark.django_db
def test_once_the_player_is_gone_and_it_is_still_their_turn_the_email_is_sent(
    your_turn, bob, two_player_game, kicks
):
    now = timezone.now()
    seen(bob, now - timedelta(seconds=20))
    assert notification_send(notification_id=your_turn.pk, now=now).outcome == "postponed"
    your_turn.refresh_from_db()

    later = your_turn.next_attempt_at + timedelta(seconds=1)
    result = notification_send(notification_id=your_turn.pk, now=later)

    assert result.outcome == "sent"
    your_turn.refresh_from_db()
    assert (your_turn.status, your_turn.attempts) == (Status.SENT, 1)
    [message] = mail.outbox
    assert message.to == ["bob@example.test"]
    texts = [
        f"alice (blue): {journal_store.event_line(event, 'en')}"
        for event in Event.objects.filter(game=two_player_game, kind="move").order_by("seq")
    ]
    assert your_turn.context["summary"] == texts
    for line in texts:
        assert f"  - {line}\n" in message.body


@pytest.mark.django_db
def test_a_player_who_moved_while_the_email_waited_gets_nothing(
    your_turn, bob, two_player_game, kicks, turn_context_calls
):
    now = timezone.now()
    seen(bob, now - timedelta(seconds=20))
    assert notification_send(notification_id=your_turn.pk, now=now).outcome == "postponed"
    pass_turn(two_player_game)  # bob, on the page, plays his turn
    your_turn.refresh_from_db()

    later = your_turn.next_attempt_at + timedelta(seconds=1)
    result = notification_send(notification_id=your_turn.pk, now=later)

    assert (result.outcome, result.detail) == ("skipped", "no longer their turn")
    assert mail.outbox == []
    assert turn_context_calls == []


@pytest.mark.django_db
def test_when_the_turn_came_back_while_an_email_waited_only_the_latest_is_sent(
    your_turn, bob, two_player_game, kicks
):
    now = timezone.now()
    seen(bob, now - timedelta(seconds=20))
    assert notification_send(notification_id=your_turn.pk, now=now).outcome == "postponed"
    pass_turn(two_player_game)  # bob
    pass_turn(two_player_game)  # alice: bob's turn again, a second "your turn"
    latest = Notification.objects.filter(recipient=bob, kind=Kind.YOUR_TURN).latest("event_seq")
    assert latest.pk != your_turn.pk

    Notification.objects.filter(recipient__username="alice").delete()  # not the point

    later = timezone.now() + timedelta(seconds=WINDOW + 1)
    outcomes = deliver_due(now=later)

    assert outcomes == {"skipped": 1, "sent": 1}
    assert status_and_reason(your_turn) == (Status.SKIPPED, "a later your-turn email replaces it")
    assert status_and_reason(latest) == (Status.SENT, "")
    [message] = mail.outbox
    assert message.to == ["bob@example.test"]
    assert latest.context["reply_version"] == latest.event_seq


def status_and_reason(notification: Notification) -> tuple[str, str]:
    notification.refresh_from_db()
    return notification.status, notification.reason


@pytest.mark.django_db
def test_postponing_many_times_never_makes_the_row_fail(your_turn, bob, settings, kicks):
    settings.NOTIFY_MAX_ATTEMPTS = 2
    now = timezone.now()

    for _ in range(10):
        seen(bob, now - timedelta(seconds=5))  # still there, a little later each time
        assert notification_send(notification_id=your_turn.pk, now=now).outcome == "postponed"
        your_turn.refresh_from_db()
        assert (your_turn.status, your_turn.attempts) == (Status.PENDING, 0)
        now = your_turn.next_attempt_at

    later = now + timedelta(seconds=1)
    assert notification_send(notification_id=your_turn.pk, now=later).outcome == "sent"
    your_turn.refresh_from_db()
    assert (your_turn.status, your_turn.attempts) == (Status.SENT, 1)
    assert len(kicks) == 10


@pytest.mark.django_db
def test_a_player_gone_within_the_clock_tolerance_is_emailed_rather_than_postponed(
    your_turn, bob, kicks
):
    now = timezone.now()
    seen(bob, now - timedelta(seconds=WINDOW - 2))  # gone in 2 s: claims take rows 5 s early

    assert notification_send(notification_id=your_turn.pk, now=now).outcome == "sent"
    assert kicks == []


@pytest.mark.django_db
def test_in_a_game_against_bots_a_player_on_the_site_costs_one_delayed_task_and_one_email(
    alice, published, shared_cache, django_capture_on_commit_callbacks
):
    game = started_game(alice, bots=[1], players=2)
    Notification.objects.all().delete()
    last_seen = seen(alice, timezone.now() - timedelta(seconds=10))

    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):
            pass_turn(game)  # alice; the bot is to move
            game.refresh_from_db()
            services.bot_turns_play(game_id=game.pk, version=game.version)

    rows = list(Notification.objects.filter(recipient=alice, kind=Kind.YOUR_TURN))
    assert len(rows) == 3
    assert {row.next_attempt_at for row in rows} == {last_seen + timedelta(seconds=WINDOW)}
    assert immediate(published) == [], "no task per bot turn"
    assert len(delayed(published)) == 1

    gone = last_seen + timedelta(seconds=WINDOW + 1)
    assert deliver_due(now=gone) == {"skipped": 2, "sent": 1}
    [message] = mail.outbox
    assert message.to == ["alice@example.test"]


@pytest.mark.parametrize("kind", [Kind.GAME_STARTED, Kind.GAME_OVER])
@pytest.mark.django_db
def test_other_kinds_for_a_player_on_the_site_are_due_now_and_skipped_as_before(
    alice, bob, kind, published, django_capture_on_commit_callbacks
):
    seen(bob, timezone.now() - timedelta(seconds=10))
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(alice, [bob])
        if kind == Kind.GAME_OVER:
            services.game_resign(game=game, user=alice)

    row = Notification.objects.get(recipient=bob, kind=kind)
    assert row.next_attempt_at <= timezone.now()
    assert immediate(published)
    assert delayed(published) == []
    result = notification_send(notification_id=row.pk)
    assert (result.outcome, result.detail) == ("skipped", "active on the site")
    assert status_and_reason(row) == (Status.SKIPPED, "active on the site")


@pytest.mark.django_db
def test_the_admin_shows_when_a_waiting_your_turn_is_due_and_why(your_turn, bob, admin_client):
    until = timezone.now() + timedelta(seconds=40)
    Notification.objects.filter(pk=your_turn.pk).update(next_attempt_at=until)

    page = admin_client.get("/admin/notifications/notification/?status__exact=pending")

    assert page.status_code == 200
    assert "waits: the player is on the site" in page.content.decode()

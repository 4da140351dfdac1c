"""Web Push and chat webhooks through the outbox: what each endpoint receives (decrypted, for
push), exactly once, retries and dead endpoints, a game's webhook for its group, the checks
the emails have (a player on the site, a passed turn), channel preferences and quiet hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from common.errors import InvalidRequestError, NotAllowedError
from games.models import Game
from notifications import endpoints, links, preferences
from notifications.activity import activity_record
from notifications.channel_delivery import channels_deliver_due
from notifications.endpoint_urls import endpoint_check
from notifications.models import (
    ChannelDelivery,
    ChannelKind,
    ChatWebhook,
    Kind,
    Notification,
    PushSubscription,
    Status,
)
from notifications.outbox import queue_rows
from tests.channel_receivers import PushService, WebhookReceiver, vapid_configure
from tests.games.helpers import started_game
from tests.notifications.helpers import pass_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def push_service(settings) -> Any:
    vapid_configure(settings)
    with PushService() as service:
        yield service


@pytest.fixture
def hook(settings) -> Any:
    settings.NOTIFY_ENDPOINTS_ALLOW_LOCAL = True
    with WebhookReceiver() as receiver:
        yield receiver


def subscribe(service: PushService, user: Any) -> PushSubscription:
    info = service.subscribe()
    return endpoints.push_subscribe(
        user=user, endpoint=info["endpoint"], browser="Test browser", **info["keys"]
    )


def deliver(now: datetime | None = None) -> dict[str, int]:
    return channels_deliver_due(now=now)


def test_a_turn_is_pushed_to_the_players_browser_encrypted_and_signed(push_service, alice, bob):
    subscribe(push_service, alice)
    game = started_game(alice, [bob], name="Rails west")  # alice to move

    assert deliver() == {"sent": 1}

    [message] = push_service.messages
    assert message.data["body"] == "Your turn in Rails west"
    assert message.data["url"].endswith(f"/games/{game.public_id}/")
    assert message.headers["authorization"].startswith("vapid t=")
    assert message.headers["content-encoding"] == "aes128gcm"
    assert push_service.errors == []
    row = ChannelDelivery.objects.get()
    assert (row.status, row.channel, row.notification.kind) == ("sent", "push", Kind.YOUR_TURN)


def test_each_notification_goes_to_each_endpoint_exactly_once(push_service, alice, bob):
    subscribe(push_service, alice)
    subscribe(push_service, alice)  # a second browser
    started_game(alice, [bob])
    notification = Notification.objects.get(kind=Kind.YOUR_TURN)

    assert deliver() == {"sent": 2}
    assert deliver() == {}
    # Writing the same notification again (a retried transaction) writes nothing.
    copy = Notification(
        recipient=alice,
        kind=notification.kind,
        game=notification.game,
        event_seq=notification.event_seq,
    )
    assert queue_rows([copy]) == []
    assert ChannelDelivery.objects.count() == 2
    assert len(push_service.messages) == 2
    assert {m.path for m in push_service.messages} == {
        s.endpoint.split(":" + str(push_service.port))[1] for s in PushSubscription.objects.all()
    }


def test_a_gone_subscription_is_removed_at_once(push_service, alice, bob):
    subscribe(push_service, alice)
    push_service.answer_with(410)
    started_game(alice, [bob])

    assert deliver() == {"gone": 1}
    assert not PushSubscription.objects.exists()
    assert not ChannelDelivery.objects.exists()


def test_failures_are_retried_with_backoff_then_the_endpoint_is_disabled(
    settings, hook, alice, bob, client
):
    settings.NOTIFY_ENDPOINT_MAX_FAILURES = 3
    endpoints.webhook_add(user=alice, url=hook.url("slack"))
    hook.answer_with(503)
    started_game(alice, [bob])
    now = timezone.now()

    assert deliver(now) == {"retry": 1}
    row = ChannelDelivery.objects.get()
    assert row.status == Status.PENDING
    assert row.next_attempt_at == now + timedelta(seconds=30)
    assert "503" in row.last_error
    assert deliver(now) == {}  # not due yet
    later = now + timedelta(seconds=31)
    assert deliver(later) == {"retry": 1}
    row.refresh_from_db()
    assert row.next_attempt_at == later + timedelta(seconds=60)  # doubled
    assert deliver(later + timedelta(seconds=61)) == {"retry": 1}

    webhook = ChatWebhook.objects.get()
    assert webhook.failures == 3
    assert webhook.disabled
    assert deliver(later + timedelta(hours=1)) == {"skipped": 1}  # nothing more is posted
    assert ChannelDelivery.objects.get().reason == "the endpoint is disabled"
    assert hook.requests == 3

    client.force_login(alice)
    banner = "One of your browsers or webhooks kept failing"
    assert banner in client.get("/games/").content.decode()  # on every page
    page = client.get("/accounts/profile/").content.decode()
    assert "after repeated failures" in page
    assert "503" in page
    response = client.post(f"/accounts/profile/webhook/{webhook.pk}/enable/")
    assert response.status_code == 302
    webhook.refresh_from_db()
    assert not webhook.disabled
    assert webhook.failures == 0
    assert banner not in client.get("/games/").content.decode()


def test_a_games_webhook_tells_the_group_each_turn_even_while_the_player_is_on_the_site(
    hook, alice, bob
):
    game = started_game(alice, [bob], name="Rails west")
    ChannelDelivery.objects.all().delete()
    Notification.objects.all().delete()
    endpoints.webhook_add(user=bob, url=hook.url("discord"), style="discord", game=game)
    activity_record(user_id=alice.pk, at=timezone.now())  # alice is looking at the game

    pass_turn(game)  # bob's turn now
    game.refresh_from_db()
    activity_record(user_id=bob.pk, at=timezone.now())
    assert deliver() == {"sent": 1}

    [post] = hook.posts
    assert post["content"] == f"bob's turn in *Rails west*\n{links.game_url(game)}"
    assert "text" not in post


def test_a_slack_webhook_gets_text_and_a_passed_turn_is_not_announced(hook, alice, bob):
    game = started_game(alice, [bob], name="Rails west")
    endpoints.webhook_add(user=alice, url=hook.url("slack"), game=game)
    ChannelDelivery.objects.all().delete()
    pass_turn(game)  # bob's turn: his notification gets a group row
    pass_turn(game)  # alice's again before anything was sent: bob's row is stale

    assert deliver() == {"skipped": 1, "sent": 1}
    assert hook.texts() == [f"alice's turn in *Rails west*\n{links.game_url(game)}"]
    assert ChannelDelivery.objects.get(status="skipped").reason == "no longer their turn"


def test_a_player_on_the_site_is_pushed_when_they_leave_unless_they_always_want_it(
    push_service, alice, bob
):
    subscribe(push_service, alice)
    activity_record(user_id=alice.pk, at=timezone.now())
    started_game(alice, [bob])

    # Due once she would count as gone, like the email; claimed earlier, it is put back.
    assert deliver() == {}
    assert ChannelDelivery.objects.get().next_attempt_at > timezone.now()
    ChannelDelivery.objects.update(next_attempt_at=timezone.now())
    assert deliver() == {"postponed": 1}
    assert push_service.messages == []

    preferences.preference_set(user=alice, always_notify=True)
    ChannelDelivery.objects.update(next_attempt_at=timezone.now())
    assert deliver() == {"sent": 1}


def test_always_notify_sends_the_turns_email_while_the_page_is_open(alice, bob, mailoutbox):
    from notifications.delivery import deliver_due

    preferences.preference_set(user=alice, always_notify=True)
    activity_record(user_id=alice.pk, at=timezone.now())
    started_game(alice, [bob])

    deliver_due()
    assert [alice.email] in [m.to for m in mailoutbox]


def test_a_channel_turned_off_for_all_games_or_one(push_service, alice, bob, carol):
    subscribe(push_service, alice)
    endpoints.channel_preference_set(user=alice, channel=ChannelKind.PUSH, enabled=False)
    quiet_game = started_game(alice, [bob])
    loud_game = started_game(alice, [carol])
    endpoints.channel_preference_set(
        user=alice, channel=ChannelKind.PUSH, enabled=True, game=loud_game
    )

    assert deliver() == {"skipped": 1, "sent": 1}
    assert ChannelDelivery.objects.get(notification__game=quiet_game).reason == (
        "this channel is off"
    )
    with pytest.raises(NotAllowedError):
        endpoints.channel_preference_set(
            user=bob, channel=ChannelKind.PUSH, enabled=True, game=loud_game
        )


def test_quiet_hours_hold_what_can_wait_and_gather_it_into_one_message(push_service, alice, bob):
    subscribe(push_service, alice)
    preferences.preference_set(user=alice, time_zone="Europe/Paris", quiet_hours=(22, 7))
    first = started_game(alice, [bob], name="First")
    second = started_game(alice, [bob], name="Second")
    urgent = started_game(alice, [bob], name="Urgent")
    night = datetime(2026, 11, 26, 23, 30, tzinfo=UTC)  # 00:30 in Paris
    Game.objects.filter(pk=urgent.pk).update(turn_deadline=night + timedelta(hours=2))
    Game.objects.exclude(pk=urgent.pk).update(turn_deadline=night + timedelta(days=3))
    ChannelDelivery.objects.update(next_attempt_at=night)

    assert deliver(night) == {"held": 2, "sent": 1}
    assert [m.data["body"] for m in push_service.messages] == ["Your turn in Urgent"]
    morning = datetime(2026, 11, 27, 6, 0, tzinfo=UTC)  # 07:00 in Paris
    held = ChannelDelivery.objects.filter(held=True)
    assert {row.next_attempt_at for row in held} == {morning}

    assert deliver(morning - timedelta(minutes=1)) == {}
    assert deliver(morning) == {"sent": 2}
    summary = push_service.messages[1].data
    assert summary["title"] == "2 notifications while you were away"
    assert "Your turn in First" in summary["body"]
    assert "Your turn in Second" in summary["body"]
    assert f"/games/{first.public_id}/" in summary["body"]
    assert f"/games/{second.public_id}/" in summary["body"]
    assert set(held.values_list("status", "gathered")) == {("sent", 2)}


def test_a_push_message_is_in_the_recipients_language(push_service, alice, bob):
    preferences.preference_set(user=alice, language="fr")
    subscribe(push_service, alice)
    started_game(alice, [bob], name="Rails west")

    deliver()
    assert push_service.messages[0].data["body"] == "Votre tour dans Rails west"


@pytest.mark.parametrize(
    "url",
    [
        "http://hooks.example.com/x",
        "https://127.0.0.1/x",
        "https://10.1.2.3/x",
        "https://[::1]/x",
        "https://169.254.169.254/latest",
        "https://localhost/x",
        "ftp://example.com/x",
        "https://user:pw@example.com/x",
        "not a url",
    ],
)
def test_endpoints_must_be_public_https_addresses(settings, url):
    settings.NOTIFY_ENDPOINTS_ALLOW_LOCAL = False
    with pytest.raises(InvalidRequestError):
        endpoint_check(url)


def test_a_refused_webhook_is_a_400_with_the_reason_and_changes_nothing(settings, client, alice):
    settings.NOTIFY_ENDPOINTS_ALLOW_LOCAL = False
    client.force_login(alice)
    response = client.post("/accounts/profile/webhooks/", {"url": "https://10.0.0.7/hook"})
    assert response.status_code == 400
    assert "not on the public internet" in response.content.decode()
    assert not ChatWebhook.objects.exists()


def test_only_a_player_of_a_game_sets_its_webhook(hook, alice, bob, carol):
    game = started_game(alice, [bob])
    with pytest.raises(NotAllowedError):
        endpoints.webhook_add(user=carol, url=hook.url(), game=game)
    webhook = endpoints.webhook_add(user=bob, url=hook.url(), game=game)
    assert webhook.style == "slack"
    # Any player of the game sees it and may remove it: it posts to their group.
    assert list(endpoints.webhooks_visible_to(alice)) == [webhook]
    endpoints.webhook_remove(user=alice, webhook_id=webhook.pk)
    assert not ChatWebhook.objects.exists()


def test_the_style_is_read_from_a_discord_address(settings, alice):
    settings.NOTIFY_ENDPOINTS_ALLOW_LOCAL = True
    webhook = endpoints.webhook_add(user=alice, url="https://discord.com/api/webhooks/1/abc")
    assert webhook.style == "discord"


def test_the_browser_subscribes_on_the_account_page(push_service, client, alice):
    client.force_login(alice)
    page = client.get("/accounts/profile/").content.decode()
    assert "Notify me in this browser" in page
    info = push_service.subscribe()
    response = client.post(
        "/accounts/profile/push/", info, content_type="application/json", HTTP_USER_AGENT="Fox"
    )
    assert response.status_code == 201
    subscription = PushSubscription.objects.get()
    assert (subscription.user, subscription.browser) == (alice, "Fox")
    bad = client.post(
        "/accounts/profile/push/",
        {"endpoint": info["endpoint"] + "x", "keys": {"p256dh": "abc", "auth": "abc"}},
        content_type="application/json",
    )
    assert bad.status_code == 400
    assert bad.json()["code"] == "bad_subscription"
    assert PushSubscription.objects.count() == 1
    client.post(f"/accounts/profile/push/{subscription.pk}/remove/")
    assert not PushSubscription.objects.exists()


def test_without_vapid_keys_push_is_not_offered(settings, client, alice):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    client.force_login(alice)
    page = client.get("/accounts/profile/").content.decode()
    assert "Notify me in this browser" not in page
    assert "This site does not offer push notifications." in page


def test_the_service_worker_is_served_for_the_whole_site(client):
    response = client.get("/service-worker.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert b"showNotification" in response.content


def test_the_preferences_api_sets_channels_and_quiet_hours(client, alice, bob):
    game = started_game(alice, [bob])
    client.force_login(alice)
    url = "/api/notifications/preferences/"
    answer = client.put(
        url,
        {"always_notify": True, "quiet_start": 23, "quiet_end": 7, "webhook": False},
        content_type="application/json",
    ).json()
    assert answer["always_notify"] is True
    assert (answer["quiet_start"], answer["quiet_end"]) == (23, 7)
    assert (answer["push"], answer["webhook"]) == (True, False)
    refused = client.put(url, {"quiet_start": 23}, content_type="application/json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_quiet_hours"
    answer = client.put(
        url, {"quiet_start": None, "quiet_end": None}, content_type="application/json"
    ).json()
    assert answer["quiet_start"] is None
    game_answer = client.put(
        f"/api/notifications/games/{game.public_id}/",
        {"mode": None, "push": False},
        content_type="application/json",
    ).json()
    assert (game_answer["push"], game_answer["webhook"]) == (False, None)


def test_quiet_hours_gather_the_emails_into_one_in_the_morning(alice, bob, mailoutbox):
    from notifications.delivery import deliver_due

    preferences.preference_set(user=alice, time_zone="Europe/Paris", quiet_hours=(22, 7))
    started_game(alice, [bob], name="First")  # alice to move
    started_game(bob, [alice], name="Second")  # bob to move: alice is told it started
    night = datetime(2026, 11, 26, 23, 30, tzinfo=UTC)  # 00:30 in Paris
    morning = datetime(2026, 11, 27, 6, 0, tzinfo=UTC)
    Game.objects.update(turn_deadline=night + timedelta(days=3))
    Notification.objects.update(next_attempt_at=night)

    assert deliver_due(now=night)["held"] == 2
    assert [alice.email] not in [m.to for m in mailoutbox]  # bob, without quiet hours, got his
    summary = Notification.objects.get(kind=Kind.QUIET_SUMMARY)
    assert summary.next_attempt_at == morning
    assert set(
        Notification.objects.filter(recipient=alice)
        .exclude(kind=Kind.QUIET_SUMMARY)
        .values_list("status", "reason")
    ) == {("skipped", "gathered into the quiet hours summary")}

    assert deliver_due(now=morning)["sent"] == 1
    [email] = [m for m in mailoutbox if m.to == [alice.email]]
    assert email.subject == "2 notifications while you were away"
    assert "Your turn in First" in email.body
    assert "Second has started" in email.body


def test_the_delivery_task_sends_the_channels_and_the_sweep_sees_them_left_behind(
    push_service, alice, bob
):
    from notifications.tasks import deliver, sweep_outbox

    subscribe(push_service, alice)
    started_game(alice, [bob])
    Notification.objects.update(status=Status.SENT)  # the emails are not the point
    ChannelDelivery.objects.update(next_attempt_at=timezone.now() - timedelta(minutes=5))
    assert sweep_outbox() == 1  # a lost task: the sweep kicks delivery for it

    assert deliver() == {"channels:sent": 1}
    assert sweep_outbox() == 0


def test_the_account_page_saves_quiet_hours_always_notify_and_the_channels(client, alice, bob):
    from notifications.models import ChannelPreference, NotificationPreference

    game = started_game(alice, [bob])
    client.force_login(alice)
    base = {"mode": "immediate", "digest_hour": "8", "time_zone": "Europe/Paris"}
    response = client.post(
        "/accounts/profile/preferences/",
        {**base, "always_notify": "on", "quiet_start": "22", "quiet_end": "7", "push": "on"},
    )
    assert response.status_code == 302
    preference = NotificationPreference.objects.get(user=alice)
    assert (preference.always_notify, preference.quiet_start, preference.quiet_end) == (
        True,
        22,
        7,
    )
    assert endpoints.channel_preferences_of(user=alice) == {
        (None, "push"): True,
        (None, "webhook"): False,
    }
    # Half the quiet hours, or a night leaving too few waking hours: refused, nothing changes.
    for start, end in (("22", ""), ("1", "0")):
        refused = client.post(
            "/accounts/profile/preferences/",
            {**base, "quiet_start": start, "quiet_end": end},
        )
        assert refused.status_code == 400
        assert "Quiet hours" in refused.content.decode()
        preference.refresh_from_db()
        assert (preference.quiet_start, preference.quiet_end) == (22, 7)
        assert preference.always_notify is True
    client.post(
        f"/accounts/profile/games/{game.public_id}/emails/",
        {"mode": "", "push": "off", "webhook": "on"},
    )
    assert set(ChannelPreference.objects.filter(game=game).values_list("channel", "enabled")) == {
        ("push", False),
        ("webhook", True),
    }

"""Prometheus metrics (issue 20, Operations): /metrics is served only to a scrape that
carries METRICS_TOKEN, and its counters and gauges follow what the service does."""

from __future__ import annotations

import mailbox
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from gwt_site import metrics as site_metrics
from notifications.models import Kind, Notification, Status
from tests.games.helpers import play_one, started_game
from tests.notifications.inbound_support import STYLES, deliver_all, latest_to, reply_address_of

pytestmark = pytest.mark.django_db

TOKEN = "scrape-token-for-the-tests"


@pytest.fixture
def scrape(client, settings):
    settings.METRICS_TOKEN = TOKEN

    def get() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/plain; version=")
        return {
            (sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(response.content.decode())
            for sample in family.samples
        }

    return get


def value(samples, name, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


# --- access ----------------------------------------------------------------------------------


def test_metrics_are_off_without_a_token_setting(client, settings):
    settings.METRICS_TOKEN = ""

    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 404


@pytest.mark.parametrize(
    "authorization",
    ["", f"Token {TOKEN}", "Bearer wrong-token", f"Bearer {TOKEN}x", TOKEN],
)
def test_a_scrape_without_the_token_is_refused(client, settings, authorization):
    settings.METRICS_TOKEN = TOKEN

    response = client.get("/metrics", HTTP_AUTHORIZATION=authorization)

    assert response.status_code == 403
    assert b"gwt_" not in response.content


def test_a_staff_session_is_not_enough(client, settings, staff):
    settings.METRICS_TOKEN = TOKEN
    client.force_login(staff)

    assert client.get("/metrics").status_code == 403


def test_prometheus_scrapes_a_container_by_its_address(client, settings):
    """Prometheus reaches each web container at its internal address, not a site host."""
    settings.METRICS_TOKEN = TOKEN

    response = client.get(
        "/metrics", HTTP_HOST="172.18.0.7:8000", HTTP_AUTHORIZATION=f"Bearer {TOKEN}"
    )
    other = client.get("/healthz", HTTP_HOST="172.18.0.7:8000")

    assert response.status_code == 200
    assert other.status_code == 400  # the site itself still checks its hosts
    assert client.post("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}").status_code == 405


def test_the_scrape_lists_the_service_metrics(scrape, client):
    client.get("/healthz")
    samples = scrape()
    names = {name for name, _ in samples}

    assert {
        "gwt_outbox_unsent",
        "gwt_outbox_lag_seconds",
        "gwt_outbox_oldest_unsent_age_seconds",
        "gwt_http_request_seconds_count",
    } <= names
    assert value(samples, "gwt_celery_queue_length", queue="celery") >= 0
    assert value(samples, "gwt_http_request_seconds_count", view="healthz") >= 1
    assert value(samples, "gwt_http_responses_total", status="2xx") >= 1


# --- counters --------------------------------------------------------------------------------


def test_moves_of_players_and_bots_are_counted_once_committed(
    scrape, alice, django_capture_on_commit_callbacks
):
    game = started_game(alice, bots=[1])
    before = scrape()
    rebuilds = value(before, "gwt_state_rebuild_seconds_count")

    with django_capture_on_commit_callbacks(execute=True):
        player = play_one(game)  # alice's move
    game.refresh_from_db()
    while game.current_seat == 0:  # the rest of alice's turn
        with django_capture_on_commit_callbacks(execute=True):
            play_one(game)
        game.refresh_from_db()
    player_moves = game.version - player.version + 1
    with django_capture_on_commit_callbacks(execute=True):
        bot = play_one(game)  # one move of the bot's turn
    after = scrape()

    assert bot.seat == 1
    assert (
        value(after, "gwt_moves_total", by="player") - value(before, "gwt_moves_total", by="player")
        == player_moves
    )
    assert (
        value(after, "gwt_moves_total", by="bot") - value(before, "gwt_moves_total", by="bot") == 1
    )
    assert value(after, "gwt_state_rebuild_seconds_count") >= rebuilds


def test_a_rolled_back_move_is_not_counted(
    scrape, alice, monkeypatch, django_capture_on_commit_callbacks
):
    from games import ledger

    game = started_game(alice, bots=[1])
    before = value(scrape(), "gwt_moves_total", by="player")

    def broken(*args, **kwargs):
        raise RuntimeError("a receiver failed after the event was written")

    # The announcement comes after the move was written and counted: the move rolls back.
    monkeypatch.setattr(ledger.signals.game_advanced, "send", broken)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        play_one(game)

    assert value(scrape(), "gwt_moves_total", by="player") == before


def test_sent_emails_are_counted(scrape, alice, bob):
    before = value(scrape(), "gwt_notifications_total", outcome="sent")
    started_game(alice, [bob])

    sent = deliver_all()

    assert sent
    assert value(scrape(), "gwt_notifications_total", outcome="sent") - before == len(sent)


@pytest.mark.usefixtures("inbound_email")
def test_inbound_replies_are_counted_by_outcome(
    scrape, tmp_path, monkeypatch, two_player_game, alice
):
    from notifications import inbound

    deliver_all()
    turn_email = latest_to(alice)
    before = scrape()
    box = mailbox.mbox(tmp_path / "inbox.mbox")
    box.add(STYLES["plain"](alice.email, reply_address_of(turn_email), ["2"]))
    box.add(STYLES["plain"]("stranger@example.org", "reply+forged@example.org", ["2"]))
    box.close()
    call_command("read_mailbox", str(tmp_path / "inbox.mbox"), stdout=StringIO())

    def broken(*args, **kwargs):
        raise RuntimeError("something nobody foresaw")

    monkeypatch.setattr(inbound, "_Processing", broken)
    box = mailbox.mbox(tmp_path / "more.mbox")
    box.add(STYLES["gmail"](alice.email, reply_address_of(turn_email), ["3"]))
    box.close()
    call_command("read_mailbox", str(tmp_path / "more.mbox"), stdout=StringIO())
    after = scrape()

    def delta(outcome):
        return value(after, "gwt_inbound_emails_total", outcome=outcome) - value(
            before, "gwt_inbound_emails_total", outcome=outcome
        )

    assert (delta("applied"), delta("refused"), delta("quarantined")) == (1, 1, 1)


# --- gauges read at scrape time ----------------------------------------------------------------


def test_the_outbox_gauges_show_what_waits_and_for_how_long(scrape, alice):
    now = timezone.now()
    Notification.objects.create(
        recipient=alice,
        kind=Kind.INVITATION,
        created_at=now - timedelta(minutes=10),
        next_attempt_at=now - timedelta(minutes=4),
    )
    Notification.objects.create(  # held back: not due, but old and unsent
        recipient=alice,
        kind=Kind.REMINDER,
        created_at=now - timedelta(hours=2),
        next_attempt_at=now + timedelta(minutes=5),
    )
    Notification.objects.create(
        recipient=alice, kind=Kind.REMINDER, status=Status.SENT, created_at=now - timedelta(days=1)
    )

    samples = scrape()

    assert value(samples, "gwt_outbox_unsent") == 2
    assert 4 * 60 <= value(samples, "gwt_outbox_lag_seconds") < 5 * 60
    assert 2 * 3600 <= value(samples, "gwt_outbox_oldest_unsent_age_seconds") < 2 * 3600 + 60


def test_an_empty_outbox_has_no_lag(scrape):
    samples = scrape()

    assert value(samples, "gwt_outbox_unsent") == 0
    assert value(samples, "gwt_outbox_lag_seconds") == 0


def test_the_celery_queue_length_counts_the_waiting_tasks(scrape, settings):
    from notifications.tasks import heartbeat

    before = value(scrape(), "gwt_celery_queue_length", queue="celery")
    for _ in range(3):
        heartbeat.delay()
    try:
        assert value(scrape(), "gwt_celery_queue_length", queue="celery") == before + 3
    finally:
        from gwt_site.celery import app

        app.control.purge()


def test_a_failing_gauge_source_does_not_hide_the_others(scrape, monkeypatch):
    def unreachable():
        raise ConnectionError("broker down")

    monkeypatch.setattr(site_metrics, "queue_lengths", unreachable)

    scrape()
    samples = scrape()  # the failure of the first scrape is counted in the second

    assert "gwt_outbox_unsent" in {name for name, _ in samples}
    assert value(samples, "gwt_metrics_source_errors_total", source="ServiceCollector") == 0
    assert value(samples, "gwt_metrics_source_errors_total", source="CeleryQueueCollector") >= 1


def test_a_celery_worker_serves_its_counters_to_the_token_only(settings):
    import urllib.error
    import urllib.request

    settings.METRICS_TOKEN = TOKEN
    server = site_metrics.serve_worker_metrics(0, addr="127.0.0.1")
    url = f"http://127.0.0.1:{server.server_port}/metrics"
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=5)
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            text = answer.read().decode()
    finally:
        server.shutdown()
        server.server_close()

    assert refused.value.code == 403
    assert "gwt_moves_total" in text
    assert "gwt_outbox_unsent" not in text  # the database's gauges come from the web

"""Live signals: sent once the change commits (never on rollback), from every place a game,
its chat or a waiting room changes; the bus hands each to the streams of its topics."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import transaction

from common import live as bus
from games import chat, live, moderation, services
from tests.games.helpers import play_one, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """The signals published, as (topics, event, data) without the send time."""
    calls: list[tuple[list[str], str, dict]] = []

    def record(signals):  # publish() sends through publish_all() too
        for topics, event, data in signals:
            calls.append((sorted(topics), event, dict(data)))

    monkeypatch.setattr(bus, "publish_all", record)
    return calls


def test_a_move_is_announced_after_its_commit_to_the_game_and_its_players(
    alice, bob, sent, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    sent.clear()
    with django_capture_on_commit_callbacks() as callbacks:
        play_one(game)
        assert sent == []  # not before the commit
    for callback in callbacks:
        callback()

    game.refresh_from_db()
    next_user = alice if game.current_seat == 0 else bob
    other = bob if next_user == alice else alice
    assert sent == [
        (
            [f"game:{game.public_id}"],
            "game",
            {"game": game.public_id, "version": game.version, "status": "active"},
        ),
        (
            [f"user:{next_user.pk}"],
            "games",
            {
                "game": game.public_id,
                "version": game.version,
                "status": "active",
                "your_turn": True,
            },
        ),
        (
            [f"user:{other.pk}"],
            "games",
            {
                "game": game.public_id,
                "version": game.version,
                "status": "active",
                "your_turn": False,
            },
        ),
    ]


def test_nothing_is_announced_when_the_transaction_rolls_back(
    alice, bob, sent, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    sent.clear()

    def move_then_fail():
        with transaction.atomic():
            play_one(game)
            raise RuntimeError("the request failed after the move")

    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
    ):
        move_then_fail()
    assert callbacks == []
    assert sent == []


def test_chat_lines_and_a_moderator_hiding_one_are_announced_on_the_chat_topic(
    alice, bob, moderator, sent, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        line = chat.chat_post(game=game, user=bob, text="howdy")
    with django_capture_on_commit_callbacks(execute=True):
        moderation.chat_message_hide(message=line, moderator=moderator, reason="spam")
    assert sent == [([f"chat:{game.public_id}"], "chat", {"game": game.public_id})] * 2


def test_a_moderators_pause_and_a_join_in_the_waiting_room_are_announced(
    alice, bob, moderator, sent, django_capture_on_commit_callbacks
):
    waiting = services.game_create(creator=alice, players=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_join(game=waiting, user=bob)
    assert ([f"game:{waiting.public_id}"], "game") in [(t, e) for t, e, _ in sent]

    game = started_game(alice, [bob])
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        moderation.game_pause(game=game, moderator=moderator, reason="a dispute")
    statuses = [data["status"] for topics, event, data in sent if event == "game"]
    assert statuses[-1:] == ["paused"]
    # Whose turn it is counts only while the game runs.
    assert all(not data["your_turn"] for _, event, data in sent if event == "games")


def test_a_players_own_topic_says_when_a_game_of_theirs_ended(
    alice, bob, sent, django_capture_on_commit_callbacks
):
    """What a program that plays through the API hears on its one stream (docs/api.md)."""
    game = started_game(alice, [bob])
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=alice)
    game.refresh_from_db()
    assert game.status == "finished"
    told = {topic: data for topics, event, data in sent if event == "games" for topic in topics}
    for user in (alice, bob):
        assert told[f"user:{user.pk}"]["status"] == "finished"
        assert told[f"user:{user.pk}"]["your_turn"] is False


def test_the_hub_hands_a_signal_to_the_streams_of_its_topics_only():
    async def scenario():
        hub = bus.Hub()
        async with (
            hub.subscribe(["game:a", "user:1"]) as first,
            hub.subscribe(["game:b"]) as second,
        ):
            assert hub.streams == 2
            hub.dispatch(b'{"topics": ["game:a", "user:1"], "event": "game", "data": {"v": 1}}')
            hub.dispatch(b"not json")
            got = first.get_nowait()
            assert (got.event, got.data) == ("game", '{"v": 1}')
            assert (first.qsize(), second.qsize()) == (0, 0)  # once a stream, none for game:b
            for version in range(bus.QUEUE_SIZE + 3):  # a slow reader keeps the newest
                hub.dispatch(
                    f'{{"topics": ["game:b"], "event": "game", "data": {{"v": {version}}}}}'
                )
            seen = [second.get_nowait().data for _ in range(second.qsize())]
            assert len(seen) == bus.QUEUE_SIZE
            assert seen[-1] == f'{{"v": {bus.QUEUE_SIZE + 2}}}'
        assert hub.streams == 0

    asyncio.run(scenario())


@pytest.mark.parametrize("transport", ["redis", "socket"])
def test_a_signal_published_by_another_thread_reaches_a_subscriber(settings, transport, tmp_path):
    if transport == "redis" and not settings.REDIS_URL:
        pytest.skip("no Redis in this run")
    if transport == "socket":
        settings.REDIS_URL = ""
        settings.LIVE_SOCKET = tmp_path / "live.sock"
    settings.LIVE_CHANNEL = f"gwt-live-test-{transport}-{threading.get_ident()}"

    async def scenario():
        hub = bus.Hub()
        async with hub.subscribe([live.game_topic("g")]) as stream:
            await asyncio.wait_for(hub.ready.wait(), 5)
            await asyncio.to_thread(bus.publish, [live.game_topic("g")], "game", {"version": 7})
            signal = await asyncio.wait_for(stream.get(), 5)
        return signal

    signal = asyncio.run(scenario())
    assert signal.event == "game"
    assert '"version": 7' in signal.data


def test_publishing_with_nobody_listening_does_not_fail(settings, tmp_path):
    settings.REDIS_URL = ""
    settings.LIVE_SOCKET = tmp_path / "nobody.sock"
    bus.publish(["game:x"], "game", {"version": 1})  # no error: nothing to tell

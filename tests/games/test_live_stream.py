"""The live stream, ``GET /games/live/``, served by the ASGI server: who may open it, what each
reader hears, and that no signal carries what the reader's seat may not see."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import Client

import engine
from games import chat, moderation, replay, services
from games.errors import StaleVersionError
from tests.asgi_server import AsgiServer, StreamReader, session_key_for
from tests.games.helpers import play_one, started_game

pytestmark = pytest.mark.django_db(transaction=True)

# Every key a signal's data may have: ids, the version, the status, whose turn, the time sent.
SIGNAL_KEYS = {"game", "version", "status", "your_turn", "at"}


@pytest.fixture(scope="module")
def server():
    started = AsgiServer().start()
    yield started
    started.stop()


@pytest.fixture
def streams(server):
    opened: list[StreamReader] = []

    def open_stream(user, game="") -> StreamReader:
        stream = StreamReader(server.port, session_key_for(user) if user else "", game)
        opened.append(stream)
        if stream.status == 200:
            stream.next("ready")
        return stream

    yield open_stream
    for stream in opened:
        stream.close()


def test_the_stream_is_for_signed_in_users_and_existing_games(streams, alice, bob):
    game = started_game(alice, [bob])

    assert streams(None, game.public_id).status == 403
    assert streams(alice, "nosuchgame23").status == 404
    assert streams(alice, game.public_id).status == 200


def test_a_program_opens_the_stream_with_its_api_token_and_hears_its_turn(server, alice, bob):
    """A client of the API waits for its turn on the stream instead of polling for it."""
    from rest_framework.authtoken.models import Token

    game = started_game(alice, [bob])
    game.refresh_from_db()
    while game.current_seat == 0:  # let bob be the one to move
        play_one(game)
        game.refresh_from_db()
    token, _ = Token.objects.get_or_create(user=alice)
    stream = StreamReader(server.port, "", game.public_id, token=token.key)
    try:
        assert stream.status == 200
        stream.next("ready")
        while game.current_seat != 0:
            play_one(game)
            game.refresh_from_db()
        turn = [e.data for e in stream.drain() if e.name == "games"][-1]
        assert (turn["game"], turn["version"], turn["your_turn"]) == (
            game.public_id,
            game.version,
            True,
        )
    finally:
        stream.close()


def test_a_bad_expired_or_suspended_token_is_refused_in_the_apis_words(
    server, settings, alice, bob, moderator
):
    from datetime import timedelta

    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    def refusal(key: str) -> tuple[int, dict]:
        stream = StreamReader(server.port, "", token=key)
        stream.close()
        return stream.status, json.loads(stream.refusal)

    token, _ = Token.objects.get_or_create(user=alice)
    assert refusal("not-a-token") == (
        401,
        {"code": "authentication_failed", "message": "Invalid token."},
    )
    Token.objects.filter(pk=token.pk).update(
        created=timezone.now() - timedelta(seconds=settings.API_TOKEN_TTL + 1)
    )
    assert refusal(token.key)[1]["code"] == "token_expired"

    token, _ = Token.objects.get_or_create(user=bob)
    moderation.user_suspend(user=bob, moderator=moderator, reason="abuse of the chat")
    status, body = refusal(token.key)
    assert (status, body["code"]) == (401, "suspended")
    assert "suspended" in body["message"]


def test_served_by_wsgi_the_stream_answers_at_once_and_the_page_keeps_polling(alice):
    client = Client()
    client.force_login(alice)
    # In a thread of its own, as a WSGI server's: this one may hold an event loop (the
    # browser tests' Playwright), where Django refuses to run an async view synchronously.
    with ThreadPoolExecutor(1) as pool:
        response = pool.submit(client.get, "/games/live/").result()
    assert response.status_code == 503


def test_a_spectator_hears_the_moves_but_not_the_chat_and_players_hear_both(
    streams, alice, bob, carol
):
    game = started_game(alice, [bob])
    player = streams(bob, game.public_id)
    spectator = streams(carol, game.public_id)

    play_one(game)
    game.refresh_from_db()
    for stream in (player, spectator):
        assert stream.next("game").data["version"] == game.version

    chat.chat_post(game=game, user=alice, text="good luck")
    assert player.next("chat").data["game"] == game.public_id
    assert [e.name for e in spectator.drain()] == []


def test_a_players_own_stream_says_when_it_is_their_turn_in_any_game(streams, alice, bob):
    game = started_game(alice, [bob])
    lobby = streams(alice)  # the lobby's stream: no game of its own
    game.refresh_from_db()
    while game.current_seat == 0:  # let bob be the one to move
        play_one(game)
        game.refresh_from_db()
    lobby.drain(quiet=0.3)

    play_one(game)  # bob's decision: alice's turn, or bob goes on deciding
    game.refresh_from_db()
    event = lobby.next("games")
    assert event.data["game"] == game.public_id
    assert event.data["your_turn"] == (game.current_seat == 0)


def test_a_moderators_pause_reaches_every_open_page(streams, alice, bob, carol, moderator):
    game = started_game(alice, [bob])
    spectator = streams(carol, game.public_id)

    moderation.game_pause(game=game, moderator=moderator, reason="a dispute")

    assert spectator.next("game").data["status"] == "paused"


def test_no_signal_carries_a_card_or_a_hand_only_ids_and_versions(settings, streams, alice, bob):
    settings.GWT_EDITIONS = ["1e", "2e"]
    game = started_game(alice, [bob], edition="2e")
    readers = [streams(alice, game.public_id), streams(bob, game.public_id), streams(alice)]
    chat.chat_post(game=game, user=bob, text="my secret plan")
    for _ in range(8):
        play_one(game)
    game.refresh_from_db()

    everything = engine.view(replay.state_at(game, game.version), None, reveal_all=True)
    secret = set()
    for player in everything["players"]:
        for pile in ("hand", "draw_pile"):
            secret |= {card["id"] for card in player[pile]}
    assert secret
    for reader in readers:
        events = reader.drain()
        assert any(e.data.get("version") == game.version for e in events)
        for event in events:
            assert set(event.data) <= SIGNAL_KEYS, event.raw
            assert "my secret plan" not in event.raw
            assert not any(card in event.raw for card in secret), event.raw
        text = "\n".join(reader.raw)
        assert not {"cattle", "breed", "hand"} & set(text.replace('"', " ").split())


def test_a_service_refusal_sends_nothing(streams, alice, bob):
    game = started_game(alice, [bob])
    spectator = streams(bob, game.public_id)
    with pytest.raises(StaleVersionError):
        services.move_submit(
            game=game, user=alice, move={"type": "pass"}, expected_version=game.version + 5
        )
    assert [e.name for e in spectator.drain()] == []


def test_an_open_stream_keeps_its_user_on_the_site_so_no_email_comes_about_the_game(
    streams, alice, monkeypatch
):
    from django.core.cache import cache

    from games.web import live as live_view
    from notifications.models import UserActivity

    monkeypatch.setattr(live_view, "WATCHED_EVERY_SECONDS", 0.2)
    streams(alice)
    UserActivity.objects.all().delete()  # what opening the stream itself recorded
    cache.delete(f"notifications:seen:{alice.pk}")

    deadline = time.monotonic() + 5
    while not UserActivity.objects.filter(user=alice).exists():
        assert time.monotonic() < deadline, "the open stream never said alice is on the site"
        time.sleep(0.05)

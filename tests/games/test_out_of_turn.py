"""Exchange tokens used out of turn through the service (2nd edition, R2-TURN-01): the API,
the game page, the clock, notifications, undo and the bots. Email replies are in
``tests/notifications/test_inbound_out_of_turn.py``."""

from __future__ import annotations

from datetime import timedelta

import pytest

import engine
from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from games import replay, services
from games.errors import StaleVersionError
from games.models import OUT_OF_TURN, Event, Game
from notifications.models import Kind, Notification
from tests.games.helpers import client_for, play_one, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db

EXCHANGE_2 = {"type": "exchange", "n": 2}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def second_edition(settings):
    """New games may be of the 2nd edition."""
    settings.GWT_EDITIONS = ["1e", "2e"]


@pytest.fixture
def game(second_edition, alice, bob, carol) -> Game:
    """A 3-player 2nd edition game with a turn clock: alice (seat 0) to move, then bob and
    carol, each holding the exchange token of the setup."""
    return started_game(alice, [bob, carol], edition="2e", turn_time_limit=timedelta(hours=24))


def state_of(game: Game) -> engine.State:
    game.refresh_from_db()
    return replay.state_at(game)


def test_the_api_takes_a_token_from_a_seat_not_to_move(game, bob_api):
    """R2-TURN-01: bob, not to move, lists and plays an exchange, then the discards it owes
    (by notation); each is his event, marked out of turn; alice stays the seat to move."""
    game.refresh_from_db()
    since, deadline, version = game.turn_since, game.turn_deadline, game.version
    url = f"/api/games/{game.public_id}/"
    listed = bob_api.get(url + "legal-moves/").json()
    assert listed == {"version": version, "moves": [{"type": "exchange", "n": 1}, EXCHANGE_2]}

    answer = bob_api.post(
        url + "moves/", {"move": EXCHANGE_2, "expected_version": version}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert {m["type"] for m in body["moves"]} == {"discard"}
    assert body["view"]["players"][1]["side_decision"] == {"kind": "discard", "n": 2, "drawn": 2}
    assert body["view"]["current_player"] == 0
    for _ in range(2):
        text = engine.describe(state_of(game), 1, body["moves"][0])
        answer = bob_api.post(
            url + "moves/", {"text": text, "expected_version": body["version"]}, format="json"
        )
        assert answer.status_code == 201, answer.json()
        body = answer.json()
    assert body["moves"] == []  # his only token is used, nothing is owed
    assert body["view"]["players"][1]["side_decision"] is None

    game.refresh_from_db()
    assert (game.current_seat, game.turn_since, game.turn_deadline) == (0, since, deadline)
    events = list(Event.objects.filter(game=game, seq__gt=version).order_by("seq"))
    assert [(e.seat, e.payload[OUT_OF_TURN]) for e in events] == [(1, True)] * 3
    assert events[0].payload["text"] == "exchange 2"
    history = bob_api.get(url + "events/").json()["results"]
    texts = [e["text"] for e in history if e["seq"] > version]
    assert texts[0] == "used an exchange token: draw 2 cards, then discard 2 (out of turn)"
    assert next(e["notation"] for e in history if e["seq"] > version) == "exchange 2"
    assert bob_api.get(url).json()["your_turn"] is False


def test_a_move_out_of_turn_tells_nobody_it_is_their_turn(game, bob):
    """R2-TURN-01: no "your turn" (or any) notification comes of a move out of turn."""
    game.refresh_from_db()
    before = Notification.objects.count()
    result = services.move_submit(
        game=game, user=bob, move=EXCHANGE_2, expected_version=game.version
    )
    assert result.seat == 1
    assert Notification.objects.count() == before
    assert not Notification.objects.filter(event_seq=result.version).exists()
    # the seat to move still gets its "your turn" when the turn passes
    while Game.objects.get(pk=game.pk).current_seat == 0:
        play_one(game)
    game.refresh_from_db()
    assert Notification.objects.filter(kind=Kind.YOUR_TURN, event_seq=game.version).exists()


def test_the_version_check_applies_out_of_turn(game, alice, bob):
    """A stale expected_version is refused (409) for a move out of turn too, and a seat
    with nothing to do out of turn is told it is not its turn (403)."""
    game.refresh_from_db()
    version = game.version
    play_one(game)  # alice decides
    with pytest.raises(StaleVersionError):
        services.move_submit(game=game, user=bob, move=EXCHANGE_2, expected_version=version)
    game.refresh_from_db()
    services.move_submit(game=game, user=bob, move=EXCHANGE_2, expected_version=game.version)
    with pytest.raises(InvalidRequestError) as illegal:  # only his discards now
        services.move_submit(game=game, user=bob, move={"type": "exchange", "n": 1})
    assert illegal.value.code == "illegal_move"
    for _ in range(2):
        services.move_submit(game=game, user=bob, move=engine.legal_moves(state_of(game), 1)[0])
    with pytest.raises(NotAllowedError) as refused:  # no token left
        services.move_submit(game=game, user=bob, move=EXCHANGE_2)
    assert refused.value.code == "not_your_turn"


def test_undo_stays_with_the_seat_to_move(game, alice, bob):
    """Bob cannot take back a move out of turn; alice cannot take back across it."""
    game.refresh_from_db()
    services.move_submit(game=game, user=bob, move=EXCHANGE_2)
    with pytest.raises(NotAllowedError) as refused:
        services.move_undo(game=game, user=bob)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(ConflictError) as nothing:
        services.move_undo(game=game, user=alice)
    assert nothing.value.code == "nothing_to_undo"


def test_a_resigned_seats_owed_discards_are_made_by_its_bot(game, bob):
    """A player who used a token out of turn and resigned before discarding: the bot that
    takes the seat makes the discards without waiting for its turn; the seat to move and
    its clock stay as they were."""
    game.refresh_from_db()
    services.move_submit(game=game, user=bob, move=EXCHANGE_2)
    services.game_resign(game=game, user=bob)
    game.refresh_from_db()
    since = game.turn_since
    assert services.bot_turns_play(game_id=game.pk, version=game.version) == 2
    game.refresh_from_db()
    assert engine.side_decision(replay.state_at(game), 1) is None
    assert (game.current_seat, game.turn_since) == (0, since)
    assert services.bot_turns_play(game_id=game.pk, version=game.version) == 0


def test_the_bots_task_is_queued_for_a_bot_owing_discards(
    game, bob, django_capture_on_commit_callbacks, monkeypatch
):
    """The resignation's announcement queues the bots' task although a human is to move,
    because the bot now playing bob's seat owes discards; a human's move otherwise queues
    nothing."""
    from games.services import bots

    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(bots, "queue_bot_turns", lambda g, v: queued.append((g, v)))
    game.refresh_from_db()
    services.move_submit(game=game, user=bob, move=EXCHANGE_2)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=bob)
    game.refresh_from_db()
    assert queued == [(game.pk, game.version)]


def test_the_game_page_shows_a_token_to_a_player_not_to_move(game, bob, carol):
    """R2-TURN-01: bob's page offers his exchange token out of turn; played through the page,
    it then offers only the discards; carol sees that bob owes 2 discards, not the cards."""
    bob_client, carol_client = client_of(bob), client_of(carol)
    page = bob_client.get(f"/games/{game.public_id}/").content.decode()
    assert 'data-testid="out-of-turn"' in page
    assert 'data-group="exchange"' in page
    assert "Your turn</strong>" not in page

    game.refresh_from_db()
    state = replay.state_at(game)
    index = engine.legal_moves(state, 1).index(EXCHANGE_2)
    response = bob_client.post(
        f"/games/{game.public_id}/move/",
        {"move": str(index), "expected_version": str(game.version), "idempotency_key": "k1"},
        **HTMX,
    )
    assert response.status_code == 200
    panel = response.content.decode()
    assert "discard 2 cards for the exchange token you used" in panel
    assert 'data-group="discard"' in panel
    assert 'data-group="exchange"' not in panel
    drawn = state_of(game)["players"][1]["hand"][-2:]

    seen = carol_client.get(f"/games/{game.public_id}/").content.decode()
    assert 'data-testid="side-decision-1"' in seen
    assert "drew 2 cards, 2 still to discard" in seen
    assert 'data-testid="out-of-turn"' in seen  # carol holds a token too
    view = engine.view(state_of(game), 2)
    assert view["players"][1]["hand"] == {"count": 7}
    for cid in drawn:
        assert cid not in seen


def test_a_first_edition_game_has_no_moves_out_of_turn(alice, bob, bob_api):
    """R1-TURN-05: in a 1st edition game a seat not to move still has no move."""
    game = started_game(alice, [bob])
    url = f"/api/games/{game.public_id}/"
    assert bob_api.get(url + "legal-moves/").json()["moves"] == []
    answer = bob_api.post(url + "moves/", {"text": "end"}, format="json")
    assert answer.status_code == 403
    assert answer.json()["code"] == "not_your_turn"
    page = client_of(bob).get(f"/games/{game.public_id}/").content.decode()
    assert 'data-testid="out-of-turn"' not in page


def test_client_for_other_users_sees_no_out_of_turn_moves(game, make_user):
    """Someone without a seat has no moves, in or out of turn."""
    stranger = make_user("dave")
    answer = client_for(stranger).get(f"/api/games/{game.public_id}/legal-moves/")
    assert answer.status_code == 403

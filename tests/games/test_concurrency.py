"""Many clients submitting against the same version of a live server: one wins, the rest 409."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

import engine
from games import replay
from games.models import Event
from tests.games.helpers import started_game

THREADS = 20
ROUNDS = 3


def post(url: str, token: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


def submit_together(url: str, token: str, bodies: list[dict]) -> list[tuple[int, dict]]:
    """POST every body at once from its own thread (a barrier lines them up)."""
    barrier = threading.Barrier(len(bodies))

    def submit(body: dict) -> tuple[int, dict]:
        barrier.wait(timeout=30)
        return post(url, token, body)

    with ThreadPoolExecutor(len(bodies)) as pool:
        return list(pool.map(submit, bodies))


@pytest.mark.django_db(transaction=True)
def test_concurrent_moves_on_one_version_give_one_201_and_409s_and_no_gap(live_server, alice, bob):
    from rest_framework.authtoken.models import Token

    game = started_game(alice, [bob])
    tokens = {0: Token.objects.create(user=alice).key, 1: Token.objects.create(user=bob).key}
    url = f"{live_server.url}/api/games/{game.public_id}/moves/"

    for _ in range(ROUNDS):
        game.refresh_from_db()
        version, seat = game.version, game.current_seat
        move = engine.legal_moves(replay.state_at(game), seat)[0]
        answers = submit_together(
            url,
            tokens[seat],
            [
                {"move": move, "expected_version": version, "idempotency_key": f"{version}-{i}"}
                for i in range(THREADS)
            ],
        )

        statuses = sorted(status for status, _ in answers)
        assert statuses == [201] + [409] * (THREADS - 1), answers
        assert all(
            body == {**body, "code": "stale_version", "current_version": version + 1}
            for status, body in answers
            if status == 409
        )
        winner = next(body for status, body in answers if status == 201)
        assert winner["version"] == version + 1

    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, ROUNDS + 2))

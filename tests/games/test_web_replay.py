"""The replay viewer and the record download."""

from __future__ import annotations

import json
import re

import pytest

import engine
from games import replay, selectors, services
from tests.games.helpers import play_one, started_game
from tests.games.play_helpers import client_of, finished_against_bot

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def replay_url(game, at=None) -> str:
    url = f"/games/{game.public_id}/replay/"
    return url if at is None else f"{url}?at={at}"


@pytest.fixture
def finished(alice):
    return finished_against_bot(alice)


@pytest.fixture
def running(alice, bob):
    game = started_game(alice, [bob])
    for _ in range(12):
        play_one(game)
    game.refresh_from_db()
    return game


def test_a_finished_game_replays_at_each_seq_with_everything_revealed(finished, carol):
    client = client_of(carol)
    for seq in (1, 2, finished.version // 2, finished.version):
        response = client.get(replay_url(finished, seq))

        assert response.status_code == 200
        expected = engine.view(replay.state_at(finished, seq), None, reveal_all=True)
        assert response.context["view"] == expected
        html = response.content.decode()
        for player in expected["players"]:
            assert f'data-testid="money-{player["seat"]}">${player["money"]}<' in html
        assert f'data-testid="replay-seq">{seq}<' in html
        assert re.search(rf'<li value="{seq}" class="current" aria-current="step">', html)
        # The final scores once the game has ended there, as the engine counts them.
        totals = [int(t) for t in re.findall(r'data-testid="score-total">(-?\d+)<', html)]
        if seq == finished.version:
            assert "Final scores" in html
            assert totals == [s["total"] for s in engine.scores(replay.state_at(finished))]
        else:
            assert "Final scores" not in html
            assert totals == []

    # Without ?at: the last position, with links to every step and to the record.
    response = client_of(carol).get(replay_url(finished))

    html = response.content.decode()
    assert response.context["seq"] == finished.version
    assert f"?at={finished.version - 1}" in html  # previous
    assert "?at=1" in html  # first
    assert 'data-replay-key="ArrowLeft"' in html
    assert 'data-replay-key="End"' in html
    assert 'type="range"' in html
    assert html.count("<li value=") == finished.version  # the whole log
    assert f'href="/games/{finished.public_id}/record/"' in html

    # A step through htmx is a fragment.
    response = client_of(carol).get(replay_url(finished, 3), **HTMX)

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="replay-frame"')
    assert "<html" not in html
    # Going back to a step htmx no longer has in its history cache: the whole page.
    restore = client_of(carol).get(
        replay_url(finished, 3), HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert "<html" in restore.content.decode()

    # The record downloads as a JSON attachment.
    response = client_of(carol).get(f"/games/{finished.public_id}/record/")

    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="gwt-{finished.public_id}.json"'
    )
    record = json.loads(response.content)
    assert record == json.loads(json.dumps(selectors.game_record(game=finished)))
    assert record["seed"] == finished.seed  # over: the record replays


@pytest.mark.parametrize("at", ["0", "-1", "abc", "999999"])
def test_a_bad_position_is_refused_readably(running, alice, at):
    response = client_of(alice).get(f"{replay_url(running)}?at={at}")

    assert response.status_code == 400
    assert "must be" in response.content.decode()


def test_a_player_replays_their_running_game_as_their_own_seat_saw_it(running, alice):
    response = client_of(alice).get(replay_url(running, 5))

    assert response.status_code == 200
    view = response.context["view"]
    assert view == engine.view(replay.state_at(running, 5), 0)
    assert isinstance(view["players"][0]["hand"], list)
    assert set(view["players"][1]["hand"]) == {"count"}
    html = response.content.decode()
    assert html.count('<ul class="hand"') == 1
    assert "as your seat saw it" in html


def test_others_cannot_replay_a_running_game(running, carol):
    response = client_of(carol).get(replay_url(running, 3))

    assert response.status_code == 403
    assert "only its players can replay it" in response.content.decode()


def test_a_game_not_started_has_nothing_to_replay(alice):
    game = services.game_create(creator=alice, players=2)

    response = client_of(alice).get(replay_url(game))

    assert response.status_code == 409
    assert "nothing to replay" in response.content.decode()


def test_signed_out_visitors_are_sent_to_log_in(client, running):
    assert client.get(replay_url(running)).status_code == 302

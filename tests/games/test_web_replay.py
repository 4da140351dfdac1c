"""The replay viewer and the record download."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import cache
from django.template import Context, Template
from django.utils import translation

import engine
from games import replay, selectors, services
from games.lineage import Lineage
from games.web import replay_log
from games.web.replay_log import log_items
from notifications.models import NotificationPreference
from tests.games.helpers import (
    end_a_turn_quietly,
    find_undoable_position,
    play_one,
    started_game,
    user_of_seat,
)
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


# The log's loop as the replay's template wrote it before ``games.web.replay_log``.
TEMPLATE_LOG = """{% load i18n %}{% for e in log %}
        <li value="{{ e.seq }}"{% if e.seq == seq %} class="current" aria-current="step"{% endif %}>
          <a href="{{ replay_url }}?at={{ e.seq }}" hx-get="{{ replay_url }}?at={{ e.seq }}" hx-target="#replay-frame" hx-swap="outerHTML" hx-push-url="true"><span class="log-seq">#{{ e.seq }}</span> {% if e.who %}<span class="log-who">{{ e.who }}</span>: {% endif %}{{ e.text }}{% if e.taken_back %} <span class="log-taken-back-mark">{% translate "(taken back)" %}</span>{% endif %}</a>
        </li>
      {% endfor %}"""  # noqa: E501


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_log_is_the_markup_the_template_wrote(language):
    rows = [
        {"seq": 1, "who": "", "text": "Game set up for 2 players", "taken_back": False},
        {
            "seq": 2,
            "who": "<b>ann & 'bo\"b'</b>",
            "text": "paid $2 <at> B-2 & 'x'",
            "taken_back": False,
        },
        {"seq": 3, "who": "bob", "text": "hired", "taken_back": True},
        {"seq": 1234, "who": "bot for red", "text": "l\u2019éleveur", "taken_back": False},
    ]
    url = "/games/abc/replay/"
    with translation.override(language):
        for seq in (1, 3, 1234, 99):
            context = Context({"log": rows, "seq": seq, "replay_url": url})
            assert log_items(rows, seq, url) == Template(TEMPLATE_LOG).render(context)


def test_the_viewer_replays_from_the_events_it_read_as_the_replay_does(settings, alice, bob, carol):
    """The viewer reads the events once and passes their lineage and moves to the replay,
    which then applies the moves in place from a snapshot: every state is the one each move
    gives a copy of the state before it (``states_by_seq``)."""
    settings.GAME_SNAPSHOT_EVERY = 5
    game = started_game(alice, [bob, carol])
    end_a_turn_quietly(game)  # a takeback's decision stays in the log, marked
    services.takeback_ask(game=game, user=alice)
    services.takeback_answer(game=game, user=bob, agree=True)
    services.takeback_answer(game=game, user=carol, agree=True)
    seat, move = find_undoable_position(game)  # an undone decision leaves the log
    user = user_of_seat(game, seat)
    services.move_submit(game=game, user=user, move=move, queue_bots=False)
    services.move_undo(game=game, user=user)
    for _ in range(12):
        play_one(game)
    game.refresh_from_db()

    events = list(selectors.event_history(game=game))
    assert replay.refs_of(events) == replay.event_refs(game)
    lineage = Lineage(replay.refs_of(events))
    assert selectors.hidden_in(lineage) == selectors.hidden_from_players(game=game)
    assert selectors.takeback_marks(lineage) == selectors.taken_back_by_takeback(game=game)
    payloads = {event.seq: event.payload for event in events}
    expected = {seq: engine.to_json(state) for seq, state in replay.states_by_seq(game)}
    for seq in range(1, game.version + 1):
        for _ in range(2):  # the snapshot it starts from is not changed by the replay
            replay.local_states.clear()
            cache.clear()
            state = replay.state_at(game, seq, lineage=lineage, payloads=payloads)
            assert engine.to_json(state) == expected[seq]
        assert engine.to_json(replay.replay_from_scratch(game, seq)) == expected[seq]

    html = client_of(alice).get(replay_url(game)).content.decode()
    shown = [int(seq) for seq in re.findall(r'<li value="(\d+)"', html)]
    assert shown == [event.seq for event in selectors.player_history(game=game)]
    assert html.count("(taken back)") == 1


def cold_get(client, url, **extra):
    """The page with every cache emptied first: as the first request of a process."""
    replay.local_states.clear()
    replay_log.local_logs.clear()
    cache.clear()
    return client.get(url, **extra)


def text_of(response) -> str:
    """The page, but for its CSRF token (masked anew in every response)."""
    return re.sub(r'("X-CSRFToken": |value=)"[^"]{64}"', "token", response.content.decode())


def test_a_step_with_the_log_kept_is_the_page_without_it(finished, carol):
    client = client_of(carol)
    for seq in (2, finished.version // 2, finished.version):
        cold = text_of(cold_get(client, replay_url(finished, seq)))
        client.get(replay_url(finished, 1))  # the log is kept now
        assert text_of(client.get(replay_url(finished, seq))) == cold
        fragment = text_of(cold_get(client, replay_url(finished, seq), **HTMX))
        client.get(replay_url(finished, 1), **HTMX)
        assert text_of(client.get(replay_url(finished, seq), **HTMX)) == fragment


def test_the_log_kept_is_never_another_readers_or_an_older_one(running, alice, bob, carol):
    """Kept per game version, language, viewing seat and names: a new event, a reader of
    another language, the other player (their own hand only) and a renamed player all get
    the page they would get with nothing kept."""
    alice_client, bob_client = client_of(alice), client_of(bob)
    at = replay_url(running, 5)
    html = text_of(alice_client.get(at))
    assert html.count("<li value=") == len(selectors.player_history(game=running))

    play_one(running)  # a new event: the log has one more line
    running.refresh_from_db()
    html = text_of(alice_client.get(at))
    assert html.count("<li value=") == len(selectors.player_history(game=running))
    assert html == text_of(cold_get(alice_client, at))

    # The other player, at the same step: their own hand, and the page as if nothing was kept.
    alice_client.get(at)
    response = bob_client.get(at)
    assert response.context["view"] == engine.view(replay.state_at(running, 5), 1)
    bob_html = text_of(response)
    assert bob_html == text_of(cold_get(bob_client, at))
    assert bob_html.count('<ul class="hand"') == 1
    assert bob_html != html

    # The same reader in another language.
    NotificationPreference.objects.update_or_create(user=bob, defaults={"language": "fr"})
    french = text_of(cold_get(bob_client, at))
    assert "Partie mise en place" in french
    NotificationPreference.objects.filter(user=bob).delete()
    assert "Game set up for" in text_of(bob_client.get(at))
    NotificationPreference.objects.update_or_create(user=bob, defaults={"language": "fr"})
    assert text_of(bob_client.get(at)) == french

    # A player renamed since the log was kept.
    alice_client.get(at)
    type(alice).objects.filter(pk=alice.pk).update(username="alicia")
    html = text_of(alice_client.get(at))
    assert "alicia" in html
    assert html == text_of(cold_get(alice_client, at))

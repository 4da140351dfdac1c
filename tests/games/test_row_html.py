"""The lobby tables' rows written in Python (``games.web.row_html``) are the HTML the
template's loop over the rows drew, for every branch: open, in play and ended games, notes,
rounds, scores, reliability, join, take-over and dismiss buttons, in English and French."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.middleware.csrf import get_token
from django.template import engines
from django.test import RequestFactory
from django.utils import translation

from games import selectors, services
from games.services import notes, substitutes
from games.web.display import game_row, with_reliability
from tests.games.helpers import play_one, play_to_end, started_game

pytestmark = pytest.mark.django_db

# The loop of games/_lobby_games.html before its rows were written in Python.
TEMPLATE_LOOP = (Path(__file__).parent / "lobby_rows_loop.html").read_text()
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=)"[^"]+"')
FLAGS = [
    {},
    {"join_buttons": True},
    {"take_over_buttons": True},
    {"dismiss_buttons": True},
    {"join_buttons": True, "take_over_buttons": True, "dismiss_buttons": True},
]


@pytest.fixture
def varied_games(alice, bob, carol):
    """Games in every state a row shows: played with a note and a name to escape, open in
    the lobby with a whole clock, ended, against a bot, with a seat seeking a substitute."""
    named = started_game(alice, [bob], name='<b>"Tom" & Jerry\'s</b>')
    for _ in range(8):
        play_one(named)
    notes.note_save(game=named, user=alice, text="mine")
    services.game_create(
        creator=bob,
        players=3,
        lobby=True,
        turn_time_limit=timedelta(days=1),
        quiet_hours=(22, 7),
        weekend_pause=True,
        vacation_days=2,
        bank_days=1,
        min_finished_percent=50,
    )
    started_game(carol, [alice])
    play_to_end(started_game(alice, [carol]))
    started_game(alice, bots=[1])
    handed = started_game(bob, [carol])
    substitutes.seat_hand_over(game=handed, user=carol)
    services.game_create(creator=alice, players=2, lobby=True)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_rows_are_the_html_the_templates_loop_drew(varied_games, alice, bob, carol, language):
    engine = engines["django"]
    loop = engine.from_string(TEMPLATE_LOOP)
    rows_tag = engine.from_string(
        "{% load game_rows %}"
        + (
            "  {% game_rows rows join_buttons=join_buttons take_over_buttons=take_over_buttons "
            "dismiss_buttons=dismiss_buttons %}"
        )
    )
    request = RequestFactory().get("/games/")
    get_token(request)
    compared = 0
    with translation.override(language):
        for viewer in (alice, bob, carol):
            request.user = viewer
            games = [
                *selectors.game_list_for_user(user=viewer, dismissed=True),
                *selectors.game_list_lobby(user=viewer),
                *selectors.game_list_seeking_substitute(user=viewer),
            ]
            for tz_name in ("UTC", "Europe/Paris"):
                rows = [game_row(game, viewer, tz_name=tz_name) for game in games]
                for shown in (rows, with_reliability(rows)):
                    for flags in FLAGS:
                        context = {"rows": shown, **flags}
                        before = TOKEN.sub(r"\1", loop.render(context, request))
                        after = TOKEN.sub(r"\1", rows_tag.render(context, request))
                        assert after == before
                        compared += len(shown)
    assert compared >= 3 * 2 * 2 * len(FLAGS) * 4

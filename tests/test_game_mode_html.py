"""The profile's forms of each game's notifications, written in Python
(``accounts.game_mode_html``), are the HTML the template's loop drew: every status, a
game's own settings, the first and a later page, in English and French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.middleware.csrf import get_token
from django.template import engines
from django.test import RequestFactory
from django.utils import translation

from accounts import views
from games import services
from notifications import endpoints
from notifications.models import GameNotificationPreference
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

# The loop of accounts/profile.html before its forms were written in Python.
TEMPLATE_LOOP = (Path(__file__).parent / "profile_game_forms_loop.html").read_text()
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=)"[^"]+"')  # masked anew each time


class Page:
    def __init__(self, number: int) -> None:
        self.number = number


def test_the_forms_are_the_html_the_templates_loop_drew(alice, bob, carol):
    games = [
        started_game(alice, [bob]),
        started_game(alice, [bob, carol]),
        services.game_create(creator=alice, players=3, lobby=True),  # open, waiting for seats
    ]
    games[0].name = '<b>"Tom" & Jerry\'s</b>'
    games[0].save(update_fields=["name"])
    GameNotificationPreference.objects.create(user=alice, game=games[0], mode="off")
    endpoints.channel_preference_set(user=alice, channel="push", enabled=False, game=games[1])
    request = RequestFactory().get("/accounts/profile/")
    request.user = alice
    get_token(request)
    engine = engines["django"]
    loop = engine.from_string("{% load i18n %}" + TEMPLATE_LOOP)
    tag = engine.from_string(
        "{% load game_mode_forms %}    {% game_mode_forms game_forms games_page %}"
    )
    compared = 0
    for language in ("en", "fr"):
        with translation.override(language):
            game_forms = views.profile_game_forms(alice, games)
            for number in (1, 3):
                context = {"game_forms": game_forms, "games_page": Page(number)}
                before = TOKEN.sub(r"\1", loop.render(context, request))
                assert TOKEN.sub(r"\1", tag.render(context, request)) == before.rstrip("\n")
                compared += len(game_forms)
    assert compared == 2 * 2 * len(games)
    assert len({game.status for game in games}) == 2
    assert 'value="off" selected' in before
    assert 'name="page" value="3"' in before
    assert 'name="csrfmiddlewaretoken"' in before

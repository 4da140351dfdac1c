"""The games pages in French for a French-speaking player: the lobby, the new-game form, the
game page, the replay and the refusals say their words in French; the notation players type
or reply with stays the same. English stays the source (the other tests read it)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.models import Event, EventKind, JournalLine
from games.web import stale
from notifications.models import NotificationPreference
from tests.games.helpers import started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


def french(user):
    NotificationPreference.objects.update_or_create(user=user, defaults={"language": "fr"})
    return client_of(user)


@pytest.fixture
def game(alice, bob):
    return started_game(alice, [bob])


def test_the_game_page_speaks_french_to_a_french_player(alice, bob, game):
    page = french(alice).get(f"/games/{game.public_id}/").content.decode()

    assert '<html lang="fr"' in page
    assert "Journal de la partie" in page
    assert "Game log" not in page
    assert "Siège 1 (bleu) : alice" in page
    assert "Siège 2 (rouge) : bob" in page
    assert "disposition de première partie" in page
    assert "Abandonner cette partie" in page
    # The notation on the buttons is the one of the help and of the email replies.
    notations = re.findall(r'data-notation="([^"]+)"', page)
    english = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    assert notations
    assert notations == re.findall(r'data-notation="([^"]+)"', english)


def test_the_same_page_stays_english_for_an_english_player(bob, game):
    page = client_of(bob).get(f"/games/{game.public_id}/").content.decode()

    assert "Game log" in page
    assert "Seat 2 (red): bob" in page
    assert "Journal de la partie" not in page


def test_the_lobby_and_the_new_game_form_in_french(alice, game):
    client = french(alice)
    lobby = client.get("/games/").content.decode()
    form = client.get("/games/new/").content.decode()

    assert "Mes parties" in lobby
    assert "Nouvelle partie" in lobby
    assert "Créer la partie" in form
    assert "Siège 2 (rouge)" in form  # the bot seats
    assert "3 jours" in form  # the turn time limits
    assert "normal — joue pour gagner" in form
    assert 'value="normal"' in form  # what the form posts stays the service's word


def test_a_french_players_refusal_is_in_french(alice, game):
    response = french(alice).post(
        f"/games/{game.public_id}/move/",
        {"move": "999", "expected_version": str(game.version), "idempotency_key": ""},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 400
    assert "choisissez-en un parmi ceux proposés" in response.content.decode()


def test_a_form_error_in_french(alice):
    response = french(alice).post(
        "/games/new/",
        {
            "players": "2",
            "bots": ["0", "1"],
            "bot_kind": "normal",
            "layout": "beginner",
            "turn_limit_hours": "72",
            "timeout_policy": "bot_move",
            "vacation_days": "0",
            "visibility": "invite",
        },
    )

    assert response.status_code == 400
    assert "Gardez au moins un siège pour vous." in response.content.decode()


def test_what_happened_on_a_stale_page_in_french():
    events = [Event(kind=EventKind.MOVE, seat=1), Event(kind=EventKind.PAUSE, seat=None)]
    with translation.override("fr"):
        text = stale.what_happened(events, {0: "alice", 1: "bob"}, you=0)
    assert text == "bob a joué et un modérateur a mis la partie en pause"
    with translation.override("en"):
        text = stale.what_happened(events, {0: "alice", 1: "bob"}, you=0)
    assert text == "bob moved and a moderator paused the game"


def test_buttons_and_log_speak_the_readers_language(alice, bob, game):
    client = french(alice)
    page = client.get(f"/games/{game.public_id}/").content.decode()
    assert "Commencer sur le bâtiment neutre" in page  # the first decision's buttons
    assert "Start on neutral building" not in page

    game.refresh_from_db()
    answer = client.post(
        f"/games/{game.public_id}/move/",
        {"move": "0", "expected_version": str(game.version), "idempotency_key": "fr-1"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    assert "Coup joué." in answer.content.decode()

    # The log says the move in each reader's language; the event keeps the number of its
    # line, whose words in both languages are stored once.
    event = Event.objects.filter(game=game, kind=EventKind.MOVE).latest("seq")
    line = JournalLine.objects.get(pk=event.line_id)
    assert line.english.startswith("started on neutral building")
    assert line.others["fr"].startswith("Commencer sur le bâtiment neutre")
    french_log = french(alice).get(f"/games/{game.public_id}/").content.decode()
    english_log = client_of(bob).get(f"/games/{game.public_id}/").content.decode()
    assert line.others["fr"] in french_log
    assert line.english in english_log


def test_a_refusal_of_the_services_keeps_its_code_and_speaks_french(carol, game):
    from common.errors import ServiceError
    from games import services

    with translation.override("fr"), pytest.raises(ServiceError) as refused:
        services.game_join(game=game, user=carol)
    assert refused.value.code == "game_not_open"
    assert refused.value.message.startswith("Cette partie n")
    assert "ouverte aux nouveaux joueurs" in refused.value.message


def test_the_boards_headings_in_each_readers_language(alice, bob, game):
    french_page = french(alice).get(f"/games/{game.public_id}/").content.decode()
    english_page = client_of(bob).get(f"/games/{game.public_id}/").content.decode()

    for french_word, english_word in [
        ("Villes", "Cities"),
        ("Prévision", "Foresight"),
        ("Réserve de Kansas City", "Kansas City supply"),
        ("Inondation", "Flood"),
    ]:
        assert f">{french_word}<" in french_page
        assert f">{english_word}<" in english_page
        assert f">{english_word}<" not in french_page  # the board's kept pieces are per language

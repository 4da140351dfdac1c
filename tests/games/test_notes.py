"""Private notes (games.services.notes): only their author ever reads them, on the page, in
the API, the lobby's marker; never another seat, a spectator, the record, the replay or an
email to another player."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from common.errors import InvalidRequestError, NotAllowedError
from games import services
from games.models import NOTE_MAX_CHARS, GameNote
from games.services import notes
from notifications.delivery import notification_send
from notifications.models import Notification
from tests.games.helpers import client_for, moves_passing_the_turn, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db

SECRET = "Bob hoards Angus: block B-3 next turn"


@pytest.fixture
def noted(alice, bob):
    """A two-player game in which bob (seat 1) wrote a note."""
    game = started_game(alice, [bob])
    notes.note_save(game=game, user=bob, text=SECRET)
    return game


def test_a_note_is_saved_edited_and_deleted_by_its_author(noted, bob):
    assert notes.note_of(game=noted, user=bob).text == SECRET
    notes.note_save(game=noted, user=bob, text="  changed  ")
    assert notes.note_of(game=noted, user=bob).text == "changed"
    assert notes.note_save(game=noted, user=bob, text="   ") is None
    assert not GameNote.objects.filter(game=noted).exists()


def test_a_note_is_refused_to_a_spectator_and_when_too_long(noted, bob, carol):
    with pytest.raises(NotAllowedError):
        notes.note_save(game=noted, user=carol, text="mine")
    with pytest.raises(InvalidRequestError):
        notes.note_save(game=noted, user=bob, text="x" * (NOTE_MAX_CHARS + 1))
    assert notes.note_of(game=noted, user=bob).text == SECRET  # unchanged
    assert notes.note_of(game=noted, user=carol) is None


def test_the_note_is_on_its_authors_page_only(noted, alice, bob, carol):
    url = f"/games/{noted.public_id}/"
    mine = client_of(bob).get(url).content.decode()
    assert SECRET in mine
    assert 'data-testid="game-note-marker"' in mine
    for other in (alice, carol):
        html = client_of(other).get(url).content.decode()
        assert SECRET not in html
        assert 'data-testid="game-note-marker"' not in html
    # ... and never in the replay or the record, whoever asks
    for user in (alice, bob, carol):
        for path in ("replay/", "record/"):
            assert SECRET not in client_of(user).get(url + path).content.decode()


def test_the_page_saves_a_note_with_and_without_htmx(noted, alice):
    url = f"/games/{noted.public_id}/note/"
    answer = client_of(alice).post(url, {"text": "watch the job market"})
    assert answer.status_code == 302
    assert notes.note_of(game=noted, user=alice).text == "watch the job market"
    answer = client_of(alice).post(url, {"text": ""}, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert 'data-testid="note-saved"' in answer.content.decode()
    assert notes.note_of(game=noted, user=alice) is None


def test_a_spectators_note_is_refused_on_the_page(noted, carol):
    answer = client_of(carol).post(f"/games/{noted.public_id}/note/", {"text": "x"})
    assert answer.status_code == 403
    assert not GameNote.objects.filter(user=carol).exists()


def test_the_api_gives_a_note_only_to_its_author(noted, alice, bob, carol):
    url = f"/api/games/{noted.public_id}/note/"
    assert client_for(bob).get(url).json()["text"] == SECRET
    assert client_for(alice).get(url).json() == {"text": "", "updated_at": None}
    assert client_for(carol).get(url).status_code == 403
    for user in (alice, carol):
        for path in ("", "state/", "events/", "record/"):
            answer = client_for(user).get(f"/api/games/{noted.public_id}/{path}")
            assert SECRET not in answer.content.decode(), path
    assert client_for(bob).get(f"/api/games/{noted.public_id}/").json()["has_note"] is True
    assert client_for(alice).get(f"/api/games/{noted.public_id}/").json()["has_note"] is False


def test_the_api_writes_and_deletes_a_note(noted, alice, carol):
    url = f"/api/games/{noted.public_id}/note/"
    answer = client_for(alice).put(url, {"text": "a"}, format="json")
    assert answer.status_code == 200
    assert answer.json()["text"] == "a"
    too_long = client_for(alice).put(url, {"text": "x" * (NOTE_MAX_CHARS + 1)}, format="json")
    assert too_long.status_code == 400
    assert client_for(carol).put(url, {"text": "b"}, format="json").status_code == 403
    assert notes.note_of(game=noted, user=alice).text == "a"
    assert client_for(alice).delete(url).status_code == 204
    assert notes.note_of(game=noted, user=alice) is None


def test_my_games_marks_the_games_with_a_note_for_their_author_only(noted, alice, bob):
    assert 'data-testid="note-marker"' in client_of(bob).get("/games/").content.decode()
    assert 'data-testid="note-marker"' not in client_of(alice).get("/games/").content.decode()
    listed = client_for(bob).get("/api/games/").json()
    assert [game["has_note"] for game in listed] == [True]


def test_no_email_to_another_player_carries_the_note(
    alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    notes.note_save(game=game, user=alice, text=SECRET)
    passing = moves_passing_the_turn(game, alice)
    game.refresh_from_db()
    Notification.objects.all().delete()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(
            game=game, user=alice, move=passing[0], expected_version=game.version, queue_bots=False
        )
    later = timezone.now() + timedelta(days=1)
    for notification in Notification.objects.all():
        notification_send(notification_id=notification.pk, now=later)
    assert mail.outbox, "bob was told it is his turn"
    for message in mail.outbox:
        bodies = [message.body] + [content for content, _type in message.alternatives]
        assert all(SECRET not in body for body in bodies)


def test_the_open_games_lobby_marks_ones_own_open_game_with_a_note(alice, bob):
    game = services.game_create(creator=alice, players=2, lobby=True)
    notes.note_save(game=game, user=alice, text=SECRET)
    assert 'data-testid="note-marker"' in client_of(alice).get("/games/open/").content.decode()
    html = client_of(bob).get("/games/open/").content.decode()
    assert f'data-game="{game.public_id}"' in html
    assert 'data-testid="note-marker"' not in html

"""Every email goes out in its recipient's language, whoever's action sent it; a reply may
use French words for the notation's own words."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from games import replay
from games.models import Game
from notifications import reply_words
from notifications.models import Kind, Notification, NotificationPreference
from notifications.turn_facts import numbered_options
from tests.notifications.helpers import pass_turn
from tests.notifications.inbound_support import (
    deliver_all,
    latest_to,
    mailgun_post,
    plain_reply,
    reply_address_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbound_email")]


def speaks(user, language: str) -> None:
    NotificationPreference.objects.update_or_create(user=user, defaults={"language": language})


def test_a_turn_email_is_in_its_recipients_language_not_the_movers(two_player_game, bob):
    speaks(bob, "fr")
    Notification.objects.all().delete()
    with translation.override("en"):  # alice plays on an English page
        pass_turn(two_player_game)

    [message] = deliver_all()

    assert message.to == [bob.email]
    assert message.subject.startswith("Votre tour dans partie ")
    assert "C'est votre tour dans partie" in message.body
    assert "(vous jouez rouge)" in message.body
    assert "Vos options maintenant :" in message.body
    assert "Votre main :" in message.body
    html = message.alternatives[0][0]
    assert '<html lang="fr">' in html
    assert "Se désinscrire" in html
    # The notation a reply writes is the same in both languages.
    assert "end" in message.body or "move" in message.body


def test_an_english_recipient_of_a_french_players_move_reads_english(two_player_game, alice):
    speaks(alice, "en")
    Notification.objects.all().delete()
    pass_turn(two_player_game)  # alice's turn passes to bob, bob's back to alice
    with translation.override("fr"):
        pass_turn(two_player_game)
    Notification.objects.exclude(recipient=alice).delete()

    [message] = deliver_all()
    assert message.subject.startswith("Your turn in game ")
    assert "It is your turn in game" in message.body
    assert "Your options now:" in message.body


def test_game_over_emails_are_written_once_per_language(two_player_game, alice, bob):
    from games import services

    speaks(bob, "fr")
    Notification.objects.all().delete()
    with translation.override("en"):
        services.game_resign(game=two_player_game, user=alice)

    rows = {row.recipient_id: row for row in Notification.objects.filter(kind=Kind.GAME_OVER)}
    assert rows[bob.pk].context["game_name"].startswith("partie ")
    assert rows[alice.pk].context["game_name"].startswith("game ")
    deliver_all()
    assert latest_to(bob).subject.endswith("est terminée")
    assert latest_to(alice).subject.endswith("is over")


def test_the_answer_to_a_reply_is_in_the_players_language(client, two_player_game, alice):
    speaks(alice, "fr")
    Notification.objects.all().delete()
    pass_turn(two_player_game)  # to bob
    pass_turn(two_player_game)  # back to alice
    deliver_all()
    turn_email = latest_to(alice)
    mail.outbox.clear()

    raw = plain_reply(alice.email, reply_address_of(turn_email), ["999"])
    assert mailgun_post(client, raw).status_code == 200
    [answer] = deliver_all()

    assert answer.subject.startswith("Rien n'a été joué dans partie ")
    assert "il n'y a pas d'option 999" in answer.body
    assert "Ligne 1" in answer.body


@pytest.mark.parametrize(
    ("written", "notation"),
    [
        ("passer", "pass"),
        ("Passer", "pass"),
        ("fin", "end"),
        ("Fin du tour", "end"),
        ("Arrêter", "done"),
        ("j\u2019arr\u00eate", "done"),  # a typographic apostrophe
        ("livrer ABQ", "deliver ABQ"),
        ("Embaucher cowboy row 3", "hire cowboy row 3"),
        ("construire 3a", "build 3a"),
        ("échanger 2", "exchange 2"),
    ],
)
def test_french_words_for_the_notations_own_words(written, notation):
    assert reply_words.to_notation(written) == notation


@pytest.mark.parametrize("line", ["end", "pass", "move B via A-1", "deliver ABQ", "3", "fine"])
def test_a_line_in_the_notation_is_left_as_it_is(line):
    assert reply_words.to_notation(line) == line


def test_no_french_word_is_a_word_of_the_notation():
    english = {"end", "pass", "done", "move", "buy", "hire", "build", "deliver", "discard"}
    french = set(reply_words.WHOLE_LINES) | set(reply_words.LEADING_WORDS)
    assert not english & french


def test_a_reply_in_french_words_is_played_as_the_notation(client, two_player_game, alice):
    speaks(alice, "fr")
    Notification.objects.all().delete()
    pass_turn(two_player_game)  # to bob
    pass_turn(two_player_game)  # back to alice
    deliver_all()
    turn_email = latest_to(alice)
    mail.outbox.clear()
    state = replay.state_at(Game.objects.get(pk=two_player_game.pk))
    notations = [choice["text"] for choice in numbered_options(state, 0)]
    english = next(text for text in notations if text.startswith("move "))
    french = "aller " + english.removeprefix("move ")

    raw = plain_reply(alice.email, reply_address_of(turn_email), [french])
    assert mailgun_post(client, raw).status_code == 200
    [answer] = deliver_all()

    assert answer.subject.startswith("Coups joués dans partie ")
    assert english in answer.body

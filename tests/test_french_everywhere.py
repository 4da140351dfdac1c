"""Every page and every email a French reader gets is French: the lobby, the game page mid-game
in both editions, the replay, the help, the account pages, the players' pages and the
moderators' admin pages, and each kind of email, are read through ``tests.french_text``,
which fails on a message left without its translation or on common English words.

Names (players, games) and the move notation are allowed: they are the same in every
language.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game
from games.moderation import game_pause
from notifications.models import Mode, NotificationPreference
from notifications.outbox import invitation_send
from notifications.scheduled import deadline_warnings_queue, digests_queue, reminders_queue
from tests.french_text import assert_french, english_left, notation_of
from tests.games.helpers import end_a_turn_quietly, play_one, play_to_end, started_game
from tests.games.play_helpers import client_of
from tests.notifications.helpers import pass_turn
from tests.notifications.inbound_support import (
    configure,
    deliver_all,
    latest_to,
    mailgun_post,
    plain_reply,
    reply_address_of,
)

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


def speaks_french(*users: Any) -> None:
    for user in users:
        NotificationPreference.objects.update_or_create(user=user, defaults={"language": "fr"})


def names_of(*users: Any) -> list[str]:
    return [u.username for u in users]


def played(game: Game, moves: int) -> Game:
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != "active":
            break
        play_one(game)
    game.refresh_from_db()
    return game


def check_pages(client: Client, paths: Iterable[str], allowed: Iterable[str]) -> list[str]:
    """The problems of each page: its status, its language, and its English."""
    allowed = list(allowed)
    problems = []
    for path in paths:
        page = client.get(path, **FRENCH)
        if page.status_code != 200:
            problems.append(f"{path}: status {page.status_code}")
            continue
        content = page.content.decode()
        if 'lang="fr"' not in content:
            problems.append(f"{path}: not in French")
        try:
            assert_french(content, path, allowed=allowed)
        except AssertionError as exc:
            problems.append(str(exc))
    return problems


def test_a_game_id_is_no_english_even_with_an_english_word_between_its_digits():
    """A public id's letters between digits ("who" in 4uqw23who3j9) are not a word: the
    check once failed a page for it. The same word standing alone is still found."""
    assert english_left("<p>Partie 4uqw23who3j9 : à vous.</p>") == []
    assert english_left("<p>Partie who : à vous.</p>") == ["who"]


@pytest.fixture
def french_players(alice, bob, carol):
    speaks_french(alice, bob, carol)
    return alice, bob, carol


def test_every_page_a_french_player_reads_is_french(french_players):
    alice, bob, carol = french_players
    first = played(started_game(alice, [bob], rated=True), 60)
    second = played(
        started_game(alice, [bob, carol], edition="2e", options={"simmental": True}), 80
    )
    finished = play_to_end(started_game(alice, [bob], rated=True))
    waiting = services.game_create(creator=carol, players=2, lobby=True)
    allowed = names_of(alice, bob, carol) + [
        text for game in (first, second, finished) for text in notation_of(game)
    ]
    paths = [
        "/",
        "/games/",
        "/games/new/",
        "/games/open/",
        f"/games/join/{waiting.public_id}/",
        f"/games/{first.public_id}/",
        f"/games/{second.public_id}/",
        f"/games/{finished.public_id}/",
        f"/games/{first.public_id}/text/",
        f"/games/{second.public_id}/text/",
        f"/games/{finished.public_id}/text/",
        f"/games/{finished.public_id}/replay/",
        f"/games/{second.public_id}/replay/",
        "/help/moves/",
        "/help/email/",
        "/help/ratings/",
        "/accounts/profile/",
        "/players/",
        "/players/?edition=2e",
        f"/players/{alice.username}/",
        f"/players/{bob.username}/?vs={alice.username}",
    ]
    problems = check_pages(client_of(alice), paths, allowed)
    visitor = Client()
    problems += check_pages(
        visitor,
        ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"],
        allowed,
    )
    assert not problems, "\n".join(problems)


def test_every_admin_page_a_french_moderator_uses_is_french(french_players, moderator):
    alice, bob, carol = french_players
    speaks_french(moderator)
    game = played(started_game(alice, [bob]), 20)
    services_report(game, bob, alice)
    from games.models import Report

    report = Report.objects.get()
    allowed = names_of(alice, bob, carol, moderator) + notation_of(game)
    paths = [
        "/admin/",
        "/admin/games/game/",
        f"/admin/games/game/{game.pk}/change/",
        "/admin/games/report/",
        f"/admin/games/report/{report.pk}/change/",
        "/admin/games/chatmessage/",
        "/admin/games/player/",
        f"/admin/games/player/{alice.pk}/change/",
        "/admin/games/moderationaction/",
        "/admin/games/suspension/",
        "/admin/games/event/",
    ]
    problems = check_pages(client_of(moderator), paths, allowed)
    assert not problems, "\n".join(problems)


def services_report(game: Game, reporter: Any, reported: Any) -> None:
    """``reporter`` reports ``reported``'s chat line in ``game`` to the moderators."""
    from games import chat
    from games.moderation.reports import report_create

    line = chat.chat_post(game=game, user=reported, text="bonjour")
    report_create(game=game, reporter=reporter, reason="abuse", text="déplacé", message=line)


def test_every_kind_of_email_a_french_player_gets_is_french(
    client, settings, french_players, moderator
):
    alice, bob, carol = french_players
    configure(settings)
    mail.outbox.clear()
    names = names_of(alice, bob, carol, moderator)
    seen: list[str] = []  # the notation the emails may show, gathered as the game goes

    # An invitation, a start, turns, a reminder, a deadline warning and a daily digest.
    game = services.game_create(
        creator=alice, players=2, turn_time_limit=timedelta(hours=24), lobby=True
    )
    invitation_send(game=game, inviter=alice, invitee=bob)
    services.game_join(game=game, user=bob)
    services.game_start(game=game, user=alice)
    for _ in range(3):
        pass_turn(game)
        seen += notation_of(game)
        deliver_all()
    long_ago = timezone.now() - timedelta(days=2)
    Game.objects.filter(pk=game.pk).update(turn_since=long_ago, updated_at=long_ago)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() + timedelta(days=3))
    reminders_queue()
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() + timedelta(hours=1))
    deadline_warnings_queue()
    deliver_all()
    NotificationPreference.objects.filter(user=carol).update(mode=Mode.DIGEST, digest_hour=0)
    digest_game = started_game(alice, [carol])
    pass_turn(digest_game)
    seen += notation_of(digest_game)
    digests_queue(now=timezone.now().replace(hour=0))
    deliver_all()

    # Answers to email replies: one refused by the engine, one unknown option, one played.
    game.refresh_from_db()
    seen += notation_of(game)  # the options the refusals list
    player = game.seats.get(index=game.current_seat).user
    for lines in (["deliver XYZ"], ["999"], ["1"]):
        turn_email = latest_to(player)
        raw = plain_reply(player.email, reply_address_of(turn_email), lines)
        assert mailgun_post(client, raw).status_code == 200
        deliver_all()
    game.refresh_from_db()  # the options the confirmation lists are those after the reply
    seen += notation_of(game)

    # A takeback asked by email, refused by a reply: the request, the answer, the outcome.
    takeback_game = started_game(alice, [bob])
    end_a_turn_quietly(takeback_game)
    services.takeback_ask(game=takeback_game, user=alice)
    seen += notation_of(takeback_game)
    deliver_all()
    raw = plain_reply(bob.email, reply_address_of(latest_to(bob)), ["REFUSER"])
    assert mailgun_post(client, raw).status_code == 200
    deliver_all()

    # A moderator's action, then a game played to its end.
    game_pause(game=game, moderator=moderator, reason="vérification")
    deliver_all()
    over = play_to_end(started_game(bob, [alice]))
    seen += notation_of(over)
    deliver_all()

    allowed = names + seen
    problems = []
    for message in mail.outbox:
        body = message.subject + "\n" + message.body
        html = message.alternatives[0][0] if message.alternatives else ""
        for where, content in (("text", body), ("html", html)):
            try:
                assert_french(content, f"email {message.subject!r} ({where})", allowed=allowed)
            except AssertionError as exc:
                problems.append(str(exc))
    assert not problems, "\n\n".join(problems)
    subjects = "\n".join(m.subject for m in mail.outbox)
    for french in (
        "vous invite",
        "a commencé",
        "Votre tour",
        "Rappel",
        "Échéance proche",
        "vous attend",
        "Rien n'a été joué",
        "Coups joués",
        "Un modérateur",
        "demande à reprendre",
        "Votre réponse à la demande de reprise",
        "a été refusée",
        "est terminée",
    ):
        assert french in subjects, f"no email {french!r} among:\n{subjects}"

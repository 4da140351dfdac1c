"""The acceptance test of the French service, end to end in a browser speaking French: a
visitor whose browser asks for French signs up, confirms the address from a French email and
creates a rated game on the French form; Bob, another French player, joins from the invite
link. They play it to the end, Alice on the game page and Bob by replying to his turn emails
(the option number, then the following decisions with the French words for the notation);
after the game the leaderboard and both profiles show their ratings, in French.

Every page the browser visits and every email either of them gets is read through
``tests.french_text`` (no message left untranslated, no common English word; names and the
move notation are allowed). A game has some 300 decisions: a sample of Alice's is clicked in
the browser and a sample of Bob's replied by email; the others are made through the service
functions the other acceptance tests use (``tests.games.helpers.play_one``), which keeps the
run short. Two people play, so the game is rated (docs/ratings.md: a rated game needs two
people and has no bot).

Screenshots of the French pages go to var/screenshots/ (``french-acceptance-*.png``).
"""

from __future__ import annotations

import re
from typing import Any

from django.core import mail
from django.core.cache import cache
from django.test import Client

import engine
import engine.bots
from games import replay
from games.models import Event, Game, GameStatus
from notifications import reply_words
from notifications.models import InboundEmail, InboundOutcome, NotificationPreference
from players.models import Rating
from players.pages import rating_number
from tests.browser.helpers import save_screenshot
from tests.browser.test_play import panel_version, stop_polling
from tests.french_text import assert_french, notation_of
from tests.games.helpers import play_one
from tests.notifications.inbound_support import (
    configure,
    deliver_all,
    latest_to,
    mailgun_post,
    options_in,
    plain_reply,
    reply_address_of,
)
from tests.users import PASSWORD

ALICE, BOB = 0, 1
# Alice's first decisions and one in this many are clicked; Bob's first turns are replied by
# email, and one in this many after them.
CLICK_EVERY = 20
EMAIL_TURNS = 8
EMAIL_EVERY = 10
MAX_DECISIONS = 2000
# The French notation words (notifications/reply_words.py) Bob writes instead of the English.
FRENCH_WORDS = {
    **{english: french for french, english in reply_words.LEADING_WORDS.items()},
    "move": "aller",
    "start": "commencer",
    "buy": "acheter",
}


class FrenchReader:
    """Reads every page and email meant for the two French players as it comes."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.emails_read = 0
        self.pages_read: list[str] = []

    def page(self, page: Any, game: Game | None = None) -> None:
        assert page.locator("html").get_attribute("lang") == "fr", page.url
        allowed = self.names + (notation_of(game) if game is not None else [])
        assert_french(page.content(), f"page {page.url}", allowed=allowed)
        self.pages_read.append(page.url)

    def emails(self, game: Game | None = None) -> None:
        """Every email sent since the last look (delivered first)."""
        deliver_all()
        allowed = self.names + (notation_of(game) if game is not None else [])
        for message in mail.outbox[self.emails_read :]:
            html = message.alternatives[0][0] if message.alternatives else ""
            where = f"email {message.subject!r} to {message.to}"
            assert_french(message.subject + "\n" + message.body, where, allowed=allowed)
            assert_french(html, where + " (HTML)", allowed=allowed)
        self.emails_read = len(mail.outbox)


def in_french_words(notation: str) -> str:
    """``notation`` with its first word said in French where a reply may do so."""
    word, _, rest = notation.partition(" ")
    french = FRENCH_WORDS.get(word)
    if french is None:
        return notation
    line = f"{french} {rest}".strip()
    return line if reply_words.to_notation(line) == notation else notation


def sign_up(page: Any, reader: FrenchReader) -> Any:
    """The French visitor signs up, confirms the address from the French email, and lands on
    her games."""
    from django.contrib.auth import get_user_model

    page.goto("/")
    reader.page(page)
    page.get_by_role("link", name="S'inscrire").first.click()
    reader.page(page)
    assert page.get_by_role("heading", name="S'inscrire").is_visible()
    page.fill("#id_username", "alice")
    page.fill("#id_email", "alice@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Créer mon compte").click()
    page.get_by_role("heading", name="Consultez vos e-mails").wait_for()
    reader.page(page)
    [confirmation] = [m for m in mail.outbox if "alice@example.org" in m.to]
    reader.emails()
    link = re.search(r"https?://\S*/accounts/confirm/\S+", confirmation.body)
    assert link, confirmation.body
    page.goto(link[0])
    page.get_by_role("heading", name="Mes parties").wait_for()
    reader.page(page)
    save_screenshot(page, "french-acceptance-my-games")
    alice = get_user_model().objects.get(username="alice")
    assert NotificationPreference.objects.get(user=alice).language == "fr"
    return alice


def create_rated_game(alice_page: Any, bob_page: Any, reader: FrenchReader) -> Game:
    """Alice creates a rated two-player game on the French form; Bob joins from the invite
    link; Alice starts it."""
    alice_page.goto("/games/new/")
    reader.page(alice_page)
    alice_page.locator("#id_players").select_option("2")
    assert alice_page.locator("label[for=id_rated]").inner_text().startswith("Classée")
    alice_page.locator("#id_rated").select_option("yes")
    # Bob's turn emails go out at once, whatever the hour the test runs at.
    alice_page.get_by_role("checkbox", name="Heures calmes").uncheck()
    save_screenshot(alice_page, "french-acceptance-new-game", full_page=True)
    alice_page.get_by_role("button", name="Créer la partie").click()
    alice_page.wait_for_url("**/games/join/**")
    reader.page(alice_page)
    game = Game.objects.get()
    assert game.rated
    bob_page.goto(f"/games/join/{game.public_id}/")
    reader.page(bob_page)
    bob_page.get_by_role("button", name="Rejoindre cette partie").click()
    bob_page.get_by_text("Siège 2 (rouge) : bob").wait_for()
    reader.page(bob_page)
    alice_page.reload()
    alice_page.get_by_role("button", name="Commencer la partie").click()
    alice_page.wait_for_url(f"**/games/{game.public_id}/")
    stop_polling(alice_page)
    game.refresh_from_db()
    reader.page(alice_page, game)
    bob_page.close()  # Bob plays by email from now on
    return game


def click(page: Any, game: Game, move: dict[str, Any], reader: FrenchReader) -> None:
    """Alice clicks ``move``'s button on a fresh page (read first) and waits for the next
    position."""
    page.goto(f"/games/{game.public_id}/")
    stop_polling(page)
    reader.page(page, game)
    index = engine.legal_moves(replay.state_at(game), ALICE).index(move)
    version = panel_version(page)
    page.locator(f'#move-form button[data-move-index="{index}"]').click()
    page.wait_for_selector(f'#game-panel:not([data-version="{version}"])')
    stop_polling(page)


def reply_by_email(client: Client, game: Game, bob: Any, reader: FrenchReader) -> int:
    """Bob answers his latest (French) turn email with his whole turn: the number it lists
    for his first decision, then the others in French words. How many decisions it made."""
    reader.emails(game)
    email = latest_to(bob)
    state = replay.state_at(game)
    move = engine.bots.choose_move(state, BOB)
    lines = [str(options_in(email, "Vos options maintenant :")[engine.describe(state, BOB, move)])]
    state = engine.apply(state, BOB, move)
    while engine.current_player(state) == BOB:
        move = engine.bots.choose_move(state, BOB)
        lines.append(in_french_words(engine.describe(state, BOB, move)))
        state = engine.apply(state, BOB, move)
    raw = plain_reply(bob.email, reply_address_of(email), lines, original=email.body)
    assert mailgun_post(client, raw).status_code == 200
    inbound = InboundEmail.objects.latest("id")
    assert inbound.outcome == InboundOutcome.APPLIED, inbound.error
    reader.emails(game)  # the French confirmation
    return len(lines)


def test_a_french_player_signs_up_plays_a_rated_game_by_web_and_email_and_sees_the_ratings(
    new_page, make_user, login, settings, client
):
    configure(settings)
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    cache.clear()
    bob = make_user("bob")
    NotificationPreference.objects.update_or_create(user=bob, defaults={"language": "fr"})
    reader = FrenchReader(["alice", "bob"])
    alice_page = new_page(locale="fr-FR")
    bob_page = new_page(locale="fr-FR")
    login(bob_page, bob)

    alice = sign_up(alice_page, reader)
    game = create_rated_game(alice_page, bob_page, reader)

    clicked = replied = emailed_turns = bob_turns = 0
    alice_decisions = 0
    for _ in range(MAX_DECISIONS):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        seat = game.current_seat
        if seat == BOB:
            # A turn of Bob's is answered by email whole (from its first decision, which
            # the email shows), or played through the services.
            bob_turns += 1
            if bob_turns <= EMAIL_TURNS or bob_turns % EMAIL_EVERY == 0:
                replied += reply_by_email(client, game, bob, reader)
                emailed_turns += 1
            else:
                while game.status == GameStatus.ACTIVE and game.current_seat == BOB:
                    play_one(game)
                    game.refresh_from_db()
            continue
        alice_decisions += 1
        if alice_decisions <= 3 or alice_decisions % CLICK_EVERY == 0:
            move = engine.bots.choose_move(replay.state_at(game), ALICE)
            click(alice_page, game, move, reader)
            clicked += 1
            if clicked == 4:
                save_screenshot(alice_page, "french-acceptance-table", full_page=True)
        else:
            play_one(game)
    reader.emails(game)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.result["reason"] == "game_over"
    assert clicked >= 6
    assert emailed_turns >= EMAIL_TURNS
    events = Event.objects.filter(game=game, kind="move")
    assert events.filter(seat=BOB, actor=bob).count() >= replied
    assert not InboundEmail.objects.exclude(outcome=InboundOutcome.APPLIED).exists()
    over = [m for m in mail.outbox if m.subject.endswith("est terminée")]
    assert {m.to[0] for m in over} == {alice.email, bob.email}

    # The finished game, the leaderboard and both profiles show the ratings, in French.
    ratings = {r.user_id: r for r in Rating.objects.filter(edition=game.edition)}
    assert set(ratings) == {alice.pk, bob.pk}
    alice_page.goto(f"/games/{game.public_id}/")
    alice_page.get_by_role("heading", name="Scores finaux").wait_for()
    reader.page(alice_page, game)
    save_screenshot(alice_page, "french-acceptance-final-scores", full_page=True)
    alice_page.goto("/players/")
    alice_page.get_by_role("heading", name="Classement").first.wait_for()
    reader.page(alice_page)
    board = alice_page.locator("main").inner_text()
    for user in (alice, bob):
        assert user.username in board
        assert _shown(ratings[user.pk]) in board
    save_screenshot(alice_page, "french-acceptance-leaderboard", full_page=True)
    for user in (alice, bob):
        alice_page.goto(f"/players/{user.username}/")
        reader.page(alice_page)
        assert _shown(ratings[user.pk]) in alice_page.locator("main").inner_text()
    save_screenshot(alice_page, "french-acceptance-profile", full_page=True)
    assert len(reader.pages_read) >= 15
    assert reader.emails_read >= 2 * EMAIL_TURNS


def _shown(rating: Rating) -> str:
    """A rating as the pages print it."""
    return rating_number(rating.ordinal)

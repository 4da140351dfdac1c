"""The text view of the game page: the table in words in reading order, the same moves and
redaction as the board view, the switch the account remembers, and the moves a live update
announces."""

from __future__ import annotations

import re

import pytest

import engine
from games import replay
from games.board.text import player_lines, table_text
from games.models import TablePreference
from tests.games.helpers import play_one, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(game, suffix: str = "") -> str:
    return f"/games/{game.public_id}/{suffix}"


@pytest.fixture(params=["1e", "2e"])
def game(request, alice, bob):
    return started_game(alice, [bob], edition=request.param)


def headings(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<h2[^>]*>(.*?)</h2>", html)]


def test_the_text_view_reads_the_table_in_order_then_the_moves(game, alice):
    response = client_of(alice).get(url(game, "text/"))

    assert response.status_code == 200
    html = response.content.decode()
    order = [
        "Your hand",
        "Your resources",
        "The trail and where everyone is",
        "Kansas City",
        "The market",
        "The railroad",
        "The other players",
        "Your moves",
        "Game log",
    ]
    found = headings(html)
    assert [h for h in found if h in order] == order
    assert "<svg" not in html.split('id="game-panel"')[1]  # no drawing in the panel
    assert re.search(r"<aside [^>]*aria-labelledby=\"log-heading\"", html)
    assert 'aria-labelledby="moves-heading"' in html


def test_the_text_view_says_what_the_board_says_and_hides_what_it_hides(game, alice):
    game.refresh_from_db()
    state = replay.state_at(game)
    view = engine.view(state, 0)
    html = client_of(alice).get(url(game, "text/")).content.decode()

    text = table_text(view, ["alice", "bob"])
    for group in text.trail + text.kansas_city + text.market + text.railroad:
        for line in group.lines:
            assert line.replace("'", "&#x27;") in html or line in html
    # bob's board as alice's view has it: his hand a count only, never its cards.
    bob_lines = player_lines(view, 1, ["alice", "bob"])
    count = view["players"][1]["hand"]["count"]
    assert any(line.startswith(f"Hand {count} ") for line in bob_lines)
    players = html.split('data-testid="text-players"')[1].split("</section>")[0]
    assert "<li>Hand:" not in players
    for line in bob_lines:
        assert line.replace("'", "&#x27;") in players or line in players


def test_every_legal_move_is_a_button_of_the_text_view(game, alice):
    game.refresh_from_db()
    moves = engine.legal_moves(replay.state_at(game), 0)
    html = client_of(alice).get(url(game, "text/")).content.decode()

    buttons = re.findall(r'<button type="submit" name="move" value="(\d+)"', html)
    assert buttons == [str(i) for i in range(len(moves))]
    assert 'name="table" value="text"' in html


def test_a_move_from_the_text_view_answers_with_the_text_panel(game, alice):
    game.refresh_from_db()
    data = {"move": "0", "expected_version": str(game.version), "table": "text"}

    response = client_of(alice).post(url(game, "move/"), data, **HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="play-panel play-text"' in html
    assert "Move played." in html


def test_without_javascript_a_move_comes_back_to_the_text_view(game, alice):
    game.refresh_from_db()
    data = {"move": "0", "expected_version": str(game.version), "table": "text"}

    response = client_of(alice).post(url(game, "move/"), data)

    assert response.status_code == 302
    assert response["Location"] == url(game, "text/")


def test_the_choice_of_view_is_remembered_for_every_game(game, alice, bob):
    client = client_of(alice)
    assert "show-text" in client.get(url(game)).content.decode()

    response = client.post(url(game, "table-view/"), {"view": "text"})

    assert response.status_code == 302
    assert response["Location"] == url(game, "text/")
    other = started_game(alice, [bob])
    html = client.get(url(other)).content.decode()
    assert 'class="play-panel play-text"' in html
    assert "show-board" in html
    assert TablePreference.objects.get(user=alice).view == "text"
    # bob still sees the board
    assert 'class="play-panel play-text"' not in client_of(bob).get(url(game)).content.decode()

    client.post(url(game, "table-view/"), {"view": "board"})
    assert 'class="play-panel play-text"' not in client.get(url(other)).content.decode()


def test_an_unknown_view_is_refused_with_a_reason_and_changes_nothing(game, alice):
    response = client_of(alice).post(url(game, "table-view/"), {"view": "braille"})

    assert response.status_code == 400
    assert "Choose the board or the text view" in response.content.decode()
    assert not TablePreference.objects.filter(user=alice).exists()


def test_a_spectator_reads_every_player_and_no_hand(game, alice, bob, make_user):
    carol = make_user("carol")
    game.refresh_from_db()
    state = replay.state_at(game)

    html = client_of(carol).get(url(game, "text/")).content.decode()

    assert "Your hand" not in headings(html)
    assert "Players" in headings(html)
    assert "<li>Hand:" not in html
    assert state["players"][0]["hand"]  # held, but not shown to a spectator


def test_a_live_update_announces_the_moves_since_the_page_and_the_turn(game, alice, bob):
    game.refresh_from_db()
    since = game.version
    for seat in (0, 1):  # alice plays until the turn is bob's, then bob until it is hers
        while game.current_seat == seat:
            play_one(game)
            game.refresh_from_db()

    response = client_of(alice).get(url(game, f"panel/?table=text&since={since}"), **HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    region = re.search(r'<div id="play-messages"[^>]*>(.*?)</div>', html, re.S)
    assert region is not None
    assert "bob: " in region.group(1)
    assert "It is your turn." in region.group(1)
    assert 'class="play-panel play-text"' in html


def test_the_board_view_announces_moves_too(alice, bob):
    game = started_game(alice, [bob])
    since = game.version
    play_one(game)

    html = client_of(bob).get(url(game, f"panel/?since={since}"), **HTMX).content.decode()

    region = re.search(r'<div id="play-messages"[^>]*>(.*?)</div>', html, re.S)
    assert region is not None
    assert "alice: " in region.group(1)
    assert 'class="play-panel play-text"' not in html


def test_the_keyboard_help_lists_the_keys(game, alice):
    html = client_of(alice).get(url(game)).content.decode()

    assert 'id="keyboard-help"' in html
    assert "<kbd>?</kbd>" in html
    assert "<kbd>n</kbd>" in html


def test_every_form_of_the_text_panel_comes_back_to_the_text_view(alice, bob):
    game = started_game(alice, [bob])
    while True:  # alice plays until it is bob's turn: her planned turn's form shows
        game.refresh_from_db()
        if game.current_seat != 0:
            break
        play_one(game)

    html = client_of(alice).get(url(game, "text/")).content.decode()

    panel = html.split('id="game-panel"')[1]
    assert 'hx-vals=\'{"table": "text"}\'' in html
    forms = re.findall(r"<form .*?</form>", panel, re.S)
    posting = [form for form in forms if 'hx-target="#game-panel"' in form]
    assert any("plan" in form for form in posting)
    for form in posting:
        assert '<input type="hidden" name="table" value="text">' in form


def test_a_region_in_words_keeps_the_outermost_titles_under_their_headings():
    from games.board.elements import Element, title
    from games.board.pieces import group, heading
    from games.board.text import region_lines

    space = group("loc", "neutral building A; herders here: ann").append(
        group("hand", "black hand: $1 fee")  # said by the space's own title already
    )
    track = group("track-space", "track space 3")  # the stations and engines say it
    region = Element("g", {"class": "r"}, heading(0, 0, "Trail"), space, track)
    second = Element("g", {}, heading(0, 0, "Railroad"), group("engine", "engine of ann"))
    untitled = Element("g", {}, Element("g", {}, title("station 1")))

    groups = region_lines([region, second, untitled])

    assert [(g.heading, g.lines) for g in groups] == [
        ("Trail", ["neutral building A; herders here: ann"]),
        ("Railroad", ["engine of ann", "station 1"]),
    ]

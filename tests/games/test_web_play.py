"""The game page: who sees what, moves and undo through the page, errors, polling, chat."""

from __future__ import annotations

import json
import re

import pytest

import engine
import engine.bots
from common.errors import ServiceError
from games import journal_store, replay, selectors, services
from games.models import ChatMessage, Event, EventKind, Report
from tests.games.helpers import (
    find_undoable_position,
    moves_passing_the_turn,
    play_one,
    started_game,
)
from tests.games.play_helpers import client_of, finished_against_bot

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def page_url(game, suffix: str = "") -> str:
    return f"/games/{game.public_id}/{suffix}"


def current_moves(game):
    game.refresh_from_db()
    return engine.legal_moves(replay.state_at(game), game.current_seat)


def post_move(client, game, index, *, version=None, key="", htmx=True):
    game.refresh_from_db()
    data = {
        "move": str(index),
        "expected_version": str(game.version if version is None else version),
        "idempotency_key": key,
    }
    return client.post(page_url(game, "move/"), data, **(HTMX if htmx else {}))


@pytest.fixture
def game(alice, bob):
    return started_game(alice, [bob])


def test_signed_out_visitors_are_sent_to_log_in(client, game):
    response = client.get(page_url(game))

    assert response.status_code == 302
    assert "login" in response["Location"]


def test_a_signed_out_htmx_request_sends_the_whole_page_to_log_in(client, game):
    response = client.get(page_url(game, "panel/?since=0"), **HTMX)

    assert response.status_code == 204
    assert response["HX-Redirect"].startswith("/accounts/login/?next=")


def test_an_unknown_game_is_a_readable_404(alice):
    response = client_of(alice).get("/games/abcdefghijkm/")

    assert response.status_code == 404
    assert b"There is no game" in response.content


def test_the_player_to_move_sees_the_decision_grouped_moves_with_costs_and_their_hand(game, alice):
    response = client_of(alice).get(page_url(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Your turn" in html
    assert "choose the neutral building to start on" in html
    moves = current_moves(game)
    buttons = re.findall(r'data-move-index="(\d+)"', html.split('id="move-form"')[1])
    assert sorted(set(map(int, buttons))) == list(range(len(moves)))
    assert "Start on a neutral building" in html  # the group's title
    hand = response.context["view"]["players"][0]["hand"]
    assert isinstance(hand, list)
    assert hand
    assert html.count('<ul class="hand">') == 1  # only the viewer's own hand


def test_costs_are_shown_on_the_buttons(game, alice):
    client = client_of(alice)
    post_move(client, game, 0)  # start on A: then the actions there, with their prices

    html = client.get(page_url(game)).content.decode()

    assert "take actions at neutral building A" in html
    assert re.search(r'class="move-cost">\+\$1<', html)  # the auxiliary action's $1


def test_the_waiting_player_sees_whose_turn_it_is_and_no_moves(game, bob):
    response = client_of(bob).get(page_url(game))

    html = response.content.decode()
    assert "Waiting for <strong>alice</strong>" in html
    assert 'id="move-form"' not in html
    assert response.context["view"]["players"][0]["hand"] == {"count": 4}


def test_a_spectator_sees_only_public_information_and_no_chat(game, carol):
    response = client_of(carol).get(page_url(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert "You are watching" in html
    assert '<ul class="hand">' not in html
    assert all(isinstance(p["hand"], dict) for p in response.context["view"]["players"])
    assert 'id="chat"' not in html
    assert 'id="move-form"' not in html


def player_article(html: str, seat: int) -> str:
    start = html.index(f'aria-labelledby="player-{seat}-name"')
    return html[start : html.index("</article>", start)]


def test_hidden_information_of_another_seat_never_reaches_the_page(game, alice, bob, carol):
    play_one(game)  # alice starts: her hand and bob's differ from here on
    alice_page = client_of(alice).get(page_url(game))
    bob_page = client_of(bob).get(page_url(game))
    carol_html = client_of(carol).get(page_url(game)).content.decode()
    bob_html = bob_page.content.decode()

    assert '<ul class="hand">' in player_article(alice_page.content.decode(), 0)
    assert '<ul class="hand">' not in player_article(bob_html, 0)
    assert '<ul class="hand">' in player_article(bob_html, 1)
    assert '<ul class="hand">' not in carol_html
    # What the page is drawn from: the other seat's hand and every draw pile are counts.
    view = bob_page.context["view"]
    assert set(view["players"][0]["hand"]) == {"count"}
    assert all(set(p["draw_pile"]) == {"count"} for p in view["players"])
    # Nothing of alice's hand slips into bob's page by another way (a button, an attribute).
    for card in alice_page.context["view"]["players"][0]["hand"]:
        assert card["id"] not in bob_html
        assert card["id"] not in carol_html


def test_a_move_through_the_page_is_applied_and_the_panel_comes_back(game, alice):
    moves = current_moves(game)
    before = game.version

    response = post_move(client_of(alice), game, 2)

    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == before + 1
    event = Event.objects.get(game=game, seq=game.version)
    assert event.payload["move"] == moves[2]
    html = response.content.decode()
    assert 'id="game-panel"' in html
    assert "<html" not in html
    # The log tells the move in the game's terms, its notation beside it (the title).
    notation = engine.describe(replay.state_at(game, before), 0, moves[2])
    line = journal_store.event_line(event, "en")
    assert line == f"started on neutral building {moves[2]['space']}"
    assert line in html
    assert f'title="Notation: {notation}"' in html
    assert 'hx-swap-oob="true"' in html  # the live region says what happened


def test_a_move_without_htmx_redirects_back_to_the_page(game, alice):
    response = post_move(client_of(alice), game, 0, htmx=False)

    assert response.status_code == 302
    assert response["Location"] == page_url(game)


def test_a_move_can_be_posted_as_json(game, alice):
    move = current_moves(game)[1]
    response = client_of(alice).post(
        page_url(game, "move/"),
        {"move_json": json.dumps(move), "expected_version": str(game.version)},
        **HTMX,
    )

    assert response.status_code == 200
    assert Event.objects.filter(game=game, kind=EventKind.MOVE).last().payload["move"] == move


def test_a_stale_submission_is_refused_readably_and_changes_nothing(game, alice, bob):
    play_one(game)  # alice
    game.refresh_from_db()
    stale = game.version - 1
    before = Event.objects.filter(game=game).count()

    response = post_move(client_of(bob), game, 0, version=stale)

    assert response.status_code == 409
    assert response["HX-Retarget"] == "#play-messages"
    html = response.content.decode()
    assert "alice moved since this page was loaded; your click was not played" in html
    assert "Reload the current position" in html
    assert Event.objects.filter(game=game).count() == before


@pytest.mark.parametrize(
    ("data", "status", "words"),
    [
        ({"move_json": '{"type": "fly", "to": "moon"}'}, 400, "not possible now"),
        ({"move_json": "not json"}, 400, "not valid JSON"),
        ({"move": "999"}, 400, "There is no such move now"),
        ({"move": "x"}, 400, "Choose one of the moves shown"),
    ],
)
def test_an_illegal_submission_is_refused_readably_and_changes_nothing(
    game, alice, data, status, words
):
    before = game.version

    response = client_of(alice).post(
        page_url(game, "move/"), {**data, "expected_version": str(before)}, **HTMX
    )

    assert response.status_code == status
    assert words in response.content.decode()
    game.refresh_from_db()
    assert game.version == before


def test_a_move_out_of_turn_is_refused(game, bob):
    response = post_move(client_of(bob), game, 0)

    assert response.status_code == 403
    assert "not your turn" in response.content.decode()


def test_a_spectator_cannot_move(game, carol):
    response = post_move(client_of(carol), game, 0)

    assert response.status_code == 403
    assert "You do not have a seat in this game" in response.content.decode()
    game.refresh_from_db()
    assert game.version == 1


def test_a_missing_version_is_refused(game, alice):
    response = client_of(alice).post(page_url(game, "move/"), {"move": "0"}, **HTMX)

    assert response.status_code == 400
    assert "reload it" in response.content.decode()


def test_a_double_click_applies_the_move_once(game, alice):
    client = client_of(alice)
    version = game.version

    first = post_move(client, game, 0, version=version, key="form-key-1")
    second = post_move(client, game, 0, version=version, key="form-key-1")

    assert first.status_code == second.status_code == 200
    game.refresh_from_db()
    assert game.version == version + 1


def test_undo_is_offered_exactly_when_the_service_allows_it(game):
    seat, move = find_undoable_position(game)
    user = game.seats.get(index=seat).user
    client = client_of(user)
    assert "Undo my last decision" not in client.get(page_url(game)).content.decode()
    index = current_moves(game).index(move)
    post_move(client, game, index)
    game.refresh_from_db()
    before_undo = game.version

    html = client.get(page_url(game)).content.decode()
    assert "Undo my last decision" in html
    assert selectors.undo_possible(game=game, user=user)

    response = client.post(page_url(game, "undo/"), {"expected_version": str(game.version)}, **HTMX)

    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == before_undo + 1
    assert Event.objects.get(game=game, seq=game.version).kind == EventKind.UNDO
    assert engine.to_json(replay.state_at(game)) == engine.to_json(
        replay.state_at(game, before_undo - 1)
    )
    assert "taken back" in response.content.decode()


def test_the_page_reads_the_games_events_once_for_the_log_undo_and_takebacks(
    game, monkeypatch, django_capture_on_commit_callbacks
):
    seat, move = find_undoable_position(game)
    client = client_of(game.seats.get(index=seat).user)
    post_move(client, game, current_moves(game).index(move))
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        replay.state_at(game)  # the state as the move left it, cached
    reads = []
    event_refs = replay.event_refs

    def counted(*args, **kwargs):
        reads.append(args)
        return event_refs(*args, **kwargs)

    monkeypatch.setattr(replay, "event_refs", counted)

    html = client.get(page_url(game)).content.decode()

    assert "Undo my last decision" in html
    assert len(reads) == 1


def test_undo_possible_agrees_with_the_service_over_a_game(alice, bob):
    """At every position of a game, the selector and the service give the same answer."""
    game = started_game(alice, [bob])
    for _ in range(60):
        game.refresh_from_db()
        user = game.seats.get(index=game.current_seat).user
        expected = selectors.undo_possible(game=game, user=user)
        waiting = alice if user == bob else bob
        assert not selectors.undo_possible(game=game, user=waiting)
        try:
            with_undo = services.move_undo(game=game, user=user, expected_version=game.version)
        except ServiceError:
            allowed = False
        else:
            allowed = True
        assert allowed == expected
        if allowed:
            # put the move back, so the game goes on as before
            event = Event.objects.get(game=game, seq=with_undo.version)
            undone = Event.objects.get(game=game, seq=event.payload["undone"])
            services.move_submit(
                game=game, user=user, move=undone.payload["move"], expected_version=event.seq
            )
        play_one(game)


def test_undo_when_not_allowed_is_refused_readably(game, alice):
    response = client_of(alice).post(
        page_url(game, "undo/"), {"expected_version": str(game.version)}, **HTMX
    )

    assert response.status_code == 409
    assert "no decision of this turn to take back" in response.content.decode()


def test_polling_answers_204_until_the_version_moves_on(game, bob):
    client = client_of(bob)
    game.refresh_from_db()
    url = page_url(game, f"panel/?since={game.version}")

    assert client.get(url, **HTMX).status_code == 204
    while game.current_seat != 1:  # alice's turn, decision by decision
        play_one(game)
        game.refresh_from_db()
    response = client.get(url, **HTMX)

    assert response.status_code == 200
    assert "Your turn" in response.content.decode()
    assert "It is your turn." in response.content.decode()  # announced in the live region


def test_the_page_polls_soon_while_a_bot_is_to_move_and_less_often_for_a_person(alice, bob):
    """A bot's task answers moments after the move that gave it the turn; a person takes
    minutes: the panel asks again after 0.5 s in the first case and 3 s in the second."""
    against_bot = started_game(alice, bots=[1])
    passing = moves_passing_the_turn(against_bot, alice)
    assert 'hx-trigger="every 3s"' in client_of(alice).get(page_url(against_bot)).content.decode()

    services.move_submit(game=against_bot, user=alice, move=passing[0], queue_bots=False)
    against_bot.refresh_from_db()
    assert against_bot.current_seat == 1
    page = client_of(alice).get(page_url(against_bot)).content.decode()
    assert 'hx-trigger="every 0.5s"' in page

    against_person = started_game(alice, [bob])
    page = client_of(bob).get(page_url(against_person)).content.decode()
    assert 'hx-trigger="every 3s"' in page


def test_the_version_endpoint_reports_the_version(game, bob):
    data = client_of(bob).get(page_url(game, "version/")).json()

    assert data == {"version": game.version, "status": "active", "current_seat": 0}


def test_bots_move_after_the_humans_move(alice, eager_celery, django_capture_on_commit_callbacks):
    game = started_game(alice, bots=[1, 2])
    client = client_of(alice)

    while True:  # alice's first turn through the page, up to "end"
        game.refresh_from_db()
        state = replay.state_at(game)
        moves = engine.legal_moves(state, 0)
        end_of_turn = {"type": "end"} in moves
        move = {"type": "end"} if end_of_turn else moves[0]
        with django_capture_on_commit_callbacks(execute=True):
            assert post_move(client, game, moves.index(move)).status_code == 200
        if end_of_turn:
            break

    game.refresh_from_db()
    assert game.current_seat == 0  # the bots have played their turns
    assert Event.objects.filter(game=game, seat=1).exists()
    assert "Your turn" in client.get(page_url(game)).content.decode()


def test_a_finished_game_shows_the_final_scores_by_category_and_every_hand(alice, carol):
    game = finished_against_bot(alice)

    response = client_of(carol).get(page_url(game))

    html = response.content.decode()
    assert "The game is over" in html
    assert "Final scores" in html
    for label in ("Cattle cards", "Buildings", "Objective cards", "Total"):
        assert label in html
    totals = [int(t) for t in re.findall(r'data-testid="score-total">(-?\d+)<', html)]
    assert totals == [score["total"] for score in game.result["scores"]]
    assert all(isinstance(p["hand"], list) for p in response.context["view"]["players"])
    assert 'id="move-form"' not in html
    assert "play-poll" not in html  # nothing to wait for


def test_a_game_not_started_says_so(alice, bob):
    game = services.game_create(creator=alice, players=2)

    response = client_of(alice).get(page_url(game))

    assert response.status_code == 200
    assert "has not started yet" in response.content.decode()
    assert f"/games/join/{game.public_id}/" in response.content.decode()


def test_players_chat_through_the_page_and_others_cannot(game, alice, bob, carol):
    response = client_of(alice).post(page_url(game, "chat/"), {"text": "Howdy, partner"}, **HTMX)

    assert response.status_code == 200
    assert "Howdy, partner" in response.content.decode()
    assert "Howdy, partner" in client_of(bob).get(page_url(game)).content.decode()
    assert client_of(carol).get(page_url(game, "chat/")).status_code == 403
    refused = client_of(carol).post(page_url(game, "chat/"), {"text": "hi"}, **HTMX)
    assert refused.status_code == 403
    assert ChatMessage.objects.filter(game=game).count() == 1


def test_an_empty_chat_message_is_refused_readably(game, alice):
    response = client_of(alice).post(page_url(game, "chat/"), {"text": "   "}, **HTMX)

    assert response.status_code == 200
    assert "the message is empty" in response.content.decode()
    assert not ChatMessage.objects.filter(game=game).exists()


def test_a_chat_message_can_be_reported(game, alice, bob):
    message = ChatMessage.objects.create(game=game, author=bob, seat=1, text="rude words")
    client = client_of(alice)
    assert "?message=" in client.get(page_url(game)).content.decode()

    form = client.get(page_url(game, f"report/?message={message.pk}"))
    assert "rude words" in form.content.decode()
    response = client.post(
        page_url(game, "report/"),
        {"message": str(message.pk), "reason": "abuse", "text": "Please look."},
    )

    assert response.status_code == 302
    report = Report.objects.get()
    assert (report.message, report.reported_user, report.reporter) == (message, bob, alice)


def test_a_report_without_text_is_refused_readably(game, alice, bob):
    response = client_of(alice).post(
        page_url(game, "report/"), {"player": str(bob.pk), "reason": "stalling", "text": ""}
    )

    assert response.status_code == 400
    assert "the text is required" in response.content.decode()
    assert not Report.objects.exists()


def test_move_choice_order_matches_the_engine_after_a_bot_heavy_stretch(
    alice, eager_celery, django_capture_on_commit_callbacks
):
    """Indices on the page are the engine's list at that version, whatever came before."""
    game = started_game(alice, bots=[1])
    client = client_of(alice)
    for _ in range(15):
        game.refresh_from_db()
        if game.status != "active":
            break
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, 0, kind="heuristic")
        index = engine.legal_moves(state, 0).index(move)
        with django_capture_on_commit_callbacks(execute=True):
            assert post_move(client, game, index).status_code == 200
        assert (
            Event.objects.filter(game=game, seat=0).order_by("seq").last().payload["move"] == move
        )


def test_a_player_resigns_from_the_page(game, alice, bob):
    client = client_of(bob)
    assert "Resign from this game" in client.get(page_url(game)).content.decode()

    response = client.post(page_url(game, "resign/"))

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.result["winners"] == [0]
    page = client.get(page_url(game)).content.decode()
    assert "You resigned from this game." in page
    assert "won by alice" in page
    assert "Resign from this game" not in page
    again = client.post(page_url(game, "resign/"), follow=True)
    assert "Only a game in progress can be resigned." in again.content.decode()

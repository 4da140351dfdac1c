"""What changed for me (games.catchup): the others' moves that concern a player, read from
their own views, on the game page and in the replay of just those moves."""

from __future__ import annotations

import copy

import pytest
from django.utils import translation

import engine
from games import catchup, replay
from games.models import Game
from tests.french_text import english_left
from tests.games.helpers import play_one, started_game
from tests.games.play_helpers import client_of


def test_each_kind_of_change_that_concerns_me_is_said():
    state = engine.new_game(players=3, seed=5)
    before = engine.view(state, 0)
    after = copy.deepcopy(before)
    after["players"][0]["money"] += 2
    ahead = next(iter(engine.edition_data("1e").trail.successors("A")))
    after["trail"][ahead] = {"tile": "2b", "owner": 1, "kind": "building", "hands": []}
    after["cattle_market"] = after["cattle_market"][1:]
    after["objective_display"] = after["objective_display"][1:]
    after["players"][1]["station_masters"] = [{"kind": "station_master", "id": "SM-1", "type": "x"}]
    after["players"][0]["engine"] = "3"
    before["players"][1]["engine"], after["players"][1]["engine"] = "1", "5"
    before["players"][0]["herder"] = after["players"][0]["herder"] = "A"
    before["players"][0]["engine"] = "3"

    lines = catchup.view_changes(before, after, 0, 1)

    assert lines[0] == "you were paid $2"
    assert f"building 2b placed on {ahead}, ahead of you" in lines
    assert "cattle market: 1 taken, 0 new" in lines
    assert any(line.startswith("objective taken: ") for line in lines)
    assert "a station master taken" in lines
    assert "their engine passed yours" in lines
    assert catchup.view_changes(before, before, 0, 1) == []


def test_a_building_behind_my_herder_does_not_concern_me():
    before = engine.view(engine.new_game(players=2, seed=5), 0)
    before["players"][0]["herder"] = "KC"
    after = copy.deepcopy(before)
    after["trail"]["A"] = {"tile": "2b", "owner": 1, "kind": "building", "hands": []}
    assert catchup.view_changes(before, after, 0, 1) == []


@pytest.fixture
def waiting_with_news(db, alice, bob) -> Game:
    """bob to move, after moves of alice that concern him."""
    game = started_game(alice, [bob])
    for _ in range(400):
        game.refresh_from_db()
        if game.current_seat == 1 and catchup.concerns_since_last_decision(game, 1):
            return game
        play_one(game)
    raise AssertionError("no move of alice concerned bob")


def test_the_page_says_what_changed_for_me_and_replays_just_those_moves(
    waiting_with_news, alice, bob
):
    game = waiting_with_news
    found = catchup.concerns_since_last_decision(game, 1)
    html = client_of(bob).get(f"/games/{game.public_id}/").content.decode()
    assert 'data-testid="catchup"' in html
    only = ",".join(str(c.seq) for c in found)
    assert f"?at={found[0].seq}&amp;only={only}" in html
    assert "; ".join(found[0].lines) in html
    # Alice, not to move, is not told (it is not her turn).
    assert (
        'data-testid="catchup"'
        not in client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    )

    frame = client_of(bob).get(
        f"/games/{game.public_id}/replay/",
        {"at": found[0].seq, "only": only},
        HTTP_HX_REQUEST="true",
    )
    assert frame.status_code == 200
    body = frame.content.decode()
    following = found[1].seq if len(found) > 1 else found[0].seq
    assert f"?at={following}&amp;only={only}" in body or f"?at={following}&only={only}" in body


def test_the_replay_refuses_a_bad_only(waiting_with_news, bob):
    game = waiting_with_news
    client = client_of(bob)
    assert client.get(f"/games/{game.public_id}/replay/", {"only": "x"}).status_code == 400
    assert client.get(f"/games/{game.public_id}/replay/", {"only": "999999"}).status_code == 400


def test_concerns_are_read_from_my_own_views(waiting_with_news):
    game = waiting_with_news
    found = catchup.concerns_since_last_decision(game, 1)
    hand_of_alice = {str(card) for card in replay.state_at(game)["players"][0]["hand"]}
    text = " ".join(line for c in found for line in c.lines)
    assert not any(card in text for card in hand_of_alice)


@pytest.mark.parametrize(
    ("edition", "section", "space", "tile", "words"),
    [
        (
            "2e",
            "outlaw_section",
            "OL3",
            {"kind": "outlaw", "type": "green", "hand": "green"},
            "a green outlaw (green hand)",
        ),
        (
            "1e",
            "indian_trade",
            "TP4",
            {"kind": "teepee", "type": "blue", "hand": "black"},
            "a blue teepee (black hand)",
        ),
        (
            "1e",
            "hazard_sections",
            "DROUGHT-2",
            {"kind": "hazard", "type": "drought", "vp": 3, "hand": "black"},
            "a drought hazard worth 3 VP (black hand)",
        ),
    ],
)
def test_a_tile_placed_ahead_of_me_is_named_by_what_is_printed_on_it(
    edition, section, space, tile, words
):
    """Outlaw, teepee and hazard tiles are named as on the board, in the reader's language,
    not by the engine's ids: "building outlaw-green-03" once showed on French pages."""
    before = engine.view(engine.new_game(players=2, seed=5, edition=edition), 0)
    after = copy.deepcopy(before)
    after[section][space] = {"id": "tile-id-1", **tile}
    after["trail"][space] = {
        "tile": "tile-id-1",
        "owner": None,
        "kind": tile["kind"],
        "hands": [tile["hand"]],
    }

    assert f"{words} placed on {space}, ahead of you" in catchup.view_changes(before, after, 0, 1)
    with translation.override("fr"):
        french = " ".join(catchup.view_changes(before, after, 0, 1))
    assert "tile-id-1" not in french
    assert english_left(french, allowed=[space]) == []

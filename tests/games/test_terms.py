"""Choices, the board and the game log in the game's terms (``games.terms``), in both
editions: buttons say the tile, the unlock, the breed and price, the city and its money, the
worker and its cost; the board shows no engine ids (the notation help keeps them); the log
tells deliveries and hires with their amounts and moderators' actions with their reason."""

from __future__ import annotations

import re

import pytest

import engine
import engine.bots
from engine.data import railroad as railroad_1e
from games import move_presentation as mp
from games import replay, selectors, services
from games.board.svg import board_svg, player_board_svg
from games.models import Event, EventKind
from games.moderation.game_actions import game_pause, game_rollback
from tests.engine.helpers import (
    at_location,
    decide,
    in_kansas_city,
    new,
    set_foresight,
    set_job_market,
    set_market,
)
from tests.games.helpers import started_game
from tests.games.play_helpers import client_of

MINUS = "\u2212"
EDITIONS = ("1e", "2e")
# The 2nd edition's builder is the 1st's craftsman; its cattle are other breeds.
BUILDER = {"1e": "craftsman", "2e": "builder"}
VALUE_3 = {"1e": ("holstein-1", "Holstein"), "2e": ("m3_red-1", "Longhorn")}


def buttons(state, kind: str | None = None) -> dict[str, mp.MoveChoice]:
    """The deciding seat's buttons by their words (only moves of type ``kind`` if given:
    a 2nd edition seat may also use an exchange token)."""
    seat = state["current"]
    groups = mp.present_moves(state, seat, engine.legal_moves(state, seat))
    choices = [choice for group in groups for choice in group.choices]
    return {c.text: c for c in choices if kind is None or c.move["type"] == kind}


@pytest.mark.parametrize("edition", EDITIONS)
def test_foresight_buttons_show_the_tile(edition):
    state = in_kansas_city(new(2, edition=edition), 0, subphase=1)
    set_foresight(state, 1, ["drought-1", f"{BUILDER[edition]}-01"])

    texts = buttons(state, "foresight")

    assert set(texts) == {
        "Take a drought hazard worth 4 VP (green hand)",
        f"Take a {BUILDER[edition]}",
    }
    assert texts[f"Take a {BUILDER[edition]}"].notation == "foresight 2"
    section = {"1e": ("blue-01", "a blue teepee"), "2e": ("outlaw-orange-01", "an orange outlaw")}
    tile, words = section[edition]
    set_foresight(state, 1, [tile, None])
    assert set(buttons(state, "foresight")) == {f"Take {words} (black hand)"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_disc_buttons_say_what_the_disc_unlocks(edition):
    state = decide(new(2, edition=edition), 0, "disc", target="city", to="KAN", reserve=0)

    texts = buttons(state)

    assert "Unlock double auxiliary action: gain $2" in texts
    assert "Unlock double auxiliary action: draw 2 cards, discard 2" in texts
    assert "Unlock auxiliary action: pay $1, engine 1 back, certificate +1" in texts
    assert "Unlock certificate track up to 4" in texts
    assert texts["Unlock certificate track up to 4"].notation == "disc CERT-4"
    remove = {"1e": "engine 1 back, remove 1 card", "2e": "engine 1 back, remove 1 card, gain $1"}
    assert f"Unlock auxiliary action: {remove[edition]}" in texts
    # Once one disc of a pair is gone, the other unlocks the double action.
    state["players"][0]["discs"].remove("AUX-FWD-1")
    assert "Unlock double auxiliary action: pay $2, engine up to 2 forward" in buttons(state)


@pytest.mark.parametrize("edition", EDITIONS)
def test_buying_says_breed_value_points_and_price(edition):
    state = new(2, edition=edition)
    card, breed = VALUE_3[edition]
    set_market(state, [card])
    state["players"][0]["money"] = 20
    state = decide(state, 0, "buy", cowboys=1)
    vp = engine.view(state, 0)["cattle_market"][0]["vp"]

    texts = buttons(state)

    bought = [t for t in texts if t.startswith("Buy ")]
    assert bought == [f"Buy {breed} (value 3, {vp} VP) for $6 with 1 cowboy"]
    assert texts[bought[0]].notation.startswith("buy BUY-3A ")
    assert texts[bought[0]].cost_text == "$6"


@pytest.mark.parametrize("edition", EDITIONS)
def test_delivery_buttons_say_the_city_the_money_and_the_transport(edition):
    state = in_kansas_city(new(2, edition=edition), 0, subphase=5, bv=5)
    cities = {"1e": ("Wichita", "Topeka", 6), "2e": ("St. Louis", "Fulton", 4)}
    four, one, crest = cities[edition]

    texts = buttons(state)

    # From space 0 the engine is one cross short of a city of value 4 (R1-KC-37/38).
    assert f"{four}: +$5, {MINUS}$1 transport" in texts
    assert f"{one}: +$5, no transport cost" in texts
    assert f"Kansas City: +$5, +${crest} crest, no transport cost" in texts
    assert texts[f"{four}: +$5, {MINUS}$1 transport"].cost_text == ""  # said in the words
    assert engine.price(state, 0, texts[f"{four}: +$5, {MINUS}$1 transport"].move) == {
        "cost": 1,
        "cost_text": "$1 transport",
        "gains": {"money": -1},
    }


@pytest.mark.parametrize("edition", EDITIONS)
def test_hiring_buttons_name_the_worker_and_its_row(edition):
    state = new(2, edition=edition)
    worker = BUILDER[edition]
    set_job_market(state, {0: [None, None, worker, "engineer"]}, token_row=1)
    state["players"][0]["money"] = 20
    state = at_location(state, 0, "A")  # neutral building A: hire, and hire for $2 more

    texts = buttons(state)

    hire = texts[f"Hire a {worker} (job market row 1)"]
    assert (hire.notation, hire.cost_text) == (f"hire {worker} row 1", "$6")
    assert "Hire an engineer (job market row 1)" in texts
    extra = texts[f"Hire a {worker} (job market row 1, $2 extra)"]
    assert (extra.notation, extra.cost_text) == (f"hire+2 {worker} row 1", "$8")
    assert mp.group_title("move", edition) == (
        "Move your cattleman" if edition == "1e" else "Move your herder"
    )


def _engine_ids(edition: str) -> set[str]:
    """The ids of buildings, building spaces, hazards, teepees/outlaws and stations."""
    data = engine.edition_data(edition)
    ids = {space for space in data.trail.NODES if len(space) > 1}
    ids |= set(data.buildings.NEUTRAL) | set(data.tiles.TILES)
    ids |= set(data.railroad.STATIONS) | set(data.railroad.STATION_MASTERS)
    return {i for i in ids if not re.fullmatch(r"(cowboy|craftsman|builder|engineer)-\d+", i)}


def _mid_game(edition: str, moves: int = 150):
    state = engine.new_game(players=3, seed=5, edition=edition, options={"layout": "random"})
    for _ in range(moves):
        seat = engine.current_player(state)
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, kind="heuristic"))
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_board_shows_no_engine_ids_and_the_notation_help_lists_them(edition, client):
    view = engine.view(_mid_game(edition), 0)
    markup = board_svg(view) + "".join(player_board_svg(view, s) for s in range(3))
    words = " | ".join(re.findall(r"<(?:text|title|desc)[^>]*>([^<]*)<", markup))
    assert "Indian trade" in words or "outlaw" in words  # the scan reads the labels
    found = {
        i for i in _engine_ids(edition) if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", words)
    }
    assert found == set()

    help_page = client.get("/help/moves/").content.decode()
    for ident in ("TPM3", "ROCKFALL-R2", "FLOOD-1", "NA", "S1", "OL-X", "A-1"):
        assert ident in help_page


# --- the game log -------------------------------------------------------------------------


def _play_until(game, found, limit: int = 1500):
    """Play the game (heuristic moves for every seat) until ``found(events)`` is true."""
    for _ in range(limit):
        events = list(Event.objects.filter(game=game, kind=EventKind.MOVE).order_by("seq"))
        if found(events):
            return events
        game.refresh_from_db()
        seat = game.seats.get(index=game.current_seat)
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, seat.index, kind="heuristic")
        services.move_submit(game=game, user=seat.user, move=move, expected_version=game.version)
    raise AssertionError("the moves looked for did not come")


def _money(game, seq: int, seat: int) -> int:
    return int(engine.view(replay.state_at(game, seq), seat)["players"][seat]["money"])


def _is_hire(event) -> bool:
    move = event.payload["move"]
    return move["type"] == "action" and str(move["id"]).startswith("hire")


@pytest.mark.django_db
def test_the_log_tells_deliveries_and_hires_with_their_amounts(alice, bob):
    game = started_game(alice, [bob])
    events = _play_until(
        game,
        lambda events: (
            any(e.payload["move"]["type"] == "deliver" for e in events)
            and any(_is_hire(e) for e in events)
        ),
    )

    delivery = next(e for e in events if e.payload["move"]["type"] == "deliver")
    before = replay.state_at(game, delivery.seq - 1)
    decision = engine.view(before, delivery.seat)["decision"]
    city = engine.edition_data("1e").cities.CITIES[delivery.payload["move"]["city"]][0]
    transport = engine.price(before, delivery.seat, delivery.payload["move"])
    line = selectors.event_text(delivery)
    assert line.startswith(f"delivered to {city}: +${decision['bv']}")
    assert line.endswith(
        "no transport cost"
        if not transport["cost"] or city == "Kansas City"
        else f"{MINUS}${transport['cost']} transport"
    )
    assert delivery.payload["text"] == f"deliver {delivery.payload['move']['city']}"

    hire = next(e for e in events if _is_hire(e))
    paid = _money(game, hire.seq - 1, hire.seat) - _money(game, hire.seq, hire.seat)
    move = hire.payload["move"]
    worker = {"craftsman": "a craftsman", "engineer": "an engineer", "cowboy": "a cowboy"}
    assert selectors.event_text(hire) == (
        f"hired {worker[move['worker']]} for ${paid} (job market row {move['row'] + 1})"
    )

    page = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    recent = Event.objects.filter(game=game).order_by("-seq")[:40]
    for event in recent:
        assert selectors.event_text(event) in page.replace("&#x27;", "'")


@pytest.mark.django_db
def test_the_log_prices_deliveries_and_buildings_from_the_position_before_them(
    alice, bob, monkeypatch
):
    """The service plays most moves on the state it holds, without a copy; a delivery or a
    building keeps the position it was played in, which its line takes its price from."""
    from games import ledger

    given: dict[int, tuple[dict, dict | None]] = {}  # by the engine's count of moves after
    journal = ledger.move_journal

    def spy(position, before, seat, move, after):
        given[after["seq"]] = (dict(move), position and engine.to_json(position))
        return journal(position, before, seat, move, after)

    monkeypatch.setattr(ledger, "move_journal", spy)
    game = started_game(alice, [bob])
    events = _play_until(
        game,
        lambda events: (
            any(e.payload["move"]["type"] == "deliver" for e in events)
            and any(e.payload["move"].get("id") == "build" for e in events)
        ),
    )
    priced = [
        e
        for e in events
        if e.payload["move"]["type"] == "deliver" or e.payload["move"].get("id") == "build"
    ]
    for event in priced:
        position = replay.state_at(game, event.seq - 1)
        move, kept = given[position["seq"] + 1]
        assert (move, kept) == (event.payload["move"], engine.to_json(position))


@pytest.mark.django_db
def test_the_log_gives_the_reason_of_a_moderators_pause_and_rollback(moderator, alice, bob):
    game = started_game(alice, [bob])
    _play_until(game, lambda events: len(events) >= 3)
    game.refresh_from_db()
    game_pause(game=game, moderator=moderator, reason="checking a reported bug")
    game_rollback(game=game, to_seq=2, moderator=moderator, reason="a misclick")

    texts = [selectors.event_text(e) for e in Event.objects.filter(game=game).order_by("seq")]

    assert "a moderator paused the game: \u201cchecking a reported bug\u201d" in texts
    assert ("a moderator rolled back to the position after #2: \u201ca misclick\u201d") in texts
    page = client_of(bob).get(f"/games/{game.public_id}/").content.decode()
    assert "checking a reported bug" in page
    assert "a misclick" in page


def test_station_ids_of_both_editions_are_the_same_railroad():
    """The board names stations once for both editions: their railroads must agree."""
    assert engine.edition_data("2e").railroad.STATIONS == railroad_1e.STATIONS

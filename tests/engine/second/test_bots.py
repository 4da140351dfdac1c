"""The heuristic bot in the 2nd edition: legal to the end, blind to hidden information,
clearly stronger than the random bot, and using exchange tokens where they pay
(R2-EXCH-02/03/09: a token may be used at any decision of the seat to move)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine
from engine import bots, editions, flow, simulate
from engine.state import State
from tests.engine import helpers as h
from tests.engine.second import helpers as second_helpers
from tests.engine.test_bots import _scramble_hidden


def _options(simmental: bool) -> dict[str, object]:
    return {"layout": "beginner", "simmental": simmental}


def _play(state: State, until: Callable[[State], bool] | None = None, limit: int = 5000) -> State:
    """Heuristic moves until ``until(state)`` holds (or the game ends)."""
    for _ in range(limit):
        if engine.is_over(state) or (until is not None and until(state)):
            break
        seat = engine.current_player(state)
        assert seat is not None
        flow.apply_in_place(state, seat, bots.choose_move(state, seat, "heuristic"))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("simmental", [False, True])
def test_the_heuristic_bot_finishes_2e_games_with_legal_moves(players, simmental):
    """Every move the heuristic bot chooses is one of ``engine.legal_moves`` (the first-turn
    discards R2-SETUP-11, exchange tokens R2-EXCH-02, bounty R2-OUTLAW-03, buildings 1-12
    R2-LOCAL-01, station masters R2-STATION-02, New York R2-KC-01 included; with the
    Simmental variant its buy options R2-SIMM-08/09 and upgrades R2-SIMM-10..16)."""
    state = engine.new_game(players, 40 + players, "2e", options=_options(simmental))
    kinds: set[str] = set()
    while not engine.is_over(state):
        seat = engine.current_player(state)
        assert seat is not None
        move = bots.choose_move(state, seat, "heuristic")
        assert move in engine.legal_moves(state, seat)
        kinds.add(move["type"] if move["type"] != "action" else f"action:{move['id']}")
        flow.apply_in_place(state, seat, move)
    assert {"discard", "exchange", "action:bounty", "deliver"} <= kinds


def test_the_bot_buys_and_upgrades_simmentals_when_the_variant_is_on():
    """R2-SIMM-08/09: the Simmental market tile's options buy Calves; R2-SIMM-10..16: a
    Simmental in hand at Kansas City is upgraded, for free, to the next stage."""
    bought = upgraded = 0
    for seed in (5, 7):  # games in which a Calf is in hand at a later visit
        record = simulate.play_game(3, seed, ["heuristic"] * 3, _options(True), "2e")
        for _, move in record.moves:
            bought += move["type"] == "buy" and move["option"].startswith("BUY-SIM")
            upgraded += move["type"] == "simmental"
    assert bought > 0
    assert upgraded > 0


def test_the_heuristic_bot_beats_the_random_bot_in_2e():
    """Over a small seeded sample of 2-player games, seats alternating (the 1st edition's
    test in ``tests/engine/test_bots.py``, with the 2nd edition's tuning)."""
    wins, margin, games = 0, 0, 6
    for g in range(games):
        table = ["heuristic", "random"] if g % 2 == 0 else ["random", "heuristic"]
        record = simulate.play_game(2, 100 + g, table, _options(False), "2e")
        scores = [s["total"] for s in record.scores]
        h = table.index("heuristic")
        wins += scores[h] > scores[1 - h]
        margin += scores[h] - scores[1 - h]
    assert wins == games
    assert margin / games > 40


def test_the_2e_bot_does_not_read_hidden_information():
    """Changing only what the seat cannot see (other hands, stack and bag orders, the PRNG,
    its own draw pile's order) never changes its move, the exchange token's value included."""
    state = engine.new_game(3, 5, "2e", options=_options(False))
    for i in range(40):
        state = _play(state, limit=9)
        if engine.is_over(state):
            break
        seat = engine.current_player(state)
        move = bots.choose_move(state, seat, "heuristic")
        assert bots.choose_move(_scramble_hidden(state, i), seat, "heuristic") == move


def _at_income(seed: int) -> State:
    """A 2e game at a Kansas City income decision of a seat holding an exchange token."""
    state = engine.new_game(2, seed, "2e", options=_options(False))

    def at_income(s: State) -> bool:
        p = s["players"][s["current"]]
        return s["stack"][-1]["t"] == "kc_income" and p["exchange_tokens"] > 0

    state = _play(state, at_income)
    assert not engine.is_over(state)
    return state


def test_the_bot_exchanges_a_poor_hand_before_kansas_city_pays_for_it():
    """R2-EXCH-02: a hand of one breed, with distinct valuable breeds in the draw pile, is
    worth an exchange of two cards right before the income; the discards that follow keep
    the better cards."""
    state = _at_income(3)
    seat = state["current"]
    p = state["players"][seat]
    ed = editions.of(state)
    deck = p["hand"] + p["draw"] + p["discard"]
    criollos = [c for c in deck if c.startswith(f"p{seat}-p1-")]
    others = [c for c in deck if c not in criollos]
    p["hand"] = criollos[:4]
    p["draw"] = [c for c in others if c.startswith(f"p{seat}-p2_")]
    p["discard"] = [c for c in others if c not in p["draw"]]
    assert {"type": "exchange", "n": 2} in engine.legal_moves(state, seat)
    assert bots.choose_move(state, seat, "heuristic") == {"type": "exchange", "n": 2}
    flow.apply_in_place(state, seat, {"type": "exchange", "n": 2})
    for _ in range(2):
        assert state["stack"][-1]["t"] == "exchange_discard"
        move = bots.choose_move(state, seat, "heuristic")
        assert move["type"] == "discard"
        assert move["card"] in criollos
        flow.apply_in_place(state, seat, move)
    values = {engine.components.breed(ed, c) for c in p["hand"]}
    assert len(values) == 3  # one Criollo kept, two new breeds


def test_the_bot_keeps_its_token_when_the_draw_cannot_improve_the_hand():
    """R2-EXCH-02/07: a hand of four breeds against a draw pile of duplicates gains nothing;
    the token is kept (for a later visit), and it is never used where it cannot pay (only
    at Kansas City's income or at a location whose discard action lacks its card)."""
    state = _at_income(3)
    seat = state["current"]
    p = state["players"][seat]
    deck = p["hand"] + p["draw"] + p["discard"]
    by_breed: dict[str, list[str]] = {}
    for c in deck:
        if c.startswith(f"p{seat}-"):
            by_breed.setdefault(c.split("-")[1], []).append(c)
    p["hand"] = [cards[0] for cards in by_breed.values()][:4]
    p["draw"] = [c for c in deck if c.startswith(f"p{seat}-p1-") and c not in p["hand"]]
    p["discard"] = [c for c in deck if c not in p["hand"] and c not in p["draw"]]
    assert bots.choose_move(state, seat, "heuristic")["type"] == "income"

    early = engine.new_game(2, 3, "2e", options=_options(False))
    for _ in range(60):
        seat = engine.current_player(early)
        move = bots.choose_move(early, seat, "heuristic")
        if early["stack"][-1]["t"] not in ("kc_income", "loc"):
            assert move["type"] != "exchange"
        flow.apply_in_place(early, seat, move)


def test_the_2e_tuning_covers_the_2e_components():
    """Every 2e private building (both sides), worker kind, objective task, station master
    upper half and building space has an entry in the 2nd edition's tables (R2-LOCAL-01,
    R2-SETUP-01, R2-OBJ-03, R2-STATION-02)."""
    from engine import bots_tuning

    ed = editions.get("2e")
    t = bots_tuning.for_edition(ed)
    assert set(t.building_actions) == set(ed.buildings.PRIVATE)
    assert set(t.plans) == set(t.worker_value) == set(ed.tiles.WORKER_KINDS)
    assert set(t.task_difficulty) == set(ed.objectives.TASK_CODES)
    assert set(t.sm_upper) == {upper for upper, _ in ed.railroad.STATION_MASTERS.values()}
    assert set(t.place_order) == set(ed.trail.BUILDING_SPACES)
    assert set(t.disc_order) == set(ed.player_board.DISC_SPACES)
    assert bots_tuning.for_edition(editions.get("1e")) is bots_tuning.TUNINGS["1e"]


def test_the_bot_keeps_a_calf_in_hand_for_the_upgrade():
    """R2-SIMM-10/11: only a Simmental in hand at Kansas City is upgraded, so a second Calf,
    which adds no breeding value, is still kept rather than a card of a new breed."""
    state = engine.new_game(2, 8, "2e", options=_options(True))
    state = _play(state, lambda s: s["current"] == 1 and s["stack"][-1]["t"] == "first_discard")
    p = state["players"][1]
    calves = ["simmental_calf-1", "simmental_calf-2"]
    p["hand"] = [*calves, "p1-p2_green-1", "p1-p2_black-1", "p1-p2_white-1"]
    move = bots.choose_move(state, 1, "heuristic")
    assert move["type"] == "discard"
    assert move["card"] not in calves


def test_the_bot_settles_the_discards_it_owes_for_a_token_used_out_of_turn():
    """R2-TURN-01, R2-EXCH-03/09: a seat that is not to move uses a token (a person's
    choice); its bot then makes the discards it owes, from what ``engine.legal_moves`` lists
    for that seat, keeping the breeds that add breeding value; it never uses a token out of
    turn itself (in turn, at the income, it sees the same hand)."""
    state = engine.new_game(3, 21, "2e", options=_options(False))
    state = _play(state, lambda s: s["current"] == 0 and s["stack"][-1]["t"] == "phase_a")
    seat = 2
    p = state["players"][seat]
    with pytest.raises(engine.IllegalMove):
        bots.choose_move(state, seat, "heuristic")  # nothing owed: no move out of turn
    deck = p["hand"] + p["draw"] + p["discard"]
    criollos = [c for c in deck if c.startswith(f"p{seat}-p1-")]
    p["hand"] = [c for c in deck if c.startswith(f"p{seat}-p2_") and c.endswith("-1")]
    p["draw"] = criollos[:2]
    p["discard"] = [c for c in deck if c not in p["hand"] and c not in p["draw"]]
    engine.apply_in_place(state, seat, {"type": "exchange", "n": 2})
    assert engine.current_player(state) == 0
    for _ in range(2):
        move = bots.choose_move(state, seat, "heuristic")
        assert move in engine.legal_moves(state, seat)
        assert move["card"] in criollos[:2]  # the duplicate Criollo goes first, then the other
        engine.apply_in_place(state, seat, move)
    assert engine.side_decision(state, seat) is None


def test_heuristic_2e_games_end_with_tokens_used_out_of_turn():
    """R2-TURN-01, R2-EXCH-09: other seats' tokens used out of turn now and then (and the
    discards the bots owe for them) never stop a table of heuristic bots."""
    record = simulate.play_game(3, 31, ["heuristic"] * 3, _options(True), "2e", out_of_turn=0.05)
    assert engine.is_over(record.state)
    state = engine.new_game(3, 31, "2e", options=_options(True))
    out_of_turn = 0
    for seat, move in record.moves:
        out_of_turn += seat != state["current"]
        engine.apply_in_place(state, seat, move)
    assert out_of_turn > 0


@pytest.mark.parametrize(("draw_breed", "uses_token"), [("p2_white", True), ("p2_green", False)])
def test_the_bot_digs_with_a_token_for_the_card_a_discard_action_lacks(draw_breed, uses_token):
    """R2-EXCH-02/03: at its own building 2a (discard a white-market breed for $4), with no
    such card in hand, the bot uses its token when the draw pile holds them, and keeps it
    when nothing it could draw meets the requirement."""
    state = second_helpers.new(2, 1)
    h.put_tile(state, "A-1", "2a", owner=0)
    h.at_location(state, 0, "A-1")
    h.set_deck(
        state,
        0,
        hand=[f"p0-p1-{i}" for i in range(1, 5)],
        draw=[f"p0-{draw_breed}-{i}" for i in range(1, 3)],
        discard=[],
    )
    state["players"][0]["exchange_tokens"] = 1
    assert state["stack"][-1]["t"] == "loc"
    move = bots.choose_move(state, 0, "heuristic")
    assert move in engine.legal_moves(state, 0)
    assert (move["type"] == "exchange") is uses_token

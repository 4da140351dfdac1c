"""The end of a 2nd edition game and its final scoring (R2-END-01, R2-SCORE-01..03,
R2-SAME-18, R2-SAME-19, R2-EDGE-01)."""

from __future__ import annotations

import engine
from engine.data.second import cities, player_board
from engine.rules import scoring
from tests.engine import helpers as h
from tests.engine.second.helpers import new


def test_the_green_arrow_out_of_the_last_row_triggers_the_end():
    """R2-END-01, R2-SAME-18: the last row's arrow is green; filling its last space moves
    the token out, the player takes it and every other player has one more turn."""
    assert player_board.JOB_ROW_ARROWS[-1] == "green"
    assert "red" not in player_board.JOB_ROW_ARROWS
    state = new(3)
    h.set_foresight(state, 2, ["engineer-01", "cowboy-01"])
    h.set_job_market(state, {11: [None, "builder", "cowboy", None]}, token_row=11)
    h.in_kansas_city(state, 1, 2)
    assert state["end"] is None
    state = h.play(state, "foresight 1")
    assert state["job_market"]["token_row"] is None
    assert state["end"] == {"by": 1, "remaining": [2, 0]}
    assert state["players"][1]["job_token"]
    while not engine.is_over(state):
        seat = engine.current_player(state)
        moves = [m for m in engine.legal_moves(state, seat) if m["type"] != "exchange"]
        ends = [m for m in moves if m["type"] == "end"]
        state = engine.apply(state, seat, ends[0] if ends else moves[0])
        assert seat in (1, 2, 0)
    assert scoring.score_player(state, 1)["categories"]["job_market_token"] == 2


def test_the_eleven_categories_in_their_order():
    """R2-SAME-19: the same 11 categories in the same order."""
    state = new()
    assert list(scoring.score_player(state, 0)["categories"]) == list(scoring.CATEGORIES)
    assert len(scoring.CATEGORIES) == 11


def test_city_points_philadelphia_once_new_york_per_disc_kansas_city_minus_six():
    """R2-SAME-19, R2-SAME-21 (R1-SCORE-04..07 with Philadelphia and New York) and the green
    arrows' VP."""
    state = new()
    h.put_disc(state, 0, "PHI", "AUX-FWD-1")
    h.put_disc(state, 0, "NYC", "AUX-FWD-2")
    h.put_disc(state, 0, "NYC", "AUX-REMOVE-1")
    h.put_disc(state, 0, "KAN", "AUX-REMOVE-2")
    arrow = cities.ARROWS[("PHI", "NYC")][1]
    expected = cities.PHI_VP + 2 * cities.NYC_VP + cities.KAN_VP + arrow
    assert scoring.score_player(state, 0)["categories"]["cities"] == expected == 6 + 18 - 6
    h.put_disc(state, 0, "PIT", "CERT-4")
    cat = scoring.score_player(state, 0)["categories"]["cities"]
    assert cat == expected + cities.ARROWS[("PIT", "PHI")][1]


def test_the_right_step_limit_space_scores_three():
    """R2-SCORE-01: 3 VP if the right-hand step-limit disc space is cleared; the left one
    scores nothing."""
    state = new()
    h.put_disc(state, 0, "KAN", "STEP-CASH")
    assert scoring.score_player(state, 0)["categories"]["step_disc"] == 0
    h.put_disc(state, 0, "KAN", "STEP-VP")
    assert scoring.score_player(state, 0)["categories"]["step_disc"] == 3


def test_hazards_and_outlaws_in_front_of_a_player():
    """R2-SCORE-03: hazards score their printed VP; outlaws score nothing of their own."""
    state = new()
    h.give_tiles(state, 0, ["flood-1", "outlaw-green-01", "outlaw-orange-01"])
    cats = scoring.score_player(state, 0)["categories"]
    assert cats["hazards"] == h.editions.get("2e").tiles.TILES["flood-1"]["vp"]
    assert sum(cats.values()) == scoring.score_player(state, 0)["total"]


def test_money_is_unlimited_and_scores_a_point_per_five():
    """R2-EDGE-01, R2-SAME-19: the bank never runs out; $5 = 1 VP."""
    state = new()
    state["players"][0]["money"] = 1000
    h.at_location(state, 0, "A")
    state = h.play(state, {"type": "aux", "aux": 1, "double": False})
    assert state["players"][0]["money"] == 1001
    assert scoring.score_player(state, 0)["categories"]["money"] == 200

"""The end of the game: the job market token leaving the job market, the other players'
final turns and their restrictions, and the end (R1-END-01..08)."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    in_kansas_city,
    new,
    play,
    set_foresight,
    set_job_market,
    texts,
    top,
)


def _about_to_end(players: int = 2, seat: int = 0, third: list | None = None) -> dict:
    """``seat`` is in Kansas City before Foresight 2, whose worker fills the last space."""
    s = new(players)
    set_foresight(s, 2, ["engineer-01", "craftsman-01"])
    set_foresight(s, 3, third or ["cowboy-12", "blue-09"])
    row = [None] * 4
    for c in range(4 - players, 3):
        row[c] = "cowboy"
    set_job_market(s, {11: row}, token_row=11)
    for p in s["players"]:
        p["herder"] = "A"
    return in_kansas_city(s, seat, 2)


def _finish_kansas_city(s: dict) -> dict:
    if top(s) == "kc_foresight":
        s = play(s, texts(s)[0])
    s = play(s, "income certificates 0")
    return play(play(s, "deliver KAN"), "disc AUX-GAIN")


def _ordinary_turn(s: dict) -> dict:
    return play(play(s, "move B"), "end")


def test_a_worker_on_the_last_job_market_space_triggers_the_end_and_takes_the_token():
    """R1-END-01 R1-END-02 R1-KC-13"""
    s = _about_to_end()
    s = play(s, "foresight 1")
    assert s["job_market"]["token_row"] is None
    assert s["end"]["by"] == 0
    assert s["players"][0]["job_token"]
    assert not s["players"][1]["job_token"]
    assert engine.view(s, None)["players"][0]["job_market_token"] is True
    assert engine.scores(s)[0]["categories"]["job_market_token"] == 2
    assert engine.scores(s)[1]["categories"]["job_market_token"] == 0


def test_the_end_can_also_be_triggered_in_foresight_three():
    """R1-END-01"""
    s = new(2)
    set_foresight(s, 3, ["cowboy-12", "blue-09"])
    set_job_market(s, {11: [None, None, "engineer", None]}, token_row=11)
    s = in_kansas_city(s, 0, 3)
    s = play(s, "foresight 1")
    assert s["end"]["by"] == 0
    assert s["players"][0]["job_token"]


def test_after_triggering_in_foresight_two_no_worker_may_be_chosen_in_foresight_three():
    """R1-END-03"""
    s = play(_about_to_end(third=["cowboy-12", "blue-09"]), "foresight 1")
    assert top(s) == "kc_foresight"
    assert texts(s) == ["foresight 2"]
    s = play(s, "foresight 2")
    assert s["foresight"][2] == ["cowboy-12", None]
    # Only workers under "3": subphase 3 is skipped.
    s = play(_about_to_end(third=["cowboy-12", "engineer-12"]), "foresight 1")
    assert top(s) == "kc_income"


def test_the_triggering_player_finishes_kansas_city_refills_and_never_plays_again():
    """R1-END-04 R1-END-05 R1-END-07"""
    s = play(_about_to_end(), "foresight 1")
    supply_2 = s["supply"]["2"][-1]
    s = _finish_kansas_city(s)
    assert s["players"][0]["herder"] == "START"
    assert s["foresight"][1] == [supply_2, "craftsman-01"]  # refilled as usual
    assert s["current"] == 1
    s = _ordinary_turn(s)  # seat 1's final turn
    assert engine.is_over(s)


def test_every_other_player_gets_one_final_turn_in_clockwise_order():
    """R1-END-05 R1-END-07"""
    s = play(_about_to_end(players=4, seat=1), "foresight 1")
    s = _finish_kansas_city(s)
    order = []
    while not engine.is_over(s):
        order.append(s["current"])
        s = _ordinary_turn(s)
    assert order == [2, 3, 0]


def test_a_final_turn_in_kansas_city_takes_no_worker_and_still_refills_the_foresight():
    """R1-END-06 R1-KC-03"""
    s = _finish_kansas_city(play(_about_to_end(), "foresight 1"))
    set_foresight(s, 1, ["flood-1", "green-01"])
    set_foresight(s, 2, ["engineer-02", "craftsman-02"])
    set_foresight(s, 3, ["cowboy-13", "blue-10"])
    s["players"][1]["herder"] = "G"
    s = play(s, "move KC")
    assert texts(s) == ["foresight 1", "foresight 2"]  # hazards and teepees are fine
    s = play(s, "foresight 1")
    assert top(s) == "kc_foresight"
    assert s["stack"][-1]["n"] == 3
    assert texts(s) == ["foresight 2"]
    s = play(s, "foresight 2")
    nxt = {n: s["supply"][n][-1] for n in ("1", "3")}
    s = play(s, "income certificates 0")
    s = play(play(s, "deliver KAN"), "disc AUX-GAIN")
    assert engine.is_over(s)
    assert s["foresight"] == [
        [nxt["1"], "green-01"],
        ["engineer-02", "craftsman-02"],
        ["cowboy-13", nxt["3"]],
    ]


def test_once_the_game_is_over_nobody_moves_and_scores_are_shown():
    """R1-END-07"""
    s = _finish_kansas_city(play(_about_to_end(), "foresight 1"))
    s = _ordinary_turn(s)
    assert engine.is_over(s)
    assert engine.current_player(s) is None
    assert engine.legal_moves(s, 0) == []
    assert engine.legal_moves(s, 1) == []
    v = engine.view(s, None)
    assert v["over"] is True
    assert v["scores"] == engine.scores(s)
    assert len(v["scores"]) == 2


def test_exhausted_stacks_and_piles_do_not_end_the_game():
    """R1-END-08"""
    s = new(2)
    s["players"][1]["removed"].extend(s["market_stack"])
    s["market_stack"] = []
    s["removed_cards"].extend(s["objective_stack"])
    s["objective_stack"] = []
    for n in ("1", "2", "3"):
        s["removed_tiles"].extend(s["supply"][n])
        s["supply"][n] = []
    s = in_kansas_city(s, 0, 1)
    for _ in range(3):
        s = play(s, "foresight 1")
    s = play(s, "income certificates 0")
    s = play(play(s, "deliver KAN"), "disc AUX-GAIN")
    assert not engine.is_over(s)
    assert s["end"] is None
    assert s["current"] == 1
    assert [row.count(None) for row in s["foresight"]] == [1, 1, 1]

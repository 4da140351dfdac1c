"""Objective cards: gaining, playing, immediate actions and their end-game tasks
(R1-OBJ-01..32)."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    at_location,
    clear_trail,
    give_station_master,
    give_tiles,
    in_kansas_city,
    in_phase_a,
    move_card,
    moves,
    new,
    play,
    put_disc,
    put_tile,
    set_deck,
    set_foresight,
    set_hand,
    set_objectives,
    texts,
    top,
)


def _play(s: dict, card: str) -> dict:
    return play(s, {"type": "play_objective", "card": card})


def _played(s: dict) -> list[str]:
    return [m["card"] for m in moves(s, type="play_objective")]


def _objective_vp(s: dict, seat: int = 0) -> int:
    return engine.scores(s)[seat]["categories"]["objectives"]


# --- gaining --------------------------------------------------------------------------------


def test_gaining_an_objective_takes_a_display_card_or_the_stack_top_onto_the_discard_pile():
    """R1-OBJ-01 R1-OBJ-02"""
    s = new(2)
    s = at_location(s, 0, "C")  # neutral building C: certificate OR objective card
    display = list(s["objective_display"])
    stack = list(s["objective_stack"])
    offered = [m["card"] for m in moves(s, type="action", id="objective")]
    assert offered == [*display, "stack"]
    s1 = play(s, f"objective {display[2]}")
    assert s1["players"][0]["discard"][-1] == display[2]
    assert s1["objective_display"] == [display[0], display[1], display[3], stack[-1]]
    assert s1["objective_stack"] == stack[:-1]
    s2 = play(s, "objective stack")
    assert s2["players"][0]["discard"][-1] == stack[-1]
    assert s2["objective_display"] == display


def test_a_gained_objective_reaches_the_hand_through_normal_draws():
    """R1-OBJ-03 R1-DRAW-01"""
    s = new(2)
    set_deck(s, 0, hand=["p0-jersey-1", "p0-jersey-2", "p0-jersey-3"], draw=[], discard=[])
    s = at_location(s, 0, "C")
    card = s["objective_display"][0]
    s = play(s, f"objective {card}")
    assert card not in s["players"][0]["hand"]
    s = play(s, "end")  # phase C: draw 1 from the reshuffled discard pile
    assert s["players"][0]["hand"] == ["p0-jersey-1", "p0-jersey-2", "p0-jersey-3", card]


# --- when they may be played ----------------------------------------------------------------


def test_objective_cards_are_played_before_phase_a_or_around_phase_b_actions_only():
    """R1-OBJ-04"""
    s = new(2)
    move_card(s, "OBJ-10", 0, "hand")
    move_card(s, "OBJ-01", 0, "hand")
    a = in_phase_a(s, 0, "A")
    assert _played(a) == ["OBJ-10", "OBJ-01"]
    assert engine.legal_moves(a, 1) == []  # never on another player's turn
    b = at_location(s, 0, "C")
    assert _played(b) == ["OBJ-10", "OBJ-01"]
    b = play(b, "certificate")  # after one action, before the next
    assert _played(b) == ["OBJ-10", "OBJ-01"]
    # In the middle of an action (IA-DRAW3's discard) no card may be played.
    mid = play(_play(b, "OBJ-10"), "draw 1")
    assert top(mid) == "discard"
    assert _played(mid) == []
    # Ending phase B starts phase C: the turn passes with the card still in hand.
    done = play(b, "end")
    assert done["current"] == 1
    assert "OBJ-01" in done["players"][0]["hand"]


def test_any_number_of_objective_cards_may_be_played_at_one_moment():
    """R1-OBJ-05 R1-OBJ-15"""
    s = new(2)
    move_card(s, "OBJ-01", 0, "hand")
    move_card(s, "OBJ-02", 0, "hand")
    s = in_phase_a(s, 0, "A")
    s["players"][0]["money"] = 0
    s = _play(_play(s, "OBJ-01"), "OBJ-02")
    p = s["players"][0]
    assert p["money"] == 4
    assert p["objectives"][-2:] == ["OBJ-01", "OBJ-02"]
    assert top(s) == "phase_a"


def test_a_played_card_goes_to_the_objective_area_then_its_action_is_done_or_forfeited():
    """R1-OBJ-06"""
    s = new(2)
    move_card(s, "OBJ-15", 0, "hand")
    s = in_phase_a(s, 0, "A")
    s = _play(s, "OBJ-15")
    p = s["players"][0]
    assert "OBJ-15" in p["objectives"]
    assert "OBJ-15" not in p["hand"]
    assert texts(s) == ["engine to 1", "engine to 2", "pass"]
    forfeited = play(s, "pass")
    assert forfeited["players"][0]["engine"] == "0"
    assert top(forfeited) == "phase_a"
    assert "OBJ-15" in forfeited["players"][0]["objectives"]


def test_objective_cards_may_be_played_before_kansas_city_subphases():
    """R1-OBJ-07"""
    s = new(2)
    set_foresight(s, 1, ["flood-1", "green-01"])
    set_hand(s, 0, ["OBJ-01", "OBJ-20", "p0-jersey-1", "p0-jersey-2"])
    s["players"][0]["money"] = 0
    s = at_location(s, 0, "KC")
    assert _played(s) == ["OBJ-01", "OBJ-20"]  # before Foresight 1
    s = play(s, "foresight 1")
    s = play(s, "foresight 1")
    s = play(s, "foresight 1")
    assert top(s) == "kc_income"
    assert _played(s) == ["OBJ-01", "OBJ-20"]
    s = _play(s, "OBJ-01")
    assert s["players"][0]["money"] == 2
    # The cattleman move cannot be used from Kansas City: the card is laid, the move lost.
    s = _play(s, "OBJ-20")
    assert "OBJ-20" in s["players"][0]["objectives"]
    assert top(s) == "kc_income"
    assert s["players"][0]["herder"] == "KC"
    s = play(s, "income certificates 0")
    assert s["players"][0]["money"] == 3  # only the 1 Jersey counts; the cards are gone


# --- immediate action: move up to 3 steps --------------------------------------------------


def _move_state() -> dict:
    s = new(2)
    clear_trail(s)
    put_tile(s, "FLOOD-1", "flood-1")  # green hand: $2 with 2 players
    put_tile(s, "FLOOD-2", "flood-4")  # black hand: $2
    move_card(s, "OBJ-20", 0, "hand")
    s["players"][0]["money"] = 5
    return s


def test_the_objective_move_ignores_hand_fees_and_does_not_use_the_location():
    """R1-OBJ-08 R1-OBJ-09"""
    s = in_phase_a(_move_state(), 0, "A")
    s = _play(s, "OBJ-20")
    s = play(s, "move B via FLOOD-1 FLOOD-2")
    p = s["players"][0]
    assert p["herder"] == "B"
    assert p["money"] == 5
    assert top(s) == "phase_a"  # B is not used; phase A starts from B
    assert [m["to"] for m in moves(s, type="move", via=[])] == ["C"]
    s = play(s, "move C")
    assert s["players"][0]["herder"] == "C"
    assert top(s) == "loc"


def test_the_objective_move_reaches_three_steps_at_most_whatever_the_step_limit():
    """R1-OBJ-08"""
    s = _move_state()
    for disc in ("STEP-CASH", "STEP-VP"):
        put_disc(s, 0, "ELP", disc)  # step limit 5
    s = _play(in_phase_a(s, 0, "A"), "OBJ-20")
    reached = {m["to"] for m in moves(s, type="action")}
    assert reached == {"B", "C", "D", "E", "FLOOD-1", "FLOOD-2"}  # F would be step 4
    assert "F" in {m["to"] for m in moves(play(s, "pass"), type="move")}


def test_the_objective_move_after_phase_b_goes_straight_to_phase_c():
    """R1-OBJ-10"""
    s = _move_state()
    set_hand(s, 0, ["OBJ-20", "p0-dutch_belt-1", "p0-jersey-1", "p0-jersey-2"])
    s = at_location(s, 0, "B")
    s = play(s, "discard dutch-belt")
    s = _play(s, "OBJ-20")
    s = play(s, "move C")
    assert s["players"][0]["herder"] == "C"
    assert s["current"] == 1  # no phase B at C: phase C ran and the turn passed
    assert s["players"][0]["money"] == 7
    assert len(s["players"][0]["hand"]) == 4


def test_the_objective_move_may_not_enter_kansas_city():
    """R1-OBJ-11"""
    s = new(2)
    move_card(s, "OBJ-20", 0, "hand")
    put_tile(s, "G-1", "1a", owner=1)
    s = in_phase_a(s, 0, "G")
    s = _play(s, "OBJ-20")
    assert [m["to"] for m in moves(s, type="action")] == ["G-1"]
    # With nothing between G and Kansas City the move has no destination: it is lost.
    s = new(2)
    move_card(s, "OBJ-20", 0, "hand")
    s = in_phase_a(s, 0, "G")
    s = _play(s, "OBJ-20")
    assert top(s) == "phase_a"
    assert s["players"][0]["herder"] == "G"
    assert "OBJ-20" in s["players"][0]["objectives"]


def test_the_objective_move_between_two_local_actions_forfeits_the_rest():
    """R1-OBJ-12"""
    s = new(2)
    move_card(s, "OBJ-20", 0, "hand")
    s = at_location(s, 0, "C")
    s = play(s, "certificate")
    assert moves(s, id="engine")  # C's second local action is still open
    s = _play(s, "OBJ-20")
    s = play(s, "move D")
    p = s["players"][0]
    assert p["herder"] == "D"
    assert p["engine"] == "0"
    assert s["current"] == 1


# --- the other immediate actions -------------------------------------------------------------


def test_the_objective_draw_takes_up_to_three_then_discards_as_many():
    """R1-OBJ-13"""
    s = new(2)
    hand = ["OBJ-10", "p0-jersey-1", "p0-jersey-2", "p0-jersey-3"]
    set_deck(s, 0, hand=hand, draw=["holstein-1", "holstein-2", "ayrshire-1", "p0-jersey-4"])
    s = in_phase_a(s, 0, "A")
    s = _play(s, "OBJ-10")
    assert texts(s) == ["draw 1", "draw 2", "draw 3", "pass"]
    s = play(s, "draw 3")
    p = s["players"][0]
    assert sorted(p["hand"]) == sorted([*hand[1:], "holstein-1", "holstein-2", "ayrshire-1"])
    for _ in range(3):
        assert top(s) == "discard"
        s = play(s, "discard jersey")
    assert top(s) == "phase_a"
    assert sorted(s["players"][0]["hand"]) == ["ayrshire-1", "holstein-1", "holstein-2"]
    assert s["players"][0]["draw"] == ["p0-jersey-4"]


def test_the_objective_engine_actions_move_up_to_two_or_three_spaces():
    """R1-OBJ-14"""
    for card, reach in (("OBJ-15", ["1", "2"]), ("OBJ-18", ["1", "2", "3"])):
        s = new(2)
        move_card(s, card, 0, "hand")
        s = _play(in_phase_a(s, 0, "A"), card)
        assert [m["to"] for m in moves(s, type="action")] == reach
        s = play(s, f"engine to {reach[-1]}")
        assert s["players"][0]["engine"] == reach[-1]


def test_the_objective_money_action_gains_two_dollars():
    """R1-OBJ-15"""
    s = new(2)
    move_card(s, "OBJ-05", 0, "hand")
    s = at_location(s, 0, "A")
    s["players"][0]["money"] = 3
    s = _play(s, "OBJ-05")
    assert s["players"][0]["money"] == 5
    assert top(s) == "loc"


def test_the_objective_auxiliary_action_may_be_single_or_double():
    """R1-OBJ-16"""
    s = new(2)
    move_card(s, "OBJ-06", 0, "hand")
    put_disc(s, 0, "TOP", "AUX-GAIN")  # aux 1 now doubleable
    s = in_phase_a(s, 0, "A")
    s["players"][0]["money"] = 0
    s = _play(s, "OBJ-06")
    assert {"type": "action", "id": "aux", "aux": 1, "double": True} in moves(s)
    assert {"type": "action", "id": "aux", "aux": 1, "double": False} in moves(s)
    s = play(s, "action aux gain double")
    assert s["players"][0]["money"] == 2
    assert top(s) == "phase_a"


# --- end-game tasks --------------------------------------------------------------------------


def _scoring_state(area: list[str]) -> dict:
    s = new(2)
    clear_trail(s)
    set_objectives(s, 0, area)
    return s


def test_a_card_scores_its_points_if_all_tasks_are_met_and_its_penalty_otherwise():
    """R1-OBJ-17 R1-OBJ-32"""
    s = _scoring_state(["OBJ-12"])  # Texas Longhorn + hazard: +3 / -2
    give_tiles(s, 0, ["flood-1"])
    assert _objective_vp(s) == -2
    move_card(s, "texas_longhorn-1", 0, "discard")
    assert _objective_vp(s) == 3


def test_a_starting_objective_card_scores_nothing_when_unfulfilled():
    """R1-OBJ-18"""
    s = _scoring_state(["OBJ-S3"])
    assert _objective_vp(s) == 0
    put_tile(s, "A-1", "1a", owner=0)
    put_tile(s, "A-2", "2a", owner=0)
    give_tiles(s, 0, ["drought-1"])
    assert _objective_vp(s) == 3


def test_each_task_needs_its_own_item_on_every_card():
    """R1-OBJ-19"""
    s = _scoring_state(["OBJ-S3", "OBJ-10"])  # both: 2 buildings + 1 hazard
    put_tile(s, "A-1", "1a", owner=0)
    put_tile(s, "A-2", "2a", owner=0)
    give_tiles(s, 0, ["flood-1"])
    assert _objective_vp(s) == 3  # one card only: OBJ-10 fulfilled, the start card 0
    put_tile(s, "B-1", "3a", owner=0)
    put_tile(s, "B-2", "4a", owner=0)
    assert _objective_vp(s) == 3  # still one hazard for two cards
    give_tiles(s, 0, ["rockfall-1"])
    assert _objective_vp(s) == 6


def test_shared_items_are_assigned_to_the_cards_for_the_best_score():
    """R1-OBJ-20"""
    # Start card (B, B, H: +3/0) listed first and OBJ-20 (B, B, H, H: +5/-2) compete for
    # 2 buildings and 2 hazards: OBJ-20 fulfilled and the start card not is best (5).
    s = _scoring_state(["OBJ-S3", "OBJ-20"])
    put_tile(s, "A-1", "1a", owner=0)
    put_tile(s, "A-2", "2a", owner=0)
    give_tiles(s, 0, ["flood-1", "flood-2"])
    assert _objective_vp(s) == 5


def test_building_task_counts_only_own_private_buildings():
    """R1-OBJ-21"""
    s = _scoring_state(["OBJ-S3"])  # B, B, H
    give_tiles(s, 0, ["flood-1"])
    put_tile(s, "A-1", "1a", owner=0)
    put_tile(s, "A-2", "2a", owner=1)  # an opponent's; neutral tiles never count either
    assert _objective_vp(s) == 0
    put_tile(s, "B-1", "3a", owner=0)
    assert _objective_vp(s) == 3


def test_teepee_tasks_need_the_right_colour():
    """R1-OBJ-22"""
    s = _scoring_state(["OBJ-02"])  # B, green, blue: +3/-2
    put_tile(s, "A-1", "1a", owner=0)
    give_tiles(s, 0, ["green-01", "green-02"])
    assert _objective_vp(s) == -2
    give_tiles(s, 0, ["blue-01"])
    assert _objective_vp(s) == 3


def test_hazard_task_accepts_any_kind_of_hazard():
    """R1-OBJ-23"""
    s = _scoring_state(["OBJ-03"])  # West Highland, hazard, hazard: +3/-2
    move_card(s, "west_highland-1", 0, "draw")
    give_tiles(s, 0, ["flood-1"])
    assert _objective_vp(s) == -2
    give_tiles(s, 0, ["rockfall-3"])
    assert _objective_vp(s) == 3


def test_station_task_counts_discs_on_train_stations():
    """R1-OBJ-24"""
    s = _scoring_state(["OBJ-04"])  # station, station, hazard: +3/-2
    give_tiles(s, 0, ["drought-1"])
    put_disc(s, 0, "S1", "AUX-GAIN")
    put_disc(s, 0, "SFE", "AUX-DRAW")  # a city is not a station
    assert _objective_vp(s) == -2
    put_disc(s, 0, "S7", "CERT-6")
    assert _objective_vp(s) == 3


def test_value_three_task_counts_draw_stack_hand_and_discard_but_not_removed_cards():
    """R1-OBJ-25"""
    s = _scoring_state(["OBJ-05"])  # 3, 3, 3, building: +4/-2
    put_tile(s, "A-1", "1a", owner=0)
    move_card(s, "holstein-1", 0, "draw")
    move_card(s, "brown_swiss-1", 0, "hand")
    move_card(s, "west_highland-1", 0, "discard")  # value 4: not a 3
    move_card(s, "ayrshire-1", 0, "removed")
    assert _objective_vp(s) == -2
    move_card(s, "ayrshire-1", 0, "discard")
    assert _objective_vp(s) == 4


def test_west_highland_and_texas_longhorn_tasks():
    """R1-OBJ-26"""
    s = _scoring_state(["OBJ-16"])  # 3, 4, 5: +5/-3
    move_card(s, "holstein-1", 0, "discard")
    move_card(s, "west_highland-1", 0, "discard")
    move_card(s, "texas_longhorn-1", 1, "discard")  # the opponent's deck
    assert _objective_vp(s) == -3
    move_card(s, "texas_longhorn-2", 0, "hand")
    assert _objective_vp(s) == 5


def test_san_francisco_task_counts_discs_on_its_city_space():
    """R1-OBJ-27"""
    s = _scoring_state(["OBJ-06"])  # San Francisco: +5/-3
    put_disc(s, 0, "SAC", "CERT-6")
    assert _objective_vp(s) == -3
    put_disc(s, 0, "SFO", "STEP-VP")
    assert _objective_vp(s) == 5


def test_objective_tasks_and_station_master_tasks_use_the_same_items_independently():
    """R1-OBJ-28"""
    s = _scoring_state(["OBJ-03"])  # West Highland, hazard, hazard
    move_card(s, "west_highland-1", 0, "discard")
    give_tiles(s, 0, ["flood-1", "drought-1"])
    give_station_master(s, 0, "SM-3")  # 3 VP per 2 hazards
    cats = engine.scores(s)[0]["categories"]
    assert cats["objectives"] == 3
    assert cats["station_masters"] == 3


def test_rulebook_objective_example_eighteen_points_or_ten_one_disc_short():
    """R1-OBJ-29"""
    s = _scoring_state(["OBJ-18", "OBJ-10", "OBJ-06", "OBJ-07"])
    for space, tile in (("A-1", "1a"), ("A-2", "2a"), ("A-3", "3a")):
        put_tile(s, space, tile, owner=0)
    give_tiles(s, 0, ["flood-1", "drought-1", "rockfall-1", "blue-01"])
    put_disc(s, 0, "SFO", "CERT-6")
    assert _objective_vp(s) == 10  # 5 + 3 + 5 - 3
    put_disc(s, 0, "SFO", "STEP-VP")
    assert _objective_vp(s) == 18  # 5 + 3 + 5 + 5


def test_objective_cards_need_not_be_played_and_can_be_discarded_like_any_card():
    """R1-OBJ-30"""
    s = new(2)
    set_hand(s, 0, ["OBJ-21", "p0-jersey-1", "p0-jersey-2", "p0-jersey-3"])
    put_tile(s, "A-1", "1b", owner=0)  # 1b: discard an objective card -> 2 certificates
    s = at_location(s, 0, "A-1")
    s = play(s, "discard OBJ-21")
    p = s["players"][0]
    assert p["discard"][-1] == "OBJ-21"
    assert "OBJ-21" not in p["objectives"]
    assert p["cert"] == 2


def test_deck_objectives_are_added_at_the_end_only_when_that_scores_better():
    """R1-OBJ-31 R1-SCORE-10"""
    s = _scoring_state([])
    put_disc(s, 0, "SFO", "CERT-6")
    move_card(s, "OBJ-06", 0, "draw")  # SF: fulfilled -> added, +5
    move_card(s, "OBJ-12", 0, "discard")  # Texas Longhorn + hazard: not met -> removed, 0
    assert _objective_vp(s) == 5
    move_card(s, "OBJ-07", 0, "hand")  # a second SF card needs a second disc: removed
    assert _objective_vp(s) == 5


def test_cards_in_the_objective_area_must_be_scored_even_when_negative():
    """R1-OBJ-32 R1-SCORE-10"""
    s = _scoring_state(["OBJ-06", "OBJ-12"])
    assert _objective_vp(s) == -5  # -3 - 2: the area cards cannot be dropped


def test_station_master_two_pays_three_points_per_two_objective_cards_in_the_area():
    """R1-SCORE-13 R1-SCORE-17 R1-OBJ-31"""
    s = _scoring_state(["OBJ-S1"])  # unfulfilled starting card: 0
    give_station_master(s, 0, "SM-2")
    cats = engine.scores(s)[0]["categories"]
    assert (cats["objectives"], cats["station_masters"]) == (0, 0)  # one card: no pair
    # An unfulfilled deck card at -2 completes a pair worth 3: adding it nets +1.
    move_card(s, "OBJ-10", 0, "discard")
    cats = engine.scores(s)[0]["categories"]
    assert (cats["objectives"], cats["station_masters"]) == (-2, 3)
    # An unfulfilled card at -3 would net 0: the total is 0 either way.
    s = _scoring_state(["OBJ-S1"])
    give_station_master(s, 0, "SM-2")
    move_card(s, "OBJ-06", 0, "discard")
    total = engine.scores(s)[0]["categories"]
    assert total["objectives"] + total["station_masters"] == 0


def test_deck_objectives_added_at_the_end_count_for_station_master_two():
    """R1-SCORE-18 R1-OBJ-31"""
    s = _scoring_state(["OBJ-S1"])
    give_station_master(s, 0, "SM-2")
    put_disc(s, 0, "SFO", "CERT-6")
    move_card(s, "OBJ-06", 0, "draw")
    cats = engine.scores(s)[0]["categories"]
    assert cats["objectives"] == 5
    assert cats["station_masters"] == 3  # 2 cards in the area after the end-game choice


def test_an_unplayed_objective_card_in_hand_is_discarded_with_the_hand_at_income():
    """R1-OBJ-30 R1-KC-19"""
    s = new(2)
    set_hand(s, 0, ["OBJ-22", "p0-jersey-1", "p0-jersey-2", "p0-jersey-3"])
    s = in_kansas_city(s, 0, 4)
    s = play(s, "income certificates 0")
    assert "OBJ-22" in s["players"][0]["discard"]

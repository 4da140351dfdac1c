"""The herd deck and drawing: phase C, reshuffling only when a draw needs it, where gained
cards go, what a player may see, and small decks (R1-DRAW-01..11)."""

from __future__ import annotations

import engine
from tests.engine.helpers import (
    at_location,
    give_worker,
    in_kansas_city,
    in_phase_a,
    move_card,
    moves,
    new,
    play,
    put_disc,
    put_tile,
    set_deck,
    set_market,
    top,
)

J = [f"p0-jersey-{i}" for i in range(1, 6)]
G = [f"p0-guernsey-{i}" for i in range(1, 4)]
D = [f"p0-dutch_belt-{i}" for i in range(1, 4)]
B = [f"p0-black_angus-{i}" for i in range(1, 4)]


def test_the_herd_deck_is_draw_stack_hand_and_discard_pile():
    """R1-DRAW-01 R1-SCORE-09"""
    s = new(2)
    set_deck(s, 0, hand=["holstein-1"], draw=["ayrshire-1"], discard=["brown_swiss-1"])
    move_card(s, "texas_longhorn-6", 0, "removed")
    assert engine.scores(s)[0]["categories"]["cattle"] == 1 + 3 + 2  # not the removed 7


def test_phase_c_draws_up_to_the_hand_limit():
    """R1-DRAW-02"""
    s = new(2)
    set_deck(s, 0, hand=[G[0], J[0], J[1], J[2]], draw=[D[0], D[1], B[0]])
    s = at_location(s, 0, "A")
    s = play(s, "discard guernsey")
    s = play(s, "end")
    p = s["players"][0]
    assert p["hand"] == [J[0], J[1], J[2], D[0]]  # the top card of the draw stack
    assert p["draw"] == [B[0], D[1]]


def test_after_kansas_city_a_whole_new_hand_is_drawn():
    """R1-DRAW-02"""
    s = new(2)
    put_disc(s, 0, "ABQ", "HAND-1")  # hand limit 5
    set_deck(s, 0, hand=[J[0], J[1]], draw=[D[0], D[1], D[2], B[0], B[1], B[2]])
    s = in_kansas_city(s, 0, 4)
    s = play(s, "income certificates 0")
    s = play(s, "deliver KAN")
    s = play(s, "disc AUX-GAIN")
    assert s["players"][0]["hand"] == [D[0], D[1], D[2], B[0], B[1]]


def test_a_hand_at_or_above_the_limit_draws_and_discards_nothing():
    """R1-DRAW-03"""
    s = new(2)
    set_deck(s, 0, hand=[J[0], J[1], J[2], J[3], J[4]], draw=[D[0]])
    s = at_location(s, 0, "B")
    s = play(s, "end")
    p = s["players"][0]
    assert len(p["hand"]) == 5
    assert p["draw"] == [D[0]]
    assert p["discard"] == []
    assert s["current"] == 1


def test_building_6b_puts_the_objective_in_hand_and_phase_c_then_draws_nothing():
    """R1-DRAW-03 R1-DRAW-08"""
    s = new(2)
    set_deck(s, 0, hand=[J[0], J[1], J[2], J[3]], draw=[D[0]])
    put_tile(s, "A-1", "6b", owner=0)
    s = at_location(s, 0, "A-1")
    card = s["objective_display"][0]
    s = play(s, "discard jersey")
    s = play(s, f"take objective {card}")
    p = s["players"][0]
    assert card in p["hand"]
    assert len(p["hand"]) == 4
    assert p["money"] == 9
    s = play(s, "end")
    assert s["players"][0]["draw"] == [D[0]]


def test_an_empty_draw_stack_is_replaced_by_the_shuffled_discard_pile_when_a_card_is_needed():
    """R1-DRAW-04"""
    s = new(2)
    set_deck(s, 0, hand=[J[0], J[1]], draw=[D[0]], discard=[B[0], B[1], B[2]])
    s = at_location(s, 0, "B")
    s = play(s, "end")
    p = s["players"][0]
    assert p["hand"][:3] == [J[0], J[1], D[0]]
    assert p["hand"][3] in B
    assert p["discard"] == []
    assert sorted(p["draw"] + p["hand"][3:]) == B


def test_the_discard_pile_is_not_reshuffled_just_because_the_draw_stack_ran_out():
    """R1-DRAW-05"""
    s = new(2)
    set_deck(s, 0, hand=[J[0], J[1]], draw=[D[0], D[1]], discard=[B[0], B[1]])
    s = at_location(s, 0, "B")
    s = play(s, "end")
    p = s["players"][0]
    assert p["hand"] == [J[0], J[1], D[0], D[1]]
    assert p["draw"] == []
    assert p["discard"] == [B[0], B[1]]


def test_rulebook_draw_example_mary_draws_her_last_two_cards_and_reshuffles_later():
    """R1-DRAW-06"""
    s = new(2)
    put_disc(s, 0, "ABQ", "HAND-1")  # hand limit 5
    hand = [G[0], G[1], J[0], J[1], J[2]]
    set_deck(s, 0, hand=hand, draw=[D[0], D[1]], discard=[B[0], B[1]])
    s = at_location(s, 0, "F")  # F: discard 2 cattle of one breed for $4
    s = play(s, "discard pair guernsey")
    assert len(s["players"][0]["hand"]) == 3
    s = play(s, "end")
    p = s["players"][0]
    assert p["hand"] == [J[0], J[1], J[2], D[0], D[1]]
    assert p["draw"] == []
    assert sorted(p["discard"]) == sorted([B[0], B[1], G[0], G[1]])
    # Her next draw is the first that needs the discard pile.
    s = at_location(s, 0, "B")
    s = play(s, "discard dutch-belt")
    s = play(s, "end")
    p = s["players"][0]
    assert len(p["hand"]) == 5
    assert p["discard"] == []
    assert len(p["draw"]) == 4


def test_every_draw_reshuffles_when_needed_auxiliary_objective_and_cowboy_draws():
    """R1-DRAW-07"""
    # Auxiliary action 2: draw 1, then discard 1.
    s = new(2)
    set_deck(s, 0, hand=[J[0], J[1]], draw=[], discard=[B[0]])
    s = at_location(s, 0, "B")
    s = play(s, "aux draw")
    assert s["players"][0]["hand"] == [J[0], J[1], B[0]]
    assert top(s) == "discard"
    # Objective card: draw up to 3.
    s = new(2)
    set_deck(s, 0, hand=["OBJ-10", J[0]], draw=[D[0]], discard=[B[0], B[1]])
    s = play(in_phase_a(s, 0, "A"), {"type": "play_objective", "card": "OBJ-10"})
    s = play(s, "draw 3")
    assert sorted(s["players"][0]["hand"]) == sorted([J[0], D[0], B[0], B[1]])
    # Building 4b: draw one card per cowboy.
    s = new(2)
    give_worker(s, 0, "cowboy")
    set_deck(s, 0, hand=[J[0]], draw=[D[0]], discard=[B[0]])
    put_tile(s, "A-1", "4b", owner=0)
    s = at_location(s, 0, "A-1")
    s = play(s, "draw 2")
    assert sorted(s["players"][0]["hand"]) == sorted([J[0], D[0], B[0]])


def test_bought_cattle_and_gained_objectives_go_onto_the_discard_pile():
    """R1-DRAW-08"""
    s = new(2)
    set_market(s, ["holstein-1", "ayrshire-1"])
    s["players"][0]["money"] = 6
    s = at_location(s, 0, "E")  # E: buy cattle
    s = play(s, moves(s, type="action", id="buy")[0])
    s = play(s, {"type": "buy", "option": "BUY-3A", "cards": ["ayrshire-1"]})
    p = s["players"][0]
    assert p["discard"][-1] == "ayrshire-1"
    assert "ayrshire-1" not in p["hand"]
    s = at_location(s, 0, "C")
    card = s["objective_display"][0]
    s = play(s, f"objective {card}")
    assert s["players"][0]["discard"][-1] == card


def test_the_discard_pile_is_public_and_the_draw_stack_is_never_seen_in_play():
    """R1-DRAW-09"""
    s = new(2)
    set_deck(s, 0, hand=[J[0]], draw=[D[0], D[1]], discard=[B[0]])
    for viewer in (0, 1, None):
        pv = engine.view(s, viewer)["players"][0]
        assert [c["id"] for c in pv["discard_pile"]] == [B[0]]
        assert pv["draw_pile"] == {"count": 2}
    everything = engine.view(s, None, reveal_all=True)["players"][0]
    assert [c["id"] for c in everything["draw_pile"]] == [D[0], D[1]]  # top first


def test_a_player_out_of_cards_plays_on_with_fewer_than_the_hand_limit():
    """R1-DRAW-10"""
    s = new(2)
    set_deck(s, 0, hand=[J[0]], draw=[D[0]], discard=[])
    s = at_location(s, 0, "B")
    s = play(s, "end")
    assert s["players"][0]["hand"] == [J[0], D[0]]
    assert s["current"] == 1


def test_draw_then_discard_discards_as_many_as_were_actually_drawn_from_any_hand_cards():
    """R1-DRAW-11"""
    s = new(2)
    set_deck(s, 0, hand=["OBJ-10", "holstein-1"], draw=[D[0]], discard=[B[0]])
    s = play(in_phase_a(s, 0, "A"), {"type": "play_objective", "card": "OBJ-10"})
    s = play(s, "draw 3")  # only 2 cards are left in the deck
    assert len(s["players"][0]["hand"]) == 3
    assert {m["card"] for m in moves(s, type="discard")} == {"holstein-1", D[0], B[0]}
    s = play(s, "discard holstein/1vp")  # not one of the drawn cards
    s = play(s, "discard dutch-belt")
    assert top(s) == "phase_a"
    assert s["players"][0]["hand"] == [B[0]]

"""Kansas City subphase 5: delivery, disc spaces, delivery actions and transport costs
(R1-KC-23..42; fact sheet §7.3 and §8)."""

from __future__ import annotations

from functools import partial

import engine
from engine.data import player_board
from engine.editions import FIRST_EDITION
from engine.rules import kansas_city
from tests.engine.helpers import in_kansas_city, moves, new, play, put_disc, texts, top

transport_cost = partial(kansas_city.transport_cost, FIRST_EDITION)  # the 1st edition's track

WHITE = [d for d, c in player_board.DISC_SPACES.items() if c == "white"]
ALL_DISCS = list(player_board.DISC_SPACES)


def _delivery(money: int = 0, engine_at: str = "0", players: int = 2) -> dict:
    s = new(players)
    p = s["players"][0]
    p["money"] = money
    p["engine"] = engine_at
    return s


def _at_delivery(s: dict, bv: int) -> dict:
    return in_kansas_city(s, 0, 5, bv=bv)


def _cities(s: dict) -> list[str]:
    return [m["city"] for m in moves(s, type="deliver")]


def _disc_spaces(s: dict) -> list[str]:
    return [m["space"] for m in moves(s, type="disc") if "space" in m]


def _city_vp(s: dict, seat: int = 0) -> int:
    return engine.scores(s)[seat]["categories"]["cities"]


# --- choosing the city ----------------------------------------------------------------------


def test_delivery_is_mandatory_to_a_city_of_value_up_to_the_breeding_value():
    """R1-KC-23"""
    s = _at_delivery(_delivery(), 6)
    assert {m["type"] for m in engine.legal_moves(s, 0)} == {"deliver"}
    assert _cities(s) == ["KAN", "TOP", "WIC", "COS"]  # values 0, 1, 4, 6; Santa Fe is 8
    s = _at_delivery(_delivery(), 18)
    assert len(_cities(s)) == 10


def test_a_city_already_holding_the_players_disc_is_closed_except_kansas_city_and_san_francisco():
    """R1-KC-24"""
    s = _delivery()
    for city, disc in (("TOP", "AUX-GAIN"), ("KAN", "AUX-DRAW"), ("SFO", "CERT-6")):
        put_disc(s, 0, city, disc)
    put_disc(s, 1, "WIC", "AUX-GAIN")  # an opponent's disc does not matter
    s = _at_delivery(s, 18)
    assert _cities(s) == ["KAN", "WIC", "COS", "SFE", "ABQ", "ELP", "SDG", "SAC", "SFO"]


def test_the_disc_may_come_from_any_disc_space_and_goes_on_top_of_the_city_space():
    """R1-KC-25"""
    s = _delivery(money=5, engine_at="10")
    put_disc(s, 1, "ABQ", "AUX-GAIN")
    s = _at_delivery(s, 10)
    s = play(s, "deliver ABQ")
    assert _disc_spaces(s) == ALL_DISCS
    s = play(s, "disc AUX-REMOVE-2")
    assert s["cities"]["ABQ"] == [1, 0]
    assert "AUX-REMOVE-2" not in s["players"][0]["discs"]
    assert engine.view(s, None)["players"][0]["discs_left"] == 13


def test_white_cornered_discs_go_anywhere_and_dark_cornered_ones_only_to_dark_cities():
    """R1-KC-26"""
    s = _at_delivery(_delivery(money=5, engine_at="10"), 10)
    white_city = play(s, "deliver WIC")
    assert _disc_spaces(white_city) == WHITE
    dark_city = play(s, "deliver ABQ")
    assert _disc_spaces(dark_city) == ALL_DISCS


# --- disc spaces ------------------------------------------------------------------------------


def test_clearing_an_auxiliary_disc_space_unlocks_its_action_at_once():
    """R1-KC-27"""
    s = _at_delivery(_delivery(), 4)
    assert engine.view(s, 0)["players"][0]["aux_levels"]["4"] == 0
    s = play(s, "deliver WIC")
    s = play(s, "disc AUX-FWD-1")
    assert engine.view(s, 0)["players"][0]["aux_levels"]["4"] == 1


def test_step_limit_discs_give_three_dollars_or_three_points():
    """R1-KC-28"""
    s = _at_delivery(_delivery(money=0, engine_at="10"), 10)
    cash = play(play(s, "deliver ABQ"), "disc STEP-CASH")
    assert cash["players"][0]["money"] == 3  # paid at once
    assert engine.view(cash, 0)["players"][0]["step_limit"] == 4
    assert engine.scores(cash)[0]["categories"]["step_disc"] == 0
    vp = play(play(s, "deliver ABQ"), "disc STEP-VP")
    assert vp["players"][0]["money"] == 0
    assert engine.view(vp, 0)["players"][0]["step_limit"] == 4
    assert engine.scores(vp)[0]["categories"]["step_disc"] == 3


def test_hand_limit_discs_cost_five_dollars_and_cannot_be_taken_without_them():
    """R1-KC-29"""
    s = _at_delivery(_delivery(money=5, engine_at="10"), 10)
    s = play(s, "deliver ABQ")
    assert "HAND-1" in _disc_spaces(s)
    s = play(s, "disc HAND-1")
    assert s["players"][0]["money"] == 0
    assert engine.view(s, 0)["players"][0]["hand_limit"] == 5

    poor = _at_delivery(_delivery(money=4, engine_at="10"), 10)
    poor = play(poor, "deliver ABQ")
    assert not {"HAND-1", "HAND-2"} & set(_disc_spaces(poor))

    both = _delivery(money=5, engine_at="10")
    put_disc(both, 0, "SAC", "HAND-2")
    both = play(play(_at_delivery(both, 10), "deliver ABQ"), "disc HAND-1")
    assert engine.view(both, 0)["players"][0]["hand_limit"] == 6


def test_the_six_certificate_space_counts_only_once_the_four_space_is_cleared():
    """R1-KC-30"""
    s = _at_delivery(_delivery(engine_at="10"), 10)
    six_first = play(play(s, "deliver ABQ"), "disc CERT-6")
    assert engine.view(six_first, 0)["players"][0]["certificate_limit"] == 3
    four = play(play(s, "deliver ABQ"), "disc CERT-4")
    assert engine.view(four, 0)["players"][0]["certificate_limit"] == 4
    s = _delivery(engine_at="10")
    put_disc(s, 0, "SFO", "CERT-6")
    both = play(play(_at_delivery(s, 10), "deliver ABQ"), "disc CERT-4")
    assert engine.view(both, 0)["players"][0]["certificate_limit"] == 6


# --- city crests and green arrows ---------------------------------------------------------------


def test_arrow_points_count_only_when_both_neighbouring_crests_hold_the_players_disc():
    """R1-KC-31 R1-KC-32"""
    s = _delivery(engine_at="12")
    s = _at_delivery(s, 12)
    alone = play(play(s, "deliver ELP"), "disc CERT-6")
    assert _city_vp(alone) == 0
    s = _delivery(engine_at="12")
    put_disc(s, 0, "ABQ", "STEP-VP")
    put_disc(s, 1, "ELP", "CERT-6")  # an opponent's disc does not unlock anything
    assert _city_vp(s) == 0
    pair = play(play(_at_delivery(s, 12), "deliver ELP"), "disc CERT-6")
    assert _city_vp(pair) == 6  # Albuquerque - El Paso arrow


def test_a_kansas_city_disc_pays_six_dollars_at_once_and_costs_six_points():
    """R1-KC-33"""
    s = _at_delivery(_delivery(money=2), 3)
    s = play(play(s, "deliver KAN"), "disc AUX-GAIN")
    assert s["players"][0]["money"] == 8
    assert _city_vp(s) == -6
    s = _at_delivery(s, 3)  # Kansas City takes any number of discs
    s = play(play(s, "deliver KAN"), "disc AUX-DRAW")
    assert s["players"][0]["money"] == 14
    assert _city_vp(s) == -12


def test_completing_an_objective_arrow_makes_the_player_take_an_objective_card():
    """R1-KC-31 R1-KC-34"""
    s = _delivery()
    put_disc(s, 0, "TOP", "AUX-GAIN")
    s = _at_delivery(s, 4)
    display = list(s["objective_display"])
    nxt = s["objective_stack"][-1]
    s = play(play(s, "deliver WIC"), "disc AUX-DRAW")
    assert top(s) == "gain_objective"
    offered = [m["card"] for m in moves(s)]
    assert offered == [*display, "stack"]  # no pass: the action is mandatory
    s = play(s, f"take objective {display[1]}")
    p = s["players"][0]
    assert p["discard"][-1] == display[1]
    assert s["objective_display"] == [display[0], display[2], display[3], nxt]
    assert _city_vp(s) == -3  # Topeka - Wichita arrow


def test_one_disc_completing_two_objective_arrows_gains_two_cards_refilling_in_between():
    """R1-KC-35"""
    s = _delivery()
    put_disc(s, 0, "COS", "AUX-GAIN")
    put_disc(s, 0, "ABQ", "CERT-6")
    s = _at_delivery(s, 8)
    first_refill = s["objective_stack"][-1]
    s = play(play(s, "deliver SFE"), "disc AUX-DRAW")
    card = s["objective_display"][0]
    s = play(s, f"take objective {card}")
    assert top(s) == "gain_objective"
    assert first_refill in s["objective_display"]  # replenished before the second
    s = play(s, f"take objective {first_refill}")
    assert s["players"][0]["discard"][-2:] == [card, first_refill]
    assert len(s["objective_display"]) == 4


def test_the_delivery_objective_may_be_the_top_of_the_stack_and_is_skipped_when_none_is_left():
    """R1-KC-36"""
    s = _delivery()
    put_disc(s, 0, "TOP", "AUX-GAIN")
    s = _at_delivery(s, 4)
    stack_top = s["objective_stack"][-1]
    taken = play(play(play(s, "deliver WIC"), "disc AUX-DRAW"), "take objective stack")
    assert taken["players"][0]["discard"][-1] == stack_top

    s = _delivery()
    put_disc(s, 0, "TOP", "AUX-GAIN")
    gone = s["objective_display"] + s["objective_stack"]
    s["removed_cards"].extend(gone)
    s["objective_display"], s["objective_stack"] = [], []
    s = _at_delivery(s, 4)
    s = play(play(s, "deliver WIC"), "disc AUX-DRAW")
    assert s["current"] == 1  # nothing to gain: the turn is over


# --- transport costs ------------------------------------------------------------------------


def test_no_transport_cost_when_the_engine_is_level_with_or_beyond_the_crest():
    """R1-KC-37"""
    for engine_at in ("10", "10.5", "12"):
        s = _at_delivery(_delivery(money=10, engine_at=engine_at), 10)
        s = play(play(s, "deliver ABQ"), "disc CERT-6")
        assert s["players"][0]["money"] == 10, engine_at


def test_transport_costs_one_dollar_per_cross_between_engine_and_crest():
    """R1-KC-38"""
    s = _at_delivery(_delivery(money=10), 10)
    s = play(play(s, "deliver ABQ"), "disc CERT-6")
    assert s["players"][0]["money"] == 5  # 5 crosses from the start to Albuquerque
    from_start = {c: transport_cost("0", c) for c in s["cities"]}
    assert from_start == {
        "KAN": 0,
        "TOP": 0,
        "WIC": 1,
        "COS": 3,
        "SFE": 4,
        "ABQ": 5,
        "ELP": 7,
        "SDG": 8,
        "SAC": 9,
        "SFO": 11,
    }


def test_transport_is_paid_after_the_disc_and_its_delivery_actions():
    """R1-KC-39"""
    s = _delivery(money=6)
    put_disc(s, 0, "SFE", "AUX-GAIN")
    s = _at_delivery(s, 6)
    s = play(s, "deliver COS")
    assert top(s) == "disc"
    assert s["players"][0]["money"] == 6
    s = play(s, "disc AUX-DRAW")
    assert top(s) == "gain_objective"
    assert s["players"][0]["money"] == 6
    s = play(s, "take objective stack")
    assert s["players"][0]["money"] == 3  # Colorado Springs: 3 crosses


def test_a_hand_limit_disc_must_leave_enough_for_the_transport_cost():
    """R1-KC-40 R1-KC-29"""
    far = _at_delivery(_delivery(money=7, engine_at="12"), 10)
    assert "HAND-1" in _disc_spaces(play(far, "deliver ABQ"))  # no transport: $5 is enough
    near = _at_delivery(_delivery(money=7, engine_at="5"), 10)
    assert "HAND-1" not in _disc_spaces(play(near, "deliver ABQ"))  # $5 + $3 > $7
    rich = _at_delivery(_delivery(money=8, engine_at="5"), 10)
    rich = play(play(rich, "deliver ABQ"), "disc HAND-1")
    assert rich["players"][0]["money"] == 0


def test_rulebook_delivery_example_albuquerque_costs_three_dollars_and_unlocks_nothing():
    """R1-KC-41"""
    s = _delivery(money=10, engine_at="5")
    put_disc(s, 0, "TOP", "AUX-GAIN")
    put_disc(s, 0, "COS", "AUX-DRAW")
    before = _city_vp(s)
    s = _at_delivery(s, 10)
    assert "ABQ" in _cities(s)
    assert "ELP" not in _cities(s)
    s = play(play(s, "deliver ABQ"), "disc CERT-6")
    assert s["current"] == 1  # no delivery action was triggered
    assert s["players"][0]["money"] == 7
    assert _city_vp(s) == before


def test_rulebook_delivery_example_alternatives_and_their_transport_costs():
    """R1-KC-42"""
    s = _delivery(money=10, engine_at="5")
    put_disc(s, 0, "TOP", "AUX-GAIN")
    put_disc(s, 0, "COS", "AUX-DRAW")
    s = _at_delivery(s, 10)
    assert _cities(s) == ["KAN", "WIC", "SFE", "ABQ"]  # not Topeka or Colorado Springs
    money_after = {}
    for city in ("SFE", "WIC", "KAN"):
        chosen = play(s, f"deliver {city}")
        remaining_white = [d for d in WHITE if d in chosen["players"][0]["discs"]]
        assert _disc_spaces(chosen) == remaining_white, city  # white-cornered discs only
        chosen = play(chosen, "disc CERT-4")
        if top(chosen) == "gain_objective":  # Santa Fe completes Colorado Springs - Santa Fe
            chosen = play(chosen, "take objective stack")
        money_after[city] = chosen["players"][0]["money"]
    assert money_after == {"SFE": 8, "WIC": 10, "KAN": 16}  # $2, $0, $0 (+$6 crest)


def test_fact_sheet_transport_example_engine_on_space_five():
    """R1-KC-38 R1-KC-41 R1-KC-42"""
    assert {c: transport_cost("5", c) for c in ("ABQ", "SFE", "WIC", "KAN")} == {
        "ABQ": 3,
        "SFE": 2,
        "WIC": 0,
        "KAN": 0,
    }


def test_an_engine_on_a_turnout_counts_as_the_next_numbered_space_for_transport():
    """R1-KC-38"""
    assert transport_cost("4", "ABQ") == 4
    assert transport_cost("4.5", "ABQ") == transport_cost("5", "ABQ") == 3
    s = _at_delivery(_delivery(money=10, engine_at="4.5"), 10)
    s = play(play(s, "deliver ABQ"), "disc CERT-6")
    assert s["players"][0]["money"] == 7
    assert texts(s)  # the game goes on

"""Buying cattle with cowboys, and the cowboys' market draw (R1-MARKET-*; fact sheet §4.3)."""

from __future__ import annotations

import engine
from tests.engine.helpers import at_location, give_worker, moves, new, play, set_market, top

HOLSTEIN, BROWN_SWISS, AYRSHIRE = "holstein-1", "brown_swiss-1", "ayrshire-1"
WEST_HIGHLAND, LONGHORN = "west_highland-1", "texas_longhorn-1"
EVERY_BREED = [
    "holstein-1",
    "holstein-2",
    "brown_swiss-1",
    "ayrshire-1",
    "west_highland-1",
    "west_highland-4",
    "texas_longhorn-1",
]


def buying(cowboys: int, money: int = 50, market: list[str] | None = None, stack_top=()):
    """Seat 0 on neutral E with ``cowboys`` cowboys, having started the buy action."""
    s = new()
    give_worker(s, 0, "cowboy", cowboys - 1)
    set_market(s, EVERY_BREED if market is None else market)
    for cid in stack_top:  # the last one listed is the top card
        s["market_stack"].remove(cid)
        s["market_stack"].append(cid)
    s["players"][0]["money"] = money
    s = at_location(s, 0, "E")
    s = play(s, "buy")
    assert top(s) == "buy"
    return s


def options(state) -> set[str]:
    return {m["option"] for m in moves(state, type="buy")}


def cards_of(state, option: str) -> set[tuple[str, ...]]:
    return {tuple(m["cards"]) for m in moves(state, type="buy", option=option)}


def test_the_options_grow_with_the_number_of_cowboys():
    """R1-MARKET-01"""
    got = {n: options(buying(n)) for n in range(1, 7)}
    assert got == {
        1: {"BUY-3A", "BUY-4A"},
        2: {"BUY-3A", "BUY-4A", "BUY-3B", "BUY-5A"},
        3: {"BUY-3A", "BUY-4A", "BUY-3B", "BUY-5A", "BUY-3x2", "BUY-4B"},
        4: {"BUY-3A", "BUY-4A", "BUY-3B", "BUY-5A", "BUY-3x2", "BUY-4B", "BUY-5B"},
        5: {"BUY-3A", "BUY-4A", "BUY-3B", "BUY-5A", "BUY-3x2", "BUY-4B", "BUY-5B", "BUY-4x2"},
        6: {"BUY-3A", "BUY-4A", "BUY-3B", "BUY-5A", "BUY-3x2", "BUY-4B", "BUY-5B", "BUY-4x2"},
    }


def test_the_options_also_depend_on_the_money_spent():
    """R1-MARKET-01"""
    assert options(buying(3, money=5)) == {"BUY-3B", "BUY-3x2"}
    assert options(buying(3, money=3)) == {"BUY-3B"}
    assert options(buying(3, money=2)) == set()


def test_one_cowboy_buys_a_breeding_value_3_card_for_6_or_a_west_highland_for_12():
    """R1-MARKET-03"""
    s = buying(1, money=20)
    assert options(s) == {"BUY-3A", "BUY-4A"}
    s = play(s, {"type": "buy", "option": "BUY-4A", "cards": [WEST_HIGHLAND]})
    assert s["players"][0]["money"] == 8
    s = buying(1, money=20)
    s = play(s, {"type": "buy", "option": "BUY-3A", "cards": [AYRSHIRE]})
    assert s["players"][0]["money"] == 14


def test_two_cowboys_together_buy_a_value_3_card_for_3_or_a_longhorn_for_12():
    """R1-MARKET-04"""
    s = play(buying(2, money=20), {"type": "buy", "option": "BUY-3B", "cards": [HOLSTEIN]})
    assert s["players"][0]["money"] == 17
    assert top(s) != "buy"  # both cowboys used
    s = play(buying(2, money=20), {"type": "buy", "option": "BUY-5A", "cards": [LONGHORN]})
    assert s["players"][0]["money"] == 8
    assert s["players"][0]["discard"] == [LONGHORN]


def test_two_cowboys_may_buy_two_value_3_cards_at_6_each():
    """R1-MARKET-04 R1-MARKET-02"""
    s = play(buying(2, money=20), {"type": "buy", "option": "BUY-3A", "cards": [HOLSTEIN]})
    assert options(s) == {"BUY-3A", "BUY-4A"}
    s = play(s, {"type": "buy", "option": "BUY-3A", "cards": [BROWN_SWISS]})
    p = s["players"][0]
    assert (p["money"], p["discard"]) == (8, [HOLSTEIN, BROWN_SWISS])
    assert top(s) != "buy"


def test_three_cowboys_and_5_dollars_buy_exactly_two_value_3_cards():
    """R1-MARKET-05"""
    s = buying(3, money=5)
    assert all(len(m["cards"]) == 2 for m in moves(s, option="BUY-3x2"))
    assert cards_of(s, "BUY-3x2") == {
        ("holstein-1", "holstein-2"),
        ("holstein-1", "brown_swiss-1"),
        ("holstein-1", "ayrshire-1"),
        ("brown_swiss-1", "ayrshire-1"),
    }
    s = play(s, {"type": "buy", "option": "BUY-3x2", "cards": [HOLSTEIN, AYRSHIRE]})
    p = s["players"][0]
    assert (p["money"], p["discard"]) == (0, [HOLSTEIN, AYRSHIRE])
    # with a single value-3 card in the market the two-card option is not available
    assert "BUY-3x2" not in options(buying(3, market=[AYRSHIRE, WEST_HIGHLAND]))


def test_three_cowboys_buy_a_west_highland_for_6():
    """R1-MARKET-01"""
    s = play(buying(3, money=6), {"type": "buy", "option": "BUY-4B", "cards": [WEST_HIGHLAND]})
    assert s["players"][0]["money"] == 0
    assert s["players"][0]["discard"] == [WEST_HIGHLAND]


def test_four_cowboys_buy_a_texas_longhorn_for_6():
    """R1-MARKET-01"""
    s = play(buying(4, money=6), {"type": "buy", "option": "BUY-5B", "cards": [LONGHORN]})
    assert s["players"][0]["money"] == 0
    assert s["players"][0]["discard"] == [LONGHORN]


def test_five_cowboys_and_8_dollars_buy_exactly_two_west_highlands():
    """R1-MARKET-06"""
    s = buying(5, money=8)
    assert cards_of(s, "BUY-4x2") == {("west_highland-1", "west_highland-4")}
    s = play(
        s, {"type": "buy", "option": "BUY-4x2", "cards": ["west_highland-1", "west_highland-4"]}
    )
    p = s["players"][0]
    assert (p["money"], sorted(p["discard"])) == (0, ["west_highland-1", "west_highland-4"])
    assert "BUY-4x2" not in options(buying(5, market=[WEST_HIGHLAND, HOLSTEIN]))


def test_each_cowboy_is_put_to_use_only_once_per_buy_action():
    """R1-MARKET-02: six cowboys split as 5 (two West Highlands) + 1 (a value-3 card)."""
    s = buying(6, money=30)
    s = play(
        s, {"type": "buy", "option": "BUY-4x2", "cards": ["west_highland-1", "west_highland-4"]}
    )
    assert s["stack"][-1]["cowboys"] == 1
    assert options(s) == {"BUY-3A"}  # no West Highland left for BUY-4A
    s = play(s, {"type": "buy", "option": "BUY-3A", "cards": [AYRSHIRE]})
    assert top(s) == "loc"  # every cowboy used: the action is over
    assert s["players"][0]["money"] == 30 - 8 - 6


def test_cowboys_may_be_split_among_several_options_and_a_draw():
    """R1-MARKET-02 R1-MARKET-04: four cowboys as 2 ($3 value-3 card) + 1 (draw) + 1 ($6
    value-3 card)."""
    s = buying(4, money=9, market=[HOLSTEIN, BROWN_SWISS])
    s = play(s, {"type": "buy", "option": "BUY-3B", "cards": [HOLSTEIN]})
    assert options(s) == {"BUY-3A", "BUY-3B"}
    s = play(s, "market draw")
    assert s["stack"][-1]["cowboys"] == 1
    assert options(s) == {"BUY-3A"}  # $6 left
    s = play(s, {"type": "buy", "option": "BUY-3A", "cards": [BROWN_SWISS]})
    p = s["players"][0]
    assert (p["money"], p["discard"]) == (0, [HOLSTEIN, BROWN_SWISS])
    assert top(s) == "loc"


def test_a_value_3_option_buys_any_holstein_brown_swiss_or_ayrshire_only():
    """R1-MARKET-07"""
    s = buying(1)
    assert cards_of(s, "BUY-3A") == {(HOLSTEIN,), (BROWN_SWISS,), (AYRSHIRE,)}
    assert cards_of(s, "BUY-4A") == {("west_highland-1",), ("west_highland-4",)}


def test_an_unused_cowboy_may_draw_two_market_cards_instead():
    """R1-MARKET-08"""
    s = buying(2, money=0, market=[HOLSTEIN], stack_top=["ayrshire-2", "texas_longhorn-2"])
    assert moves(s, type="market_draw") == [{"type": "market_draw"}]
    stack = len(s["market_stack"])
    s = play(s, "market draw")
    assert s["market"] == [HOLSTEIN, "texas_longhorn-2", "ayrshire-2"]
    assert len(s["market_stack"]) == stack - 2
    assert s["stack"][-1]["cowboys"] == 1
    s = play(s, "market draw")
    assert len(s["market"]) == 5
    assert top(s) == "loc"  # both cowboys used


def test_the_market_draw_may_push_the_market_above_its_size():
    """R1-MARKET-08: seven cards is the two-player size; the draw still adds two."""
    s = buying(1, money=0, market=EVERY_BREED)
    s = play(s, "market draw")
    assert len(s["market"]) == 9


def test_cards_revealed_by_a_market_draw_can_be_bought_in_the_same_action():
    """R1-MARKET-09"""
    s = buying(3, money=12, market=[HOLSTEIN], stack_top=["texas_longhorn-3", "holstein-5"])
    assert "BUY-5A" not in options(s)
    s = play(s, "market draw")
    assert "BUY-5A" in options(s)
    s = play(s, {"type": "buy", "option": "BUY-5A", "cards": ["texas_longhorn-3"]})
    p = s["players"][0]
    assert (p["money"], p["discard"]) == (0, ["texas_longhorn-3"])


def test_the_market_draw_takes_what_is_left_of_the_stack():
    """R1-MARKET-08 (open question 4: fewer than 2 cards left)."""
    s = buying(2, money=0, market=[HOLSTEIN])
    last = s["market_stack"][-1]
    s["market_stack"][:] = [last]
    s = play(s, "market draw")
    assert s["market"] == [HOLSTEIN, last]
    assert s["market_stack"] == []
    assert moves(s, type="market_draw") == []


def test_only_cards_in_the_cattle_market_can_be_bought():
    """R1-MARKET-10"""
    s = buying(2, money=30, market=[HOLSTEIN, WEST_HIGHLAND])
    assert "texas_longhorn-1" in s["market_stack"]
    assert options(s) == {"BUY-3A", "BUY-3B", "BUY-4A"}
    bought = {c for m in moves(s, type="buy") for c in m["cards"]}
    assert bought == {HOLSTEIN, WEST_HIGHLAND}


def test_the_buyer_may_stop_without_buying_anything():
    """R1-MARKET-11"""
    s = buying(3, money=30)
    market = list(s["market"])
    s = play(s, "done")
    p = s["players"][0]
    assert (p["money"], p["discard"], s["market"]) == (30, [], market)
    assert top(s) == "loc"
    assert moves(s, id="buy") == []  # the action was used


def test_bought_cattle_go_face_up_onto_the_discard_pile():
    """R1-MARKET-12"""
    s = buying(1, money=30)
    hand = list(s["players"][0]["hand"])
    s = play(s, {"type": "buy", "option": "BUY-3A", "cards": [BROWN_SWISS]})
    view = engine.view(s, 1)["players"][0]
    assert [c["id"] for c in view["discard_pile"]] == [BROWN_SWISS]
    assert s["players"][0]["hand"] == hand
    assert BROWN_SWISS not in s["market"]

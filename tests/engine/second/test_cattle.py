"""Cattle cards and the cattle market of the 2nd edition (R2-SETUP-02, R2-MARKET-01, R2-MARKET-02,
R2-SAME-09)."""

from __future__ import annotations

from collections import Counter

import engine
from engine import editions
from engine.components import breed
from engine.data.second import cattle
from tests.engine import helpers as h
from tests.engine.second.helpers import new

SECOND = editions.get("2e")


def test_the_starting_decks_and_the_market_deck():
    """R2-SETUP-02: 5 Criollo, 3 Santa Gertrudis, 3 Pineywoods, 3 Galloway per player; a
    market of 7 Black Angus, 7 Longhorn, 7 Corriente, 9 Shorthorn, 6 Hereford, laid out
    7 / 10 / 13 cards."""
    for players, shown in ((2, 7), (3, 10), (4, 13)):
        state = new(players)
        for p in state["players"]:
            deck = p["hand"] + p["draw"]
            names = Counter(cattle.BREED_NAMES[breed(SECOND, c)] for c in deck)
            assert names == {"Criollo": 5, "Santa Gertrudis": 3, "Pineywoods": 3, "Galloway": 3}
        market = state["market"] + state["market_stack"]
        names = Counter(cattle.BREED_NAMES[breed(SECOND, c)] for c in market)
        assert names == {
            "Black Angus": 7,
            "Longhorn": 7,
            "Corriente": 7,
            "Shorthorn": 9,
            "Hereford": 6,
        }
        assert len(state["market"]) == shown


def test_cards_are_named_by_their_2e_breed():
    """R2-SETUP-02: the notation's words for the 2nd edition's breeds."""
    assert engine.card_text("p0-p1-1", "2e") == "criollo"
    assert engine.card_text("p2-p2_green-3", "2e") == "santa-gertrudis"
    assert engine.card_text("m4-9", "2e") == "shorthorn/5vp"
    assert engine.card_text("m5-6", "2e") == "hereford/7vp"
    assert engine.card_text("m3_yellow-1", "2e") == "black-angus/1vp"
    assert engine.card_text("holstein-1") == "holstein/1vp"


def _buying(cowboys: int, market: list[str], money: int = 40) -> engine.State:
    state = new()
    h.give_worker(state, 0, "cowboy", cowboys - 1)
    state["players"][0]["money"] = money
    h.set_market(state, market)
    h.at_location(state, 0, "E")
    return h.play(state, {"type": "action", "id": "buy"})


def test_the_named_buy_options():
    """R2-MARKET-02: 1 cowboy: a Shorthorn for $12; 2 cowboys: a Hereford for $12; 5 cowboys
    and $8: exactly 2 Shorthorns; value-3 options as in the 1st edition."""
    state = _buying(5, ["m4-1", "m4-4", "m5-1", "m3_red-1"])
    options = {(m["option"], tuple(m["cards"])) for m in h.moves(state, type="buy")}
    assert ("BUY-4A", ("m4-1",)) in options
    assert ("BUY-5A", ("m5-1",)) in options
    assert ("BUY-4x2", ("m4-1", "m4-4")) in options
    assert ("BUY-3A", ("m3_red-1",)) in options
    assert not any(o == "BUY-4x2" and "m5-1" in c for o, c in options)
    money = state["players"][0]["money"]
    state = h.play(state, {"type": "buy", "option": "BUY-4x2", "cards": ["m4-1", "m4-4"]})
    assert state["players"][0]["money"] == money - 8
    assert state["players"][0]["discard"][-2:] == ["m4-1", "m4-4"]


def test_the_market_draw_may_come_at_any_moment_of_the_buy_action():
    """R2-MARKET-01: before buying, between buys, with cowboys left."""
    state = _buying(4, ["m4-1", "m3_red-1"])
    assert {"type": "market_draw"} in engine.legal_moves(state, 0)
    state = h.play(state, {"type": "buy", "option": "BUY-3A", "cards": ["m3_red-1"]})
    assert {"type": "market_draw"} in engine.legal_moves(state, 0)
    stack = len(state["market_stack"])
    state = h.play(state, "market draw")
    assert len(state["market_stack"]) == stack - 2
    assert {"type": "market_draw"} in engine.legal_moves(state, 0)
    assert state["stack"][-1]["cowboys"] == 2


def test_buying_fewer_than_allowed_and_paying_in_full():
    """R2-SAME-09: a buy may stop early; a price must be paid in full."""
    state = _buying(2, ["m5-1", "m4-1"], money=11)
    assert h.moves(state, type="buy", option="BUY-5A") == []
    assert h.moves(state, type="buy", option="BUY-4A") == []
    assert {"type": "done"} in engine.legal_moves(state, 0)

"""The Simmental variant of the 2nd edition (R2-SIMM-01..22): setup, the market tile's buy
options, the upgrade step in Kansas City, income, discards, tasks, scoring and views.

Each test arranges a real 2e game (``engine.new_game(..., "2e", {"simmental": True})``)
through the shared helpers, which keep every card where the conservation checks find it,
and plays moves through the public contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine import editions, golden
from engine.data.second import cattle
from engine.rules import scoring
from engine.state import State
from tests.engine import invariants
from tests.engine.helpers import (
    at_location,
    give_worker,
    in_kansas_city,
    move_card,
    moves,
    play,
    put_tile,
    set_deck,
    set_hand,
    set_job_market,
    set_market,
    texts,
    top,
)

SECOND = editions.get("2e")
CALVES = [f"simmental_calf-{i}" for i in range(1, 9)]
HEIFERS = [f"simmental_heifer-{i}" for i in range(1, 9)]
COWS = [f"simmental_cow-{i}" for i in range(1, 9)]
YELLOW_ROW = SECOND.player_board.JOB_ROW_ARROWS.index("yellow")


def new(players: int = 2, seed: int = 1, simmental: bool = True, layout: str = "beginner") -> State:
    return engine.new_game(players, seed, "2e", {"layout": layout, "simmental": simmental})


STAGES = {1: CALVES, 2: HEIFERS, 3: COWS}


def _box(state: State, seat: int, stage: int, keep: list[str]) -> None:
    """Return a card of ``stage`` (not one of ``keep``) to the box, the seat's removed pile,
    as an earlier upgrade would have: so every Heifer or Cow out of its stack is matched by
    a card upgraded into it (``invariants.check_simmental``)."""
    removed = state["players"][seat]["removed"]
    cid = next(c for c in reversed(STAGES[stage]) if c not in keep and c not in removed)
    if stage == 1:
        move_card(state, cid, seat, "removed")
        return
    state["simmental"][str(stage)].remove(cid)
    removed.append(cid)
    _box(state, seat, stage - 1, keep)


def _out_of_stack(state: State, cards: list[str], seat: int) -> None:
    """Heifers and Cows asked for by a test come off their stack onto the seat's draw pile,
    where the shared helpers find them, each for a card of the stage below in the box."""
    for c in cards:
        for key, stack in state["simmental"].items():
            if c in stack:
                stack.remove(c)
                state["players"][seat]["draw"].append(c)
                _box(state, seat, int(key) - 1, cards)


def hand(state: State, seat: int, cards: list[str]) -> None:
    _out_of_stack(state, cards, seat)
    set_hand(state, seat, cards)


def deck(state: State, seat: int, cards: list[str]) -> None:
    """The seat's whole herd deck: ``cards`` on the discard pile, nothing else."""
    _out_of_stack(state, cards, seat)
    set_deck(state, seat, hand=[], draw=[], discard=cards)


def stage_cards(state: State) -> list[str]:
    return [c for c in invariants.all_card_ids(state) if c.startswith("simmental")]


def income_then(state: State, seat: int = 0) -> State:
    """Kansas City up to the income, taken without certificates."""
    state = in_kansas_city(state, seat, 4)
    return play(state, "income certificates 0")


def upgrades(state: State) -> list[dict]:
    return moves(state, type="simmental")


def _yellow_arrow_next(state: State, seat: int) -> State:
    """The seat is in Kansas City at foresight 2, whose first tile is a worker that fills
    the last free space of the yellow-arrow row: choosing it refills the market."""
    cols = list(SECOND.player_board.job_columns(state["num_players"]))
    row: list[str | None] = [None] * 4
    for c in cols[:-1]:
        row[c] = "cowboy"
    set_job_market(state, {YELLOW_ROW: row}, token_row=YELLOW_ROW)
    worker = next(t for t in state["supply"]["2"] if t.startswith("builder"))
    state["supply"]["2"].remove(worker)
    old = state["foresight"][1][0]
    assert old is not None
    state["supply"][str(SECOND.tiles.TILES[old]["back"])].insert(0, old)
    state["foresight"][1][0] = worker
    return in_kansas_city(state, seat, 2)


# --- setup ---------------------------------------------------------------------------------


def test_the_variant_is_an_option_off_unless_asked_for():
    """R2-SIMM-01: without the option (or with it false) there is no Simmental card, no
    stack beside Kansas City, no Simmental buy option; the option takes only true or false,
    and only in the 2nd edition."""
    for state in (engine.new_game(2, 3, "2e"), new(simmental=False)):
        assert state["options"]["simmental"] is False
        assert "simmental" not in state
        assert "simmental" not in engine.view(state, 0)
        assert stage_cards(state) == []
        assert len(state["market"]) == 7
    state = new()
    assert state["options"] == {"layout": "beginner", "simmental": True}
    assert len(stage_cards(state)) == 24
    for bad in ("yes", 1, None):
        with pytest.raises(engine.IllegalMove) as refused:
            engine.new_game(2, 1, "2e", {"simmental": bad})
        assert refused.value.code == "bad_option"
    with pytest.raises(engine.IllegalMove):
        engine.new_game(2, 1, "1e", {"simmental": True})


def test_simmental_cards_come_in_three_orange_stages_and_only_calves_reach_the_market():
    """R2-SIMM-02: 8 Calves, 8 Heifers, 8 Cows, one orange breed; at setup the Calves are in
    the market or its stack and the other stages in their stacks; views show a market
    Simmental with its stage, breeding value and VP."""
    state = new(4, 2)
    data = SECOND.simmental
    assert sorted(c for c in stage_cards(state) if data.simmental_stage(c) == 1) == CALVES
    market = state["market"] + state["market_stack"]
    assert all(data.simmental_stage(c) in (None, 1) for c in market)
    assert sorted(state["simmental"]["2"]) == HEIFERS
    assert sorted(state["simmental"]["3"]) == COWS
    seed = next(s for s in range(40) if any(c in CALVES for c in new(4, s)["market"]))
    shown = engine.view(new(4, seed), 1)["cattle_market"]
    calf = next(c for c in shown if c["breed"] == "simmental")
    assert (calf["stage"], calf["value"], calf["vp"]) == (1, 2, 3)
    assert all("stage" not in c for c in shown if c["breed"] != "simmental")


def test_the_simmental_stages_score_their_victory_points():
    """R2-SIMM-02 (§5.5 figures: Calf 3 VP, Heifer 4, Cow 5): cattle cards in the deck score
    their VP in the cattle category of the final scoring."""
    state = new()
    deck(state, 0, ["m4-1"])
    base = scoring.score_player(state, 0)["categories"]["cattle"]
    deck(state, 0, ["m4-1", CALVES[0], HEIFERS[0], COWS[0]])
    assert scoring.score_player(state, 0)["categories"]["cattle"] == base + 3 + 4 + 5


def test_the_calves_are_shuffled_into_a_44_card_market_stack():
    """R2-SIMM-03: the market and its stack are the 36 market cards and the 8 Calves,
    shuffled (the Calves lie elsewhere in another game)."""
    state = new(3, 1)
    cards = state["market"] + state["market_stack"]
    assert len(cards) == 44
    assert set(cards) == set(cattle.MARKET_CARDS) | set(CALVES)
    places = {
        tuple(i for i, c in enumerate(new(3, s)["market_stack"]) if c in CALVES) for s in range(4)
    }
    assert len(places) > 1


def test_the_simmental_market_tile_adds_its_buy_options_only_with_the_variant():
    """R2-SIMM-04: the tile covers its area of the market: its options are offered with the
    variant, never without."""
    for simmental in (False, True):
        state = new(simmental=simmental)
        give_worker(state, 0, "cowboy", 3)
        state["players"][0]["money"] = 40
        cards = ["m3_yellow-1", "m4-1", "m5-1"] + (CALVES[:1] if simmental else [])
        set_market(state, cards)
        state = at_location(state, 0, "E")
        state = play(state, "buy")
        options = {m["option"] for m in moves(state, type="buy")}
        assert ({"BUY-SIM-A", "BUY-SIM-B"} <= options) is simmental, simmental


@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 12), (4, 15)])
def test_the_initial_market_has_9_12_or_15_cards_with_the_calves_leftmost(players, size):
    """R2-SIMM-05: 9/12/15 cards revealed; in the market as laid out (views) the orange
    cards come first, then yellow, red, blue, brown, purple."""
    for seed in range(10):
        state = new(players, seed)
        assert len(state["market"]) == size
        shown = [c["breed"] for c in engine.view(state, None)["cattle_market"]]
        k = sum(1 for c in state["market"] if c in CALVES)
        assert shown[:k] == ["simmental"] * k
        order = cattle.MARKET_ORDER_SIMMENTAL
        assert shown == sorted(shown, key=order.index)


def test_heifers_and_cows_wait_in_two_stacks_beside_kansas_city():
    """R2-SIMM-06: the stage-2 and stage-3 stacks, in the state and (as counts) in views."""
    state = new(3, 4)
    assert {k: len(v) for k, v in state["simmental"].items()} == {"2": 8, "3": 8}
    for seat in (None, 0, 1, 2):
        assert engine.view(state, seat)["simmental"] == {"2": {"count": 8}, "3": {"count": 8}}
    invariants.check_state(state)
    invariants.check_views(state)


# --- the market ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 12), (4, 15)])
def test_a_yellow_arrow_refills_the_market_to_the_variants_initial_number(players, size):
    """R2-SIMM-07 (ambiguous; decided: the variant's own initial number, 9/12/15)."""
    state = new(players, 3)
    set_market(state, ["m3_yellow-1", "m4-1", "m5-1"])
    state = _yellow_arrow_next(state, players - 1)
    state = play(state, "foresight 1")
    assert state["job_market"]["token_row"] == YELLOW_ROW + 1
    assert len(state["market"]) == size


def test_one_cowboy_buys_a_calf_for_8_dollars():
    """R2-SIMM-08: 1 cowboy and $8; the Calf goes onto the discard pile."""
    state = new()
    state["players"][0]["money"] = 10
    set_market(state, [CALVES[2], "m4-1"])
    state = at_location(state, 0, "E")
    state = play(state, "buy")
    assert engine.describe(state, 0, moves(state, option="BUY-SIM-A")[0]) == (
        "buy BUY-SIM-A simmental-calf"
    )
    state = play(state, "buy BUY-SIM-A simmental-calf")
    p = state["players"][0]
    assert p["money"] == 2
    assert p["discard"][-1] == CALVES[2]
    assert CALVES[2] not in state["market"]


def test_two_cowboys_buy_a_calf_for_5_dollars():
    """R2-SIMM-09: 2 cowboys and $5 (1 cowboy is not enough for this option)."""
    state = new()
    state["players"][0]["money"] = 5
    set_market(state, [CALVES[0], CALVES[1]])
    state = at_location(state, 0, "E")
    state = play(state, "buy")
    assert moves(state, option="BUY-SIM-B") == []  # one cowboy; $5 is short of option A
    give_worker(state, 0, "cowboy")
    state = at_location(state, 0, "E")
    state = play(state, "buy")
    state = play(state, "buy BUY-SIM-B simmental-calf")
    p = state["players"][0]
    assert p["money"] == 0
    assert p["discard"][-1] in CALVES[:2]


def test_only_the_simmental_options_buy_a_calf_and_they_buy_nothing_else():
    """R2-SIMM-22: the value-3, Shorthorn and Hereford options never take a Calf; the
    Simmental options take only a Calf."""
    state = new()
    give_worker(state, 0, "cowboy", 4)
    state["players"][0]["money"] = 60
    set_market(state, [CALVES[0], "m3_red-1", "m3_blue-2", "m4-3", "m5-4"])
    state = at_location(state, 0, "E")
    state = play(state, "buy")
    buys = moves(state, type="buy")
    assert {m["option"] for m in buys} >= {"BUY-3A", "BUY-4A", "BUY-5A", "BUY-SIM-A"}
    for m in buys:
        sim = m["option"].startswith("BUY-SIM")
        assert all((c in CALVES) is sim for c in m["cards"]), m


def test_orange_cards_stay_leftmost_whenever_the_market_is_sorted_again():
    """R2-SIMM-21 (inferred): after a yellow-arrow refill brings Calves, they lie at the
    very left of the market."""
    state = new(2, 5)
    set_market(state, ["m5-1", "m3_yellow-2", "m4-1"])
    stack = state["market_stack"]
    for c in CALVES[:2]:  # on top of the stack: revealed by the refill
        stack.remove(c)
        stack.append(c)
    state = _yellow_arrow_next(state, 1)
    state = play(state, "foresight 1")
    shown = engine.view(state, 0)["cattle_market"]
    assert len(shown) == 9
    calves = sum(1 for c in state["market"] if c in CALVES)
    assert calves >= 2
    assert [c["breed"] for c in shown[:calves]] == ["simmental"] * calves
    assert all(c["breed"] != "simmental" for c in shown[calves:])


# --- Kansas City ----------------------------------------------------------------------------


def test_the_upgrade_step_comes_after_the_income_and_before_the_hand_discard():
    """R2-SIMM-10: at the upgrade decision the income is already paid and the hand is still
    in hand; after it, the hand is discarded and the delivery follows."""
    state = new()
    hand(state, 0, [CALVES[0], "p0-p1-1"])
    state = in_kansas_city(state, 0, 4)
    money = state["players"][0]["money"]
    state = play(state, "income certificates 0")
    assert (top(state), state["stack"][-1]["stage"]) == ("simm_upgrade", 1)
    assert engine.view(state, 0)["decision"] == {"seat": 0, "kind": "simm_upgrade", "stage": 1}
    p = state["players"][0]
    assert p["money"] == money + 2 + 1
    assert p["hand"] == [CALVES[0], "p0-p1-1"]
    assert {"simmental 1 x1", "pass"} <= set(texts(state))
    state = play(state, "pass")
    assert top(state) == "kc_deliver"
    assert state["players"][0]["hand"] == []
    assert state["players"][0]["discard"][-2:] == [CALVES[0], "p0-p1-1"]


def test_calves_in_hand_go_back_to_the_box_for_as_many_heifers_on_the_discard_pile():
    """R2-SIMM-11: the Calves leave the game (the player's removed pile), Heifers come off
    their stack onto the discard pile."""
    state = new()
    hand(state, 0, [CALVES[0], CALVES[1], "m4-1"])
    state = income_then(state)
    assert engine.parse_move(state, 0, "simmental 1 x2") == {
        "type": "simmental",
        "stage": 1,
        "n": 2,
    }
    state = play(state, "simmental 1 x2")
    p = state["players"][0]
    assert sorted(p["removed"][-2:]) == CALVES[:2]
    assert len(state["simmental"]["2"]) == 6
    heifers = [c for c in p["discard"] if c in HEIFERS]
    assert len(heifers) == 2
    assert engine.view(state, 1)["simmental"]["2"] == {"count": 6}
    invariants.check_state(state)
    invariants.check_views(state)


def test_then_heifers_in_hand_go_back_for_as_many_cows():
    """R2-SIMM-12: upgrade 2 follows upgrade 1 and takes the Heifers in hand."""
    state = new()
    hand(state, 0, [CALVES[0], HEIFERS[0], HEIFERS[1]])
    state = income_then(state)
    state = play(state, "simmental 1 x1")
    assert (top(state), state["stack"][-1]["stage"]) == ("simm_upgrade", 2)
    assert [m["n"] for m in upgrades(state)] == [1, 2]
    state = play(state, "simmental 2 x2")
    p = state["players"][0]
    assert sorted(p["removed"][-3:]) == sorted([CALVES[0], HEIFERS[0], HEIFERS[1]])
    assert sum(1 for c in p["discard"] if c in COWS) == 2
    assert len(state["simmental"]["3"]) == 6
    assert top(state) == "kc_deliver"
    invariants.check_state(state)


def test_a_calf_drawn_with_an_exchange_token_at_the_upgrade_step_may_be_upgraded():
    """R2-SIMM-11 with R2-EXCH-09: a token may be used at the upgrade decision; the card it
    brings into the hand may be upgraded (the rule speaks of the cards in hand), and the
    income already taken does not change (R2-SIMM-14)."""
    state = new()
    hand(state, 0, [CALVES[0], "p0-p1-1"])
    move_card(state, CALVES[1], 0, "draw")  # the top of the draw pile
    state = income_then(state)
    money = state["players"][0]["money"]
    assert [m["n"] for m in upgrades(state)] == [1]
    state = play(state, "exchange 1")
    state = play(state, "discard criollo")
    assert (top(state), state["stack"][-1]["stage"]) == ("simm_upgrade", 1)
    assert [m["n"] for m in upgrades(state)] == [1, 2]
    state = play(state, "simmental 1 x2")
    p = state["players"][0]
    assert p["money"] == money
    assert sum(1 for c in p["discard"] if c in HEIFERS) == 2
    invariants.check_state(state)


def test_a_calf_upgraded_in_this_visit_cannot_also_become_a_cow():
    """R2-SIMM-13 (inferred): the new Heifer lies on the discard pile, not in hand, so no
    stage-2 upgrade is offered for it."""
    state = new()
    hand(state, 0, [CALVES[0], "p0-p1-1"])
    state = income_then(state)
    state = play(state, "simmental 1 x1")
    assert top(state) == "kc_deliver"
    assert any(c in HEIFERS for c in state["players"][0]["discard"])
    assert len(state["simmental"]["3"]) == 8


def test_the_new_cards_do_not_raise_the_income_just_taken():
    """R2-SIMM-14: money and the total breeding value for the delivery stay as computed
    before the upgrade."""
    state = new()
    hand(state, 0, [CALVES[0], HEIFERS[0], "m3_red-1"])
    state = income_then(state)
    money = state["players"][0]["money"]
    state = play(state, "simmental 1 x1")
    state = play(state, "simmental 2 x1")
    assert state["players"][0]["money"] == money
    assert state["stack"][-1] == {"t": "kc_deliver", "bv": 4 + 3}


def test_any_number_of_the_cards_of_a_stage_may_be_upgraded():
    """R2-SIMM-15 (ambiguous; decided: any number, from one to all, or none)."""
    state = new()
    hand(state, 0, CALVES[:3])
    state = income_then(state)
    assert [m["n"] for m in upgrades(state)] == [1, 2, 3]
    assert {"type": "pass"} in engine.legal_moves(state, 0)
    state = play(state, "simmental 1 x2")
    p = state["players"][0]
    assert sum(1 for c in p["removed"] if c in CALVES) == 2
    assert sum(1 for c in p["discard"] if c in CALVES) == 1  # the third went with the hand


def test_no_more_cards_are_upgraded_than_the_next_stack_holds():
    """R2-SIMM-16 (ambiguous; decided: as many as the next stage's stack holds; an empty
    stack skips the step).  With 8 cards a stage and one upgrade per card the cap never
    binds in a real game, so the stack is emptied by hand here (into another seat's removed
    pile, which keeps the card count)."""

    def leave(state: State, keep: int) -> None:
        stack = state["simmental"]["2"]
        state["players"][1]["removed"].extend(stack[keep:])
        del stack[keep:]

    state = new()
    leave(state, 1)
    hand(state, 0, CALVES[:3])
    state = income_then(state)
    assert [m["n"] for m in upgrades(state)] == [1]
    state = play(state, "simmental 1 x1")
    assert state["simmental"]["2"] == []
    assert top(state) == "kc_deliver"

    state = new()
    leave(state, 0)
    hand(state, 0, CALVES[:2])
    state = income_then(state)
    assert top(state) == "kc_deliver"  # nothing to upgrade into: no decision
    assert sum(1 for c in state["players"][0]["discard"] if c in CALVES) == 2


def test_only_one_orange_card_counts_at_income_the_highest():
    """R2-SIMM-17: Calf, Heifer and Cow in hand add one breeding value, the Cow's 5; the
    engine takes the highest (a lower one would only lose money), so income offers no
    choice of card."""
    state = new()
    hand(state, 0, [COWS[0], "m4-2", HEIFERS[0], CALVES[0]])
    state = in_kansas_city(state, 0, 4)
    assert [m["type"] for m in engine.legal_moves(state, 0) if m["type"] != "exchange"] == [
        "income"
    ]
    money = state["players"][0]["money"]
    state = play(state, "income certificates 0")
    assert state["players"][0]["money"] == money + 5 + 4
    assert engine.view(state, 0)["players"][0]["money"] == money + 9


# --- discards and tasks ---------------------------------------------------------------------


def test_a_discard_of_any_cattle_card_may_take_a_simmental():
    """R2-SIMM-18: 8b's "discard a cattle card of any type" accepts a Simmental."""
    state = new()
    p = state["players"][0]
    p["buildings"] = ["8b" if b == "8a" else b for b in p["buildings"]]
    put_tile(state, "A-1", "8b", owner=0)
    hand(state, 0, [COWS[0], "p0-p1-1"])
    state = at_location(state, 0, "A-1")
    cards = {m["card"] for m in moves(state, id="discard-any")}
    assert cards == {COWS[0], "p0-p1-1"}
    money = state["players"][0]["money"]
    state = play(state, "discard simmental-cow")
    assert state["players"][0]["money"] == money + 6
    assert COWS[0] in state["players"][0]["discard"]


def test_a_discard_of_a_named_breed_or_value_never_takes_a_simmental():
    """R2-SIMM-19: no orange icon, no Simmental: Galloway at A, breeding value 3 at 5a."""
    state = new()
    hand(state, 0, [CALVES[0], HEIFERS[0], COWS[0]])
    at_a = at_location(state, 0, "A")
    assert moves(at_a, id="discard-p2_white") == []
    hand(state, 0, [CALVES[0], "p0-p2_white-1"])
    at_a = at_location(state, 0, "A")
    assert [m["card"] for m in moves(at_a, id="discard-p2_white")] == ["p0-p2_white-1"]

    state = new()
    put_tile(state, "A-1", "5a", owner=0)
    hand(state, 0, [CALVES[0], HEIFERS[0], COWS[0], "m3_blue-1"])
    state = at_location(state, 0, "A-1")
    assert [m["card"] for m in moves(state, id="discard-value3")] == ["m3_blue-1"]


def test_two_simmentals_of_any_stages_make_a_pair_and_the_player_picks_which():
    """R2-SIMM-20 (ambiguous; decided: all Simmentals are one type): "discard 2 cattle cards
    of the same type" (F) takes a Calf and a Cow; with several stages in hand each pair of
    stages is its own move, and the one chosen is the one discarded."""
    state = new()
    hand(state, 0, [CALVES[0], CALVES[1], COWS[0], "p0-p1-1"])
    state = at_location(state, 0, "F")
    pairs = moves(state, id="discard-pair")
    assert {(m["card"], m["second"]) for m in pairs} == {
        (CALVES[0], CALVES[1]),
        (CALVES[0], COWS[0]),
    }
    assert "discard pair simmental-calf simmental-cow" in texts(state)
    state = play(state, "discard pair simmental-calf simmental-cow")
    p = state["players"][0]
    assert sorted(p["hand"]) == sorted([CALVES[1], "p0-p1-1"])
    assert p["discard"][-2:] == [COWS[0], CALVES[0]]


def test_cattle_tasks_of_objective_cards_never_count_a_simmental():
    """R2-SIMM-20 (ambiguous; decided: no task icon shows orange): a Heifer (value 4) is no
    Shorthorn, a Cow (value 5) no Hereford, a Calf no value-3 card."""
    state = new()
    deck(state, 0, [CALVES[0], HEIFERS[0], COWS[0]])
    supply = scoring.task_supply(state, 0)
    assert (supply["3"], supply["4"], supply["5"]) == (0, 0, 0)
    deck(state, 0, [CALVES[0], HEIFERS[0], COWS[0], "m3_red-1", "m4-1", "m5-1"])
    supply = scoring.task_supply(state, 0)
    assert (supply["3"], supply["4"], supply["5"]) == (1, 1, 1)


# --- notation and price ---------------------------------------------------------------------


def test_the_upgrade_move_has_a_notation_and_no_price_of_its_own():
    """R2-SIMM-11: ``simmental <stage> x<n>`` round-trips; an upgrade costs no money."""
    state = new()
    hand(state, 0, CALVES[:2])
    state = income_then(state)
    for m in engine.legal_moves(state, 0):
        assert engine.parse_move(state, 0, engine.describe(state, 0, m)) == m
        if m["type"] == "simmental":
            assert engine.price(state, 0, m)["cost"] is None
    assert engine.card_text(COWS[3], edition="2e") == "simmental-cow"


# --- golden games ---------------------------------------------------------------------------


def test_golden_2e_games_include_simmental_games_for_2_3_and_4_players():
    """R2-SIMM-01: recorded games with the variant on are replayed by test_golden.py, and
    they buy Calves and upgrade them."""
    folder = Path(__file__).parent.parent / "golden" / engine.current_rules_version("2e")
    games = [
        json.loads((folder / f"{name}.json").read_text())
        for name, (_, _, options) in golden.GAMES_2E.items()
        if options.get("simmental")
    ]
    assert {g["players"] for g in games} == {2, 3, 4}
    played = [m for g in games for _, m in g["moves"]]
    assert any(m["type"] == "simmental" for m in played)
    assert any(str(m.get("option", "")).startswith("BUY-SIM") for m in played)

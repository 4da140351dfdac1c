"""Setup of a 1st edition game (R1-SETUP-01..31), checked on fresh games and their views."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

import engine
from engine import components, setup
from engine.data import buildings, cattle, objectives, player_board, railroad, tiles, trail
from engine.editions import FIRST_EDITION
from tests.engine.helpers import new, texts

# The lookups of the 1st edition's cards and tiles.
breed = partial(components.breed, FIRST_EDITION)
tile = partial(components.tile, FIRST_EDITION)
tile_kind = partial(components.tile_kind, FIRST_EDITION)
tile_type = partial(components.tile_type, FIRST_EDITION)

SEEDS = range(12)


def all_supply_tiles(state: dict) -> list[str]:
    """Every worker/hazard/teepee tile wherever it lies right after setup."""
    out = [t for stack in state["supply"].values() for t in stack]
    out += [t for row in state["foresight"] for t in row if t]
    out += [t for row in state["job_market"]["rows"] for t in row if t]
    out += [c["tile"] for c in state["trail"].values() if c["owner"] is None]
    return [t for t in out if t in tiles.TILES]


def test_a_game_is_for_two_to_four_players_only():
    """R1-SETUP-01"""
    for n in (2, 3, 4):
        state = engine.new_game(n, 7)
        assert len(engine.view(state, None)["players"]) == n
    for n in (1, 5):
        with pytest.raises(engine.IllegalMove):
            engine.new_game(n, 7)


def test_the_tile_pool_is_54_workers_18_hazards_and_22_teepees_with_backs_1_to_3():
    """R1-SETUP-02"""
    state = new(4)
    pool = all_supply_tiles(state)
    assert len(pool) == len(set(pool)) == 94
    kinds = Counter((tile_kind(t), tile_type(t)) for t in pool)
    assert kinds == {
        ("worker", "cowboy"): 18,
        ("worker", "craftsman"): 18,
        ("worker", "engineer"): 18,
        ("hazard", "flood"): 6,
        ("hazard", "drought"): 6,
        ("hazard", "rockfall"): 6,
        ("teepee", "green"): 11,
        ("teepee", "blue"): 11,
    }
    assert {tiles.TILES[t]["back"] for t in pool} == {1, 2, 3}


def test_every_player_starts_with_the_same_fourteen_cattle_cards_of_his_colour():
    """R1-SETUP-03"""
    state = new(4)
    decks = []
    for p in state["players"]:
        cards = p["hand"] + p["draw"]
        assert len(cards) == 14
        assert all(c.startswith(f"p{p['seat']}-") for c in cards)
        decks.append(Counter(breed(c) for c in cards))
    assert decks[0] == {"jersey": 5, "dutch_belt": 3, "black_angus": 3, "guernsey": 3}
    assert decks[0] == decks[1] == decks[2] == decks[3]


def test_the_market_cattle_deck_is_36_cards_in_five_breeds():
    """R1-SETUP-04"""
    state = new(2)
    market = state["market"] + state["market_stack"]
    assert len(market) == len(set(market)) == 36
    assert Counter(breed(c) for c in market) == {
        "holstein": 7,
        "brown_swiss": 7,
        "ayrshire": 7,
        "west_highland": 9,
        "texas_longhorn": 6,
    }


def test_the_other_component_counts():
    """R1-SETUP-05"""
    assert len(objectives.GENERAL) == 24
    assert len(objectives.STARTING) == 4
    assert sorted(buildings.NEUTRAL) == ["NA", "NB", "NC", "ND", "NE", "NF", "NG"]
    assert sorted(buildings.PRIVATE) == sorted(f"{n}{s}" for n in range(1, 11) for s in "ab")
    assert len(railroad.STATION_MASTERS) == 5
    state = new(4)
    view = engine.view(state, None)
    for p in view["players"]:
        assert p["discs_left"] == 14
        assert len(p["buildings_available"]) == 10
        assert p["engine"] == "0"
        assert p["certificates"] == 0
        assert p["herder"] is None
    # One job market token: a single row index, held by nobody yet.
    assert isinstance(view["job_market"]["token_row"], int)
    assert not any(p["job_market_token"] for p in view["players"])
    # All 28 objective cards are somewhere: display, stack, objective areas, the box.
    placed = len(view["objective_display"]) + view["objective_stack"]["count"]
    placed += sum(len(p["objectives"]) for p in view["players"])
    placed += len(engine.view(state, None, reveal_all=True)["removed_cards"])
    assert placed == 28


def test_all_five_station_masters_lie_face_up_at_random_on_the_five_master_spaces():
    """R1-SETUP-06"""
    layouts = set()
    for seed in SEEDS:
        view = engine.view(new(2, seed), None)
        masters = view["station_masters"]
        assert sorted(masters) == ["S1", "S2", "S3", "S4", "S5"]
        assert sorted(m["id"] for m in masters.values()) == sorted(railroad.STATION_MASTERS)
        layouts.add(tuple(masters[s]["id"] for s in sorted(masters)))
    assert len(layouts) > 1


def test_neutral_buildings_lie_on_their_own_letter_in_a_first_game_and_shuffled_later():
    """R1-SETUP-07"""
    view = engine.view(new(2, 3, layout="beginner"), None)
    assert {s: view["trail"][s]["tile"] for s in "ABCDEFG"} == {s: f"N{s}" for s in "ABCDEFG"}
    layouts = set()
    for seed in SEEDS:
        trail_view = engine.view(new(2, seed, layout="random"), None)["trail"]
        placed = tuple(trail_view[s]["tile"] for s in "ABCDEFG")
        assert sorted(placed) == [f"N{s}" for s in "ABCDEFG"]
        layouts.add(placed)
    assert len(layouts) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_job_market_token_starts_at_the_top_and_ends_setup_in_the_second_row(players):
    """R1-SETUP-08 R1-SETUP-13 R1-SETUP-14"""
    jm = engine.view(new(players), None)["job_market"]
    rows = jm["rows"]
    used = list(player_board.job_columns(players))
    assert used == list(range(4 - players, 4))
    # Row 1 is filled from beneath the player-count sign to its end (the token's first space).
    assert [rows[0][c] is not None for c in range(4)] == [c in used for c in range(4)]
    # Row 2 is filled from beneath the sign up to the space left of the token.
    assert [rows[1][c] is not None for c in range(4)] == [c in used[:-1] for c in range(4)]
    assert jm["token_row"] == 1
    assert all(cell is None for row in rows[2:] for cell in row)


def test_the_job_market_holds_3_5_or_7_workers_after_setup():
    """R1-SETUP-14 (example: 'between 3 and 7'; 3, 5 or 7)"""
    counts = {}
    for players in (2, 3, 4):
        rows = engine.view(new(players), None)["job_market"]["rows"]
        counts[players] = sum(1 for row in rows for cell in row if cell is not None)
    assert counts == {2: 3, 3: 5, 4: 7}


def test_the_kansas_city_supply_is_three_face_down_stacks_sorted_by_back_number():
    """R1-SETUP-09 R1-SETUP-10"""
    orders = set()
    for seed in SEEDS[:4]:
        state = new(2, seed)
        for back, stack in state["supply"].items():
            assert all(tiles.TILES[t]["back"] == int(back) for t in stack)
        orders.add(tuple(state["supply"]["1"]))
        view = engine.view(state, 0)
        assert view["supply"] == {k: {"count": len(v)} for k, v in state["supply"].items()}
    assert len(orders) == 4  # each stack is shuffled
    pool = all_supply_tiles(new(2))
    by_back = {b: {tile_kind(t) for t in pool if tiles.TILES[t]["back"] == b} for b in (1, 2, 3)}
    assert by_back == {1: {"hazard", "teepee"}, 2: {"worker"}, 3: {"worker", "teepee"}}


@pytest.mark.parametrize("seed", SEEDS)
def test_seven_starting_tiles_fill_the_lowest_free_teepee_and_hazard_spaces(seed):
    """R1-SETUP-11"""
    state = new(3, seed)
    on_trail = {s: c["tile"] for s, c in state["trail"].items() if c["owner"] is None}
    placed = {s: t for s, t in on_trail.items() if t in tiles.TILES}
    assert len(placed) == 7
    teepee_spaces = [s for s, _ in trail.TEEPEE_SPACES]
    n_teepees = sum(1 for t in placed.values() if tile_kind(t) == "teepee")
    assert sorted(s for s, t in placed.items() if tile_kind(t) == "teepee") == sorted(
        teepee_spaces[:n_teepees]
    )
    for hazard, spaces in trail.HAZARD_SPACES.items():
        mine = [s for s, t in placed.items() if tile_kind(t) == "hazard" and tile_type(t) == hazard]
        assert sorted(mine) == list(spaces[: len(mine)])
        assert all(tile_type(placed[s]) == hazard for s in mine)


def test_a_setup_hazard_with_a_full_section_goes_back_into_stack_1_and_another_is_drawn(
    monkeypatch,
):
    """R1-SETUP-12 (ambiguous; rules-notes: reinserted, stack 1 reshuffled)"""
    refused: list[str] = []
    real = setup.place_supply_tile

    def spy(state, tid):
        ok = real(state, tid)
        if not ok:
            refused.append(tid)
        return ok

    monkeypatch.setattr(setup, "place_supply_tile", spy)
    state = engine.new_game(2, 60)  # seed 60 draws a fifth rockfall tile during setup
    assert refused == ["rockfall-3"]
    assert [s for s in trail.HAZARD_SPACES["rockfall"] if s in state["trail"]] == [
        "ROCKFALL-1",
        "ROCKFALL-2",
        "ROCKFALL-3",
        "ROCKFALL-4",
    ]
    placed = [c["tile"] for c in state["trail"].values() if c["tile"] in tiles.TILES]
    assert len(placed) == 7
    # The refused tile is still in the Kansas City supply, nothing left the game.
    assert "rockfall-3" in state["supply"]["1"] + [t for r in state["foresight"] for t in r]
    assert state["removed_tiles"] == []
    assert len(state["supply"]["1"]) == 35 - 7 - 2


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_the_six_foresight_spaces_hold_two_tiles_from_each_stack(seed):
    """R1-SETUP-15"""
    state = new(2, seed)
    foresight = engine.view(state, None)["foresight"]
    assert [len(row) for row in foresight] == [2, 2, 2]
    for n, row in enumerate(state["foresight"], 1):
        assert all(tiles.TILES[t]["back"] == n for t in row)
    assert {k: len(v) for k, v in state["supply"].items()} == {"1": 26, "2": 33 - 3 - 2, "3": 24}


@pytest.mark.parametrize(("players", "shown"), [(2, 7), (3, 10), (4, 13)])
def test_the_cattle_market_shows_7_10_or_13_cards(players, shown):
    """R1-SETUP-16"""
    view = engine.view(new(players), None)
    assert len(view["cattle_market"]) == shown
    assert view["market_stack"] == {"count": 36 - shown}


def test_the_cattle_market_is_shown_sorted_yellow_red_blue_brown_purple():
    """R1-SETUP-17 (presentational: the view sorts it)"""
    order = ["holstein", "brown_swiss", "ayrshire", "west_highland", "texas_longhorn"]
    for seed in SEEDS:
        state = new(4, seed)
        shown = [c["breed"] for c in engine.view(state, None)["cattle_market"]]
        assert shown == sorted(shown, key=order.index)
        assert sorted(shown) == sorted(breed(c) for c in state["market"])
    assert list(cattle.MARKET_ORDER) == order
    colours = [cattle.BREEDS[b][1] for b in order]
    assert colours == ["yellow", "red", "blue", "brown", "purple"]


def test_four_objective_cards_are_revealed_from_the_shuffled_stack():
    """R1-SETUP-18"""
    displays = set()
    for seed in SEEDS:
        view = engine.view(new(2, seed), None)
        display = [c["id"] for c in view["objective_display"]]
        assert len(display) == 4
        assert view["objective_stack"] == {"count": 20}
        assert all(c in objectives.GENERAL for c in display)
        displays.add(tuple(display))
    assert len(displays) > 1


def test_the_bank_is_not_a_counted_stock_so_players_start_with_only_their_own_capital():
    """R1-SETUP-19 (all coins form the bank: money outside the players is not tracked)"""
    view = engine.view(new(4), None)
    assert [p["money"] for p in view["players"]] == [6, 7, 8, 9]
    assert "bank" not in view


@pytest.mark.parametrize(("players", "limit"), [(2, 3), (3, 3), (4, 4)])
def test_the_player_count_tile_sets_the_starting_step_limit(players, limit):
    """R1-SETUP-20 R1-SETUP-30"""
    view = engine.view(new(players), None)
    assert {p["step_limit"] for p in view["players"]} == {limit}


def test_private_buildings_are_lined_up_one_to_ten_beside_the_board():
    """R1-SETUP-21"""
    view = engine.view(new(3), None)
    for p in view["players"]:
        assert p["buildings_available"] == [f"{n}a" for n in range(1, 11)]


def test_building_sides_are_a_in_a_first_game_and_the_same_for_everybody_later():
    """R1-SETUP-22"""
    view = engine.view(new(3, layout="beginner"), None)
    assert set(view["building_sides"].values()) == {"a"}
    seen_b = False
    for seed in SEEDS:
        view = engine.view(new(3, seed, layout="random"), None)
        sides = view["building_sides"]
        expected = [f"{n}{sides[str(n)]}" for n in range(1, 11)]
        for p in view["players"]:
            assert p["buildings_available"] == expected
        seen_b = seen_b or "b" in sides.values()
    assert seen_b


def test_a_building_offered_for_placement_keeps_its_side():
    """R1-SETUP-22 (a tile is never flipped: only the game's side can be built)"""
    from tests.engine.helpers import at_location, give_worker

    state = new(2, 4, layout="random")
    sides = state["building_sides"]
    give_worker(state, 0, "craftsman", 2)
    state["players"][0]["money"] = 30
    space = next(s for s, c in state["trail"].items() if c["tile"] == "NB")
    state = at_location(state, 0, space)
    offered = {t.split()[1] for t in texts(state) if t.startswith("build ")}
    assert offered == {f"{n}{sides[str(n)]}" for n in range(1, 6)}  # up to 3 craftsmen


def test_discs_cover_the_fourteen_coloured_spaces_and_two_aux_actions_start_single():
    """R1-SETUP-23 R1-SETUP-31"""
    view = engine.view(new(2), None)
    for p in view["players"]:
        assert p["disc_spaces"] == list(player_board.DISC_SPACES)
        assert p["discs_left"] == 14
        assert p["aux_levels"] == {"1": 1, "2": 1, "3": 0, "4": 0, "5": 0}


def test_engines_start_on_the_start_space_and_certificates_at_zero():
    """R1-SETUP-24 R1-SETUP-25"""
    view = engine.view(new(4), None)
    assert [p["engine"] for p in view["players"]] == ["0"] * 4
    assert [p["certificates"] for p in view["players"]] == [0] * 4


def test_cattlemen_start_off_the_board_and_enter_on_the_first_turn():
    """R1-SETUP-26"""
    state = new(3)
    assert [p["herder"] for p in engine.view(state, None)["players"]] == [None] * 3
    assert texts(state) == [f"start {s}" for s in "ABCDEFG"]


def test_each_player_draws_four_cards_from_his_own_shuffled_stack():
    """R1-SETUP-27"""
    hands = set()
    for seed in SEEDS[:5]:
        view = engine.view(new(2, seed), 0)
        me = view["players"][0]
        assert len(me["hand"]) == 4
        assert me["draw_pile"] == {"count": 10}
        assert view["players"][1]["hand"] == {"count": 4}
        hands.add(tuple(c["breed"] for c in me["hand"]))
    assert len(hands) > 1


def test_each_player_gets_one_random_starting_objective_and_the_rest_go_to_the_box():
    """R1-SETUP-28"""
    dealt = set()
    for seed in SEEDS:
        view = engine.view(new(2, seed), None, reveal_all=True)
        mine = [p["objectives"][0]["id"] for p in view["players"]]
        assert all(len(p["objectives"]) == 1 for p in view["players"])
        boxed = [c["id"] for c in view["removed_cards"]]
        assert sorted(mine + boxed) == sorted(objectives.STARTING)
        dealt.add(tuple(mine))
    assert len(dealt) > 1


def test_starting_money_is_6_7_8_9_clockwise_from_the_start_player():
    """R1-SETUP-29"""
    for players in (2, 3, 4):
        view = engine.view(new(players), None)
        assert [p["money"] for p in view["players"]] == [6, 7, 8, 9][:players]


def test_starting_board_values_hand_4_certificates_3_and_one_worker_of_each_kind():
    """R1-SETUP-30"""
    view = engine.view(new(4), None)
    for p in view["players"]:
        assert p["hand_limit"] == 4
        assert p["certificate_limit"] == 3
        assert p["workers"] == {"cowboy": 1, "craftsman": 1, "engineer": 1}
        assert p["worker_tiles"] == {"cowboy": [], "craftsman": [], "engineer": []}


def test_setup_tiles_shown_in_views_are_face_up_tiles():
    """R1-SETUP-11 R1-SETUP-15 (the trail and foresight tiles are public)"""
    state = new(2)
    view = engine.view(state, 1)
    for row_state, row_view in zip(state["foresight"], view["foresight"], strict=True):
        assert [t["id"] for t in row_view] == row_state
    for space, cell in view["trail"].items():
        if cell["tile"] in tiles.TILES:
            assert cell["kind"] == tile(cell["tile"])["kind"]
            assert space in dict(trail.TEEPEE_SPACES) or cell["kind"] == "hazard"

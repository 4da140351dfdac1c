"""2nd edition setup and first turn (R2-SETUP-*, R2-SAME-01, R2-SAME-02)."""

from __future__ import annotations

import pytest

import engine
from engine import editions
from engine.data.second import buildings, player_board, railroad, tiles, trail
from engine.state import step_limit

SECOND = editions.get("2e")


def new(players: int = 4, seed: int = 1, layout: str = "beginner") -> engine.State:
    return engine.new_game(players, seed, "2e", {"layout": layout})


def test_2e_is_registered_with_its_rules_version():
    """R2-SETUP-01: the 2nd edition is an edition of its own, revision 1."""
    assert engine.current_rules_version("2e") == "2e-1"
    assert engine.parse_rules_version("2e-1") == ("2e", 1)
    state = new()
    assert state["edition"] == "2e"
    assert engine.rules_version(state) == "2e-1"
    assert engine.edition_data("2e") is SECOND
    assert SECOND.trail is trail


def test_options_carry_the_simmental_key_and_refuse_what_is_unknown():
    """R2-SETUP-13, R2-SIMM-01: without the variant, setup is the base 2e setup; the options
    always say whether the variant is on; unknown options and values are refused; the 1st
    edition keeps its one option."""
    assert new()["options"] == {"layout": "beginner", "simmental": False}
    state = engine.new_game(2, 1, "2e", {"simmental": False, "layout": "random"})
    assert state["options"] == {"layout": "random", "simmental": False}
    assert engine.new_game(2, 1, "2e")["options"] == {"layout": "beginner", "simmental": False}
    for bad in ({"colour": "red"}, {"simmental": "yes"}, {"layout": "chaos"}):
        with pytest.raises(engine.IllegalMove) as refused:
            engine.new_game(2, 1, "2e", bad)
        assert refused.value.code == "bad_option"
    with pytest.raises(engine.IllegalMove) as refused:
        engine.new_game(2, 1, "1e", {"simmental": False})
    assert refused.value.code == "bad_option"
    assert engine.new_game(2, 1, "1e")["options"] == {"layout": "beginner"}


@pytest.mark.parametrize("seed", range(6))
def test_five_of_the_nine_station_masters_are_dealt(seed: int):
    """R2-SETUP-03: shuffled, one on each of the 5 station-master spaces, 4 back in the box."""
    state = new(seed=seed)
    dealt = state["station_masters"]
    assert sorted(dealt) == sorted(railroad.STATION_MASTER_SPACES)
    assert len(set(dealt.values())) == 5
    assert set(dealt.values()) <= set(railroad.STATION_MASTERS)


def test_all_nine_station_masters_can_be_dealt():
    seen = set()
    for seed in range(40):
        seen |= set(new(seed=seed)["station_masters"].values())
    assert seen == set(railroad.STATION_MASTERS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_three_bags_and_the_seven_starting_tiles(players: int):
    """R2-SETUP-04, R2-SETUP-05: three bags by back number; 7 tiles of bag 1 on the board, outlaws
    filling the lowest-numbered outlaw spaces, hazards their sections."""
    for seed in range(8):
        state = new(players, seed)
        assert set(state["supply"]) == {"1", "2", "3"}
        on_board = [c["tile"] for c in state["trail"].values() if c["tile"] in tiles.TILES]
        assert len(on_board) == 7
        assert all(tiles.TILES[t]["back"] == 1 for t in on_board)
        outlaws = [s for s, _ in trail.OUTLAW_SPACES if s in state["trail"]]
        assert outlaws == [s for s, _ in trail.OUTLAW_SPACES][: len(outlaws)]
        for s in outlaws:
            assert tiles.TILES[state["trail"][s]["tile"]]["kind"] == "outlaw"
        seen = [t for bag in state["supply"].values() for t in bag] + on_board
        seen += [t for row in state["foresight"] for t in row if t]
        seen += [t for row in state["job_market"]["rows"] for t in row if t]
        assert sorted(seen) == sorted(tiles.TILES)


def test_twelve_private_buildings_and_the_sides():
    """R2-SETUP-06, R2-SETUP-07: 12 tiles per player; beginner: all a sides; random: each side at
    random, every player with the same display."""
    state = new(4, 3)
    assert all(p["buildings"] == [f"{n}a" for n in range(1, 13)] for p in state["players"])
    sides_seen = set()
    for seed in range(10):
        state = new(4, seed, "random")
        first = state["players"][0]["buildings"]
        assert len(first) == 12
        assert [b[:-1] for b in first] == list(buildings.BUILDING_NUMBERS)
        assert all(p["buildings"] == first for p in state["players"])
        sides_seen |= {(b[:-1], b[-1]) for b in first}
    assert len(sides_seen) == 24


@pytest.mark.parametrize(("players", "limit"), [(2, 3), (3, 3), (4, 4)])
def test_the_step_limit_at_the_start(players: int, limit: int):
    """R2-SETUP-08: the player count tile (2 or 3 players) or the board (4): 3 or 4 steps."""
    state = new(players)
    p = state["players"][0]
    assert step_limit(state, p) == player_board.step_limit(players, False, False)
    assert engine.view(state, 0)["players"][0]["step_limit"] == limit


def test_starting_money_hands_and_exchange_tokens_by_seat():
    """R2-SETUP-09, R2-SETUP-10: $6/7/8/9, 4/5/6/7 cards and 1 exchange token by seat;
    the view shows the tokens, and outlaws instead of teepees."""
    state = new(4)
    assert [p["money"] for p in state["players"]] == [6, 7, 8, 9]
    assert [len(p["hand"]) for p in state["players"]] == [4, 5, 6, 7]
    assert [p["exchange_tokens"] for p in state["players"]] == [1, 1, 1, 1]
    for p in state["players"]:
        assert p["outlaws"] == []
        assert "teepees" not in p
        assert len(p["hand"]) + len(p["draw"]) == 14
    view = engine.view(state, 2)
    assert [p["exchange_tokens"] for p in view["players"]] == [1, 1, 1, 1]
    assert all(p["outlaws"] == [] for p in view["players"])
    assert not any("teepees" in p for p in view["players"])
    assert "outlaw_section" in view
    assert "indian_trade" not in view
    assert set(view["outlaw_section"]) == {s for s, _ in trail.OUTLAW_SPACES}
    assert len(view["players"][2]["hand"]) == 6


def test_the_start_player_discards_nothing_and_starts():
    """R2-SETUP-11, R2-SETUP-12: holding exactly 4 cards, the first player goes straight to placing
    the herder on a neutral building."""
    state = new(4)
    assert state["stack"][-1]["t"] == "first"
    types = {m["type"] for m in engine.legal_moves(state, 0)}
    assert types == {"start", "exchange"}


def _to_first_turn_of(state: engine.State, seat: int) -> engine.State:
    while engine.current_player(state) != seat:
        cur = engine.current_player(state)
        moves = [m for m in engine.legal_moves(state, cur) if m["type"] != "exchange"]
        ends = [m for m in moves if m["type"] == "end"]
        state = engine.apply(state, cur, ends[0] if ends else moves[0])
    return state


@pytest.mark.parametrize(("seat", "extra"), [(1, 1), (2, 2), (3, 3)])
def test_later_seats_discard_down_to_four_then_start(seat: int, extra: int):
    """R2-SETUP-11, R2-SAME-02: the very first turn begins with discards of the player's
    choice onto his discard pile until 4 cards remain; then the herder goes on any neutral
    building."""
    state = _to_first_turn_of(new(4, 5), seat)
    p = state["players"][seat]
    assert len(p["hand"]) == 4 + extra
    assert engine.view(state, None)["decision"] == {
        "seat": seat,
        "kind": "first_discard",
        "n": extra,
    }
    for i in range(extra):
        moves = engine.legal_moves(state, seat)
        discards = [m for m in moves if m["type"] == "discard"]
        assert discards
        assert {m["type"] for m in moves} <= {"discard", "exchange"}
        card = discards[0]["card"]
        assert engine.describe(state, seat, discards[0]).startswith("discard ")
        state = engine.apply(state, seat, discards[0])
        p = state["players"][seat]
        assert card in p["discard"]
        assert len(p["discard"]) == i + 1
    assert len(p["hand"]) == 4
    assert state["stack"][-1]["t"] == "first"
    starts = [m for m in engine.legal_moves(state, seat) if m["type"] == "start"]
    assert {m["space"] for m in starts} == set(trail.NEUTRAL_SPACES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rest_of_the_setup_is_the_first_editions(players: int):
    """R2-SAME-01: neutral buildings A-G, 2/3/4 hazards and outlaws from bag 1 (7 tiles),
    3/5/7 workers in the job market from bag 2, two tiles on each foresight space, the
    cattle market of 7/10/13 cards, 4 objective cards face up, one starting objective card
    per player and the others back in the box."""
    state = new(players, 9)
    for space in trail.NEUTRAL_SPACES:
        assert state["trail"][space] == {"tile": f"N{space}", "owner": None}
    workers = [t for row in state["job_market"]["rows"] for t in row if t]
    assert len(workers) == 2 * players - 1
    assert all(tiles.TILES[t]["back"] == 2 for t in workers)
    assert [[tiles.TILES[t]["back"] for t in row] for row in state["foresight"]] == [
        [1, 1],
        [2, 2],
        [3, 3],
    ]
    assert len(state["market"]) == {2: 7, 3: 10, 4: 13}[players]
    assert len(state["objective_display"]) == 4
    assert all(len(p["objectives"]) == 1 for p in state["players"])
    assert all(p["objectives"][0].startswith("OBJ-S") for p in state["players"])
    assert len(state["removed_cards"]) == 4 - players

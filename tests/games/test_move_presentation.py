"""How the game page groups, prices and places the legal moves (no database needed)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine
import engine.bots
from engine.data import buildings, cattle, player_board
from engine.data import railroad as railroad_data
from engine.rules import movement
from games import move_presentation as mp


def positions(players: int, seed: int) -> Iterator[tuple[Any, int, list[dict]]]:
    """Every (state, seat, legal moves) of a heuristic bot game."""
    state = engine.new_game(players, seed)
    while not engine.is_over(state):
        seat = engine.current_player(state)
        yield state, seat, engine.legal_moves(state, seat)
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat))


@pytest.fixture(scope="module")
def game_positions() -> list[tuple[Any, int, list[dict]]]:
    return list(positions(3, 11)) + list(positions(2, 5))


def positions_2e(
    players: int, seed: int, simmental: bool = False
) -> Iterator[tuple[Any, int, list[dict]]]:
    """Every (state, seat, legal moves) of a 2nd edition game of the random bot."""
    options = {"layout": "random", "simmental": simmental}
    state = engine.new_game(players, seed, edition="2e", options=options)
    while not engine.is_over(state):
        seat = engine.current_player(state)
        moves = engine.legal_moves(state, seat)
        yield state, seat, moves
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, "random", rng=seed))


@pytest.fixture(scope="module")
def second_edition_positions() -> list[tuple[Any, int, list[dict]]]:
    games = [positions_2e(2, 1), positions_2e(3, 2), positions_2e(4, 0, simmental=True)]
    return [position for game in games for position in game]


def test_every_second_edition_move_is_a_button_under_a_title_of_its_own(
    second_edition_positions,
):
    keys = set()
    for state, seat, moves in second_edition_positions[::2]:
        groups = mp.present_moves(state, seat, moves)
        assert sorted(c.index for g in groups for c in g.choices) == list(range(len(moves)))
        keys |= {group.key for group in groups}
    assert keys - set(mp.GROUP_TITLES) == set()
    assert {"exchange", "discard", "action:bounty", "simmental"} <= keys


def test_every_second_edition_decision_is_put_in_words(second_edition_positions):
    kinds = set()
    for state, seat, _ in second_edition_positions:
        decision = engine.view(state, seat)["decision"]
        kinds.add(decision["kind"])
        text = mp.decision_text(decision)
        assert "{" not in text
        assert text != "make a decision", decision
    assert {"first_discard", "exchange_discard", "simm_upgrade"} <= kinds
    assert mp.decision_text({"kind": "first_discard", "n": 2}) == (
        "discard 2 card(s) before your first turn (4 stay in your hand)"
    )


def test_the_piece_on_the_trail_is_named_as_the_edition_rulebook_names_it(
    second_edition_positions, game_positions
):
    """The 2nd edition's rulebook calls it a herder, the 1st edition's a cattleman."""
    for positions, word, other in (
        (second_edition_positions, "herder", "cattleman"),
        (game_positions, "cattleman", "herder"),
    ):
        state, seat, moves = next(p for p in positions if p[2][0]["type"] == "move")
        titles = [group.title for group in mp.present_moves(state, seat, moves)]
        assert f"Move your {word}" in titles
        decision = engine.view(state, seat)["decision"]
        assert mp.decision_text(decision, state["edition"]) == f"move the {word} (phase A)"
        assert other not in " ".join(titles)
    assert mp.group_title("action:move", "2e") == "Move your herder again"
    assert mp.group_title("action:move") == "Move your cattleman again"


def test_cards_and_stations_are_named_in_the_game_edition():
    assert mp.card_label({"kind": "cattle", "breed": "m3_red", "value": 3, "vp": 2}, "2e") == (
        "Longhorn, value 3, 2 VP"
    )
    assert mp.card_label({"kind": "cattle", "breed": "holstein", "value": 3, "vp": 1}) == (
        "Holstein, value 3, 1 VP"
    )
    heifer = {"kind": "cattle", "breed": "simmental", "value": 4, "vp": 4, "stage": 2}
    assert mp.card_label(heifer, "2e") == "Simmental heifer (stage 2), value 4, 4 VP"
    for edition in ("1e", "2e"):
        stations = engine.edition_data(edition).railroad.STATION_AT
        space, station = next(iter(stations.items()))
        assert mp.station_of_track(space, edition) == station


def test_every_legal_move_is_one_button_in_engine_order(game_positions):
    for state, seat, moves in game_positions[::3]:
        groups = mp.present_moves(state, seat, moves)
        indices = [c.index for g in groups for c in g.choices]
        assert sorted(indices) == list(range(len(moves)))
        for group in groups:
            assert group.title
            assert [c.index for c in group.choices] == sorted(c.index for c in group.choices)
            for choice in group.choices:
                assert choice.move == moves[choice.index]
                assert choice.notation == engine.describe(state, seat, choice.move)
                assert choice.text
                assert choice.text != choice.notation


def test_every_decision_is_put_in_words(game_positions):
    kinds = set()
    for state, seat, _ in game_positions:
        decision = engine.view(state, seat)["decision"]
        kinds.add(decision["kind"])
        text = mp.decision_text(decision)
        assert text
        assert "{" not in text
        assert text != "make a decision", decision
    assert {"first", "phase_a", "loc", "kc_deliver", "disc"} <= kinds


def test_prices_agree_with_the_rules_tables(game_positions):
    """Each priced move shows the figure the rule data gives, worked out independently."""
    checked: set[str] = set()
    for state, seat, moves in game_positions:
        money = state["players"][seat]["money"]
        for move in moves:
            cost, words = mp.move_cost(state, seat, move)
            kind, ident = move["type"], move.get("id", "")
            if kind == "move":
                fees = sum(movement.fee(state, seat, s)[0] for s in [*move["via"], move["to"]])
                assert cost == min(fees, money)
                assert words == (f"${cost} in fees" if cost else "no fees")
                checked.add("fees")
            elif kind == "action" and ident.startswith("hire"):
                modifier = int(ident[4:] or 0)
                assert cost == player_board.JOB_ROW_COSTS[move["row"]] + modifier
                assert words == f"${cost}"
                checked.add("hire")
            elif kind == "action" and ident == "build":
                need = buildings.craftsmen(move["building"])
                assert words.endswith(f"{need} craftsm{'a' if need == 1 else 'e'}n")
                if cost is not None:
                    assert cost % need == 0
                checked.add("build")
            elif kind == "buy":
                assert cost == cattle.BUY_OPTIONS[move["option"]][1]
                checked.add("buy")
            elif kind == "upgrade":
                assert cost == railroad_data.STATIONS[move["station"]][2]
                checked.add("upgrade")
            elif kind == "action" and ident.startswith("discard-") and cost is not None:
                assert cost < 0  # discarding for money earns
                assert re.fullmatch(r"\+\$\d+", words)
                checked.add("discard")
            elif kind in {"end", "pass", "done", "foresight", "take_objective"}:
                assert (cost, words) == (None, "")
    assert {"fees", "hire", "build", "buy", "upgrade", "discard"} <= checked


def test_a_hand_disc_costs_its_fee():
    state = engine.new_game(2, 1)  # the price is the game's edition's (engine.editions)
    assert mp.move_cost(state, 0, {"type": "disc", "space": "HAND-1"}) == (
        player_board.HAND_DISC_COST,
        f"${player_board.HAND_DISC_COST}",
    )


def test_board_targets_point_at_moves_to_that_space(game_positions):
    seen_track = seen_loc = False
    for state, seat, moves in game_positions:
        groups = mp.present_moves(state, seat, moves)
        targets = mp.board_targets(groups)
        for key, index in targets.items():
            move = moves[index]
            assert mp.board_key(move) == key
            seen_track |= key.startswith("track:")
            seen_loc |= key.startswith("loc:")
            same = [m for m in moves if mp.board_key(m) == key]
            if len(same) > 1:  # several routes: the cheapest one
                costs = [mp.move_cost(state, seat, m)[0] or 0 for m in same]
                assert (mp.move_cost(state, seat, move)[0] or 0) == min(costs)
    assert seen_track
    assert seen_loc


def test_the_first_decision_offers_each_neutral_building_on_the_board():
    state = engine.new_game(2, 1)
    moves = engine.legal_moves(state, 0)

    targets = mp.board_targets(mp.present_moves(state, 0, moves))

    assert targets == {f"loc:{m['space']}": i for i, m in enumerate(moves)}


def test_a_space_reached_by_different_kinds_of_move_is_left_to_the_buttons():
    local = {"type": "action", "id": "engine", "to": "4"}
    aux = {"type": "aux", "aux": 4, "double": False, "to": "4"}
    groups = [
        mp.MoveGroup("action:engine", "", [mp.MoveChoice(0, local, "", target="track:4")]),
        mp.MoveGroup("aux", "", [mp.MoveChoice(1, aux, "", target="track:4")]),
    ]

    assert mp.board_key(local) == mp.board_key(aux) == "track:4"
    assert mp.board_targets(groups) == {}
    assert mp.board_targets(groups[:1]) == {"track:4": 0}


def test_cards_and_scores_in_words():
    assert mp.card_label({"kind": "cattle", "breed": "holstein", "value": 3, "vp": 1}) == (
        "Holstein, value 3, 1 VP"
    )
    assert mp.card_label({"kind": "cattle", "breed": "jersey", "value": 1, "vp": 0}) == (
        "Jersey, value 1"
    )
    objective = {"kind": "objective", "id": "OBJ-10", "tasks": ["B", "B", "H"], "vp": 3}
    assert (
        mp.card_label({**objective, "penalty": -2}) == "Objective OBJ-10: B B H — 3 VP, -2 if unmet"
    )

    table = mp.score_table(
        [
            {"total": 30, "categories": {"money": 2, "cattle": 28}},
            {"total": 41, "categories": {"money": 1, "cattle": 40}},
        ],
        {0: "alice", 1: "bob"},
    )

    assert [s["winner"] for s in table["seats"]] == [False, True]
    rows = {row["label"]: row["values"] for row in table["rows"]}
    assert rows["Cattle cards"] == [28, 40]
    assert rows["Stations"] == [0, 0]
    assert table["totals"] == [30, 41]

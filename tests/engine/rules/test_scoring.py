"""Final scoring: the 11 categories, station master tasks and shared victory
(R1-SCORE-01..22).  Objective scoring details are in test_objectives.py."""

from __future__ import annotations

import random
from functools import partial
from itertools import product

import engine
from engine.data import objectives
from engine.editions import FIRST_EDITION
from engine.rules import scoring
from tests.engine.helpers import (
    clear_trail,
    give_station_master,
    give_tiles,
    give_worker,
    move_card,
    new,
    put_disc,
    put_tile,
    set_deck,
    set_objectives,
)

best_objectives = partial(scoring.best_objectives, FIRST_EDITION)  # the 1st edition's cards

CATEGORIES = [
    "money",
    "buildings",
    "cities",
    "stations",
    "hazards",
    "cattle",
    "objectives",
    "station_masters",
    "workers",
    "step_disc",
    "job_market_token",
]


def _blank(players: int = 2) -> dict:
    """Everyone at zero in every category: no money, no objectives, no cards with VP."""
    s = new(players)
    clear_trail(s)
    for seat, p in enumerate(s["players"]):
        p["money"] = 0
        set_objectives(s, seat, [])
    return s


def _cat(s: dict, name: str, seat: int = 0) -> int:
    return engine.scores(s)[seat]["categories"][name]


def test_final_scoring_has_eleven_categories_summed_into_the_total():
    """R1-SCORE-01"""
    s = _blank()
    assert engine.scores(s)[0] == {
        "total": 0,
        "categories": dict.fromkeys(CATEGORIES, 0),
        "winner": True,
    }
    s["players"][0]["money"] = 10  # 2
    put_tile(s, "A-1", "4a", owner=0)  # 3
    give_tiles(s, 0, ["flood-1"])  # 4
    move_card(s, "ayrshire-1", 0, "discard")  # 3
    put_disc(s, 0, "S1", "STEP-VP")  # station 1, step disc 3
    r = engine.scores(s)[0]
    assert list(r["categories"]) == CATEGORIES
    assert r["total"] == sum(r["categories"].values()) == 2 + 3 + 4 + 3 + 1 + 3


def test_one_point_per_complete_five_dollars():
    """R1-SCORE-02"""
    s = _blank()
    for money, vp in ((4, 0), (14, 2), (15, 3), (1003, 200)):
        s["players"][0]["money"] = money
        assert _cat(s, "money") == vp


def test_own_private_buildings_on_the_board_score_their_points():
    """R1-SCORE-03"""
    s = _blank()
    put_tile(s, "A-1", "4a", owner=0)  # 3 VP
    put_tile(s, "A-2", "10b", owner=0)  # 11 VP
    put_tile(s, "A-3", "8b", owner=1)  # the opponent's
    assert _cat(s, "buildings") == 14
    assert _cat(s, "buildings", 1) == 8


def test_city_points_include_unlocked_arrows_and_may_be_negative():
    """R1-SCORE-04"""
    s = _blank()
    put_disc(s, 0, "TOP", "AUX-GAIN")
    put_disc(s, 0, "WIC", "AUX-DRAW")
    put_disc(s, 0, "COS", "CERT-4")
    assert _cat(s, "cities") == -3 - 1
    put_disc(s, 0, "ABQ", "CERT-6")
    put_disc(s, 0, "ELP", "STEP-VP")
    assert _cat(s, "cities") == -3 - 1 + 6


def test_every_kansas_city_disc_costs_six_and_every_san_francisco_disc_scores_nine():
    """R1-SCORE-05 R1-KC-33"""
    s = _blank()
    put_disc(s, 0, "KAN", "AUX-GAIN")
    put_disc(s, 0, "KAN", "AUX-DRAW")
    assert _cat(s, "cities") == -12
    put_disc(s, 0, "SFO", "CERT-6")
    put_disc(s, 0, "SFO", "STEP-VP")
    assert _cat(s, "cities") == -12 + 18


def test_rulebook_scoring_example_sacramento_and_its_arrow_but_not_el_paso():
    """R1-SCORE-06"""
    s = _blank()
    put_disc(s, 0, "SDG", "AUX-GAIN")
    put_disc(s, 0, "SAC", "CERT-6")
    assert _cat(s, "cities") == 6 + 4  # Sacramento + San Diego-Sacramento arrow
    put_disc(s, 0, "ELP", "STEP-VP")
    assert _cat(s, "cities") == 6 + 4 + 8  # now El Paso-San Diego too


def test_stations_holding_the_players_disc_score_their_points():
    """R1-SCORE-07"""
    s = _blank()
    put_disc(s, 0, "S1", "AUX-GAIN")  # 1
    put_disc(s, 0, "S6", "CERT-6")  # 5
    put_disc(s, 1, "S10", "CERT-6")  # the opponent's 9
    assert _cat(s, "stations") == 6


def test_collected_hazards_score_their_points():
    """R1-SCORE-08"""
    s = _blank()
    give_tiles(s, 0, ["flood-1", "drought-6", "rockfall-3"])  # 4 + 2 + 3
    assert _cat(s, "hazards") == 9


def test_cattle_points_count_the_whole_deck_but_not_removed_cards():
    """R1-SCORE-09 R1-DRAW-01"""
    s = _blank()
    set_deck(
        s,
        0,
        hand=["ayrshire-1"],
        draw=["holstein-1", "p0-jersey-1"],
        discard=["texas_longhorn-6", "OBJ-01"],
    )
    move_card(s, "west_highland-9", 0, "removed")
    assert _cat(s, "cattle") == 3 + 1 + 7


def test_objective_category_may_be_negative():
    """R1-SCORE-10"""
    s = _blank()
    set_objectives(s, 0, ["OBJ-06", "OBJ-15"])
    assert _cat(s, "objectives") == -6


def test_station_master_category_sums_each_tile_task():
    """R1-SCORE-11 R1-SCORE-12 R1-SCORE-14"""
    s = _blank()
    give_station_master(s, 0, "SM-1")
    give_station_master(s, 0, "SM-3")
    give_tiles(s, 0, ["flood-1", "flood-2"])
    assert _cat(s, "station_masters") == 3 + 3  # 3 printed workers, 1 pair of hazards


def test_worker_task_counts_printed_workers_but_not_station_masters():
    """R1-SCORE-12"""
    s = _blank()
    give_station_master(s, 0, "SM-1")
    give_worker(s, 0, "cowboy", 2)
    assert _cat(s, "station_masters") == 5
    s["players"][0]["workers"]["cowboy"].pop()  # appointed as a station master
    assert _cat(s, "station_masters") == 4


def test_objective_pairs_task_counts_cards_fulfilled_or_not():
    """R1-SCORE-13 R1-SCORE-17"""
    s = _blank()
    give_station_master(s, 0, "SM-2")
    set_objectives(s, 0, ["OBJ-S1", "OBJ-06", "OBJ-07"])
    assert _cat(s, "station_masters") == 3  # 3 cards: one pair
    set_objectives(s, 0, ["OBJ-S1", "OBJ-06", "OBJ-07", "OBJ-08"])
    assert _cat(s, "station_masters") == 6


def test_hazard_pairs_task_counts_any_hazards_in_complete_pairs():
    """R1-SCORE-14 R1-SCORE-17"""
    s = _blank()
    give_station_master(s, 0, "SM-3")
    give_tiles(s, 0, ["flood-1", "drought-1", "rockfall-1", "rockfall-2", "flood-2"])
    assert _cat(s, "station_masters") == 6


def test_teepee_pairs_task_needs_one_green_and_one_blue_per_pair():
    """R1-SCORE-15"""
    s = _blank()
    give_station_master(s, 0, "SM-4")
    give_tiles(s, 0, ["green-01", "green-02", "green-03", "blue-01", "blue-02"])
    assert _cat(s, "station_masters") == 6


def test_certificate_pairs_task_counts_temporary_and_permanent_certificates():
    """R1-SCORE-16 R1-SCORE-17"""
    s = _blank()
    give_station_master(s, 0, "SM-5")  # itself a permanent certificate
    s["players"][0]["cert"] = 4  # 4 temporary certificates
    assert _cat(s, "station_masters") == 6  # 5 certificates: 2 pairs
    give_station_master(s, 0, "SM-3")
    assert _cat(s, "station_masters") == 9  # 6 certificates


def test_objective_scoring_comes_before_the_objective_pairs_task():
    """R1-SCORE-18"""
    s = _blank()
    give_station_master(s, 0, "SM-2")
    set_objectives(s, 0, ["OBJ-06"])
    put_disc(s, 0, "SFO", "CERT-6")
    move_card(s, "OBJ-07", 0, "discard")
    put_disc(s, 0, "SFO", "STEP-VP")
    assert _cat(s, "objectives") == 10
    assert _cat(s, "station_masters") == 3


def test_each_worker_on_the_fifth_or_sixth_space_of_a_row_scores_four():
    """R1-SCORE-19"""
    s = _blank()
    give_worker(s, 0, "cowboy", 3)  # 4 cowboys: nothing
    assert _cat(s, "workers") == 0
    give_worker(s, 0, "cowboy", 1)  # 5
    give_worker(s, 0, "engineer", 5)  # 6
    assert _cat(s, "workers") == 4 + 8


def test_the_step_disc_space_scores_three_when_cleared():
    """R1-SCORE-20 R1-KC-28"""
    s = _blank()
    put_disc(s, 0, "ELP", "STEP-CASH")
    assert _cat(s, "step_disc") == 0
    put_disc(s, 0, "ABQ", "STEP-VP")
    assert _cat(s, "step_disc") == 3


def test_the_job_market_token_is_worth_two_points():
    """R1-SCORE-21"""
    s = _blank()
    s["players"][1]["job_token"] = True
    assert (_cat(s, "job_market_token", 0), _cat(s, "job_market_token", 1)) == (0, 2)


def test_most_points_wins_and_ties_share_the_victory():
    """R1-SCORE-22"""
    s = _blank(3)
    s["players"][0]["money"] = 10
    s["players"][1]["money"] = 14  # same 2 VP, more money: no tie-breaker
    s["players"][2]["money"] = 5
    result = engine.scores(s)
    assert [r["total"] for r in result] == [2, 2, 1]
    assert [r["winner"] for r in result] == [True, True, False]
    s["players"][2]["money"] = 15
    assert [r["winner"] for r in engine.scores(s)] == [False, False, True]


def test_best_objectives_is_exact_for_many_cards():
    """R1-OBJ-20 R1-OBJ-31"""
    supply = dict.fromkeys(("B", "G", "BL", "H", "S", "3", "4", "5", "SF"), 0)
    supply.update({"SF": 2, "H": 2, "B": 2})
    score, bonus, added = best_objectives(
        ["OBJ-S3"], ["OBJ-06", "OBJ-07", "OBJ-08", "OBJ-20"], supply, sm_pairs_bonus=False
    )
    # SF twice (+10) and OBJ-20 (B, B, H, H: +5) beat the start card (B, B, H).
    assert (score, bonus) == (15, 0)
    assert "OBJ-20" in added
    assert len(added) == 3


def _exhaustive(area: list[str], deck: list[str], supply: dict, sm: bool) -> int:
    """Best objective + SM-2 total by trying every fulfilled/added/removed combination."""
    best = -(10**9)
    for choice in product(("done", "open", "drop"), repeat=len(area) + len(deck)):
        if any(c == "drop" for c in choice[: len(area)]):
            continue  # area cards cannot be removed
        need: dict[str, int] = {}
        score, count = 0, 0
        for cid, c in zip(area + deck, choice, strict=True):
            _, tasks, plus, minus = objectives.ALL[cid]
            if c == "drop":
                continue
            count += 1
            score += plus if c == "done" else minus
            for t in tasks if c == "done" else ():
                need[t] = need.get(t, 0) + 1
        if all(supply[t] >= n for t, n in need.items()):
            best = max(best, score + ((count // 2) * 3 if sm else 0))
    return best


def test_objective_search_finds_the_best_total_of_every_add_or_drop_choice():
    """R1-OBJ-20 R1-OBJ-31 R1-SCORE-13"""
    rng = random.Random(7)
    general = list(objectives.GENERAL)
    for _ in range(120):
        cards = rng.sample(general, rng.randint(0, 6))
        cut = rng.randint(0, len(cards))
        area = [rng.choice(list(objectives.STARTING)), *cards[:cut]]
        deck = cards[cut:]
        supply = {t: rng.randint(0, 3) for t in objectives.TASK_CODES}
        sm = rng.random() < 0.5
        score, bonus, _ = best_objectives(area, deck, supply, sm)
        assert score + bonus == _exhaustive(area, deck, supply, sm)

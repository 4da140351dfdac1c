"""Final scoring: the 11 categories (R1-SCORE-*, R1-OBJ-17..32)."""

from __future__ import annotations

from itertools import product

from engine.components import card_vp, is_objective, tile_type, value
from engine.data import buildings, cities, objectives, player_board, railroad
from engine.state import State, certificates, cleared, permanent_certificates

CATEGORIES = (
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
)


def _deck(p: dict) -> list[str]:
    return p["draw"] + p["hand"] + p["discard"]


def task_supply(state: State, seat: int) -> dict[str, int]:
    """How many items of each task code a player has (R1-OBJ-21..27)."""
    p = state["players"][seat]
    deck = [c for c in _deck(p) if not is_objective(c)]
    teepees = [tile_type(t) for t in p["teepees"]]
    return {
        "B": sum(1 for cell in state["trail"].values() if cell["owner"] == seat),
        "G": teepees.count("green"),
        "BL": teepees.count("blue"),
        "H": len(p["hazards"]),
        "S": sum(1 for seats in state["stations"].values() if seat in seats),
        "3": sum(1 for c in deck if value(c) == 3),
        "4": sum(1 for c in deck if value(c) == 4),
        "5": sum(1 for c in deck if value(c) == 5),
        "SF": state["cities"]["SFO"].count(seat),
    }


def best_objectives(
    area: list[str], deck: list[str], supply: dict[str, int], sm_pairs_bonus: bool
) -> tuple[int, int, list[str]]:
    """Best objective score, the station-master bonus it allows, and the deck cards added.

    Each task needs its own item, tasks are never shared between cards (R1-OBJ-19), the
    assignment is the best one for the player (R1-OBJ-20), and each deck card is added or
    removed, whichever scores best (R1-OBJ-31) — including for the SM-2 bonus, which counts
    the cards in the objective area (R1-SCORE-13/18)."""
    cards = area + deck
    best: tuple[int, int, list[str]] = (-(10**9), 0, [])
    for done in product((False, True), repeat=len(cards)):
        need: dict[str, int] = {}
        score = 0
        added: list[str] = []
        spare: list[int] = []  # penalties of deck cards that could be added unfulfilled
        for i, (cid, ok) in enumerate(zip(cards, done, strict=True)):
            _, tasks, plus, minus = objectives.ALL[cid]
            if ok:
                score += plus
                for t in tasks:
                    need[t] = need.get(t, 0) + 1
                if i >= len(area):
                    added.append(cid)
            elif i < len(area):
                score += minus
            else:
                spare.append(i)
        if any(supply[t] < n for t, n in need.items()):
            continue
        count = len(area) + len(added)
        bonus = (count // 2) * 3 if sm_pairs_bonus else 0
        extra: list[str] = []
        if sm_pairs_bonus and count % 2 == 1 and spare:
            # One unfulfilled deck card completing a pair pays 3 VP minus its penalty; two
            # never pay (each costs at least 2 VP).
            i = max(spare, key=lambda j: objectives.ALL[cards[j]][3])
            minus = objectives.ALL[cards[i]][3]
            if 3 + minus > 0:
                score += minus
                bonus += 3
                extra.append(cards[i])
        if score + bonus > best[0] + best[1]:
            best = (score, bonus, added + extra)
    return best


def score_player(state: State, seat: int) -> dict:
    p = state["players"][seat]
    cats = dict.fromkeys(CATEGORIES, 0)
    cats["money"] = p["money"] // 5
    cats["buildings"] = sum(
        buildings.vp(cell["tile"]) for cell in state["trail"].values() if cell["owner"] == seat
    )
    city = 0
    city += cities.KAN_VP * state["cities"]["KAN"].count(seat)
    city += cities.SFO_VP * state["cities"]["SFO"].count(seat)
    if seat in state["cities"]["SAC"]:
        city += cities.SAC_VP
    for (a, b), (_, vp) in cities.ARROWS.items():
        if seat in state["cities"][a] and seat in state["cities"][b]:
            city += vp
    cats["cities"] = city
    cats["stations"] = sum(
        railroad.STATIONS[s][3] for s, seats in state["stations"].items() if seat in seats
    )
    from engine.data.tiles import TILES

    cats["hazards"] = sum(TILES[t]["vp"] for t in p["hazards"])
    cats["cattle"] = sum(card_vp(c) for c in _deck(p))
    deck_objectives = [c for c in _deck(p) if is_objective(c)]
    has_sm2 = "SM-2" in p["station_masters"]
    obj, bonus, _ = best_objectives(
        list(p["objectives"]), deck_objectives, task_supply(state, seat), has_sm2
    )
    cats["objectives"] = obj
    sm = bonus
    teepees = [tile_type(t) for t in p["teepees"]]
    for s in p["station_masters"]:
        lower = railroad.STATION_MASTERS[s][1]
        if lower == "per_worker":
            sm += sum(1 + len(row) for row in p["workers"].values())
        elif lower == "per_2_hazards":
            sm += 3 * (len(p["hazards"]) // 2)
        elif lower == "per_teepee_pair":
            sm += 3 * min(teepees.count("green"), teepees.count("blue"))
        elif lower == "per_2_certificates":
            sm += 3 * ((certificates(p) + permanent_certificates(p)) // 2)
    cats["station_masters"] = sm
    cats["workers"] = player_board.WORKER_VP * sum(
        max(0, 1 + len(row) - (player_board.WORKER_VP_SPACES[0] - 1))
        for row in p["workers"].values()
    )
    cats["step_disc"] = player_board.STEP_VP if cleared(p, "STEP-VP") else 0
    cats["job_market_token"] = 2 if p["job_token"] else 0
    return {"total": sum(cats.values()), "categories": cats}


def scores(state: State) -> list[dict]:
    result = [score_player(state, s) for s in range(state["num_players"])]
    top = max(r["total"] for r in result)
    for r in result:
        r["winner"] = r["total"] == top  # R1-SCORE-22: shared victory
    return result

"""Final scoring: the 11 categories (R1-SCORE-*, R1-OBJ-17..32)."""

from __future__ import annotations

from engine import editions
from engine.components import breed, card_vp, is_objective, tile_type, value
from engine.editions import Edition, ObjectiveInfo, SecondEdition
from engine.rules.actions import teepee_pairs
from engine.state import certificates, cleared, permanent_certificates, section_tiles
from engine.state_types import PlayerState, State
from engine.view_types import PlayerScore, Score

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


def _deck(p: PlayerState) -> list[str]:
    return p["draw"] + p["hand"] + p["discard"]


def task_supply(state: State, seat: int) -> dict[str, int]:
    """How many items of each task code a player has (R1-OBJ-21..27; R2-OBJ-01/03).

    The editions' task codes name the same tasks in the same order: building, green teepee
    or outlaw, blue teepee or orange outlaw, hazard, station disc, cattle of value 3 / 4 / 5
    in the deck, disc on the terminal city (San Francisco or New York)."""
    ed = editions.of(state)
    p = state["players"][seat]
    deck = [c for c in _deck(p) if not is_objective(ed, c)]
    colours = [tile_type(ed, t) for t in section_tiles(p)]
    green = colours.count("green")
    counts = (
        sum(1 for cell in state["trail"].values() if cell["owner"] == seat),
        green,
        len(colours) - green,
        len(p["hazards"]),
        sum(1 for seats in state["stations"].values() if seat in seats),
        *(_cattle_task(ed, deck, bv) for bv in (3, 4, 5)),
        state["cities"][ed.cities.TERMINAL].count(seat),
    )
    return dict(zip(ed.objectives.TASK_CODES, counts, strict=True))


def _cattle_task(ed: Edition, deck: list[str], bv: int) -> int:
    """Deck cards for the cattle task of breeding value ``bv``: any card of that value (1st
    edition), or of the breeds the task shows (2nd edition, ``TASK_BREEDS``: the same cards,
    but never a Simmental Heifer or Cow, whose task icon the cards do not print,
    R2-SIMM-20)."""
    if isinstance(ed, SecondEdition):
        breeds = ed.task_breeds.TASK_BREEDS[str(bv)]
        return sum(1 for c in deck if breed(ed, c) in breeds)
    return sum(1 for c in deck if value(ed, c) == bv)


def best_objectives(
    ed: Edition, area: list[str], deck: list[str], supply: dict[str, int], sm_pairs_bonus: bool
) -> tuple[int, int, list[str]]:
    """Best objective score, the station-master bonus it allows, and the deck cards added.

    Each task needs its own item, tasks are never shared between cards (R1-OBJ-19), the
    assignment is the best one for the player (R1-OBJ-20), and each deck card is added or
    removed, whichever scores best (R1-OBJ-31) — including for the SM-2 bonus, which counts
    the cards in the objective area (R1-SCORE-13/18).

    A depth-first search over "fulfilled or not" per card, fulfilled first, that drops any
    branch needing more items than the player has or unable to beat the best total found
    (each card scores at most its positive VP), so many cards stay fast."""
    # The richest cards first: good totals are found early and prune the rest.
    known = ed.objectives.ALL
    cards = sorted(area + deck, key=lambda c: -known[c][2])
    in_area = [c in area for c in cards]
    info: list[ObjectiveInfo] = [known[c] for c in cards]
    optimistic = [0] * (len(cards) + 1)  # each card scores at most its positive VP
    for i in range(len(cards) - 1, -1, -1):
        optimistic[i] = optimistic[i + 1] + info[i][2]
    need = dict.fromkeys(supply, 0)
    best: list[tuple[int, int, list[str]]] = [(-(10**9), 0, [])]

    def finish(score: int, added: list[str], spare: list[int]) -> None:
        count = len(area) + len(added)
        bonus = (count // 2) * 3 if sm_pairs_bonus else 0
        extra: list[str] = []
        if sm_pairs_bonus and count % 2 == 1 and spare:
            # One unfulfilled deck card completing a pair pays 3 VP minus its penalty; two
            # never pay (each costs at least 2 VP).
            i = max(spare, key=lambda j: info[j][3])
            if 3 + info[i][3] > 0:
                score += info[i][3]
                bonus += 3
                extra.append(cards[i])
        if score + bonus > best[0][0] + best[0][1]:
            best[0] = (score, bonus, added + extra)

    def walk(i: int, score: int, added: list[str], spare: list[int]) -> None:
        bound = score + optimistic[i]
        if sm_pairs_bonus:
            bound += ((len(area) + len(added) + len(spare) + len(cards) - i) // 2) * 3
        if bound <= best[0][0] + best[0][1]:
            return
        if i == len(cards):
            finish(score, added, spare)
            return
        tasks, plus, minus = info[i][1], info[i][2], info[i][3]
        for task in tasks:
            need[task] += 1
        if all(need[task] <= supply[task] for task in tasks):
            walk(i + 1, score + plus, added if in_area[i] else [*added, cards[i]], spare)
        for task in tasks:
            need[task] -= 1
        if in_area[i]:
            walk(i + 1, score + minus, added, spare)
        else:
            walk(i + 1, score, added, [*spare, i])

    walk(0, 0, [], [])
    return best[0]


def score_player(state: State, seat: int) -> PlayerScore:
    ed = editions.of(state)
    cities, railroad, board = ed.cities, ed.railroad, ed.player_board
    p = state["players"][seat]
    cats = dict.fromkeys(CATEGORIES, 0)
    cats["money"] = p["money"] // 5
    cats["buildings"] = sum(
        ed.buildings.vp(cell["tile"]) for cell in state["trail"].values() if cell["owner"] == seat
    )
    # Kansas City, the terminal city (per disc) and the one before it (R1-SCORE-04..07).
    city = sum(vp * state["cities"][c].count(seat) for c, vp in cities.CITY_VP.items())
    for (a, b), (_, vp) in cities.ARROWS.items():
        if seat in state["cities"][a] and seat in state["cities"][b]:
            city += vp
    cats["cities"] = city
    cats["stations"] = sum(
        railroad.STATIONS[s][3] for s, seats in state["stations"].items() if seat in seats
    )
    cats["hazards"] = sum(ed.tiles.TILES[t]["vp"] for t in p["hazards"])
    cats["cattle"] = sum(card_vp(ed, c) for c in _deck(p))
    deck_objectives = [c for c in _deck(p) if is_objective(ed, c)]
    lowers = [railroad.STATION_MASTERS[s][1] for s in p["station_masters"]]
    has_sm2 = "per_2_objectives" in lowers
    obj, bonus, _ = best_objectives(
        ed, list(p["objectives"]), deck_objectives, task_supply(state, seat), has_sm2
    )
    cats["objectives"] = obj
    sm = bonus
    for lower in lowers:
        if lower == "per_worker":
            sm += sum(1 + len(row) for row in p["workers"].values())
        elif lower == "per_2_hazards":
            sm += 3 * (len(p["hazards"]) // 2)
        elif lower in ("per_teepee_pair", "per_outlaw_pair"):  # R2-STATION-04
            sm += 3 * teepee_pairs(ed, p)
        elif lower == "per_2_certificates":  # permanent ones at their value (R2-STATION-05)
            sm += 3 * ((certificates(ed, p) + permanent_certificates(ed, p)) // 2)
        elif lower == "per_2_stations":  # R2-STATION-03
            sm += 3 * (sum(1 for seats in state["stations"].values() if seat in seats) // 2)
        elif lower == "per_building":  # R2-STATION-03
            sm += 2 * sum(1 for cell in state["trail"].values() if cell["owner"] == seat)
        # "none": two 2nd edition tiles have no end-game task (R2-STATION-06)
    cats["station_masters"] = sm
    cats["workers"] = board.WORKER_VP * sum(
        max(0, 1 + len(row) - (board.WORKER_VP_SPACES[0] - 1)) for row in p["workers"].values()
    )
    cats["step_disc"] = board.STEP_VP if cleared(p, "STEP-VP") else 0
    cats["job_market_token"] = 2 if p["job_token"] else 0
    return {"total": sum(cats.values()), "categories": cats}


def scores(state: State) -> list[Score]:
    result = [score_player(state, s) for s in range(state["num_players"])]
    top = max(r["total"] for r in result)
    # R1-SCORE-22: shared victory
    return [{**r, "winner": r["total"] == top} for r in result]

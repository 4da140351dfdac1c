"""Builders for small hand-made engine states, shared by the rule tests.

Tests start from a real ``engine.new_game`` and then arrange exactly the situation a rule
needs (a hand, money, a tile on a space, a pending decision) through these helpers, which
keep every card and tile accounted for.  Then they play moves through the public contract.
They work for both editions (the 2nd edition's tests pass ``edition="2e"`` to ``new``):
outlaws are kept where teepees are.
"""

from __future__ import annotations

from typing import Any

import engine
from engine import editions, flow
from engine.components import tile_kind
from engine.rules import locations
from engine.state import State, push


def new(players: int = 2, seed: int = 1, layout: str = "beginner", edition: str = "1e") -> State:
    return engine.new_game(players, seed, edition, options={"layout": layout})


SECTION_KINDS = ("hazard", "teepee", "outlaw")


def _back(state: State, tid: str) -> str:
    """The supply stack (bag) a tile belongs to: the number on its back."""
    return str(editions.of(state).tiles.TILES[tid]["back"])


def _take_card(state: State, cid: str) -> None:
    """Remove a card from wherever it is (any pile, the market, the stacks, the display)."""
    for p in state["players"]:
        for pile in ("hand", "draw", "discard", "removed", "objectives"):
            if cid in p[pile]:
                p[pile].remove(cid)
                return
    for key in ("market", "market_stack", "objective_display", "objective_stack", "removed_cards"):
        if cid in state[key]:
            state[key].remove(cid)
            return
    raise KeyError(cid)


def set_hand(state: State, seat: int, cards: list[str]) -> None:
    """Make ``cards`` the seat's hand; its old hand cards go to the top of its draw stack."""
    p = state["players"][seat]
    old = [c for c in p["hand"] if c not in cards]
    p["hand"] = [c for c in p["hand"] if c in cards]  # found (and taken) by _take_card
    for c in cards:
        _take_card(state, c)
    p["hand"] = list(cards)
    p["draw"].extend(old)


def move_card(state: State, cid: str, seat: int, pile: str) -> None:
    """Put a card on a seat's pile (``hand``, ``draw`` (top), ``discard``, ``objectives``)."""
    _take_card(state, cid)
    state["players"][seat][pile].append(cid)


def set_market(state: State, cards: list[str]) -> None:
    for c in list(state["market"]):
        state["market"].remove(c)
        state["market_stack"].insert(0, c)
    for c in cards:
        _take_card(state, c)
        state["market"].append(c)


def _take_tile(state: State, tid: str) -> None:
    for space, cell in list(state["trail"].items()):
        if cell["tile"] == tid:
            del state["trail"][space]
            return
    for stack in state["supply"].values():
        if tid in stack:
            stack.remove(tid)
            return
    for row in state["foresight"]:
        if tid in row:
            row[row.index(tid)] = None
            return
    for row in state["job_market"]["rows"]:
        if tid in row:
            row[row.index(tid)] = None
            return
    for p in state["players"]:
        for key in ("hazards", "teepees", "outlaws"):
            if tid in p.get(key, ()):
                p[key].remove(tid)
                return
        for row in p["workers"].values():
            if tid in row:
                row.remove(tid)
                return
    raise KeyError(tid)


def put_tile(state: State, space: str, tid: str, owner: int | None = None) -> None:
    """Put a supply tile (hazard/teepee) or a private building on a trail space."""
    if tid[0].isdigit():
        p = state["players"][owner]
        if tid in p["buildings"]:
            p["buildings"].remove(tid)
    else:
        _take_tile(state, tid)
    state["trail"][space] = {"tile": tid, "owner": owner}


def clear_space(state: State, space: str) -> None:
    """Return a hazard/teepee/outlaw on ``space`` to the bottom of its supply stack."""
    cell = state["trail"].pop(space)
    if tile_kind(editions.of(state), cell["tile"]) in SECTION_KINDS:
        state["supply"][_back(state, cell["tile"])].insert(0, cell["tile"])
    elif cell["owner"] is not None:
        state["players"][cell["owner"]]["buildings"].append(cell["tile"])


def clear_trail(state: State) -> None:
    """Remove every hazard, teepee and outlaw from the trail (back into the supply)."""
    for space, cell in list(state["trail"].items()):
        if tile_kind(editions.of(state), cell["tile"]) in SECTION_KINDS:
            clear_space(state, space)


def give_worker(state: State, seat: int, kind: str, n: int = 1) -> None:
    """Hire ``n`` workers of ``kind`` for free (taken from supply stack 2 or 3)."""
    p = state["players"][seat]
    for _ in range(n):
        for back in ("2", "3"):
            tid = next((t for t in state["supply"][back] if t.startswith(kind)), None)
            if tid:
                state["supply"][back].remove(tid)
                p["workers"][kind].append(tid)
                break
        else:
            raise KeyError(kind)


def clear_discs(state: State, seat: int, discs: list[str], city: str = "KAN") -> None:
    """Clear disc spaces by putting their discs on a city (default Kansas City)."""
    for d in discs:
        state["players"][seat]["discs"].remove(d)
        state["cities"][city].append(seat)


def decide(state: State, seat: int, frame: str, **fields: Any) -> State:
    """Make ``seat`` the current player with ``frame`` as the pending decision (over phase C)."""
    state["current"] = seat
    state["stack"] = []
    push(state, "phase_c")
    push(state, frame, **fields)
    flow.advance(state)
    return state


def at_location(state: State, seat: int, space: str) -> State:
    """Put the seat's cattleman on ``space`` with phase B there pending."""
    state["current"] = seat
    state["stack"] = []
    push(state, "phase_c")
    state["players"][seat]["herder"] = space
    locations.enter_location(state, space)
    flow.advance(state)
    return state


def in_phase_a(state: State, seat: int, herder: str) -> State:
    state["players"][seat]["herder"] = herder
    return decide(state, seat, "phase_a")


def moves(state: State, seat: int | None = None, **match: Any) -> list[dict]:
    """Legal moves of the current (or given) seat whose fields equal ``match``."""
    seat = state["current"] if seat is None else seat
    return [
        m for m in engine.legal_moves(state, seat) if all(m.get(k) == v for k, v in match.items())
    ]


def play(state: State, move: dict | str, seat: int | None = None) -> State:
    """Apply a move (a dict, or its notation) for the current seat."""
    seat = state["current"] if seat is None else seat
    if isinstance(move, str):
        move = engine.parse_move(state, seat, move)
    return engine.apply(state, seat, move)


def texts(state: State) -> list[str]:
    seat = state["current"]
    return [engine.describe(state, seat, m) for m in engine.legal_moves(state, seat)]


def top(state: State) -> str:
    return state["stack"][-1]["t"]


def _supply_worker(state: State, kind: str) -> str:
    for back in ("2", "3"):
        tid = next((t for t in state["supply"][back] if t.startswith(kind)), None)
        if tid:
            state["supply"][back].remove(tid)
            return tid
    raise KeyError(kind)


def set_job_market(state: State, rows: dict[int, list[str | None]], token_row: int | None) -> None:
    """Empty the job market (its workers go back to supply stack 2), then fill ``rows``
    (row index -> worker kind or None per column, 4 columns) and put the token on
    ``token_row`` (0-based; None = the job market is closed)."""
    jm = state["job_market"]
    for row in jm["rows"]:
        for i, tid in enumerate(row):
            if tid is not None:
                state["supply"]["2"].insert(0, tid)
                row[i] = None
    for r, kinds in rows.items():
        for i, kind in enumerate(kinds):
            if kind is not None:
                jm["rows"][r][i] = _supply_worker(state, kind)
    jm["token_row"] = token_row


# --- Kansas City, objectives, scoring ------------------------------------------------------


def set_foresight(state: State, n: int, tids: list[str | None]) -> None:
    """Put ``tids`` (2 tile ids, or None for an empty space) on the foresight spaces under
    ``n`` (1..3); the tiles there before go to the bottom of their supply stacks."""
    row = state["foresight"][n - 1]
    for i, old in enumerate(row):
        if old is not None:
            row[i] = None
            state["supply"][_back(state, old)].insert(0, old)
    for i, tid in enumerate(tids):
        if tid is not None:
            _take_tile(state, tid)
            row[i] = tid


def in_kansas_city(state: State, seat: int, subphase: int = 1, bv: int = 0) -> State:
    """The seat's cattleman has just reached Kansas City; the subphases before ``subphase``
    (1 foresight 1 .. 4 income, 5 delivery) are skipped.  For 5, ``bv`` is the total
    breeding value the delivery may use (no income is paid)."""
    at_location(state, seat, "KC")
    stack = state["stack"]
    while stack[-1]["t"] == "kc_foresight" and stack[-1]["n"] < subphase:
        stack.pop()
    if subphase >= 5:
        if stack[-1]["t"] == "kc_income":
            stack.pop()
        stack[-1]["bv"] = bv
    flow.advance(state)
    return state


def give_tiles(state: State, seat: int, tids: list[str]) -> None:
    """Give hazard, teepee or outlaw tiles to a seat (taken from wherever they are)."""
    p = state["players"][seat]
    for tid in tids:
        _take_tile(state, tid)
        kind = tile_kind(editions.of(state), tid)
        p["hazards" if kind == "hazard" else f"{kind}s"].append(tid)


def give_station_master(state: State, seat: int, sm: str) -> None:
    """Give a station master tile to a seat (taken off its station-master space)."""
    station = next(s for s, t in state["station_masters"].items() if t == sm)
    state["station_masters"][station] = None
    state["players"][seat]["station_masters"].append(sm)


def set_objectives(state: State, seat: int, cards: list[str]) -> None:
    """Make ``cards`` the seat's objective area; the cards there before go back to the box."""
    p = state["players"][seat]
    for c in list(p["objectives"]):
        p["objectives"].remove(c)
        state["removed_cards"].append(c)
    for c in cards:
        move_card(state, c, seat, "objectives")


def set_deck(
    state: State,
    seat: int,
    hand: list[str] | None = None,
    draw: list[str] | None = None,
    discard: list[str] | None = None,
) -> None:
    """Make the seat's herd deck exactly these piles (``draw`` lists the top card first);
    the seat's other deck cards leave the game (its ``removed`` pile)."""
    p = state["players"][seat]
    wanted = [*(hand or []), *(draw or []), *(discard or [])]
    for pile in ("hand", "draw", "discard"):
        for c in list(p[pile]):
            if c not in wanted:
                p[pile].remove(c)
                p["removed"].append(c)
    for c in wanted:
        _take_card(state, c)
    p["hand"] = list(hand or [])
    p["draw"] = list(reversed(draw or []))
    p["discard"] = list(discard or [])


def put_disc(state: State, seat: int, where: str, disc: str) -> None:
    """Clear disc space ``disc`` by putting its disc on a city (``KAN``..) or station (``S1``..)."""
    state["players"][seat]["discs"].remove(disc)
    target = state["cities"] if where in state["cities"] else state["stations"]
    target[where].append(seat)

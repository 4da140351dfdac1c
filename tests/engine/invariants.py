"""Whole-game invariants of the engine, as reusable checks.

Each check raises AssertionError with a message naming what went wrong.  They are used by
``test_invariants.py`` on random games and by ``test_golden.py`` on recorded ones; any rule
test may call them on a hand-made state too.

Conservation is checked two ways: from the raw state (cheap, after every move) and from
views, using only what the engine contract says a view holds (counts for hidden piles), so
that a spectator could verify it too.

Every check reads the game's edition (the 2nd edition has outlaws where the 1st has teepees,
its own cards and tiles, and exchange tokens, which the bank never runs out of: R2-EXCH-05,
so a player's count is only checked to be a whole number, never negative).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import engine
from engine import editions
from engine.data import cattle, objectives, tiles
from engine.data import player_board as board
from engine.editions import Edition
from engine.state import State, copy_state

SUPPLY_TILES = len(tiles.TILES)  # 94 workers, hazards and teepees (or outlaws): both editions
DISCS = len(board.DISC_SPACES)  # 14 per player
OBJECTIVE_CARDS = len(objectives.GENERAL) + len(objectives.STARTING)  # 24 + 4
MARKET_CATTLE = len(cattle.MARKET_CARDS)  # 36
STARTING_CATTLE = sum(n for _, n in cattle.STARTING_DECK)  # 14 per player
FORBIDDEN_VIEW_KEYS = frozenset({"rng", "seed", "draw", "market_stack_cards", "supply_tiles"})


def cattle_total(
    players: int, ed: Edition = editions.FIRST_EDITION, simmental: bool = False
) -> int:
    """Every cattle card of a game: the starting decks and the market cards, and with the
    Simmental variant its 24 cards (Calves in the market stack, Heifers and Cows in their
    stacks, upgraded cards back in the box, i.e. on a player's ``removed`` pile)."""
    starting = sum(n for _, n in ed.cattle.STARTING_DECK)
    extra = len(ed.cattle.CARDS) - len(ed.cattle.MARKET_CARDS) if simmental else 0
    return starting * players + len(ed.cattle.MARKET_CARDS) + extra


def objective_total(ed: Edition) -> int:
    return len(ed.objectives.ALL)


def section_key(p: dict) -> str:
    """Where a player keeps the tiles collected from the section: teepees or outlaws."""
    return "teepees" if "teepees" in p else "outlaws"


SECTION_KINDS = ("hazard", "teepee", "outlaw")


# --- from the state ------------------------------------------------------------------------


def all_card_ids(state: State) -> list[str]:
    """Every card id wherever it is: piles, market, stacks, display, removed."""
    ids: list[str] = []
    for p in state["players"]:
        for pile in ("hand", "draw", "discard", "removed", "objectives"):
            ids += p[pile]
    for key in ("market", "market_stack", "objective_display", "objective_stack"):
        ids += state[key]
    ids += state["removed_cards"]
    for stack in state.get("simmental", {}).values():  # the Heifers and Cows beside KC
        ids += stack
    return ids


def check_simmental(state: State) -> None:
    """The Simmental variant's cards are where they may be (R2-SIMM-02/06/11/12): only Calves
    in the market and its stack, each stack holds only its stage, and no Heifer (Cow) left
    its stack without a Calf (Heifer) returned to the box — on a ``removed`` pile."""
    data = editions.second(state).simmental
    stage = data.simmental_stage
    for c in state["market"] + state["market_stack"]:
        assert stage(c) in (None, 1), f"{c} is in the market"
    for key, stack in state["simmental"].items():
        assert all(stage(c) == int(key) for c in stack), f"stack {key} holds {stack}"
    removed = [c for p in state["players"] for c in p["removed"]]
    for s in (2, 3):
        out = len(data.SIMMENTAL_STACKS[s]) - len(state["simmental"][str(s)])
        back = sum(1 for c in removed if stage(c) == s - 1)
        assert out <= back, f"{out} stage-{s} cards taken for {back} stage-{s - 1} in the box"


def supply_tile_ids(state: State) -> list[str]:
    """Every worker, hazard and teepee (or outlaw) tile id wherever it is."""
    known = editions.of(state).tiles.TILES
    ids: list[str] = []
    for stack in state["supply"].values():
        ids += stack
    ids += [t for row in state["foresight"] for t in row if t is not None]
    ids += [t for row in state["job_market"]["rows"] for t in row if t is not None]
    ids += [cell["tile"] for cell in state["trail"].values() if cell["tile"] in known]
    ids += [t for t in state["removed_tiles"] if t in known]
    ids += list(state["station_workers"].values())
    for p in state["players"]:
        for row in p["workers"].values():
            ids += row
        ids += p["hazards"] + p[section_key(p)]
    return ids


def check_state(state: State) -> None:
    """Conservation of cards, tiles and discs, money never negative and exchange tokens a
    whole number, never negative, from the state."""
    ed = editions.of(state)
    n = state["num_players"]
    ids = all_card_ids(state)
    counts = Counter(ids)
    dupes = [c for c, k in counts.items() if k > 1]
    assert not dupes, f"cards in two places at once: {dupes}"
    n_objectives = sum(1 for c in ids if c.startswith("OBJ-"))
    assert n_objectives == objective_total(ed), f"{n_objectives} objective cards, not 28"
    n_cattle = len(ids) - n_objectives
    want = cattle_total(n, ed, "simmental" in state)
    assert n_cattle == want, f"{n_cattle} cattle cards, not {want}"
    if "simmental" in state:
        check_simmental(state)
    tids = supply_tile_ids(state)
    assert sorted(tids) == sorted(ed.tiles.TILES), (
        f"supply tiles: {len(tids)} found, missing "
        f"{sorted(set(ed.tiles.TILES) - set(tids))}, doubled "
        f"{sorted(t for t, k in Counter(tids).items() if k > 1)}"
    )
    for p in state["players"]:
        seat = p["seat"]
        assert p["money"] >= 0, f"seat {seat} has ${p['money']}"
        if "exchange_tokens" in p:
            tokens = p["exchange_tokens"]
            assert isinstance(tokens, int), f"seat {seat} has {tokens!r} tokens"
            assert tokens >= 0, f"seat {seat} has {tokens} tokens"
        placed = sum(v.count(seat) for v in state["stations"].values()) + sum(
            v.count(seat) for v in state["cities"].values()
        )
        assert len(p["discs"]) + placed == DISCS, f"seat {seat} has {len(p['discs'])}+{placed}"


# --- from views ----------------------------------------------------------------------------


def _count(pile: Any) -> int:
    return pile["count"] if isinstance(pile, dict) else len(pile)


def check_view_conservation(view: dict) -> None:
    """What a spectator can verify from a view alone: total cards, supply tiles, discs, money
    and exchange tokens."""
    ed = editions.get(view["edition"])
    n = len(view["players"])
    total = 0
    for p in view["players"]:
        total += _count(p["hand"]) + _count(p["draw_pile"]) + len(p["discard_pile"])
        total += len(p["removed"]) + len(p["objectives"])
        assert p["money"] >= 0, f"seat {p['seat']} shows ${p['money']}"
        assert p.get("exchange_tokens", 0) >= 0, f"seat {p['seat']} shows negative tokens"
    total += len(view["cattle_market"]) + view["market_stack"]["count"]
    total += len(view["objective_display"]) + view["objective_stack"]["count"]
    total += _count(view["removed_cards"])  # unused starting objectives: face down
    simmental = view.get("simmental")
    if simmental is not None:  # the Heifer and Cow stacks
        total += sum(stack["count"] for stack in simmental.values())
    expected = cattle_total(n, ed, simmental is not None) + objective_total(ed)
    assert total == expected, f"view shows {total} cards, not {expected}"

    seen: list[str] = []
    seen += [c["tile"] for c in view["trail"].values() if c["kind"] in SECTION_KINDS]
    seen += [t["id"] for row in view["foresight"] for t in row if t is not None]
    seen += [t["id"] for row in view["job_market"]["tiles"] for t in row if t is not None]
    seen += [t["id"] for t in view["removed_tiles"] if t["kind"] in ("worker", *SECTION_KINDS)]
    seen += [t["id"] for t in view["station_workers"].values()]
    for p in view["players"]:
        for kind, row in p["worker_tiles"].items():
            assert p["workers"][kind] == 1 + len(row), f"seat {p['seat']}: {kind} count"
            seen += [t["id"] for t in row]
        seen += [t["id"] for t in p["hazards"] + p[section_key(p)]]
    dupes = sorted(t for t, k in Counter(seen).items() if k > 1)
    assert not dupes, f"tiles shown twice: {dupes}"
    in_supply = sum(s["count"] for s in view["supply"].values())
    assert len(seen) + in_supply == SUPPLY_TILES, f"{len(seen)} + {in_supply} tiles, not 94"

    for p in view["players"]:
        seat = p["seat"]
        placed = sum(v.count(seat) for v in view["stations"].values())
        placed += sum(v.count(seat) for v in view["cities"].values())
        assert p["discs_left"] + placed == DISCS, f"seat {seat}: {p['discs_left']}+{placed} discs"


def check_full_view_cards(view: dict) -> None:
    """With reveal_all, every card id appears exactly once, and all of them appear."""
    ids: list[str] = []
    for p in view["players"]:
        draw = p["draw_pile"]
        draw = draw if isinstance(draw, list) else draw["cards"]  # a list, top first (contract)
        ids += [c["id"] for c in p["hand"]] + [c["id"] for c in draw]
        ids += [c["id"] for key in ("discard_pile", "removed", "objectives") for c in p[key]]
    ids += [c["id"] for c in view["cattle_market"] + view["objective_display"]]
    ids += [c["id"] for c in view["removed_cards"]]
    dupes = sorted(c for c, k in Counter(ids).items() if k > 1)
    assert not dupes, f"cards shown twice: {dupes}"
    n = len(view["players"])
    ed = editions.get(view["edition"])
    stacks = view["market_stack"]["count"] + view["objective_stack"]["count"]  # face down
    simmental = view.get("simmental")
    if simmental is not None:  # the Heifer and Cow stacks: alike cards, counted
        stacks += sum(stack["count"] for stack in simmental.values())
    want = cattle_total(n, ed, simmental is not None) + objective_total(ed)
    assert len(ids) + stacks == want, f"{len(ids)} cards"


def _keys(obj: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            out |= _keys(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= _keys(v)
    return out


def check_view_secrecy(state: State, seat: int | None, view: dict, seed: int | None) -> None:
    """A seat's view holds its own hand only; no draw order, stack order, seed or PRNG."""
    for p, vp in zip(state["players"], view["players"], strict=True):
        if p["seat"] == seat:
            assert [c["id"] for c in vp["hand"]] == p["hand"], "own hand differs from state"
        else:
            assert vp["hand"] == {"count": len(p["hand"])}, f"seat {p['seat']}'s hand leaks"
        assert vp["draw_pile"] == {"count": len(p["draw"])}, "a draw pile leaks"
        if "side_decision" in vp:  # 2nd edition: how many cards, never which (R2-TURN-01)
            assert vp["side_decision"] == engine.side_decision(state, p["seat"])
    assert view["market_stack"] == {"count": len(state["market_stack"])}
    assert view["objective_stack"] == {"count": len(state["objective_stack"])}
    assert view["supply"] == {k: {"count": len(v)} for k, v in state["supply"].items()}
    if "simmental" in state:
        assert view["simmental"] == {k: {"count": len(v)} for k, v in state["simmental"].items()}
    else:
        assert "simmental" not in view, "a view without the variant shows Simmental stacks"
    leaked = _keys(view) & FORBIDDEN_VIEW_KEYS
    assert not leaked, f"view has secret keys {leaked}"
    text = json.dumps(view)
    for number in state["rng"]:
        assert str(number) not in text, "the PRNG state shows in a view"
    if seed is not None and abs(seed) >= 10**9:  # small numbers occur in views anyway
        assert str(seed) not in text, "the seed shows in a view"


def check_views(state: State, seed: int | None = None) -> None:
    """Every seat's view and the spectator's: conservation and secrecy; reveal_all: all ids."""
    for seat in [None, *range(state["num_players"])]:
        view = engine.view(state, seat)
        check_view_conservation(view)
        check_view_secrecy(state, seat, view, seed)
        check_view_shares_nothing(state, view)
        json.dumps(view)
    full = engine.view(state, None, reveal_all=True)
    check_view_conservation(full)
    check_full_view_cards(full)
    check_view_shares_nothing(state, full)
    check_view_shares_nothing_kept(state, full)


def _containers(value: Any) -> list[Any]:
    """``value`` and every dict and list inside it."""
    found, todo = [], [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict | list):
            found.append(item)
            todo.extend(item.values() if isinstance(item, dict) else item)
    return found


def check_view_shares_nothing(state: State, view: Any) -> None:
    """A view holds no dict or list of its state: the service plays the next move on the
    state itself (``apply_in_place``) while it still reads the mover's view from before."""
    held = {id(c) for c in _containers(state)}
    shared = [c for c in _containers(view) if id(c) in held]
    assert not shared, f"the view shares the state's {shared[0]!r}"


def check_view_shares_nothing_kept(state: State, full: Any) -> None:
    """A view holds nothing the engine keeps between calls either (its card and tile
    tables): every list and dict of ``full``, the spectator's view of ``state`` with
    everything revealed (every card and tile shows), is changed here, and that view drawn
    again must be what ``full`` was. A caller may change the view it was given (a page adds
    to it, a log line edits it) without changing the next game's cards."""
    before = json.loads(json.dumps(full))
    for container in _containers(full):
        if isinstance(container, dict):
            container["changed by a caller"] = True
        else:
            container.append("changed by a caller")
    again = engine.view(state, None, reveal_all=True)
    assert again == before, "a view shares a list or dict the engine keeps"


def check_independent_copy(state: State) -> None:
    """engine.apply's copy equals the state and shares no dict or list with it."""
    copied = copy_state(state)
    assert copied == state

    def walk(a: Any, b: Any, path: str) -> None:
        if isinstance(a, dict | list):
            assert a is not b, f"the state copy shares {path or 'the root'}"
            for k, v in a.items() if isinstance(a, dict) else enumerate(a):
                walk(v, b[k], f"{path}/{k}")

    walk(state, copied, "")


def check_turn_contract(state: State) -> None:
    """legal_moves is non-empty for the seat whose decision is pending; another seat has
    moves only out of turn (2nd edition, R2-TURN-01, R2-EXCH-03, R2-EXCH-09): the discards
    its exchange token still owes, which come first (even in its own turn) and allow nothing
    else, or else, while it holds a token, exchange moves alone; nobody has any once the
    game is over, when nothing is owed any more."""
    current = engine.current_player(state)
    over = engine.is_over(state)
    assert (current is None) == over
    if over:
        assert "side" not in state, "side discards still owed after the end"
    for seat in range(state["num_players"]):
        moves = engine.legal_moves(state, seat)
        keys = [json.dumps(m, sort_keys=True) for m in moves]
        assert len(set(keys)) == len(keys), "a legal move is listed twice"
        side = engine.side_decision(state, seat)
        if side is not None:
            assert side["kind"] == "discard", side
            assert 0 < side["n"] <= side["drawn"] <= 2, side
            assert moves, f"seat {seat} owes a discard but cannot make one"
            assert {m["type"] for m in moves} == {"discard"}, f"seat {seat}: {moves}"
        elif seat == current:
            assert moves, f"seat {seat} must decide but has no legal move"
        elif state["players"][seat].get("exchange_tokens") and not over:
            assert {m["type"] for m in moves} <= {"exchange"}, f"seat {seat} has {moves}"
        else:
            assert moves == [], f"seat {seat} has moves out of turn"

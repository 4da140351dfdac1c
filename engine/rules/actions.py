"""Action specs (data in ``engine.data.buildings``) to moves, and moves to effects.

``spec_moves`` lists the parameter dicts with which a spec can be started now — an empty
list means the action is impossible (its requirement cannot be met in full, R1-LOCAL-08).
``perform`` carries out a started action, pushing frames for any later choices.

Both look the spec's ``kind`` up in a table (``SPEC_MOVES``, ``PERFORM``), as
``engine.flow.DECISIONS`` does for decision frames; each kind's two functions sit together
below, in the order of the tables.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import editions
from engine.component_types import ActionSpec
from engine.components import CardClass, breed, card_class, is_objective, tile_type, value
from engine.editions import Edition
from engine.move_types import MoveParams
from engine.rules import (
    auxiliary,
    building,
    cattle_market,
    hazards_teepees,
    hiring,
    kansas_city,
    locations,
    movement,
    objectives,
    railroad,
    simmental,
)
from engine.state import (
    advance_certificate,
    builders,
    cert_limit_index,
    cur,
    draw_cards,
    push,
    section_tiles,
    workers,
)
from engine.state_types import PlayerState, State

SpecMovesFn = Callable[[State, ActionSpec], list[MoveParams]]
PerformFn = Callable[[State, ActionSpec, MoveParams], None]


def count(state: State, n: int | str) -> int:
    """A spec's count: a printed number, or what it counts for the current player."""
    p = cur(state)
    if n == "engineers":
        return workers(p, "engineer")
    if n == "cowboys":
        return workers(p, "cowboy")
    if n == "woods":
        return woods_buildings(state)
    if n == "hazards":  # 2e 11b: engine up to the hazard tiles collected (R2-LOCAL-01)
        return len(p["hazards"])
    return int(n)


def woods_buildings(state: State) -> int:
    woods = editions.of(state).trail.WOODS
    seat = state["current"]
    return sum(1 for s, cell in state["trail"].items() if cell["owner"] == seat and s in woods)


def teepee_pairs(ed: Edition, p: PlayerState) -> int:
    """Pairs of one green and one other-coloured tile: green and blue teepees (1st edition),
    green and orange outlaws (2nd edition, R2-STATION-04; the 2e 7a building)."""
    colours = [tile_type(ed, t) for t in section_tiles(p)]
    green = colours.count("green")
    return min(green, len(colours) - green)


def _one_way(state: State, spec: ActionSpec) -> list[MoveParams]:
    """Actions without parameters or requirements: always possible, in one way."""
    return [{}]


# --- discard for a reward (R1-LOCAL-10..16) ----------------------------------------------------


def discard_choices(state: State, card: str) -> list[str]:
    """One representative per class of the cards that meet a discard requirement."""
    ed = editions.of(state)
    hand = cur(state)["hand"]
    if card == "objective":
        pool = [c for c in hand if is_objective(ed, c)]
    elif card == "any":
        pool = [c for c in hand if not is_objective(ed, c)]
    elif card == "value3":  # 2e 5a: one card of breeding value 3 (R2-LOCAL-01)
        pool = [c for c in hand if not is_objective(ed, c) and value(ed, c) == 3]
    elif card == "pair":
        counts: dict[str | None, int] = {}
        for c in hand:
            if not is_objective(ed, c):
                counts[breed(ed, c)] = counts.get(breed(ed, c), 0) + 1
        pool = [c for c in hand if not is_objective(ed, c) and counts[breed(ed, c)] >= 2]
    else:
        pool = [c for c in hand if breed(ed, c) == card]
    seen: dict[CardClass, str] = {}
    for c in pool:
        seen.setdefault(card_class(ed, c), c)
    return list(seen.values())


def _discard_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    """One move per class of card that meets the requirement.  A named breed or breeding
    value never takes a Simmental, "any" does (R2-SIMM-18/19: ``discard_choices`` matches
    the breed); the Simmental pairs name both cards (R2-SIMM-20)."""
    choices = discard_choices(state, spec["card"])
    if spec["card"] == "pair" and simmental.on(state):
        cards: list[MoveParams] = [
            {"card": c} for c in choices if not simmental.is_simmental(state, c)
        ]
        cards += simmental.pair_moves(state)
    else:
        cards = [{"card": c} for c in choices]
    if spec.get("engine"):
        dests = railroad.forward_destinations(state, state["current"], spec["engine"])
        return [{**c, "to": d} for c in cards for d in dests]
    return cards


def _discard(state: State, spec: ActionSpec, params: MoveParams) -> None:
    ed = editions.of(state)
    p = cur(state)
    card = params["card"]
    if spec["card"] == "pair":
        second = params.get("second") or next(
            c for c in p["hand"] if c != card and breed(ed, c) == breed(ed, card)
        )
        p["hand"].remove(second)
        p["discard"].append(second)
    p["hand"].remove(card)
    p["discard"].append(card)
    p["money"] += spec.get("gain", 0)
    if spec.get("cert"):
        advance_certificate(p, spec["cert"])
    if spec.get("objective_to_hand"):
        push(state, "gain_objective", dest="hand", optional=True)
    if spec.get("engine"):
        railroad.set_engine(state, state["current"], params["to"])


# --- hire, build, objective card -------------------------------------------------------------


def _hire_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return hiring.hire_options(state, spec["mod"])


def _hire(state: State, spec: ActionSpec, params: MoveParams) -> None:
    hiring.hire(state, params["row"], params["worker"], spec["mod"])


def _build_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return building.building_choices(state, spec["rate"])


def _build(state: State, spec: ActionSpec, params: MoveParams) -> None:
    push(state, "place", building=params["building"], rate=spec["rate"])


def _objective_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return [{"card": c} for c in objectives.gain_options(state)]


def _objective(state: State, spec: ActionSpec, params: MoveParams) -> None:
    objectives.take(state, params["card"], "discard")


# --- the railroad ------------------------------------------------------------------------------


def _engine_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    if cur(state)["money"] < spec.get("pay", 0):
        return []
    n = count(state, spec["n"])
    return [{"to": d} for d in railroad.forward_destinations(state, state["current"], n)]


def _engine(state: State, spec: ActionSpec, params: MoveParams) -> None:
    cur(state)["money"] -= spec.get("pay", 0)
    railroad.set_engine(state, state["current"], params["to"])


def _engine_back_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    n = count(state, spec["n"])
    return [{"to": d} for d in railroad.backward_exact(state, state["current"], n)]


def _engine_back(state: State, spec: ActionSpec, params: MoveParams) -> None:
    push(state, "effect", kind="gain", n=spec["gain"])
    railroad.set_engine(state, state["current"], params["to"])


def _extraordinary_delivery_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    seat = state["current"]
    # Every space behind the engine is at least one space back (R1-LOCAL-30), even a
    # turnout reached with 0 counted spaces: then only Kansas City (value 0) is in reach.
    order = editions.of(state).cities.ORDER
    return [
        {"to": d}
        for d, k in sorted(railroad.backward_any(state, seat).items(), key=lambda x: float(x[0]))
        if any(kansas_city.deliverable(state, seat, c, k, transport=False) for c in order)
    ]


def _extraordinary_delivery(state: State, spec: ActionSpec, params: MoveParams) -> None:
    station_at = editions.of(state).railroad.STATION_AT
    to = params["to"]
    k = railroad.backward_any(state, state["current"])[to]
    cur(state)["engine"] = to
    if to in station_at:
        push(state, "station", station=station_at[to])  # R1-LOCAL-34
    push(state, "xdeliver", bv=k)


def _upgrade_behind_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return [{"station": s} for s in railroad.stations_behind(state, state["current"])]


def _upgrade_behind(state: State, spec: ActionSpec, params: MoveParams) -> None:
    railroad.upgrade(state, state["current"], params["station"])


# --- teepees, hazards, auxiliary actions, cattle --------------------------------------------


def _trade_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return hazards_teepees.trade_options(state)


def _trade(state: State, spec: ActionSpec, params: MoveParams) -> None:
    hazards_teepees.trade(state, params["space"])


def _bounty_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return hazards_teepees.bounty_options(state)


def _bounty(state: State, spec: ActionSpec, params: MoveParams) -> None:
    hazards_teepees.bounty(state, params["space"])


def _hazard_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return hazards_teepees.hazard_options(state, spec["cost"])


def _hazard(state: State, spec: ActionSpec, params: MoveParams) -> None:
    hazards_teepees.remove_hazard(state, params["space"], spec["cost"])


def _aux_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return auxiliary.aux_moves(state, allow_double=spec.get("double", False))


def _aux(state: State, spec: ActionSpec, params: MoveParams) -> None:
    auxiliary.perform(state, params)


def _buy_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return [{}] if cattle_market.can_buy(state) else []


def _buy(state: State, spec: ActionSpec, params: MoveParams) -> None:
    push(state, "buy", cowboys=workers(cur(state), "cowboy"))


# --- moving the cattleman, drawing, copying ----------------------------------------------------


def _move_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    herder = cur(state)["herder"]
    assert herder is not None, "local actions are taken at the cattleman's location"
    allow_kc = spec.get("again", True)
    return [
        {"to": d, "via": list(v)}
        for d, v in movement.paths(state, herder, count(state, spec["n"]), allow_kc=allow_kc)
    ]


def _move(state: State, spec: ActionSpec, params: MoveParams) -> None:
    seat = state["current"]
    fees = spec.get("fees", True)
    movement.move_herder(state, seat, params["to"], params["via"], fees=fees)
    if spec.get("again", True):
        # R1-MOVE-14/15: leave this location and do phase B again at the new one.
        while state["stack"] and state["stack"][-1]["t"] != "loc":
            state["stack"].pop()
        state["stack"].pop()
        locations.enter_location(state, params["to"])
    else:
        top = state["stack"][-1] if state["stack"] else None
        if top is not None and top["t"] == "loc":
            state["stack"].pop()  # R1-OBJ-10/12: phase B ends; phase C follows


def _draw_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return [{"n": k} for k in range(1, count(state, spec["n"]) + 1)]


def _draw(state: State, spec: ActionSpec, params: MoveParams) -> None:
    drawn = draw_cards(state, cur(state), params["n"])
    push(state, "discard", n=drawn)


def copy_targets(state: State) -> list[str]:
    """Building tiles directly linked to this one, nothing in between (R1-LOCAL-26/27)."""
    ed = editions.of(state)
    buildings = ed.buildings
    here = cur(state)["herder"]
    assert here is not None, "local actions are taken at the cattleman's location"
    out = []
    for s in ed.trail.neighbours(here):
        cell = state["trail"].get(s)
        if cell is None or not (cell["tile"] in buildings.NEUTRAL or cell["owner"] is not None):
            continue
        if any(spec["kind"] == "copy" for slot in buildings.slots(cell["tile"]) for spec in slot):
            continue
        out.append(s)
    return out


def _copy_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    return [{"space": s} for s in copy_targets(state)]


def _copy(state: State, spec: ActionSpec, params: MoveParams) -> None:
    push(
        state,
        "copy",
        space=params["space"],
        tile=state["trail"][params["space"]]["tile"],
        used=[],
    )


# --- certificates and money ------------------------------------------------------------------


def _certificate(state: State, spec: ActionSpec, params: MoveParams) -> None:
    advance_certificate(cur(state), count(state, spec["n"]))


def _certificate_max(state: State, spec: ActionSpec, params: MoveParams) -> None:
    p = cur(state)
    p["cert"] = max(p["cert"], cert_limit_index(p))


def _woods_money(state: State, spec: ActionSpec, params: MoveParams) -> None:
    cur(state)["money"] += spec["per"] * woods_buildings(state)


def _money_per_engineer(state: State, spec: ActionSpec, params: MoveParams) -> None:
    p = cur(state)
    p["money"] += spec["per"] * workers(p, "engineer")


def _gain(state: State, spec: ActionSpec, params: MoveParams) -> None:
    cur(state)["money"] += count(state, spec["n"])


def _money_per_builder(state: State, spec: ActionSpec, params: MoveParams) -> None:
    """2e 12a: per builder, the printed one included (R2-LOCAL-01)."""
    p = cur(state)
    p["money"] += spec["per"] * builders(editions.of(state), p)


def _money_per_station(state: State, spec: ActionSpec, params: MoveParams) -> None:
    """2e 12b: per train station holding one of the player's discs (R2-LOCAL-01)."""
    seat = state["current"]
    stations = sum(1 for seats in state["stations"].values() if seat in seats)
    cur(state)["money"] += spec["per"] * stations


def _exchange_token(state: State, spec: ActionSpec, params: MoveParams) -> None:
    """2e 12b: gain exchange tokens from the bank, which never runs out (R2-EXCH-01/04/05)."""
    p = cur(state)
    p["exchange_tokens"] = p["exchange_tokens"] + count(state, spec["n"])


def _teepee_pairs(state: State, spec: ActionSpec, params: MoveParams) -> None:
    p = cur(state)
    for _ in range(teepee_pairs(editions.of(state), p)):
        advance_certificate(p, 2)
        p["money"] += 2


# --- the tables ------------------------------------------------------------------------------

SPEC_MOVES: dict[str, SpecMovesFn] = {
    "discard": _discard_moves,
    "hire": _hire_moves,
    "build": _build_moves,
    "objective": _objective_moves,
    "engine": _engine_moves,
    "trade": _trade_moves,
    "hazard": _hazard_moves,
    "aux": _aux_moves,
    "buy": _buy_moves,
    "move": _move_moves,
    "engine_back": _engine_back_moves,
    "draw": _draw_moves,
    "extraordinary_delivery": _extraordinary_delivery_moves,
    "copy": _copy_moves,
    "upgrade_behind": _upgrade_behind_moves,
    "certificate": _one_way,
    "woods_money": _one_way,
    "money_per_engineer": _one_way,
    "gain": _one_way,
    "certificate_max": _one_way,
    "teepee_pairs": _one_way,
    "bounty": _bounty_moves,
    "outlaw_pairs": _one_way,
    "money_per_builder": _one_way,
    "money_per_station": _one_way,
    "exchange_token": _one_way,
}

PERFORM: dict[str, PerformFn] = {
    "discard": _discard,
    "hire": _hire,
    "build": _build,
    "objective": _objective,
    "engine": _engine,
    "trade": _trade,
    "hazard": _hazard,
    "aux": _aux,
    "buy": _buy,
    "move": _move,
    "engine_back": _engine_back,
    "draw": _draw,
    "extraordinary_delivery": _extraordinary_delivery,
    "copy": _copy,
    "upgrade_behind": _upgrade_behind,
    "certificate": _certificate,
    "certificate_max": _certificate_max,
    "woods_money": _woods_money,
    "money_per_engineer": _money_per_engineer,
    "gain": _gain,
    "teepee_pairs": _teepee_pairs,
    "bounty": _bounty,
    "outlaw_pairs": _teepee_pairs,
    "money_per_builder": _money_per_builder,
    "money_per_station": _money_per_station,
    "exchange_token": _exchange_token,
}


def spec_moves(state: State, spec: ActionSpec) -> list[MoveParams]:
    moves = SPEC_MOVES.get(spec["kind"])
    if moves is None:
        raise AssertionError(f"unknown action kind {spec['kind']}")
    return moves(state, spec)


def perform(state: State, spec: ActionSpec, params: MoveParams) -> None:
    """Carry out a started action; ``params`` are the move's (its ``type`` and ``id`` are
    not read)."""
    run = PERFORM.get(spec["kind"])
    if run is None:
        raise AssertionError(f"unknown action kind {spec['kind']}")
    run(state, spec, params)

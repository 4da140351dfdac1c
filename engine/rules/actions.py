"""Action specs (data in ``engine.data.buildings``) to moves, and moves to effects.

``spec_moves`` lists the parameter dicts with which a spec can be started now — an empty
list means the action is impossible (its requirement cannot be met in full, R1-LOCAL-08).
``perform`` carries out a started action, pushing frames for any later choices."""

from __future__ import annotations

from engine.components import breed, card_class, is_objective
from engine.data import cities, trail
from engine.rules import (
    auxiliary,
    building,
    cattle_market,
    hazards_teepees,
    hiring,
    movement,
    objectives,
    railroad,
)
from engine.state import (
    State,
    advance_certificate,
    cert_limit_index,
    cur,
    draw_cards,
    push,
    workers,
)


def _count(state: State, n: int | str) -> int:
    p = cur(state)
    if n == "engineers":
        return workers(p, "engineer")
    if n == "cowboys":
        return workers(p, "cowboy")
    if n == "woods":
        return woods_buildings(state)
    return int(n)


def woods_buildings(state: State) -> int:
    seat = state["current"]
    return sum(
        1 for s, cell in state["trail"].items() if cell["owner"] == seat and s in trail.WOODS
    )


def discard_choices(state: State, card: str) -> list[str]:
    """One representative per class of the cards that meet a discard requirement."""
    hand = cur(state)["hand"]
    if card == "objective":
        pool = [c for c in hand if is_objective(c)]
    elif card == "any":
        pool = [c for c in hand if not is_objective(c)]
    elif card == "pair":
        counts: dict[str, int] = {}
        for c in hand:
            if not is_objective(c):
                counts[breed(c)] = counts.get(breed(c), 0) + 1
        pool = [c for c in hand if not is_objective(c) and counts[breed(c)] >= 2]
    else:
        pool = [c for c in hand if breed(c) == card]
    seen: dict[tuple, str] = {}
    for c in pool:
        seen.setdefault(card_class(c), c)
    return list(seen.values())


def spec_moves(state: State, spec: dict) -> list[dict]:
    seat = state["current"]
    p = cur(state)
    kind = spec["kind"]
    if kind == "discard":
        cards = [{"card": c} for c in discard_choices(state, spec["card"])]
        if spec.get("engine"):
            dests = railroad.forward_destinations(state, seat, spec["engine"])
            return [{**c, "to": d} for c in cards for d in dests]
        return cards
    if kind == "hire":
        return hiring.hire_options(state, spec["mod"])
    if kind == "build":
        return building.building_choices(state, spec["rate"])
    if kind == "objective":
        return [{"card": c} for c in objectives.gain_options(state)]
    if kind == "engine":
        if p["money"] < spec.get("pay", 0):
            return []
        n = _count(state, spec["n"])
        return [{"to": d} for d in railroad.forward_destinations(state, seat, n)]
    if kind == "trade":
        return hazards_teepees.trade_options(state)
    if kind == "hazard":
        return hazards_teepees.hazard_options(state, spec["cost"])
    if kind == "aux":
        return auxiliary.aux_moves(state, allow_double=spec.get("double", False))
    if kind == "buy":
        return [{}] if cattle_market.can_buy(state) else []
    if kind == "move":
        allow_kc = spec.get("again", True)
        return [
            {"to": d, "via": list(v)}
            for d, v in movement.paths(state, p["herder"], spec["n"], allow_kc=allow_kc)
        ]
    if kind == "engine_back":
        return [{"to": d} for d in railroad.backward_exact(state, seat, spec["n"])]
    if kind == "draw":
        return [{"n": k} for k in range(1, _count(state, spec["n"]) + 1)]
    if kind == "extraordinary_delivery":
        from engine.rules import kansas_city

        # Every space behind the engine is at least one space back (R1-LOCAL-30), even a
        # turnout reached with 0 counted spaces: then only Kansas City (value 0) is in reach.
        return [
            {"to": d}
            for d, k in sorted(
                railroad.backward_any(state, seat).items(), key=lambda x: float(x[0])
            )
            if any(
                kansas_city.deliverable(state, seat, c, k, transport=False) for c in cities.ORDER
            )
        ]
    if kind == "copy":
        return [{"space": s} for s in copy_targets(state)]
    if kind == "upgrade_behind":
        return [{"station": s} for s in railroad.stations_behind(state, seat)]
    if kind == "certificate":
        return [{}]
    if kind in ("woods_money", "money_per_engineer", "gain", "certificate_max", "teepee_pairs"):
        return [{}]
    raise AssertionError(f"unknown action kind {kind}")


def copy_targets(state: State) -> list[str]:
    """Building tiles directly linked to this one, nothing in between (R1-LOCAL-26/27)."""
    from engine.data import buildings

    here = cur(state)["herder"]
    out = []
    for s in trail.neighbours(here):
        cell = state["trail"].get(s)
        if cell is None or not (cell["tile"] in buildings.NEUTRAL or cell["owner"] is not None):
            continue
        if any(spec["kind"] == "copy" for slot in buildings.slots(cell["tile"]) for spec in slot):
            continue
        out.append(s)
    return out


def teepee_pairs(p: dict) -> int:
    from engine.components import tile_type

    colours = [tile_type(t) for t in p["teepees"]]
    return min(colours.count("green"), colours.count("blue"))


def perform(state: State, spec: dict, params: dict) -> None:
    seat = state["current"]
    p = cur(state)
    kind = spec["kind"]
    if kind == "discard":
        card = params["card"]
        if spec["card"] == "pair":
            second = next(c for c in p["hand"] if c != card and breed(c) == breed(card))
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
            railroad.set_engine(state, seat, params["to"])
    elif kind == "hire":
        hiring.hire(state, params["row"], params["worker"], spec["mod"])
    elif kind == "build":
        push(state, "place", building=params["building"], rate=spec["rate"])
    elif kind == "objective":
        objectives.take(state, params["card"], "discard")
    elif kind == "engine":
        p["money"] -= spec.get("pay", 0)
        railroad.set_engine(state, seat, params["to"])
    elif kind == "trade":
        hazards_teepees.trade(state, params["space"])
    elif kind == "hazard":
        hazards_teepees.remove_hazard(state, params["space"], spec["cost"])
    elif kind == "aux":
        auxiliary.perform(state, params)
    elif kind == "buy":
        push(state, "buy", cowboys=workers(p, "cowboy"))
    elif kind == "move":
        _move(state, spec, params)
    elif kind == "engine_back":
        push(state, "effect", kind="gain", n=spec["gain"])
        railroad.set_engine(state, seat, params["to"])
    elif kind == "draw":
        drawn = draw_cards(state, p, params["n"])
        push(state, "discard", n=drawn)
    elif kind == "extraordinary_delivery":
        to = params["to"]
        k = railroad.backward_any(state, seat)[to]
        p["engine"] = to
        if to in railroad.rr.STATION_AT:
            push(state, "station", station=railroad.rr.STATION_AT[to])  # R1-LOCAL-34
        push(state, "xdeliver", bv=k)
    elif kind == "copy":
        push(
            state,
            "copy",
            space=params["space"],
            tile=state["trail"][params["space"]]["tile"],
            used=[],
        )
    elif kind == "upgrade_behind":
        railroad.upgrade(state, seat, params["station"])
    elif kind == "certificate":
        advance_certificate(p, spec["n"])
    elif kind == "certificate_max":
        p["cert"] = max(p["cert"], cert_limit_index(p))
    elif kind == "woods_money":
        p["money"] += spec["per"] * woods_buildings(state)
    elif kind == "money_per_engineer":
        p["money"] += spec["per"] * workers(p, "engineer")
    elif kind == "gain":
        p["money"] += spec["n"]
    elif kind == "teepee_pairs":
        for _ in range(teepee_pairs(p)):
            advance_certificate(p, 2)
            p["money"] += 2
    else:
        raise AssertionError(f"unknown action kind {kind}")


def _move(state: State, spec: dict, params: dict) -> None:
    seat = state["current"]
    fees = spec.get("fees", True)
    movement.move_herder(state, seat, params["to"], params["via"], fees=fees)
    if spec.get("again", True):
        # R1-MOVE-14/15: leave this location and do phase B again at the new one.
        while state["stack"] and state["stack"][-1]["t"] != "loc":
            state["stack"].pop()
        state["stack"].pop()
        from engine.rules import turn

        turn.enter_location(state, params["to"])
    else:
        top = state["stack"][-1] if state["stack"] else None
        if top is not None and top["t"] == "loc":
            state["stack"].pop()  # R1-OBJ-10/12: phase B ends; phase C follows

"""Kansas City: the five subphases and the two final steps (R1-KC-*, R1-END-03/06); with
the Simmental variant, the upgrade step at the end of subphase 4 (``engine.rules.simmental``,
R2-SIMM-10)."""

from __future__ import annotations

from engine import editions
from engine.components import breed, tile_kind, value
from engine.editions import Edition
from engine.move_types import Move
from engine.rules import discs, simmental
from engine.setup import place_supply_tile, place_worker_in_job_market
from engine.state import cur, permanent_certificates, push
from engine.state_types import Frame, State

KC_FRAMES = ("kc_foresight", "kc_income", "kc_deliver")


def enter(state: State) -> None:
    push(state, "kc_final")
    push(state, "kc_deliver", bv=0)
    push(state, "kc_income")
    for n in (3, 2, 1):
        push(state, "kc_foresight", n=n)


# --- subphases 1-3: foresight ----------------------------------------------------------------


def foresight_moves(state: State, frame: Frame) -> list[Move]:
    """A worker may not be chosen once the job market is closed (R1-END-03/06)."""
    ed = editions.of(state)
    closed = state["job_market"]["token_row"] is None
    row = state["foresight"][frame["n"] - 1]
    return [
        {"type": "foresight", "slot": i}
        for i, tid in enumerate(row)
        if tid is not None and not (closed and tile_kind(ed, tid) == "worker")
    ]


def foresight_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    row = state["foresight"][frame["n"] - 1]
    tid = row[move["slot"]]
    assert tid is not None, "foresight_moves offers only the spaces with a tile"
    row[move["slot"]] = None
    if tile_kind(editions.of(state), tid) == "worker":
        place_worker_in_job_market(state, tid)
    elif not place_supply_tile(state, tid):
        state["removed_tiles"].append(tid)


# --- subphase 4: income -------------------------------------------------------------------------


def base_breeding_value(ed: Edition, hand: list[str]) -> int:
    """Each breed in hand counts once; objective cards add nothing (R1-KC-14/15).

    All Simmental cards are one breed, so only one of them counts, whichever stages are in
    hand (R2-SIMM-17): the engine counts the highest.  The rule lets the player pick, but
    the pick changes nothing else (every hand card stays in hand until the discard), so a
    lower one would only lose money and is not offered as a decision.  (Every other breed's
    cards share one value, so the highest is the value.)"""
    best: dict[str, int] = {}
    for c in hand:
        kind = breed(ed, c)
        if kind is not None:
            best[kind] = max(best.get(kind, 0), value(ed, c))
    return sum(best.values())


def income_moves(state: State, frame: Frame) -> list[Move]:
    p = cur(state)
    track = editions.of(state).player_board.CERT_TRACK
    options = sorted({track[p["cert"]] - track[j] for j in range(p["cert"] + 1)})
    return [{"type": "income", "certificates": c} for c in options]


def income_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    ed = editions.of(state)
    p = cur(state)
    track = ed.player_board.CERT_TRACK
    used = move["certificates"]
    p["cert"] = next(j for j in range(p["cert"] + 1) if track[p["cert"]] - track[j] == used)
    bv = base_breeding_value(ed, p["hand"]) + used + permanent_certificates(ed, p)
    p["money"] += bv  # R1-KC-18
    state["stack"][-1]["bv"] = bv
    if simmental.on(state):
        simmental.after_income(state)  # R2-SIMM-10: the upgrade step, then the discard
        return
    p["discard"].extend(p["hand"])  # R1-KC-19
    p["hand"] = []


# --- subphase 5: delivery -------------------------------------------------------------------------


def transport_cost(ed: Edition, engine_space: str, city: str) -> int:
    """$1 per cross between the engine's nose and the crest (R1-KC-37/38)."""
    railroad = ed.railroad
    here = railroad.crosses_before(railroad.position(engine_space))
    there = railroad.crosses_before(ed.cities.CITIES[city][1])
    return max(0, there - here)


def deliverable(state: State, seat: int, city: str, limit: int, transport: bool) -> bool:
    ed = editions.of(state)
    _name, city_value, corner, repeat = ed.cities.CITIES[city]
    if city_value > limit:
        return False
    if seat in state["cities"][city] and not repeat:
        return False  # R1-KC-24
    p = state["players"][seat]
    reserve = transport_cost(ed, p["engine"], city) if transport else 0
    return discs.can_place(state, seat, corner, reserve)


def deliver_moves(state: State, frame: Frame) -> list[Move]:
    seat = state["current"]
    return [
        {"type": "deliver", "city": c}
        for c in editions.of(state).cities.ORDER
        if deliverable(state, seat, c, frame["bv"], transport=frame["t"] == "kc_deliver")
    ]


def deliver_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    city = move["city"]
    p = cur(state)
    cost = 0
    if frame["t"] == "kc_deliver":
        cost = transport_cost(editions.of(state), p["engine"], city)
        push(state, "transport", amount=cost)  # R1-KC-39: paid last
    push(state, "arrows", city=city)
    push(state, "disc", target="city", to=city, reserve=cost)


def arrows_run(state: State, frame: Frame) -> None:
    """Delivery actions fire when the second disc of an arrow is placed (R1-KC-32/34/35)."""
    state["stack"].pop()
    cities = editions.of(state).cities
    seat = state["current"]
    city = frame["city"]
    order = cities.ORDER
    i = order.index(city)
    for pair in (
        (order[i - 1], city) if i > 0 else None,
        (city, order[i + 1]) if i + 1 < len(order) else None,
    ):
        if pair is None:
            continue
        action, _ = cities.ARROWS[pair]
        if action is None or not all(seat in state["cities"][c] for c in pair):
            continue
        if action == "objective":
            push(state, "gain_objective", dest="discard", optional=False)
        elif action == "exchange_token":  # 2e St. Louis - Bloomington (R2-KC-05, R2-EXCH-04)
            p = cur(state)
            p["exchange_tokens"] = p["exchange_tokens"] + 1


def transport_run(state: State, frame: Frame) -> None:
    state["stack"].pop()
    p = cur(state)
    p["money"] -= min(frame["amount"], p["money"])


def final_run(state: State, frame: Frame) -> None:
    """Cattleman back to the start, refill the foresight spaces (R1-KC-43/44)."""
    state["stack"].pop()
    cur(state)["herder"] = editions.of(state).trail.START
    for n, row in enumerate(state["foresight"], 1):
        for i, tid in enumerate(row):
            if tid is None and state["supply"][str(n)]:
                row[i] = state["supply"][str(n)].pop()
                state["revealed"] = True

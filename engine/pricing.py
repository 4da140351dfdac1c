"""What a move costs its seat and what it gives, worked out by the rules (``engine.price``).

Callers (the game page's buttons, the turn email's options) show a move's price before it
is made; asking here keeps them from re-deriving any rule.  The figure is the rules' own:
the move is applied to a copy of the state and the seat's public counters compared before
and after, so fees paid as far as money allows, discounts and rewards all count as the
rules count them.  Building is the exception: its price is paid when the building is
placed, one decision later, so it is the building's craftsmen and their price at the
location's rate (R1-BUILD-03/04).  A delivery is the other: its transport cost is paid
after the disc is placed (R1-KC-39), so it is the transport cost the rules charge for that
city (R1-KC-37/38), less the money Kansas City's crest pays (R1-KC-33).
"""

from __future__ import annotations

from engine import editions
from engine.editions import Edition
from engine.errors import IllegalMove
from engine.flow import apply_in_place
from engine.move_types import Move, Price
from engine.rules.kansas_city import transport_cost
from engine.rules.locations import location_slots
from engine.state import certificates, copy_state, workers
from engine.state_types import PlayerState, State

# Moves after which the engine waits for the same player's next decision at once: the money
# they change is theirs alone. (After others, such as a Kansas City delivery, automatic
# steps like transport costs follow, which the move itself does not cost.)
PRICED_TYPES = frozenset({"move", "action", "aux", "buy", "upgrade", "place", "income", "exchange"})


def counters(ed: Edition, p: PlayerState) -> dict[str, int]:
    """A seat's public counters whose change ``Price["gains"]`` reports, in that order.

    The 2nd edition names builders and outlaws where the 1st has craftsmen and teepees,
    and counts exchange tokens too."""
    if "teepees" in p:
        return {
            "money": p["money"],
            "certificates": certificates(ed, p),
            "cowboys": workers(p, "cowboy"),
            "craftsmen": workers(p, "craftsman"),
            "engineers": workers(p, "engineer"),
            "hazards": len(p["hazards"]),
            "teepees": len(p["teepees"]),
            "station_masters": len(p["station_masters"]),
        }
    return {
        "money": p["money"],
        "certificates": certificates(ed, p),
        "cowboys": workers(p, "cowboy"),
        "builders": workers(p, "builder"),
        "engineers": workers(p, "engineer"),
        "hazards": len(p["hazards"]),
        "outlaws": len(p["outlaws"]),
        "station_masters": len(p["station_masters"]),
        "exchange_tokens": p["exchange_tokens"],
    }


def priced_from_position(move: Move) -> bool:
    """Whether ``price`` reads ``move``'s price off the position it is played in rather than
    by playing it: a building, paid when placed (R1-BUILD-03/04), and a delivery, whose
    transport is paid after the disc (R1-KC-39). A caller that prices such a move after
    playing it must keep that position. Any dict is answered (False when it is no move)."""
    kind = move.get("type")
    return kind == "deliver" or (kind == "action" and move.get("id") == "build")


def price(state: State, seat: int, move: Move) -> Price:
    """What ``move`` (one of ``seat``'s legal moves) costs and gives ``seat``."""
    kind = move["type"]
    if priced_from_position(move):
        if kind == "deliver":
            return _delivery_price(state, seat, move)
        return _building_price(state, move)
    if kind == "disc" and str(move.get("space", "")).startswith("HAND-"):
        cost = editions.of(state).player_board.HAND_DISC_COST  # R1-KC-29/40
        return {"cost": cost, "cost_text": f"${cost}", "gains": {}}
    if kind not in PRICED_TYPES:
        return {"cost": None, "cost_text": "", "gains": {}}
    ed = editions.of(state)
    before = counters(ed, state["players"][seat])
    after_state = copy_state(state)
    try:
        apply_in_place(after_state, seat, dict(move))
    except IllegalMove:
        return {"cost": None, "cost_text": "", "gains": {}}
    after = counters(ed, after_state["players"][seat])
    gains = {k: after[k] - v for k, v in before.items() if after[k] != v}
    cost = -gains.get("money", 0)
    herder_moves = kind == "move" or move.get("id") == "move"
    if cost > 0:
        text = f"${cost} in fees" if herder_moves else f"${cost}"
        return {"cost": cost, "cost_text": text, "gains": gains}
    if cost < 0:
        return {"cost": cost, "cost_text": f"+${-cost}", "gains": gains}
    if herder_moves:
        return {"cost": 0, "cost_text": "no fees", "gains": gains}
    return {"cost": None, "cost_text": "", "gains": gains}


def _delivery_price(state: State, seat: int, move: Move) -> Price:
    """The transport cost of a Kansas City delivery (none for an extraordinary one), less
    the crest's money for a disc on Kansas City: "$1 transport", "+$6, no transport cost"."""
    ed = editions.of(state)
    city = move["city"]
    frame = state["stack"][-1] if state.get("stack") else None
    in_kansas_city = frame is not None and frame.get("t") == "kc_deliver"
    transport = transport_cost(ed, state["players"][seat]["engine"], city) if in_kansas_city else 0
    crest = ed.cities.KAN_MONEY if city == ed.cities.LOCAL else 0
    words = [f"+${crest}"] if crest else []
    if in_kansas_city:
        words.append(f"${transport} transport" if transport else "no transport cost")
    cost = transport - crest
    return {
        "cost": cost if words else None,
        "cost_text": ", ".join(words),
        "gains": {"money": -cost} if cost else {},
    }


def _building_price(state: State, move: Move) -> Price:
    """The craftsmen the building needs and their price at the rate of the action offering
    it: a location's build action, or a craftsman space's immediate one."""
    frame = state["stack"][-1] if state.get("stack") else None
    rate = None
    if frame is not None and "tile" in frame:
        for slot in location_slots(state, frame):
            for spec in slot:
                if spec["id"] == move["id"]:
                    rate = spec.get("rate")
    if frame is not None and frame.get("t") == "once":
        rate = next((s.get("rate") for s in frame.get("specs", []) if s["id"] == "build"), None)
    ed = editions.of(state)
    need = ed.buildings.craftsmen(move["building"])
    if ed.tiles.BUILDER_KIND == "builder":  # the 2nd edition's name (R2-SETUP-01)
        crafts = f"{need} builder{'' if need == 1 else 's'}"
    else:
        crafts = f"{need} craftsm{'a' if need == 1 else 'e'}n"
    if rate is None:
        return {"cost": None, "cost_text": crafts, "gains": {}}
    return {"cost": need * rate, "cost_text": f"${need * rate}, {crafts}", "gains": {}}

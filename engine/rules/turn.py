"""Turn structure: first turn, phase A, phase B at a location, phase C, and the game end
(R1-TURN-*, R1-LOC-*, R1-LOCAL-01..03, R1-DRAW-02, R1-END-*)."""

from __future__ import annotations

from engine import editions
from engine.component_types import ActionSpec
from engine.components import CardClass, card_class
from engine.move_types import Move
from engine.rules import actions, auxiliary, movement
from engine.rules.locations import enter_location, location_slots
from engine.state import (
    advance_certificate,
    cur,
    draw_cards,
    hand_limit,
    push,
    side_owed,
    step_limit,
)
from engine.state_types import Frame, PlayerState, State


def start_turn(state: State, seat: int) -> None:
    state["current"] = seat
    push(state, "phase_c")
    p = state["players"][seat]
    if p["herder"] is None:
        push(state, "first")
        # R2-SETUP-11/12: the 2nd edition's very first turn begins by discarding down to 4
        # (the 1st edition deals 4, so nothing is discarded there, nor by a 2e start player).
        # Cards an exchange token used out of turn drew and whose discards are still owed
        # (they come first, R2-EXCH-09) are not counted: those discards take them back out.
        extra = (
            len(p["hand"])
            - side_owed(state, seat)
            - editions.of(state).player_board.FIRST_TURN_HAND
        )
        if extra > 0:
            push(state, "first_discard", n=extra)
    else:
        push(state, "phase_a")


def end_turn(state: State) -> None:
    end = state["end"]
    if end is not None:
        if not end["remaining"]:
            state["over"] = True  # R1-END-07
            return
        start_turn(state, end["remaining"].pop(0))
        return
    start_turn(state, (state["current"] + 1) % state["num_players"])


def _action_moves(state: State, frame: Frame) -> list[Move]:
    moves: list[Move] = []
    for i, slot in enumerate(location_slots(state, frame)):
        if i in frame["used"]:
            continue
        for spec in slot:
            moves += [
                {"type": "action", "id": spec["id"], **params}
                for params in actions.spec_moves(state, spec)
            ]
    return moves


def _find_spec(state: State, frame: Frame, ident: str) -> tuple[int, ActionSpec]:
    for i, slot in enumerate(location_slots(state, frame)):
        for spec in slot:
            if spec["id"] == ident:
                return i, spec
    raise AssertionError(ident)


# --- frames ------------------------------------------------------------------------------------


def first_moves(state: State, frame: Frame) -> list[Move]:
    return [{"type": "start", "space": s} for s in editions.of(state).trail.NEUTRAL_SPACES]


def first_apply(state: State, frame: Frame, move: Move) -> None:
    """R1-TURN-03/04: any neutral building, no steps, no fees; straight to phase B."""
    state["stack"].pop()
    cur(state)["herder"] = move["space"]
    enter_location(state, move["space"])


def phase_a_moves(state: State, frame: Frame) -> list[Move]:
    p = cur(state)
    herder = p["herder"]
    assert herder is not None, "phase A follows the first turn"
    return [
        {"type": "move", "to": d, "via": list(v)}
        for d, v in movement.paths(state, herder, step_limit(state, p))
    ]


def phase_a_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    movement.move_herder(state, state["current"], move["to"], move["via"], fees=True)
    enter_location(state, move["to"])


def loc_moves(state: State, frame: Frame) -> list[Move]:
    """EITHER local actions, each once and in any order, OR one single auxiliary action
    (R1-LOC-02..05, R1-LOCAL-01..03); everything is optional (R1-LOC-07)."""
    moves: list[Move] = []
    if frame["local"] and not frame["aux"]:
        moves += _action_moves(state, frame)
    if not frame["acted"] and not frame["aux"]:
        moves += [{"type": "aux", **params} for params in auxiliary.aux_moves(state, False)]
    moves.append({"type": "end"})
    return moves


def loc_apply(state: State, frame: Frame, move: Move) -> None:
    if move["type"] == "end":
        state["stack"].pop()
    elif move["type"] == "aux":
        frame["aux"] = True
        auxiliary.perform(state, move)
    else:
        slot, spec = _find_spec(state, frame, move["id"])
        frame["used"].append(slot)
        frame["acted"] = True
        actions.perform(state, spec, move)


def copy_moves(state: State, frame: Frame) -> list[Move]:
    """8b: the adjacent tile's printed local actions, as this tile's (R1-LOCAL-26/27)."""
    return [*_action_moves(state, frame), {"type": "done"}]


def copy_apply(state: State, frame: Frame, move: Move) -> None:
    if move["type"] == "done":
        state["stack"].pop()
        return
    slot, spec = _find_spec(state, frame, move["id"])
    frame["used"].append(slot)
    actions.perform(state, spec, move)


def once_moves(state: State, frame: Frame) -> list[Move]:
    """An optional action: perform it now or forfeit it (R1-HIRE-09, R1-STATION-13)."""
    moves: list[Move] = [
        {"type": "action", "id": spec["id"], **params}
        for spec in frame["specs"]
        for params in actions.spec_moves(state, spec)
    ]
    return [*moves, {"type": "pass"}] if moves else []


def once_apply(state: State, frame: Frame, move: Move) -> None:
    state["stack"].pop()
    if move["type"] == "action":
        spec = next(s for s in frame["specs"] if s["id"] == move["id"])
        actions.perform(state, spec, move)


def card_choices(state: State, p: PlayerState) -> list[str]:
    """One card of each kind in ``p``'s hand (which copy goes is no choice)."""
    ed = editions.of(state)
    seen: dict[CardClass, str] = {}
    for c in p["hand"]:
        seen.setdefault(card_class(ed, c), c)
    return list(seen.values())


def discard_moves(state: State, frame: Frame) -> list[Move]:
    """Discard as many as were drawn; any hand cards (R1-DRAW-11, R1-AUX-06)."""
    if frame["n"] <= 0:
        return []
    return [{"type": "discard", "card": c} for c in card_choices(state, cur(state))]


def discard_apply(state: State, frame: Frame, move: Move) -> None:
    p = cur(state)
    p["hand"].remove(move["card"])
    p["discard"].append(move["card"])
    frame["n"] -= 1
    if frame["n"] <= 0:
        state["stack"].pop()


def remove_moves(state: State, frame: Frame) -> list[Move]:
    """Remove hand cards from the game; the reward may be forfeited (R1-AUX-09/10)."""
    if frame["n"] <= 0:
        return []
    moves: list[Move] = [{"type": "remove", "card": c} for c in card_choices(state, cur(state))]
    return [*moves, {"type": "pass"}] if moves else []


def remove_apply(state: State, frame: Frame, move: Move) -> None:
    if move["type"] == "pass":
        state["stack"].pop()
        return
    p = cur(state)
    p["hand"].remove(move["card"])
    p["removed"].append(move["card"])
    frame["n"] -= 1
    if frame["n"] <= 0:
        state["stack"].pop()


def effect_run(state: State, frame: Frame) -> None:
    state["stack"].pop()
    p = cur(state)
    if frame["kind"] == "certificate":
        advance_certificate(p, frame["n"])
    else:
        p["money"] += frame["n"]


def phase_c_run(state: State, frame: Frame) -> None:
    """Draw up to the hand limit; nothing to discard above it (R1-DRAW-02/03)."""
    state["stack"].pop()
    p = cur(state)
    missing = hand_limit(editions.of(state), p) - len(p["hand"])
    if missing > 0:
        draw_cards(state, p, missing)
    end_turn(state)

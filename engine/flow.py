"""The decision stack: which frame answers which move, and the loop that runs automatic
steps until a player has a decision to make.

Every move answers the decision on top of ``state["stack"]``.  Decision frames list their
moves; automatic frames (income payment, drawing in phase C, ...) run by themselves.  A
decision frame with no possible move is skipped (e.g. a forfeited immediate action).

The one exception (2nd edition): an exchange token used by a seat that is not to move, and
the discards it owes, are that seat's own side decisions (``engine.rules.out_of_turn``),
answered outside the main stack; ``legal_moves`` and ``apply_in_place`` send them there.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import IllegalMove, not_legal
from engine.move_types import Move
from engine.rules import (
    building,
    cattle_market,
    discs,
    exchange,
    kansas_city,
    objectives,
    out_of_turn,
    railroad,
    simmental,
    turn,
)
from engine.state_types import Frame, State

MovesFn = Callable[[State, Frame], list[Move]]
ApplyFn = Callable[[State, Frame, Move], None]

DECISIONS: dict[str, tuple[MovesFn, ApplyFn]] = {
    "first_discard": (turn.discard_moves, turn.discard_apply),  # R2-SETUP-11
    "first": (turn.first_moves, turn.first_apply),
    "phase_a": (turn.phase_a_moves, turn.phase_a_apply),
    "loc": (turn.loc_moves, turn.loc_apply),
    "copy": (turn.copy_moves, turn.copy_apply),
    "once": (turn.once_moves, turn.once_apply),
    "discard": (turn.discard_moves, turn.discard_apply),
    exchange.DISCARD_FRAME: (turn.discard_moves, turn.discard_apply),  # R2-EXCH-02
    "remove": (turn.remove_moves, turn.remove_apply),
    "buy": (cattle_market.buy_frame_moves, cattle_market.buy_frame_apply),
    "place": (building.place_moves, building.place_apply),
    "station": (railroad.station_moves, railroad.station_apply),
    "back39": (railroad.back39_moves, railroad.back39_apply),
    "sm": (railroad.sm_moves, railroad.sm_apply),
    "disc": (discs.disc_moves, discs.disc_apply),
    "gain_objective": (objectives.gain_moves, objectives.gain_apply),
    "kc_foresight": (kansas_city.foresight_moves, kansas_city.foresight_apply),
    "kc_income": (kansas_city.income_moves, kansas_city.income_apply),
    "kc_deliver": (kansas_city.deliver_moves, kansas_city.deliver_apply),
    "xdeliver": (kansas_city.deliver_moves, kansas_city.deliver_apply),
    simmental.UPGRADE_FRAME: (simmental.upgrade_moves, simmental.upgrade_apply),  # R2-SIMM-10
}

AUTOMATIC: dict[str, Callable[[State, Frame], None]] = {
    "phase_c": turn.phase_c_run,
    "effect": turn.effect_run,
    "arrows": kansas_city.arrows_run,
    "transport": kansas_city.transport_run,
    "kc_final": kansas_city.final_run,
    simmental.HAND_DISCARD_FRAME: simmental.hand_discard_run,
}

# Frames before which objective cards may be played (R1-OBJ-04/07).
OBJECTIVE_TIMES = frozenset({"phase_a", "loc", *kansas_city.KC_FRAMES})


def main_moves(state: State) -> list[Move]:
    frame = state["stack"][-1]
    return DECISIONS[frame["t"]][0](state, frame)


def moves_now(state: State) -> list[Move]:
    if state["over"] or not state["stack"]:
        return []
    moves = main_moves(state)
    if state["stack"][-1]["t"] in OBJECTIVE_TIMES:
        moves = moves + objectives.play_moves(state)
    if "exchange_tokens" in state["players"][state["current"]]:  # 2nd edition (R2-EXCH-09)
        moves = moves + exchange.exchange_moves(state, state["current"])
    return moves


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now: its pending side discards first (they block its main
    decision), else the main decision when it is to move, else what it may do out of turn."""
    if state["over"]:
        return []
    if state.get(out_of_turn.SIDE) is not None:
        side = out_of_turn.moves(state, seat) if out_of_turn.valid_seat(state, seat) else None
        if side is not None:
            return side
    if seat == state["current"]:
        return moves_now(state)
    return out_of_turn.token_moves(state, seat)


def advance(state: State) -> None:
    """Run automatic frames and skip impossible decisions until a decision is pending."""
    while not state["over"]:
        if not state["stack"]:
            raise AssertionError("empty decision stack in a running game")
        frame = state["stack"][-1]
        auto = AUTOMATIC.get(frame["t"])
        if auto is not None:
            auto(state, frame)
        elif not main_moves(state):
            state["stack"].pop()
        else:
            return


def apply_in_place(state: State, seat: int, move: object) -> None:
    if state["over"]:
        raise IllegalMove("game_over", "The game is over.")
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad_move", "A move is an object with a 'type'.")
    if out_of_turn.is_side_move(state, seat):
        out_of_turn.apply_in_place(state, seat, move)
    else:
        legal = moves_now(state)
        if move not in legal:
            raise not_legal(move, legal)
        frame = state["stack"][-1]
        state["revealed"] = False
        if move["type"] == "play_objective":
            objectives.play(state, move["card"], in_kansas_city=frame["t"].startswith("kc_"))
        elif move["type"] == "exchange":
            exchange.exchange(state, seat, move["n"])
        else:
            DECISIONS[frame["t"]][1](state, frame, move)
        state["seq"] += 1
    # After a side move too: the hand it changed may leave the main decision without a move.
    advance(state)
    if state["over"]:
        out_of_turn.drop(state)  # R2-EXCH-09: nothing is owed once the game is over

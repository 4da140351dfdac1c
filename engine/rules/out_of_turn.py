"""Exchange tokens used out of turn: the decisions a seat makes outside the main decision
stack (2nd edition; R2-TURN-01, R2-EXCH-03, R2-EXCH-09).

The rulebook lets a player use exchange tokens "at any point in the game - even in the middle
of an action or when it is not your turn" (R2-EXCH-03). In an asynchronous game that becomes:
a seat that is not to move may use a token whenever the game waits for a decision (of any
seat), never once the game is over (R2-EXCH-09). The token's draw and its discards are one
step that belongs to that seat alone, so they are kept apart from the main stack:
``state["side"]`` maps the seat (as a string: the state is JSON) to its own frames, a
``discard`` frame ``{"t": "discard", "n": still to discard, "drawn": cards drawn}``. The key
is absent while no seat has such a step pending, so states of games where nobody uses a token
out of turn have no such key at all.

* The player to move is never blocked by another seat's pending discards.
* A seat with a pending side discard may do nothing else first: ``legal_moves`` lists only
  those discards for it, even when its own turn has begun meanwhile (they come before, and
  block, its main decision), and no other token comes between a token's draw and its
  discards (R2-EXCH-09).
* A seat that is not to move, holds a token and has nothing pending may use one.
* When the game ends, pending side discards are dropped (``drop``): the drawn cards stay in
  the hand, which changes no score (every cattle card a player owns counts wherever it is).

A token used by the seat to move stays on the main stack (``engine.rules.exchange``, frame
``exchange_discard``), so this module only ever serves the seats that are not to move, and
those whose own turn came while their discards were still pending. Both draw the same way
(``exchange.token_moves``, ``exchange.use_token``).
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import IllegalMove, not_legal
from engine.move_types import Move
from engine.rules import exchange, turn
from engine.state import player, side_frames
from engine.state_types import State
from engine.view_types import SideDecision

SIDE: Final = "side"


frames = side_frames  # ``seat``'s pending side frames, top last ([] when none)


def decision(state: State, seat: int) -> SideDecision | None:
    """The public description of ``seat``'s pending side decision: how many cards it still
    has to discard and how many its token drew (never which cards)."""
    pending = frames(state, seat)
    if not pending:
        return None
    frame = pending[-1]
    return {"kind": frame["t"], "n": frame["n"], "drawn": frame["drawn"]}


def valid_seat(state: State, seat: object) -> bool:
    return type(seat) is int and 0 <= seat < state["num_players"]


def moves(state: State, seat: int) -> list[Move] | None:
    """``seat``'s side decisions (its pending discards), or None when it has none."""
    pending = frames(state, seat)
    if not pending:
        return None
    return [{"type": "discard", "card": c} for c in turn.card_choices(state, player(state, seat))]


def token_moves(state: State, seat: int) -> list[Move]:
    """The exchange moves of a seat that is not to move (R2-TURN-01, R2-EXCH-03)."""
    if state["over"] or not valid_seat(state, seat) or seat == state["current"]:
        return []
    return exchange.token_moves(state, player(state, seat))


def legal(state: State, seat: int) -> list[Move]:
    """What ``seat`` may do outside the main stack now: its pending discards if it has any,
    else (not to move) its exchange tokens."""
    if state["over"] or not valid_seat(state, seat):
        return []
    pending = moves(state, seat)
    if pending is not None:
        return pending
    return token_moves(state, seat)


def is_side_move(state: State, seat: object) -> bool:
    """Whether a move of ``seat`` is answered here rather than by the main stack: it is not
    the seat to move, or it has side discards pending."""
    return seat != state["current"] or (valid_seat(state, seat) and bool(frames(state, seat)))


def apply_in_place(state: State, seat: int, move: dict[Any, Any]) -> None:
    """Apply ``seat``'s side move (the caller has checked that the game is running and that
    ``move`` is a move object); IllegalMove, with nothing changed, when it is not legal."""
    legal_now = legal(state, seat)
    if not legal_now:
        raise IllegalMove(
            "not_your_turn",
            f"It is seat {state['current']}'s decision, not seat {seat}'s.",
            current=state["current"],
            seat=seat,
        )
    if move not in legal_now:
        raise not_legal(move, legal_now)
    state["revealed"] = False
    p = player(state, seat)
    if move["type"] == "discard":
        frame = frames(state, seat)[-1]
        p["hand"].remove(move["card"])
        p["discard"].append(move["card"])
        frame["n"] -= 1
        _settle(state, seat)
    else:
        drawn = exchange.use_token(state, p, move["n"])
        if drawn:
            state.setdefault(SIDE, {}).setdefault(str(seat), []).append(
                {"t": "discard", "n": drawn, "drawn": drawn}
            )
    state["seq"] += 1


def _settle(state: State, seat: int) -> None:
    """Pop ``seat``'s side frames that are done; the key goes when nothing is pending."""
    side = state[SIDE]
    pending = side[str(seat)]
    while pending and pending[-1]["n"] <= 0:
        pending.pop()
    if not pending:
        del side[str(seat)]
    if not side:
        del state[SIDE]


def drop(state: State) -> None:
    """The game is over: pending side discards are dropped (no effect on any score)."""
    state.pop(SIDE, None)

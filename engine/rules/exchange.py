"""Exchange tokens of the 2nd edition: using one in turn (R2-EXCH-01..09).

A token may be used at any point (R2-EXCH-03), which the engine turns into decision windows
(R2-EXCH-09): whenever the game waits for a decision of the seat to move, that seat may
also use a token, except between a token's draw and its discards (they form one step).
Using one returns it to the bank, draws up to ``EXCHANGE_DRAW`` cards (the normal reshuffle
rule applies, R2-EXCH-06), then the same number of ``discard`` decisions follow (frame
``exchange_discard``).  Tokens are gained elsewhere (setup, building 12b, the St. Louis -
Bloomington arrow, an outlaw bounty) and are worth nothing at the end (R2-EXCH-07).
"""

from __future__ import annotations

from engine import editions
from engine.move_types import Move
from engine.state import draw_cards, player, push
from engine.state_types import PlayerState, State

DISCARD_FRAME = "exchange_discard"


def token_moves(state: State, p: PlayerState) -> list[Move]:
    """``exchange`` moves for player ``p``'s tokens: one per number of cards it can draw
    (1 or 2); none without a token or with nothing to draw. In turn or out of turn
    (``engine.rules.out_of_turn``) alike."""
    if not p.get("exchange_tokens"):
        return []
    most = min(editions.of(state).player_board.EXCHANGE_DRAW, len(p["draw"]) + len(p["discard"]))
    return [{"type": "exchange", "n": n} for n in range(1, most + 1)]


def exchange_moves(state: State, seat: int) -> list[Move]:
    """``exchange`` moves for ``seat`` (to move) now; none inside a token's own discards."""
    if state["stack"][-1]["t"] == DISCARD_FRAME:
        return []
    return token_moves(state, player(state, seat))


def use_token(state: State, p: PlayerState, n: int) -> int:
    """Return one of ``p``'s tokens to the bank and draw ``n``; how many were drawn."""
    p["exchange_tokens"] = p["exchange_tokens"] - 1
    return draw_cards(state, p, n)


def exchange(state: State, seat: int, n: int) -> None:
    """Use one token: back to the bank, draw ``n``, then discard as many as were drawn."""
    push(state, DISCARD_FRAME, n=use_token(state, player(state, seat), n))

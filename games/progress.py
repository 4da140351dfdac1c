"""How far a game has come, for the lists: the round, and the scores as they stand.

The lobby and "my games" list many games at once, so they cannot replay each one: the
game row keeps this summary (``Game.progress``), brought along by ``ledger.advance`` from
the position every event leads to. It is a cache of the position (a moderator's rollback,
an undo and a rules upgrade rebuild it like a move does), never the truth.

The engine does not count turns, and the rules of the game know no rounds; a round here is
what players of online tables expect: every seat has had a turn. The summary keeps where
each turn began, as (moves applied, seat) pairs: a position reached again by an undo has
fewer moves applied, so the turns that began after it drop out, and a turn that passed to
another seat adds one. Scores are ``engine.scores`` totals: they count only what is on the
table and in each player's whole deck, both public, so any reader may see them.
"""

from __future__ import annotations

from typing import Any

import engine
from engine import State

TURNS = "turns"
SCORES = "scores"


def progress_after(progress: dict[str, Any] | None, state: State) -> dict[str, Any]:
    """The summary after the position ``state``, from the summary before it. The turns are
    counted from the setup on: a game that started before there was a summary keeps none
    (its lists show no round) rather than a wrong one."""
    applied = state["seq"]
    summary: dict[str, Any] = {SCORES: [score["total"] for score in engine.scores(state)]}
    if TURNS in (progress or {}) or applied == 0:
        kept = (progress or {}).get(TURNS, [])
        turns = [(int(moves), int(seat)) for moves, seat in kept if moves <= applied]
        to_move = engine.current_player(state)
        if to_move is not None and (not turns or turns[-1][1] != to_move):
            turns.append((applied, to_move))
        summary[TURNS] = [list(turn) for turn in turns]
    return summary


def round_of(progress: dict[str, Any] | None, players: int) -> int | None:
    """The round now (1 while the first seat to play has had only one turn), or None when
    the game keeps no summary."""
    turns = (progress or {}).get(TURNS)
    if not turns or players < 1:
        return None
    return (len(turns) - 1) // players + 1


def scores_of(progress: dict[str, Any] | None) -> list[int]:
    """The seats' scores as they stand, in seat order ([] when not kept)."""
    return [int(total) for total in (progress or {}).get(SCORES, [])]

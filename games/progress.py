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

from dataclasses import dataclass
from typing import Any

import engine
from engine import State

TURNS = "turns"
SCORES = "scores"
# The attribute a list's statement sets on a game it read with its standing in SQL
# (``games.games_page``), its progress left unread.
STANDING = "standing"


@dataclass(frozen=True)
class Standing:
    """What a list shows of a game in play, which is all it needs of the summary: how many
    turns have begun (None when the game keeps no turns) and the scores. A finished game's
    summary holds every turn it had; a list counts them, it does not decode them."""

    turns: int | None
    scores: list[int]

    def round(self, players: int) -> int | None:
        """The round now (1 while the first seat to play has had only one turn), or None
        when the game keeps no turns."""
        if not self.turns or players < 1:
            return None
        return (self.turns - 1) // players + 1


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


def standing_of(progress: dict[str, Any] | None) -> Standing:
    """The standing a summary gives."""
    turns = (progress or {}).get(TURNS)
    return Standing(turns=None if turns is None else len(turns), scores=scores_of(progress))


def standing(game: Any) -> Standing:
    """What the lists show of ``game``: the standing its list's statement read (``STANDING``),
    or else the one its progress gives (which reads the progress if it was deferred)."""
    read = game.__dict__.get(STANDING)
    return read if isinstance(read, Standing) else standing_of(game.progress)


def scores_of(progress: dict[str, Any] | None) -> list[int]:
    """The seats' scores as they stand, in seat order ([] when not kept)."""
    return [int(total) for total in (progress or {}).get(SCORES, [])]

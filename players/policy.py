"""What a finished game counts for in the ratings: the policy of docs/ratings.md, as code.

Pure functions over a game's row and seats, so the update after each game and the rebuild
read a game the same way. In short: only ``finished`` games created rated count (abandoned
ones never do); only people are ranked (bots are left out, and the people keep their order
among themselves); a person who left the game before its end (resigned, or replaced by a bot
after a timeout or by a moderator, and not restored) shares the last place; the others are
placed by final score, and equal scores share a place; a game with fewer than two people
ranked does not count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.models import Game, GameStatus, Seat, SeatStatus

MIN_PEOPLE = 2


@dataclass(frozen=True)
class Placement:
    user_id: int
    seat: int
    place: int  # 1 = first; tied players share a place (1, 1, 3)
    left: bool  # left the game before its end: placed last


def left_the_game(seat: Seat) -> bool:
    """A person's seat that a bot played at the end: resigned, or replaced after a timeout
    or by a moderator (a seat a moderator restored is the person's again)."""
    return seat.status == SeatStatus.RESIGNED or bool(seat.bot)


def placements(game: Game, seats: Sequence[Seat]) -> list[Placement] | None:
    """The people's places in ``game`` if it counts for the ratings, else None."""
    if not game.rated:
        return None
    ranked = ranking(game, seats)
    return ranked if ranked is not None and len(ranked) >= MIN_PEOPLE else None


def ranking(game: Game, seats: Sequence[Seat]) -> list[Placement] | None:
    """The people's places in a finished game by the rules above (rated or not: the
    profiles' head-to-head reads unrated games the same way), or None for a game that did
    not finish."""
    if game.status != GameStatus.FINISHED or not game.result:
        return None
    people = [seat for seat in seats if seat.user_id is not None]
    stayed = [seat for seat in people if not left_the_game(seat)]
    strength = _strengths(game.result)
    ranked = sorted(stayed, key=lambda seat: (-strength.get(seat.index, 0), seat.index))
    result: list[Placement] = []
    for seat in ranked:
        better = sum(1 for o in stayed if strength.get(o.index, 0) > strength.get(seat.index, 0))
        assert seat.user_id is not None
        result.append(Placement(seat.user_id, seat.index, 1 + better, left=False))
    for seat in sorted(people, key=lambda s: s.index):
        if left_the_game(seat):
            assert seat.user_id is not None
            result.append(Placement(seat.user_id, seat.index, 1 + len(stayed), left=True))
    return result


def _strengths(result: dict[str, Any]) -> dict[int, int]:
    """What orders the seats that stayed: the final totals when the game was scored, else
    (a two-player game ended by a resignation) its winners before the others."""
    scores = result.get("scores")
    if isinstance(scores, list) and scores:
        return {i: int(score.get("total", 0)) for i, score in enumerate(scores)}
    return dict.fromkeys(result.get("winners") or [], 1)


def final_scores(game: Game) -> list[dict[str, Any]] | None:
    """The engine's final scores per seat ({"total", "categories"}), when the game has them."""
    scores = (game.result or {}).get("scores")
    return scores if isinstance(scores, list) and scores else None

"""What a finished game counts for in the ratings: the policy of docs/ratings.md, as code.

Pure functions over a game's row and seats, so the update after each game and the rebuild
read a game the same way. In short: only games created rated count, when ``finished``, or
abandoned because a player's time ran out (the late player's loss: letting the clock run
is no way out of a rated game; any other abandoned game never counts); only people are
ranked (bots are left out, and the people keep their order among themselves); a person who
left the game before its end (resigned, or replaced by a bot after a timeout or by a
moderator, and not restored) shares the last place with the late player; the others are
placed by final score, and equal scores share a place (a game abandoned on a timeout has no
scores: the others share the first place); a game with fewer than two people ranked does
not count.

Seats that changed hands (``games.services.substitutes``) count per stint: whoever handed
their seat over left the game (the last place, as a resignation); the substitute who holds
the seat at the end is placed by the seat's final result when they made at least
``SUBSTITUTE_MIN_SHARE`` of its decisions, and is not ranked otherwise (the game is then
mostly someone else's); the bot's stretches between them are nobody's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.models import Game, GameStatus, Seat, SeatStatus

MIN_PEOPLE = 2
# The reasons of an abandoned game's result that a player's clock gave (games.timecontrol:
# the ``abandon`` policy, or no other person left to play on; a suspended player's turn).
TIMEOUT_REASONS = frozenset({"timeout", "suspended"})
# A substitute is ranked by their seat's result when they made at least this share of its
# decisions (the bot's included in the whole).
SUBSTITUTE_MIN_SHARE = 1 / 3


@dataclass(frozen=True)
class StintFacts:
    """What the policy reads of a stint (``games.stints``): who, which seat, whether they
    handed it over, and their share of the seat's decisions (0.0 to 1.0)."""

    user_id: int
    seat: int
    handed_over: bool
    share: float


@dataclass(frozen=True)
class Placement:
    user_id: int
    seat: int
    place: int  # 1 = first; tied players share a place (1, 1, 3)
    left: bool  # left the game before its end: placed last


def left_the_game(seat: Seat) -> bool:
    """A person's seat that a bot played at the end: resigned, or replaced after a timeout
    or by a moderator (a seat a moderator restored is the person's again)."""
    return seat_left(seat.status, seat.bot)


def seat_left(status: str, bot: str) -> bool:
    """``left_the_game`` of a seat read as its two columns."""
    return status == SeatStatus.RESIGNED or bool(bot)


def placements(
    game: Game, seats: Sequence[Seat], stints: Sequence[StintFacts] = ()
) -> list[Placement] | None:
    """The people's places in ``game`` if it counts for the ratings, else None."""
    if not game.rated:
        return None
    ranked = ranking(game, seats, stints)
    return ranked if ranked is not None and len(ranked) >= MIN_PEOPLE else None


def ranking(
    game: Game, seats: Sequence[Seat], stints: Sequence[StintFacts] = ()
) -> list[Placement] | None:
    """The people's places in a game over by the rules above (rated or not: the profiles'
    head-to-head reads unrated games the same way), or None for a game that does not rank
    its players (not over, or abandoned for another reason than a timeout). ``stints``: the
    game's seats that changed hands (none: every seat was its first player's throughout)."""
    result = game.result or {}
    late: int | None = None
    if game.status == GameStatus.ABANDONED and result.get("reason") in TIMEOUT_REASONS:
        late = result.get("seat")
    elif game.status != GameStatus.FINISHED or not result:
        return None
    # A substitute holding the seat at the end with too small a share is not ranked.
    unrated = {
        (stint.seat, stint.user_id)
        for stint in stints
        if not stint.handed_over and stint.share < SUBSTITUTE_MIN_SHARE
    }
    people = [
        seat
        for seat in seats
        if seat.user_id is not None and (seat.index, seat.user_id) not in unrated
    ]
    leavers = [stint for stint in stints if stint.handed_over]

    def out(seat: Seat) -> bool:
        return seat.index == late or left_the_game(seat)

    stayed = [seat for seat in people if not out(seat)]
    if late is not None and not stayed:
        return None  # nobody played on: nothing to rank
    strength = _strengths(result)
    ranked = sorted(stayed, key=lambda seat: (-strength.get(seat.index, 0), seat.index))
    places: list[Placement] = []
    for seat in ranked:
        better = sum(1 for o in stayed if strength.get(o.index, 0) > strength.get(seat.index, 0))
        assert seat.user_id is not None
        places.append(Placement(seat.user_id, seat.index, 1 + better, left=False))
    for seat in sorted(people, key=lambda s: s.index):
        if out(seat):
            assert seat.user_id is not None
            places.append(Placement(seat.user_id, seat.index, 1 + len(stayed), left=True))
    for stint in sorted(leavers, key=lambda s: (s.seat, s.user_id)):
        places.append(Placement(stint.user_id, stint.seat, 1 + len(stayed), left=True))
    return places


def _strengths(result: dict[str, Any]) -> dict[int, int]:
    """What orders the seats that stayed: the final totals when the game was scored, else
    (a two-player game ended by a resignation) its winners before the others (none: a game
    abandoned on a timeout, where they all share the first place)."""
    scores = result.get("scores")
    if isinstance(scores, list) and scores:
        return {i: int(score.get("total", 0)) for i, score in enumerate(scores)}
    return dict.fromkeys(result.get("winners") or [], 1)


def final_scores(game: Game) -> list[dict[str, Any]] | None:
    """The engine's final scores per seat ({"total", "categories"}), when the game has them."""
    return scores_of(game.result)


def scores_of(result: dict[str, Any] | None) -> list[dict[str, Any]] | None:
    """``final_scores`` of a game's ``result`` read as a column."""
    scores = (result or {}).get("scores")
    return scores if isinstance(scores, list) and scores else None

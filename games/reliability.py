"""A fair reliability signal: how often a person finishes the games they start, and how fast
they answer, counting only their waking hours and not their vacation.

Shown next to their name where people choose whom to play with (the lobby, the waiting
room, the API), and a game's creator may make it a join condition ("players who finish
90 %": ``Game.min_finished_percent``).

* **Games finished**: of the games they sat in that started and ended, the share they played
  to the end. A game counts against them when they left it (resigned, or a bot played their
  seat at the end: ``players.policy`` reads a game the same way), when they handed their
  seat over to a substitute (``games.services.substitutes``: a ``Stint`` they ended), or
  when it was abandoned because their own clock ran out; a game a moderator abandoned, or
  that ended on another player's clock, does not count against them. A substitute who held
  the seat to the end finished the game, however late they came.
* **Median response time**: over their last ``RESPONSES_READ`` turns (``TurnTime``, written
  as each turn passes on: their waking time, outside the game's quiet hours or else the
  usual night in their own time zone, less the vacation the turn used).

A person with no ended game yet has no share: nobody is refused for being new.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from common.errors import ConflictError
from common.timefmt import duration_text
from games.models import Game, GameStatus, Seat, SeatStatus, Stint, TurnTime

RESPONSES_READ = 100
GAMES_READ = 200
# The reasons of an abandoned game's result that the late seat's clock gave.
CLOCK_REASONS = frozenset({"timeout", "suspended"})


@dataclass(frozen=True)
class Reliability:
    games: int  # ended games that count
    finished: int  # of them, played to the end
    median_seconds: int | None  # None: no turn recorded yet

    @property
    def percent(self) -> int | None:
        """The share finished, rounded down (a join condition is never met by rounding)."""
        return None if not self.games else self.finished * 100 // self.games

    def text(self) -> str:
        """'finishes 92 % · answers in 3 hours', or 'new player'."""
        parts = []
        if self.percent is not None:
            parts.append(_("finishes %(percent)d %%") % {"percent": self.percent})
        if self.median_seconds is not None:
            parts.append(_("answers in %(time)s") % {"time": duration_text(self.median_seconds)})
        return " · ".join(parts) or _("new player")


def _left(seat: Seat, game: Game) -> bool:
    result = game.result or {}
    late = (
        game.status == GameStatus.ABANDONED
        and result.get("reason") in CLOCK_REASONS
        and result.get("seat") == seat.index
    )
    return late or seat.status == SeatStatus.RESIGNED or bool(seat.bot)


def _newest_first(run: tuple[Any, bool]) -> tuple[bool, Any]:
    finished_at = run[0]
    return (finished_at is None, -finished_at.timestamp() if finished_at else 0)


def reliability_of(user_ids: Iterable[int]) -> dict[int, Reliability]:
    """Each person's signal, in two queries whatever their number."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    game_ended = Q(game__status=GameStatus.FINISHED) | Q(
        game__status=GameStatus.ABANDONED, game__result__reason__in=list(CLOCK_REASONS)
    )
    ended = (
        Seat.objects.filter(user_id__in=ids, game__started_at__isnull=False)
        .filter(game_ended)
        .select_related("game")
        .only("index", "status", "bot", "user_id", "game__status", "game__result")
        .order_by("user_id", "-game__finished_at")
    )
    # Per person, their ended games newest first: (finished_at, played to the end).
    runs: dict[int, list[tuple[Any, bool]]] = {pk: [] for pk in ids}
    for seat in ended:
        assert seat.user_id is not None
        runs[seat.user_id].append((seat.game.finished_at, not _left(seat, seat.game)))
    handed_over = (
        Stint.objects.filter(user_id__in=ids, ended_seq__isnull=False)
        .filter(game_ended)
        .values_list("user_id", "game__finished_at")
        .distinct()
    )
    for user_id, finished_at in handed_over:
        runs[user_id].append((finished_at, False))
    counted: dict[int, list[bool]] = {
        pk: [done for _, done in sorted(rows, key=_newest_first)[:GAMES_READ]]
        for pk, rows in runs.items()
    }
    times: dict[int, list[int]] = {pk: [] for pk in ids}
    for user_id, seconds in (
        TurnTime.objects.filter(user_id__in=ids)
        .order_by("user_id", "-ended_at")
        .values_list("user_id", "seconds")
    ):
        if len(times[user_id]) < RESPONSES_READ:
            times[user_id].append(seconds)
    return {
        pk: Reliability(
            games=len(counted[pk]),
            finished=sum(counted[pk]),
            median_seconds=int(median(times[pk])) if times[pk] else None,
        )
        for pk in ids
    }


def join_condition_check(game: Game, user_id: int) -> None:
    """Refuse a join by someone below the game's ``min_finished_percent``, saying why."""
    wanted = game.min_finished_percent
    if not wanted:
        return
    signal = reliability_of([user_id])[user_id]
    if signal.percent is not None and signal.percent < wanted:
        raise ConflictError(
            "below_join_condition",
            _(
                "This game is for players who finish at least %(wanted)d %% of their games; "
                "you have finished %(finished)d of %(games)d (%(percent)d %%)."
            )
            % {
                "wanted": wanted,
                "finished": signal.finished,
                "games": signal.games,
                "percent": signal.percent,
            },
        )

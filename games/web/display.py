"""How the lobby pages describe a game: seats, status and whose turn it is, in words.

Kept apart from the views so that the list pages and the waiting room say the same thing,
and times are always shown in the reader's own time zone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.choices import choice_label
from common.timefmt import duration_text, when, zone
from games import progress
from games.models import Game, GameStatus, Seat, SeatStatus, bot_strength
from games.reliability import reliability_of
from games.terms import names as term_names


@dataclass(frozen=True)
class SeatLine:
    index: int
    colour: str
    name: str
    is_you: bool
    is_free: bool
    score: int | None = None  # points as they stand, while the game runs
    reliability: str = ""  # "finishes 92 % · answers in 3 hours" (games.reliability)


@dataclass(frozen=True)
class GameRow:
    game: Game
    seats: list[SeatLine]
    status: str
    your_turn: bool
    turn: str = ""  # whose decision it is, e.g. "Your turn" or "bob (red) to play"
    waiting_for: str = ""  # for how long, e.g. "3 hours 5 minutes"
    since: str = ""  # when that turn began, in the reader's time zone
    deadline: str = ""  # when it runs out, if the game has a turn time limit
    result: str = ""
    round: int | None = None  # every seat has had a turn: a round (games.progress)

    @property
    def title(self) -> str:
        """The game's name (given, or built from its players)."""
        return self.game.title

    @property
    def clock(self) -> str:
        """The game's whole clock in words (``time_control_text``)."""
        return time_control_text(self.game)

    @property
    def players_text(self) -> str:
        return ", ".join(seat.name for seat in self.seats)

    @property
    def seated(self) -> bool:
        """The reader has a seat in this game."""
        return any(seat.is_you for seat in self.seats)


@dataclass
class MyGames:
    waiting: list[GameRow] = field(default_factory=list)
    active: list[GameRow] = field(default_factory=list)
    open: list[GameRow] = field(default_factory=list)
    finished: list[GameRow] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.waiting or self.active or self.open or self.finished)


def seat_name(seat: Seat, viewer_id: int | None = None) -> str:
    if seat.seeking_substitute:
        return _("seeking a substitute (a bot plays meanwhile)")
    if seat.user and seat.bot:
        return _("%(name)s (replaced by a bot)") % {"name": seat.user.get_username()}
    if seat.user:
        name = seat.user.get_username()
        if seat.status == SeatStatus.RESIGNED:
            name = _("%(name)s (resigned)") % {"name": name}
        return _("%(name)s (you)") % {"name": name} if seat.user_id == viewer_id else name
    if seat.bot:
        return _("%(strength)s bot") % {"strength": bot_strength(seat.bot)}
    return _("free seat")


def seat_lines(game: Game, viewer: User | AnonymousUser | None) -> list[SeatLine]:
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    return [
        SeatLine(
            index=seat.index,
            colour=seat.colour,
            name=seat_name(seat, viewer_id),
            is_you=viewer_id is not None and seat.user_id == viewer_id,
            is_free=not seat.is_filled,
        )
        for seat in game.seats.all()
    ]


def with_reliability(rows: list[GameRow]) -> list[GameRow]:
    """The rows with each person's reliability signal beside their name (two queries in
    all), where people choose whom to play with."""
    users = {seat.user_id for row in rows for seat in row.game.seats.all() if seat.user_id}
    signals = reliability_of(users)
    result = []
    for row in rows:
        by_index = {seat.index: seat.user_id for seat in row.game.seats.all()}
        lines = [
            replace(line, reliability=signals[user_id].text())
            if (user_id := by_index.get(line.index)) in signals
            else line
            for line in row.seats
        ]
        result.append(replace(row, seats=lines))
    return result


def game_row(game: Game, viewer: User, *, tz_name: str, now: datetime | None = None) -> GameRow:
    now = now or timezone.now()
    tz = zone(tz_name)
    seats = seat_lines(game, viewer)
    your_turn = bool(getattr(game, "your_turn", False))
    status = choice_label(GameStatus, game.status)
    row = GameRow(game=game, seats=seats, status=status, your_turn=your_turn)
    if game.status in (GameStatus.ACTIVE, GameStatus.PAUSED) and game.current_seat is not None:
        standing = progress.standing(game)
        scores = standing.scores
        if len(scores) == len(seats):
            seats = [replace(seat, score=scores[seat.index]) for seat in seats]
        to_move = next((s for s in seats if s.index == game.current_seat), None)
        if to_move is None:
            turn = ""
        elif to_move.is_you:
            turn = _("Your turn")
        else:
            turn = _("%(name)s (%(colour)s) to play") % {
                "name": to_move.name,
                "colour": term_names.colour_name(to_move.colour),
            }
        waiting = duration_text((now - game.turn_since).total_seconds()) if game.turn_since else ""
        return GameRow(
            game=game,
            seats=seats,
            status=status,
            your_turn=your_turn,
            turn=turn,
            waiting_for=waiting,
            since=when(game.turn_since, tz),
            deadline=when(game.turn_deadline, tz),
            round=standing.round(game.players),
        )
    if game.is_over:
        return GameRow(
            game=game,
            seats=seats,
            status=status,
            your_turn=False,
            since=when(game.finished_at, tz),
            result=result_text(game),
        )
    return row


def _deadline_order(game: Game, now: datetime) -> tuple[bool, datetime, datetime]:
    return (
        game.turn_deadline is None,
        game.turn_deadline or now,
        game.turn_since or now,
    )


def time_control_text(game: Game) -> str:
    """'turn time limit 3 days, then a bot plays that turn; 2 vacation days each; time bank
    2 days each, plus 4 hours per turn; quiet hours 23:00-07:00 and weekends off, in each
    player's own time zone': the whole clock, before anyone joins."""
    if game.turn_time_limit is None:
        text = _("no turn time limit")
    else:
        text = _("turn time limit %(limit)s, then %(policy)s") % {
            "limit": duration_text(game.turn_time_limit.total_seconds()),
            "policy": game.get_timeout_policy_display(),
        }
    if game.vacation_days:
        days = game.vacation_days
        text += ngettext("; %(days)d vacation day each", "; %(days)d vacation days each", days) % {
            "days": days
        }
    if game.bank_days:
        text += ngettext(
            "; time bank %(days)d day each", "; time bank %(days)d days each", game.bank_days
        ) % {"days": game.bank_days}
        if game.bank_per_turn:
            text += _(", plus %(extra)s per turn") % {
                "extra": duration_text(game.bank_per_turn.total_seconds())
            }
    quiet = game.quiet_start is not None and game.quiet_end is not None
    if game.min_finished_percent:
        text += _("; for players who finish %(percent)d %% of their games") % {
            "percent": game.min_finished_percent
        }
    if quiet or game.weekend_pause:
        parts = []
        if quiet:
            parts.append(
                _("quiet hours %(start)02d:00-%(end)02d:00")
                % {"start": game.quiet_start, "end": game.quiet_end}
            )
        if game.weekend_pause:
            parts.append(_("weekends off"))
        text += _("; %(rules)s, in each player's own time zone") % {"rules": _(" and ").join(parts)}
    return text


def result_text(game: Game) -> str:
    """'alice won with 92 points' from the stored result, when there is one."""
    result = game.result or {}
    scores = result.get("scores") or result.get("final_scores")
    winners = result.get("winners")
    if not isinstance(scores, list) or not scores:
        return str(result.get("reason", "")) if isinstance(result.get("reason"), str) else ""
    seats = {seat.index: seat for seat in game.seats.all()}
    names = []
    for index in winners if isinstance(winners, list) else []:
        seat = seats.get(index)
        if seat is not None:
            names.append(seat_name(seat))
    best = max(_total(score) for score in scores)
    if not names:
        return _("best score %(best)d") % {"best": best}
    return _("%(winners)s won with %(best)d points") % {
        "winners": joined(names),
        "best": best,
    }


def joined(words: list[str]) -> str:
    """'ann', 'ann and ben', 'ann, ben and cleo' in the active language."""
    if len(words) <= 1:
        return "".join(words)
    return _("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _total(score: object) -> int:
    if isinstance(score, dict):
        return int(score.get("total", 0))
    return int(score) if isinstance(score, int | float) else 0


def my_games(games: Iterable[Game], viewer: User, *, tz_name: str) -> MyGames:
    """The user's games (a page of them) in the order a player wants them: their turn first,
    then the rest."""
    now = timezone.now()
    grouped = MyGames()
    for game in games:
        row = game_row(game, viewer, tz_name=tz_name, now=now)
        if row.your_turn:
            grouped.waiting.append(row)
        elif game.status in (GameStatus.ACTIVE, GameStatus.PAUSED):
            grouped.active.append(row)
        elif game.status == GameStatus.OPEN:
            grouped.open.append(row)
        else:
            grouped.finished.append(row)
    # The nearest deadline first (no deadline last), then the one that has waited longest:
    # the order of games.selectors.waiting_games, which the "next game" link follows.
    for rows in (grouped.waiting, grouped.active):
        rows.sort(key=lambda row: _deadline_order(row.game, now))
    grouped.finished.sort(key=lambda row: row.game.finished_at or now, reverse=True)
    return grouped

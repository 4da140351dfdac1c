"""The mover's clock in words, for the emails sent while it is their turn: how much time is
left (this turn's time, then their time bank) and when it stops (their quiet hours and
weekends, on their own wall clock).

Written when the email is rendered (``notifications.emails``), in its reader's language and
from the game as it is then: an email held back during the night says what is left in the
morning. The time left is counted as the clock counts it, in the mover's waking time
(``common.waking_time``), so "5 hours left" means five of their waking hours however many
nights lie before the deadline.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext

from common.timefmt import duration_text, zone
from common.waking_time import waking_time
from games.models import Game, GameStatus, Seat

ZERO = timedelta(0)


def clock_lines(game: Game, seat_index: object, now: datetime) -> list[str]:
    """The lines about ``seat_index``'s clock in ``game`` now: none when it is not that seat's
    turn or the turn has no deadline."""
    if (
        game.status != GameStatus.ACTIVE
        or game.turn_deadline is None
        or not isinstance(seat_index, int)
        or game.current_seat != seat_index
    ):
        return []
    seat = Seat.objects.filter(game=game, index=seat_index).first()
    if seat is None or seat.bot:
        return []
    rules, tz = game.clock_rules, zone(seat.time_zone)
    if game.turn_deadline <= now:
        left = ZERO
    elif rules.stops:
        left = waking_time(now, game.turn_deadline, rules, tz)
    else:
        left = game.turn_deadline - now
    lines = [_time_left(game, seat, left)]
    if rules.stops:
        lines.append(_stops(game, tz.key))
    return lines


def _time_left(game: Game, seat: Seat, left: timedelta) -> str:
    """'12 hours left: 3 hours of this turn's time, then 9 hours of your time bank.'"""
    if not game.has_time_bank:
        return gettext("Your clock: %(left)s left for this turn.") % {
            "left": duration_text(left.total_seconds())
        }
    bank = min(seat.bank_left, left)
    turn = left - bank
    if turn <= ZERO:
        return gettext("Your clock: %(left)s left, all of it from your time bank.") % {
            "left": duration_text(left.total_seconds())
        }
    return gettext(
        "Your clock: %(left)s left: %(turn)s of this turn's time, then %(bank)s of your time bank."
    ) % {
        "left": duration_text(left.total_seconds()),
        "turn": duration_text(turn.total_seconds()),
        "bank": duration_text(bank.total_seconds()) if bank > ZERO else gettext("nothing"),
    }


def _stops(game: Game, zone_name: str) -> str:
    """When the clock stops, on the mover's own wall clock."""
    words = {"start": game.quiet_start, "end": game.quiet_end, "zone": zone_name}
    quiet = game.quiet_start is not None and game.quiet_end is not None
    if quiet and game.weekend_pause:
        text = gettext(
            "It stops during your quiet hours, %(start)02d:00 to %(end)02d:00, and on "
            "Saturdays and Sundays, in your time zone (%(zone)s)."
        )
    elif quiet:
        text = gettext(
            "It stops during your quiet hours, %(start)02d:00 to %(end)02d:00 in your time "
            "zone (%(zone)s)."
        )
    else:
        text = gettext("It stops on Saturdays and Sundays in your time zone (%(zone)s).")
    return text % words

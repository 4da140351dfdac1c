"""Reading a reply's lines as moves: option numbers become notations.

A line may be a notation ("move B-2", forgiving case and spaces: ``engine.parse_move``), an
option number as the email showed it ("3", "3.", "#3", "(3)"), or both ("3. move B-2": the
notation counts, the number is what a copied line carries along). A number means the option
with that number in the list of legal moves of the decision at hand *in the position the
email was sent for*: the lines are played through on that position, so a number on a later
line refers to the decision that the earlier lines lead to (the same numbering a
confirmation email shows). The notations found here are then submitted as one batch
against the game as it is now.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

import engine
from games.services import BatchLineError
from notifications import reply_words

_NUMBER = re.compile(r"^[(#]?\s*(\d{1,3})\s*[.):]?(?:\s+(?P<rest>\S.*))?$")
# What an email's option line has after the notation: the game page's words and the price,
# "  (Build building 1a (1 VP); $2, 1 craftsman)" in the text version, " \u2013 Build ..." in
# the HTML one. No notation has two spaces before a "(" or an en dash, so a line copied
# whole still counts by its notation.
_AFTER_NOTATION = re.compile(r"\s{2,}\(.*$|\s+\u2013\s.*$")


_PLAN = re.compile(r"^plan\s*:\s*(?P<rest>.*)$", re.IGNORECASE)


def plan_lines(lines: list[str]) -> list[str] | None:
    """The moves of a reply that plans the player's next turn, or None for any other reply.

    A planning reply's first line starts with ``PLAN:``; each of its lines is ``PLAN:`` and
    one or more moves' notations separated by ";" (the same notation as any reply; option
    numbers mean nothing here, there is no list they refer to). ``PLAN: cancel`` (or ``PLAN:``
    alone) cancels the plan: no move."""
    if not lines or _PLAN.match(lines[0]) is None:
        return None
    moves: list[str] = []
    for line in lines:
        match = _PLAN.match(line)
        rest = match["rest"] if match is not None else line
        moves += [_AFTER_NOTATION.sub("", part.strip()) for part in rest.split(";") if part.strip()]
    if [m.lower() for m in moves] == ["cancel"]:
        return []
    return moves


def split_number(line: str) -> tuple[int | None, str]:
    """(option number or None, the notation written on the line or '')."""
    line = _AFTER_NOTATION.sub("", line.strip())
    match = _NUMBER.match(line)
    if match is None:
        return None, line
    return int(match[1]), (match["rest"] or "").strip()


def resolve(state: Any, seat: int, lines: list[str]) -> list[str]:
    """The notation of every line, numbers read against ``state`` (the email's position).

    Raises BatchLineError for a number that names no option.
    """
    notations: list[str] = []
    current = state  # None once a line does not fit the emailed position
    for index, line in enumerate(lines):
        number, text = split_number(line)
        text = reply_words.to_notation(text) if text else text
        if not text:
            if current is None:
                raise BatchLineError(
                    index=index,
                    line=line,
                    code="option_unknown",
                    reason=_(
                        "an option number can only follow lines that are legal in the "
                        "position the email showed: write the move itself."
                    ),
                )
            moves = engine.legal_moves(current, seat)
            if not moves:
                raise BatchLineError(
                    index=index,
                    line=line,
                    code="no_options",
                    reason=_("you have no decision to make at this point."),
                )
            if number is None or not 1 <= number <= len(moves):
                raise BatchLineError(
                    index=index,
                    line=line,
                    code="no_such_option",
                    reason=_("there is no option %(number)s: the options are 1 to %(last)d.")
                    % {"number": number, "last": len(moves)},
                )
            text = engine.describe(current, seat, moves[number - 1])
        notations.append(text)
        if current is not None:
            try:
                current = engine.apply(current, seat, engine.parse_move(current, seat, text))
            except engine.IllegalMove:
                current = None
    return notations

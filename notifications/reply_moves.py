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

import engine
from games.services import BatchLineError

_NUMBER = re.compile(r"^[(#]?\s*(\d{1,3})\s*[.):]?(?:\s+(?P<rest>\S.*))?$")


def split_number(line: str) -> tuple[int | None, str]:
    """(option number or None, the notation written on the line or '')."""
    match = _NUMBER.match(line.strip())
    if match is None:
        return None, line.strip()
    return int(match[1]), (match["rest"] or "").strip()


def resolve(state: Any, seat: int, lines: list[str]) -> list[str]:
    """The notation of every line, numbers read against ``state`` (the email's position).

    Raises BatchLineError for a number that names no option.
    """
    notations: list[str] = []
    current = state  # None once a line does not fit the emailed position
    for index, line in enumerate(lines):
        number, text = split_number(line)
        if not text:
            if current is None:
                raise BatchLineError(
                    index=index,
                    line=line,
                    code="option_unknown",
                    reason="an option number can only follow lines that are legal in the "
                    "position the email showed: write the move itself.",
                )
            moves = engine.legal_moves(current, seat)
            if not moves:
                raise BatchLineError(
                    index=index,
                    line=line,
                    code="no_options",
                    reason="you have no decision to make at this point.",
                )
            if number is None or not 1 <= number <= len(moves):
                raise BatchLineError(
                    index=index,
                    line=line,
                    code="no_such_option",
                    reason=f"there is no option {number}: the options are 1 to {len(moves)}.",
                )
            text = engine.describe(current, seat, moves[number - 1])
        notations.append(text)
        if current is not None:
            try:
                current = engine.apply(current, seat, engine.parse_move(current, seat, text))
            except engine.IllegalMove:
                current = None
    return notations

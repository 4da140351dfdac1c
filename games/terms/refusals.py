"""The engine's refusals of a move in the reader's language.

The engine speaks English only (``engine.IllegalMove``: a code, an English sentence and the
details it was made from). The pages, the API and the answers to email replies say the same
sentence in the reader's language from the code and the details; the code stays the
engine's. A refusal this table does not know (a code added to the engine since) is said with
the general sentence rather than in English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext

import engine

Details = Mapping[str, str | int]

# code -> the sentence for the details the engine gave; each returns None when the
# details are not the ones its sentence needs.
_SENTENCES: Mapping[str, Callable[[Details], str | None]] = {
    "game_over": lambda d: gettext("The game is over."),
    "bad_move": lambda d: gettext("A move is an object with a 'type'."),
    "bad_notation": lambda d: gettext("Write a move, e.g. 'move B' or 'end'."),
    "no_moves": lambda d: gettext("No move is possible now."),
    "not_your_turn": lambda d: (
        gettext("It is seat %(current)s's decision, not seat %(seat)s's.") % d
        if {"current", "seat"} <= d.keys()
        else gettext("Seat %(seat)s has no decision to make now.") % d
        if "seat" in d
        else gettext("It is not this seat's decision now.")
    ),
    "illegal_move": lambda d: (
        gettext("A %(type)s move is not possible now; possible moves are of type: %(kinds)s.") % d
        if {"type", "kinds"} <= d.keys()
        else gettext("That %(type)s move is not legal now (%(count)s such moves are).") % d
        if {"type", "count"} <= d.keys()
        else None
    ),
    "ambiguous_move": lambda d: (
        gettext("%(text)s has several routes: %(options)s.") % d
        if {"text", "options"} <= d.keys()
        else None
    ),
    "unknown_move": lambda d: (
        gettext("%(text)s is not a legal move now. Legal moves: %(moves)s") % d
        if {"text", "moves"} <= d.keys()
        else None
    ),
}


def refusal_text(refusal: engine.IllegalMove) -> str:
    """What ``refusal`` says, in the active language."""
    sentence = _SENTENCES.get(refusal.code)
    text = sentence(refusal.details) if sentence is not None else None
    return text if text is not None else not_legal_now()


def not_legal_now() -> str:
    """The general refusal: for input the engine could not even read as a move."""
    return gettext("This is not a legal move now.")

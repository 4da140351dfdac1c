"""A move as the game log tells it afterwards, with its amounts: "delivered to Wichita: +$5,
-$1 transport", "hired a builder for $7 (job market row 3)", "bought Holstein (value 3,
1 VP) for $6".

The line is written once, when the move is played (``games.ledger`` gives the event the
number of the line, stored once for every move that reads the same: ``games.journal_store``),
from the mover's view before the move, the move's price and
the money the mover had before and after it: a journal never replays a game to be read.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from engine import Move, Price
from games.terms import names
from games.terms.choices import choice_words
from games.terms.places import View, money, plural, worker_name


def journal_lines(
    view: View, move: Move, price: Price, money_change: int
) -> tuple[str, dict[str, str]]:
    """The log's line in English (the source language), and in each other language of the
    site: what a ``JournalLine`` keeps (``games.journal_store``)."""
    with translation.override("en"):
        english = journal_line(view, move, price, money_change)
    others: dict[str, str] = {}
    for code, _name in settings.LANGUAGES:
        if code != "en":
            with translation.override(code):
                others[code] = spoken_line(view, move, price, money_change)
    return english, others


# A button speaks to its player ("your engine"); the log speaks of them. The words of the
# other languages that change (the English line replaces "your " with "their ").
_OF_THEM: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (("votre locomotive", "sa locomotive"), ("votre ", "son "), ("vos ", "ses ")),
}


def spoken_line(view: View, move: Move, price: Price, money_change: int) -> str:
    """The log's line in the active language other than English: the button's words, said
    of the mover, with what the move made or cost when the words do not say it."""
    words = choice_words({**view, "viewer": None}, move, price)
    for mine, theirs in _OF_THEM.get(translation.get_language() or "", ()):
        words = words.replace(mine, theirs)
    if move["type"] == "deliver":
        return gettext("delivered to %(words)s") % {"words": words}
    if move["type"] == "income":
        return gettext("%(words)s: %(money)s") % {"words": words, "money": money(money_change)}
    if move["type"] == "buy" or (move["type"] == "action" and move.get("id") == "build"):
        return words
    if money_change and f"${abs(money_change)}" not in words:
        return f"{words} ({money(money_change)})"
    return words


def journal_line(view: View, move: Move, price: Price, money_change: int) -> str:
    """What the log says of ``move`` (``view``: the mover's view before it; ``money_change``:
    the mover's money after it less before it)."""
    kind = move["type"]
    # The log is read by everyone: places are named for all ("blue's building 1a"), not as
    # the mover's view would ("your building 1a"), and the mover is "they".
    words = choice_words({**view, "viewer": None}, move, price).replace("your ", "their ")
    if kind == "deliver":
        return f"delivered to {words}"
    if kind == "action" and str(move.get("id", "")).startswith("hire"):
        line = f"hired {_a(worker_name(move['worker']))}"
        line += f" for ${-money_change}" if money_change < 0 else ""
        return f"{line} (job market row {move['row'] + 1})"
    if kind == "income":
        n = int(move["certificates"])
        used = f" using {plural(n, 'certificate')}" if n else ""
        return f"collected ${money_change} income{used}"
    if kind == "foresight":
        return f"{_past(words)} from the foresight spaces"
    line = _past(words)
    if kind == "buy" or (kind == "action" and move.get("id") == "build"):
        return line  # the words say the price (a building's is paid when it is placed)
    if money_change and f"${abs(money_change)}" not in line:  # unless the words said it
        line += f" ({money(money_change)})"
    return line


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _past(words: str) -> str:
    """A button's words as the log tells them: the first word in the past tense."""
    first, _, rest = words.partition(" ")
    past = names.PAST_TENSE.get(first, first[:1].lower() + first[1:])
    return f"{past} {rest}" if rest else past

"""Words in the active language, each looked up once per catalogue.

A turn email asks for about seventy translations (its position, options and their words in
the rulebooks' terms, reply help, the greeting and the links' words), and each of Django's
``gettext`` calls finds the active language through a context-local, then walks the
catalogue and its fallbacks: about 4-7 µs, a fifth of the email's CPU. What a catalogue
answers never changes; one read again (in development when a ``.mo`` file changes, or in a
test that changes the languages' settings) is a new object, so the answers are kept by
catalogue object and message, and a new catalogue is asked afresh. The emails' modules and
the game's terms (``games/terms``, which the game page's buttons use too) ask here.

For messages written in the code (the catalogues' ids): a message is kept with its type, so
that a safe string (whose translation Django marks safe) is never answered for a plain one.
"""

from __future__ import annotations

import threading
from decimal import Decimal

from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

# Each catalogue's answers, by catalogue object (a catalogue read again is a new object, asked
# afresh), then by message: a message of another type than ``str`` (a safe string) is kept
# with its type, so that a safe answer is never given for a plain message or the reverse.
# A few catalogues are in use at once (the oldest goes when more are kept), with a few
# hundred messages and counts each (all forgotten if ever many more).
_CATALOGUES_KEPT = 8
_ANSWERS_KEPT = 8192
_answers: dict[object, dict[object, str]] = {}
_lock = threading.Lock()


def _kept(catalogue: object) -> dict[object, str]:
    """``catalogue``'s answers: new and empty the first time, emptied when too many."""
    answers = _answers.get(catalogue)
    if answers is not None and len(answers) < _ANSWERS_KEPT:
        return answers
    with _lock:
        answers = _answers.get(catalogue)
        if answers is None:
            while len(_answers) >= _CATALOGUES_KEPT:
                del _answers[next(iter(_answers))]
            answers = _answers[catalogue] = {}
        elif len(answers) >= _ANSWERS_KEPT:
            answers.clear()
        return answers


def _key(message: str) -> object:
    return message if type(message) is str else (type(message), message)


def _plural_key(singular: str, plural: str, number: Decimal | float) -> object:
    return (singular, plural, number, type(singular), type(plural), type(number))


def gettext(message: str) -> str:
    """``django.utils.translation.gettext``, answered from memory after the first time."""
    if not settings.USE_I18N:
        return translation.gettext(message)
    answers = _kept(trans_real.catalog())  # the active catalogue, whose answers Django gives
    key = _key(message)
    answer = answers.get(key)
    if answer is None:
        answer = answers[key] = translation.gettext(message)
    return answer


def ngettext(singular: str, plural: str, number: Decimal | float) -> str:
    """``django.utils.translation.ngettext``, answered from memory after the first time."""
    if not settings.USE_I18N:
        return translation.ngettext(singular, plural, number)  # type: ignore[arg-type]
    answers = _kept(trans_real.catalog())
    key = _plural_key(singular, plural, number)
    answer = answers.get(key)
    if answer is None:
        answer = translation.ngettext(singular, plural, number)  # type: ignore[arg-type]
        answers[key] = answer
    return answer


class Words:
    """``gettext`` and ``ngettext`` of the catalogue active when it was made, for a function
    that asks for many words and activates no other language meanwhile (an email's text).

    Finding the active catalogue (a context-local read) is most of what a remembered word
    costs, and such a function asked for it once per word. Only remembered words are
    answered from the catalogue taken at the start; any other goes through the functions
    above, in whatever language is active then, and is remembered for that one."""

    __slots__ = ("_answers",)

    def __init__(self) -> None:
        self._answers = _kept(trans_real.catalog()) if settings.USE_I18N else None

    def gettext(self, message: str) -> str:
        answer = self._answers.get(_key(message)) if self._answers is not None else None
        return gettext(message) if answer is None else answer

    def ngettext(self, singular: str, plural: str, number: Decimal | float) -> str:
        answers = self._answers
        answer = answers.get(_plural_key(singular, plural, number)) if answers is not None else None
        return ngettext(singular, plural, number) if answer is None else answer

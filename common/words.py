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

from decimal import Decimal
from functools import lru_cache

from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

# Messages times the catalogues they are asked in (a few hundred in use): old entries go.
_KEPT = 8192


@lru_cache(maxsize=_KEPT, typed=True)
def _gettext(catalogue: object, message: str) -> str:
    return translation.gettext(message)  # ``catalogue`` is the active one


@lru_cache(maxsize=_KEPT, typed=True)
def _ngettext(catalogue: object, singular: str, plural: str, number: Decimal | float) -> str:
    return translation.ngettext(singular, plural, number)  # type: ignore[arg-type]


def gettext(message: str) -> str:
    """``django.utils.translation.gettext``, answered from memory after the first time."""
    if not settings.USE_I18N:
        return translation.gettext(message)
    return _gettext(trans_real.catalog(), message)


def ngettext(singular: str, plural: str, number: Decimal | float) -> str:
    """``django.utils.translation.ngettext``, answered from memory after the first time."""
    if not settings.USE_I18N:
        return translation.ngettext(singular, plural, number)  # type: ignore[arg-type]
    return _ngettext(trans_real.catalog(), singular, plural, number)

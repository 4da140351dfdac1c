"""The label of a model field's choice, read from its choices class.

Django's ``get_FOO_display()`` builds a dict of all the field's choices on every call, and
hashing each lazily translated label translates it: for a field of thirty kinds that is
thirty translations to show one label. A page listing hundreds of rows (the moderators'
game page lists a game's events) paid more for that than for everything else on it.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Choices


def choice_label(choices: type[Choices], value: Any) -> str:
    """What ``get_FOO_display()`` shows for ``value`` of a field with these choices: the
    label in the active language, or the value itself when it is not one of them."""
    try:
        return str(choices(value).label)
    except ValueError:
        return str(value)

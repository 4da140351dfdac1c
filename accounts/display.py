"""A user's display preferences (palette, text size): read for every page, changed on the
profile. Visitors who are not logged in, and users who never chose, get the defaults."""

from __future__ import annotations

import copy
from typing import Any

from django.utils.translation import gettext as _

from accounts.models import DisplayPreference, Palette, TextSize
from common.errors import InvalidRequestError

# The attribute of a user instance holding their display preference as read with them (the
# session's user, ``accounts.auth``): the row, or None when they never chose. Every page
# reads it; read with the user, it costs no query of its own.
USER_DISPLAY = "stored_display"


def display_of(*, user: Any) -> DisplayPreference:
    """The user's display preferences (the defaults, unsaved, for a visitor or a user who
    never chose)."""
    if user is None or not user.is_authenticated:
        return DisplayPreference()
    if hasattr(user, USER_DISPLAY):
        stored = getattr(user, USER_DISPLAY)
        # A copy: each caller gets an instance of its own, as from a query.
        preference = copy.copy(stored) if stored is not None else None
    else:
        preference = DisplayPreference.objects.filter(user_id=user.pk).first()
    return preference or DisplayPreference(user_id=user.pk)


def display_set(
    *, user: Any, palette: str | None = None, text_size: str | None = None
) -> DisplayPreference:
    """Change the given display preferences of the user; an unknown value changes nothing."""
    if palette is not None and palette not in Palette.values:
        raise InvalidRequestError(
            "bad_palette",
            _("Unknown palette %(palette)s: choose one of %(choices)s.")
            % {"palette": repr(palette), "choices": ", ".join(Palette.values)},
        )
    if text_size is not None and text_size not in TextSize.values:
        raise InvalidRequestError(
            "bad_text_size",
            _("Unknown text size %(size)s: choose one of %(choices)s.")
            % {"size": repr(text_size), "choices": ", ".join(TextSize.values)},
        )
    changes = {
        key: value
        for key, value in {"palette": palette, "text_size": text_size}.items()
        if value is not None
    }
    preference, _created = DisplayPreference.objects.update_or_create(
        user_id=user.pk, defaults=changes
    )
    return preference

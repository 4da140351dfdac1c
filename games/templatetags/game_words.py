"""Template filters for the games app's words that come from stored values: a seat's colour
and a game's building layout are stored in English (they are data, and the API's values);
the pages show them in the reader's language."""

from __future__ import annotations

from django import template

from games.terms import names

register = template.Library()


@register.filter
def colour_name(colour: str) -> str:
    """'blue' in the active language ('bleu')."""
    return names.colour_name(colour)


@register.filter
def layout_name(layout: str | None) -> str:
    """A building layout ('beginner' when none is stored) in the active language."""
    return names.layout_name(layout or "beginner")

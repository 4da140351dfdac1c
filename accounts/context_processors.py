"""Template context every page gets from the accounts app."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.display import display_of


def display(request: HttpRequest) -> dict[str, Any]:
    """``display``: the reader's palette and text size, which base.html puts on ``<html>``.

    Lazy, so that a fragment which does not draw the page's frame (an htmx redraw) costs no
    query."""
    user = getattr(request, "user", None)
    return {"display": SimpleLazyObject(lambda: display_of(user=user))}

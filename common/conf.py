"""Reading the project's own settings in the shapes the code wants them."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings


def duration_setting(name: str, default: int) -> timedelta:
    """A setting given in seconds (``default`` when unset), as a duration."""
    return timedelta(seconds=int(getattr(settings, name, default)))

"""Absolute links to the site (for emails, invite links and anything read off the site)."""

from __future__ import annotations

from django.conf import settings


def absolute(path: str) -> str:
    """``path`` (starting with /) on the public site (SITE_URL)."""
    return f"{settings.SITE_URL}{path}"

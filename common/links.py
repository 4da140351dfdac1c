"""Links to the site: absolute ones (for emails, invite links and anything read off the
site), and paths reversed once per URL configuration instead of once per link."""

from __future__ import annotations

import functools

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse


def absolute(path: str) -> str:
    """``path`` (starting with /) on the public site (SITE_URL)."""
    return f"{settings.SITE_URL}{path}"


def path_around(name: str, mark: str | None = None) -> tuple[str, str]:
    """The path of URL ``name`` before and after its one argument, or its whole path and ""
    for ``mark`` None.

    ``reverse`` matches the pattern against its arguments on every call (about 25 µs), and
    a page or an email with many links paid that for each. ``mark`` is a value the pattern
    accepts; the split is kept per URL configuration (ROOT_URLCONF, the thread's own) and
    script prefix, so a value known to be accepted and left unquoted by ``reverse`` can be
    put between the two parts and give ``reverse``'s path."""
    return _reversed(name, mark, str(settings.ROOT_URLCONF), get_urlconf(), get_script_prefix())


@functools.cache
def _reversed(
    name: str, mark: str | None, root: str, urlconf: str | None, prefix: str
) -> tuple[str, str]:
    if mark is None:
        return reverse(name, urlconf=urlconf), ""
    head, _, tail = reverse(name, urlconf=urlconf, args=[mark]).partition(mark)
    return head, tail

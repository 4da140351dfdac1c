"""Help pages: the project's own reference documents, served as HTML.

``docs/moves.md`` (the move notation reference that every turn email links to),
``docs/email.md`` (playing by email) and ``docs/ratings.md`` (what counts for the ratings),
and their French versions under ``docs/fr/`` for French readers, are shown as they are in
the repository, rendered with markdown-it-py with raw HTML
disabled, so the site and the repository never disagree. Links between these documents
point to their pages.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from markdown_it import MarkdownIt

DOCS_DIR = Path(settings.BASE_DIR) / "docs"
# page name -> (file in docs/, URL name)
PAGES = {
    "moves": ("moves.md", "help-moves"),
    "email": ("email.md", "help-email"),
    "ratings": ("ratings.md", "help-ratings"),
}
_DOC_LINK = re.compile(r'href="([a-z-]+)\.md"')


@lru_cache(maxsize=8)
def source_of(filename: str, language: str | None) -> Path:
    """The document in the reader's language: ``docs/<language>/<file>`` when there is one
    (``docs/fr/``), else the English original in ``docs/``."""
    if language and language != settings.LANGUAGE_CODE:
        translated = DOCS_DIR / language.split("-")[0] / filename
        if translated.is_file():
            return translated
    return DOCS_DIR / filename


def _rendered(path: Path, mtime: float) -> str:
    # "commonmark" with tables; html=False: the file's text is never taken as markup.
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    html = markdown.render(path.read_text(encoding="utf-8"))
    return _DOC_LINK.sub(_page_link, html)


def _page_link(match: re.Match[str]) -> str:
    for filename, url_name in PAGES.values():
        if filename == f"{match[1]}.md":
            return f'href="{reverse(url_name)}"'
    return match[0]


def _page(request: HttpRequest, name: str) -> HttpResponse:
    filename, _url = PAGES[name]
    path = source_of(filename, translation.get_language())
    if not path.is_file():
        raise Http404(_("This help page is not available."))
    body = _rendered(path, path.stat().st_mtime)
    title = path.read_text(encoding="utf-8").splitlines()[0].lstrip("# ").strip()
    return render(request, "gwt_site/help_page.html", {"body": mark_safe(body), "title": title})


@require_GET
def moves(request: HttpRequest) -> HttpResponse:
    return _page(request, "moves")


@require_GET
def email(request: HttpRequest) -> HttpResponse:
    return _page(request, "email")


@require_GET
def ratings(request: HttpRequest) -> HttpResponse:
    return _page(request, "ratings")

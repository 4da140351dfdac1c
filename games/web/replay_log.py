"""The replay viewer's game log as HTML: a line per step, each a link to its position.

A finished game has hundreds of steps. The template's loop over them cost more than the
rest of the page together (each line's half-dozen variables resolved, localized and
escaped one by one by the template engine); the same markup is written here in one pass,
escaped as the template escaped it (``tests/games/test_web_replay.py`` renders both).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def log_items(rows: Iterable[Mapping[str, Any]], seq: int, replay_url: str) -> SafeString:
    """The ``<li>`` of each of the log's ``rows`` (``games.web.play.log_rows``), the step
    ``seq`` marked as the current one; ``replay_url``: the viewer's address, without query."""
    url = conditional_escape(replay_url)
    mark = conditional_escape(_("(taken back)"))
    items = []
    for row in rows:
        step = int(row["seq"])
        current = ' class="current" aria-current="step"' if step == seq else ""
        who = (
            f'<span class="log-who">{conditional_escape(row["who"])}</span>: ' if row["who"] else ""
        )
        taken_back = (
            f' <span class="log-taken-back-mark">{mark}</span>' if row["taken_back"] else ""
        )
        items.append(
            f'\n        <li value="{step}"{current}>\n'
            f'          <a href="{url}?at={step}" hx-get="{url}?at={step}"'
            ' hx-target="#replay-frame" hx-swap="outerHTML" hx-push-url="true">'
            f'<span class="log-seq">#{step}</span> {who}{conditional_escape(row["text"])}'
            f"{taken_back}</a>\n"
            "        </li>\n      "
        )
    return mark_safe("".join(items))

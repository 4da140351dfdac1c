"""The game page's log rows written as markup in Python.

Forty rows of a template loop, each with four conditions, a translated title and escaped
values, cost the page a few milliseconds of the template engine's per-node work; written
here once per row they cost a tenth of it. ``games/play/_log.html`` places them; the
markup is the bytes the loop wrote (``tests/games/test_play_log.py`` compares the two).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

# Each row as the template's loop laid it out: its own line, indented inside the list.
ROW_BEFORE = "\n      "
ROW_AFTER = "\n    "


def log_items(rows: Iterable[Mapping[str, Any]]) -> SafeString:
    """The ``<li>`` of each log row (``games.web.play.log_rows``, marked ``from_plan`` by
    the plan's display), in the reader's language."""
    # As {% blocktranslate %} writes it: the words as translated, the value escaped.
    title = gettext("Notation: %(notation)s")
    # As {% translate %} writes them: escaped.
    taken_back = conditional_escape(gettext("(taken back)"))
    from_plan = conditional_escape(gettext("(from your plan)"))
    parts = []
    for row in rows:
        seq = conditional_escape(row["seq"])
        notation = row["notation"]
        text = conditional_escape(row["text"])
        parts.append(
            f'{ROW_BEFORE}<li value="{seq}"'
            + (f' title="{title % {"notation": conditional_escape(notation)}}"' if notation else "")
            + f'><span class="log-seq">#{seq}</span> '
            + (
                f'<span class="log-who">{conditional_escape(who)}</span>: '
                if (who := row["who"])
                else ""
            )
            + (
                f'<span class="log-taken-back">{text}</span>'
                f' <span class="log-taken-back-mark">{taken_back}</span>'
                if row["taken_back"]
                else text
            )
            + (f' <span class="log-plan">{from_plan}</span>' if row.get("from_plan") else "")
            + f"</li>{ROW_AFTER}"
        )
    return mark_safe("".join(parts))

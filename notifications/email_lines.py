"""The long lists of an email (its numbered options, what happened since the player's last
turn) written out in Python rather than by template loops.

A turn email lists up to a hundred options and forty lines of summary, each a few variable
lookups in Django's template engine; written by these functions they cost a small fraction
of that, and rendering was the largest part of a worker's CPU per email (bench/README.md,
``bench/email_cost.py``). The markup is exactly what the loops wrote: the text part takes
the values as they are (the text templates do not escape), the HTML part escapes each value
as the template engine would (``conditional_escape``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe


def _shown(value: Any) -> str:
    """A value as ``{{ value }}`` shows it in the text part (a missing one is empty)."""
    return "" if value is None else str(value)


def choice_lines(choices: Sequence[Mapping[str, Any]]) -> str:
    """The numbered options of the text part, one line each:
    ``  3. notation  (words; cost)``."""
    lines = []
    for choice in choices:
        words, cost = choice.get("words", ""), choice.get("cost", "")
        line = f"  {choice.get('n', '')}. {choice.get('text', '')}"
        if words or cost:
            line += f"  ({_shown(words)}{'; ' if words and cost else ''}{_shown(cost)})"
        lines.append(line + "\n")
    return "".join(lines)


def choice_items(choices: Sequence[Mapping[str, Any]]) -> SafeString:
    """The numbered options of the HTML part, the ``<li>`` items of its ``<ol>``."""
    items = []
    for choice in choices:
        words, cost = choice.get("words", ""), choice.get("cost", "")
        number, text = _escaped(choice.get("n", "")), _escaped(choice.get("text", ""))
        item = f'<li value="{number}"><code>{text}</code>'
        if words:
            item += f" &ndash; {_escaped(words)}"
        if cost:
            item += f' <span style="color: #6b5a45;">({_escaped(cost)})</span>'
        items.append(item + "</li>")
    return mark_safe("".join(items))


def summary_lines(summary: Sequence[Any]) -> str:
    """What happened since the player's last turn, in the text part: ``  - line`` each."""
    return "".join(f"  - {_shown(line)}\n" for line in summary)


def summary_items(summary: Sequence[Any]) -> SafeString:
    """The same, the ``<li>`` items of the HTML part's list."""
    return mark_safe("".join(f"<li>{_escaped(line)}</li>" for line in summary))


def _escaped(value: Any) -> str:
    return escaped("" if value is None else value)


def escaped(value: Any) -> str:
    """``conditional_escape(value)`` as a string: a plain ``str`` or ``int`` (most of what an
    email shows) escaped directly, as Django's ``escape`` does (``html.escape``), without its
    checks for lazy and safe values, which cost four times the escaping; anything else
    (a safe string, a lazy translation, a number of another type) through
    ``conditional_escape``."""
    kind = type(value)
    if kind is str:
        return html.escape(value)
    if kind is int:
        return str(value)  # digits and a sign: nothing to escape
    return str(conditional_escape(value))

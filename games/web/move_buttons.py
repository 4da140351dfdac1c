"""The game page's move buttons, and its plan's, written as markup in Python.

A seat's decision often offers dozens of moves (every space the herder can reach, every
card to buy), and the plan's form offers the next turn's: each button was a dozen template
nodes (its value, move JSON, notation and a translated title, escaped one by one), so the
two loops were a large share of the page's template work. Written here once per button
they cost a fraction of it. ``games/play/_moves.html`` and ``_plan.html`` place them; the
markup is the bytes the loops wrote (``tests/games/test_move_buttons.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.move_presentation import MoveChoice, MoveGroup

# The loops' layout: each group's fieldset on its own line inside the form, each button on
# its own line inside the fieldset, indented as the loops were (the plan's form sits two
# spaces deeper than the moves').
_MOVES_INDENT = 4
_PLAN_INDENT = 6


def move_buttons(groups: Iterable[MoveGroup]) -> SafeString:
    """The fieldsets of the seat's legal moves, each button posting the move's index, with
    its JSON and notation for the board's clicks and the keyboard."""
    # As {% blocktranslate %} writes it: the words as translated, the value escaped.
    title = gettext("Notation: %(notation)s")

    def button(choice: MoveChoice) -> str:
        notation = conditional_escape(choice.notation)
        index = choice.index  # a number: nothing to escape
        return (
            f'<button type="submit" name="move" value="{index}" class="move-button"\n'
            f'                  data-move-index="{index}"'
            f' data-move="{conditional_escape(choice.move_json)}"'
            f' data-notation="{notation}" title="{title % {"notation": notation}}">'
            f"{conditional_escape(choice.text)}{_cost(choice)}</button>"
        )

    return _fieldsets(groups, button, _MOVES_INDENT)


def plan_buttons(groups: Iterable[MoveGroup]) -> SafeString:
    """The fieldsets of the moves a plan's next step may be."""

    def button(choice: MoveChoice) -> str:
        return (
            f'<button type="submit" name="move" value="{choice.index}"'
            f' class="plan-button" data-notation="{conditional_escape(choice.notation)}">'
            f"{conditional_escape(choice.text)}{_cost(choice)}</button>"
        )

    return _fieldsets(groups, button, _PLAN_INDENT)


def _cost(choice: MoveChoice) -> str:
    if not choice.cost_text:
        return ""
    return f' <span class="move-cost">{conditional_escape(choice.cost_text)}</span>'


def _fieldsets(
    groups: Iterable[MoveGroup], button: Callable[[MoveChoice], str], indent: int
) -> SafeString:
    group_line, inner_line, button_line = ("\n" + " " * (indent + step) for step in (2, 4, 6))
    parts = []
    for group in groups:
        key = conditional_escape(group.key)
        parts.append(
            f'{group_line}<fieldset class="move-group" data-group="{key}">'
            f"{inner_line}<legend>{conditional_escape(group.title)}</legend>{inner_line}"
        )
        for choice in group.choices:
            parts.append(f"{button_line}{button(choice)}{inner_line}")
        parts.append(f"{group_line}</fieldset>\n{' ' * indent}")
    return mark_safe("".join(parts))

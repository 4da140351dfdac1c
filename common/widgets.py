"""Form widgets written out in Python, for the pages whose forms hold long lists of choices.

Django renders a ``<select>`` through its widget templates, each option through two more
(the option and its attributes): about 0.1 ms an option. The profile's time zones (about
600) and its per-game forms (three selects for each game) took nine tenths of the page's
CPU that way (``bench/scale.py``, "profile").
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from django import forms
from django.forms.renderers import BaseRenderer
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe


class ListedSelect(forms.Select):
    """A ``<select>`` with the markup of Django's templates (its attributes in order, the
    chosen option, option groups), joined in Python. The select's own context is Django's
    (``Widget.get_context``), so what the field and form add to it (``id``, ``required``,
    ``aria-describedby``, ``aria-invalid``) is kept; the options are read from the choices
    as ``ChoiceWidget.optgroups`` reads them: the first option of the chosen value is
    chosen, and an option's ``None`` is written as "". Text is escaped as the templates
    escape it (``_text``)."""

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: BaseRenderer | None = None,
    ) -> SafeString:
        widget = forms.Widget.get_context(self, name, value, attrs)["widget"]
        chosen = set(widget["value"])  # ChoiceWidget.format_value: a list of strings
        parts = [f'<select name="{_text(widget["name"])}"{_attributes(widget["attrs"])}>']
        for group_value, group_label in self.choices:
            if isinstance(group_label, (list, tuple)):
                parts.append(f'<optgroup label="{_text(group_value)}">')
                options = group_label
            else:
                options = [(group_value, group_label)]
            for option_value, option_label in options:
                shown = "" if option_value is None else str(option_value)
                selected = shown in chosen
                if selected:
                    chosen.clear()  # one select, one chosen option: the first
                label = str(option_label) if isinstance(option_label, Promise) else option_label
                if selected or type(label) is not str:
                    parts.append(
                        f'<option value="{_text(shown)}"{" selected" if selected else ""}>'
                        f"{_text(label)}</option>"
                    )
                else:
                    parts.append(_plain_option(shown, label))
            if options is group_label:
                parts.append("</optgroup>")
        parts.append("</select>")
        return mark_safe("\n".join(parts))  # every value above is escaped


def _attributes(attrs: dict[str, Any]) -> str:
    """Django's ``django/forms/widgets/attrs.html``: in their order, ``False`` left out,
    ``True`` written as the bare name."""
    return "".join(
        f" {name}" if value is True else f' {name}="{_text(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


@lru_cache(maxsize=4096)
def _plain_option(value: str, label: str) -> str:
    """An option not chosen, of plain text: the same few hundred (the time zones, hours,
    modes in each language) are written on every page that has them."""
    return f'<option value="{escape(value)}">{escape(label)}</option>'


def _text(value: Any) -> str:
    """``value`` as a template writes it: text marked safe as it is, the rest escaped (with
    quotes, as Django's ``escape``); a lazy translation in the active language."""
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return escape(str(value))

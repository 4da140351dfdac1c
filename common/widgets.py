"""Form widgets and field groups written out in Python, for the pages whose forms hold long
lists of choices or many fields.

Django renders a ``<select>`` through its widget templates, each option through two more
(the option and its attributes): about 0.1 ms an option. The profile's time zones (about
600) and its per-game forms (three selects for each game) took nine tenths of the page's
CPU that way (``bench/scale.py``, "profile"). Once those were written here, the field groups
(label, help, errors and widget: five templates a field) and the radio buttons (five an
option) were most of what was left of the profile's forms.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from django import forms
from django.forms.boundfield import BoundField
from django.forms.renderers import BaseRenderer
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext


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


class ListedRadioSelect(forms.RadioSelect):
    """Radio buttons with the markup of Django's templates (``multiple_input.html`` and the
    option's ``input_option.html``), joined in Python from Django's own context: the
    options' ids, ``checked`` and what the field adds are Django's."""

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: BaseRenderer | None = None,
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        id_, css = widget["attrs"].get("id"), widget["attrs"].get("class")
        parts = [
            "<div",
            f' id="{_text(id_)}"' if id_ else "",
            f' class="{_text(css)}"' if css else "",
            ">",
        ]
        for group, options, _index in widget["optgroups"]:
            if group:
                parts.append(f"\n  <div><label>{_text(group)}</label>")
            parts.extend(f"<div>\n    {_input_option(option)}</div>" for option in options)
            if group:
                parts.append("\n  </div>")
        parts.append("\n</div>")
        return mark_safe("".join(parts))  # every value above is escaped


def _input_option(option: dict[str, Any]) -> str:
    attrs, value = option["attrs"], option["value"]
    tag = (
        f'<input type="{_text(option["type"])}" name="{_text(option["name"])}"'
        + ("" if value is None else f' value="{_text(str(value))}"')
        + f"{_attributes(attrs)}>"
    )
    if not option["wrap_label"]:
        return f"{tag}\n"
    label_for = f' for="{_text(attrs["id"])}"' if attrs.get("id") else ""
    # The line break is the one Django's input.html ends with.
    return f"<label{label_for}>{tag}\n {_text(option['label'])}</label>\n"


# The marks after which a label gets no suffix, as Django's label_tag reads them: translated
# by Django's own catalogue (a literal here would put it in this app's).
LABEL_END_PUNCTUATION = ":?.!"


def field_group(field: BoundField) -> SafeString:
    """Django's ``django/forms/field.html`` for one field (its label or legend, help text,
    errors and widget, in a fieldset when the widget has several inputs), joined in Python.
    The label's text, suffix, ``for`` and required class are Django's ``label_tag``'s."""
    fieldset = field.use_fieldset
    parts = []
    if fieldset:
        described = field.aria_describedby
        opened = f' aria-describedby="{_text(described)}"' if described else ""
        parts.append(f"\n  <fieldset{opened}>")
    if field.label:
        parts.append(f"\n  {_label(field, 'legend' if fieldset else 'label')}")
    parts.append("\n")
    if field.help_text:
        id_ = f' id="{_text(field.auto_id)}_helptext"' if field.auto_id else ""
        parts.append(f'\n<div class="helptext"{id_}>{field.help_text}</div>')
    parts.append(f"\n{field.errors}" if field.errors else "\n")
    parts.append(f"\n{field}")
    if fieldset:
        parts.append("</fieldset>")
    return mark_safe("".join(parts))  # the label, help text and widget are HTML already


def _label(field: BoundField, tag: str) -> str:
    """``BoundField.label_tag`` (or ``legend_tag``) without its template."""
    contents: Any = field.label
    suffix = field.field.label_suffix
    if suffix is None:
        suffix = field.form.label_suffix
    if suffix and contents and contents[-1] not in gettext(LABEL_END_PUNCTUATION):
        contents = format_html("{}{}", contents, suffix)
    widget = field.field.widget
    id_ = widget.attrs.get("id") or field.auto_id
    if not id_:
        return _text(contents)
    attrs: dict[str, Any] = {}
    id_for_label = widget.id_for_label(id_)
    if id_for_label:
        attrs["for"] = id_for_label
    if field.field.required and hasattr(field.form, "required_css_class"):
        attrs["class"] = field.form.required_css_class
    return f"<{tag}{_attributes(attrs)}>{_text(contents)}</{tag}>"


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

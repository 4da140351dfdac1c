"""``{{ field|field_group }}``: a form field's label, help, errors and widget, as Django's
``as_field_group`` writes them, without its templates (``common.widgets.field_group``)."""

from __future__ import annotations

from django import template
from django.forms.boundfield import BoundField
from django.utils.safestring import SafeString

from common.widgets import field_group as _field_group

register = template.Library()


@register.filter
def field_group(field: BoundField) -> SafeString:
    return _field_group(field)

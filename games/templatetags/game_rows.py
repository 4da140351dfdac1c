"""``{% game_rows rows %}``: the rows of a lobby table, drawn by ``games.web.row_html``."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString

from games.web.display import GameRow
from games.web.row_html import rows_html

register = template.Library()


@register.simple_tag(takes_context=True)
def game_rows(
    context: template.Context,
    rows: Iterable[GameRow],
    join_buttons: bool = False,
    take_over_buttons: bool = False,
    dismiss_buttons: bool = False,
) -> SafeString:
    """Each row's ``<tr>``, its forms carrying the page's CSRF token."""
    token = context.get("csrf_token")
    return rows_html(
        rows,
        csrf_token=str(token) if token else "",
        join_buttons=bool(join_buttons),
        take_over_buttons=bool(take_over_buttons),
        dismiss_buttons=bool(dismiss_buttons),
    )

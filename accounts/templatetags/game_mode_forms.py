"""``{% game_mode_forms game_forms games_page %}``: the profile's forms of each game's
notifications (``accounts.game_mode_html``), carrying the page's CSRF token."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.safestring import SafeString

from accounts.forms import GameModeForm
from accounts.game_mode_html import game_mode_items
from games.models import Game

register = template.Library()


@register.simple_tag(takes_context=True)
def game_mode_forms(
    context: template.Context, game_forms: Iterable[tuple[Game, GameModeForm]], games_page: Any
) -> SafeString:
    token = str(context.get("csrf_token") or "")
    return game_mode_items(
        game_forms,
        page_number=games_page.number,
        csrf_token="" if token == "NOTPROVIDED" else token,  # as {% csrf_token %} reads it
    )

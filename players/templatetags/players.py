"""``{% game_ratings game %}``: the score chart and rating changes of a finished game, for the
game page (which the games app renders without knowing of this app's models)."""

from __future__ import annotations

from typing import Any

from django import template
from django.contrib.auth.models import User

from games.models import Game
from players import pages, selectors

register = template.Library()


@register.inclusion_tag("players/_game_result.html")
def game_ratings(game: Game) -> dict[str, Any]:
    if not game.is_over:
        return {"result": None}
    return {"result": pages.game_result(game), "game": game}


@register.inclusion_tag("players/_privacy_form.html")
def profile_privacy_form(user: User) -> dict[str, Any]:
    """The account page's setting: who sees the player's public profile."""
    return {"player": user, "hidden": selectors.hidden_from_visitors(user)}


@register.filter
def rating(value: float) -> str:
    return pages.rating_number(value)


@register.filter
def signed_rating(value: float) -> str:
    return f"{value:+.1f}"


@register.filter
def percent(value: float) -> str:
    return f"{100 * value:.0f} %"

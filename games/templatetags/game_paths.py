"""``{% game_url 'game-panel' game.public_id %}``: ``{% url %}`` for a game's own pages.

The game page links to its game about thirty times (the panel, moves, undo, plan, chat,
note, takeback, replay...), and ``{% url %}`` reverses each one against the patterns:
about 25 µs apiece, several percent of the page. A game's paths differ only by its public
id, so each is reversed once around a mark (``common.links.path_around``) and a public id
is put in its place; anything that is not a public id goes through ``reverse``, which
refuses it as ``{% url %}`` does.
"""

from __future__ import annotations

import re

from django import template
from django.urls import reverse

from common.links import path_around
from games.models import PUBLIC_ID_ALPHABET, PUBLIC_ID_LENGTH

register = template.Library()

# A value every game path accepts (games.web.urls.GAME) and which ``reverse`` puts in the
# path unquoted: what a public id is.
PUBLIC_ID = re.compile(f"[{re.escape(PUBLIC_ID_ALPHABET)}]{{{PUBLIC_ID_LENGTH}}}")
_MARK = "markmarkmark"


def game_path(name: str, public_id: str) -> str:
    """``reverse(name, args=[public_id])`` for a game's page ``name``."""
    if isinstance(public_id, str) and PUBLIC_ID.fullmatch(public_id):
        head, tail = path_around(name, _MARK)
        return f"{head}{public_id}{tail}"
    return reverse(name, args=[public_id])


@register.simple_tag
def game_url(name: str, public_id: str) -> str:
    return game_path(name, public_id)

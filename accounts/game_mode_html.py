"""The profile's form of each game's notifications, written in Python.

Drawn by the template's loop, each game's form (its link, three selects, labels, the CSRF
token and the page it returns to) cost about 0.8 ms: sixteen of the heavy player's 37 ms in
``bench/scale.py`` ("profile, a player with 2,000 games"). The markup is the loop's, to the
character (tests/test_game_mode_html.py renders both).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from accounts.forms import GameModeForm
from games.models import Game


def game_mode_items(
    game_forms: Iterable[tuple[Game, GameModeForm]], *, page_number: int, csrf_token: str
) -> SafeString:
    """One ``<li>`` for each game and its form, as accounts/profile.html's loop drew them;
    each form returns to the page ``page_number`` of the list when it is not the first."""
    words = escape(gettext("Game")), escape(gettext("Push")), escape(gettext("Webhooks"))
    save = escape(gettext("Save"))
    token = (
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf_token)}">'
        if csrf_token
        else ""
    )
    page = f'<input type="hidden" name="page" value="{page_number}">' if page_number > 1 else ""
    parts = []
    for game, form in game_forms:
        public_id = escape(game.public_id)
        mode, push, webhook = form["mode"], form["push"], form["webhook"]
        parts.append(
            "\n      <li>"
            f'\n        <form method="post"'
            f' action="{escape(reverse("profile-game-mode", args=[game.public_id]))}"'
            ' class="inline-form game-mode-form">'
            f"\n          {token}"
            f"\n          {page}"
            f'\n          <label for="{escape(mode.id_for_label)}">{words[0]}'
            f' <a href="{escape(reverse("game-play", args=[game.public_id]))}">{public_id}</a>'
            f" ({escape(str(game.get_status_display()))})</label>"
            f"\n          {mode}"
            f'\n          <label for="{escape(push.id_for_label)}">{words[1]}</label> {push}'
            f'\n          <label for="{escape(webhook.id_for_label)}">{words[2]}</label>'
            f" {webhook}"
            f'\n          <button type="submit" class="secondary">{save}</button>'
            "\n        </form>"
            "\n      </li>"
            "\n    "
        )
    return mark_safe("".join(parts))  # every value above is escaped or the form's HTML

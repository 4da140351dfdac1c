"""The text view of the game page (``/games/<id>/text/``) and the switch between it and the
board view, which the player's account remembers (``games.services.table_view``).

The text view is the same page as the board view (``games.web.play``: the same context,
the same move form, the same live updates), with the table said in words instead of drawn.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from common.errors import ServiceError
from common.web import AuthenticatedHttpRequest, signed_in
from games import selectors
from games.models import TableView
from games.services import table_view
from games.web import play


@never_cache
@signed_in
@require_GET
def text_page(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """The game page with the table in words, whatever view the player chose."""
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as error:
        return play.error_page(request, error)
    if game.version == 0:
        return redirect("game-play", public_id=game.public_id)
    return play.render_page(request, game, text=True)


@signed_in
@require_POST
def table_view_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """Switch to the board or the text view, for this game and every other one."""
    try:
        game = selectors.game_get(public_id=public_id)
        chosen = table_view.table_view_choose(user=request.user, view=request.POST.get("view", ""))
    except ServiceError as error:
        return play.error_page(request, error)
    page = "game-text" if chosen == TableView.TEXT else "game-play"
    return redirect(page, public_id=game.public_id)

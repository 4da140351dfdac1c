"""The game page's takebacks: asking the others to take back one's last decision, and
answering another player's request (``games.services.takebacks``).

A thin view: the panel comes back as after a move (``play.after_change``), errors go to the
page's live region (``play.error_response``); what the panel shows is
``games.web.takeback_display``.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import InvalidRequestError, ServiceError
from common.web import AuthenticatedHttpRequest, signed_in
from games import selectors, services
from games.web import play


@signed_in
@require_POST
def takeback_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """``action=ask`` (at ``expected_version``), ``action=agree`` or ``action=refuse`` (with
    ``request``, the seq of the request the page showed)."""
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as error:
        return play.error_response(request, error)
    action = request.POST.get("action", "")
    raw = request.POST.get("request", "")
    try:
        if action == "ask":
            services.takeback_ask(
                game=game.public_id,
                user=request.user,
                expected_version=play.expected_version(request),
            )
            done = _("You asked the others to take back your last decision.")
        elif action in ("agree", "refuse"):
            services.takeback_answer(
                game=game.public_id,
                user=request.user,
                agree=action == "agree",
                request=int(raw) if raw.isdigit() else None,
            )
            done = _("You agreed to the takeback.") if action == "agree" else _("You refused.")
        else:
            raise InvalidRequestError(
                "bad_action", _("Ask for a takeback, or agree to or refuse one.")
            )
    except ServiceError as error:
        return play.error_response(request, error, game=game)
    return play.after_change(request, game, done)

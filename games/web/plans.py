"""The game page's planned turn: add a step, take the last one off, cancel the plan.

Thin views over ``games.services.plans``; the panel comes back as after a move
(``play.after_change``), errors go to the page's live region (``play.error_response``).
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
def plan_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """``action=add`` with ``move`` (the index of a move the page offered for the next step,
    at ``expected_version``) or ``text`` (a move's notation); ``action=remove`` (the last
    step); ``action=cancel``."""
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as error:
        return play.error_response(request, error)
    action = request.POST.get("action", "")
    try:
        if action == "add":
            raw = request.POST.get("move", "")
            text = request.POST.get("text", "").strip()
            services.plan_add_step(
                game=game.public_id,
                user=request.user,
                index=int(raw) if raw.isdigit() else None,
                text=text or None,
                expected_version=play.expected_version(request),
            )
            done = _("Added to your plan.")
        elif action == "remove":
            services.plan_remove_last(game=game.public_id, user=request.user)
            done = _("The last step of your plan was taken off.")
        elif action == "cancel":
            services.plan_cancel(game=game.public_id, user=request.user)
            done = _("Your plan was cancelled.")
        else:
            raise InvalidRequestError("bad_action", _("Add a step, take one off, or cancel."))
    except ServiceError as error:
        return play.error_response(request, error, game=game)
    return play.after_change(request, game, done)

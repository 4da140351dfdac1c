"""Pages of the notifications app: inviting a player by username from a game's waiting
room, and the one-click unsubscribe page.

The unsubscribe page needs no login: the signed token in the link is the proof.

``GET`` shows what the link will do and a button (mail scanners that follow links must not
unsubscribe anyone); ``POST`` does it. Mail clients that support RFC 8058 POST
``List-Unsubscribe=One-Click`` to the same URL (the ``List-Unsubscribe-Post`` header).
An altered or forged token gets 400.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from common.errors import ServiceError
from common.web import AuthenticatedHttpRequest, is_htmx, signed_in
from games import selectors
from games.errors import GameNotFoundError
from games.models import Game
from games.web.lobby import room_response
from notifications import languages
from notifications.outbox import invitation_by_username
from notifications.preferences import BadUnsubscribeTokenError, unsubscribe, unsubscribe_read

USERNAME_MAX_LENGTH = 150


@signed_in
@require_POST
def invite_view(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """Invite a user by username to the open game whose waiting room posted the form.

    They get the invitation email with the room's link. The room comes back with what
    happened: in place for htmx, or after a redirect (a refusal: the page, with its 4xx).
    """
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except GameNotFoundError as exc:
        raise Http404(exc.message) from exc
    username = request.POST.get("username", "").strip()
    try:
        if not username or len(username) > USERNAME_MAX_LENGTH:
            return _invite_refused(
                request, game, username, _("Type the username of a player."), 400
            )
        invitee, created = invitation_by_username(
            game=game, inviter=request.user, username=username
        )
    except ServiceError as exc:
        return _invite_refused(request, game, username, exc.message, exc.status)
    name = invitee.get_username()
    notice = (
        _("%(name)s is invited: they get an email with the link to this room.")
        if created
        else _("%(name)s had been invited already: no second email.")
    ) % {"name": name}
    if is_htmx(request):
        return room_response(request, game, invite={"notice": notice})
    messages.success(request, notice)
    return redirect("lobby-join", public_id=game.public_id)


def _invite_refused(
    request: AuthenticatedHttpRequest, game: Game, username: str, error: str, status: int
) -> HttpResponse:
    return room_response(
        request, game, invite={"username": username, "error": error}, status=status
    )


@csrf_exempt  # the signed token, not a cookie, authorises this (RFC 8058 posts carry no cookie)
@require_http_methods(["GET", "POST"])
def unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    try:
        if request.method == "POST":
            only_game = request.POST.get("scope") == "game"
            user, game = unsubscribe(token=token, only_game=only_game)
            with languages.for_user(user_id=user.pk):  # the page of the emails' reader
                return render(
                    request,
                    "notifications/unsubscribe.html",
                    {"done": True, "username": user.get_username(), "game": game},
                )
        user, game = unsubscribe_read(token=token)
    except BadUnsubscribeTokenError:
        return render(request, "notifications/unsubscribe_invalid.html", status=400)
    with languages.for_user(user_id=user.pk):
        return render(
            request,
            "notifications/unsubscribe.html",
            {"done": False, "username": user.get_username(), "game": game, "token": token},
        )

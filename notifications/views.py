"""The one-click unsubscribe page: no login needed, the signed token in the link is the proof.

``GET`` shows what the link will do and a button (mail scanners that follow links must not
unsubscribe anyone); ``POST`` does it. Mail clients that support RFC 8058 POST
``List-Unsubscribe=One-Click`` to the same URL (the ``List-Unsubscribe-Post`` header).
An altered or forged token gets 400.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from notifications.preferences import BadUnsubscribeTokenError, unsubscribe, unsubscribe_read


@csrf_exempt  # the signed token, not a cookie, authorises this (RFC 8058 posts carry no cookie)
@require_http_methods(["GET", "POST"])
def unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    try:
        if request.method == "POST":
            only_game = request.POST.get("scope") == "game"
            user, game = unsubscribe(token=token, only_game=only_game)
            return render(
                request,
                "notifications/unsubscribe.html",
                {"done": True, "username": user.get_username(), "game": game},
            )
        user, game = unsubscribe_read(token=token)
    except BadUnsubscribeTokenError:
        return render(request, "notifications/unsubscribe_invalid.html", status=400)
    return render(
        request,
        "notifications/unsubscribe.html",
        {"done": False, "username": user.get_username(), "game": game, "token": token},
    )

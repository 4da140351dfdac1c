"""The account page's channels besides email: subscribing this browser to Web Push (a JSON
post from ``push-subscribe.js``), forgetting a browser, adding and removing chat webhooks,
enabling an endpoint again after it was disabled.

Thin views over ``notifications.endpoints``: a refusal comes back as the account page with
its reason (or, for the JSON post, ``{"code", "message"}``) and its 4xx, and changes nothing.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.views import profile_page
from common.errors import ServiceError
from common.web import AuthenticatedHttpRequest, signed_in
from games import selectors as game_selectors
from games.models import Game
from notifications import endpoints


@signed_in
@require_POST
def push_subscribe_view(request: AuthenticatedHttpRequest) -> JsonResponse:
    """Save this browser's subscription: the JSON of ``PushSubscription.toJSON()``."""
    try:
        data = json.loads(request.body or b"{}")
        endpoint = str(data["endpoint"])
        keys = data["keys"]
        p256dh, auth = str(keys["p256dh"]), str(keys["auth"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse(
            {
                "code": "bad_subscription",
                "message": _("Send the browser's subscription: its endpoint and keys."),
            },
            status=400,
        )
    try:
        subscription = endpoints.push_subscribe(
            user=request.user,
            endpoint=endpoint,
            p256dh=p256dh,
            auth=auth,
            browser=request.headers.get("user-agent", ""),
        )
    except ServiceError as exc:
        return JsonResponse({"code": exc.code, "message": exc.message}, status=exc.status)
    return JsonResponse({"id": subscription.pk}, status=201)


def _done(request: AuthenticatedHttpRequest, text: str) -> HttpResponse:
    messages.success(request, text)
    return redirect("profile")


def _refused(request: AuthenticatedHttpRequest, exc: ServiceError) -> HttpResponse:
    """The account page with the reason, and the refusal's status."""
    messages.error(request, exc.message)
    return profile_page(request, status=exc.status)


@signed_in
@require_POST
def push_remove_view(request: AuthenticatedHttpRequest, subscription_id: int) -> HttpResponse:
    try:
        endpoints.push_unsubscribe(user=request.user, subscription_id=subscription_id)
    except ServiceError as exc:
        return _refused(request, exc)
    return _done(request, _("That browser gets no more notifications."))


@signed_in
@require_POST
def webhook_add_view(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Add a webhook: the form's ``url``, ``style`` and ``game`` (empty: the user's own)."""
    game: Game | None = None
    try:
        public_id = request.POST.get("game", "").strip()
        if public_id:
            game = game_selectors.game_get(public_id=public_id)
        endpoints.webhook_add(
            user=request.user,
            url=request.POST.get("url", ""),
            style=request.POST.get("style", ""),
            game=game,
        )
    except ServiceError as exc:
        return _refused(request, exc)
    return _done(request, _("The webhook is added: notifications will be posted there."))


@signed_in
@require_POST
def webhook_remove_view(request: AuthenticatedHttpRequest, webhook_id: int) -> HttpResponse:
    try:
        endpoints.webhook_remove(user=request.user, webhook_id=webhook_id)
    except ServiceError as exc:
        return _refused(request, exc)
    return _done(request, _("The webhook is removed."))


@signed_in
@require_POST
def endpoint_enable_view(
    request: AuthenticatedHttpRequest, channel: str, endpoint_id: int
) -> HttpResponse:
    try:
        endpoints.endpoint_enable(user=request.user, channel=channel, endpoint_id=endpoint_id)
    except ServiceError as exc:
        return _refused(request, exc)
    return _done(request, _("It is enabled again: the next notification will be sent to it."))

"""The pages' live stream (Server-Sent Events): ``GET /games/live/[?game=<id>]``.

A page opens one stream (``games/static/games/live.js``) and hears the signals of
``games.live``: its game's moves and status (anyone who may open the game page), its chat
(only those who may read the chat), and the signed-in user's own games (``user:<id>``: the
lobby's lists, "it is your turn in ..."). A signal carries ids and versions only; the page
then asks for its fragment through the ordinary view, so what it shows is redacted by that
view exactly as a reload would be. A program playing through the API opens the same stream
with its token (``Authorization: Token <key>``) and hears its turns instead of polling.

The stream is an async view: it needs the ASGI server (``make run``, the ``live`` service of
docker-compose). Served by WSGI it answers 503 at once and the page keeps polling, as it
does whenever its stream cannot connect. A stream ends after ``LIVE_STREAM_SECONDS`` and
the browser reconnects, signing in again: a logged-out session stops hearing within that
time. While nothing happens it sends a comment every ``KEEPALIVE_SECONDS`` so that proxies
keep it open and a closed client is noticed.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import cast

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections, connection
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, TokenAuthentication
from rest_framework.request import Request
from rest_framework.settings import api_settings

from common import live as bus
from games import chat, live, selectors, signals
from games.errors import GameNotFoundError
from games.models import active_suspension

KEEPALIVE_SECONDS = 20.0
#: Streams of one process checking their access at the same time (each needs the database).
OPENING_AT_ONCE = 8
#: How often an open stream says its user is on the site (``games.signals.page_watched``):
#: well within ``NOTIFY_SKIP_IF_ACTIVE_WITHIN``, so nobody is emailed about the game they
#: are watching, as when their page polled.
WATCHED_EVERY_SECONDS = 20.0
#: What the browser waits before reconnecting after the stream ends or drops (ms).
RETRY_MS = 2000
#: How long a new stream waits for its process's subscription before it says it is ready.
READY_WAIT_SECONDS = 3.0
# Some proxies and browsers hold back the first bytes of a response: a comment this long
# gets the first event through at once.
PADDING = ":" + " " * 2048 + "\n"


@never_cache
@require_GET
async def stream(request: HttpRequest) -> HttpResponseBase:
    if not isinstance(request, ASGIRequest):
        return _refusal(503, _("Live updates need the ASGI server: this page keeps polling."))
    async with _opening():
        access = await sync_to_async(_access)(request, request.GET.get("game", ""))
    if isinstance(access, HttpResponse):
        return access
    user_id, topics = access
    response = StreamingHttpResponse(events(topics, user_id), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _access(request: HttpRequest, public_id: str) -> tuple[int, list[str]] | HttpResponse:
    """The user and the topics they may hear, or the refusal (the pages' rules). A request
    with an API token is the token's user (``_token_user``), else the session's."""
    token_user = _token_user(request)
    if isinstance(token_user, HttpResponse):
        return token_user
    user = token_user or request.user
    if not user.is_authenticated:
        return _refusal(403, _("Sign in to get live updates."))
    if active_suspension(user) is not None:
        return _refusal(403, _("A suspended account gets no live updates."))
    topics = [live.user_topic(user.pk)]
    if public_id:
        try:
            game = selectors.game_get(public_id=public_id)
        except GameNotFoundError as exc:
            return _refusal(404, exc.message)
        topics.append(live.game_topic(game.public_id))
        if chat.may_read(game=game, user=user):
            topics.append(live.chat_topic(game.public_id))
    _release_connection()
    return user.pk, topics


async def events(topics: list[str], user_id: int) -> AsyncIterator[str]:
    """The stream's text: ``ready`` once subscribed, then each signal, until it is time to
    reconnect or the client goes away (the ASGI handler then cancels this generator).
    Meanwhile it says every ``WATCHED_EVERY_SECONDS`` that the user is on the site."""
    # The request's middleware has run: the stream stays open for minutes without the
    # database, so the request's thread gives its connection back now, not at the end.
    await sync_to_async(_release_connection)()
    hub = bus.hub()
    loop = asyncio.get_running_loop()
    async with hub.subscribe(topics) as queue:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(hub.ready.wait(), READY_WAIT_SECONDS)
        yield f"{PADDING}retry: {RETRY_MS}\nevent: ready\ndata: {{}}\n\n"
        now = loop.time()
        ends = now + settings.LIVE_STREAM_SECONDS
        watched = now + WATCHED_EVERY_SECONDS * random.random()  # streams opened together
        quiet_since = now  # do not all report at the same moment
        while (now := loop.time()) < ends:
            if now >= watched:
                watched = now + WATCHED_EVERY_SECONDS
                if _watched_due(user_id, now):
                    await sync_to_async(_watched, thread_sensitive=False)(user_id)
            wait = min(ends, watched, quiet_since + KEEPALIVE_SECONDS) - now
            try:
                signal = await asyncio.wait_for(queue.get(), max(wait, 0.0))
            except TimeoutError:
                if loop.time() >= quiet_since + KEEPALIVE_SECONDS:
                    quiet_since = loop.time()
                    yield ": keep-alive\n\n"
                continue
            quiet_since = loop.time()
            yield f"event: {signal.event}\ndata: {signal.data}\n\n"


@dataclass
class _ProcessState:
    """What the streams of one event loop (one ASGI process) share."""

    opening: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(OPENING_AT_ONCE))
    # user id -> loop time of the last page_watched sent for them by any stream here
    watched: dict[int, float] = field(default_factory=dict)


_states: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _ProcessState] = (
    weakref.WeakKeyDictionary()
)


def _state() -> _ProcessState:
    loop = asyncio.get_running_loop()
    if loop not in _states:
        _states[loop] = _ProcessState()
    return _states[loop]


def _opening() -> asyncio.Semaphore:
    """How many streams of this process check their access at once: a burst of reconnecting
    pages (after a restart) queues here instead of opening a database connection each."""
    return _state().opening


def _watched_due(user_id: int, now: float) -> bool:
    """Whether the user's streams should say again that they are on the site: once per
    ``WATCHED_EVERY_SECONDS`` per user and process, however many pages they keep open."""
    watched = _state().watched
    if watched.get(user_id, -WATCHED_EVERY_SECONDS) > now - WATCHED_EVERY_SECONDS:
        return False
    watched[user_id] = now
    return True


def _release_connection() -> None:
    if not connection.in_atomic_block:  # (a test's transaction keeps its own)
        connection.close()


def _watched(user_id: int) -> None:
    close_old_connections()
    try:
        signals.page_watched.send(sender=None, user_id=user_id)
    finally:
        close_old_connections()


def _token_user(request: HttpRequest) -> User | HttpResponse | None:
    """The user of the request's ``Authorization: Token <key>``, checked by the API's own
    token authentication (an expired token, a suspended or inactive user refused as the API
    refuses them: the refusal, in JSON as the API's), or None without such a header. A
    program that plays through the API hears its turns here instead of polling for them."""
    classes = cast("list[type[BaseAuthentication]]", api_settings.DEFAULT_AUTHENTICATION_CLASSES)
    for authentication in classes:
        if not issubclass(authentication, TokenAuthentication):
            continue
        try:
            # DRF's token check reads only the request's headers, which Django's request has.
            found = authentication().authenticate(cast(Request, request))
        except exceptions.AuthenticationFailed as exc:
            return JsonResponse({"code": exc.get_codes(), "message": str(exc.detail)}, status=401)
        if found is not None:
            user: User = found[0]
            return user
    return None


def _refusal(status: int, text: str) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")

"""The endpoints a player's notifications go to besides their email: the browsers they
subscribed to Web Push, their own chat webhooks, and the webhooks of their games; and which
channels they want, for all games or one.

Every change is checked first and refused with a reason a person can act on (an address that
is not a public https URL, a game they do not play in); nothing is written then.
"""

from __future__ import annotations

import base64
import binascii
import logging
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from common.errors import ConflictError, InvalidRequestError, NotAllowedError, NotFoundError
from games.models import Game, Seat
from notifications import chat_posts, push
from notifications.endpoint_urls import endpoint_check
from notifications.models import (
    ChannelKind,
    ChannelPreference,
    ChatWebhook,
    PushSubscription,
    WebhookStyle,
)

logger = logging.getLogger(__name__)

# Enough for every device and chat group a player has; a bound against abuse.
MAX_PUSH_SUBSCRIPTIONS = 20
MAX_WEBHOOKS = 10


def _key_bytes(value: str, length: int, what: str) -> str:
    """``value`` if it is ``length`` bytes in base64url (as browsers give the keys)."""
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError) as exc:
        raise InvalidRequestError(
            "bad_subscription",
            _("The subscription's %(key)s key is not base64url.") % {"key": what},
        ) from exc
    if len(raw) != length:
        raise InvalidRequestError(
            "bad_subscription",
            _("The subscription's %(key)s key has the wrong length.") % {"key": what},
        )
    return value


def push_subscribe(
    *, user: Any, endpoint: str, p256dh: str, auth: str, browser: str = ""
) -> PushSubscription:
    """Save a browser's subscription for ``user`` (the same browser subscribing again, or
    after another account used it, replaces what was saved for its endpoint)."""
    if not push.is_configured():
        raise ConflictError("push_not_offered", _("This site does not offer push notifications."))
    endpoint = endpoint_check(endpoint)
    keys = {"p256dh": _key_bytes(p256dh, 65, "p256dh"), "auth": _key_bytes(auth, 16, "auth")}
    with transaction.atomic():
        existing = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
        if existing is None and user.push_subscriptions.count() >= MAX_PUSH_SUBSCRIPTIONS:
            raise ConflictError(
                "too_many_subscriptions",
                _("You have %(count)d browsers subscribed already: remove one first.")
                % {"count": MAX_PUSH_SUBSCRIPTIONS},
            )
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={
                "user_id": user.pk,
                **keys,
                "browser": browser[:200],
                "failures": 0,
                "disabled_at": None,
                "last_error": "",
            },
        )
    return subscription


def push_unsubscribe(*, user: Any, subscription_id: int) -> None:
    """Forget one of the user's browsers (nothing more is pushed to it)."""
    deleted, _rows = PushSubscription.objects.filter(pk=subscription_id, user_id=user.pk).delete()
    if not deleted:
        raise NotFoundError("no_subscription", _("No such browser among yours."))
    dead_endpoints_changed(user.pk)


def _may_set_game_webhook(user: Any, game: Game) -> bool:
    """A seated player of the game, or whoever created it."""
    return game.created_by_id == user.pk or Seat.objects.filter(game=game, user_id=user.pk).exists()


def webhook_add(*, user: Any, url: str, style: str = "", game: Game | None = None) -> ChatWebhook:
    """Add a chat webhook: the user's own (their notifications) or ``game``'s (its turn
    changes, for its group). ``style``: ``discord`` or ``slack``; empty: read from the URL."""
    if style and style not in WebhookStyle.values:
        raise InvalidRequestError("bad_style", _("The style is 'discord' or 'slack'."))
    if game is not None and not _may_set_game_webhook(user, game):
        raise NotAllowedError(
            "not_seated", _("Only a player of this game (or its creator) can set its webhook.")
        )
    url = endpoint_check(url)
    mine = ChatWebhook.objects.filter(game=game) if game else user.chat_webhooks.filter(game=None)
    if mine.count() >= MAX_WEBHOOKS:
        raise ConflictError(
            "too_many_webhooks",
            _("There are %(count)d webhooks here already: remove one first.")
            % {"count": MAX_WEBHOOKS},
        )
    try:
        with transaction.atomic():
            return ChatWebhook.objects.create(
                user_id=user.pk, game=game, url=url, style=style or chat_posts.style_for(url)
            )
    except IntegrityError as exc:
        raise ConflictError("webhook_exists", _("This webhook is set already.")) from exc


def webhooks_visible_to(user: Any) -> QuerySet[ChatWebhook]:
    """The user's own webhooks and those of the games they play in (any player may see and
    remove a game's webhook: it posts to their group)."""
    games = Seat.objects.filter(user_id=user.pk).values("game_id")
    return ChatWebhook.objects.filter(
        Q(user_id=user.pk, game__isnull=True) | Q(game_id__in=games)
    ).select_related("game", "user")


def webhook_remove(*, user: Any, webhook_id: int) -> None:
    webhook = webhooks_visible_to(user).filter(pk=webhook_id).first()
    if webhook is None:
        raise NotFoundError("no_webhook", _("No such webhook among yours or your games'."))
    webhook.delete()
    dead_endpoints_changed(webhook.user_id)


def endpoint_enable(*, user: Any, channel: str, endpoint_id: int) -> None:
    """Send to an endpoint disabled after repeated failures again (its owner fixed it)."""
    endpoints: QuerySet[Any]
    if channel == ChannelKind.PUSH:
        endpoints = PushSubscription.objects.filter(user_id=user.pk)
    elif channel == ChannelKind.WEBHOOK:
        endpoints = webhooks_visible_to(user)
    else:
        raise InvalidRequestError("bad_channel", _("The channel is 'push' or 'webhook'."))
    owner = endpoints.filter(pk=endpoint_id).values_list("user_id", flat=True).first()
    if owner is None:
        raise NotFoundError("no_endpoint", _("No such endpoint among yours."))
    endpoints.filter(pk=endpoint_id).update(failures=0, disabled_at=None, last_error="")
    dead_endpoints_changed(owner)


def channel_preference_set(
    *, user: Any, channel: str, enabled: bool | None, game: Game | None = None
) -> None:
    """Turn a channel on or off for all the user's notifications, or (``game``) for one
    game's; ``enabled`` None forgets the setting (a game's then follows the user's)."""
    if channel not in ChannelKind.values:
        raise InvalidRequestError("bad_channel", _("The channel is 'push' or 'webhook'."))
    if game is not None and not Seat.objects.filter(game=game, user_id=user.pk).exists():
        raise NotAllowedError("not_seated", _("You do not have a seat in this game."))
    if enabled is None:
        ChannelPreference.objects.filter(user_id=user.pk, game=game, channel=channel).delete()
        return
    ChannelPreference.objects.update_or_create(
        user_id=user.pk, game=game, channel=channel, defaults={"enabled": enabled}
    )


def channel_preferences_of(*, user: Any) -> dict[tuple[int | None, str], bool]:
    """The user's channel settings: (game id or None, channel) -> on or off."""
    return {
        (game, channel): enabled
        for game, channel, enabled in ChannelPreference.objects.filter(user_id=user.pk).values_list(
            "game_id", "channel", "enabled"
        )
    }


# --- the banner about endpoints that stopped working -----------------------------------------

_BANNER_TTL = 600


def _dead_key(user_id: int) -> str:
    return f"notifications:dead-endpoints:{user_id}"


def dead_endpoints_of(user_id: int) -> int:
    """How many of the user's push subscriptions and own webhooks are disabled, for the
    banner on every page: read from the cache, so that a page costs no query."""
    key = _dead_key(user_id)
    try:
        kept = cache.get(key)
    except Exception:  # the cache is down: say nothing rather than fail the page
        return 0
    if kept is None:
        kept = (
            PushSubscription.objects.filter(user_id=user_id, disabled_at__isnull=False).count()
            + ChatWebhook.objects.filter(user_id=user_id, disabled_at__isnull=False).count()
        )
        cache.set(key, kept, _BANNER_TTL)
    return int(kept)


def dead_endpoints_changed(user_id: int) -> None:
    """An endpoint of the user's was disabled, enabled or removed: the banner reads again."""
    try:
        cache.delete(_dead_key(user_id))
    except Exception:
        logger.warning("could not clear the dead endpoints banner of user %s", user_id)

"""A game's chat: its players talk at the table; moderators read everything and hide lines.

Who may write: anyone who has a seat in the game (also once a bot plays it for them, or after
they resigned: they are still at the table), from the moment they sit down, in an open,
active, paused or finished game. An abandoned game's chat is closed (a moderator resuming
it opens it again). Suspended users may neither write nor read.

Who may read: the same players, and moderators (``games.permissions.may_moderate``). Hidden
messages (``moderation.chat_message_hide``) are left out for players and shown, marked, to
moderators.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import ConflictError, InvalidRequestError, NotAllowedError, RateLimitedError
from games import live, prepared
from games.models import (
    CHAT_MESSAGE_MAX_CHARS,
    ChatMessage,
    Game,
    GameStatus,
    Seat,
    active_suspension,
)
from games.permissions import may_moderate, require_not_suspended

#: Flood control: at most this many messages per user and game within the window.
CHAT_RATE_LIMIT = 10
CHAT_RATE_WINDOW = timedelta(minutes=1)


def _seat(game: Game, user: User | AnonymousUser | None) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    if "seats" in getattr(game, "_prefetched_objects_cache", {}):
        # Read with its seats (the game page's, the chat panel's): no query of its own.
        return next((seat for seat in game.seats.all() if seat.user_id == user.pk), None)
    return Seat.objects.filter(game=game, user_id=user.pk).first()


def chat_post(*, game: Game, user: User, text: str) -> ChatMessage:
    """Add ``text`` (stripped, 1 to 1000 characters) to the chat as ``user``."""
    require_not_suspended(user)
    seat = _seat(game, user)
    if seat is None:
        raise NotAllowedError(
            "not_seated", gettext("Only the game's players can write in its chat.")
        )
    status = Game.objects.values_list("status", flat=True).get(pk=game.pk)  # not a stale copy
    if status == GameStatus.ABANDONED:
        raise ConflictError("chat_closed", gettext("This game was abandoned: its chat is closed."))
    text = (text or "").strip()
    if not text:
        raise InvalidRequestError(
            "empty_message", gettext("Write something first: the message is empty.")
        )
    if len(text) > CHAT_MESSAGE_MAX_CHARS:
        raise InvalidRequestError(
            "message_too_long",
            gettext("A message has at most %(limit)d characters (this one has %(length)d).")
            % {"limit": CHAT_MESSAGE_MAX_CHARS, "length": len(text)},
        )
    since = timezone.now() - CHAT_RATE_WINDOW
    recent = ChatMessage.objects.filter(game=game, author_id=user.pk, created_at__gte=since)
    if recent.count() >= CHAT_RATE_LIMIT:
        raise RateLimitedError(
            "too_many_messages",
            gettext("At most %(limit)d messages a minute: wait a little and send it again.")
            % {"limit": CHAT_RATE_LIMIT},
        )
    message = ChatMessage.objects.create(game=game, author=user, seat=seat.index, text=text)
    live.chat_changed(game.public_id)
    return message


def may_read(*, game: Game, user: User | AnonymousUser) -> bool:
    """Whether ``user`` may read the game's chat (``chat_messages_for`` would answer)."""
    if may_moderate(user):
        return True
    if not user.is_authenticated or active_suspension(user) is not None:
        return False
    return _seat(game, user) is not None


def chat_messages_for(
    *, game: Game, user: User, after: int | None = None, limit: int | None = None
) -> list[ChatMessage]:
    """The chat as ``user`` may see it, oldest first (only messages with an id > ``after``;
    at most ``limit`` of them).

    Raises ``NotAllowedError`` for someone who is neither a player nor a moderator.
    """
    moderator = may_moderate(user)
    if not moderator:
        require_not_suspended(user)
        if _seat(game, user) is None:
            raise NotAllowedError(
                "not_seated", gettext("Only the game's players can read its chat.")
            )
    if after is None and limit is None:  # the whole chat, as the game page shows it
        return prepared.chat_lines(game_pk=game.pk, with_hidden=moderator)
    messages = ChatMessage.objects.filter(game=game).select_related("author", "hidden_by")
    if not moderator:
        messages = messages.filter(hidden_at__isnull=True)
    if after is not None:
        messages = messages.filter(pk__gt=after)
    messages = messages.order_by("created_at", "id")
    return list(messages if limit is None else messages[:limit])

"""Hiding a chat message from the players, and showing it again: an audit row naming the
message, no game event (the chat is not part of the game's history)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import ConflictError
from games import live
from games.models import ChatMessage, ModerationAction, ModerationKind
from games.moderation.audit import check_reason


def chat_message_hide(*, message: ChatMessage, moderator: User, reason: str) -> ChatMessage:
    """Hide a chat message from the players (moderators still see it, marked)."""
    reason = check_reason(reason)
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().get(pk=message.pk)
        if message.hidden_at is not None:
            raise ConflictError("already_hidden", gettext("This message is already hidden."))
        message.hidden_at = timezone.now()
        message.hidden_by = moderator
        message.hidden_reason = reason
        message.save(update_fields=["hidden_at", "hidden_by", "hidden_reason"])
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.HIDE_MESSAGE,
            game_id=message.game_id,
            chat_message=message,
            target_user_id=message.author_id,
            reason=reason,
            details={"message": message.pk},
        )
        live.chat_changed(message.game.public_id)
        return message


def chat_message_unhide(*, message: ChatMessage, moderator: User, reason: str) -> ChatMessage:
    """Show a hidden chat message to the players again (undoes ``chat_message_hide``)."""
    reason = check_reason(reason)
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().get(pk=message.pk)
        if message.hidden_at is None:
            raise ConflictError("not_hidden", gettext("This message is not hidden."))
        details = {
            "message": message.pk,
            "hidden_by": message.hidden_by.get_username() if message.hidden_by else None,
            "hidden_reason": message.hidden_reason,
        }
        message.hidden_at = None
        message.hidden_by = None
        message.hidden_reason = ""
        message.save(update_fields=["hidden_at", "hidden_by", "hidden_reason"])
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.UNHIDE_MESSAGE,
            game_id=message.game_id,
            chat_message=message,
            target_user_id=message.author_id,
            reason=reason,
            details=details,
        )
        live.chat_changed(message.game.public_id)
        return message

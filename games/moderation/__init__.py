"""What moderators do: act on games, suspend users, hide chat lines, work the report queue.

Every action takes the moderator and a reason (``audit.check_reason``), runs in one
transaction and writes an audit row (``ModerationAction``):

* ``game_actions``: pause, resume, abandon, hand a seat to a bot and back, give a seat
  seeking a substitute to a player, move a deadline, roll back (each also an event of the
  game, through ``games.ledger``);
* ``rules_upgrade``: move a running game to the newest rules, after a dry run;
* ``suspensions``: suspend a user and lift it (no game event; their games follow their
  timeout policy meanwhile);
* ``chat``: hide a chat message and show it again;
* ``reports``: players report a player or a message; moderators work the queue.

Who is a moderator: ``games.permissions.may_moderate`` (the ``games.moderate_game``
permission, which the "Moderators" group and superusers have). The names below are the
moderation API.
"""

from games.moderation.audit import MAX_REASON_CHARS, check_reason
from games.moderation.chat import chat_message_hide, chat_message_unhide
from games.moderation.game_actions import (
    deadline_extend,
    game_abandon,
    game_pause,
    game_resume,
    game_rollback,
    seat_assign_substitute,
    seat_replace_by_bot,
    seat_restore,
)
from games.moderation.rules_upgrade import game_rules_upgrade, rules_upgrade_preview
from games.moderation.suspensions import user_suspend, user_unsuspend
from games.permissions import MODERATE_PERMISSION, may_moderate, moderator_users

__all__ = [
    "MAX_REASON_CHARS",
    "MODERATE_PERMISSION",
    "chat_message_hide",
    "chat_message_unhide",
    "check_reason",
    "deadline_extend",
    "game_abandon",
    "game_pause",
    "game_resume",
    "game_rollback",
    "game_rules_upgrade",
    "may_moderate",
    "moderator_users",
    "rules_upgrade_preview",
    "seat_assign_substitute",
    "seat_replace_by_bot",
    "seat_restore",
    "user_suspend",
    "user_unsuspend",
]

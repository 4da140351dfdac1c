"""What a push message or a chat post says: one line per notification, and the summary that
gathers those held through someone's quiet hours.

The line is built when the message is sent, in its reader's language (the recipient's, or
for a game's webhook the language of whoever set it up), from what the notification row
holds (``context``, fixed when it was queued). ``emphasis`` marks the game's name the way
the channel shows it: ``*name*`` in Discord and Slack, nothing in a push notification.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from notifications import links
from notifications.models import Kind, Notification

Emphasis = Callable[[str], str]


def plain(text: str) -> str:
    return text


def starred(text: str) -> str:
    """Discord's and Slack's emphasis (italic in Discord, bold in Slack)."""
    return f"*{text}*"


@dataclass(frozen=True)
class ChannelText:
    title: str
    line: str
    url: str


def short_game_name(row: Notification) -> str:
    """The game as a chat line names it: its given name, else the name stored with the row."""
    if row.game is not None and row.game.name:
        return row.game.name
    return str(row.context.get("game_name") or (row.game.public_id if row.game else ""))


def notification_text(
    row: Notification, *, emphasis: Emphasis = plain, for_group: bool = False
) -> ChannelText:
    """The title, line and link of ``row`` in the active language. ``for_group``: the line
    is read by the game's group, not by the recipient ("ann's turn in ...")."""
    game = emphasis(short_game_name(row))
    player = row.recipient.get_username()
    context = row.context
    url = links.game_url(row.game) if row.game is not None else links.absolute_home()
    kind = row.kind
    if kind == Kind.YOUR_TURN and for_group:
        line = _("%(player)s's turn in %(game)s") % {"player": player, "game": game}
    elif kind == Kind.YOUR_TURN:
        line = _("Your turn in %(game)s") % {"game": game}
    elif kind == Kind.REMINDER:
        line = _("%(game)s is still waiting for your move") % {"game": game}
    elif kind == Kind.DEADLINE_WARNING:
        line = _("Your time to move in %(game)s runs out soon") % {"game": game}
    elif kind == Kind.DEADLINE_PASSED:
        line = _("%(player)s's time ran out in %(game)s") % {
            "player": str(context.get("late") or ""),
            "game": game,
        }
    elif kind == Kind.GAME_STARTED:
        line = _("%(game)s has started") % {"game": game}
    elif kind == Kind.GAME_OVER:
        line = _("%(game)s is over") % {"game": game}
        url = links.replay_url(row.game) if row.game is not None else url
    elif kind == Kind.INVITATION:
        line = _("%(inviter)s invites you to %(game)s") % {
            "inviter": str(context.get("inviter") or ""),
            "game": game,
        }
        url = links.invite_url(row.game) if row.game is not None else url
    elif kind == Kind.MODERATION:
        line = _("A moderator %(action)s in %(game)s") % {
            "action": str(context.get("action_text") or ""),
            "game": game,
        }
    elif kind == Kind.SEAT_CHANGE and context.get("action") == "hand_over":
        line = _("%(leaver)s left %(game)s; a bot plays their seat until someone takes over") % {
            "leaver": str(context.get("leaver") or ""),
            "game": game,
        }
    elif kind == Kind.SEAT_CHANGE:
        line = _("%(substitute)s took over a seat in %(game)s") % {
            "substitute": str(context.get("substitute") or ""),
            "game": game,
        }
    elif kind == Kind.TAKEBACK_ASKED:
        line = _("%(asker)s asks to take back #%(decision)s in %(game)s") % {
            "asker": str(context.get("asker") or ""),
            "decision": context.get("decision"),
            "game": game,
        }
    elif kind == Kind.TAKEBACK_OUTCOME and context.get("outcome") == "takeback":
        line = _("Your decision #%(decision)s is taken back in %(game)s: your turn again") % {
            "decision": context.get("decision"),
            "game": game,
        }
    elif kind == Kind.TAKEBACK_OUTCOME and context.get("outcome") == "refuse":
        line = _("%(player)s refused your takeback in %(game)s") % {
            "player": str(context.get("by") or ""),
            "game": game,
        }
    elif kind == Kind.TAKEBACK_OUTCOME:
        line = _("Your takeback request lapsed in %(game)s") % {"game": game}
    else:
        line = _("News from %(game)s") % {"game": game}
    return ChannelText(title=_("Great Western Trail"), line=line, url=url)


def summary_text(texts: list[ChannelText]) -> ChannelText:
    """One message for several notifications (held through the quiet hours): a count, then
    each line with its link."""
    if len(texts) == 1:
        return texts[0]
    title = ngettext(
        "%(count)d notification while you were away",
        "%(count)d notifications while you were away",
        len(texts),
    ) % {"count": len(texts)}
    lines = "\n".join(f"• {text.line}: {text.url}" for text in texts)
    return ChannelText(title=title, line=lines, url=links.absolute_home())

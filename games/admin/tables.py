"""Small read-only HTML tables the moderation pages embed (a game's chat and reports, a
player's games, suspensions and history), each row linking to its own admin page."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.urls import reverse
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django_stubs_ext import StrOrPromise

from common.choices import choice_label
from games import journal_store
from games.models import (
    ChatMessage,
    Event,
    EventKind,
    Game,
    ModerationAction,
    Report,
    Seat,
    Suspension,
)
from games.selectors import event_text


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], *, empty: str) -> SafeString:
    """A plain admin table; cells are escaped unless already safe."""
    rows = list(rows)
    if not rows:
        return format_html("<p>{}</p>", empty)
    head = format_html_join("", "<th>{}</th>", ((h,) for h in headers))
    body = mark_safe(
        "".join(
            "<tr>" + "".join(f"<td>{conditional_escape(cell)}</td>" for cell in row) + "</tr>"
            for row in rows
        )
    )
    return format_html(
        '<table class="moderation-table"><thead><tr>{}</tr></thead>{}</table>', head, body
    )


def link(url: str, text: Any) -> SafeString:
    return format_html('<a href="{}">{}</a>', url, text)


def button(url: str, text: StrOrPromise) -> SafeString:
    return format_html('<a class="button" href="{}">{}</a>', url, text)


def player_link(user: Any) -> SafeString | str:
    if user is None:
        return "-"
    return link(reverse("admin:games_player_change", args=[user.pk]), user.get_username())


def game_link(game: Game) -> SafeString:
    return link(reverse("admin:games_game_change", args=[game.pk]), game.public_id)


def report_link(report: Report) -> SafeString:
    return link(reverse("admin:games_report_change", args=[report.pk]), f"#{report.pk}")


def chat_action_url(message: ChatMessage, action: str, back: str | None = None) -> str:
    url = reverse("admin:games_chatmessage_act", args=[message.pk, action])
    return f"{url}?{urlencode({'next': back})}" if back else url


def chat_table(
    messages: Iterable[ChatMessage], *, back: str | None = None, highlight: int | None = None
) -> SafeString:
    """A chat as moderators see it: hidden lines marked with who hid them and why."""
    rows = []
    for message in messages:
        text: Any = message.text
        if message.pk == highlight:
            text = format_html("<strong>&#9654; {}</strong>", message.text)
        if message.is_hidden:
            state = format_html(
                _("<strong>hidden</strong> by {} ({}): {}<br>{}"),
                message.hidden_by.get_username() if message.hidden_by else "?",
                f"{message.hidden_at:%Y-%m-%d %H:%M}",
                message.hidden_reason,
                button(chat_action_url(message, "unhide", back), _("Show again")),
            )
        else:
            state = button(chat_action_url(message, "hide", back), _("Hide"))
        rows.append(
            [
                link(reverse("admin:games_chatmessage_change", args=[message.pk]), message.pk),
                f"{message.created_at:%Y-%m-%d %H:%M}",
                player_link(message.author),
                message.seat,
                text,
                state,
            ]
        )
    return table(
        [_("id"), _("time"), _("author"), _("seat"), _("message"), _("visibility")],
        rows,
        empty=_("No chat."),
    )


def events_table(events: Iterable[Event]) -> SafeString:
    """A game's events with who made them (their ``actor`` selected with them) and, for a
    moderator's, the reason given."""
    rows = []
    events = list(events)
    lines = journal_store.lines_of(events)
    for event in events:
        reason = (event.payload or {}).get("reason") if event.actor_id else None
        line = event_text(event, lines)
        rows.append(
            [
                link(reverse("admin:games_event_change", args=[event.pk]), event.seq),
                f"{event.created_at:%Y-%m-%d %H:%M}",
                event.actor.get_username() if event.actor is not None else "-",
                "-" if event.seat is None else event.seat,
                choice_label(EventKind, event.kind),
                _("%(line)s (reason: %(reason)s)") % {"line": line, "reason": reason}
                if reason
                else line,
            ]
        )
    return table(
        [_("seq"), _("time"), _("actor"), _("seat"), _("kind"), _("what happened")],
        rows,
        empty=_("No events."),
    )


def reports_table(reports: Iterable[Report]) -> SafeString:
    rows = [
        [
            report_link(report),
            report.get_status_display(),
            game_link(report.game),
            player_link(report.reporter),
            player_link(report.reported_user),
            report.get_reason_display(),
            report.assigned_to.get_username() if report.assigned_to else "-",
            timesince(report.created_at),
        ]
        for report in reports
    ]
    return table(
        [
            _("report"),
            _("status"),
            _("game"),
            _("by"),
            _("against"),
            _("reason"),
            _("assigned to"),
            _("age"),
        ],
        rows,
        empty=_("No reports."),
    )


def actions_table(actions: Iterable[ModerationAction]) -> SafeString:
    rows = [
        [
            link(reverse("admin:games_moderationaction_change", args=[action.pk]), action.pk),
            f"{action.created_at:%Y-%m-%d %H:%M}",
            action.moderator.get_username(),
            action.get_action_display(),
            on_what(action),
            action.reason,
        ]
        for action in actions
    ]
    return table(
        ["#", _("time"), _("moderator"), _("action"), _("on"), _("reason")],
        rows,
        empty=_("No moderation."),
    )


def on_what(action: ModerationAction) -> str:
    parts: list[str] = []
    if action.game is not None:
        parts.append(format_html(_("game {}"), game_link(action.game)))
        if action.event_seq:
            parts.append(_("event #%(seq)s") % {"seq": action.event_seq})
    if action.chat_message_id:
        parts.append(
            format_html(
                _("message {}"),
                link(
                    reverse("admin:games_chatmessage_change", args=[action.chat_message_id]),
                    action.chat_message_id,
                ),
            )
        )
    if action.report is not None:
        parts.append(format_html(_("report {}"), report_link(action.report)))
    if action.target_user_id:
        parts.append(format_html(_("player {}"), player_link(action.target_user)))
    return mark_safe(", ".join(str(conditional_escape(part)) for part in parts)) or "-"


def seats_games_table(seats: Iterable[Seat]) -> SafeString:
    rows = [
        [
            game_link(seat.game),
            seat.game.get_status_display(),
            f"{seat.index} ({seat.colour})",
            _("bot (%(kind)s)") % {"kind": seat.bot} if seat.bot else seat.get_status_display(),
            _("yes") if seat.game.current_seat == seat.index and not seat.game.is_over else "",
            f"{seat.game.updated_at:%Y-%m-%d %H:%M}",
        ]
        for seat in seats
    ]
    return table(
        [_("game"), _("status"), _("seat"), _("plays"), _("to move"), _("last change")],
        rows,
        empty=_("No games."),
    )


def suspensions_table(suspensions: Iterable[Suspension]) -> SafeString:
    rows = []
    for suspension in suspensions:
        if suspension.is_active():
            state: Any = format_html(
                _("<strong>in force</strong> {}"),
                button(reverse("admin:games_suspension_lift", args=[suspension.pk]), _("Lift")),
            )
        elif suspension.lifted_at:
            state = _("lifted %(day)s by %(user)s") % {
                "day": f"{suspension.lifted_at:%Y-%m-%d}",
                "user": suspension.lifted_by,
            }
        else:
            state = _("expired")
        rows.append(
            [
                link(reverse("admin:games_suspension_change", args=[suspension.pk]), suspension.pk),
                f"{suspension.created_at:%Y-%m-%d %H:%M}",
                suspension.created_by.get_username(),
                f"{suspension.until:%Y-%m-%d %H:%M}" if suspension.until else _("until lifted"),
                suspension.reason,
                state,
            ]
        )
    return table(
        ["#", _("since"), _("by"), _("until"), _("reason"), _("state")],
        rows,
        empty=_("Never suspended."),
    )

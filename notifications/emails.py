"""Turning a notification row into an email, and handing it to the mail server.

Every message has a text and an HTML part rendered from ``templates/notifications/email/``
(one pair per kind), the game's name and a link in it, an unsubscribe link (also in the
``List-Unsubscribe`` header, with RFC 8058 one-click ``List-Unsubscribe-Post``), and a
Message-ID derived from the notification's id: a message delivered twice (see the module
docstring of ``services``) carries the same Message-ID both times, so it is identifiable.
"""

from __future__ import annotations

import functools
import logging
import smtplib
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.smtp import EmailBackend as SMTPBackend
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from common.timefmt import duration_text, when, zone
from notifications import (
    email_facts,
    email_lines,
    links,
    mime_direct,
    reply_address,
    smtp_wire,
    turn_email,
)
from notifications.clock_words import clock_lines
from notifications.mime_headers import quick_headers
from notifications.models import ANSWER_KINDS, REPLYABLE_KINDS, Kind, Notification

logger = logging.getLogger(__name__)

TEMPLATE_DIR = "notifications/email"
# The emails sent while it is the reader's turn: they say how much time is left and when
# the clock stops (``notifications.clock_words``).
CLOCK_KINDS = frozenset({Kind.YOUR_TURN, Kind.REMINDER, Kind.DEADLINE_WARNING})

SUBJECTS: dict[str, Promise] = {
    Kind.INVITATION: _("%(inviter)s invites you to a game of Great Western Trail (%(game_name)s)"),
    Kind.GAME_STARTED: _("%(game_name)s has started"),
    Kind.YOUR_TURN: _("Your turn in %(game_name)s"),
    Kind.REMINDER: _("Reminder: %(game_name)s is waiting for you"),
    Kind.DEADLINE_WARNING: _("Deadline soon in %(game_name)s"),
    Kind.DEADLINE_PASSED: _("Deadline passed in %(game_name)s"),
    Kind.GAME_OVER: _("%(game_name)s is over"),
    Kind.MODERATION: _("A moderator changed %(game_name)s"),
    Kind.SEAT_CHANGE: _("A seat changed hands in %(game_name)s"),
    Kind.TAKEBACK_ASKED: _("%(asker)s asks to take back #%(decision)s in %(game_name)s"),
    Kind.REPLY_CONFIRMATION: _("Moves played in %(game_name)s"),
    Kind.REPLY_ERROR: _("Nothing was played in %(game_name)s"),
}

# What became of a player's takeback request (``outbox.takeback_queue``), by outcome.
TAKEBACK_OUTCOME_SUBJECTS: dict[str, Promise] = {
    "takeback": _("Your decision #%(decision)s is taken back in %(game_name)s"),
    "refuse": _("Your takeback was refused in %(game_name)s"),
    "lapse": _("Your takeback request lapsed in %(game_name)s"),
}


def subject(kind: str, context: dict[str, Any]) -> str:
    """The subject of an email of ``kind``, in the active language."""
    if kind == Kind.DIGEST:
        count = context["count"]
        return ngettext(
            "%(count)d game waiting for you", "%(count)d games waiting for you", count
        ) % {"count": count}
    if kind == Kind.QUIET_SUMMARY:
        count = len(context.get("items", []))
        return ngettext(
            "%(count)d notification while you were away",
            "%(count)d notifications while you were away",
            count,
        ) % {"count": count}
    if kind == Kind.TAKEBACK_OUTCOME:
        return str(TAKEBACK_OUTCOME_SUBJECTS[context["outcome"]]) % context
    if kind == Kind.REPLY_CONFIRMATION and context.get("takeback_reply"):
        return gettext("Your answer to the takeback in %(game_name)s") % context
    if kind == Kind.REPLY_CONFIRMATION and context.get("plan_reply"):
        return gettext("Your plan for your next turn in %(game_name)s") % context
    if kind == Kind.DEADLINE_PASSED and context.get("suspended"):
        return gettext("A player cannot play for now in %(game_name)s") % context
    return str(SUBJECTS[kind]) % context


class PermanentError(Exception):
    """Sending this notification can never succeed (retrying would not help)."""


def message_id(notification: Notification) -> str:
    """The same for every attempt at the same notification."""
    return f"<notification-{notification.pk}@{links.mail_domain()}>"


class PlayerEmail(EmailMultiAlternatives):
    """An email to a player, whose MIME message writes its headers through
    ``mime_headers.quick_headers`` when it is turned into bytes for SMTP, and which writes
    those bytes directly when it has the usual shape (``notifications.mime_direct``)."""

    def message(self, **kwargs: Any) -> Any:
        built = super().message(**kwargs)
        built.policy = quick_headers
        return built

    def written_bytes(self) -> bytes | None:
        """``self.message().as_bytes(linesep="\r\n")``, written directly; None for a shape
        that only Django's MIME message writes (``smtp_wire.envelope`` then uses it)."""
        return mime_direct.message_bytes(self)


def build(
    notification: Notification, *, unsubscribe_token: str, time_zone: str = "UTC"
) -> EmailMultiAlternatives:
    """The email for ``notification`` (its recipient and game loaded); times are shown in
    the recipient's ``time_zone``."""
    recipient = notification.recipient
    if not recipient.email:
        raise PermanentError("the recipient has no email address")
    context = _context(notification, unsubscribe_token, zone(time_zone))
    title = subject(notification.kind, context)
    try:
        if notification.kind == Kind.YOUR_TURN:  # the most sent: written in Python
            text, html = turn_email.text(context), turn_email.html(context)
        else:
            text = render_to_string(f"{TEMPLATE_DIR}/{notification.kind}.txt", context)
            html = render_to_string(f"{TEMPLATE_DIR}/{notification.kind}.html", context)
    except (TemplateDoesNotExist, TemplateSyntaxError) as exc:
        raise PermanentError(f"template: {exc}") from exc
    unsubscribe = context["unsubscribe_url"]
    message = PlayerEmail(
        subject=" ".join(title.split()),
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[recipient.email],
        headers={
            "Message-ID": message_id(notification),
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            # RFC 3834: answers to a player's message are "auto-replied".
            "Auto-Submitted": (
                "auto-replied" if notification.kind in ANSWER_KINDS else "auto-generated"
            ),
            "X-GWT-Notification": f"{notification.pk} {notification.kind}",
        },
    )
    if context.get("reply_to"):
        message.reply_to = [context["reply_to"]]
    if context.get("in_reply_to"):
        message.extra_headers["In-Reply-To"] = context["in_reply_to"]
        message.extra_headers["References"] = context["in_reply_to"]
    message.attach_alternative(html, "text/html")
    return message


def add_written_parts(context: dict[str, Any]) -> None:
    """Add to an email's ``context`` the parts written in Python rather than by its
    templates: the long lists (``notifications/email_lines.py``) and the position with how
    to reply (``notifications/email_facts.py``)."""
    choices, summary = context.get("choices") or [], context.get("summary") or []
    context["choice_lines"] = email_lines.choice_lines(choices)
    context["choice_items"] = email_lines.choice_items(choices)
    context["summary_lines"] = email_lines.summary_lines(summary)
    context["summary_items"] = email_lines.summary_items(summary)
    # Written when a template shows them: the template engine calls them then, and a count
    # that is not a number is a template error there, as it was in the partial templates
    # they replace.
    context["turn_facts_text"] = functools.partial(email_facts.turn_facts_text, context)
    context["turn_facts_html"] = functools.partial(email_facts.turn_facts_html, context)


def reply_to(notification: Notification) -> str:
    """The signed reply address for a turn email ('' when replies are not taken)."""
    data = notification.context or {}
    if (
        notification.kind not in REPLYABLE_KINDS
        or notification.game is None
        or data.get("reply_version") is None
        or data.get("seat") is None
        or not reply_address.enabled()
    ):
        return ""
    return reply_address.make(
        game=notification.game.public_id, seat=data["seat"], version=data["reply_version"]
    )


def _context(notification: Notification, unsubscribe_token: str, zone: ZoneInfo) -> dict[str, Any]:
    game = notification.game
    data = dict(notification.context or {})
    context: dict[str, Any] = {
        **data,
        "kind": notification.kind,
        "name": notification.recipient.get_username(),
        "game_name": data.get("game_name")
        or (gettext("game %(id)s") % {"id": game.public_id} if game else ""),
        "game_url": links.game_url(game) if game else "",
        "edition_label": game.edition_label if game else "",
        "replay_url": links.replay_url(game) if game else "",
        "invite_url": links.invite_url(game) if game else "",
        "site_url": settings.SITE_URL,
        "unsubscribe_url": links.unsubscribe_url(unsubscribe_token),
        "moves_help_url": links.moves_help_url(),
        "email_help_url": links.email_help_url(),
        "reply_to": reply_to(notification),
        "time_zone": zone.key,
        "inviter": data.get("inviter", ""),
        "count": len(data.get("games", [])),
        "plural": "" if len(data.get("games", [])) == 1 else "s",
    }
    if game is not None:
        context["deadline"] = when(game.turn_deadline, zone)
        if notification.kind in CLOCK_KINDS:  # the time left and when the clock stops
            context["clock_lines"] = clock_lines(game, data.get("seat"), timezone.now())
    context["you_are_late"] = data.get("late_user") == notification.recipient_id
    for key in ("waiting_since", "missed_deadline"):
        context[f"{key}_text"] = when(data.get(key), zone)
    for key in ("vacation_used", "vacation_left"):
        seconds = data.get(f"{key}_seconds")
        context[f"{key}_text"] = duration_text(seconds) if seconds else ""
    add_written_parts(context)
    for item in context.get("games", []):
        item["deadline_text"] = when(item.get("deadline"), zone)
        item["waiting_since_text"] = when(item.get("waiting_since"), zone)
        item["reply_address"] = digest_reply_address(item)
    return context


def digest_reply_address(item: dict[str, Any]) -> str:
    """The reply address of one game listed in a digest ('' when replies are not taken).

    A digest covers several games, so it has no Reply-To: each game shows its own address,
    signed for the seat and version it was written for, like that game's turn email.
    """
    if item.get("seat") is None or item.get("version") is None or not reply_address.enabled():
        return ""
    return reply_address.make(game=item["id"], seat=item["seat"], version=item["version"])


def is_permanent(exc: BaseException) -> bool:
    """True when retrying cannot help: a 5xx answer about this message, or a bad message.

    Connection problems, timeouts, 4xx answers and authentication errors (a configuration
    problem that someone will fix) are transient.
    """
    if isinstance(exc, PermanentError):
        return True
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in exc.recipients.values()]
        return bool(codes) and all(code >= 500 for code in codes)
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return False
    if isinstance(exc, smtplib.SMTPResponseException):
        return exc.smtp_code >= 500
    return False


# --- delivery ------------------------------------------------------------------------------

# Each thread that sends keeps its own SMTP connection open between messages (opening one
# per message costs more than sending it); other backends (files, console) open one per
# message. A batch goes out over NOTIFY_SMTP_CONNECTIONS connections at once: a message
# spends most of its time waiting for the server's answers (MAIL, RCPT, DATA), so one
# connection at a time leaves the worker idle.
_local = threading.local()
_open: set[BaseEmailBackend] = set()  # every thread's connection, closed at shutdown
_open_lock = threading.Lock()
_senders: ThreadPoolExecutor | None = None
_senders_lock = threading.Lock()


def deliver(message: EmailMultiAlternatives) -> None:
    """Hand ``message`` to the mail server (raises on failure)."""
    connection = get_connection()
    if not isinstance(connection, SMTPBackend):
        message.connection = connection
        if message.send() != 1:
            raise PermanentError("the email backend did not accept the message")
        return
    _deliver_smtp(message)


def deliver_each(
    messages: list[EmailMultiAlternatives],
) -> Iterator[tuple[int, Exception | None]]:
    """Hand each message to the mail server: (its index, None or the error), in the order
    they are done. Over SMTP, several messages go out at once over up to
    NOTIFY_SMTP_CONNECTIONS kept connections, one per sending thread; otherwise one after
    the other in this thread."""
    width = min(len(messages), max(1, int(getattr(settings, "NOTIFY_SMTP_CONNECTIONS", 4))))
    if width < 2 or not isinstance(get_connection(), SMTPBackend):
        for index, message in enumerate(messages):
            yield index, _attempt(message)
        return
    pool = _sender_pool()
    futures = {pool.submit(_attempt, message): index for index, message in enumerate(messages)}
    for future in as_completed(futures):
        yield futures[future], future.result()


def _attempt(message: EmailMultiAlternatives) -> Exception | None:
    try:
        deliver(message)
    except Exception as exc:
        return exc
    return None


def _sender_pool() -> ThreadPoolExecutor:
    """The process's sending threads, made on first use (after Celery forked the process)."""
    global _senders
    with _senders_lock:
        if _senders is None:
            width = max(1, int(getattr(settings, "NOTIFY_SMTP_CONNECTIONS", 4)))
            _senders = ThreadPoolExecutor(max_workers=width, thread_name_prefix="smtp")
        return _senders


def _deliver_smtp(message: EmailMultiAlternatives) -> None:
    smtp: BaseEmailBackend | None = getattr(_local, "smtp", None)
    reused = smtp is not None
    if smtp is None:
        smtp = _open_smtp()
    try:
        sent = smtp.send_messages([message])
    except smtplib.SMTPServerDisconnected:
        _close_own()
        if not reused:
            raise
        # The server dropped the idle connection before this message was sent: once more.
        smtp = _open_smtp()
        try:
            sent = smtp.send_messages([message])
        except Exception:
            _close_own()
            raise
    except Exception:
        _close_own()
        raise
    if sent != 1:
        raise PermanentError("the mail server did not take the message")


def _kept_backend() -> BaseEmailBackend:
    """The backend of a kept connection: Django's SMTP backend, when that is the one
    configured, as ``smtp_wire.EmailBackend``, which hands the server the same bytes for
    less CPU (any other SMTP backend is used as it is)."""
    configured = settings.EMAIL_BACKEND == smtp_wire.DJANGO_SMTP
    return get_connection(smtp_wire.BACKEND if configured else None)


def _open_smtp() -> BaseEmailBackend:
    smtp = _kept_backend()
    smtp.open()
    _local.smtp = smtp
    with _open_lock:
        _open.add(smtp)
    return smtp


def _close_own() -> None:
    smtp: BaseEmailBackend | None = getattr(_local, "smtp", None)
    _local.smtp = None
    if smtp is not None:
        _close(smtp)


def _close(smtp: BaseEmailBackend) -> None:
    with _open_lock:
        _open.discard(smtp)
    try:
        smtp.close()
    except Exception:  # closing a broken connection may fail: it is dropped either way
        logger.debug("closing the SMTP connection failed", exc_info=True)


def close_connection() -> None:
    """Close every thread's SMTP connection (a worker process shutting down)."""
    with _open_lock:
        connections = list(_open)
    for smtp in connections:
        _close(smtp)
    _local.smtp = None

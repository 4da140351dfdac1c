"""Replies as mail programs write them, and the plumbing to send them in.

Each ``*_reply`` function returns the raw MIME bytes of a reply to a turn email in the
style of one mail program: where it puts the quoted message, how it marks it, whether it
sends HTML, text or both.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import time
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from django.core import mail

from notifications.delivery import notification_send
from notifications.models import Notification, Status

DOMAIN = "reply.example.test"
SIGNING_KEY = "mailgun-signing-key-for-tests"
WEBHOOK_SECRET = "anymail:webhook-password"
WEBHOOK_URL = "/email/anymail/mailgun/inbound_mime/"
FROM_GAME = "Great Western Trail <noreply@example.test>"
WHEN = "Sun, 22 Nov 2026 at 06:50"


def _base(sender: str, to: str, subject: str, in_reply_to: str = "") -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = f"Re: {subject}"
    message["Date"] = format_datetime(datetime(2026, 11, 22, 7, 0, tzinfo=UTC))
    message["Message-ID"] = make_msgid(domain="client.example.test")
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
        message["References"] = in_reply_to
    return message


def _quoted(original: str) -> str:
    return "\n".join("> " + line if line else ">" for line in original.splitlines())


def plain_reply(sender: str, to: str, lines: list[str], *, original: str = "", **kw: Any) -> bytes:
    """A text-only client (mutt-like): bottom quote under "On ... wrote:"."""
    message = _base(sender, to, kw.get("subject", "Your turn"), kw.get("in_reply_to", ""))
    body = "\n".join(lines) + f"\n\nOn {WHEN}, {FROM_GAME} wrote:\n{_quoted(original)}\n"
    message.set_content(body)
    return message.as_bytes()


def gmail_reply(sender: str, to: str, lines: list[str], *, original: str = "", **kw: Any) -> bytes:
    """Gmail: text and HTML; the "On ... wrote:" line wrapped; HTML quote in gmail_quote."""
    message = _base(sender, to, kw.get("subject", "Your turn"), kw.get("in_reply_to", ""))
    text = (
        "\n".join(lines)
        + f"\n\nOn Sun, Nov 22, 2026 at 6:50 AM Great Western Trail <\n{to}> wrote:\n\n"
        + _quoted(original)
        + "\n"
    )
    html = (
        '<div dir="ltr">'
        + "".join(f"<div>{line}</div>" for line in lines)
        + '</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Sun, Nov 22,'
        + f" 2026 at 6:50 AM Great Western Trail &lt;{to}&gt; wrote:<br></div>"
        + '<blockquote class="gmail_quote">'
        + original.replace("\n", "<br>")
        + "</blockquote></div>"
    )
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    return message.as_bytes()


def outlook_reply(
    sender: str, to: str, lines: list[str], *, original: str = "", **kw: Any
) -> bytes:
    """Outlook: a header block under a rule, no "> " quoting; CRLF; HTML with divRplyFwdMsg."""
    message = _base(sender, to, kw.get("subject", "Your turn"), kw.get("in_reply_to", ""))
    text = (
        "\r\n".join(lines)
        + "\r\n\r\n________________________________\r\n"
        + f"From: {FROM_GAME}\r\nSent: Sunday, November 22, 2026 6:50 AM\r\n"
        + f"To: Player <{sender}>\r\nSubject: Your turn\r\n\r\n"
        + original.replace("\n", "\r\n")
    )
    html = (
        "<html><head><style>p {margin:0}</style></head><body>"
        + "".join(f'<div style="font-family: Calibri">{line}</div>' for line in lines)
        + '<div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> '
        + "Great Western Trail<br><b>Sent:</b> Sunday</div><div>"
        + original.replace("\n", "<br>")
        + "</div></body></html>"
    )
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    return message.as_bytes()


def outlook_original_message_reply(
    sender: str, to: str, lines: list[str], *, original: str = "", **kw: Any
) -> bytes:
    """Older Outlook: "-----Original Message-----" and the headers, text only."""
    message = _base(sender, to, kw.get("subject", "Your turn"), kw.get("in_reply_to", ""))
    text = (
        "\n".join(lines)
        + "\n\n-----Original Message-----\n"
        + f"From: {FROM_GAME}\nSent: Sunday, November 22, 2026 6:50 AM\nTo: {sender}\n"
        + "Subject: Your turn\n\n"
        + original
    )
    message.set_content(text)
    return message.as_bytes()


def apple_reply(sender: str, to: str, lines: list[str], *, original: str = "", **kw: Any) -> bytes:
    """Apple Mail on a phone: "Sent from my iPhone", then the quote; quoted-printable."""
    message = _base(sender, to, kw.get("subject", "Your turn"), kw.get("in_reply_to", ""))
    text = (
        "\n".join(lines)
        + "\n\nSent from my iPhone\n\n"
        + f"> On 22 Nov 2026, at 06:50, Great Western Trail <{to}> wrote:\n>\n"
        + _quoted(original)
        + "\n"
    )
    message.set_content(text, cte="quoted-printable")
    return message.as_bytes()


def html_only_reply(
    sender: str, to: str, lines: list[str], *, original: str = "", **kw: Any
) -> bytes:
    """An HTML-only message with the quote in a <blockquote type="cite">."""
    message = _base(sender, to, kw.get("subject", "Your turn"), kw.get("in_reply_to", ""))
    html = (
        "<html><body>"
        + "".join(f"<p>{line}</p>" for line in lines)
        + f"<div>On {WHEN}, Great Western Trail wrote:</div>"
        + '<blockquote type="cite">'
        + original.replace("\n", "<br>")
        + "</blockquote></body></html>"
    )
    message.set_content(html, subtype="html", cte="base64")
    return message.as_bytes()


def signature_reply(
    sender: str, to: str, lines: list[str], *, original: str = "", **kw: Any
) -> bytes:
    """Text with a "-- " signature and a top-posted quote without markers after it."""
    message = _base(sender, to, kw.get("subject", "Your turn"), kw.get("in_reply_to", ""))
    text = "\n".join(lines) + "\n\n-- \nAlice Rancher\nAbilene, Kansas\n\n" + original
    message.set_content(text)
    return message.as_bytes()


STYLES = {
    "plain": plain_reply,
    "gmail": gmail_reply,
    "outlook": outlook_reply,
    "outlook_original_message": outlook_original_message_reply,
    "apple_mail": apple_reply,
    "html_only": html_only_reply,
    "signature": signature_reply,
}


def attachment_only(sender: str, to: str) -> bytes:
    message = _base(sender, to, "Your turn")
    message.make_mixed()
    message.add_attachment(
        b"%PDF-1.4 moves", maintype="application", subtype="pdf", filename="moves.pdf"
    )
    return message.as_bytes()


# --- sending it in --------------------------------------------------------------------


def mailgun_post(
    client: Any,
    raw: bytes,
    *,
    recipient: str = "",
    auth: str = WEBHOOK_SECRET,
    key: str = SIGNING_KEY,
) -> Any:
    """POST ``raw`` to the webhook as Mailgun's "store and notify ... mime" route does."""
    timestamp, token = str(int(time.time())), hashlib.sha256(raw).hexdigest()[:50]
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    data = {
        "body-mime": raw.decode("utf-8"),
        "timestamp": timestamp,
        "token": token,
        "signature": signature,
        "recipient": recipient,
        "sender": "",
    }
    basic = base64.b64encode(auth.encode()).decode()
    return client.post(WEBHOOK_URL, data=data, HTTP_AUTHORIZATION=f"Basic {basic}")


# --- reading the outbox -----------------------------------------------------------------


def deliver_all() -> list[Any]:
    """Send every pending notification now; the emails sent."""
    before = len(mail.outbox)
    for pk in (
        Notification.objects.filter(status=Status.PENDING)
        .order_by("pk")
        .values_list("pk", flat=True)
    ):
        notification_send(notification_id=pk)
    return mail.outbox[before:]


def latest_to(user: Any) -> Any:
    for message in reversed(mail.outbox):
        if user.email in message.to:
            return message
    raise AssertionError(f"no email to {user.email}")


OPTION = re.compile(r"^\s+(\d+)\. (.+?)(?:  \(.*\))?$")


def options_in(message: Any, heading: str = "Your options now:") -> dict[str, int]:
    """notation -> number, as the email's text lists them (under ``heading``, the words of
    the email's language)."""
    found = {}
    lines = message.body.splitlines()
    start = lines.index(heading)
    for line in lines[start + 1 :]:
        match = OPTION.match(line)
        if match is None:
            break
        found[match[2]] = int(match[1])
    return found


def reply_address_of(message: Any) -> str:
    [address] = message.reply_to
    return address


def configure(settings: Any) -> None:
    """Replies taken at DOMAIN through the Mailgun webhook; outgoing mail kept in memory."""
    settings.INBOUND_EMAIL_DOMAIN = DOMAIN
    settings.INBOUND_EMAIL_PROVIDER = "mailgun"
    settings.INBOUND_REPLY_KEYS = {"k1": "first-secret", "k2": "second-secret"}
    settings.INBOUND_REPLY_KEY_ID = "k2"
    settings.INBOUND_RATE_LIMIT = 1000
    settings.ANYMAIL = {
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY,
    }
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.NOTIFY_SKIP_IF_ACTIVE_WITHIN = 0

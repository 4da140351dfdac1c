"""A player's email written straight to the bytes SMTP sends, without building its MIME tree.

Django builds each email as a tree of the standard library's MIME objects (a multipart with
a text and an HTML part, every header set through them), which the standard library's
generator then walks to write the bytes: about a tenth of a turn email's CPU, for an email
whose shape never changes. ``message_bytes`` writes the same bytes directly for that shape,
calling the same functions for what varies (Django's header checks and encodings, the
folding of ``mime_headers.quick_headers``, the boundary drawn and checked as the generator
does: ``smtp_wire.boundary_for``), and answers None for any other shape, which
then goes through Django (``smtp_wire.envelope``): a Cc, attachments, a charset other than
UTF-8, an empty body, a line too long for 8bit (quoted-printable), headers given in place
of Django's own, no Message-ID of its own.

``tests/notifications/test_mime_direct.py`` compares both on random emails.
"""

from __future__ import annotations

import re
from email.utils import formatdate
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import RFC5322_EMAIL_LINE_LENGTH_LIMIT, forbid_multi_line_headers

from notifications.mime_headers import quick_headers
from notifications.smtp_wire import boundary_for

# The line breaks the generator writes as the message's own (``email.generator.NLCRE``).
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Headers Django writes itself, taken from the extra headers when given there instead.
_OWN = frozenset({"from", "to", "cc", "reply-to", "date"})
_POLICIES: dict[str, Any] = {}


def message_bytes(email: EmailMultiAlternatives, linesep: str = "\r\n") -> bytes | None:
    """``email.message().as_bytes(linesep=linesep)`` for a text email with one HTML
    alternative and the quick headers' policy, or None for another shape."""
    if (
        email.encoding
        or settings.DEFAULT_CHARSET != "utf-8"
        or email.cc
        or email.attachments
        or email.content_subtype != "plain"
        or getattr(email, "alternative_subtype", None) != "alternative"
        or len(email.alternatives) != 1
        or email.alternatives[0][1] != "text/html"
        or not isinstance(email.body, str)
        or not email.body
        or not isinstance(email.alternatives[0][0], str)
    ):
        return None
    names = {name.lower() for name in email.extra_headers}
    if names & _OWN or "message-id" not in names:
        return None
    text = _text_part("plain", email.body, linesep)
    html = _text_part("html", email.alternatives[0][0], linesep)
    if text is None or html is None:
        return None
    headers: list[tuple[str, Any]] = [("Subject", email.subject), ("From", email.from_email)]
    if email.to:
        headers.append(("To", ", ".join(str(value) for value in email.to)))
    if email.reply_to:
        headers.append(("Reply-To", ", ".join(str(value) for value in email.reply_to)))
    headers.append(("Date", formatdate(localtime=settings.EMAIL_USE_LOCALTIME)))
    headers.extend(email.extra_headers.items())
    written = [forbid_multi_line_headers(name, value, "utf-8") for name, value in headers]

    newline = linesep.encode("ascii")
    boundary = boundary_for(newline.join([text, html]))
    policy = _policy(linesep)
    out = [
        policy.fold_binary("Content-Type", f'multipart/alternative; boundary="{boundary}"'),
        policy.fold_binary("MIME-Version", "1.0"),
        *(policy.fold_binary(name, value) for name, value in written),
        newline,
    ]
    delimiter = b"--" + boundary.encode("ascii")
    out.append(delimiter + newline)
    out.append(text)
    out.append(newline + delimiter + newline)
    out.append(html)
    out.append(newline + delimiter + b"--" + newline)
    return b"".join(out)


def _text_part(subtype: str, text: str, linesep: str) -> bytes | None:
    """A UTF-8 text part as the generator writes it (7bit or 8bit), or None where Django
    would encode it as quoted-printable (a line too long) or cannot encode it at all."""
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    # Django's test (``SafeMIMEText.set_payload``) splits at more kinds of line break than
    # "\n": no longer line between "\n"s, then no longer line of its own either.
    longest = max(len(line) for line in raw.split(b"\n"))
    if longest > RFC5322_EMAIL_LINE_LENGTH_LIMIT and any(
        len(line.encode(errors="surrogateescape")) > RFC5322_EMAIL_LINE_LENGTH_LIMIT
        for line in text.splitlines()
    ):
        return None
    policy = _policy(linesep)
    header = b"".join(
        [
            policy.fold_binary("Content-Type", f'text/{subtype}; charset="utf-8"'),
            policy.fold_binary("MIME-Version", "1.0"),
            policy.fold_binary("Content-Transfer-Encoding", "7bit" if raw.isascii() else "8bit"),
            linesep.encode("ascii"),
        ]
    )
    return header + _LINE_BREAK.sub(linesep, text).encode("utf-8")


def _policy(linesep: str) -> Any:
    policy = _POLICIES.get(linesep)
    if policy is None:
        policy = _POLICIES[linesep] = quick_headers.clone(linesep=linesep)
    return policy

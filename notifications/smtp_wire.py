"""The bytes a worker hands to its SMTP server, for less CPU than Django's SMTP backend.

For every message, Django's SMTP backend (``EmailBackend._send``) parses the sender's and
each recipient's address with the standard library's header parser to sanitise them, then
turns the MIME message into bytes with ``BytesGenerator``, which checks that the random
boundary of each multipart part does not occur in the part by compiling a new regular
expression (its boundary is new every time, so the ``re`` module's cache never helps): about
a tenth of a turn email's CPU together, for the same few addresses and a check that a plain
substring test answers as well.

``envelope`` gives what ``_send`` gives ``sendmail``, byte for byte:

* an address is sanitised once per process (``sanitize_address`` depends on the address and
  the charset alone; an address it refuses is refused every time, not remembered);
* the boundary is drawn as the standard library draws it (the same call to ``random``, the
  same format), and when ``--<boundary>`` does not occur anywhere in the part's text it
  cannot start a line of it either, so it is the one the standard library keeps; only
  otherwise does its regular expression decide, exactly as it would.

``tests/notifications/test_smtp_wire.py`` compares both with Django's path.
"""

from __future__ import annotations

import functools
import random
import re
import smtplib
import sys
from email.generator import BytesGenerator
from io import BytesIO
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.backends.smtp import EmailBackend as SMTPBackend
from django.core.mail.message import sanitize_address

# Django's own SMTP backend, which the worker's kept connections replace by ``EmailBackend``.
DJANGO_SMTP = "django.core.mail.backends.smtp.EmailBackend"
BACKEND = "notifications.smtp_wire.EmailBackend"

# The standard library's boundary: fifteen "=", the token on as many digits as sys.maxsize
# has, "==" (``email.generator.Generator._make_boundary``).
_TOKEN_WIDTH = len(repr(sys.maxsize - 1))


@functools.lru_cache(maxsize=4096)
def _sanitized(address: str, encoding: str) -> str:
    return sanitize_address(address, encoding)


def address(value: Any, encoding: str) -> str:
    """``sanitize_address(value, encoding)``, worked out once per address and charset."""
    if isinstance(value, str) and isinstance(encoding, str):
        return _sanitized(value, encoding)
    return sanitize_address(value, encoding)


class QuickBoundaryGenerator(BytesGenerator):
    """``BytesGenerator`` whose boundaries skip the regular expression when a substring
    test shows that the boundary cannot occur in the part."""

    @classmethod
    def _make_boundary(cls, text: Any = None) -> str:
        return boundary_for(text)


def boundary_for(text: Any = None) -> str:
    """A MIME boundary that does not occur in ``text``, drawn as the standard library's
    generator draws it (``notifications.mime_direct`` writes its messages with it too)."""
    token = random.randrange(sys.maxsize)
    boundary = ("=" * 15) + f"{token:0{_TOKEN_WIDTH}d}" + "=="
    if text is None:
        return boundary
    marker = "--" + boundary
    if (marker.encode("ascii") if isinstance(text, bytes) else marker) not in text:
        return boundary
    # As the standard library goes on from its first draw.
    found, counter = boundary, 0
    while _line(found, text).search(text):
        found = boundary + "." + str(counter)
        counter += 1
    return found


def _line(boundary: str, text: str | bytes) -> re.Pattern[Any]:
    """The standard library's expression for a line that is ``boundary`` (``_compile_re``:
    bytes for ``BytesGenerator``'s text)."""
    pattern = "^--" + re.escape(boundary) + "(--)?$"
    if isinstance(text, bytes):
        return re.compile(pattern.encode("ascii"), re.MULTILINE)
    return re.compile(pattern, re.MULTILINE)


def wire_bytes(message: Any, linesep: str = "\r\n") -> bytes:
    """``message.as_bytes(linesep=linesep)`` for a MIME message built by Django."""
    out = BytesIO()
    QuickBoundaryGenerator(out, mangle_from_=False).flatten(
        message, unixfrom=False, linesep=linesep
    )
    return out.getvalue()


def envelope(email: EmailMessage) -> tuple[str, list[str], bytes]:
    """(sender, recipients, message bytes): what Django's SMTP backend hands ``sendmail``.

    An email that writes its own bytes (``written_bytes()``, None when it cannot: a player's
    email, ``notifications.mime_direct``) is asked first; any other goes through Django's
    MIME message."""
    encoding = email.encoding or settings.DEFAULT_CHARSET
    sender = address(email.from_email, encoding)
    recipients = [address(value, encoding) for value in email.recipients()]
    written = getattr(email, "written_bytes", None)
    data = written() if written is not None else None
    return sender, recipients, data if data is not None else wire_bytes(email.message())


class EmailBackend(SMTPBackend):
    """Django's SMTP backend, sending each message's ``envelope``."""

    def _send(self, email_message: EmailMessage) -> bool:
        if not email_message.recipients():
            return False
        sender, recipients, data = envelope(email_message)
        assert self.connection is not None, "send_messages opens it first"
        try:
            self.connection.sendmail(sender, recipients, data)
        except smtplib.SMTPException:
            if not self.fail_silently:
                raise
            return False
        return True

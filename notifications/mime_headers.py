"""Headers written the quick way when the standard library's folding would leave them as
they are.

A worker turns each email into the bytes SMTP sends (``as_bytes``), and the standard
library's ``compat32`` policy runs every header, however short, through ``email.header``'s
folding algorithm: about a fifth of an email's CPU for the twenty-odd headers of a turn
email, nearly all of them plain ASCII words that fit on one line and come out unchanged.
``QuickHeaders`` writes such a header directly and hands every other one (too long,
not ASCII, several lines, runs of spaces) to ``compat32``, so the bytes are the same
(``tests/notifications/test_mime_headers.py`` checks it on random headers).
"""

from __future__ import annotations

import re
from email.policy import Compat32
from typing import Any

# Printable ASCII words separated by single spaces: what compat32 leaves as it is when the
# line fits.
_PLAIN = re.compile(r"[!-~]+(?: [!-~]+)*")


class QuickHeaders(Compat32):
    """``compat32`` with a direct path for the headers its folding would not change."""

    def _unchanged(self, name: str, value: Any) -> bool:
        limit = self.max_line_length
        if not isinstance(value, str) or not limit:
            return False
        return len(name) + 2 + len(value) <= limit and _PLAIN.fullmatch(value) is not None

    def fold(self, name: str, value: Any) -> str:
        if self._unchanged(name, value):
            return f"{name}: {value}{self.linesep}"
        return super().fold(name, value)

    def fold_binary(self, name: str, value: Any) -> bytes:
        if self._unchanged(name, value):
            return f"{name}: {value}{self.linesep}".encode("ascii")
        return super().fold_binary(name, value)


quick_headers = QuickHeaders()

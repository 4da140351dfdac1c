"""Text that came from outside, made storable.

PostgreSQL's ``text`` and ``jsonb`` cannot hold a NUL character (nor a lone UTF-16
surrogate, which a careless decoder can produce): a string carrying one fails the whole
transaction that tries to store it. Whatever a stranger sends (an email's body, a header) is
passed through ``storable`` before it is kept or shown.
"""

from __future__ import annotations

import re

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(text: str) -> str:
    """``text`` without the characters PostgreSQL cannot store (NUL, lone surrogates)."""
    return _UNSTORABLE.sub("", text)

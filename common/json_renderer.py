"""The API's JSON answers, written by orjson.

Kept apart from ``common.api``: DRF reads its renderer classes from the settings while its
views module loads, which ``common.api`` imports.
"""

from __future__ import annotations

from typing import Any

import orjson
from rest_framework import renderers
from rest_framework.utils import encoders


class JSONRenderer(renderers.JSONRenderer):
    """DRF's JSON renderer, the bytes made by orjson: a move's answer carries the whole view
    of the board (about 7 kB of JSON), which the standard library's encoder took a tenth of
    the request's time to write.

    The same bytes as DRF's compact output (UTF-8 text, no spaces, non-string keys as
    strings, U+2028 and U+2029 escaped), but for a float written with an exponent: the
    same number without the exponent's leading zero (``1e-7``, not ``1e-07``). What
    orjson does not write as DRF does (dates and times, dataclasses, lazy translations and
    the like) goes through DRF's own encoder (``_default``). Pretty-printing asked for
    (``; indent=``) and anything orjson refuses (integers beyond 64 bits, nesting past its
    limit) are left to DRF's renderer whole.
    """

    OPTIONS = (
        orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
    )

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Any = None,
    ) -> bytes:
        if data is None:
            return b""
        context = renderer_context or {}
        indent = self.get_indent(accepted_media_type or "", context)
        if self.ensure_ascii or not self.compact or indent is not None:
            return super().render(data, accepted_media_type, renderer_context)
        try:
            text = orjson.dumps(data, default=_default, option=self.OPTIONS)
        except orjson.JSONEncodeError:
            return super().render(data, accepted_media_type, renderer_context)
        return text.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")


_encoder = encoders.JSONEncoder()


def _default(value: Any) -> Any:
    """A value orjson leaves to the caller, as DRF's encoder writes it."""
    return _encoder.default(value)

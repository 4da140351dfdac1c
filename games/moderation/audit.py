"""Every moderator action says why, and is written to the audit log (``ModerationAction``)."""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import InvalidRequestError

MAX_REASON_CHARS = 2000


def check_reason(reason: str) -> str:
    """The reason stripped; refused when empty or too long (every action must say why)."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidRequestError("reason_required", gettext("Say why: a reason is required."))
    if len(reason) > MAX_REASON_CHARS:
        raise InvalidRequestError("reason_too_long", gettext("The reason is too long."))
    return reason

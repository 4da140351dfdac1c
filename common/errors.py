"""Errors a service raises for a request it refuses: a machine code, a sentence for people and
an HTTP status.

Services and selectors of every app raise them and know nothing of HTTP otherwise; the API's
exception handler (``common.api``) and the web pages turn one into ``{"code", "message",
...extra}`` with its status. Apps add their own subclasses (``games.errors``).
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


class InvalidRequestError(ServiceError):
    """The request cannot be carried out as asked (bad move, bad option, bad seq)."""

    status = 400


class NotAllowedError(ServiceError):
    """The user may not do this (not seated, not their turn, not the creator)."""

    status = 403


class NotFoundError(ServiceError):
    """What the request names does not exist (or is not visible to the user)."""

    status = 404


class ConflictError(ServiceError):
    """The thing is not in a state that allows this (not open, not active, full, ...)."""

    status = 409


class RateLimitedError(ServiceError):
    """Too many of these in too short a time (chat lines, reports): try again later."""

    status = 429

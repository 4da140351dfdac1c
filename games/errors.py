"""Domain errors of the game service: a machine code, a human sentence and an HTTP status.

The API's exception handler turns each into ``{"code", "message", ...extra}`` with its
status; services and selectors raise them and know nothing of HTTP otherwise.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    status = 400

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


class InvalidRequestError(GameError):
    """The request cannot be carried out as asked (bad move, bad option, bad seq)."""

    status = 400


class NotAllowedError(GameError):
    """The user may not do this in this game (not seated, not their turn, not the creator)."""

    status = 403


class GameNotFoundError(GameError):
    status = 404

    def __init__(self, game_id: str) -> None:
        super().__init__("game_not_found", f"There is no game {game_id!r}.")


class ConflictError(GameError):
    """The game is not in a state that allows this (not open, not active, full, ...)."""

    status = 409


class RateLimitedError(GameError):
    """Too many of these in too short a time (chat lines, reports): try again later."""

    status = 429


class StaleVersionError(ConflictError):
    def __init__(self, *, expected: int, current: int) -> None:
        super().__init__(
            "stale_version",
            f"The game is at version {current}, not {expected}: reload it and try again.",
            current_version=current,
        )
        self.current_version = current

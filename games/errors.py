"""The game service's own errors, beside the generic ones of ``common.errors`` (which the
game services raise too: a bad move is an ``InvalidRequestError``, a full game a
``ConflictError``)."""

from __future__ import annotations

from common.errors import ConflictError, NotFoundError


class GameNotFoundError(NotFoundError):
    def __init__(self, game_id: str) -> None:
        super().__init__("game_not_found", f"There is no game {game_id!r}.")


class StaleVersionError(ConflictError):
    """The request was made against a version of the game that is no longer the last."""

    def __init__(self, *, expected: int, current: int, message: str = "") -> None:
        super().__init__(
            "stale_version",
            message
            or f"The game is at version {current}, not {expected}: reload it and try again.",
            current_version=current,
        )
        self.expected_version = expected
        self.current_version = current

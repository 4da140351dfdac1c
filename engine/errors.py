"""The one error the engine raises for a move it refuses."""

from __future__ import annotations


class IllegalMove(ValueError):  # noqa: N818 - the contract names it so
    """A move that is not legal now.

    Carries a machine ``code`` (for APIs and tests) and a sentence a player can act on.
    The state passed to ``engine.apply`` is never modified when this is raised.
    """

    def __init__(self, code: str, message: str | None = None) -> None:
        if message is None:
            code, message = "illegal_move", code
        super().__init__(message)
        self.code = code
        self.message = message

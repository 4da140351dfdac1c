"""The game service's own errors, beside the generic ones of ``common.errors`` (which the
game services raise too: a bad move is an ``InvalidRequestError``, a full game a
``ConflictError``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from common.errors import ConflictError, NotFoundError


class GameNotFoundError(NotFoundError):
    def __init__(self, game_id: str) -> None:
        super().__init__(
            "game_not_found", _("There is no game %(game)s.") % {"game": repr(game_id)}
        )


class StaleVersionError(ConflictError):
    """The request was made against a version of the game that is no longer the last."""

    def __init__(self, *, expected: int, current: int, message: str = "") -> None:
        super().__init__(
            "stale_version",
            message
            or _("The game is at version %(current)d, not %(expected)d: reload it and try again.")
            % {"current": current, "expected": expected},
            current_version=current,
        )
        self.expected_version = expected
        self.current_version = current

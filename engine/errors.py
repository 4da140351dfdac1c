"""The one error the engine raises for a move it refuses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class IllegalMove(ValueError):  # noqa: N818 - the contract names it so
    """A move that is not legal now.

    Carries a machine ``code`` (for APIs and tests), a sentence a player can act on, in
    English, and the ``details`` the sentence was made from (strings and numbers), so that a
    caller can say the same in another language: the code and the details' names choose the
    sentence, the details fill it. The state passed to ``engine.apply`` is never modified
    when this is raised.
    """

    def __init__(self, code: str, message: str | None = None, **details: str | int) -> None:
        if message is None:
            code, message = "illegal_move", code
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


def not_legal(move: Mapping[Any, Any], legal: Sequence[Mapping[str, Any]]) -> IllegalMove:
    """The refusal of ``move``, which is not among the ``legal`` moves: no move of its type is
    possible (details ``type`` and ``kinds``), or only others of its type (``type`` and
    ``count``)."""
    kinds = sorted({str(m["type"]) for m in legal})
    kind = repr(move.get("type"))
    if move.get("type") not in kinds:
        return IllegalMove(
            "illegal_move",
            f"A {kind} move is not possible now; possible moves are of type: {', '.join(kinds)}.",
            type=kind,
            kinds=", ".join(kinds),
        )
    same = sum(1 for m in legal if m["type"] == move.get("type"))
    return IllegalMove(
        "illegal_move",
        f"That {kind} move is not legal now ({same} such moves are).",
        type=kind,
        count=same,
    )

"""What the game page shows of takebacks (``games.services.takebacks``): the request waiting
and who still has to answer, the answer buttons for a player asked, or the button to ask
with the decision it would take back; when that decision can no longer be taken back, the
reason, so that nobody presses a button bound to be refused.
"""

from __future__ import annotations

from typing import Any

from common.errors import ConflictError
from games import services
from games.lineage import Lineage
from games.models import Game, GameStatus, Seat, SeatStatus


def takeback_context(
    game: Game, my_seat: Seat | None, names: dict[int, str], lineage: Lineage | None = None
) -> dict[str, Any]:
    """The page's ``takeback`` entry: None for a spectator, a bot's seat or a game not
    running; else the request waiting (and whether the viewer is to answer it), or what
    the viewer may ask to take back, or why not (``lineage``: the game's, when the page
    has read it)."""
    if (
        my_seat is None
        or my_seat.bot
        or my_seat.status != SeatStatus.PLAYING
        or game.status != GameStatus.ACTIVE
    ):
        return {"takeback": None}
    pending = services.takeback_request(game)
    if pending is not None:
        return {
            "takeback": {
                "request": pending.seq,
                "asker": names.get(pending.seat, ""),
                "mine": pending.seat == my_seat.index,
                "decision": pending.decision,
                "text": pending.text,
                "to_answer": my_seat.index in pending.waiting,
                "waiting": [names.get(seat, "") for seat in pending.waiting],
            }
        }
    try:
        target = services.takeback_target(game, my_seat.index, lineage)
    except ConflictError as error:
        # Nothing committed yet, or the running turn's (Undo's) decision: nothing to say.
        if error.code != "takeback_revealed":
            return {"takeback": None}
        return {"takeback": {"request": None, "refusal": error.message}}
    return {"takeback": {"request": None, "decision": target.decision, "text": target.text}}

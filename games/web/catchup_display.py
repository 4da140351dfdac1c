"""The game page's "since your last decision": the others' moves that concern the player
(``games.catchup``), shown at the top when it is their turn, with a link that steps the
replay viewer through those moves only."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games import catchup
from games.models import Game, Seat


def catchup_context(
    game: Game, my_seat: Seat | None, your_turn: bool, names: dict[int, str]
) -> dict[str, Any]:
    if my_seat is None or not your_turn:
        return {"catchup": None}
    found = catchup.concerns_since_last_decision(game, my_seat.index)
    if not found:
        return {"catchup": None}
    seqs = [concern.seq for concern in found]
    replay = reverse("game-replay", kwargs={"public_id": game.public_id})
    return {
        "catchup": {
            "moves": [
                {
                    "seq": concern.seq,
                    "who": names.get(concern.seat, "") if concern.seat is not None else "",
                    "lines": concern.lines,
                }
                for concern in found
            ],
            "count": len(found),
            "replay_url": f"{replay}?at={seqs[0]}&only={','.join(map(str, seqs))}",
        }
    }

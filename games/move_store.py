"""Moves and their notation, each stored once for all the move events that play the same.

A move event's payload was its move (a small dict) and its notation (a line of text), about
90 bytes of each of a finished game's ~450 events, while the same moves come back in game
after game: 1,219 different ones in 16,000 moves of 40 random games. So a move and its
notation are a ``PlayedMove`` row, written the first time they are played, and a move event
keeps its number (``Event.played``, 4 bytes). Readers see no difference: the payload is
whole in memory, written without them (``EventPayloadField``) and given them back as the
events are loaded (``EventIterable``); rows read as values go through ``payloads``. Events
written before keep their move and notation in the payload, and read as they always did.

Rows are only ever added, so a move played before asks nothing of the database once its
number is known in the process (kept once the writing transaction has committed: a move
rolled back takes its new row with it). A new row never makes a move wait for another
transaction (``games.interning``): while another is writing the same new row, the move keeps
its move and notation in its payload instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from django.db import transaction

from games import interning
from games.models import PlayedMove, whole_payload

# Digests kept per process; past it the cache starts again.
CACHE_SIZE = 50_000

_ids: dict[str, int] = {}  # digest -> row id


def played_id(move: Mapping[str, Any], text: str) -> int | None:
    """The number of this move with this notation, written now if it was never played (in
    the caller's transaction, which a move's is); None when another transaction is writing
    the same new row right now (the event then keeps both in its payload)."""
    key = interning.digest([move, text])
    found = _ids.get(key)
    if found is None:
        found = interning.row_id(PlayedMove, key, {"move": move, "text": text})
        if found is None:
            return None
        transaction.on_commit(partial(_remember, key, found))
    return found


def _remember(key: str, pk: int) -> None:
    if len(_ids) >= CACHE_SIZE:
        _ids.clear()
    _ids[key] = pk


def payloads(
    rows: Iterable[tuple[int, dict[str, Any], Any, str | None]],
) -> dict[int, dict[str, Any]]:
    """Whole payloads by seq, of events read as values rather than as models (the replay's
    reads, which need nothing else): ``(seq, payload, move, text)``, the last two those of
    the event's ``PlayedMove`` (``READ``)."""
    return {seq: whole_payload(payload, move, text) for seq, payload, move, text in rows}


# The values that ``payloads`` reads of each event, after its seq.
READ = ("payload", "played__move", "played__text")


def forget() -> None:
    """Empty the process's cache (tests, whose database starts again)."""
    _ids.clear()

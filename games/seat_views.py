"""The seats' views that this process last answered moves with, for the moves that follow.

A move's answer carries the mover's view of the new position (``games.api``), and the next
decision of the same turn starts from that very position: its log line is written from the
mover's view before the move (``games.ledger.move_event``). A player's requests usually
reach the same process (one keep-alive connection), so the process keeps the views it
answered with last and the next move reads its view here instead of drawing it again (the
engine's view of a position at move 150 costs about 160 µs, more than applying the move).

A view depends on nothing but the position and the seat, so an entry is used only for the
position it was drawn from, as the replay's caches are (``games.replay``): its key is the
engine version, the game, the seq and the seat, and the time the game row was last updated,
which every event changes (an entry of a timeline that did not last never matches). Views
are shared, never changed: the answer serialises one, the log line only reads it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime

import engine
from engine import View
from games.models import Game

# Views kept by each process (the last moves' answers: a few tens of kB each).
SIZE = 128

Key = tuple[str, str, int, int, datetime | None]

_views: OrderedDict[Key, View] = OrderedDict()
_lock = threading.Lock()


def _key(game: Game, seq: int, seat: int) -> Key:
    return (engine.ENGINE_VERSION, game.public_id, seq, seat, game.updated_at)


def remember(game: Game, seq: int, seat: int, view: View) -> None:
    """Keep ``seat``'s ``view`` of the position after event ``seq``, which must be the game's
    current position as the row ``game`` says (its version and last update)."""
    if game.version != seq:
        return
    key = _key(game, seq, seat)
    with _lock:
        _views[key] = view
        _views.move_to_end(key)
        while len(_views) > SIZE:
            _views.popitem(last=False)


def recall(game: Game, seat: int) -> View | None:
    """``seat``'s view of the game's current position (the row ``game`` as it is now), if this
    process answered with it; else None."""
    with _lock:
        return _views.get(_key(game, game.version, seat))


def clear() -> None:
    """Forget every view (tests)."""
    with _lock:
        _views.clear()

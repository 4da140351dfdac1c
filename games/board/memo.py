"""Drawn pieces kept by what they show, so that a position mostly reuses the last one's.

A page redraws the whole table after every move, yet a move changes a few pieces of it: a
space gains a building, an engine moves, a card leaves the market. Each region draws its
pieces (a trail space, a station, a card) through a ``Pieces`` cache, keyed by everything
the piece is drawn from, as ``freeze`` makes it hashable; a piece is built as elements and
written out (``elements.frozen``) the first time it is seen, and placed as markup after.

A key must hold everything its piece is drawn from, or a piece would be drawn from stale
values: each ``Pieces.get`` call builds its key next to the code that reads the view, and
``tests/games/test_board_elements.py`` checks that kept pieces never change a drawing.

Each cache is bounded (a hundred to two thousand pieces of about 0.5 KB): under 10 MB per
process in all. A first draw, with nothing kept, costs about 2.5 times what writing the
markup directly did; a redraw after a move a quarter (``bench/README.md``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import ParamSpec

from django.utils.translation import get_language

from games.board.elements import Markup, Node, frozen

__all__ = ["Pieces", "clear_all", "freeze"]

P = ParamSpec("P")


def freeze(value: object) -> Hashable:
    """A hashable stand-in for a piece of the view: dicts as (key, value) pairs, lists as
    tuples. Equal values give equal keys, as Python compares them: a dict and a list of
    pairs, or ``1`` and ``1.0``, may share one; no piece of the view is one where the
    other is expected (the engine's views hold ints, never floats)."""
    if isinstance(value, dict):
        items = tuple(value.items())
        try:
            hash(items)
        except TypeError:
            return tuple((k, freeze(v)) for k, v in items)
        return items
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


class Pieces:
    """At most ``size`` written-out pieces by key; the oldest goes first when full."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: dict[Hashable, Markup] = {}
        self._lock = threading.Lock()
        _ALL.append(self)

    def get(
        self, key: Hashable, build: Callable[P, Node], /, *args: P.args, **kwargs: P.kwargs
    ) -> Markup:
        """The piece kept under ``key`` in the active language (a piece's titles are words
        in the reader's language); when not yet there, ``build(*args, **kwargs)`` written out
        and kept."""
        key = (get_language(), key)
        piece = self._items.get(key)
        if piece is None:
            piece = frozen(build(*args, **kwargs))
            with self._lock:
                while len(self._items) >= self._size:
                    del self._items[next(iter(self._items))]
                self._items[key] = piece
        return piece

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


_ALL: list[Pieces] = []


def clear_all() -> None:
    """Forget every kept piece (to measure or test drawing from nothing)."""
    for pieces in _ALL:
        pieces.clear()

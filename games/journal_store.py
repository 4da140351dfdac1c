"""The game log's lines, each stored once for all the moves that read the same.

A move's line ("hired a builder for $7 (job market row 3)") is written when the move is
played, in English and in the site's other languages (``games.terms.journal``). Kept in
every event, the two languages were about 150 bytes of each move's payload, the largest
avoidable part of a finished game's storage (``bench/README.md``, "Storage"); yet the same
lines come back in game after game: 1,280 different ones for 9,500 moves of 27 games. So a
line is a ``JournalLine`` row, written the first time it is said, and a move event keeps
its number (``Event.line``, 4 bytes) whatever language its readers speak. Events written
before keep their words in the payload (``JOURNAL``, ``JOURNALS``), and read as they
always did.

Rows are only ever added, so both directions are cached in the process for good: a move
whose line was said before asks nothing of the database, and a page of the log asks at most
one query for the lines it has not read yet (``lines_of``). What a transaction wrote or
read is cached once it has committed: a move rolled back takes its new row with it, and its
number may then be given to another line (SQLite reuses it).

A new line never makes a move wait for another transaction (``games.interning``): while
another is writing the same new line, the move keeps the words in its payload instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from django.db import transaction

from games import interning
from games.models import JOURNAL, JOURNALS, Event, JournalLine

if TYPE_CHECKING:
    from games.event_rows import EventRow

# Lines kept per process, each way (a few hundred bytes each); past it the cache starts again.
CACHE_SIZE = 50_000

Words = tuple[str, dict[str, str]]  # the English line, and the others by language
Lines = Mapping[int, Words]

_ids: dict[str, int] = {}  # digest -> row id
_words: dict[int, Words] = {}  # row id -> its words


def digest(english: str, others: Mapping[str, str]) -> str:
    """The key of a line in every language (the row's unique ``digest``)."""
    return interning.digest([english, dict(others)])


def line_id(english: str, others: Mapping[str, str]) -> int | None:
    """The number of this line, written now if it was never said (in the caller's
    transaction, which a move's is); None when another transaction is writing the same new
    line right now (the move then keeps the words in its payload: waiting for that one
    could deadlock)."""
    key = digest(english, others)
    found = _ids.get(key)
    if found is None:
        values = {"english": english, "others": dict(others)}
        found = interning.row_id(JournalLine, key, values)
        if found is None:
            return None
        transaction.on_commit(partial(_remember, key, found, (english, dict(others))))
    return found


def _remember(key: str, pk: int, words: Words) -> None:
    if len(_ids) >= CACHE_SIZE:
        _ids.clear()
    _ids[key] = pk
    _keep(pk, words)


def _keep(pk: int, words: Words) -> None:
    if len(_words) >= CACHE_SIZE:
        _words.clear()
    _words[pk] = words


def lines_of(events: Iterable[Event | EventRow]) -> dict[int, Words]:
    """The words of these events' lines, by number: those the process has, and the others
    in one query (cached once the reading transaction has committed)."""
    numbers = {event.line_id for event in events if event.line_id is not None}
    found = {number: _words[number] for number in numbers if number in _words}
    missing = numbers - found.keys()
    if missing:
        rows = JournalLine.objects.filter(pk__in=missing).values_list("pk", "english", "others")
        for pk, english, others in rows:
            found[pk] = (english, dict(others or {}))
            transaction.on_commit(partial(_keep, pk, found[pk]))
    return found


def event_line(event: Event | EventRow, language: str, lines: Lines | None = None) -> str:
    """A move event's line in ``language`` (the English one where that language has none);
    "" when it has none (played before lines were written, or not said). ``lines``: from
    ``lines_of`` for the events being shown, else the event's is read alone."""
    if event.line_id is not None:
        words = (lines if lines is not None else lines_of([event])).get(event.line_id)
        if words is None:
            return ""
        english, others = words
    else:
        payload = event.payload or {}
        english, others = str(payload.get(JOURNAL) or ""), payload.get(JOURNALS) or {}
    return str(others.get(language) or english)


def forget() -> None:
    """Empty the process's caches (tests, whose database starts again)."""
    _ids.clear()
    _words.clear()

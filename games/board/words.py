"""How seats, tiles, cards and fees are named on the board: the words of titles and labels.

Shared by every region (``games/board/trail.py`` and the others) and by the text
descriptions (``games/board/describe.py``); the short labels and names themselves are data
in ``games/board/layout.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from engine.data import player_board as board_data
from games.board import layout as lay
from games.board.editions import BREED_NAMES
from games.models import SEAT_COLOURS
from games.terms import names as term_names
from games.terms.names import colour_name
from games.terms.places import station_master_words

View = Mapping[str, Any]
"""The engine's view of a position (``engine.view``), as the board reads it."""

Names = Sequence[str] | None
"""Player names by seat, when known (an empty name counts as unknown)."""


def seat_colour(seat: int) -> str:
    """The colour name of a seat, as ``Seat.colour`` stores it."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_label(seat: int, names: Names = None) -> str:
    """How a seat is named in titles: the player's name when known, always number and colour."""
    values = {"number": seat + 1, "colour": colour_name(seat_colour(seat))}
    if names and seat < len(names) and names[seat]:
        return gettext("%(name)s, seat %(number)d (%(colour)s)") % {**values, "name": names[seat]}
    return gettext("Seat %(number)d (%(colour)s)") % values


def names_key(names: Names, seats: Iterable[int]) -> tuple[str, ...]:
    """The names of ``seats`` alone (an unknown name as ``""``, as ``seat_label`` reads it):
    what a kept piece that names those seats and no others is drawn from of ``names``
    (``games/board/memo.py``). Keyed by every name, a piece that names nobody, or only the
    same people, was drawn again for each game, whose players are other people."""
    return tuple(names[s] if names and s < len(names) else "" for s in seats)


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def player_count(view: View) -> int:
    """How many seats the game has (the hand fees depend on it)."""
    return int(view.get("num_players") or len(view["players"]))


def fee(players: int, hand: str) -> int:
    """The fee, in dollars, of a black or green hand in a game of ``players`` seats."""
    return board_data.FEES.get(players, {}).get(hand, 0)


def tile_words(tile: Mapping[str, Any] | None) -> str:
    """A tile in words, without its id (the notation help keeps the ids), in the active
    language."""
    if not tile:
        return pgettext("tile", "empty")
    kind = tile.get("kind")
    kind_type = str(tile.get("type"))
    hand = _colour(tile.get("hand"))
    if kind == "worker":
        pair = term_names.WORKERS.get(kind_type)
        return pair[0] if pair else kind_type
    if kind == "hazard":
        return gettext("%(type)s hazard, %(vp)s VP, %(hand)s hand") % {
            "type": term_names.HAZARDS.get(kind_type, kind_type),
            "vp": tile.get("vp"),
            "hand": hand,
        }
    if kind == "teepee":
        return gettext("%(colour)s teepee, %(hand)s hand") % {
            "colour": _colour(kind_type),
            "hand": hand,
        }
    if kind == "outlaw":
        return gettext("%(colour)s outlaw, %(hand)s hand") % {
            "colour": _colour(kind_type),
            "hand": hand,
        }
    if kind == "station_master":
        return gettext("station master: %(words)s") % {"words": station_master_words(tile)}
    return pgettext("tile", "tile")


def _colour(colour: object) -> str:
    """A tile's or hand's printed colour in the active language (an unknown one as it is)."""
    return term_names.TILE_COLOURS.get(str(colour), str(colour)) or str(colour)


def card_words(card: Mapping[str, Any]) -> str:
    """A card in words (its title on the board), in the active language."""
    if card.get("kind") == "objective":
        tasks = ", ".join(str(lay.OBJECTIVE_TASKS.get(t, str(t))) for t in card.get("tasks", []))
        penalty = card.get("penalty") or 0
        tail = gettext(", %(penalty)s VP if failed") % {"penalty": penalty} if penalty else ""
        action = str(lay.OBJECTIVE_ACTIONS.get(card.get("action"), str(card.get("action"))))
        return gettext("objective card (%(action)s): %(tasks)s; %(vp)s VP%(tail)s") % {
            "action": action,
            "tasks": tasks,
            "vp": card.get("vp"),
            "tail": tail,
        }
    breed = BREED_NAMES.get(str(card.get("breed")), str(card.get("breed")))
    return gettext("%(breed)s, breeding value %(value)s, %(vp)s VP") % {
        "breed": breed,
        "value": card.get("value"),
        "vp": card.get("vp"),
    }


def shorten(text: str, limit: int) -> str:
    """Cut a line that would run off the board; the full text stays in the ``<desc>``."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"

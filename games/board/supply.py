"""The tiles still to come: the foresight spaces (two per column) and the Kansas City
supply bags, with the count of tiles out of the game; with the 2nd edition's Simmental
variant, the Heifer and Cow stacks beside them.

A foresight column is kept by its tiles (``games/board/memo.py``), the supply by its counts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.board import layout as lay
from games.board.editions import SIMMENTAL_STAGES, edition
from games.board.elements import Element, Markup, frozen
from games.board.memo import Pieces, freeze
from games.board.pieces import group, heading, rect, text, tile_piece
from games.board.words import View, player_count, tile_words

Tile = Mapping[str, Any] | None

# A supply pile's count, by what the edition calls the piles (``BoardEdition.supply_word``).
SUPPLY_LABELS: Mapping[str, Callable[[int], str]] = {
    "Supply": lambda n: ngettext("Supply %(bag)s: %(n)d tile", "Supply %(bag)s: %(n)d tiles", n),
    "Bag": lambda n: ngettext("Bag %(bag)s: %(n)d tile", "Bag %(bag)s: %(n)d tiles", n),
}

# The Simmental variant's stacks by the stage's card name (``SIMMENTAL_STAGES``): the
# label drawn in the box, and the title said of it.
SIMMENTAL_STACK_LABELS: Mapping[str, Callable[[], str]] = {
    "heifer": lambda: gettext("Heifers (stage %(stage)d): %(n)d"),
    "cow": lambda: gettext("Cows (stage %(stage)d): %(n)d"),
}
SIMMENTAL_STACK_WORDS: Mapping[str, Callable[[int], str]] = {
    "heifer": lambda n: ngettext(
        "Simmental heifer stack (stage %(stage)d): %(n)d card",
        "Simmental heifer stack (stage %(stage)d): %(n)d cards",
        n,
    ),
    "cow": lambda n: ngettext(
        "Simmental cow stack (stage %(stage)d): %(n)d card",
        "Simmental cow stack (stage %(stage)d): %(n)d cards",
        n,
    ),
}

_COLUMNS = Pieces(512)
_SUPPLY = Pieces(128)


def foresight_and_supply(view: View) -> list[Element]:
    """A ``<g class="foresight">`` and a ``<g class="supply">``.

    :param view: the engine's view of the position.
    """
    players = player_count(view)
    foresight = Element(
        "g",
        {"class": "foresight"},
        heading(lay.FORESIGHT_LEFT, lay.FORESIGHT_TOP - 14, gettext("Foresight")),
    )
    for col, pair in enumerate(view.get("foresight", [])):
        key = (col, freeze(pair), players)
        foresight.children.append(_COLUMNS.get(key, _column, col, pair, players))
    supply = view.get("supply", {})
    counts = tuple(int(supply.get(bag, {}).get("count", 0)) for bag in ("1", "2", "3"))
    removed = len(view.get("removed_tiles", []))
    word = edition(view).supply_word
    bags = _SUPPLY.get((counts, removed, word), _supply, counts, removed, word)
    out = [foresight, Element("g", {"class": "supply"}, bags)]
    simmental = view.get("simmental")
    if simmental and (view.get("options") or {}).get("simmental"):
        stacks = tuple(int(simmental.get(s, {}).get("count", 0)) for s in ("2", "3"))
        out.append(
            Element(
                "g",
                {"class": "simmental-stacks"},
                _SUPPLY.get(("simmental", stacks), _simmental_stacks, stacks),
            )
        )
    return out


def _column(col: int, pair: Sequence[Tile], players: int) -> Markup:
    """Column ``col`` of the foresight spaces: its number and its two tiles."""
    x = lay.FORESIGHT_LEFT + col * (lay.TILE_W + 12)
    y0 = lay.FORESIGHT_TOP
    nodes = [text(x + lay.TILE_W / 2, y0 + 2, str(col + 1), "foresight-col")]
    for row, tile in enumerate(pair):
        y = y0 + 8 + row * (lay.TILE_H + 6)
        words = gettext("foresight column %(col)d, space %(row)d: %(tile)s") % {
            "col": col + 1,
            "row": row + 1,
            "tile": tile_words(tile),
        }
        space = group("foresight-space", words, foresight=f"{col}-{row}")
        space.children += tile_piece(players, tile, x, y)
        nodes.append(space)
    return frozen(*nodes)


def _supply(counts: tuple[int, ...], removed: int, word: str) -> Markup:
    """The heading, the three supply stacks' (bags') counts, and the tiles out of the game;
    ``word`` is what the edition calls one of the three."""
    sx, y0 = lay.SUPPLY_LEFT, lay.FORESIGHT_TOP
    nodes = [heading(sx, y0 - 14, gettext("Kansas City supply"))]
    for i, (bag, n) in enumerate(zip(("1", "2", "3"), counts, strict=True)):
        y = y0 + 8 + i * 26
        label = SUPPLY_LABELS[word](n) % {"bag": bag, "n": n}
        nodes.append(
            group("supply-bag", label, bag=bag).append(
                rect(sx, y, 150, 22, "count-box"),
                text(sx + 8, y + 15, label, "count-text"),
            )
        )
    y = y0 + 8 + 3 * 26
    nodes.append(
        group("removed-tiles", gettext("tiles out of the game: %(n)d") % {"n": removed}).append(
            text(sx + 8, y + 12, gettext("Tiles out of game: %(n)d") % {"n": removed}, "count-text")
        )
    )
    return frozen(*nodes)


def _simmental_stacks(stacks: tuple[int, ...]) -> Markup:
    """The Simmental variant's stage-2 and stage-3 stacks beside Kansas City: their counts
    (face up, but only the number left matters)."""
    sx, y0 = lay.SIMMENTAL_STACKS_LEFT, lay.FORESIGHT_TOP
    nodes = [text(sx, y0 + 2, gettext("Simmental stacks"), "count-heading")]
    for i, (stage, n) in enumerate(zip((2, 3), stacks, strict=True)):
        name = SIMMENTAL_STAGES[stage][0]
        y = y0 + 8 + i * 26
        values = {"stage": stage, "n": n}
        label = SIMMENTAL_STACK_LABELS[name]() % values
        words = SIMMENTAL_STACK_WORDS[name](n) % values
        nodes.append(
            group("simmental-stack", words, stage=stage).append(
                rect(sx, y, 150, 22, "count-box simmental"),
                text(sx + 8, y + 15, label, "count-text"),
            )
        )
    return frozen(*nodes)

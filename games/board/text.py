"""The table in words, region by region: what the text view of the game page reads out.

A screen reader cannot follow a drawing of 1,400 pieces, but every piece drawn already
carries its words: each region's ``<title>`` texts (``games/board/pieces.py``) and its
printed headings. The text view is built from those same regions, drawn from the same
redacted view, so it says exactly what the board shows, in the reader's language, for both
editions, and can never reveal more than the board does. Only the outermost title of a piece
is kept (a space's title already says what lies on it, its hand-fee badge would repeat it),
and the empty spaces of the railroad are left out (the stations and the engines say where
everyone is on it).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.board.cities import cities
from games.board.elements import Element, to_markup
from games.board.job_market import job_market
from games.board.markets import markets
from games.board.player_board import player_board
from games.board.supply import foresight_and_supply
from games.board.track import track
from games.board.trail import trail
from games.board.words import Names, View

_SVG = "{http://www.w3.org/2000/svg}"
# Pieces drawn for their shape only: their words are said by another piece of the region.
_SILENT_CLASSES = frozenset({"track-space"})


@dataclass(frozen=True)
class TextGroup:
    """Sentences under one of the board's printed headings ("Job market", "Cities"; empty
    for sentences before the region's first heading)."""

    heading: str
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class TableText:
    """The shared table as groups of sentences, one list per region, in reading order."""

    trail: list[TextGroup]
    kansas_city: list[TextGroup]
    market: list[TextGroup]
    railroad: list[TextGroup]


def table_text(view: View, names: Names = None) -> TableText:
    """The shared table of ``view`` in words: the trail (with where everyone is), Kansas City
    (its foresight spaces, the supply and the job market), the cattle market and objective
    cards, and the railroad (cities, stations, engines)."""
    return TableText(
        trail=region_lines([trail(view, names=names)]),
        kansas_city=region_lines([*foresight_and_supply(view), job_market(view)]),
        market=region_lines(markets(view)),
        railroad=region_lines([cities(view, names=names), track(view, names=names)]),
    )


def player_lines(view: View, seat: int, names: Names = None) -> list[str]:
    """A player's board in words: money, workers, certificates, discs, auxiliary actions,
    buildings, tiles, objectives and cards (counts only for a hand the view hides). The
    first line, the seat's name, is left to the page's heading."""
    groups = region_lines([player_board(view, seat, names=names)])
    lines = [line for group in groups for line in group.lines]
    return lines[1:]


def region_lines(elements: Iterable[Element]) -> list[TextGroup]:
    """The outermost titles of ``elements`` in document order, grouped under the printed
    headings they follow."""
    markup = "".join(to_markup(element) for element in elements)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')
    groups = [TextGroup("")]
    for child in root:
        _collect(child, groups)
    return [group for group in groups if group.lines]


def _collect(element: ET.Element, groups: list[TextGroup]) -> None:
    classes = set((element.get("class") or "").split())
    tag = element.tag.removeprefix(_SVG)
    if classes & _SILENT_CLASSES:
        return
    if tag == "text":
        if "heading" in classes and (words := "".join(element.itertext()).strip()):
            groups.append(TextGroup(words))
        return
    title = element.find(f"{_SVG}title")
    if title is not None and title.text and tag != "svg":
        groups[-1].lines.append(title.text.strip())
        return
    for child in element:
        if child is not title:
            _collect(child, groups)

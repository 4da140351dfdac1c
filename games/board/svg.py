"""The shared table and each player's board, drawn as SVG from the engine's view.

Pure functions of the view dict (``engine.view``): no database, no request, no clock, so the
same view always gives the same markup and the game page, the replay viewer and tests can
all call them. The drawing is an element tree (``games/board/elements.py``), one module per
region of the table, each with one function from the view to its elements:

* ``games/board/trail.py``: the trail, its spaces, tiles, herders and targets;
* ``games/board/track.py``: the railroad track, stations and engines;
* ``games/board/cities.py``: the cities and their discs;
* ``games/board/job_market.py``: the job market;
* ``games/board/supply.py``: the foresight spaces and the Kansas City supply;
* ``games/board/markets.py``: the cattle market and the objective card display;
* ``games/board/player_board.py``: each player's board;
* ``games/board/describe.py``: the status line and the descriptions in words.

Geometry and labels live in ``games/board/layout.py``, wording shared by the regions in
``games/board/words.py`` and shapes they share in ``games/board/pieces.py``. The edition is
the view's (``view["edition"]``): what the drawing of each edition reads (its trail, cities,
buildings, workers, the outlaw section of the 2nd edition where the 1st has its Indian
trade section, ...) is one record per edition in ``games/board/editions.py``, and the
regions branch on that record's fields only. Pieces that
successive positions share (a space, a station, a card) are kept as markup by what they
show (``games/board/memo.py``), so a redraw after a move builds little more than what the
move changed. The look (colours, fonts, focus rings) lives in
``games/static/games/board.css`` under the class names used here, so the page can restyle
seats and spaces without touching the drawing.

Every piece drawn carries a ``<title>`` so it has a text alternative; the root carries a
``<title>`` and a ``<desc>`` summing up the position in words. Clickable spaces (the
``targets`` given by the page) become ``<a role="button">`` elements with the index of the
legal move they submit.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext

from games.board import layout as lay
from games.board.cities import cities
from games.board.describe import describe_board, describe_player, status_line
from games.board.elements import Element, title, to_markup
from games.board.job_market import job_market
from games.board.markets import markets
from games.board.pieces import rect, text
from games.board.player_board import player_board
from games.board.supply import foresight_and_supply
from games.board.track import track
from games.board.trail import trail
from games.board.words import Names, View, seat_colour, seat_label, shorten

__all__ = [
    "board",
    "board_svg",
    "describe_board",
    "describe_player",
    "player_board_svg",
    "seat_colour",
    "seat_label",
]


def board(view: View, *, targets: Mapping[str, int] | None = None, names: Names = None) -> Element:
    """The whole shared table as an ``<svg>`` element.

    :param view: the engine's view of the position (``engine.view``).
    :param targets: the spaces a click chooses, ``"loc:<trail id>"`` / ``"track:<space>"``
        to the index of the legal move the click submits. With targets the root's role is
        ``group`` rather than ``img``, because assistive technology hides everything inside
        an image, clickable spaces included.
    :param names: player names by seat, for titles and the description; seats without
        a name are called by number and colour.
    """
    role = "group" if targets else "img"
    root = Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "gwt-board",
            "viewBox": f"0 0 {lay.WIDTH} {lay.HEIGHT}",
            "role": role,
            "aria-labelledby": "gwt-board-title gwt-board-desc",
            "preserveAspectRatio": "xMidYMin meet",
            # The bands a page may show one at a time (play.js: the board's area buttons).
            **{f"data-area-{name}": " ".join(map(str, box)) for name, box in lay.AREAS.items()},
        },
        title(gettext("Game board, move %(n)s") % {"n": view.get("seq", 0)}, "gwt-board-title"),
        Element("desc", {"id": "gwt-board-desc"}, text=describe_board(view, names)),
        rect(0, 0, lay.WIDTH, lay.HEIGHT, "board-bg", r=0),
        text(lay.WIDTH - 12, 26, shorten(status_line(view, names), 80), "status-line"),
        trail(view, targets=targets, names=names),
        track(view, targets=targets, names=names),
        cities(view, names=names),
        job_market(view),
    )
    root.children += foresight_and_supply(view)
    root.children += markets(view)
    return root


def board_svg(view: View, *, targets: Mapping[str, int] | None = None, names: Names = None) -> str:
    """The whole shared table as SVG markup (to be marked safe by the caller); the keyword
    arguments are those of ``board``."""
    return to_markup(board(view, targets=targets, names=names))


def player_board_svg(view: View, seat: int, *, names: Names = None) -> str:
    """One player's board as SVG markup; hands are shown as counts only, for everyone.

    :param view: the engine's view of the position.
    :param seat: whose board.
    :param names: player names by seat, for titles.
    """
    return to_markup(player_board(view, seat, names=names))

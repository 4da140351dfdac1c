"""The cities along the bottom of the railroad: each crest with its value and the discs
delivered there, and the arrows between cities (points, objective cards, in the 2nd
edition an exchange token).

A city is kept by its discs (``games/board/memo.py``); the heading and arrows never change.
"""

from __future__ import annotations

from functools import cache

from django.utils.translation import get_language, gettext, pgettext

from games.board import layout as lay
from games.board.editions import BoardEdition, edition
from games.board.elements import Element, Markup, frozen
from games.board.memo import Pieces
from games.board.pieces import group, heading, text, token
from games.board.words import Names, View, names_key, seat_label

_CITIES = Pieces(512)


def cities(view: View, *, names: Names = None) -> Element:
    """The cities as a ``<g class="cities">``.

    :param view: the engine's view of the position.
    :param names: player names by seat, for titles.
    """
    names = tuple(names) if names else None
    ed = edition(view)
    placed = view.get("cities", {})
    g = Element("g", {"class": "cities"}, _heading(get_language() or ""))
    for city in ed.cities.ORDER:
        discs = tuple(int(s) for s in placed.get(city, []))
        key = (ed, city, discs, names_key(names, discs))  # a city names its discs' seats
        g.children.append(_CITIES.get(key, _city, ed, city, discs, names))
    g.children.append(_arrows(ed, get_language()))
    return g


def _x(ed: BoardEdition, city: str) -> float:
    return lay.CITY_LEFT + ed.cities.ORDER.index(city) * (lay.CITY_W + lay.CITY_GAP)


@cache
def _heading(language: str) -> Markup:
    """The heading, in ``language`` (the active one)."""
    return frozen(heading(16, lay.CITIES_TOP + 14, gettext("Cities")))


def _city(ed: BoardEdition, city: str, discs: tuple[int, ...], names: Names) -> Element:
    """A city's crest, its value, and each seat's discs there (with a count where several
    may be delivered)."""
    name, value, _corner, repeat = ed.cities.CITIES[city]
    x, y = _x(ed, city), lay.CITIES_TOP + 24
    counts: dict[int, int] = {}
    for s in discs:
        counts[s] = counts.get(s, 0) + 1
    disc_words = ", ".join(
        f"{seat_label(s, names)}" + (f" \u00d7{n}" if n > 1 else "") for s, n in counts.items()
    )
    values = {"city": name, "value": value, "discs": disc_words or pgettext("discs", "none")}
    words = (
        gettext("%(city)s (value %(value)s, repeatable): discs: %(discs)s")
        if repeat
        else gettext("%(city)s (value %(value)s): discs: %(discs)s")
    ) % values
    g = group("city", words, city=city).append(_crest(ed, city))
    for j, (seat, n) in enumerate(counts.items()):
        cx = x + 16 + (j % 2) * 40
        cy = y + 48 + (j // 2) * 22
        disc = group("disc", disc_city=city, count=n).append(
            token(
                cx,
                cy,
                seat,
                9,
                gettext("disc of %(seat)s") % {"seat": seat_label(seat, names)} + f" \u00d7{n}",
            )
        )
        if repeat:
            disc.append(text(cx + 19, cy + 4, f"\u00d7{n}", "disc-count"))
        g.append(disc)
    return g


@cache
def _crest(ed: BoardEdition, city: str) -> Markup:
    """A city's crest (coloured by its corner of the map), short name and value."""
    _name, value, corner, _repeat = ed.cities.CITIES[city]
    x, y = _x(ed, city), lay.CITIES_TOP + 24
    crest = (
        f"M{x:.1f} {y:.1f}h{lay.CITY_W}v{lay.CITY_H - 22}"
        f"l-{lay.CITY_W / 2:g} 22l-{lay.CITY_W / 2:g} -22z"
    )
    return frozen(
        Element("path", {"d": crest, "class": f"crest crest-{corner}"}),
        text(x + lay.CITY_W / 2, y + 13, ed.city_short[city], "city-name"),
        text(x + lay.CITY_W / 2, y + 32, value, "city-value"),
    )


@cache
def _arrows(ed: BoardEdition, language: str) -> Markup:
    """The arrows between neighbouring cities: the points (and the delivery action: an
    objective card, an exchange token) they give, in ``language`` (the active one)."""
    y = lay.CITIES_TOP + 24 + lay.CITY_H + 12
    nodes = []
    for (left, right), (action, vp) in ed.cities.ARROWS.items():
        mid = (_x(ed, left) + lay.CITY_W + _x(ed, right)) / 2
        label = f"{vp:+d}" if vp else "0"
        label += str(lay.ARROW_SHORT.get(action, "")) if action else ""
        cities = ed.cities.CITIES
        words = gettext("between %(left)s and %(right)s: %(vp)d VP") % {
            "left": cities[left][0],
            "right": cities[right][0],
            "vp": vp,
        }
        if action:
            words += ", " + str(lay.ARROW_WORDS.get(action, action))
        nodes.append(group("city-arrow", words).append(text(mid, y, label, "arrow-label")))
    return frozen(*nodes)

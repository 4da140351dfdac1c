"""The railroad: rails and crosses, the stations (their discs, station masters and worker
tiles), the track spaces a click can choose, and the engines.

Stations, track spaces and the engines on a space are kept by what they show
(``games/board/memo.py``): an engine's move redraws the two spaces it left and reached.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, pgettext
from django_stubs_ext import StrOrPromise

from engine.data import railroad
from games.board import layout as lay
from games.board.editions import edition
from games.board.elements import Element, Markup, Node, frozen
from games.board.memo import Pieces, freeze
from games.board.pieces import circle, group, heading, rect, target, target_index, text, token
from games.board.words import Names, View, names_key, seat_colour, seat_label, tile_words
from games.terms.places import ordinal, track_name

_STATIONS = Pieces(512)
_SPACES = Pieces(1024)
_ENGINES = Pieces(256)


def track(view: View, *, targets: Mapping[str, int] | None = None, names: Names = None) -> Element:
    """The railroad as a ``<g class="railroad">``.

    :param view: the engine's view of the position.
    :param targets: the track spaces a click chooses: ``"track:<space>"`` to the index of
        the legal move it submits; those spaces become ``<a role="button">``.
    :param names: player names by seat, for titles.
    """
    names = tuple(names) if names else None
    ed = edition(view)
    g = Element("g", {"class": "railroad"}, _frame(get_language() or ""))
    decision = view.get("decision") or {}
    focus = decision.get("station") if decision.get("kind") in ("station", "sm") else None
    stations = view.get("stations", {})
    masters = view.get("station_masters", {})
    workers = view.get("station_workers", {})
    for station in railroad.STATIONS:
        discs = tuple(int(s) for s in stations.get(station, []))
        master, worker = masters.get(station), workers.get(station)
        current = station == focus
        named = names_key(names, discs)  # the seats a station names: those of its discs
        station_key = (ed, station, discs, freeze(master), freeze(worker), current, named)
        sm_text = ed.station_master_text
        g.children.append(
            _STATIONS.get(
                station_key, _station, station, discs, master, worker, current, names, sm_text
            )
        )
    engines: dict[str, list[int]] = {}
    for p in view["players"]:
        engines.setdefault(str(p.get("engine")), []).append(int(p["seat"]))
    for space in lay.TRACK_XY:
        here = tuple(engines.get(space, ()))
        index = target_index(targets, f"track:{space}")
        g.children.append(
            _SPACES.get(
                (space, here, names_key(names, here), index),
                _track_space,
                space,
                here,
                names,
                index,
            )
        )
    for space, seats in engines.items():
        if space in lay.TRACK_XY:
            key = (space, tuple(seats), names_key(names, seats))
            g.children.append(_ENGINES.get(key, _engines, space, seats, names))
    return g


@cache
def _frame(language: str) -> Markup:
    """The heading, the rails and the crosses beside them: the same on every board."""
    xy = lay.TRACK_XY
    rails = Element("g", {"class": "rails"})
    for space, nexts in railroad.FORWARD.items():
        x1, y1 = xy[space]
        for nxt in nexts:
            x2, y2 = xy[nxt]
            if space == "19":
                bend = x1 + 34
                d = f"M{x1:.1f} {y1:.1f}C{bend:.1f} {y1:.1f} {bend:.1f} {y2:.1f} {x2:.1f} {y2:.1f}"
                rails.children.append(Element("path", {"d": d, "class": "rail"}))
            else:
                rails.children.append(
                    Element(
                        "line",
                        {
                            "x1": f"{x1:.1f}",
                            "y1": f"{y1:.1f}",
                            "x2": f"{x2:.1f}",
                            "y2": f"{y2:.1f}",
                            "class": "rail",
                        },
                    )
                )
    nodes: list[Node] = [heading(16, lay.TRACK_TOP + 18, gettext("Railroad")), rails]
    for c in railroad.CROSSES:
        (x1, y), (x2, _) = xy[str(c)], xy[str(c + 1)]
        nodes.append(
            group(
                "cross", gettext("cross between spaces %(a)d and %(b)d") % {"a": c, "b": c + 1}
            ).append(text((x1 + x2) / 2, y + lay.CROSS_DROP + 4, "\u271a", "cross-mark"))
        )
    return frozen(*nodes)


# The stations and track spaces by their place on the railroad (both editions' railroads are
# the same), as the rules name them: "the 3rd station ($4, 2 VP)", never the engine's id.
_RAILROAD_VIEW = {"edition": "1e"}


def _station(
    station: str,
    discs: tuple[int, ...],
    master: Mapping[str, Any] | None,
    worker: Mapping[str, Any] | None,
    current: bool,
    names: Names,
    sm_text: Mapping[str, StrOrPromise],
) -> Element:
    """A station box: its link to the turnout, cost and points, the tile on it (a station
    master's halves named by ``sm_text``, the edition's), the discs."""
    _turnout, _switch, cost, vp, _corner, _has_sm = railroad.STATIONS[station]
    sx, sy = lay.STATION_XY[station]
    w, h = lay.STATION_W, lay.STATION_H
    words = gettext("the %(ordinal)s station: upgrade $%(cost)s, %(vp)s VP") % {
        "ordinal": _station_ordinal(station),
        "cost": cost,
        "vp": vp,
    }
    if master:
        words += f"; {tile_words(master)}"
    if worker:
        words += "; " + gettext("worker tile: %(tile)s") % {"tile": tile_words(worker)}
    seats = ", ".join(seat_label(s, names) for s in discs) or pgettext("discs", "none")
    words += "; " + gettext("discs: %(seats)s") % {"seats": seats}
    g = group("station current" if current else "station", words, station=station)
    g.append(_station_box(station))
    if master:
        upper = str(sm_text.get(str(master.get("type")), ""))
        lower = str(sm_text.get(str(master.get("scoring")), ""))
        g.append(
            group("station-master", tile=master.get("id", "")).append(
                rect(sx - w / 2 + 4, sy - h / 2 + 19, w - 8, 24, "sm-tile", r=3),
                text(sx, sy - h / 2 + 29, upper, "sm-label"),
                text(sx, sy - h / 2 + 40, lower, "sm-label"),
            )
        )
    elif worker:
        kind = str(worker.get("type"))
        g.append(
            group("station-worker", tile=worker.get("id", "")).append(
                rect(sx - w / 2 + 4, sy - h / 2 + 19, w - 8, 24, f"worker worker-{kind}"),
                text(sx, sy - h / 2 + 35, kind.capitalize(), "tile-label"),
            )
        )
    for i, seat in enumerate(discs):
        dx = sx - w / 2 + 14 + i * 22
        g.append(
            group("disc", disc_station=station).append(
                token(
                    dx,
                    sy + h / 2 - 12,
                    seat,
                    9,
                    gettext("disc of %(seat)s") % {"seat": seat_label(seat, names)},
                )
            )
        )
    return g


@cache
def _station_box(station: str) -> Markup:
    """A station's box, its link to the turnout, its name, cost and points."""
    turnout, _switch, cost, vp, _corner, _has_sm = railroad.STATIONS[station]
    sx, sy = lay.STATION_XY[station]
    tx, ty = lay.TRACK_XY[turnout]
    w, h = lay.STATION_W, lay.STATION_H
    link = {"x1": f"{tx:.1f}", "y1": f"{ty:.1f}", "x2": f"{sx:.1f}", "y2": f"{sy + h / 2:.1f}"}
    return frozen(
        Element("line", {**link, "class": "station-link"}),
        rect(sx - w / 2, sy - h / 2, w, h, "station-box", r=6),
        text(sx - w / 2 + 6, sy - h / 2 + 14, _station_ordinal(station), "station-name"),
        text(
            sx + w / 2 - 6,
            sy - h / 2 + 14,
            f"${cost} \u00b7 " + gettext("%(vp)s VP") % {"vp": vp},
            "station-cost",
        ),
    )


def _track_space(space: str, here: tuple[int, ...], names: Names, index: int | None) -> Node:
    """A track space (a turnout is drawn smaller, without its number)."""
    turnout = railroad.is_turnout(space)
    words = track_name(_RAILROAD_VIEW, space)
    if here:
        seats = ", ".join(seat_label(s, names) for s in here)
        words += "; " + gettext("engines: %(seats)s") % {"seats": seats}
    g = group("track-space turnout" if turnout else "track-space", words, track=space)
    g.append(_track_space_body(space))
    x, y = lay.TRACK_XY[space]
    radius = 10 if turnout else lay.TRACK_SPACE_R
    return target(
        index,
        f"track:{space}",
        gettext("Choose %(what)s") % {"what": words},
        g,
        circle(x, y, radius, "target-hit"),
    )


@cache
def _track_space_body(space: str) -> Markup:
    x, y = lay.TRACK_XY[space]
    if railroad.is_turnout(space):
        return frozen(circle(x, y, 10, "track-body"))
    return frozen(
        circle(x, y, lay.TRACK_SPACE_R, "track-body"), text(x, y + 4, space, "track-label")
    )


def _engines(space: str, seats: list[int], names: Names) -> Markup:
    """The engines on one track space, side by side below it (above a turnout)."""
    x, y = lay.TRACK_XY[space]
    drop = -lay.ENGINE_DROP if railroad.is_turnout(space) else lay.ENGINE_DROP
    nodes: list[Node] = []
    for i, seat in enumerate(seats):
        ex = x - (len(seats) - 1) * 10 + i * 20
        ey = y + drop
        tooltip = gettext("engine of %(seat)s on %(space)s") % {
            "seat": seat_label(seat, names),
            "space": track_name(_RAILROAD_VIEW, space),
        }
        nodes.append(
            group(f"engine seat-{seat_colour(seat)}", tooltip, engine=seat, track=space).append(
                Element(
                    "rect",
                    {
                        "x": f"{ex - 9:.1f}",
                        "y": f"{ey - 9:.1f}",
                        "width": "18",
                        "height": "18",
                        "rx": "3",
                        "class": "token-body",
                    },
                ),
                Element(
                    "text",
                    {
                        "x": f"{ex:.1f}",
                        "y": f"{ey + 4:.1f}",
                        "class": "token-label",
                        "font-size": "11",
                    },
                    text=str(seat + 1),
                ),
            )
        )
    return frozen(*nodes)


def _station_ordinal(station: str) -> str:
    """The station's place along the track ("1st"), in the active language."""
    return ordinal(list(railroad.STATIONS).index(station) + 1)

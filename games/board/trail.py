"""The trail: its framed sections, the paths between spaces, every space with the building,
hazard or teepee (2nd edition: outlaw) on it, the herders, and the spaces a click can choose.
The edition's trail, its geometry and its teepee or outlaw section come from its
``BoardEdition`` (``games/board/editions.py``).

A space is drawn from its own cell of the view (and the fees of the game's seat count), so
it is kept (``games/board/memo.py``) and only redrawn when something on it changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.board import layout as lay
from games.board.editions import BoardEdition, edition
from games.board.elements import Element, Markup, Node, frozen
from games.board.memo import Pieces, freeze
from games.board.pieces import (
    circle,
    group,
    hand_badges,
    heading,
    outlaw_mark,
    rect,
    seat_shape,
    target,
    target_index,
    teepee_mark,
    text,
    token,
)
from games.board.words import (
    Names,
    View,
    fee,
    names_key,
    player_count,
    seat_colour,
    seat_label,
    tile_words,
)
from games.terms import names as term_names
from games.terms.places import building_space_name, neutral_name, place_name, section_space_name

Tile = Mapping[str, Any] | None

_SPACES = Pieces(2048)
_BODIES = Pieces(1024)
_HERDERS = Pieces(256)


def trail(view: View, *, targets: Mapping[str, int] | None = None, names: Names = None) -> Element:
    """The trail as a ``<g class="trail">``.

    :param view: the engine's view of the position.
    :param targets: the spaces a click chooses: ``"loc:<trail id>"`` to the index of the
        legal move it submits; those spaces become ``<a role="button">``.
    :param names: player names by seat, for titles.
    """
    names = tuple(names) if names else None
    ed = edition(view)
    players = player_count(view)
    trail_cells = view["trail"]
    # The hazard and teepee (outlaw) tiles lie on their spaces in the view's own sections.
    tiles = {
        "hazard": view.get("hazard_sections", {}),
        ed.tile_section: view.get(ed.tile_section_view, {}),
    }
    decision = view.get("decision") or {}
    focus = decision.get("space") if decision.get("kind") in ("loc", "copy") else None
    herders: dict[str, list[int]] = {}
    for p in view["players"]:
        if p.get("herder"):
            herders.setdefault(p["herder"], []).append(int(p["seat"]))
    g = Element("g", {"class": "trail"}, _frame(ed, get_language() or ""))
    for space in ed.trail.NODES:
        kind = ed.trail.kind(space)
        cell = trail_cells.get(space)
        tile = tiles[kind].get(space) if kind in tiles else None
        here = tuple(herders.get(space, ()))
        index = target_index(targets, f"loc:{space}")
        current = space == focus
        # An empty building space is named after the neutral building before it.
        anchor = _anchor(ed, space, trail_cells)
        # The space names the seats of its herders and of its building's owner, no others.
        owner = (cell or {}).get("owner")
        named = names_key(names, here if owner is None else (*here, int(owner)))
        key = (ed, space, freeze(cell), freeze(tile), here, named, players, current, index, anchor)
        g.children.append(
            _SPACES.get(
                key, _space, ed, space, cell, tile, here, names, players, current, index, anchor
            )
        )
    for space, seats in herders.items():
        herders_key = (ed, space, tuple(seats), names_key(names, seats))
        g.children.append(_HERDERS.get(herders_key, _herders, ed, space, seats, names))
    return g


def _anchor(ed: BoardEdition, space: str, cells: Mapping[str, Any]) -> str | None:
    """The tile on the neutral space a building space is numbered from (``A`` for
    ``A-2``), which its name mentions; None for other spaces."""
    head = space.rpartition("-")[0]
    if ed.trail.kind(space) in ("private", "risk") and head in ed.trail.NODES:
        return str((cells.get(head) or {}).get("tile") or "") or None
    return None


@cache
def _frame(ed: BoardEdition, language: str) -> Markup:
    """The heading, the framed sections and the paths: the same on every board of an edition
    (and ``language``, the active one, in which its words are)."""
    nodes: list[Node] = [heading(16, 26, gettext("Trail"))]
    for key, label, members in ed.sections:
        xs = [lay.trail_xy(m, ed.grid)[0] for m in members]
        ys = [lay.trail_xy(m, ed.grid)[1] for m in members]
        pad = 31
        x0, y0 = min(xs) - pad, min(ys) - pad - 12
        w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + 26
        nodes.append(rect(x0, y0, w, h, f"section section-{key}", r=8))
        nodes.append(text(x0 + 6, y0 + 11, str(label), "section-label"))
    paths = Element("g", {"class": "paths"})
    for space, (_kind, succ) in ed.trail.NODES.items():
        x1, y1 = lay.trail_xy(space, ed.grid)
        for nxt in succ:
            x2, y2 = lay.trail_xy(nxt, ed.grid)
            paths.children.append(
                Element(
                    "line",
                    {
                        "x1": f"{x1:.1f}",
                        "y1": f"{y1:.1f}",
                        "x2": f"{x2:.1f}",
                        "y2": f"{y2:.1f}",
                        "class": "path",
                    },
                )
            )
    nodes.append(paths)
    return frozen(*nodes)


def _space(
    ed: BoardEdition,
    space: str,
    cell: Mapping[str, Any] | None,
    tile: Tile,
    here: tuple[int, ...],
    names: Names,
    players: int,
    current: bool,
    index: int | None,
    anchor: str | None = None,
) -> Node:
    """One space: a ``<g class="loc">`` titled in words, inside its button when a target."""
    kind = ed.trail.kind(space)
    words = _space_words(ed, space, cell, tile, names, players, anchor)
    if here:
        figures = term_names.HERDERS[ed.name]
        seats = ", ".join(seat_label(s, names) for s in here)
        words += "; " + gettext("%(figures)s here: %(seats)s") % {
            "figures": figures,
            "seats": seats,
        }
    cls = "loc" + (" has-tile" if cell else "") + (" current" if current else "")
    data: dict[str, object] = {"loc": space, "kind": kind}
    if cell:
        data["tile"] = cell["tile"]
    body_key = (ed, space, freeze(cell), freeze(tile), players)
    g = group(cls, words, **data).append(
        _BODIES.get(body_key, _space_drawing, ed, space, cell, tile, players)
    )
    return target(
        index,
        f"loc:{space}",
        gettext("Choose %(what)s") % {"what": words},
        g,
        _space_hit(ed, space),
    )


def _space_hit(ed: BoardEdition, space: str) -> Element:
    """The clickable area of a space that is a move: the box around its drawing."""
    kind = ed.trail.kind(space)
    x, y = lay.trail_xy(space, ed.grid)
    h = lay.SPACE_HALF[kind]
    tall = 1.4 if kind == "kc" else 1.0
    return rect(x - h, y - h * tall, h * 2, h * 2 * tall, "target-hit", r=5)


def _space_drawing(
    ed: BoardEdition, space: str, cell: Mapping[str, Any] | None, tile: Tile, players: int
) -> Markup:
    """What is drawn of a space, under its title: the space and what is on it (the engine's
    id of the space is not drawn: it belongs to the notation help)."""
    x, y = lay.trail_xy(space, ed.grid)
    return frozen(*_space_body(ed, space, cell, tile, players, x, y))


def _space_words(
    ed: BoardEdition,
    space: str,
    cell: Mapping[str, Any] | None,
    tile: Tile,
    names: Names,
    players: int,
    anchor: str | None = None,
) -> str:
    """The space in the rules' words (``games.terms.places``), never by its engine id."""
    kind = ed.trail.kind(space)
    head = space.rpartition("-")[0]
    cells: dict[str, Any] = {space: cell} if cell else {}
    if anchor:
        cells[head] = {"tile": anchor}
    place = {"edition": ed.name, "trail": cells}
    if kind == "start":
        return gettext("Start (the horseman space)")
    if kind == "kc":
        return "Kansas City"
    if kind == "hazard":
        empty = place_name({"edition": ed.name, "trail": {}}, space)
        if tile:
            return f"{tile_words(tile)} ({empty})"
        return gettext("%(place)s: empty") % {"place": empty}
    if kind in ("teepee", "outlaw"):
        what = tile_words(tile) if tile else pgettext("tile", "empty")
        if ed.trail.successors(space):
            return gettext("%(place)s: %(what)s") % {
                "place": section_space_name(place, space),
                "what": what,
            }
        return gettext("%(place)s (off the trail): %(what)s") % {
            "place": section_space_name(place, space),
            "what": what,
        }
    if not cell:
        if space in ed.trail.RISK_ACTIONS:
            return gettext("%(place)s: empty (risk action)") % {
                "place": building_space_name(place, space)
            }
        return gettext("%(place)s: empty") % {"place": building_space_name(place, space)}
    building = str(cell.get("tile"))
    hands = cell.get("hands") or []
    fees = "".join(
        gettext(", %(hand)s hand ($%(fee)s fee)")
        % {"hand": term_names.TILE_COLOURS.get(str(h), str(h)), "fee": fee(players, h)}
        for h in hands
    )
    if cell.get("owner") is None:
        return f"{neutral_name(place, space)}{fees}"
    owner = seat_label(int(cell["owner"]), names)
    where = building_space_name({"edition": ed.name, "trail": cells}, space)
    values = {"building": building, "owner": owner, "where": where, "fees": fees}
    if building in ed.buildings.PRIVATE:
        return gettext("building %(building)s (%(vp)s VP) of %(owner)s, on %(where)s%(fees)s") % {
            **values,
            "vp": ed.buildings.vp(building),
        }
    return gettext("building %(building)s of %(owner)s, on %(where)s%(fees)s") % values


def _reward(ed: BoardEdition, space: str, minus: str) -> str:
    """What a space of the teepee (outlaw) section gives, or costs (written with ``minus``)."""
    tokens = ed.tile_section_tokens.get(space)
    if tokens:
        return ngettext("+%(n)d exchange token", "+%(n)d exchange tokens", tokens) % {"n": tokens}
    value = ed.tile_section_values[space]
    return f"+${value}" if value > 0 else f"{minus}${-value}"


def _space_body(
    ed: BoardEdition,
    space: str,
    cell: Mapping[str, Any] | None,
    tile: Tile,
    players: int,
    x: float,
    y: float,
) -> list[Element]:
    kind = ed.trail.kind(space)
    h = lay.SPACE_HALF[kind]
    if kind == "start":
        return [
            circle(x, y, h, "space start"),
            text(x, y + 4, gettext("Start"), "space-label-small"),
        ]
    if kind == "kc":
        return [
            rect(x - h, y - h * 1.4, h * 2, h * 2.8, "space kc", r=8),
            text(x, y - 4, "Kansas", "space-label-small"),
            text(x, y + 10, "City", "space-label-small"),
        ]
    if kind == "neutral":
        return [
            rect(x - h, y - h, h * 2, h * 2, "space neutral", r=5),
            text(x, y + 7, _neutral_letter(cell), "space-label"),
        ]
    if kind in ("private", "risk"):
        return _building_body(ed, space, cell, players, x, y, h)
    if kind == "hazard":
        return _hazard_body(space, tile, players, x, y, h)
    if kind == "teepee":
        return _teepee_body(ed, space, tile, players, x, y, h)
    if kind == "outlaw":
        return _outlaw_body(ed, space, tile, players, x, y, h)
    return []


def _neutral_letter(cell: Mapping[str, Any] | None) -> str:
    """The letter printed on a neutral building tile (the engine's ``NC`` is "C")."""
    tile = str((cell or {}).get("tile") or "")
    return tile[1:] if tile.startswith("N") and len(tile) == 2 else tile


def _building_body(
    ed: BoardEdition,
    space: str,
    cell: Mapping[str, Any] | None,
    players: int,
    x: float,
    y: float,
    h: float,
) -> list[Element]:
    out: list[Element] = []
    if cell:
        owner = cell.get("owner")
        owner_cls = "" if owner is None else f" owner-{seat_colour(int(owner))}"
        out.append(rect(x - h, y - h, h * 2, h * 2, f"space building{owner_cls}", r=5))
        out.append(text(x, y + 7, cell["tile"], "space-label"))
        if owner is not None:
            out.append(_owner_mark(int(owner), x, y, h))
        out += hand_badges(players, cell.get("hands") or [], x + h - 6, y - h + 6)
    else:
        out.append(rect(x - h, y - h, h * 2, h * 2, "space empty", r=5))
    if space in ed.trail.RISK_ACTIONS:
        out.append(text(x + h - 8, y + h - 4, "R", "space-mark"))
    if space in ed.trail.WOODS:
        out.append(
            Element(
                "path",
                {"d": f"M{x - h + 4:.1f} {y - h + 16:.1f}l6 -11l6 11z", "class": "woods-mark"},
            )
        )
    return out


def _owner_mark(owner: int, x: float, y: float, h: float) -> Element:
    """The owner's seat shape and number in the bottom left corner of a private building."""
    return Element(
        "g",
        {"class": f"owner-mark seat-{seat_colour(owner)}"},
        seat_shape(x - h + 8, y + h - 6.5, 7, owner),
        Element(
            "text",
            {
                "x": f"{x - h + 8:.1f}",
                "y": f"{y + h - 3:.1f}",
                "class": "token-label",
                "font-size": "10",
            },
            text=str(owner + 1),
        ),
    )


def _hazard_body(
    space: str, tile: Tile, players: int, x: float, y: float, h: float
) -> list[Element]:
    hazard = space.split("-")[0].lower()
    if not tile:
        return [
            rect(x - h, y - h, h * 2, h * 2, f"space empty hazard-slot-{hazard}"),
            text(x, y + 4, space.split("-")[1], "space-faint"),
        ]
    return [
        rect(x - h, y - h, h * 2, h * 2, f"space hazard hazard-{hazard}"),
        text(x, y + 1, gettext(lay.HAZARD_NAMES[hazard]), "space-label-small hazard-label"),
        text(x, y + 15, gettext("%(vp)s VP") % {"vp": tile.get("vp")}, "space-label-small"),
        *hand_badges(players, [str(tile.get("hand"))], x + h - 4, y - h + 4),
    ]


def _teepee_body(
    ed: BoardEdition, space: str, tile: Tile, players: int, x: float, y: float, h: float
) -> list[Element]:
    money = _reward(ed, space, "\u2212")
    if tile:
        colour = str(tile.get("type"))
        out = [
            circle(x, y, h, f"space teepee teepee-{colour}"),
            teepee_mark(x, y - 2, 10),
            text(x, y + 17, colour[0].upper(), "space-label-small"),
            *hand_badges(players, [str(tile.get("hand"))], x + h - 2, y - h + 4),
        ]
    else:
        out = [circle(x, y, h, "space empty")]
    out.append(text(x, y + h + 13, money, "space-value"))
    return out


def _outlaw_body(
    ed: BoardEdition, space: str, tile: Tile, players: int, x: float, y: float, h: float
) -> list[Element]:
    """An outlaw space: the green or orange outlaw on it, and what collecting it gives."""
    if tile:
        colour = str(tile.get("type"))
        out = [
            circle(x, y, h, f"space outlaw outlaw-{colour}"),
            outlaw_mark(x, y - 3, 10),
            text(x, y + 17, colour[0].upper(), "space-label-small"),
            *hand_badges(players, [str(tile.get("hand"))], x + h - 2, y - h + 4),
        ]
    else:
        out = [circle(x, y, h, "space empty")]
    tokens = ed.tile_section_tokens.get(space)
    reward = (
        pgettext("board box", "+%(n)d exch.") % {"n": tokens}
        if tokens
        else _reward(ed, space, "\u2212")
    )
    out.append(text(x, y + h + 13, reward, "space-value"))
    return out


def _herders(ed: BoardEdition, space: str, seats: list[int], names: Names) -> Markup:
    """The herders on one space, side by side above it."""
    x, y = lay.trail_xy(space, ed.grid)
    top = y - lay.SPACE_HALF[ed.trail.kind(space)] * (1.4 if space == "KC" else 1)
    nodes: list[Node] = []
    for i, seat in enumerate(seats):
        tx = x - (len(seats) - 1) * 13 + i * 26
        tooltip = gettext("%(herder)s of %(seat)s") % {
            "herder": term_names.HERDER[ed.name],
            "seat": seat_label(seat, names),
        }
        nodes.append(
            group("herder", herder=seat, loc=space).append(token(tx, top - 6, seat, 13, tooltip))
        )
    return frozen(*nodes)

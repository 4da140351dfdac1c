"""Pieces drawn in more than one region: shapes with text, seat tokens, hand fees, tiles,
objective cards, and the clickable wrapper of a target space.

Each returns elements (``games/board/elements.py``); numbers are formatted here, to one
decimal for positions and sizes (``:g`` for radii), so that every region draws alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from games.board import layout as lay
from games.board.elements import Element, Node, title
from games.board.words import card_words, fee, seat_colour, tile_words
from games.terms import names as term_names


def text(x: float, y: float, content: object, cls: str = "") -> Element:
    """A ``<text>`` at (x, y); its look (anchor, size) comes from ``cls`` in board.css."""
    attrs = {"x": f"{x:.1f}", "y": f"{y:.1f}"}
    if cls:
        attrs["class"] = cls
    return Element("text", attrs, text=str(content))


def rect(x: float, y: float, w: float, h: float, cls: str, r: float = 4) -> Element:
    return Element(
        "rect",
        {
            "x": f"{x:.1f}",
            "y": f"{y:.1f}",
            "width": f"{w:.1f}",
            "height": f"{h:.1f}",
            "rx": f"{r:g}",
            "class": cls,
        },
    )


def circle(x: float, y: float, r: float, cls: str) -> Element:
    return Element("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{r:g}", "class": cls})


def heading(x: float, y: float, content: str) -> Element:
    return text(x, y, content, "heading")


def group(cls: str, tooltip: str | None = None, **data: object) -> Element:
    """A ``<g>`` with a class, ``data-*`` attributes in the order given (``disc_city=x`` is
    ``data-disc-city="x"``) and, when given, a ``<title>`` as its first child."""
    attrs = {"class": cls}
    for name, value in data.items():
        attrs["data-" + name.replace("_", "-")] = str(value)
    g = Element("g", attrs)
    if tooltip is not None:
        g.children.append(title(tooltip))
    return g


# Each seat's shape, in seat order: with the seat's number on it, a piece is told apart
# without its colour (the lists' seat dots use the same shapes, site.css .seat-dot).
SEAT_SHAPES = ("circle", "square", "diamond", "hexagon")


def seat_shape(x: float, y: float, r: float, seat: int, cls: str = "token-body") -> Element:
    """The body of a seat's piece centred on (x, y), about ``r`` in radius: a circle, square,
    diamond or hexagon by seat, each roomy enough for the seat's number."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if shape == "circle":
        return circle(x, y, r, cls)
    if shape == "square":
        side = r * 1.8
        return rect(x - side / 2, y - side / 2, side, side, cls, r=r * 0.2)
    if shape == "diamond":
        d = r * 1.3
        corners = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
    else:
        d = r * 1.1
        corners = [
            (x + d * math.cos(math.pi * i / 3), y + d * math.sin(math.pi * i / 3)) for i in range(6)
        ]
    path = "M" + "L".join(f"{cx:.1f} {cy:.1f}" for cx, cy in corners) + "Z"
    return Element("path", {"d": path, "class": cls})


def token(x: float, y: float, seat: int, r: float, tooltip: str, cls: str = "token") -> Element:
    """A seat's piece: its colour and, so colour is never needed, its seat's shape and
    number."""
    return Element(
        "g",
        {"class": f"{cls} seat-{seat_colour(seat)}", "data-seat": str(seat)},
        title(tooltip),
        seat_shape(x, y, r, seat),
        Element(
            "text",
            {
                "x": f"{x:.1f}",
                "y": f"{y + r * 0.38:.1f}",
                "class": "token-label",
                "font-size": f"{r * 1.1:.1f}",
            },
            text=str(seat + 1),
        ),
    )


def hand_badges(players: int, hands: Sequence[str], x: float, y: float) -> list[Element]:
    """Hand-fee marks, right-aligned at (x, y): black or green hand with the fee in dollars."""
    out = []
    for i, hand in enumerate(hands):
        dollars = fee(players, hand)
        cx = x - i * 17
        out.append(
            Element(
                "g",
                {"class": f"hand hand-{hand}"},
                title(
                    gettext("%(hand)s hand: $%(fee)d fee")
                    % {"hand": term_names.TILE_COLOURS.get(hand, hand), "fee": dollars}
                ),
                circle(cx, y, 8, "hand-body"),
                text(cx, y + 3.5, f"${dollars}", "hand-label"),
            )
        )
    return out


def target(index: int | None, key: str, label: str, inner: Node, hit: Element) -> Node:
    """``inner`` made a move: beside it, a button submitting legal move ``index`` whose
    clickable area is the shape ``hit`` (drawn over ``inner``, transparent); ``inner`` as it
    is when ``index`` is ``None``.

    The button holds no text, only that shape, so that ``label`` alone names it: a button's
    visible words must be part of its name (WCAG 2.5.3), and a space's scattered words
    ("Flood", "4 VP", "$1") cannot be. The look of a target (board.css) is the group's."""
    if index is None:
        return inner
    hit.attrs["class"] = "target-hit"
    return Element(
        "g",
        {"class": "target-space"},
        inner,
        Element(
            "a",
            {
                "class": "board-target",
                "href": "#",
                "role": "button",
                "tabindex": "0",
                "data-move-index": str(index),
                "data-target": key,
                "aria-label": label,
            },
            hit,
        ),
    )


def target_index(targets: Mapping[str, int] | None, key: str) -> int | None:
    """The index of the legal move a click on ``key`` submits, if it is a target."""
    if not targets or key not in targets:
        return None
    return int(targets[key])


def teepee_mark(cx: float, cy: float, s: float) -> Element:
    d = f"M{cx:.1f} {cy - s:.1f}L{cx + s * 0.8:.1f} {cy + s * 0.7:.1f}H{cx - s * 0.8:.1f}Z"
    return Element("path", {"d": d, "class": "teepee-mark"})


def exchange_icon(cx: float, cy: float, r: float) -> Element:
    """An exchange token: a round token with two arrows pointing opposite ways."""
    d = (
        f"M{cx - r * 0.6:.1f} {cy - r * 0.25:.1f}h{r * 1.2:.1f}l{-r * 0.35:.1f} {-r * 0.35:.1f}"
        f"M{cx + r * 0.6:.1f} {cy + r * 0.25:.1f}h{-r * 1.2:.1f}l{r * 0.35:.1f} {r * 0.35:.1f}"
    )
    return Element(
        "g",
        {"class": "exchange-token"},
        circle(cx, cy, r, "exchange-body"),
        Element("path", {"d": d, "class": "exchange-arrows"}),
    )


def outlaw_mark(cx: float, cy: float, s: float) -> Element:
    """A five-pointed (bounty) star of radius ``s``: what marks an outlaw tile."""
    points = []
    for i in range(10):
        r = s if i % 2 == 0 else s * 0.45
        a = math.pi * (i / 5 - 0.5)
        points.append(f"{cx + r * math.cos(a):.1f} {cy + r * math.sin(a):.1f}")
    return Element("path", {"d": "M" + "L".join(points) + "Z", "class": "outlaw-mark"})


def tile_piece(players: int, tile: Mapping[str, Any] | None, x: float, y: float) -> list[Node]:
    """A supply tile (worker, hazard, teepee or outlaw) in a ``TILE_W`` x ``TILE_H`` box at
    x, y."""
    w, h = lay.TILE_W, lay.TILE_H
    if not tile:
        return [rect(x, y, w, h, "slot-empty"), title(pgettext("tile", "empty"))]
    kind, kind_type = str(tile.get("kind")), str(tile.get("type"))
    cx = x + w / 2
    g = group(f"tile tile-{kind}", tile_words(tile), tile=tile.get("id", ""))
    if kind == "worker":
        g.append(
            rect(x, y, w, h, f"worker worker-{kind_type}"),
            text(cx, y + h / 2 + 5, _worker(kind_type).capitalize(), "tile-label"),
        )
    elif kind == "hazard":
        g.append(
            rect(x, y, w, h, f"hazard hazard-{kind_type}"),
            text(cx - 6, y + 17, gettext(lay.HAZARD_NAMES.get(kind_type, kind_type)), "tile-label"),
            text(cx - 6, y + 33, gettext("%(vp)s VP") % {"vp": tile.get("vp")}, "tile-small"),
            *hand_badges(players, [str(tile.get("hand"))], x + w - 9, y + h - 10),
        )
    elif kind == "teepee":
        g.append(
            rect(x, y, w, h, f"teepee teepee-{kind_type}", r=10),
            teepee_mark(cx - 12, y + h / 2, 11),
            text(cx + 8, y + h / 2 + 4, _tile_colour(kind_type).capitalize(), "tile-small"),
            *hand_badges(players, [str(tile.get("hand"))], x + w - 9, y + 10),
        )
    elif kind == "outlaw":
        g.append(
            rect(x, y, w, h, f"outlaw outlaw-{kind_type}", r=10),
            outlaw_mark(x + 13, y + h / 2 + 4, 8),
            text(cx + 10, y + h / 2 + 8, _tile_colour(kind_type).capitalize(), "tile-small"),
            *hand_badges(players, [str(tile.get("hand"))], x + w - 9, y + 10),
        )
    else:
        g.append(
            rect(x, y, w, h, "tile-other"),
            text(cx, y + h / 2 + 4, kind.replace("_", " "), "tile-small"),
        )
    return [g]


def _worker(kind: str) -> str:
    """A worker tile's kind in the active language (an unknown one as it is)."""
    pair = term_names.WORKERS.get(kind)
    return pair[0] if pair else kind


def _tile_colour(colour: str) -> str:
    """A teepee's or outlaw's colour in the active language (an unknown one as it is)."""
    return term_names.TILE_COLOURS.get(colour, colour) or colour


def objective_card(card: Mapping[str, Any], x: float, y: float, w: float, h: float) -> Element:
    """An objective card: its title (the card's id belongs to the notation help), tasks,
    points (and penalty), and what it does when taken."""
    tasks = " ".join(str(t) for t in card.get("tasks", []))
    action = str(lay.OBJECTIVE_ACTIONS.get(card.get("action"), str(card.get("action"))))
    penalty = card.get("penalty") or 0
    vp_text = (
        gettext("+%(vp)s / %(penalty)s VP") % {"vp": card.get("vp"), "penalty": penalty}
        if penalty
        else gettext("+%(vp)s VP") % {"vp": card.get("vp")}
    )
    cx = x + w / 2
    return group("card objective-card", card_words(card), card=card.get("id", "")).append(
        rect(x, y, w, h, "card-body objective", r=5),
        text(
            cx,
            y + h * 0.2,
            pgettext("board box", "Starting")
            if card.get("starting")
            else pgettext("board box", "Objective"),
            "card-breed",
        ),
        text(cx, y + h * 0.42, tasks, "objective-tasks"),
        text(cx, y + h * 0.64, vp_text, "card-vp"),
        text(cx, y + h * 0.88, action, "card-small"),
    )

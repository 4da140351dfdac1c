"""The shared table and each player's board, drawn as SVG from the engine's view.

Pure functions of the view dict (``engine.view``): no database, no request, no clock, so the
same view always gives the same markup and the game page, the replay viewer and tests can
all call them. Geometry and labels live in ``games/board/layout.py``; the look (colours,
fonts, focus rings) lives in ``games/static/games/board.css`` under the class names used
here, so the page can restyle seats and spaces without touching this module.

Every piece drawn carries a ``<title>`` so it has a text alternative; the root carries a
``<title>`` and a ``<desc>`` summing up the position in words. Clickable spaces (the
``targets`` given by the page) become ``<a role="button">`` elements with the index of the
legal move they submit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from html import escape
from typing import Any

from engine.data import buildings, railroad
from engine.data import cities as city_data
from engine.data import player_board as board_data
from engine.data import trail as trail_data
from games.board import layout as lay
from games.models import SEAT_COLOURS
from games.move_presentation import BREED_NAMES, decision_text

View = Mapping[str, Any]
Parts = list[str]


def _e(value: object) -> str:
    return escape(str(value), quote=True)


# --- words --------------------------------------------------------------------------------


def seat_colour(seat: int) -> str:
    """The colour name of a seat, as ``Seat.colour`` stores it."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_label(seat: int, names: Sequence[str] | None = None) -> str:
    """How a seat is named in titles: the player's name when known, always number and colour."""
    base = f"Seat {seat + 1} ({seat_colour(seat)})"
    if names and seat < len(names) and names[seat]:
        return f"{names[seat]}, {base.lower()}"
    return base


def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def _fee(view: View, hand: str) -> int:
    fees = board_data.FEES.get(int(view.get("num_players") or len(view["players"])), {})
    return fees.get(hand, 0)


def _tile_words(tile: Mapping[str, Any] | None) -> str:
    if not tile:
        return "empty"
    kind = tile.get("kind")
    if kind == "worker":
        return str(tile.get("type"))
    if kind == "hazard":
        vp, hand = tile.get("vp"), tile.get("hand")
        return f"{tile.get('type')} hazard {tile.get('id')}, {vp} VP, {hand} hand"
    if kind == "teepee":
        return f"{tile.get('type')} teepee {tile.get('id')}, {tile.get('hand')} hand"
    if kind == "station_master":
        upper = lay.STATION_MASTER_TEXT.get(str(tile.get("type")), tile.get("type"))
        lower = lay.STATION_MASTER_TEXT.get(str(tile.get("scoring")), tile.get("scoring"))
        return f"station master {tile.get('id')}: {upper}, {lower}"
    return str(tile.get("id", "tile"))


def _card_words(card: Mapping[str, Any]) -> str:
    if card.get("kind") == "objective":
        tasks = ", ".join(lay.OBJECTIVE_TASKS.get(t, str(t)) for t in card.get("tasks", []))
        penalty = card.get("penalty") or 0
        tail = f", {penalty} VP if failed" if penalty else ""
        action = lay.OBJECTIVE_ACTIONS.get(card.get("action"), str(card.get("action")))
        return f"objective {card.get('id')} ({action}): {tasks}; {card.get('vp')} VP{tail}"
    breed = BREED_NAMES.get(str(card.get("breed")), str(card.get("breed")))
    return f"{breed}, breeding value {card.get('value')}, {card.get('vp')} VP"


# --- shared drawing helpers ---------------------------------------------------------------


def _title(text: str) -> str:
    return f"<title>{_e(text)}</title>"


def _text(x: float, y: float, text: object, cls: str = "", size: float | None = None) -> str:
    size_attr = f' font-size="{size:g}"' if size else ""
    cls_attr = f' class="{cls}"' if cls else ""
    return f'<text x="{x:.1f}" y="{y:.1f}"{cls_attr}{size_attr}>{_e(text)}</text>'


def _rect(x: float, y: float, w: float, h: float, cls: str, r: float = 4) -> str:
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{r:g}" class="{cls}"/>'
    )


def _token(x: float, y: float, seat: int, r: float, title: str, cls: str = "token") -> str:
    """A seat's piece: its colour and, so colour is never needed, its seat number."""
    colour = seat_colour(seat)
    return (
        f'<g class="{cls} seat-{colour}" data-seat="{seat}">{_title(title)}'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" class="token-body"/>'
        f'<text x="{x:.1f}" y="{y + r * 0.38:.1f}" class="token-label" '
        f'font-size="{r * 1.1:.1f}">{seat + 1}</text></g>'
    )


def _hand_badges(view: View, hands: Sequence[str], x: float, y: float) -> str:
    """Hand-fee marks, right-aligned at (x, y): black or green hand with the fee in dollars."""
    out = []
    for i, hand in enumerate(hands):
        fee = _fee(view, hand)
        cx = x - i * 17
        out.append(
            f'<g class="hand hand-{_e(hand)}">{_title(f"{hand} hand: ${fee} fee")}'
            f'<circle cx="{cx:.1f}" cy="{y:.1f}" r="8" class="hand-body"/>'
            f'<text x="{cx:.1f}" y="{y + 3.5:.1f}" class="hand-label">${fee}</text></g>'
        )
    return "".join(out)


def _target(
    targets: Mapping[str, int] | None, key: str, label: str, inner: str, extra_cls: str = ""
) -> str:
    if not targets or key not in targets:
        return inner
    index = int(targets[key])
    cls = f"board-target {extra_cls}".strip()
    return (
        f'<a class="{cls}" href="#" role="button" tabindex="0" data-move-index="{index}" '
        f'data-target="{_e(key)}" aria-label="{_e(label)}">{inner}</a>'
    )


def _tile_piece(view: View, tile: Mapping[str, Any] | None, x: float, y: float) -> str:
    """A supply tile (worker, hazard or teepee) in a ``TILE_W`` x ``TILE_H`` box at x, y."""
    w, h = lay.TILE_W, lay.TILE_H
    if not tile:
        return _rect(x, y, w, h, "slot-empty") + _title("empty")
    kind, kind_type = str(tile.get("kind")), str(tile.get("type"))
    cx = x + w / 2
    parts = [f'<g class="tile tile-{_e(kind)}" data-tile="{_e(tile.get("id", ""))}">']
    parts.append(_title(f"{tile.get('id')}: {_tile_words(tile)}"))
    if kind == "worker":
        parts.append(_rect(x, y, w, h, f"worker worker-{_e(kind_type)}"))
        parts.append(_text(cx, y + h / 2 + 5, kind_type.capitalize(), "tile-label"))
    elif kind == "hazard":
        parts.append(_rect(x, y, w, h, f"hazard hazard-{_e(kind_type)}"))
        parts.append(
            _text(cx - 6, y + 17, lay.HAZARD_NAMES.get(kind_type, kind_type), "tile-label")
        )
        parts.append(_text(cx - 6, y + 33, f"{tile.get('vp')} VP", "tile-small"))
        parts.append(_hand_badges(view, [str(tile.get("hand"))], x + w - 9, y + h - 10))
    elif kind == "teepee":
        parts.append(_rect(x, y, w, h, f"teepee teepee-{_e(kind_type)}", r=10))
        parts.append(_teepee_mark(cx - 12, y + h / 2, 11))
        parts.append(_text(cx + 8, y + h / 2 + 4, kind_type.capitalize(), "tile-small"))
        parts.append(_hand_badges(view, [str(tile.get("hand"))], x + w - 9, y + 10))
    else:
        parts.append(_rect(x, y, w, h, "tile-other"))
        parts.append(_text(cx, y + h / 2 + 4, tile.get("id", ""), "tile-small"))
    parts.append("</g>")
    return "".join(parts)


def _teepee_mark(cx: float, cy: float, s: float) -> str:
    return (
        f'<path d="M{cx:.1f} {cy - s:.1f}L{cx + s * 0.8:.1f} {cy + s * 0.7:.1f}'
        f'H{cx - s * 0.8:.1f}Z" class="teepee-mark"/>'
    )


def _heading(x: float, y: float, text: str) -> str:
    return _text(x, y, text, "heading")


# --- the trail ----------------------------------------------------------------------------


def _space_words(view: View, space: str, names: Sequence[str] | None) -> str:
    kind = trail_data.kind(space)
    cell = view["trail"].get(space)
    if kind == "start":
        return "Start (the horseman space)"
    if kind == "kc":
        return "Kansas City"
    if kind == "hazard":
        tile = view.get("hazard_sections", {}).get(space)
        return f"hazard space {space}: {_tile_words(tile) if tile else 'empty'}"
    if kind == "teepee":
        value = trail_data.TEEPEE_VALUE[space]
        money = f"+${value}" if value > 0 else f"-${-value}"
        tile = view.get("indian_trade", {}).get(space)
        where = "" if trail_data.successors(space) else ", off the trail"
        return f"teepee space {space} ({money}{where}): {_tile_words(tile) if tile else 'empty'}"
    if not cell:
        extra = []
        if space in trail_data.RISK_ACTIONS:
            extra.append("risk action")
        if space in trail_data.WOODS:
            extra.append("woods")
        tail = f" ({', '.join(extra)})" if extra else ""
        return f"building space {space}: empty{tail}"
    tile = cell.get("tile")
    hands = cell.get("hands") or []
    fee = "".join(f", {h} hand (${_fee(view, h)} fee)" for h in hands)
    if cell.get("owner") is None:
        return f"neutral building {tile} on space {space}{fee}"
    owner = seat_label(int(cell["owner"]), names)
    worth = f" ({buildings.vp(tile)} VP)" if tile in buildings.PRIVATE else ""
    return f"building {tile}{worth} of {owner} on space {space}{fee}"


def _space_body(view: View, space: str, x: float, y: float) -> str:
    kind = trail_data.kind(space)
    h = lay.SPACE_HALF[kind]
    cell = view["trail"].get(space)
    parts: Parts = []
    if kind == "start":
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{h:g}" class="space start"/>')
        parts.append(_text(x, y + 4, "Start", "space-label-small"))
    elif kind == "kc":
        parts.append(_rect(x - h, y - h * 1.4, h * 2, h * 2.8, "space kc", r=8))
        parts.append(_text(x, y - 4, "Kansas", "space-label-small"))
        parts.append(_text(x, y + 10, "City", "space-label-small"))
    elif kind == "neutral":
        tile = cell["tile"] if cell else ""
        parts.append(_rect(x - h, y - h, h * 2, h * 2, "space neutral", r=5))
        parts.append(_text(x, y + 7, tile, "space-label"))
        parts.append(_text(x - h + 7, y - h + 11, space, "space-corner"))
    elif kind in ("private", "risk"):
        if cell:
            owner = cell.get("owner")
            owner_cls = "" if owner is None else f" owner-{seat_colour(int(owner))}"
            parts.append(_rect(x - h, y - h, h * 2, h * 2, f"space building{owner_cls}", r=5))
            parts.append(_text(x, y + 7, cell["tile"], "space-label"))
            if owner is not None:
                parts.append(
                    f'<g class="owner-mark seat-{seat_colour(int(owner))}">'
                    f'<rect x="{x - h:.1f}" y="{y + h - 14:.1f}" width="16" height="14" '
                    f'rx="3" class="token-body"/>'
                    f'<text x="{x - h + 8:.1f}" y="{y + h - 3:.1f}" class="token-label" '
                    f'font-size="10">{int(owner) + 1}</text></g>'
                )
            parts.append(_hand_badges(view, cell.get("hands") or [], x + h - 6, y - h + 6))
        else:
            parts.append(_rect(x - h, y - h, h * 2, h * 2, "space empty", r=5))
        if space in trail_data.RISK_ACTIONS:
            parts.append(_text(x + h - 8, y + h - 4, "R", "space-mark"))
        if space in trail_data.WOODS:
            parts.append(
                f'<path d="M{x - h + 4:.1f} {y - h + 16:.1f}l6 -11l6 11z" class="woods-mark"/>'
            )
    elif kind == "hazard":
        hazard = space.split("-")[0].lower()
        tile = view.get("hazard_sections", {}).get(space)
        if tile:
            parts.append(_rect(x - h, y - h, h * 2, h * 2, f"space hazard hazard-{hazard}"))
            parts.append(
                _text(x, y + 1, lay.HAZARD_NAMES[hazard], "space-label-small hazard-label")
            )
            parts.append(_text(x, y + 15, f"{tile.get('vp')} VP", "space-label-small"))
            parts.append(_hand_badges(view, [str(tile.get("hand"))], x + h - 4, y - h + 4))
        else:
            parts.append(_rect(x - h, y - h, h * 2, h * 2, f"space empty hazard-slot-{hazard}"))
            parts.append(_text(x, y + 4, space.split("-")[1], "space-faint"))
    elif kind == "teepee":
        tile = view.get("indian_trade", {}).get(space)
        value = trail_data.TEEPEE_VALUE[space]
        money = f"+${value}" if value > 0 else f"\u2212${-value}"
        if tile:
            colour = str(tile.get("type"))
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{h:g}" class="space teepee '
                f'teepee-{_e(colour)}"/>'
            )
            parts.append(_teepee_mark(x, y - 2, 10))
            parts.append(_text(x, y + 17, colour[0].upper(), "space-label-small"))
            parts.append(_hand_badges(view, [str(tile.get("hand"))], x + h - 2, y - h + 4))
        else:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{h:g}" class="space empty"/>')
        parts.append(_text(x, y + h + 13, money, "space-value"))
    return "".join(parts)


@cache
def _trail_paths() -> str:
    """The lines between trail spaces: the same on every board, so drawn once."""
    parts: Parts = ['<g class="paths">']
    for space, (_kind, succ) in trail_data.NODES.items():
        x1, y1 = lay.trail_xy(space)
        for nxt in succ:
            x2, y2 = lay.trail_xy(nxt)
            parts.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" class="path"/>'
            )
    parts.append("</g>")
    return "".join(parts)


def _trail(view: View, targets: Mapping[str, int] | None, names: Sequence[str] | None) -> Parts:
    parts: Parts = ['<g class="trail">', _heading(16, 26, "Trail")]
    for key, label, members in lay.SECTIONS:
        xs = [lay.trail_xy(m)[0] for m in members]
        ys = [lay.trail_xy(m)[1] for m in members]
        pad = 31
        x0, y0 = min(xs) - pad, min(ys) - pad - 12
        w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + 26
        parts.append(_rect(x0, y0, w, h, f"section section-{key}", r=8))
        parts.append(_text(x0 + 6, y0 + 11, label, "section-label"))
    parts.append(_trail_paths())
    decision = view.get("decision") or {}
    focus = decision.get("space") if decision.get("kind") in ("loc", "copy") else None
    herders: dict[str, list[int]] = {}
    for p in view["players"]:
        if p.get("herder"):
            herders.setdefault(p["herder"], []).append(int(p["seat"]))
    for space in trail_data.NODES:
        x, y = lay.trail_xy(space)
        kind = trail_data.kind(space)
        words = _space_words(view, space, names)
        here = herders.get(space, [])
        if here:
            words += "; herders here: " + ", ".join(seat_label(s, names) for s in here)
        cell = view["trail"].get(space)
        cls = "loc" + (" has-tile" if cell else "") + (" current" if space == focus else "")
        tile_attr = f' data-tile="{_e(cell["tile"])}"' if cell else ""
        body = (
            f'<g class="{cls}" data-loc="{_e(space)}" data-kind="{kind}"{tile_attr}>{_title(words)}'
            f"{_space_body(view, space, x, y)}"
        )
        if kind not in ("start", "kc", "neutral"):
            half = lay.SPACE_HALF[kind]
            below = y + half + (24 if kind == "teepee" else 11)
            body += _text(x, below, space, "space-id")
        body += "</g>"
        parts.append(_target(targets, f"loc:{space}", f"Choose {words}", body))
    for space, seats in herders.items():
        x, y = lay.trail_xy(space)
        top = y - lay.SPACE_HALF[trail_data.kind(space)] * (1.4 if space == "KC" else 1)
        for i, seat in enumerate(seats):
            tx = x - (len(seats) - 1) * 13 + i * 26
            parts.append(
                f'<g class="herder" data-herder="{seat}" data-loc="{_e(space)}">'
                + _token(tx, top - 6, seat, 13, f"herder of {seat_label(seat, names)} at {space}")
                + "</g>"
            )
    parts.append("</g>")
    return parts


# --- the railroad -------------------------------------------------------------------------


@cache
def _rails_and_crosses() -> str:
    """The rails and the crosses beside them: the same on every board, so drawn once."""
    xy = lay.TRACK_XY
    parts: Parts = ['<g class="rails">']
    for space, nexts in railroad.FORWARD.items():
        x1, y1 = xy[space]
        for nxt in nexts:
            x2, y2 = xy[nxt]
            if space == "19":
                bend = x1 + 34
                parts.append(
                    f'<path d="M{x1:.1f} {y1:.1f}C{bend:.1f} {y1:.1f} {bend:.1f} {y2:.1f} '
                    f'{x2:.1f} {y2:.1f}" class="rail"/>'
                )
            else:
                parts.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" class="rail"/>'
                )
    parts.append("</g>")
    for c in railroad.CROSSES:
        (x1, y), (x2, _) = xy[str(c)], xy[str(c + 1)]
        parts.append(
            f'<g class="cross">{_title(f"cross between spaces {c} and {c + 1}")}'
            + _text((x1 + x2) / 2, y + lay.CROSS_DROP + 4, "\u271a", "cross-mark")
            + "</g>"
        )
    return "".join(parts)


def _track(view: View, targets: Mapping[str, int] | None, names: Sequence[str] | None) -> Parts:
    parts: Parts = ['<g class="railroad">', _heading(16, lay.TRACK_TOP + 18, "Railroad")]
    xy = lay.TRACK_XY
    parts.append(_rails_and_crosses())
    decision = view.get("decision") or {}
    focus = decision.get("station") if decision.get("kind") in ("station", "sm") else None
    stations = view.get("stations", {})
    masters = view.get("station_masters", {})
    workers = view.get("station_workers", {})
    for station, (turnout, _switch, cost, vp, _corner, _has_sm) in railroad.STATIONS.items():
        sx, sy = lay.STATION_XY[station]
        tx, ty = xy[turnout]
        w, h = lay.STATION_W, lay.STATION_H
        discs = [int(s) for s in stations.get(station, [])]
        master = masters.get(station)
        worker = workers.get(station)
        words = f"station {station}: upgrade ${cost}, {vp} VP"
        if master:
            words += f"; {_tile_words(master)}"
        if worker:
            words += f"; worker tile: {_tile_words(worker)}"
        words += "; discs: " + (", ".join(seat_label(s, names) for s in discs) or "none")
        current = " current" if station == focus else ""
        parts.append(f'<g class="station{current}" data-station="{station}">{_title(words)}')
        parts.append(
            f'<line x1="{tx:.1f}" y1="{ty:.1f}" x2="{sx:.1f}" y2="{sy + h / 2:.1f}" '
            f'class="station-link"/>'
        )
        parts.append(_rect(sx - w / 2, sy - h / 2, w, h, "station-box", r=6))
        parts.append(_text(sx - w / 2 + 6, sy - h / 2 + 14, station, "station-name"))
        parts.append(
            _text(sx + w / 2 - 6, sy - h / 2 + 14, f"${cost} \u00b7 {vp} VP", "station-cost")
        )
        if master:
            upper = lay.STATION_MASTER_TEXT.get(str(master.get("type")), "")
            lower = lay.STATION_MASTER_TEXT.get(str(master.get("scoring")), "")
            parts.append(
                f'<g class="station-master" data-tile="{_e(master.get("id", ""))}">'
                + _rect(sx - w / 2 + 4, sy - h / 2 + 19, w - 8, 24, "sm-tile", r=3)
                + _text(sx, sy - h / 2 + 29, f"{master.get('id')} {upper}", "sm-label")
                + _text(sx, sy - h / 2 + 40, lower, "sm-label")
                + "</g>"
            )
        elif worker:
            kind = str(worker.get("type"))
            parts.append(
                f'<g class="station-worker" data-tile="{_e(worker.get("id", ""))}">'
                + _rect(sx - w / 2 + 4, sy - h / 2 + 19, w - 8, 24, f"worker worker-{_e(kind)}")
                + _text(sx, sy - h / 2 + 35, kind.capitalize(), "tile-label")
                + "</g>"
            )
        for i, seat in enumerate(discs):
            dx = sx - w / 2 + 14 + i * 22
            parts.append(
                f'<g class="disc" data-disc-station="{station}">'
                + _token(dx, sy + h / 2 - 12, seat, 9, f"disc of {seat_label(seat, names)}")
                + "</g>"
            )
        parts.append("</g>")
    engines: dict[str, list[int]] = {}
    for p in view["players"]:
        engines.setdefault(str(p.get("engine")), []).append(int(p["seat"]))
    for space, (x, y) in xy.items():
        turnout = railroad.is_turnout(space)
        station = railroad.STATION_AT.get(space)
        r = 10 if turnout else lay.TRACK_SPACE_R
        words = f"track space {space}"
        if station:
            words += f" (station {station})"
        here = engines.get(space, [])
        if here:
            words += "; engines: " + ", ".join(seat_label(s, names) for s in here)
        cls = "track-space turnout" if turnout else "track-space"
        body = (
            f'<g class="{cls}" data-track="{_e(space)}">{_title(words)}'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" class="track-body"/>'
            + ("" if turnout else _text(x, y + 4, space, "track-label"))
            + "</g>"
        )
        parts.append(_target(targets, f"track:{space}", f"Choose {words}", body))
    for space, seats in engines.items():
        if space not in xy:
            continue
        x, y = xy[space]
        drop = -lay.ENGINE_DROP if railroad.is_turnout(space) else lay.ENGINE_DROP
        for i, seat in enumerate(seats):
            ex = x - (len(seats) - 1) * 10 + i * 20
            ey = y + drop
            colour = seat_colour(seat)
            parts.append(
                f'<g class="engine seat-{colour}" data-engine="{seat}" data-track="{_e(space)}">'
                f"{_title(f'engine of {seat_label(seat, names)} on track space {space}')}"
                f'<rect x="{ex - 9:.1f}" y="{ey - 9:.1f}" width="18" height="18" rx="3" '
                f'class="token-body"/>'
                f'<text x="{ex:.1f}" y="{ey + 4:.1f}" class="token-label" font-size="11">'
                f"{seat + 1}</text></g>"
            )
    parts.append("</g>")
    return parts


# --- the cities ---------------------------------------------------------------------------


def _cities(view: View, names: Sequence[str] | None) -> Parts:
    top = lay.CITIES_TOP
    parts: Parts = ['<g class="cities">', _heading(16, top + 14, "Cities")]
    placed = view.get("cities", {})
    xs: dict[str, float] = {}
    for i, city in enumerate(city_data.ORDER):
        name, value, corner, repeat = city_data.CITIES[city]
        x = lay.CITY_LEFT + i * (lay.CITY_W + lay.CITY_GAP)
        xs[city] = x
        y = top + 24
        discs = [int(s) for s in placed.get(city, [])]
        counts: dict[int, int] = {}
        for s in discs:
            counts[s] = counts.get(s, 0) + 1
        disc_words = ", ".join(
            f"{seat_label(s, names)}" + (f" \u00d7{n}" if n > 1 else "") for s, n in counts.items()
        )
        words = f"{name} (value {value}{', repeatable' if repeat else ''}): discs: "
        words += disc_words or "none"
        parts.append(f'<g class="city" data-city="{city}">{_title(words)}')
        parts.append(
            f'<path d="M{x:.1f} {y:.1f}h{lay.CITY_W}v{lay.CITY_H - 22}'
            f'l-{lay.CITY_W / 2:g} 22l-{lay.CITY_W / 2:g} -22z" class="crest crest-{_e(corner)}"/>'
        )
        parts.append(_text(x + lay.CITY_W / 2, y + 13, lay.CITY_SHORT[city], "city-name"))
        parts.append(_text(x + lay.CITY_W / 2, y + 32, value, "city-value"))
        for j, (seat, n) in enumerate(counts.items()):
            cx = x + 16 + (j % 2) * 40
            cy = y + 48 + (j // 2) * 22
            parts.append(
                f'<g class="disc" data-disc-city="{city}" data-count="{n}">'
                + _token(cx, cy, seat, 9, f"disc of {seat_label(seat, names)} \u00d7{n}")
                + (_text(cx + 19, cy + 4, f"\u00d7{n}", "disc-count") if repeat else "")
                + "</g>"
            )
        parts.append("</g>")
    for (left, right), (action, vp) in city_data.ARROWS.items():
        mid = (xs[left] + lay.CITY_W + xs[right]) / 2
        y = top + 24 + lay.CITY_H + 12
        label = f"{vp:+d}" if vp else "0"
        label += " obj." if action == "objective" else ""
        words = f"between {left} and {right}: {vp} VP" + (
            ", take an objective card" if action == "objective" else ""
        )
        parts.append(
            f'<g class="city-arrow">{_title(words)}' + _text(mid, y, label, "arrow-label") + "</g>"
        )
    parts.append("</g>")
    return parts


# --- the markets and displays -------------------------------------------------------------


def _job_market(view: View) -> Parts:
    jm = view.get("job_market", {})
    rows = jm.get("rows", [])
    token_row = jm.get("token_row")
    columns = set(jm.get("columns", range(board_data.JOB_COLUMNS)))
    costs = jm.get("costs", board_data.JOB_ROW_COSTS)
    x0, y0 = lay.JOB_LEFT, lay.JOB_TOP
    parts: Parts = ['<g class="job-market">', _heading(x0, y0 - 14, "Job market")]
    for i, row in enumerate(rows):
        y = y0 + i * lay.JOB_ROW_H
        is_token = i == token_row
        cost = costs[i] if i < len(costs) else ""
        arrow = board_data.JOB_ROW_ARROWS[i] if i < len(board_data.JOB_ROW_ARROWS) else "black"
        workers = [w for w in row if w]
        words = f"job market row {i + 1}, ${cost}: " + (", ".join(workers) or "empty")
        if is_token:
            words += "; the job market token is here"
        if arrow == "yellow":
            words += "; leaving this row refills the cattle market"
        elif arrow == "red":
            words += "; leaving this row triggers the game end"
        cls = "job-row token-row" if is_token else "job-row"
        parts.append(f'<g class="{cls}" data-row="{i}">{_title(words)}')
        width = lay.JOB_LABEL_W + board_data.JOB_COLUMNS * lay.JOB_CELL_W + 4
        if is_token:
            parts.append(_rect(x0 - 4, y - 2, width + 8, lay.JOB_ROW_H, "token-row-band", r=4))
        parts.append(_text(x0 + 2, y + 15, f"${cost}", "job-cost"))
        for c in range(board_data.JOB_COLUMNS):
            cx = x0 + lay.JOB_LABEL_W + c * lay.JOB_CELL_W
            kind = row[c] if c < len(row) else None
            if kind:
                parts.append(
                    _rect(cx, y, lay.JOB_CELL_W - 4, lay.JOB_ROW_H - 4, f"worker worker-{_e(kind)}")
                )
                parts.append(
                    _text(
                        cx + (lay.JOB_CELL_W - 4) / 2,
                        y + 14,
                        lay.WORKER_SHORT.get(kind, kind),
                        "job-worker",
                    )
                )
            else:
                cls2 = "slot-empty" if c in columns else "slot-unused"
                parts.append(_rect(cx, y, lay.JOB_CELL_W - 4, lay.JOB_ROW_H - 4, cls2))
        end_x = x0 + width + 2
        if is_token:
            parts.append(_text(end_x + 6, y + 15, "\u25c0 token", "token-note"))
        elif arrow != "black":
            parts.append(
                _text(end_x + 6, y + 15, "refill" if arrow == "yellow" else "end", f"arrow-{arrow}")
            )
        parts.append("</g>")
    parts.append("</g>")
    return parts


def _foresight_and_supply(view: View) -> Parts:
    x0, y0 = lay.FORESIGHT_LEFT, lay.FORESIGHT_TOP
    parts: Parts = ['<g class="foresight">', _heading(x0, y0 - 14, "Foresight")]
    for col, pair in enumerate(view.get("foresight", [])):
        x = x0 + col * (lay.TILE_W + 12)
        parts.append(_text(x + lay.TILE_W / 2, y0 + 2, str(col + 1), "foresight-col"))
        for row, tile in enumerate(pair):
            y = y0 + 8 + row * (lay.TILE_H + 6)
            parts.append(
                f'<g class="foresight-space" data-foresight="{col}-{row}">'
                + _title(f"foresight column {col + 1}, space {row + 1}: {_tile_words(tile)}")
                + _tile_piece(view, tile, x, y)
                + "</g>"
            )
    parts.append("</g>")
    sx = lay.SUPPLY_LEFT
    parts.append(f'<g class="supply">{_heading(sx, y0 - 14, "Kansas City supply")}')
    supply = view.get("supply", {})
    for i, key in enumerate(("1", "2", "3")):
        n = int(supply.get(key, {}).get("count", 0))
        y = y0 + 8 + i * 26
        parts.append(
            f'<g class="supply-bag" data-bag="{key}">{_title(f"supply {key}: {n} tiles")}'
            + _rect(sx, y, 150, 22, "count-box")
            + _text(sx + 8, y + 15, f"Supply {key}: {n} tiles", "count-text")
            + "</g>"
        )
    removed = view.get("removed_tiles", [])
    y = y0 + 8 + 3 * 26
    parts.append(
        f'<g class="removed-tiles">{_title(f"tiles out of the game: {len(removed)}")}'
        + _text(sx + 8, y + 12, f"Tiles out of game: {len(removed)}", "count-text")
        + "</g>"
    )
    parts.append("</g>")
    return parts


def _cattle_card(card: Mapping[str, Any], x: float, y: float) -> str:
    breed = str(card.get("breed"))
    w, h = lay.CARD_W, lay.CARD_H
    return (
        f'<g class="card cattle-card" data-card="{_e(card.get("id", ""))}">'
        f"{_title(_card_words(card))}"
        + _rect(x, y, w, h, f"card-body breed-{_e(breed)}", r=5)
        + _text(x + w / 2, y + 15, lay.BREED_SHORT.get(breed, breed), "card-breed")
        + _text(x + w / 2, y + 44, card.get("value"), "card-value")
        + _text(x + w / 2, y + h - 8, f"{card.get('vp')} VP", "card-vp")
        + "</g>"
    )


def _objective_card(card: Mapping[str, Any], x: float, y: float, w: float, h: float) -> str:
    tasks = " ".join(str(t) for t in card.get("tasks", []))
    action = lay.OBJECTIVE_ACTIONS.get(card.get("action"), str(card.get("action")))
    penalty = card.get("penalty") or 0
    vp_text = f"+{card.get('vp')} / {penalty} VP" if penalty else f"+{card.get('vp')} VP"
    cx = x + w / 2
    return (
        f'<g class="card objective-card" data-card="{_e(card.get("id", ""))}">'
        f"{_title(_card_words(card))}"
        + _rect(x, y, w, h, "card-body objective", r=5)
        + _text(cx, y + h * 0.2, card.get("id", ""), "card-breed")
        + _text(cx, y + h * 0.42, tasks, "objective-tasks")
        + _text(cx, y + h * 0.64, vp_text, "card-vp")
        + _text(cx, y + h * 0.88, action, "card-small")
        + "</g>"
    )


def _markets(view: View) -> Parts:
    parts: Parts = []
    x0, y0 = lay.CATTLE_LEFT, lay.CATTLE_TOP
    market = view.get("cattle_market", [])
    stack = int(view.get("market_stack", {}).get("count", 0))
    parts.append(
        '<g class="cattle-market">'
        + _heading(x0, y0 - 14, f"Cattle market ({_plural(stack, 'card')} in the stack)")
    )
    for i, card in enumerate(market):
        x = x0 + (i % lay.CATTLE_PER_ROW) * (lay.CARD_W + 6)
        y = y0 + (i // lay.CATTLE_PER_ROW) * (lay.CARD_H + 8)
        parts.append(_cattle_card(card, x, y))
    if not market:
        parts.append(_text(x0 + 8, y0 + 20, "empty", "count-text"))
    parts.append("</g>")
    ox, oy = lay.OBJECTIVE_LEFT, lay.OBJECTIVE_TOP
    display = view.get("objective_display", [])
    ostack = int(view.get("objective_stack", {}).get("count", 0))
    parts.append(
        '<g class="objective-display">'
        + _heading(ox, oy - 14, f"Objective cards ({_plural(ostack, 'card')} in the stack)")
    )
    for i, card in enumerate(display):
        parts.append(_objective_card(card, ox + i * (lay.OBJ_W + 8), oy, lay.OBJ_W, lay.OBJ_H))
    parts.append("</g>")
    return parts


# --- header and text alternative ----------------------------------------------------------


def _shorten(text: str, limit: int) -> str:
    """Cut a line that would run off the board; the full text stays in the ``<desc>``."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def _status_line(view: View, names: Sequence[str] | None) -> str:
    if view.get("over"):
        return "Game over"
    current = view.get("current_player")
    if current is None:
        return "Waiting"
    what = decision_text(view.get("decision"))
    line = f"{seat_label(int(current), names)} to move"
    line = f"{line}: {what}" if what else line
    if view.get("end"):
        line += " (last turns: the game end is triggered)"
    return line


def describe_board(view: View, names: Sequence[str] | None = None) -> str:
    """The position in words (the board's ``<desc>``)."""
    sentences = [f"Move {view.get('seq', 0)}. {_status_line(view, names)}."]
    if view.get("end"):
        by = view["end"].get("triggered_by")
        if by is not None:
            sentences.append(f"The game end was triggered by {seat_label(int(by), names)}.")
    for p in view["players"]:
        seat = int(p["seat"])
        herder = p.get("herder")
        where = f"herder at {herder}" if herder else "herder not yet placed"
        sentences.append(
            f"{seat_label(seat, names)}: {where}, engine on track space {p.get('engine')}, "
            f"${p.get('money')}."
        )
    scores = view.get("scores")
    if scores:
        totals = ", ".join(f"{seat_label(i, names)} {s.get('total')}" for i, s in enumerate(scores))
        sentences.append(f"Final scores: {totals}.")
    return " ".join(sentences)


def board_svg(
    view: View, *, targets: Mapping[str, int] | None = None, names: Sequence[str] | None = None
) -> str:
    """The whole shared table as one SVG element (markup to be marked safe by the caller).

    ``targets`` maps ``"loc:<trail id>"`` / ``"track:<space>"`` to the index of the legal
    move a click on that space submits; ``names`` optionally gives player names by seat.
    With targets the root is a ``group`` rather than an ``img``, because assistive
    technology hides everything inside an image, clickable spaces included."""
    title = f"Game board, move {view.get('seq', 0)}"
    desc = describe_board(view, names)
    role = "group" if targets else "img"
    parts: Parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gwt-board" '
        f'viewBox="0 0 {lay.WIDTH} {lay.HEIGHT}" role="{role}" '
        f'aria-labelledby="gwt-board-title gwt-board-desc" preserveAspectRatio="xMidYMin meet">',
        f'<title id="gwt-board-title">{_e(title)}</title>',
        f'<desc id="gwt-board-desc">{_e(desc)}</desc>',
        _rect(0, 0, lay.WIDTH, lay.HEIGHT, "board-bg", r=0),
        _text(lay.WIDTH - 12, 26, _shorten(_status_line(view, names), 80), "status-line"),
    ]
    parts += _trail(view, targets, names)
    parts += _track(view, targets, names)
    parts += _cities(view, names)
    parts += _job_market(view)
    parts += _foresight_and_supply(view)
    parts += _markets(view)
    parts.append("</svg>")
    return "".join(parts)


# --- a player's board ---------------------------------------------------------------------


def _chip(x: float, y: float, w: float, text: str, cls: str, title: str) -> str:
    return (
        f'<g class="chip">{_title(title)}'
        + _rect(x, y, w, 20, cls, r=4)
        + _text(x + w / 2, y + 14, text, "chip-label")
        + "</g>"
    )


def describe_player(view: View, seat: int, names: Sequence[str] | None = None) -> str:
    p = view["players"][seat]
    hand = p.get("hand")
    hand_n = len(hand) if isinstance(hand, list) else int((hand or {}).get("count", 0))
    w = p.get("workers", {})
    return (
        f"{seat_label(seat, names)}: ${p.get('money')}, "
        f"{w.get('cowboy', 0)} cowboys, {w.get('craftsman', 0)} craftsmen, "
        f"{w.get('engineer', 0)} engineers, {p.get('discs_left')} discs left, "
        f"{p.get('certificates')} certificates, {_plural(hand_n, 'card')} in hand, "
        f"{_plural(len(p.get('objectives', [])), 'objective')} in the objective area."
    )


def player_board_svg(view: View, seat: int, *, names: Sequence[str] | None = None) -> str:
    """One player's board as an SVG element; hands are shown as counts only, for everyone."""
    p = view["players"][seat]
    colour = seat_colour(seat)
    label = seat_label(seat, names)
    prefix = f"gwt-player-{seat}"
    parts: Parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gwt-player-board seat-{colour}" '
        f'viewBox="0 0 {lay.PLAYER_WIDTH} {lay.PLAYER_HEIGHT}" role="img" '
        f'aria-labelledby="{prefix}-title {prefix}-desc" data-seat="{seat}">',
        f'<title id="{prefix}-title">{_e(f"Player board of {label}")}</title>',
        f'<desc id="{prefix}-desc">{_e(describe_player(view, seat, names))}</desc>',
        _rect(1, 1, lay.PLAYER_WIDTH - 2, lay.PLAYER_HEIGHT - 2, f"pb-bg owner-{colour}", r=8),
    ]
    current = view.get("current_player") == seat and not view.get("over")
    parts.append(_token(22, 22, seat, 13, label))
    you = " (you)" if view.get("viewer") == seat else ""
    heading = _shorten(label + you, 34) + (" \u2014 to move" if current else "")
    parts.append(_text(42, 27, heading, "pb-name"))
    parts.append(
        f'<g class="pb-money">{_title("money: $" + str(p.get("money")))}'
        + _text(lay.PLAYER_WIDTH - 14, 28, f"${p.get('money')}", "pb-money-text")
        + "</g>"
    )
    # Workers: the printed worker plus hired ones, out of 6 spaces per row.
    y = 46
    for kind in ("cowboy", "craftsman", "engineer"):
        n = int(p.get("workers", {}).get(kind, 0))
        plural = lay.WORKER_PLURAL[kind]
        parts.append(f'<g class="pb-workers" data-kind="{kind}">{_title(f"{plural}: {n}")}')
        parts.append(_text(12, y + 14, f"{plural} {n}", "pb-label"))
        # The printed worker, then the row's spaces (the last ones score VP when filled).
        for i in range(max(board_data.WORKER_ROW_SPACES + 1, n)):
            cls = f"worker worker-{kind}" if i < n else "slot-empty"
            if i == 0:
                cls += " printed"
            elif i in board_data.WORKER_VP_SPACES:
                cls += " vp-space"
            parts.append(_rect(112 + i * 22, y + 2, 19, 16, cls, r=3))
        parts.append("</g>")
        y += 22
    # Certificates, discs, limits.
    stats = [
        (
            "certificates",
            f"Certificates {p.get('certificates', 0)} (limit {p.get('certificate_limit', '?')})",
        ),
        ("permanent", f"Permanent cert. {p.get('permanent_certificates', 0)}"),
        ("discs", f"Discs left {p.get('discs_left', 0)}"),
        (
            "limits",
            f"Hand limit {p.get('hand_limit', '?')} \u00b7 steps {p.get('step_limit', '?')}",
        ),
        ("position", f"Herder {p.get('herder') or 'not placed'} \u00b7 engine {p.get('engine')}"),
    ]
    for i, (key, text) in enumerate(stats):
        sy = 46 + i * 15
        parts.append(
            f'<g class="pb-stat" data-stat="{key}">{_title(text)}'
            + _text(280, sy + 10, text, "pb-label")
            + "</g>"
        )
    if p.get("job_market_token"):
        parts.append(
            _text(280, 46 + len(stats) * 15 + 10, "Holds the job market token", "pb-label")
        )
    # Auxiliary actions.
    y = 140
    parts.append(_text(12, y + 10, "Auxiliary actions", "pb-heading"))
    levels = p.get("aux_levels", {})
    for i, n in enumerate(("1", "2", "3", "4", "5")):
        level = int(levels.get(n, 0))
        name = lay.AUX_NAMES[n]
        state = lay.AUX_LEVELS[min(level, 2)]
        x = 12 + i * 93
        title = f"auxiliary action {n}, {name}: {state}"
        parts.append(_chip(x, y + 16, 89, lay.AUX_SHORT[n], f"aux aux-{state}", title))
        parts.append(_text(x + 44.5, y + 48, state, "pb-small"))
    # Buildings.
    y = 198
    parts.append(_text(12, y + 10, "Buildings", "pb-heading"))
    available = set(p.get("buildings_available", []))
    sides = view.get("building_sides", {})
    for i, number in enumerate(range(1, 11)):
        bid = f"{number}{sides.get(str(number), 'a')}"
        have = bid in available
        cls = "building-chip" if have else "building-chip built"
        word = "available" if have else "built"
        parts.append(_chip(12 + i * 46, y + 16, 42, bid, cls, f"building {bid}: {word}"))
    # Tiles owned.
    y = 256
    hazards = p.get("hazards", [])
    teepees = p.get("teepees", [])
    masters = p.get("station_masters", [])
    greens = sum(1 for t in teepees if t.get("type") == "green")
    blues = len(teepees) - greens
    tiles_text = (
        f"Hazards {len(hazards)} ({sum(int(t.get('vp', 0)) for t in hazards)} VP) \u00b7 "
        f"teepees {greens} green, {blues} blue \u00b7 station masters {len(masters)}"
    )
    tile_words = "; ".join(_tile_words(t) for t in [*hazards, *teepees, *masters]) or "none"
    parts.append(
        f'<g class="pb-tiles">{_title("tiles: " + tile_words)}'
        + _text(12, y + 10, tiles_text, "pb-label")
        + "</g>"
    )
    # Objective area.
    y = 274
    objectives = p.get("objectives", [])
    parts.append(_text(12, y + 10, f"Objective area ({len(objectives)})", "pb-heading"))
    for i, card in enumerate(objectives[:5]):
        parts.append(_objective_card(card, 12 + i * 92, y + 16, 88, 64))
    if len(objectives) > 5:
        parts.append(
            _text(lay.PLAYER_WIDTH - 14, y + 10, f"+{len(objectives) - 5} more", "pb-small-end")
        )
    # Cards: counts only.
    hand = p.get("hand")
    hand_n = len(hand) if isinstance(hand, list) else int((hand or {}).get("count", 0))
    draw_n = (
        int((p.get("draw_pile") or {}).get("count", 0))
        if isinstance(p.get("draw_pile"), dict)
        else len(p.get("draw_pile") or [])
    )
    discard = p.get("discard_pile", [])
    removed = p.get("removed", [])
    top = discard[-1] if discard else None
    top_text = (
        "none"
        if top is None
        else (
            str(top.get("id"))
            if top.get("kind") == "objective"
            else BREED_NAMES.get(str(top.get("breed")), str(top.get("breed")))
        )
    )
    cards_text = (
        f"Hand {hand_n} \u00b7 draw pile {draw_n} \u00b7 discard {len(discard)} "
        f"(top: {top_text}) \u00b7 removed {len(removed)}"
    )
    parts.append(
        f'<g class="pb-cards" data-hand-count="{hand_n}">'
        + _title(cards_text + (f"; top of discard: {_card_words(top)}" if top else ""))
        + _text(12, lay.PLAYER_HEIGHT - 12, cards_text, "pb-label")
        + "</g>"
    )
    parts.append("</svg>")
    return "".join(parts)

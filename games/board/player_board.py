"""A player's board: money, workers, certificates and discs, auxiliary actions, buildings
(10, or 12 in the 2nd edition), exchange tokens (2nd edition), tiles won (hazards, teepees
or outlaws, station masters), the objective area, and card counts (never the cards in
hand, for anyone).

The worker rows, auxiliary actions, buildings and objective cards change seldom, and are
kept by what they show (``games/board/memo.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext, pgettext_lazy
from django_stubs_ext import StrOrPromise

import engine
from engine.data import player_board as board_data
from games.board import layout as lay
from games.board.describe import describe_player, hand_count
from games.board.editions import BREED_NAMES, BoardEdition, edition
from games.board.elements import Element, Markup, frozen, title
from games.board.glyphs import fit
from games.board.memo import Pieces, freeze
from games.board.pieces import exchange_icon, group, objective_card, rect, text, token
from games.board.words import Names, View, card_words, seat_colour, seat_label, shorten, tile_words
from games.terms import names as term_names
from games.terms.places import edition_of, ordinal, place_name, track_name

_PIECES = Pieces(2048)


def player_board(view: View, seat: int, *, names: Names = None) -> Element:
    """The board of the player at ``seat`` as an ``<svg>`` element of its own.

    :param view: the engine's view of the position (of any seat: hands are counted only).
    :param seat: whose board.
    :param names: player names by seat, for titles.
    """
    p = view["players"][seat]
    ed = edition(view)
    colour = seat_colour(seat)
    label = seat_label(seat, names)
    prefix = f"gwt-player-{seat}"
    root = Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": f"gwt-player-board seat-{colour}",
            "viewBox": f"0 0 {lay.PLAYER_WIDTH} {lay.PLAYER_HEIGHT}",
            "role": "img",
            "aria-labelledby": f"{prefix}-title {prefix}-desc",
            "data-seat": str(seat),
        },
        title(gettext("Player board of %(player)s") % {"player": label}, f"{prefix}-title"),
        Element("desc", {"id": f"{prefix}-desc"}, text=describe_player(view, seat, names)),
        rect(1, 1, lay.PLAYER_WIDTH - 2, lay.PLAYER_HEIGHT - 2, f"pb-bg owner-{colour}", r=8),
    )
    current = view.get("current_player") == seat and not view.get("over")
    you = gettext("%(player)s (you)") % {"player": label} if view.get("viewer") == seat else label
    heading = shorten(you, 34) + (" \u2014 " + gettext("to move") if current else "")
    money = str(p.get("money"))
    root.append(
        _PIECES.get(("header", seat, label, heading, money), _header, seat, label, heading, money)
    )
    kinds = ed.worker_kinds
    workers = tuple(int(p.get("workers", {}).get(k, 0)) for k in kinds)
    root.append(_PIECES.get(("workers", kinds, workers), _workers, kinds, workers))
    stats = _stats_words(view, p)
    token_held = bool(p.get("job_market_token"))
    owed = _owed_words(p)
    position = _position_label(view, p)
    stats_key = ("stats", stats, token_held, owed, position)
    root.append(_PIECES.get(stats_key, _stats, stats, token_held, owed, position))
    levels = tuple(int(p.get("aux_levels", {}).get(n, 0)) for n in ("1", "2", "3", "4", "5"))
    root.append(_PIECES.get(("aux", ed, levels), _auxiliary, levels, ed.aux_names))
    sides = view.get("building_sides", {})
    bids = tuple(f"{n}{sides.get(n, 'a')}" for n in ed.building_numbers)
    available = set(p.get("buildings_available", []))
    built = tuple(bid not in available for bid in bids)
    chip = ed.building_chip
    root.append(_PIECES.get(("buildings", bids, built, chip), _buildings, bids, built, chip))
    if ed.has_exchange_tokens:
        tokens = int(p.get("exchange_tokens", 0))
        root.append(_PIECES.get(("exchange", tokens), _exchange_tokens, tokens))
    tiles = _tiles_words(ed, p)
    root.append(_PIECES.get(("tiles", *tiles), _tiles, *tiles))
    objectives = p.get("objectives", [])
    y = 274
    root.append(
        text(12, y + 10, gettext("Objective area (%(n)d)") % {"n": len(objectives)}, "pb-heading")
    )
    for i, card in enumerate(objectives[:5]):
        x = 12 + i * 92
        key = ("objective", x, freeze(card))
        root.append(_PIECES.get(key, objective_card, card, x, y + 16, 88, 64))
    if len(objectives) > 5:
        more = gettext("+%(n)d more") % {"n": len(objectives) - 5}
        root.append(text(lay.PLAYER_WIDTH - 14, y + 10, more, "pb-small-end"))
    cards = _cards_words(p)
    root.append(_PIECES.get(("cards", *cards), _cards, *cards))
    return root


def _header(seat: int, label: str, heading: str, money: str) -> Markup:
    """The seat's token, the player's name (and whether it is their turn), their money."""
    return frozen(
        token(22, 22, seat, 13, label),
        text(42, 27, heading, "pb-name"),
        group("pb-money", gettext("money: $%(money)s") % {"money": money}).append(
            text(lay.PLAYER_WIDTH - 14, 28, f"${money}", "pb-money-text")
        ),
    )


def _workers(kinds: tuple[str, ...], counts: tuple[int, ...]) -> Markup:
    """Each worker row (of the edition's ``kinds``): the printed worker plus hired ones, out
    of 6 spaces per row."""
    nodes = []
    y = 46
    for kind, n in zip(kinds, counts, strict=True):
        plural = str(lay.WORKER_PLURAL[kind])
        row = group(
            "pb-workers", gettext("%(workers)s: %(n)d") % {"workers": plural, "n": n}, kind=kind
        )
        row.append(text(12, y + 14, f"{plural} {n}", "pb-label"))
        # The printed worker, then the row's spaces (the last ones score VP when filled).
        for i in range(max(board_data.WORKER_ROW_SPACES + 1, n)):
            cls = f"worker worker-{kind}" if i < n else "slot-empty"
            if i == 0:
                cls += " printed"
            elif i in board_data.WORKER_VP_SPACES:
                cls += " vp-space"
            row.append(rect(112 + i * 22, y + 2, 19, 16, cls, r=3))
        nodes.append(row)
        y += 22
    return frozen(*nodes)


def _stats_words(view: View, p: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Certificates, discs, limits, where the herder and engine are: (key, words) each
    (places by their names on the board, not the engine's ids)."""
    edition = edition_of(view)
    herder = (
        place_name(view, str(p["herder"])) if p.get("herder") else pgettext("herder", "not placed")
    )
    figure = term_names.HERDER[edition].capitalize()
    return (
        (
            "certificates",
            gettext("Certificates %(n)s (limit %(limit)s)")
            % {"n": p.get("certificates", 0), "limit": p.get("certificate_limit", "?")},
        ),
        (
            "permanent",
            gettext("Permanent cert. %(n)s") % {"n": p.get("permanent_certificates", 0)},
        ),
        ("discs", gettext("Discs left %(n)s") % {"n": p.get("discs_left", 0)}),
        (
            "limits",
            gettext("Hand limit %(n)s") % {"n": p.get("hand_limit", "?")}
            + " \u00b7 "
            + gettext("steps %(n)s") % {"n": p.get("step_limit", "?")},
        ),
        (
            "position",
            gettext("%(figure)s: %(place)s") % {"figure": figure, "place": herder}
            + " \u00b7 "
            + gettext("engine: %(track)s") % {"track": track_name(view, str(p["engine"]))},
        ),
    )


def _position_label(view: View, p: Mapping[str, Any]) -> str:
    """The short line drawn for where the herder and engine are ("Cattleman C · engine 7",
    "Herder Kansas City · engine 1st station"); the stat's title has the full words."""
    figure = term_names.HERDER[edition_of(view)].capitalize()
    herder = str(p.get("herder") or "")
    cell = view.get("trail", {}).get(herder) or {}
    tile = str(cell.get("tile") or "")
    if not herder:
        where = gettext("not placed")
    elif cell.get("kind") == "building":
        where = tile[1:] if cell.get("owner") is None and tile.startswith("N") else tile
    else:
        where = place_name(view, herder).removeprefix("the ")
    engine_at = str(p.get("engine"))
    railroad = engine.edition_data(edition_of(view)).railroad
    station = railroad.STATION_AT.get(engine_at)
    track = (
        gettext("%(ordinal)s station")
        % {"ordinal": ordinal(list(railroad.STATIONS).index(station) + 1)}
        if station is not None and station in railroad.STATIONS
        else engine_at
    )
    line = (
        gettext("%(figure)s %(place)s") % {"figure": figure, "place": where}
        + " \u00b7 "
        + gettext("engine %(track)s") % {"track": track}
    )
    return fit(line, lay.PLAYER_STATS_ROOM, lay.PLAYER_LABEL_SIZE)


def _owed_words(p: Mapping[str, Any]) -> str:
    """The discards a 2nd edition player owes for an exchange token used out of their turn
    (public: how many, never which cards), or nothing."""
    side = p.get("side_decision")
    if not side:
        return ""
    n = int(side.get("n", 0))
    return ngettext(
        "Owes %(n)d discard (exchange token)", "Owes %(n)d discards (exchange token)", n
    ) % {"n": n}


def _stats(
    stats: tuple[tuple[str, str], ...], token_held: bool, owed: str = "", position: str = ""
) -> Markup:
    """The stats lines, each titled by its words; the position line drawn short."""
    nodes = [
        group("pb-stat", words, stat=key).append(
            text(
                lay.PLAYER_STATS_X,
                46 + i * 15 + 10,
                position if key == "position" and position else words,
                "pb-label",
            )
        )
        for i, (key, words) in enumerate(stats)
    ]
    y = 46 + len(stats) * 15 + 10
    if token_held:
        nodes.append(text(lay.PLAYER_STATS_X, y, gettext("Holds the job market token"), "pb-label"))
        y += 15
    if owed:
        short = owed.split(" (")[0]  # the title says why
        nodes.append(
            group("pb-stat pb-owed", owed, stat="owed").append(
                text(lay.PLAYER_STATS_X, y, short, "pb-label")
            )
        )
    return frozen(*nodes)


def _chip(x: float, y: float, w: float, label: str, cls: str, tooltip: str) -> Element:
    return group("chip", tooltip).append(
        rect(x, y, w, 20, cls, r=4), text(x + w / 2, y + 14, label, "chip-label")
    )


def _auxiliary(levels: tuple[int, ...], aux_names: Mapping[str, str]) -> Markup:
    """The five auxiliary actions, each locked, single or double (named by ``aux_names``,
    the edition's)."""
    y = 140
    nodes = [text(12, y + 10, gettext("Auxiliary actions"), "pb-heading")]
    for i, (n, level) in enumerate(zip(("1", "2", "3", "4", "5"), levels, strict=True)):
        name = gettext(aux_names[n])
        state = lay.AUX_LEVELS[min(level, 2)]
        x = 12 + i * 93
        said = str(AUX_LEVEL_WORDS[state])
        tooltip = gettext("auxiliary action %(n)s, %(name)s: %(state)s") % {
            "n": n,
            "name": name,
            "state": said,
        }
        nodes.append(_chip(x, y + 16, 89, str(lay.AUX_SHORT[n]), f"aux aux-{state}", tooltip))
        nodes.append(text(x + 44.5, y + 48, said, "pb-small"))
    return frozen(*nodes)


def _buildings(bids: tuple[str, ...], built: tuple[bool, ...], chip: tuple[float, float]) -> Markup:
    """The player's buildings (ten, or twelve in the 2nd edition; on the side this game
    uses), each available or built; ``chip`` is the pitch and width of one."""
    y = 198
    pitch, width = chip
    nodes = [text(12, y + 10, gettext("Buildings"), "pb-heading")]
    for i, (bid, is_built) in enumerate(zip(bids, built, strict=True)):
        cls = "building-chip built" if is_built else "building-chip"
        words = (
            gettext("building %(id)s: built") if is_built else gettext("building %(id)s: available")
        ) % {"id": bid}
        nodes.append(_chip(12 + i * pitch, y + 16, width, bid, cls, words))
    return frozen(*nodes)


def _exchange_tokens(n: int) -> Markup:
    """The exchange tokens the player holds (2nd edition): an icon and the count, at the
    right end of the buildings' heading line."""
    x, y = lay.PLAYER_WIDTH - 150, 198
    words = gettext("exchange tokens: %(n)d") % {"n": n}
    return frozen(
        group("pb-exchange", words, count=n).append(
            exchange_icon(x, y + 6, 9),
            text(x + 14, y + 10, gettext("Exchange tokens %(n)d") % {"n": n}, "pb-label"),
        )
    )


# The states of an auxiliary action (``layout.AUX_LEVELS``, also the chips' CSS classes) in
# words.
AUX_LEVEL_WORDS: dict[str, StrOrPromise] = {
    "locked": pgettext_lazy("auxiliary action", "locked"),
    "single": pgettext_lazy("auxiliary action", "single"),
    "double": pgettext_lazy("auxiliary action", "double"),
}

# What a player collects on the trail besides hazards, by edition (``player_tiles``).
_TILE_WORDS: dict[str, str] = {
    "teepees": gettext_noop("teepees"),
    "outlaws": gettext_noop("outlaws"),
}


def _tiles_words(ed: BoardEdition, p: Mapping[str, Any]) -> tuple[str, str]:
    """The hazards, teepees (outlaws) and station masters the player has taken: a line, and
    each tile in words."""
    hazards = p.get("hazards", [])
    collected = p.get(ed.player_tiles, [])
    masters = p.get("station_masters", [])
    first, second = ed.tile_colours
    firsts = sum(1 for t in collected if t.get("type") == first)
    seconds = len(collected) - firsts
    line = " \u00b7 ".join(
        (
            gettext("Hazards %(n)d (%(vp)d VP)")
            % {"n": len(hazards), "vp": sum(int(t.get("vp", 0)) for t in hazards)},
            gettext("%(tiles)s %(first)d %(first_colour)s, %(second)d %(second_colour)s")
            % {
                "tiles": gettext(_TILE_WORDS[ed.player_tiles]),
                "first": firsts,
                "first_colour": term_names.TILE_COLOURS[first],
                "second": seconds,
                "second_colour": term_names.TILE_COLOURS[second],
            },
            gettext("station masters %(n)d") % {"n": len(masters)},
        )
    )
    tiles = [*hazards, *collected, *masters]
    words = "; ".join(tile_words(t) for t in tiles) or pgettext("tiles", "none")
    return line, words


def _tiles(line: str, words: str) -> Element:
    return group("pb-tiles", gettext("tiles: %(tiles)s") % {"tiles": words}).append(
        text(12, 256 + 10, line, "pb-label")
    )


def _cards_words(p: Mapping[str, Any]) -> tuple[str, str, int]:
    """The card counts (hand, draw pile, discard pile and its top card, removed cards): a
    line, the line with the top card in words, the hand's count."""
    hand_n = hand_count(p)
    draw_pile = p.get("draw_pile")
    draw_n = (
        int((draw_pile or {}).get("count", 0))
        if isinstance(draw_pile, dict)
        else len(draw_pile or [])
    )
    discard = p.get("discard_pile", [])
    removed = p.get("removed", [])
    top = discard[-1] if discard else None
    if top is None:
        top_text = pgettext("discard pile", "none")
    elif top.get("kind") == "objective":
        top_text = pgettext("discard pile", "objective card")
    else:
        top_text = BREED_NAMES.get(str(top.get("breed")), str(top.get("breed")))
    line = " \u00b7 ".join(
        (
            gettext("Hand %(n)d") % {"n": hand_n},
            gettext("draw pile %(n)d") % {"n": draw_n},
            gettext("discard %(n)d (top: %(top)s)") % {"n": len(discard), "top": top_text},
            gettext("removed %(n)d") % {"n": len(removed)},
        )
    )
    tooltip = line + (
        "; " + gettext("top of discard: %(card)s") % {"card": card_words(top)} if top else ""
    )
    return line, tooltip, hand_n


def _cards(line: str, tooltip: str, hand_n: int) -> Element:
    return group("pb-cards", tooltip, hand_count=hand_n).append(
        text(12, lay.PLAYER_HEIGHT - 12, line, "pb-label")
    )

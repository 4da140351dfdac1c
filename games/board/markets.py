"""The cattle market and the objective card display, with the size of their stacks; with the
2nd edition's Simmental variant, the Simmental market tile and the orange Calves.

Cards are kept by what they show and where (``games/board/memo.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

from games.board import layout as lay
from games.board.editions import SIMMENTAL_BUY_OPTIONS, SIMMENTAL_STAGES
from games.board.elements import Element
from games.board.memo import Pieces, freeze
from games.board.pieces import group, heading, objective_card, rect, text
from games.board.words import View, card_words
from games.move_presentation import SIMMENTAL_STAGE_NAMES

_CARDS = Pieces(1024)


def markets(view: View) -> list[Element]:
    """A ``<g class="cattle-market">`` and a ``<g class="objective-display">``.

    :param view: the engine's view of the position.
    """
    x0, y0 = lay.CATTLE_LEFT, lay.CATTLE_TOP
    market = view.get("cattle_market", [])
    stack = int(view.get("market_stack", {}).get("count", 0))
    cattle = Element(
        "g",
        {"class": "cattle-market"},
        heading(
            x0,
            y0 - 14,
            ngettext(
                "Cattle market (%(n)d card in the stack)",
                "Cattle market (%(n)d cards in the stack)",
                stack,
            )
            % {"n": stack},
        ),
    )
    for i, card in enumerate(market):
        x = x0 + (i % lay.CATTLE_PER_ROW) * (lay.CARD_W + 6)
        y = y0 + (i // lay.CATTLE_PER_ROW) * (lay.CARD_H + 8)
        cattle.children.append(_CARDS.get(("cattle", x, y, freeze(card)), _cattle_card, card, x, y))
    if not market:
        cattle.children.append(text(x0 + 8, y0 + 20, pgettext("market", "empty"), "count-text"))
    ox, oy = lay.OBJECTIVE_LEFT, lay.OBJECTIVE_TOP
    ostack = int(view.get("objective_stack", {}).get("count", 0))
    objectives = Element(
        "g",
        {"class": "objective-display"},
        heading(
            ox,
            oy - 14,
            ngettext(
                "Objective cards (%(n)d card in the stack)",
                "Objective cards (%(n)d cards in the stack)",
                ostack,
            )
            % {"n": ostack},
        ),
    )
    w, h = lay.OBJ_W, lay.OBJ_H
    for i, card in enumerate(view.get("objective_display", [])):
        x = ox + i * (w + 8)
        key = ("objective", x, oy, w, h, freeze(card))
        objectives.children.append(_CARDS.get(key, objective_card, card, x, oy, w, h))
    if (view.get("options") or {}).get("simmental"):
        cattle.children.append(_CARDS.get(("simmental-tile",), _simmental_tile))
    return [cattle, objectives]


def _cattle_card(card: Mapping[str, Any], x: float, y: float) -> Element:
    """A cattle card: breed, breeding value and points."""
    breed = str(card.get("breed"))
    w, h = lay.CARD_W, lay.CARD_H
    label = lay.BREED_SHORT.get(breed, breed)  # the 2nd edition's names are the longer ones
    g = group("card cattle-card", card_words(card), card=card.get("id", "")).append(
        rect(x, y, w, h, f"card-body breed-{breed}", r=5),
        text(x + w / 2, y + 15, label, "card-breed" if len(label) <= 8 else "card-breed-long"),
        text(x + w / 2, y + 44, card.get("value"), "card-value"),
        text(x + w / 2, y + h - 8, gettext("%(vp)s VP") % {"vp": card.get("vp")}, "card-vp"),
    )
    stage = card.get("stage")
    if isinstance(stage, int) and stage in SIMMENTAL_STAGES:
        g.append(text(x + w / 2, y + 58, SIMMENTAL_STAGE_NAMES[stage].capitalize(), "card-small"))
    return g


def _simmental_tile() -> Element:
    """The Simmental market tile (2nd edition variant): the Calf's two buy options."""
    x, y = lay.SIMMENTAL_TILE_LEFT, lay.SIMMENTAL_TILE_TOP
    options = [
        ngettext("%(n)d cowboy + $%(price)s", "%(n)d cowboys + $%(price)s", cowboys)
        % {"n": cowboys, "price": price}
        for cowboys, price, _value, _n in SIMMENTAL_BUY_OPTIONS.values()
    ]
    words = gettext("Simmental market tile: buy one Simmental Calf for %(options)s") % {
        "options": _either(options)
    }
    g = group("simmental-tile", words).append(
        rect(x, y, lay.SIMMENTAL_TILE_W, 30 + 16 * len(options), "card-body breed-simmental", r=6),
        text(x + 8, y + 16, gettext("Simmental market tile: a Calf for"), "count-text"),
    )
    for i, option in enumerate(options):
        g.append(text(x + 16, y + 34 + 16 * i, option, "count-text"))
    return g


def _either(options: Sequence[str]) -> str:
    """ "a or b" (or "a or b or c") in the active language."""
    words = options[0] if options else ""
    for option in options[1:]:
        words = gettext("%(one)s or %(other)s") % {"one": words, "other": option}
    return words

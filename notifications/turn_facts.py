"""What a turn email shows so that a player can play from the inbox alone.

The player's own position (money, hand, cattleman or herder, engine, certificates, workers,
objectives), what the pending decision is about, and the numbered list of legal moves with
their notation. The numbers are the positions in ``engine.legal_moves`` (from 1), which is
how a reply's bare number is read back (``notifications/reply_moves.py``), so every list
shown is the full list: a number always means the same move for the same version.
"""

from __future__ import annotations

import logging
from typing import Any

import engine
from common.words import gettext as _
from common.words import ngettext
from engine import Card, Count, State, View, card_text
from games.move_presentation import decision_text, herder_word, out_of_turn_text
from games.terms.choices import PRICE_IN_WORDS, choice_words

logger = logging.getLogger(__name__)


def turn_facts(state: State, seat: int) -> dict[str, Any]:
    """JSON-ready facts for ``seat``'s email (its own hidden cards included)."""
    view = engine.view(state, seat)
    edition = view["edition"]
    me = view["players"][seat]
    hand = me["hand"] if isinstance(me["hand"], list) else []
    objectives = [
        _("%(card)s (%(tasks)s, %(vp)s VP)")
        % {"card": card["id"], "tasks": " ".join(card.get("tasks") or []), "vp": card.get("vp", 0)}
        for card in me.get("objectives", [])
    ]
    workers = me.get("workers", {})
    decision = view.get("decision") if view.get("current_player") == seat else None
    # Not to move, but owing discards for an exchange token (2nd edition, R2-TURN-01).
    owed = decision is None and bool(me.get("side_decision"))
    return {
        "money": me["money"],
        "hand": [_card(card, edition) for card in hand],
        "herder_word": herder_word(edition),
        "herder": (
            _("at %(place)s") % {"place": me["herder"]}
            if me.get("herder")
            else _("not on the trail yet")
        ),
        "engine_at": me.get("engine"),
        "certificates": me.get("certificates", 0),
        # The 2nd edition's exchange tokens (None in a 1st edition game, which has none).
        "exchange_tokens": me.get("exchange_tokens"),
        "workers": ", ".join(_count(n, kind) for kind, n in workers.items()),
        "objectives": objectives,
        "draw_pile": _count_of(me["draw_pile"]),
        "decision": (
            decision_text(decision, edition, view=view)
            if decision
            else (out_of_turn_text(view, seat) if owed else "")
        ),
        "options": numbered_options(state, seat, view=view),
    }


def _count(n: int, kind: str) -> str:
    """'2 cowboys': the worker kinds of both editions (the 2nd edition's builders are the
    1st's craftsmen), in the active language."""
    if kind == "cowboy":
        text = ngettext("%(count)d cowboy", "%(count)d cowboys", n)
    elif kind == "craftsman":
        text = ngettext("%(count)d craftsman", "%(count)d craftsmen", n)
    elif kind == "builder":
        text = ngettext("%(count)d builder", "%(count)d builders", n)
    elif kind == "engineer":
        text = ngettext("%(count)d engineer", "%(count)d engineers", n)
    else:
        return f"{n} {kind}"
    return text % {"count": n}


def _count_of(pile: list[Card] | Count) -> int:
    return len(pile) if isinstance(pile, list) else pile["count"]


def _card(card: Card, edition: str) -> str:
    """A card of the game's edition as the notation names it (ids are per edition)."""
    if card.get("kind") == "cattle":
        return _("%(card)s (value %(value)s)") % {
            "card": card_text(card["id"], edition),
            "value": card.get("value"),
        }
    return card_text(card["id"], edition)


def numbered_options(state: State, seat: int, *, view: View | None = None) -> list[dict[str, Any]]:
    """[{"n": 1, "text": notation, "words": "Take a builder", "cost": "$2 in fees"}, ...]
    in legal-move order: the number and the notation are what a reply may say; the words
    are the game page's button for the same move (``games.terms.choices``). ``view``: the
    seat's ``engine.view`` of ``state`` when the caller has it (it costs as much to build as
    pricing a few moves)."""
    options = []
    if view is None:
        view = engine.view(state, seat)
    for index, move in enumerate(engine.legal_moves(state, seat)):
        try:
            text = engine.describe(state, seat, move)
        except Exception:  # a description is a nicety: never let it stop the move
            logger.warning("no notation for %r", move, exc_info=True)
            text = str(move.get("type", "move"))
        try:
            price = engine.price(state, seat, move)
            words = choice_words(view, move, price)
            cost = "" if move["type"] in PRICE_IN_WORDS else price["cost_text"]
        except Exception:
            logger.warning("no words for %r", move, exc_info=True)
            words, cost = "", ""
        options.append({"n": index + 1, "text": text, "words": words, "cost": cost})
    return options

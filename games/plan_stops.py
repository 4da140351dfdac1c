"""Why a planned turn stopped, or was dropped, kept as data and said in the reader's language.

A plan's stop is stored as ``{"code": ..., "params": {...}}`` (``TurnPlan.stop``) when the
plan runs (in a worker, whose language is nobody's), and put into words only when shown:
the owner's page in their language, their email in the language it is sent in, the API in
the request's. The prices of a ``price_changed`` stop are the engine's (``engine.Price``),
put into words by the same table as the move buttons (``games.terms.choices.cost_words``).
Plans stopped before the codes existed kept their reason as text (``TurnPlan.stop_reason``),
shown as it was written.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop

from engine import Price
from games.terms.choices import cost_words

NO_LONGER_POSSIBLE = "no_longer_possible"
PRICE_CHANGED = "price_changed"
TURN_ENDED = "turn_ended"
DROPPED = "dropped"

_TEXTS: dict[str, str] = {
    NO_LONGER_POSSIBLE: gettext_noop("it is no longer possible"),
    PRICE_CHANGED: gettext_noop("it was planned at %(then)s, it is now %(now)s"),
    TURN_ENDED: gettext_noop("your turn ended before it"),
    DROPPED: gettext_noop("Dropped: the position it was planned against was taken back."),
}


def stop(code: str, **params: Any) -> dict[str, Any]:
    """A stop as stored: its code and what its sentence needs."""
    if code not in _TEXTS:
        raise ValueError(f"unknown plan stop {code!r}")
    return {"code": code, "params": params}


def price_changed(then: Price, now: Price) -> dict[str, Any]:
    return stop(PRICE_CHANGED, then=dict(then), now=dict(now))


def stop_words(stop: dict[str, Any] | None, legacy: str = "") -> str:
    """The stop in the active language; ``legacy``: the text a plan stopped before the codes
    existed kept (shown when it has no code)."""
    code = (stop or {}).get("code")
    if code not in _TEXTS:
        return legacy
    params = (stop or {}).get("params") or {}
    if code == PRICE_CHANGED:
        return gettext(_TEXTS[code]) % {
            "then": price_words(params.get("then") or {}),
            "now": price_words(params.get("now") or {}),
        }
    return gettext(_TEXTS[code])


def price_words(price: dict[str, Any]) -> str:
    """A planned or current price in words: its cost, else its gains, else "nothing"."""
    if price.get("cost_text"):
        return cost_words(str(price["cost_text"]))
    gains = price.get("gains") or {}
    words = ", ".join(f"{n:+d} {what}" for what, n in sorted(gains.items()))
    return words or gettext("nothing")

"""The editions this site offers, their variants, and how a game's edition is named.

Which editions a new game may be played with is the operator's choice (``GWT_EDITIONS``,
README "Configuration"): an edition is *offered* when it is enabled there and the engine has
it (``engine.edition_data`` and a rules version for it). Games already created keep their
edition whatever the setting says later: they replay under the rules they record.

A game's options are what the engine is given (``engine.new_game(options=...)``), stored on
the game row and in its setup event. ``setup_options`` checks and completes them for an
edition: the building layout for every edition; for the 2nd edition also the Simmental
variant (``"simmental": bool``, always present in a 2nd edition game's options, as the
engine's states carry it); a 1st edition game's options stay ``{"layout": ...}`` alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.conf import settings
from django.core import checks
from django.utils.translation import gettext, gettext_noop, pgettext

import engine
from common.errors import InvalidRequestError

# What an edition is called on the pages, in emails and in the admin.
EDITION_NAMES: Mapping[str, str] = {
    "1e": gettext_noop("1st edition"),
    "2e": gettext_noop("2nd edition"),
}

# The variants an edition may be played with: option key -> its name. A variant is a
# boolean option, off unless asked for.
VARIANTS: Mapping[str, Mapping[str, str]] = {"2e": {"simmental": "Simmental"}}

LAYOUTS = ("beginner", "random")


def enabled() -> tuple[str, ...]:
    """The editions the operator enabled (``settings.GWT_EDITIONS``), in their order."""
    return tuple(getattr(settings, "GWT_EDITIONS", None) or ("1e", "2e"))


def engine_has(edition: str) -> bool:
    """Whether the engine can set up a game of ``edition`` (its data and rules versions)."""
    try:
        engine.edition_data(edition)
        engine.current_rules_version(edition)
    except engine.IllegalMove:
        return False
    return True


def offered() -> tuple[str, ...]:
    """The editions a new game may be created with: enabled by the operator, known to the
    engine, in the operator's order (the first is the default)."""
    return tuple(edition for edition in enabled() if engine_has(edition))


def default_edition() -> str:
    """The edition of a new game when none is asked for: the first offered one."""
    offer = offered()
    return offer[0] if offer else "1e"


def edition_name(edition: str) -> str:
    """ "2nd edition" for "2e"; an edition this site has no name for is shown as it is."""
    return gettext(EDITION_NAMES[edition]) if edition in EDITION_NAMES else edition


def offered_text() -> str:
    """The offered editions in words, for messages: "1e (1st edition), 2e (2nd edition)"."""
    return ", ".join(f"{e} ({edition_name(e)})" for e in offered()) or pgettext(
        "editions offered", "none"
    )


@cache
def engine_plays(edition: str, variant: str) -> bool:
    """Whether the engine plays ``variant`` of ``edition`` (the Simmental variant came to the
    engine after the 2nd edition itself): it sets up a game with it and keeps it on."""
    try:
        state = engine.new_game(2, 0, edition=edition, options={variant: True})
    except engine.IllegalMove:
        return False
    return state["options"].get(variant) is True


def offered_variants(edition: str) -> dict[str, str]:
    """The variants a new game of ``edition`` may be played with: option key -> name."""
    return {
        key: name for key, name in VARIANTS.get(edition, {}).items() if engine_plays(edition, key)
    }


def variants_on(edition: str, options: Mapping[str, Any] | None) -> list[str]:
    """The names of the variants ``options`` turns on for a game of ``edition``."""
    options = options or {}
    return [name for key, name in VARIANTS.get(edition, {}).items() if options.get(key) is True]


def label(edition: str, options: Mapping[str, Any] | None = None) -> str:
    """A game's edition and variants in words: "1st edition", "2nd edition · Simmental"."""
    return " · ".join([edition_name(edition), *variants_on(edition, options)])


def setup_options(edition: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` checked for a new game of ``edition`` and completed as the game stores them.

    Raises InvalidRequestError: ``bad_edition`` for an edition that is not offered (naming
    those that are), ``bad_options`` for a layout or variant the edition does not have.
    """
    if edition not in offered():
        words = (
            gettext(
                "Edition %(edition)s is not offered here; the editions offered are %(offered)s."
            )
            if edition in EDITION_NAMES
            else gettext(
                "Edition %(edition)s does not exist; the editions offered are %(offered)s."
            )
        )
        raise InvalidRequestError(
            "bad_edition", words % {"edition": repr(edition), "offered": offered_text()}
        )
    result = dict(options or {})
    layout = result.setdefault("layout", LAYOUTS[0])
    if layout not in LAYOUTS:
        raise InvalidRequestError("bad_options", gettext("The layout is 'beginner' or 'random'."))
    own = VARIANTS.get(edition, {})
    for key, name in _all_variants().items():
        value = result.get(key, False)
        if not isinstance(value, bool):
            raise InvalidRequestError(
                "bad_options",
                gettext("The %(variant)s variant is on (true) or off (false), not %(value)s.")
                % {"variant": name, "value": repr(value)},
            )
        if key in own:
            if value and not engine_plays(edition, key):
                raise InvalidRequestError(
                    "bad_options",
                    gettext("The %(variant)s variant is not available on this site yet.")
                    % {"variant": name},
                )
            result[key] = value
        elif value:
            editions = ", ".join(e for e, v in VARIANTS.items() if key in v)
            raise InvalidRequestError(
                "bad_options",
                gettext(
                    "The %(variant)s variant is played only with edition %(editions)s, "
                    "not with %(edition)s (%(name)s)."
                )
                % {
                    "variant": name,
                    "editions": editions,
                    "edition": edition,
                    "name": edition_name(edition),
                },
            )
        else:
            result.pop(key, None)  # "off" for an edition without it: nothing to store
    return result


def _all_variants() -> dict[str, str]:
    return {key: name for names in VARIANTS.values() for key, name in names.items()}


def check_editions(app_configs: object = None, **kwargs: object) -> list[checks.CheckMessage]:
    """The system check of ``GWT_EDITIONS`` (``manage.py check``, and at every start): a
    warning for an enabled edition the engine does not have, an error when none is offered."""
    found: list[checks.CheckMessage] = [
        checks.Warning(
            f"GWT_EDITIONS enables {edition!r}, which the engine does not have: not offered.",
            id="games.W001",
        )
        for edition in enabled()
        if not engine_has(edition)
    ]
    if not offered():
        found.append(
            checks.Error(
                "No edition can be offered: GWT_EDITIONS names none the engine has "
                f"({', '.join(enabled())}); new games cannot be created.",
                hint="Set GWT_EDITIONS to 1e, or to a comma-separated list such as 1e,2e.",
                id="games.E001",
            )
        )
    return found

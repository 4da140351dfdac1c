"""Printed names and the short phrases for printed effects, as data (both editions).

Where the editions print different words for one role, a table is keyed by edition
(``"1e"``, ``"2e"``); everything else is shared. Numbers (costs, VP, values) are never
written here: they come from the engine's data or the view, so that a table can never
disagree with the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from django.utils.translation import get_language, gettext_noop, pgettext_lazy
from django_stubs_ext import StrOrPromise

from common.words import gettext

K = TypeVar("K")


class Words(dict[K, str]):
    """A table of printed words, kept in English (the source language) and marked for the
    catalogue: each lookup says its word in the active language."""

    def __getitem__(self, key: K) -> str:
        word = super().__getitem__(key)
        return gettext(word) if word else word

    def get(self, key: K, default: str | None = None) -> str | None:  # type: ignore[override]
        return self[key] if key in self else default  # noqa: SIM401 (translated)


class WordPairs(dict[K, tuple[str, str]]):
    """Like ``Words``, for (one, several) pairs of words."""

    def __getitem__(self, key: K) -> tuple[str, str]:
        one, several = super().__getitem__(key)
        return gettext(one), gettext(several)

    def get(  # type: ignore[override]
        self, key: K, default: tuple[str, str] | None = None
    ) -> tuple[str, str] | None:
        return self[key] if key in self else default  # noqa: SIM401 (translated)


# The seats' colours (``games.models.SEAT_COLOURS``, stored in English) as players read them.
SEAT_COLOUR_NAMES: dict[str, str] = {
    "blue": gettext_noop("blue"),
    "red": gettext_noop("red"),
    "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"),
}

# The colours printed on tiles and hands (teepees, outlaws, the hand colour of a tile).
TILE_COLOURS: Mapping[str, str] = Words(
    {
        "green": gettext_noop("green"),
        "blue": gettext_noop("blue"),
        "black": gettext_noop("black"),
        "orange": gettext_noop("orange"),
        "red": gettext_noop("red"),
        "yellow": gettext_noop("yellow"),
        "white": gettext_noop("white"),
    }
)

# The building layouts (``games.models.Layout``) as the pages name them.
# (In context: "beginner" is also a bot's strength, which French says otherwise.)
LAYOUT_NAMES: dict[str, StrOrPromise] = {
    "beginner": pgettext_lazy("layout", "beginner"),
    "random": pgettext_lazy("layout", "random"),
}


def colour_name(colour: str) -> str:
    """A seat colour in the active language (an unknown one as it is)."""
    return gettext(SEAT_COLOUR_NAMES[colour]) if colour in SEAT_COLOUR_NAMES else colour


def layout_name(layout: str) -> str:
    """A building layout in the active language (an unknown one as it is)."""
    return str(LAYOUT_NAMES[layout]) if layout in LAYOUT_NAMES else layout


# The player's figure on the trail: a cattleman in the 1st edition, a herder in the 2nd.
HERDER: Mapping[str, str] = Words({"1e": gettext_noop("cattleman"), "2e": gettext_noop("herder")})
HERDERS: Mapping[str, str] = Words({"1e": gettext_noop("cattlemen"), "2e": gettext_noop("herders")})

# The section of tiles that are not hazards, and what one of its tiles is.
TILE_SECTION: Mapping[str, str] = Words(
    {"1e": gettext_noop("Indian trade"), "2e": gettext_noop("outlaw section")}
)
SECTION_TILE: Mapping[str, str] = Words(
    {"teepee": gettext_noop("teepee"), "outlaw": gettext_noop("outlaw")}
)

# 1st edition breeds (the 2nd edition's are in its cattle data: ``BREED_NAMES``).
BREED_NAMES_1E: dict[str, str] = {
    "jersey": "Jersey",
    "dutch_belt": "Dutch Belt",
    "black_angus": "Black Angus",
    "guernsey": "Guernsey",
    "holstein": "Holstein",
    "brown_swiss": "Brown Swiss",
    "ayrshire": "Ayrshire",
    "west_highland": "West Highland",
    "texas_longhorn": "Texas Longhorn",
}

# Worker kinds: (singular, plural). The 2nd edition's builder is the 1st's craftsman.
WORKERS: Mapping[str, tuple[str, str]] = WordPairs(
    {
        "cowboy": (gettext_noop("cowboy"), gettext_noop("cowboys")),
        "craftsman": (gettext_noop("craftsman"), gettext_noop("craftsmen")),
        "builder": (gettext_noop("builder"), gettext_noop("builders")),
        "engineer": (gettext_noop("engineer"), gettext_noop("engineers")),
    }
)

# A seat's counters that a move may change (``engine.Price["gains"]``): (one, several).
GAINS: Mapping[str, tuple[str, str]] = WordPairs(
    {
        "certificates": (gettext_noop("certificate"), gettext_noop("certificates")),
        "cowboys": (gettext_noop("cowboy"), gettext_noop("cowboys")),
        "craftsmen": (gettext_noop("craftsman"), gettext_noop("craftsmen")),
        "builders": (gettext_noop("builder"), gettext_noop("builders")),
        "engineers": (gettext_noop("engineer"), gettext_noop("engineers")),
        "hazards": (gettext_noop("hazard"), gettext_noop("hazards")),
        "teepees": (gettext_noop("teepee"), gettext_noop("teepees")),
        "outlaws": (gettext_noop("outlaw"), gettext_noop("outlaws")),
        "station_masters": (gettext_noop("station master"), gettext_noop("station masters")),
        "exchange_tokens": (gettext_noop("exchange token"), gettext_noop("exchange tokens")),
    }
)

HAZARDS: Mapping[str, str] = Words(
    {
        "flood": gettext_noop("flood"),
        "drought": gettext_noop("drought"),
        "rockfall": gettext_noop("rockfall"),
    }
)

# Hazard space ids start with the hazard's name in capitals (``FLOOD-2``); risk spaces
# beside a section are named after it (``FLOOD-R1``, ``TEEPEE-R2``, ``OUTLAW-R1``).
RISK_SECTIONS: dict[str, Mapping[str, str]] = {
    "1e": Words(
        {
            "FLOOD": gettext_noop("the flood hazards"),
            "DROUGHT": gettext_noop("the drought hazards"),
            "ROCKFALL": gettext_noop("the rockfall hazards"),
            "TEEPEE": gettext_noop("the Indian trade"),
        }
    ),
    "2e": Words(
        {
            "FLOOD": gettext_noop("the flood hazards"),
            "DROUGHT": gettext_noop("the drought hazards"),
            "ROCKFALL": gettext_noop("the rockfall hazards"),
            "OUTLAW": gettext_noop("the outlaw section"),
        }
    ),
}

ORDINALS: tuple[str, ...] = (
    gettext_noop("1st"),
    gettext_noop("2nd"),
    gettext_noop("3rd"),
    gettext_noop("4th"),
    gettext_noop("5th"),
    gettext_noop("6th"),
    gettext_noop("7th"),
    gettext_noop("8th"),
    gettext_noop("9th"),
    gettext_noop("10th"),
)

# The five auxiliary actions: (single, double), per edition.
AUX_ACTIONS: dict[str, Mapping[int, tuple[str, str]]] = {
    "1e": WordPairs(
        {
            1: (gettext_noop("gain $1"), gettext_noop("gain $2")),
            2: (gettext_noop("draw 1 card, discard 1"), gettext_noop("draw 2 cards, discard 2")),
            3: (
                gettext_noop("pay $1, engine 1 back, certificate +1"),
                gettext_noop("pay $2, engine 2 back, certificates +2"),
            ),
            4: (
                gettext_noop("pay $1, engine 1 forward"),
                gettext_noop("pay $2, engine up to 2 forward"),
            ),
            5: (
                gettext_noop("engine 1 back, remove 1 card"),
                gettext_noop("engine 2 back, remove 2 cards"),
            ),
        }
    ),
    "2e": WordPairs(
        {
            1: (gettext_noop("gain $1"), gettext_noop("gain $2")),
            2: (gettext_noop("draw 1 card, discard 1"), gettext_noop("draw 2 cards, discard 2")),
            3: (
                gettext_noop("pay $1, engine 1 back, certificate +1"),
                gettext_noop("pay $2, engine 2 back, certificates +2"),
            ),
            4: (
                gettext_noop("pay $1, engine 1 forward"),
                gettext_noop("pay $2, engine up to 2 forward"),
            ),
            5: (
                gettext_noop("engine 1 back, remove 1 card, gain $1"),
                gettext_noop("engine 2 back, remove 2 cards, gain $2"),
            ),
        }
    ),
}

# Objective cards: the tasks and the immediate actions, in words.
OBJECTIVE_TASKS: Mapping[str, str] = Words(
    {
        "B": gettext_noop("building"),
        "G": gettext_noop("green teepee"),
        "BL": gettext_noop("blue teepee"),
        "H": gettext_noop("hazard"),
        "S": gettext_noop("station"),
        "3": gettext_noop("value-3 cattle"),
        "4": gettext_noop("value-4 cattle"),
        "5": gettext_noop("value-5 cattle"),
        "SF": gettext_noop("San Francisco"),
        "OG": gettext_noop("green outlaw"),
        "OO": gettext_noop("orange outlaw"),
        "NY": gettext_noop("New York"),
    }
)
OBJECTIVE_ACTIONS: Mapping[str | None, str] = Words(
    {
        None: "",
        "IA-GAIN2": gettext_noop("gain $2 now"),
        "IA-AUX": gettext_noop("an auxiliary action now"),
        "IA-DRAW3": gettext_noop("draw 3, discard 3 now"),
        "IA-ENG2": gettext_noop("engine up to 2 forward now"),
        "IA-ENG3": gettext_noop("engine up to 3 forward now"),
        "IA-MOVE3": gettext_noop("move up to 3 now"),
    }
)

# Station master tiles: the upper half (what it gives when taken) and the lower half (how it
# scores), in words.
STATION_MASTER_UPPER: Mapping[str, str] = Words(
    {
        "gain2": gettext_noop("$2 now"),
        "hazard_or_trade": gettext_noop("a free hazard or a trade now"),
        "hazard_or_bounty": gettext_noop("a free hazard or a bounty now"),
        "certificate": gettext_noop("a permanent certificate"),
        "certificate2": gettext_noop("two permanent certificates"),
        "gain12": gettext_noop("$12 now"),
        "certificate_forward2": gettext_noop("certificate marker up to 2 forward now"),
    }
)
STATION_MASTER_LOWER: Mapping[str, str] = Words(
    {
        "per_worker": gettext_noop("VP per worker"),
        "per_2_objectives": gettext_noop("3 VP per 2 objective cards"),
        "per_2_hazards": gettext_noop("3 VP per 2 hazards"),
        "per_teepee_pair": gettext_noop("3 VP per green and blue teepee pair"),
        "per_outlaw_pair": gettext_noop("3 VP per green and orange outlaw pair"),
        "per_2_certificates": gettext_noop("3 VP per 2 certificates"),
        "per_2_stations": gettext_noop("3 VP per 2 stations"),
        "per_building": gettext_noop("2 VP per building"),
        "none": "",
    }
)

# Local actions whose words need nothing from the move but its kind (the others are built
# from the move's parameters in ``games.terms.choices``).
ACTION_WORDS: Mapping[str, str] = Words(
    {
        "buy": gettext_noop("Buy cattle"),
        "certificate": gettext_noop("Certificate marker 1 forward"),
        "certificates": gettext_noop("Certificate marker as far as your limit"),
        "woods-money": gettext_noop("$2 for each of your buildings in the woods"),
        "engineer-money": gettext_noop("$1 for each of your engineers"),
        "teepee-pairs": gettext_noop("Certificates and money for your teepee pairs"),
        "outlaw-pairs": gettext_noop("Certificates and money for your outlaw pairs"),
        "hazards-engine": gettext_noop("Move your engine for your hazards"),
        "builder-money": gettext_noop("Money for your builders"),
        "station-money": gettext_noop("Money for your stations"),
        "exchange-token": gettext_noop("Take an exchange token"),
        "delivery": gettext_noop("Extraordinary delivery: engine back, then deliver"),
        "upgrade": gettext_noop("Upgrade a station behind your engine"),
        "objective": gettext_noop("Take an objective card"),
    }
)

# The hiring actions that change a row's cost (``engine.data.buildings``: "mod").
HIRE_MODIFIERS: Mapping[str, str] = Words(
    {
        "hire+2": gettext_noop("$2 extra"),
        "hire-1": gettext_noop("$1 off"),
        "hire-2": gettext_noop("$2 off"),
    }
)

# What a disc space of the player board opens when its disc is placed, beyond the auxiliary
# actions (whose words come from ``AUX_ACTIONS``).
DISC_HAND_WORDS = gettext_noop("hand limit {limit} (pay ${cost})")
DISC_CERT_WORDS = gettext_noop("certificate track up to {limit}")
DISC_CERT6_LATER = gettext_noop("certificate track up to 6 once the 4 is open")
DISC_STEP_CASH = gettext_noop("step limit {limit} and ${cash} now")
DISC_STEP_VP = gettext_noop("step limit {limit} and {vp} VP at the end")

# The first word of a button in the past tense, for the game log ("Take" -> "took").
PAST_TENSE: dict[str, str] = {
    "Auxiliary": "auxiliary",
    "Buy": "bought",
    "Build": "built",
    "Certificate": "certificate",
    "Collect": "collected",
    "Discard": "discarded",
    "Double": "double",
    "Draw": "drew",
    "End": "ended",
    "Done": "done",
    "Gain": "gained",
    "Hire": "hired",
    "Income": "income",
    "Move": "moved",
    "Pass": "passed",
    "Place": "placed",
    "Play": "played",
    "Remove": "removed",
    "Risk": "risk",
    "Start": "started",
    "Take": "took",
    "Trade": "traded",
    "Unlock": "placed a disc, unlocking",
    "Upgrade": "upgraded",
    "Use": "used",
}


# French contracts "de" and "à" with the articles "le" and "les"; a place name is put into a
# sentence whole, article included, so the translated sentence cannot contract it itself.
FRENCH_CONTRACTIONS = (
    (" de le ", " du "),
    (" de les ", " des "),
    (" à le ", " au "),
    (" à les ", " aux "),
)


def contract(text: str) -> str:
    """``text`` with the articles contracted as the active language requires."""
    if not (get_language() or "").startswith("fr"):
        return text
    for loose, contracted in FRENCH_CONTRACTIONS:
        text = text.replace(loose, contracted)
    return text

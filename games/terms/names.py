"""Printed names and the short phrases for printed effects, as data (both editions).

Where the editions print different words for one role, a table is keyed by edition
(``"1e"``, ``"2e"``); everything else is shared. Numbers (costs, VP, values) are never
written here: they come from the engine's data or the view, so that a table can never
disagree with the rules.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

# The seats' colours (``games.models.SEAT_COLOURS``, stored in English) as players read them.
SEAT_COLOUR_NAMES: dict[str, str] = {
    "blue": gettext_noop("blue"),
    "red": gettext_noop("red"),
    "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"),
}

# The building layouts (``games.models.Layout``) as the pages name them.
LAYOUT_NAMES: dict[str, str] = {
    "beginner": gettext_noop("beginner"),
    "random": gettext_noop("random"),
}


def colour_name(colour: str) -> str:
    """A seat colour in the active language (an unknown one as it is)."""
    return gettext(SEAT_COLOUR_NAMES[colour]) if colour in SEAT_COLOUR_NAMES else colour


def layout_name(layout: str) -> str:
    """A building layout in the active language (an unknown one as it is)."""
    return gettext(LAYOUT_NAMES[layout]) if layout in LAYOUT_NAMES else layout


# The player's figure on the trail: a cattleman in the 1st edition, a herder in the 2nd.
HERDER: dict[str, str] = {"1e": "cattleman", "2e": "herder"}
HERDERS: dict[str, str] = {"1e": "cattlemen", "2e": "herders"}

# The section of tiles that are not hazards, and what one of its tiles is.
TILE_SECTION: dict[str, str] = {"1e": "Indian trade", "2e": "outlaw section"}
SECTION_TILE: dict[str, str] = {"teepee": "teepee", "outlaw": "outlaw"}

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
WORKERS: dict[str, tuple[str, str]] = {
    "cowboy": ("cowboy", "cowboys"),
    "craftsman": ("craftsman", "craftsmen"),
    "builder": ("builder", "builders"),
    "engineer": ("engineer", "engineers"),
}

# A seat's counters that a move may change (``engine.Price["gains"]``): (one, several).
GAINS: dict[str, tuple[str, str]] = {
    "certificates": ("certificate", "certificates"),
    "cowboys": ("cowboy", "cowboys"),
    "craftsmen": ("craftsman", "craftsmen"),
    "builders": ("builder", "builders"),
    "engineers": ("engineer", "engineers"),
    "hazards": ("hazard", "hazards"),
    "teepees": ("teepee", "teepees"),
    "outlaws": ("outlaw", "outlaws"),
    "station_masters": ("station master", "station masters"),
    "exchange_tokens": ("exchange token", "exchange tokens"),
}

HAZARDS: dict[str, str] = {"flood": "flood", "drought": "drought", "rockfall": "rockfall"}

# Hazard space ids start with the hazard's name in capitals (``FLOOD-2``); risk spaces
# beside a section are named after it (``FLOOD-R1``, ``TEEPEE-R2``, ``OUTLAW-R1``).
RISK_SECTIONS: dict[str, dict[str, str]] = {
    "1e": {
        "FLOOD": "the flood hazards",
        "DROUGHT": "the drought hazards",
        "ROCKFALL": "the rockfall hazards",
        "TEEPEE": "the Indian trade",
    },
    "2e": {
        "FLOOD": "the flood hazards",
        "DROUGHT": "the drought hazards",
        "ROCKFALL": "the rockfall hazards",
        "OUTLAW": "the outlaw section",
    },
}

ORDINALS: tuple[str, ...] = (
    "1st",
    "2nd",
    "3rd",
    "4th",
    "5th",
    "6th",
    "7th",
    "8th",
    "9th",
    "10th",
)

# The five auxiliary actions: (single, double), per edition.
AUX_ACTIONS: dict[str, dict[int, tuple[str, str]]] = {
    "1e": {
        1: ("gain $1", "gain $2"),
        2: ("draw 1 card, discard 1", "draw 2 cards, discard 2"),
        3: ("pay $1, engine 1 back, certificate +1", "pay $2, engine 2 back, certificates +2"),
        4: ("pay $1, engine 1 forward", "pay $2, engine up to 2 forward"),
        5: ("engine 1 back, remove 1 card", "engine 2 back, remove 2 cards"),
    },
    "2e": {
        1: ("gain $1", "gain $2"),
        2: ("draw 1 card, discard 1", "draw 2 cards, discard 2"),
        3: ("pay $1, engine 1 back, certificate +1", "pay $2, engine 2 back, certificates +2"),
        4: ("pay $1, engine 1 forward", "pay $2, engine up to 2 forward"),
        5: (
            "engine 1 back, remove 1 card, gain $1",
            "engine 2 back, remove 2 cards, gain $2",
        ),
    },
}

# Objective cards: the tasks and the immediate actions, in words.
OBJECTIVE_TASKS: dict[str, str] = {
    "B": "building",
    "G": "green teepee",
    "BL": "blue teepee",
    "H": "hazard",
    "S": "station",
    "3": "value-3 cattle",
    "4": "value-4 cattle",
    "5": "value-5 cattle",
    "SF": "San Francisco",
    "OG": "green outlaw",
    "OO": "orange outlaw",
    "NY": "New York",
}
OBJECTIVE_ACTIONS: dict[str | None, str] = {
    None: "",
    "IA-GAIN2": "gain $2 now",
    "IA-AUX": "an auxiliary action now",
    "IA-DRAW3": "draw 3, discard 3 now",
    "IA-ENG2": "engine up to 2 forward now",
    "IA-ENG3": "engine up to 3 forward now",
    "IA-MOVE3": "move up to 3 now",
}

# Station master tiles: the upper half (what it gives when taken) and the lower half (how it
# scores), in words.
STATION_MASTER_UPPER: dict[str, str] = {
    "gain2": "$2 now",
    "hazard_or_trade": "a free hazard or a trade now",
    "hazard_or_bounty": "a free hazard or a bounty now",
    "certificate": "a permanent certificate",
    "certificate2": "two permanent certificates",
    "gain12": "$12 now",
    "certificate_forward2": "certificate marker up to 2 forward now",
}
STATION_MASTER_LOWER: dict[str, str] = {
    "per_worker": "VP per worker",
    "per_2_objectives": "3 VP per 2 objective cards",
    "per_2_hazards": "3 VP per 2 hazards",
    "per_teepee_pair": "3 VP per green and blue teepee pair",
    "per_outlaw_pair": "3 VP per green and orange outlaw pair",
    "per_2_certificates": "3 VP per 2 certificates",
    "per_2_stations": "3 VP per 2 stations",
    "per_building": "2 VP per building",
    "none": "",
}

# Local actions whose words need nothing from the move but its kind (the others are built
# from the move's parameters in ``games.terms.choices``).
ACTION_WORDS: dict[str, str] = {
    "buy": "Buy cattle",
    "certificate": "Certificate marker 1 forward",
    "certificates": "Certificate marker as far as your limit",
    "woods-money": "$2 for each of your buildings in the woods",
    "engineer-money": "$1 for each of your engineers",
    "teepee-pairs": "Certificates and money for your teepee pairs",
    "outlaw-pairs": "Certificates and money for your outlaw pairs",
    "hazards-engine": "Move your engine for your hazards",
    "builder-money": "Money for your builders",
    "station-money": "Money for your stations",
    "exchange-token": "Take an exchange token",
    "delivery": "Extraordinary delivery: engine back, then deliver",
    "upgrade": "Upgrade a station behind your engine",
    "objective": "Take an objective card",
}

# The hiring actions that change a row's cost (``engine.data.buildings``: "mod").
HIRE_MODIFIERS: dict[str, str] = {"hire+2": "$2 extra", "hire-1": "$1 off", "hire-2": "$2 off"}

# What a disc space of the player board opens when its disc is placed, beyond the auxiliary
# actions (whose words come from ``AUX_ACTIONS``).
DISC_HAND_WORDS = "hand limit {limit} (pay ${cost})"
DISC_CERT_WORDS = "certificate track up to {limit}"
DISC_CERT6_LATER = "certificate track up to 6 once the 4 is open"
DISC_STEP_CASH = "step limit {limit} and ${cash} now"
DISC_STEP_VP = "step limit {limit} and {vp} VP at the end"

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

"""Cattle cards, the cattle market and the Simmental variant of the 2nd edition
(2e fact sheet §1, §5; R2-SETUP-02, R2-MARKET-02, R2-SIMM-*).

Breeds are keyed on the sheet's colour **slots** (§5.0), never on a breed name: the 2e
rulebook identifies a card by its colour and breeding value, and the pairing of three 2e
names with their slots is only inferred (Q1, Q2).  The slot key is the sheet's slot id in
lower case with ``_`` for ``-`` (``P2-green`` -> ``p2_green``); ``BREED_NAMES`` holds the 2e
names as display labels.  So no breed key is shared with the 1st edition (whose keys are
the 1e names: in particular "Black Angus" is a 1e *starting* breed but the 2e market breed
of slot ``m3_yellow``).

Correspondence with ``engine.data.cattle`` (1e), slot by slot:

=============  ==================  ===============================
1e breed key   2e breed key        2e name (``BREED_NAMES``)
=============  ==================  ===============================
jersey         p1                  Criollo
dutch_belt     p2_green            Santa Gertrudis (inferred, Q1)
black_angus    p2_black            Pineywoods (inferred, Q1)
guernsey       p2_white            Galloway (inferred, Q1)
holstein       m3_yellow           Black Angus (inferred, Q2)
brown_swiss    m3_red              Longhorn (inferred, Q2)
ayrshire       m3_blue             Corriente (inferred, Q2)
west_highland  m4                  Shorthorn
texas_longhorn m5                  Hereford
(none)         simmental           Simmental (variant, 3 stages)
=============  ==================  ===============================

Same public names as the 1e module (``BREEDS``, ``STARTING_DECK``, ``MARKET_DECK``,
``MARKET_ORDER``, ``MARKET_SIZE``, ``BUY_OPTIONS``, ``MARKET_DRAW_COWBOYS``,
``MARKET_DRAW_CARDS``, ``MARKET_CARDS``, ``starting_card_ids``, ``starting_card``), with the
same meaning.  The buy table and the cowboys' market draw are unchanged (§5.4) and are the
1e module's own objects.  Card ids: starting cards ``p{seat}-{breed}-{i}`` (``p0-p1-1``) and
market cards ``{breed}-{i}`` (``m4-9``), as in 1e; they cannot clash with 1e ids because the
breed keys differ.  Simmental cards are ``simmental_calf-1`` ... ``simmental_cow-8``.

New in 2e: ``BREED_NAMES``, ``VALUE3_BREEDS``, ``BUY_OPTION_BREEDS``, the Simmental variant
(``SIMMENTAL``, ``SIMMENTAL_COLOUR``, ``SIMMENTAL_STAGES``, ``SIMMENTAL_PER_STAGE``,
``SIMMENTAL_CARDS``, ``SIMMENTAL_MARKET_CARDS``, ``SIMMENTAL_STACKS``,
``SIMMENTAL_BUY_OPTIONS``, ``MARKET_ORDER_SIMMENTAL``, ``MARKET_SIZE_SIMMENTAL``,
``simmental_stage``) and ``CARDS`` (every card that is not a starting card).
"""

from __future__ import annotations

from engine.component_types import Card, SimmentalCard
from engine.data import cattle as first

# breed -> (breeding value, colour).  The colours of the player breeds are the 1e slot colours
# (the 2e text does not print them); the market colours are the 2e display order (§5.2).
BREEDS: dict[str, tuple[int, str]] = {
    "p1": (1, "gray"),
    "p2_green": (2, "green"),
    "p2_black": (2, "black"),
    "p2_white": (2, "white"),
    "m3_yellow": (3, "yellow"),
    "m3_red": (3, "red"),
    "m3_blue": (3, "blue"),
    "m4": (4, "brown"),
    "m5": (5, "purple"),
}

# Display labels (R2-SETUP-02; the pairing of the inferred ones: §5.0, Q1/Q2).
BREED_NAMES: dict[str, str] = {
    "p1": "Criollo",
    "p2_green": "Santa Gertrudis",
    "p2_black": "Pineywoods",
    "p2_white": "Galloway",
    "m3_yellow": "Black Angus",
    "m3_red": "Longhorn",
    "m3_blue": "Corriente",
    "m4": "Shorthorn",
    "m5": "Hereford",
    "simmental": "Simmental",
}

# The 14 starting cards of every player: (breed, count); all 0 VP (§5.1).
STARTING_DECK: tuple[tuple[str, int], ...] = (
    ("p1", 5),
    ("p2_green", 3),
    ("p2_black", 3),
    ("p2_white", 3),
)

# The 36 market cards: (breed, VP of each copy) (§5.2; the same VP as the 1e slots).
MARKET_DECK: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("m3_yellow", (1,) * 7),
    ("m3_red", (2,) * 7),
    ("m3_blue", (3,) * 7),
    ("m4", (3, 3, 3, 4, 4, 4, 5, 5, 5)),
    ("m5", (5, 5, 6, 6, 7, 7)),
)

# Display order of the market, left to right: yellow, red, blue, brown, purple (§5.2).
MARKET_ORDER: tuple[str, ...] = ("m3_yellow", "m3_red", "m3_blue", "m4", "m5")

MARKET_SIZE: dict[int, int] = first.MARKET_SIZE  # 7 / 10 / 13, unchanged

# The breeding-value-3 market breeds: what a "value 3" requirement or task accepts (5a, the
# buy options of value 3, objective task "3").  Never a Simmental (R2-SIMM-19/22).
VALUE3_BREEDS: tuple[str, ...] = ("m3_yellow", "m3_red", "m3_blue")

# option id -> (cowboys used, price, breeding value bought, number of cards): unchanged (§5.4).
BUY_OPTIONS: dict[str, tuple[int, int, int, int]] = first.BUY_OPTIONS
MARKET_DRAW_COWBOYS = first.MARKET_DRAW_COWBOYS
MARKET_DRAW_CARDS = first.MARKET_DRAW_CARDS


def _build_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for breed, vps in MARKET_DECK:
        for i, vp in enumerate(vps, 1):
            cid = f"{breed}-{i}"
            cards[cid] = {
                "kind": "cattle",
                "id": cid,
                "breed": breed,
                "value": BREEDS[breed][0],
                "vp": vp,
            }
    return cards


MARKET_CARDS: dict[str, Card] = _build_cards()


def starting_card_ids(seat: int) -> list[str]:
    """Ids of a seat's 14 starting cards (the star of its colour makes them distinct)."""
    return [f"p{seat}-{breed}-{i}" for breed, n in STARTING_DECK for i in range(1, n + 1)]


def starting_card(cid: str) -> Card:
    _, breed, _ = cid.split("-")
    return {"kind": "cattle", "id": cid, "breed": breed, "value": BREEDS[breed][0], "vp": 0}


# --- the Simmental variant (§5.5; R2-SIMM-*) ---------------------------------------------------

SIMMENTAL = "simmental"  # the breed key of all 24 cards: one breed at income (R2-SIMM-17)
SIMMENTAL_COLOUR = "orange"
SIMMENTAL_PER_STAGE = 8

# stage -> (name, breeding value, VP) (§5.5, Q5: values and VP from the implementation).
SIMMENTAL_STAGES: dict[int, tuple[str, int, int]] = {
    1: ("calf", 2, 3),
    2: ("heifer", 4, 4),
    3: ("cow", 5, 5),
}


def _build_simmental() -> dict[str, SimmentalCard]:
    cards: dict[str, SimmentalCard] = {}
    for stage, (name, value, vp) in SIMMENTAL_STAGES.items():
        for i in range(1, SIMMENTAL_PER_STAGE + 1):
            cid = f"{SIMMENTAL}_{name}-{i}"
            cards[cid] = {
                "kind": "cattle",
                "id": cid,
                "breed": SIMMENTAL,
                "value": value,
                "vp": vp,
                "stage": stage,
            }
    return cards


SIMMENTAL_CARDS: dict[str, SimmentalCard] = _build_simmental()

# The 8 Calves are shuffled into the market stack (44 cards, R2-SIMM-03); the Heifers and the
# Cows are the two stacks beside Kansas City (R2-SIMM-06), by stage.
SIMMENTAL_MARKET_CARDS: tuple[str, ...] = tuple(
    c for c, info in SIMMENTAL_CARDS.items() if info["stage"] == 1
)
SIMMENTAL_STACKS: dict[int, tuple[str, ...]] = {
    stage: tuple(c for c, info in SIMMENTAL_CARDS.items() if info["stage"] == stage)
    for stage in (2, 3)
}

# The variant's buy options, printed on the Simmental market tile that covers the market's
# area at setup (R2-SIMM-04/08/09), in the shape of BUY_OPTIONS; they buy a Calf only.
SIMMENTAL_BUY_OPTIONS: dict[str, tuple[int, int, int, int]] = {
    "BUY-SIM-A": (1, 8, 2, 1),
    "BUY-SIM-B": (2, 5, 2, 1),
}

# Which breeds each buy option may take (R2-MARKET-02: the value-4 options buy Shorthorn, the
# value-5 ones Hereford; R2-SIMM-22: only the Simmental options buy a Simmental).
BUY_OPTION_BREEDS: dict[str, tuple[str, ...]] = {
    "BUY-3A": VALUE3_BREEDS,
    "BUY-3B": VALUE3_BREEDS,
    "BUY-3x2": VALUE3_BREEDS,
    "BUY-4A": ("m4",),
    "BUY-4B": ("m4",),
    "BUY-4x2": ("m4",),
    "BUY-5A": ("m5",),
    "BUY-5B": ("m5",),
    "BUY-SIM-A": (SIMMENTAL,),
    "BUY-SIM-B": (SIMMENTAL,),
}

# Orange cards go to the very left of the display (R2-SIMM-05/21).
MARKET_ORDER_SIMMENTAL: tuple[str, ...] = (SIMMENTAL, *MARKET_ORDER)
MARKET_SIZE_SIMMENTAL: dict[int, int] = {2: 9, 3: 12, 4: 15}  # R2-SIMM-05 (refill: Q13)

# Every card that is not a starting card: the market cards and the Simmental cards.
CARDS: dict[str, Card] = {**MARKET_CARDS, **SIMMENTAL_CARDS}


def simmental_stage(cid: str) -> int | None:
    """The stage of a Simmental card; None for any other card."""
    info = SIMMENTAL_CARDS.get(cid)
    return None if info is None else info["stage"]

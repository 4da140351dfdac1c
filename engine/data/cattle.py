"""Cattle cards and the cattle market price table (fact sheet §4)."""

from __future__ import annotations

from engine.component_types import Card

# breed -> (breeding value, colour)
BREEDS: dict[str, tuple[int, str]] = {
    "jersey": (1, "gray"),
    "dutch_belt": (2, "green"),
    "black_angus": (2, "black"),
    "guernsey": (2, "white"),
    "holstein": (3, "yellow"),
    "brown_swiss": (3, "red"),
    "ayrshire": (3, "blue"),
    "west_highland": (4, "brown"),
    "texas_longhorn": (5, "purple"),
}

# The 14 starting cards of every player: (breed, count); all 0 VP.
STARTING_DECK: tuple[tuple[str, int], ...] = (
    ("jersey", 5),
    ("dutch_belt", 3),
    ("black_angus", 3),
    ("guernsey", 3),
)

# The 36 market cards: (breed, VP of each copy).
MARKET_DECK: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("holstein", (1,) * 7),
    ("brown_swiss", (2,) * 7),
    ("ayrshire", (3,) * 7),
    ("west_highland", (3, 3, 3, 4, 4, 4, 5, 5, 5)),
    ("texas_longhorn", (5, 5, 6, 6, 7, 7)),
)

# Display order of the market (presentational, R1-SETUP-17).
MARKET_ORDER: tuple[str, ...] = (
    "holstein",
    "brown_swiss",
    "ayrshire",
    "west_highland",
    "texas_longhorn",
)

MARKET_SIZE: dict[int, int] = {2: 7, 3: 10, 4: 13}

# option id -> (cowboys used, price, breeding value bought, number of cards)
BUY_OPTIONS: dict[str, tuple[int, int, int, int]] = {
    "BUY-3A": (1, 6, 3, 1),
    "BUY-3B": (2, 3, 3, 1),
    "BUY-3x2": (3, 5, 3, 2),
    "BUY-4A": (1, 12, 4, 1),
    "BUY-4B": (3, 6, 4, 1),
    "BUY-4x2": (5, 8, 4, 2),
    "BUY-5A": (2, 12, 5, 1),
    "BUY-5B": (4, 6, 5, 1),
}
MARKET_DRAW_COWBOYS = 1
MARKET_DRAW_CARDS = 2


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

# Every card that is not a starting card (the 2nd edition adds its Simmental cards here).
CARDS: dict[str, Card] = MARKET_CARDS


def starting_card_ids(seat: int) -> list[str]:
    """Ids of a seat's 14 starting cards (the star of its colour makes them distinct)."""
    return [f"p{seat}-{breed}-{i}" for breed, n in STARTING_DECK for i in range(1, n + 1)]


def starting_card(cid: str) -> Card:
    _, breed, _ = cid.split("-")
    return {"kind": "cattle", "id": cid, "breed": breed, "value": BREEDS[breed][0], "vp": 0}

"""City crests and the green arrows between them (fact sheet §8)."""

from __future__ import annotations

# id -> (name, city value, corner, repeat allowed)
CITIES: dict[str, tuple[str, int, str, bool]] = {
    "KAN": ("Kansas City", 0, "white", True),
    "TOP": ("Topeka", 1, "white", False),
    "WIC": ("Wichita", 4, "white", False),
    "COS": ("Colorado Springs", 6, "white", False),
    "SFE": ("Santa Fe", 8, "white", False),
    "ABQ": ("Albuquerque", 10, "dark", False),
    "ELP": ("El Paso", 12, "dark", False),
    "SDG": ("San Diego", 14, "white", False),
    "SAC": ("Sacramento", 16, "dark", False),
    "SFO": ("San Francisco", 18, "dark", True),
}
ORDER: tuple[str, ...] = tuple(CITIES)

# (left, right) -> (delivery action or None, VP)
ARROWS: dict[tuple[str, str], tuple[str | None, int]] = {
    ("KAN", "TOP"): (None, 0),
    ("TOP", "WIC"): ("objective", -3),
    ("WIC", "COS"): (None, -1),
    ("COS", "SFE"): ("objective", 0),
    ("SFE", "ABQ"): ("objective", 0),
    ("ABQ", "ELP"): (None, 6),
    ("ELP", "SDG"): (None, 8),
    ("SDG", "SAC"): (None, 4),
    ("SAC", "SFO"): (None, 0),
}

KAN_MONEY = 6
KAN_VP = -6
SAC_VP = 6
SFO_VP = 9

# The names every edition's city strip has for the same roles (``engine.editions.CitiesData``):
# Kansas City and the terminal city (the two that take repeat deliveries), and the VP of each
# disc on a city that scores on its own (Kansas City, Sacramento, San Francisco).
LOCAL = "KAN"
TERMINAL = "SFO"
CITY_VP: dict[str, int] = {"KAN": KAN_VP, "SAC": SAC_VP, "SFO": SFO_VP}

"""The 2nd edition's city strip, Kansas City -> New York, and its green arrows (2e fact sheet
§10; R2-KC-01, R2-KC-02, R2-KC-05).

Same public names as ``engine.data.cities`` (1e), with the same meaning: ``CITIES``
(id -> (name, city value, corner, repeat allowed)), ``ORDER``, ``ARROWS`` ((left, right) ->
(delivery action or None, VP)), ``KAN_MONEY`` and ``KAN_VP``.

Correspondences with 1e: each 1e city becomes the 2e city with the same city value (R2-SAME-21):
TOP -> FUL, WIC -> STL, COS -> BLO, SFE -> PEO, ABQ -> CHI, ELP -> TOL, SDG -> PIT,
SAC -> PHI, SFO -> NYC (``CITY_FOR_1E``).  So ``SAC_VP`` -> ``PHI_VP`` (+6 VP for a disc on
Philadelphia) and ``SFO_VP`` -> ``NYC_VP`` (+9 VP per disc on New York, the terminal city).
``KAN_MONEY`` is $4 (1e $6).  The arrow WIC-COS (-1 VP) has become STL-BLO: no VP, and the
new delivery action "exchange_token".

New in 2e: ``PHI_VP``, ``NYC_VP``, ``LOCAL``, ``TERMINAL``, ``CITY_FOR_1E``,
``NEW_ARROW_ACTIONS``.
"""

from __future__ import annotations

CITIES: dict[str, tuple[str, int, str, bool]] = {
    "KAN": ("Kansas City", 0, "white", True),
    "FUL": ("Fulton", 1, "white", False),
    "STL": ("St. Louis", 4, "white", False),
    "BLO": ("Bloomington", 6, "white", False),
    "PEO": ("Peoria", 8, "white", False),
    "CHI": ("Chicago", 10, "dark", False),
    "TOL": ("Toledo", 12, "dark", False),
    "PIT": ("Pittsburgh", 14, "white", False),
    "PHI": ("Philadelphia", 16, "dark", False),
    "NYC": ("New York", 18, "dark", True),
}
ORDER: tuple[str, ...] = tuple(CITIES)

LOCAL = "KAN"  # repeat deliveries: Kansas City ...
TERMINAL = "NYC"  # ... and the terminal city (R2-KC-01)

ARROWS: dict[tuple[str, str], tuple[str | None, int]] = {
    ("KAN", "FUL"): (None, 0),
    ("FUL", "STL"): ("objective", -3),
    ("STL", "BLO"): ("exchange_token", 0),
    ("BLO", "PEO"): ("objective", 0),
    ("PEO", "CHI"): ("objective", 0),
    ("CHI", "TOL"): (None, 6),
    ("TOL", "PIT"): (None, 8),
    ("PIT", "PHI"): (None, 4),
    ("PHI", "NYC"): (None, 0),
}
# Delivery actions in arrows that 1e has not (1e: "objective" only).
NEW_ARROW_ACTIONS: tuple[str, ...] = ("exchange_token",)

KAN_MONEY = 4  # each disc placed on Kansas City, also by an extraordinary delivery (D4)
KAN_VP = -6
PHI_VP = 6
NYC_VP = 9

CITY_FOR_1E: dict[str, str] = {
    "KAN": "KAN",
    "TOP": "FUL",
    "WIC": "STL",
    "COS": "BLO",
    "SFE": "PEO",
    "ABQ": "CHI",
    "ELP": "TOL",
    "SDG": "PIT",
    "SAC": "PHI",
    "SFO": "NYC",
}

# VP per disc on the cities that score on their own (1e: KAN, SAC, SFO).
CITY_VP: dict[str, int] = {"KAN": KAN_VP, "PHI": PHI_VP, "NYC": NYC_VP}

"""Player board, job market, fees and starting values (fact sheet §1.4, §10, §11, §12)."""

from __future__ import annotations

STARTING_MONEY: tuple[int, ...] = (6, 7, 8, 9)
STARTING_HAND = 4
HAND_LIMIT_START = 4
WORKER_ROW_SPACES = 6
WORKER_VP_SPACES = (5, 6)  # spaces scoring 4 VP each (category 9)
WORKER_VP = 4

# disc space id -> corner colour (§11.1).  Listed in board order.
DISC_SPACES: dict[str, str] = {
    "AUX-GAIN": "white",
    "AUX-DRAW": "white",
    "AUX-BACKCERT-1": "white",
    "AUX-BACKCERT-2": "white",
    "AUX-FWD-1": "white",
    "AUX-FWD-2": "white",
    "AUX-REMOVE-1": "white",
    "AUX-REMOVE-2": "white",
    "CERT-4": "white",
    "CERT-6": "dark",
    "STEP-CASH": "dark",
    "STEP-VP": "dark",
    "HAND-1": "dark",
    "HAND-2": "dark",
}
HAND_DISC_COST = 5
STEP_CASH_GAIN = 3
STEP_VP = 3

# Auxiliary actions 1..5: disc spaces that unlock them (§11.6).  Actions 1 and 2 have a gray,
# always-empty space, so they start available as single actions.
AUX_DISCS: dict[int, tuple[str, ...]] = {
    1: ("AUX-GAIN",),
    2: ("AUX-DRAW",),
    3: ("AUX-BACKCERT-1", "AUX-BACKCERT-2"),
    4: ("AUX-FWD-1", "AUX-FWD-2"),
    5: ("AUX-REMOVE-1", "AUX-REMOVE-2"),
}
AUX_NAMES: dict[int, str] = {1: "gain", 2: "draw", 3: "backcert", 4: "forward", 5: "remove"}

# Step limit (§11.2, Q1): base + per cleared step disc.
STEP_BASE: dict[int, int] = {2: 3, 3: 3, 4: 4}
STEP_CASH_BONUS: dict[int, int] = {2: 1, 3: 2, 4: 2}
STEP_VP_BONUS: dict[int, int] = {2: 1, 3: 1, 4: 1}

# Certificate track (§11.3).
CERT_TRACK: tuple[int, ...] = (0, 1, 2, 3, 4, 6)

# Immediate actions printed on worker spaces 1..6 (§11.5).  None = no action.
WORKER_SPACE_ACTIONS: dict[str, tuple[str | None, ...]] = {
    "cowboy": (None, None, None, "hazard_free", None, "trade"),
    "craftsman": (None, None, None, "build1", None, "build1"),
    "engineer": (
        None,
        "jersey_cert1",
        "jersey_gain2",
        "hire_minus2",
        "jersey_cert2",
        "jersey_gain4",
    ),
}

# Hand fees per hand colour by player count (§1.4).
FEES: dict[int, dict[str, int]] = {
    2: {"green": 2, "black": 2},
    3: {"green": 2, "black": 1},
    4: {"green": 1, "black": 2},
}

# Job market (§10): row costs, the arrow leaving each row, and the columns used.
JOB_ROW_COSTS: tuple[int, ...] = (6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4)
JOB_ROW_ARROWS: tuple[str, ...] = (
    "black",
    "black",
    "black",
    "black",
    "black",
    "yellow",
    "black",
    "black",
    "yellow",
    "black",
    "black",
    "red",
)
JOB_COLUMNS = 4


def job_columns(players: int) -> range:
    """Columns used in each job-market row: the right ``players`` of the 4 (R1-KC-08)."""
    return range(JOB_COLUMNS - players, JOB_COLUMNS)


# The names every edition's player board has for the same roles
# (``engine.editions.PlayerBoardData``): the hand dealt at setup by seat and the hand kept
# at the start of the first turn (the 1st edition deals 4 and so discards nothing), the
# exchange tokens at setup and per use (the 1st edition has none), and the money of the
# remove-cards auxiliary action (none in the 1st edition), keyed by "double".
STARTING_HANDS: tuple[int, ...] = (STARTING_HAND,) * 4
FIRST_TURN_HAND = STARTING_HAND
STARTING_EXCHANGE_TOKENS: tuple[int, ...] = (0, 0, 0, 0)
EXCHANGE_DRAW = 0
AUX_REMOVE_MONEY: dict[bool, int] = {False: 0, True: 0}

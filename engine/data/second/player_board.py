"""Player board, player-count tiles, job market, exchange tokens and starting values of the
2nd edition (2e fact sheet §1, §12, §13, §14, §15, §16; R2-SETUP-08..11, R2-KC-04, R2-KC-07,
R2-AUX-01, R2-END-01, R2-EXCH-*).

Same public names as ``engine.data.player_board`` (1e), with the same meaning.  Unchanged,
and so the 1e module's own objects: ``STARTING_MONEY``, ``HAND_LIMIT_START``,
``WORKER_ROW_SPACES``, ``WORKER_VP_SPACES``, ``WORKER_VP``, ``DISC_SPACES``,
``HAND_DISC_COST``, ``STEP_CASH_GAIN``, ``STEP_VP``, ``AUX_DISCS``, ``AUX_NAMES``,
``STEP_BASE``, ``STEP_CASH_BONUS``, ``STEP_VP_BONUS``, ``CERT_TRACK``, ``FEES``,
``JOB_ROW_COSTS``, ``JOB_COLUMNS``, ``job_columns``.

Correspondences with 1e:

* ``STARTING_HAND`` (4 cards for every seat) -> ``STARTING_HANDS`` (by seat: 4/5/6/7), and
  the discard down to ``FIRST_TURN_HAND`` at the start of the first turn (R2-SETUP-10/11);
* ``WORKER_SPACE_ACTIONS`` keys the builder row "builder" (1e "craftsman"); the cowboy row's
  space 6 is "bounty" (1e "trade") and the engineer row discards a Criollo (1e Jersey);
* ``JOB_ROW_ARROWS``: the last row's arrow is "green" (1e "red"), ``JOB_END_ARROW``;
* the step limit: the same numbers as 1e, but the bare board is the 4-player side and the
  double-sided player-count tiles (sides 2 / 3) cover Phase A with 2 or 3 players
  (``PHASE_A_AREA``, ``COUNT_TILE_SIDES``, ``step_limit``; R2-SETUP-08, R2-KC-07).

New in 2e: ``STARTING_HANDS``, ``FIRST_TURN_HAND``, ``STARTING_EXCHANGE_TOKENS``,
``EXCHANGE_TOKENS``, ``EXCHANGE_DRAW``, ``AUX_REMOVE_MONEY``, ``JOB_END_ARROW``,
``COUNT_TILES``, ``COUNT_TILE_SIDES``, ``PHASE_A_AREA``, ``step_limit``.
"""

from __future__ import annotations

from engine.data import player_board as first

STARTING_MONEY: tuple[int, ...] = first.STARTING_MONEY  # $6 / $7 / $8 / $9 by seat
STARTING_HANDS: tuple[int, ...] = (4, 5, 6, 7)  # cards drawn at setup, by seat
FIRST_TURN_HAND = 4  # discard down to this at the start of the very first turn
STARTING_EXCHANGE_TOKENS: tuple[int, ...] = (1, 1, 1, 1)  # by seat (R2-SETUP-09)
HAND_LIMIT_START = first.HAND_LIMIT_START
WORKER_ROW_SPACES = first.WORKER_ROW_SPACES
WORKER_VP_SPACES = first.WORKER_VP_SPACES
WORKER_VP = first.WORKER_VP

# Exchange tokens (§15): 12 in the box, treated as unlimited; one use draws up to 2 cards,
# then discards as many as drawn.
EXCHANGE_TOKENS = 12
EXCHANGE_DRAW = 2

# disc space id -> corner colour (§14.1, unchanged).
DISC_SPACES: dict[str, str] = first.DISC_SPACES
HAND_DISC_COST = first.HAND_DISC_COST
STEP_CASH_GAIN = first.STEP_CASH_GAIN
STEP_VP = first.STEP_VP

AUX_DISCS: dict[int, tuple[str, ...]] = first.AUX_DISCS
AUX_NAMES: dict[int, str] = first.AUX_NAMES
# Aux 5 ("remove") now also pays money: $1 single, $2 double (R2-AUX-01).
AUX_REMOVE_MONEY: dict[bool, int] = {False: 1, True: 2}  # keyed by "double"

# Step limit (§14.2, Q6): base + per cleared step disc; the same numbers as 1e.
STEP_BASE: dict[int, int] = first.STEP_BASE
STEP_CASH_BONUS: dict[int, int] = first.STEP_CASH_BONUS
STEP_VP_BONUS: dict[int, int] = first.STEP_VP_BONUS

# Player-count tiles (§1, §14.2): 4 tiles, double sided (2 / 3 players); the bare player board
# is the 4-player side.  Where the step limit is read, by player count.
COUNT_TILES = 4
COUNT_TILE_SIDES: tuple[int, ...] = (2, 3)
PHASE_A_AREA: dict[int, str] = {2: "count_tile", 3: "count_tile", 4: "player_board"}


def step_limit(players: int, cash_cleared: bool, vp_cleared: bool) -> int:
    """The printed step limit with the two step-limit discs cleared or not."""
    return (
        STEP_BASE[players]
        + (STEP_CASH_BONUS[players] if cash_cleared else 0)
        + (STEP_VP_BONUS[players] if vp_cleared else 0)
    )


# Certificate track (§14.3, unchanged).
CERT_TRACK: tuple[int, ...] = first.CERT_TRACK

# Immediate actions printed on worker spaces 1..6 (§14.4); names of buildings.WORKER_ACTIONS.
WORKER_SPACE_ACTIONS: dict[str, tuple[str | None, ...]] = {
    "cowboy": (None, None, None, "hazard_free", None, "bounty"),
    "builder": (None, None, None, "build1", None, "build1"),
    "engineer": (
        None,
        "criollo_cert1",
        "criollo_gain2",
        "hire_minus2",
        "criollo_cert2",
        "criollo_gain4",
    ),
}

# Hand fees per hand colour by player count (§2.5, unchanged).
FEES: dict[int, dict[str, int]] = first.FEES

# Job market (§12): row costs unchanged; the last arrow is green (R2-END-01).
JOB_ROW_COSTS: tuple[int, ...] = first.JOB_ROW_COSTS
JOB_END_ARROW = "green"
JOB_ROW_ARROWS: tuple[str, ...] = tuple(
    JOB_END_ARROW if a == "red" else a for a in first.JOB_ROW_ARROWS
)
JOB_COLUMNS = first.JOB_COLUMNS
job_columns = first.job_columns

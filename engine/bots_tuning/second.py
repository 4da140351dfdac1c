"""The heuristic bot's tables for the 2nd edition (``engine.bots_tuning``).

Keyed by the 2nd edition's ids (``engine.data.second``).  Where a 2nd edition component is
the 1st edition's unchanged (the private sides 1a/b, 3a/b, 4a/b, 7b, 9a/b, 10a/b, the disc
spaces, the objective cards' immediate actions) the 1st edition's number is kept; a
building that moved keeps the number of its 1st edition text (2e 6a is 1e 5a, 6b is 1e 8b);
new texts are valued like the 1st edition building closest to them in kind and payback.
"""

from __future__ import annotations

from engine.bots_tuning import first
from engine.bots_tuning.tuning import Tuning

# The builder is the 1st edition's craftsman under a new name (R2-SAME-*): same values.
PLANS: tuple[str, ...] = ("cowboy", "engineer", "builder")

WORKER_VALUE: dict[str, tuple[float, ...]] = {
    "cowboy": first.WORKER_VALUE["cowboy"],
    "engineer": first.WORKER_VALUE["engineer"],
    "builder": first.WORKER_VALUE["craftsman"],
}

_B = first.BUILDING_ACTIONS
BUILDING_ACTIONS: dict[str, float] = {
    **{t: _B[t] for t in ("1a", "1b", "3a", "3b", "4a", "4b", "7b", "9a", "9b", "10a", "10b")},
    "2a": 4,  # discard a white-market breed for $4 (1e 2a: $2 for a pair) / buy cattle
    "2b": 4,  # discard a Criollo for $2 / a green-market breed to move the engine 2
    "5a": 6,  # discard a value-3 card for $7 / auxiliary action
    "5b": 5,  # a black-market breed for two certificates / $1 per engineer
    "6a": _B["5a"],  # 1e 5a: hire $1 cheaper / engine as far as engineers
    "6b": _B["8b"],  # 1e 8b: copy an adjacent building
    "7a": _B["7a"],  # 1e 7a: pairs of green and orange outlaws instead of teepees
    "8a": 6,  # bounty + auxiliary action / engine 2
    "8b": 6,  # 1e 6b with $6 instead of $3: discard any card, objective to hand
    "11a": 3,  # remove up to two hazards for $2 each (20 VP on its own)
    "11b": 3,  # engine forward as far as hazards collected (10 VP on its own)
    "12a": 5,  # $1 per builder / move 1 more
    "12b": 5,  # $2 per station / an exchange token
}

# The 1st edition's order, with the 2nd edition's spaces: D-1 is where the crossroads' third
# private space now lies (1e C-3), the outlaw risk spaces are the teepee ones.
PLACE_ORDER: tuple[str, ...] = (
    "G-1", "G-2", "F-1", "F-2", "E-1", "E-2", "C-2", "C-1", "D-1", "B-3", "B-2", "B-1",
    "A-3", "A-2", "A-1", "ROCKFALL-R2", "ROCKFALL-R1", "OUTLAW-R2", "OUTLAW-R1",
    "DROUGHT-R1", "FLOOD-R2", "FLOOD-R1",
)  # fmt: skip

# Green and orange outlaws come by bounty, like teepees by trade; New York like San Francisco.
TASK_DIFFICULTY: dict[str, float] = {
    "B": 1.0, "OG": 1.0, "OO": 1.0, "H": 1.0, "S": 1.0, "3": 1.0, "4": 1.5, "5": 2.0, "NY": 3.0,
}  # fmt: skip

# Upper halves: $2 now; a hazard or a bounty now; permanent certificates (one more breeding
# value at every later Kansas City visit); $12 now; two temporary certificates now.
SM_UPPER: dict[str, float] = {
    "gain2": 2.0,
    "hazard_or_bounty": 3.0,
    "certificate": 6.0,
    "certificate2": 11.0,
    "gain12": 9.0,
    "certificate_forward2": 4.0,
}

TUNING = Tuning(
    plans=PLANS,
    worker_value=WORKER_VALUE,
    building_actions=BUILDING_ACTIONS,
    place_order=PLACE_ORDER,
    disc_order=first.DISC_ORDER,
    immediate_value=first.IMMEDIATE_VALUE,
    task_difficulty=TASK_DIFFICULTY,
    sm_upper=SM_UPPER,
    foresight={"outlaw": 0.5},
    simmental_upgrade=2.4,
    token=1.5,
)

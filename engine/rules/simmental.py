"""The Simmental variant of the 2nd edition (R2-SIMM-01..22).

The variant is an option of a 2nd edition game (``state["options"]["simmental"]``, off
unless asked for, R2-SIMM-01).  It changes four things, each kept here or as a small
branch of the rule it changes:

* **setup** (``engine.setup``): the 8 Calves are shuffled into the market stack (44 cards),
  the market starts with 9/12/15 cards, and the Heifers and the Cows wait in two stacks
  beside Kansas City, ``state["simmental"] = {"2": [...], "3": [...]}`` (R2-SIMM-03..06);
* **the market**: the Simmental market tile's two buy options (``buy_options``), which are
  the only ones that buy a Calf (R2-SIMM-08/09/22); a yellow arrow refills the market to
  the variant's 9/12/15 (``market_size``, R2-SIMM-07); orange cards lie leftmost
  (``engine.view.market_order``, R2-SIMM-05/21);
* **Kansas City**: after the income, before the hand is discarded, Calves in hand may become
  Heifers and then Heifers in hand Cows (the ``simm_upgrade`` decisions below, then
  ``kc_hand_discard``; R2-SIMM-10..16); the income counts one orange card only, the best
  (``engine.rules.kansas_city.base_breeding_value``, R2-SIMM-17);
* **discards and tasks**: an "any cattle card" requirement takes a Simmental, a named breed
  or breeding value never does, and two Simmentals of any stages are a pair of one type
  (``pair_moves``; R2-SIMM-18..20); the objective cards' cattle tasks never count one
  (``engine.rules.scoring.task_supply``, R2-SIMM-20).

An upgraded card goes back to the box: it leaves the player's deck for good, so it lies on
the player's ``removed`` pile (the cards a player removed from the game), public, where the
conservation checks count it.  The stage it becomes comes off its stack onto the discard
pile (R2-SIMM-11/12).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import editions
from engine.components import CardClass, card_class
from engine.move_types import Move, MoveParams
from engine.state import cur, push
from engine.state_types import Frame, State

UPGRADE_FRAME = "simm_upgrade"
HAND_DISCARD_FRAME = "kc_hand_discard"


def on(state: State) -> bool:
    """Whether the game plays the Simmental variant (only a 2nd edition game can)."""
    return bool(state["options"].get("simmental", False))


def market_size(state: State) -> int:
    """The market's initial size, which a yellow arrow refills it to: 7/10/13, or 9/12/15
    with the variant (R2-SIMM-05; R2-SIMM-07: the variant's own initial number)."""
    n = state["num_players"]
    if on(state):
        return editions.second(state).simmental.MARKET_SIZE_SIMMENTAL[n]
    return editions.of(state).cattle.MARKET_SIZE[n]


def setup_stacks(state: State) -> None:
    """R2-SIMM-03/06: the Calves join the market stack (before it is shuffled), the Heifers
    and the Cows form the two stacks beside Kansas City.  The cards of a stage are alike, so
    those two stacks need no shuffle."""
    data = editions.second(state).simmental
    state["market_stack"] += data.SIMMENTAL_MARKET_CARDS
    state["simmental"] = {str(s): list(data.SIMMENTAL_STACKS[s]) for s in (2, 3)}


def buy_options(state: State) -> Mapping[str, tuple[int, int, int, int]]:
    """The buy options of the game's market: the printed ones, and with the variant the
    Simmental market tile's (R2-SIMM-04/08/09), in the shape of ``cattle.BUY_OPTIONS``."""
    options = editions.of(state).cattle.BUY_OPTIONS
    if on(state):
        return {**options, **editions.second(state).simmental.SIMMENTAL_BUY_OPTIONS}
    return options


def is_simmental(state: State, cid: str) -> bool:
    return on(state) and editions.second(state).simmental.simmental_stage(cid) is not None


# --- discarding a pair (R2-SIMM-20) ----------------------------------------------------------


def pair_moves(state: State) -> list[MoveParams]:
    """The Simmental pairs a "discard 2 cattle cards of the same type" action may take.

    All Simmental cards are one type, whatever their stages (R2-SIMM-20, as at income: the
    variant's note counts "cards of different stages" as one).  Which two go matters (what
    stays in hand is upgraded or counted at income), so each pair of classes is a move of
    its own: ``{"card": a, "second": b}``."""
    classes: dict[CardClass, list[str]] = {}
    ed = editions.of(state)
    for c in cur(state)["hand"]:
        if is_simmental(state, c):
            classes.setdefault(card_class(ed, c), []).append(c)
    groups = sorted(classes.values(), key=lambda cards: card_class(ed, cards[0]))
    moves: list[MoveParams] = []
    for i, first in enumerate(groups):
        if len(first) >= 2:
            moves.append({"card": first[0], "second": first[1]})
        for other in groups[i + 1 :]:
            moves.append({"card": first[0], "second": other[0]})
    return moves


# --- Kansas City: the upgrade step (R2-SIMM-10..16) ------------------------------------------


def after_income(state: State) -> None:
    """R2-SIMM-10: the upgrade step comes at the end of subphase 4, after the income and
    before the hand is discarded: upgrade 1 (Calves), then upgrade 2 (Heifers), then the
    discard."""
    push(state, HAND_DISCARD_FRAME)
    push(state, UPGRADE_FRAME, stage=2)
    push(state, UPGRADE_FRAME, stage=1)


def _in_hand(state: State, stage: int) -> list[str]:
    data = editions.second(state).simmental
    return [c for c in cur(state)["hand"] if data.simmental_stage(c) == stage]


def upgrade_moves(state: State, frame: Frame) -> list[Move]:
    """Upgrade any number of the stage's cards in hand (R2-SIMM-15), at most as many as the
    next stage's stack holds (R2-SIMM-16), or pass.  Only cards in hand (R2-SIMM-11/12): one
    upgraded to a Heifer lies on the discard pile and cannot become a Cow in the same visit
    (R2-SIMM-13).  No move (no such card, or an empty stack): the step is skipped."""
    stage = frame["stage"]
    most = min(len(_in_hand(state, stage)), len(state["simmental"][str(stage + 1)]))
    if most == 0:
        return []
    moves: list[Move] = [{"type": "simmental", "stage": stage, "n": n} for n in range(1, most + 1)]
    return [*moves, {"type": "pass"}]


def upgrade_apply(state: State, frame: Frame, move: Move) -> None:
    """Return the cards to the box (the ``removed`` pile) and take as many of the next stage
    onto the discard pile (R2-SIMM-11/12); the income already paid stays (R2-SIMM-14)."""
    state["stack"].pop()
    if move["type"] == "pass":
        return
    p = cur(state)
    stack = state["simmental"][str(frame["stage"] + 1)]
    for c in _in_hand(state, frame["stage"])[: move["n"]]:
        p["hand"].remove(c)
        p["removed"].append(c)
        p["discard"].append(stack.pop())


def hand_discard_run(state: State, frame: Frame) -> None:
    """The end of subphase 4: the whole hand goes to the discard pile (R1-KC-19)."""
    state["stack"].pop()
    p = cur(state)
    p["discard"].extend(p["hand"])
    p["hand"] = []

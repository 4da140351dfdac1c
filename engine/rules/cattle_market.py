"""Buying cattle with cowboys, and the cowboys' market draw (R1-MARKET-*).

An option buys cards of its breeding value (1st edition) or of the breeds it names (2nd
edition, ``BUY_OPTION_BREEDS``: the same cards without the Simmental variant; with it, only
the Simmental market tile's options buy a Calf, R2-SIMM-08/09/22)."""

from __future__ import annotations

from itertools import combinations

from engine import editions
from engine.components import CardClass, breed, card_class, value
from engine.editions import Edition, SecondEdition
from engine.move_types import Move
from engine.rules import simmental
from engine.state import cur, workers
from engine.state_types import Frame, State


def _classes(ed: Edition, cards: list[str]) -> dict[CardClass, list[str]]:
    out: dict[CardClass, list[str]] = {}
    for c in cards:
        out.setdefault(card_class(ed, c), []).append(c)
    return out


def buy_moves(state: State, cowboys: int) -> list[Move]:
    ed = editions.of(state)
    cattle = ed.cattle
    p = cur(state)
    moves: list[Move] = []
    breeds = ed.simmental.BUY_OPTION_BREEDS if isinstance(ed, SecondEdition) else None
    for option, (need, price, bv, count) in simmental.buy_options(state).items():
        if need > cowboys or price > p["money"]:
            continue
        if breeds is None:
            offered = [c for c in state["market"] if value(ed, c) == bv]
        else:
            offered = [c for c in state["market"] if breed(ed, c) in breeds[option]]
        classes = _classes(ed, offered)
        reps = [cards[0] for cards in classes.values()]
        if count == 1:
            moves += [{"type": "buy", "option": option, "cards": [c]} for c in reps]
        else:
            for _cls, cards in classes.items():
                if len(cards) >= 2:
                    moves.append({"type": "buy", "option": option, "cards": cards[:2]})
            for a, b in combinations(reps, 2):
                moves.append({"type": "buy", "option": option, "cards": [a, b]})
    if cowboys >= cattle.MARKET_DRAW_COWBOYS and state["market_stack"]:
        moves.append({"type": "market_draw"})
    return moves


def buy_frame_moves(state: State, frame: Frame) -> list[Move]:
    moves = buy_moves(state, frame["cowboys"])
    return [*moves, {"type": "done"}]


def buy_frame_apply(state: State, frame: Frame, move: Move) -> None:
    cattle = editions.of(state).cattle
    p = cur(state)
    if move["type"] == "done":
        state["stack"].pop()
        return
    if move["type"] == "market_draw":  # R1-MARKET-08/09
        frame["cowboys"] -= cattle.MARKET_DRAW_COWBOYS
        for _ in range(cattle.MARKET_DRAW_CARDS):
            if state["market_stack"]:
                state["market"].append(state["market_stack"].pop())
        state["revealed"] = True
    else:
        need, price, _, _ = simmental.buy_options(state)[move["option"]]
        frame["cowboys"] -= need
        p["money"] -= price
        for c in move["cards"]:
            state["market"].remove(c)
            p["discard"].append(c)  # R1-MARKET-12
    if not buy_moves(state, frame["cowboys"]):
        state["stack"].pop()


def can_buy(state: State) -> bool:
    return bool(buy_moves(state, workers(cur(state), "cowboy")))

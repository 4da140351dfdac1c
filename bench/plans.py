"""How often does a planned turn run in full?  Run: .venv/bin/python bench/plans.py [--games N]

Bot games (heuristic bots, beginner layout) of 2, 3 and 4 players where seat 0 plans every
turn one turn ahead: as soon as its turn ends it prepares the next one against
``engine.turn_preview`` (the bot's choices, until a move reveals something or the turn ends,
as a plan on the site stops), and when its turn comes the plan is checked step by step as
``games.services.plans`` plays it: each step only while it is still legal and priced the same
(``engine.price``). Prints, per player count, the share of plans that ran in full, where the
others stopped (first step or later) and why (no longer legal, or another price), and the
average plan length against the turn's decisions. Game ``i`` uses seed ``--seed + i``; every
figure is reproducible. Not part of ``make test``; ``docs/plans.md`` quotes its output.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
import engine.bots
from engine import Move, Price, State

PLANNER = 0


def make_plan(state: State, seat: int, kind: str) -> list[tuple[Move, Price]]:
    preview = engine.turn_preview(state, seat)
    steps: list[tuple[Move, Price]] = []
    while preview is not None:
        move = engine.bots.choose_move(preview, seat, kind=kind)
        steps.append((move, engine.price(preview, seat, move)))
        preview = engine.apply(preview, seat, move)
        if (
            engine.move_revealed(preview)
            or engine.is_over(preview)
            or engine.current_player(preview) != seat
        ):
            break
    return steps


def play(players: int, seed: int, edition: str, kind: str, tally: Counter[str]) -> None:
    state = engine.new_game(players, seed, edition, {"layout": "beginner"})
    plan: list[tuple[Move, Price]] | None = None
    previous = engine.current_player(state)
    while not engine.is_over(state):
        seat = engine.current_player(state)
        assert seat is not None
        if seat == PLANNER and previous != PLANNER and plan is not None:
            turn_decisions = 0
            played = 0
            for move, price in plan:
                if engine.current_player(state) != seat:
                    tally["stopped: the turn ended"] += 1
                    break
                if move not in engine.legal_moves(state, seat):
                    tally["stopped: no longer legal" + (" (1st step)" if not played else "")] += 1
                    break
                if engine.price(state, seat, move) != price:
                    tally["stopped: another price" + (" (1st step)" if not played else "")] += 1
                    break
                state = engine.apply(state, seat, move)
                played += 1
            else:
                tally["ran in full"] += 1
            tally["plans"] += 1
            tally["steps planned"] += len(plan)
            tally["steps played"] += played
            plan = None
            turn_decisions = played
            while not engine.is_over(state) and engine.current_player(state) == seat:
                state = engine.apply(state, seat, engine.bots.choose_move(state, seat, kind=kind))
                turn_decisions += 1
            tally["turn decisions"] += turn_decisions
            previous = seat
            continue
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, kind=kind))
        previous = seat
        if (
            seat == PLANNER
            and engine.current_player(state) != PLANNER
            and not engine.is_over(state)
        ):
            plan = make_plan(state, PLANNER, kind)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="1e")
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
    print(f"edition {args.edition}, {args.bot} bots, {args.games} games per player count")
    for players in (2, 3, 4):
        tally: Counter[str] = Counter()
        started = time.perf_counter()
        for i in range(args.games):
            play(players, args.seed + i, args.edition, args.bot, tally)
        seconds = time.perf_counter() - started
        plans = tally["plans"] or 1
        print(
            f"{players} players: {tally['plans']} plans, "
            f"{100 * tally['ran in full'] / plans:.0f}% ran in full; "
            f"{tally['steps planned'] / plans:.1f} steps planned, "
            f"{tally['steps played'] / plans:.1f} played, "
            f"of {tally['turn decisions'] / plans:.1f} decisions per turn ({seconds:.0f}s)"
        )
        for reason, n in sorted(tally.items()):
            if reason.startswith("stopped"):
                print(f"    {reason}: {100 * n / plans:.0f}%")


if __name__ == "__main__":
    main()

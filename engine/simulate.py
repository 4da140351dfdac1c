"""Play whole games between bots and print what happened.

    python -m engine.simulate --players 4 --games 200 --bot heuristic [--seed N]
    python -m engine.simulate --players 4 --games 200 --bots heuristic,random,random,random
    python -m engine.simulate --players 3 --games 100 --bot heuristic --layout random
    python -m engine.simulate --players 4 --games 100 --bot random --edition 2e
    python -m engine.simulate --players 3 --games 100 --bot heuristic --edition 2e --simmental

It prints the games played, the average number of moves, the average and maximum score of
each seat (and of each bot kind, with its win rate), and the moves per second of the whole
run (bot decisions included).  ``--rotate`` moves the bots one seat on every game, so that a
comparison between bot kinds is not skewed by the seat order (later seats start richer).

Game ``i`` uses seed ``N + i``; the random bot's own seed is the game's seed, so every run
is reproducible.  This command-line tool reads the clock for its moves-per-second figure;
the rules themselves never do.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import engine
from engine import bots, editions, flow
from engine.move_types import Move
from engine.state_types import GameOptions, State
from engine.view_types import Score

MAX_MOVES = 20_000  # far above any real game; a bot stuck in a loop is a bug


@dataclass
class GameRecord:
    players: int
    seed: int
    options: GameOptions
    bots: list[str]
    moves: list[tuple[int, Move]] = field(default_factory=list)
    state: State | None = None

    @property
    def scores(self) -> list[Score]:
        assert self.state is not None
        return engine.scores(self.state)


def play_game(
    players: int,
    seed: int,
    kinds: Sequence[str],
    options: Mapping[str, object] | None = None,
    edition: str = "1e",
) -> GameRecord:
    """Play one game to its end with bot ``kinds[seat]`` in each seat.

    Moves are applied in place (as ``engine.replay`` does): the bots never keep old states,
    so copying the state for each move would only cost time."""
    if len(kinds) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(kinds)}")
    state = engine.new_game(players, seed, edition, options=options)
    record = GameRecord(players, seed, state["options"].copy(), list(kinds))
    while not state["over"]:
        seat = state["current"]
        move = bots.choose_move(state, seat, kinds[seat], rng=seed)
        flow.apply_in_place(state, seat, move)
        record.moves.append((seat, move))
        if len(record.moves) > MAX_MOVES:
            raise RuntimeError(f"game with seed {seed} did not end after {MAX_MOVES} moves")
    record.state = state
    return record


def _parse_bots(args: argparse.Namespace) -> list[str]:
    if args.bots:
        kinds = [k.strip() for k in args.bots.split(",")]
        if len(kinds) != args.players:
            raise SystemExit(f"--bots lists {len(kinds)} bots for {args.players} players")
    else:
        kinds = [args.bot] * args.players
    for k in kinds:
        if k not in bots.KINDS:
            raise SystemExit(f"unknown bot {k!r}; known: {', '.join(bots.KINDS)}")
    return kinds


def _layout(args: argparse.Namespace, i: int) -> GameOptions:
    layout = args.layout
    if layout == "mixed":
        layout = "random" if i % 2 else "beginner"
    if args.simmental:
        return {"layout": layout, "simmental": True}
    return {"layout": layout}


def run(args: argparse.Namespace) -> str:
    kinds = _parse_bots(args)
    n = args.players
    seat_totals: list[list[int]] = [[] for _ in range(n)]
    kind_totals: dict[str, list[int]] = {k: [] for k in kinds}
    kind_wins: dict[str, float] = dict.fromkeys(kinds, 0.0)
    move_counts: list[int] = []
    start = time.perf_counter()
    for i in range(args.games):
        shift = i % n if args.rotate else 0
        table = kinds[-shift:] + kinds[:-shift] if shift else list(kinds)
        record = play_game(n, args.seed + i, table, _layout(args, i), args.edition)
        move_counts.append(len(record.moves))
        scores = record.scores
        winners = [s for s, r in enumerate(scores) if r["winner"]]
        for seat, r in enumerate(scores):
            seat_totals[seat].append(r["total"])
            kind_totals[table[seat]].append(r["total"])
            if seat in winners:
                kind_wins[table[seat]] += 1 / len(winners)  # a shared win counts shared
    elapsed = time.perf_counter() - start
    total_moves = sum(move_counts)
    lines = [
        ("" if args.edition == "1e" else f"edition {args.edition}, ")
        + ("Simmental, " if args.simmental else "")
        + f"players {n}, bots {','.join(kinds)}{' (rotated)' if args.rotate else ''}, "
        f"layout {args.layout}, seeds {args.seed}..{args.seed + args.games - 1}",
        f"games played     {args.games}",
        f"average moves    {total_moves / args.games:.1f} "
        f"(min {min(move_counts)}, max {max(move_counts)})",
    ]
    for seat in range(n):
        t = seat_totals[seat]
        lines.append(f"seat {seat}           average {sum(t) / len(t):6.1f}   max {max(t):4d}")
    if len(set(kinds)) > 1 or args.rotate:
        for k, t in kind_totals.items():
            seats_played = len(t)
            lines.append(
                f"bot {k:<12} average {sum(t) / seats_played:6.1f}   max {max(t):4d}   "
                f"wins {kind_wins[k] / args.games:6.1%} of games"
            )
    lines.append(
        f"moves per second {total_moves / elapsed:,.0f} "
        f"({total_moves} moves in {elapsed:.2f} s, bot decisions included)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="heuristic", choices=bots.KINDS)
    parser.add_argument("--bots", help="one bot per seat, comma-separated (overrides --bot)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--layout", default="beginner", choices=("beginner", "random", "mixed"))
    parser.add_argument("--edition", default="1e", choices=sorted(editions.EDITIONS))
    parser.add_argument(
        "--simmental", action="store_true", help="2nd edition games with the Simmental variant"
    )
    parser.add_argument(
        "--rotate", action="store_true", help="move the bots one seat on every game"
    )
    args = parser.parse_args(argv)
    if args.simmental and args.edition != "2e":
        parser.error("--simmental needs --edition 2e")
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
